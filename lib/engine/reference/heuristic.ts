// The verify stage's check (docs/contract.md, section 8.1): does the output look broken enough that a
// reader of `ext` files would reject it? If not, the engine escalates.

const COMMA = 0x2c;
const TAB = 0x09;
const QUOTE = 0x22;

/** Control bytes (below 32, except tab, LF and CR) and bytes above 127. */
function isOdd(byte: number): boolean {
  return (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13) || byte > 127;
}

function count(bytes: Uint8Array, value: number): number {
  let c = 0;
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === value) c++;
  return c;
}

export function looksCorrupted(bytes: Uint8Array, ext: string): boolean {
  const n = bytes.length;
  if (n === 0 || bytes[0] === 0) return true;
  if (n >= 4 && bytes.subarray(0, 4).every((b) => b === 0 || b > 127)) return true;

  const head = bytes.subarray(0, 1000);
  let odd = 0;
  for (const b of head) if (isOdd(b)) odd++;
  // "Over 15%" in integers: odd/len > 15/100.
  if (odd * 100 > head.length * 15) return true;

  const firstKiB = bytes.subarray(0, 1024);
  if (ext === 'csv' || ext === 'tsv') {
    const delimiter = ext === 'csv' ? COMMA : TAB;
    return !firstKiB.includes(delimiter) || count(bytes, QUOTE) % 2 === 1 || firstKiB.includes(0);
  }
  if (ext === 'json') {
    return count(bytes, 0x7b) !== count(bytes, 0x7d) || count(bytes, 0x5b) !== count(bytes, 0x5d);
  }
  return false;
}
