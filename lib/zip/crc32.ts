// CRC-32 as ZIP uses it (ISO-HDLC: reflected polynomial 0xEDB88320, initial and final XOR 0xFFFFFFFF).
// Slicing-by-16: sixteen 256-entry tables let each iteration consume 16 bytes with independent
// lookups, read as four 32-bit words. A batch ZIP passes every byte of every 200 MB file through
// here; docs/zip.md has the measured speeds.

const POLYNOMIAL = 0xedb88320;
const SLICES = 16;

function buildTables(): Int32Array {
  const t = new Int32Array(256 * SLICES);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? POLYNOMIAL ^ (c >>> 1) : c >>> 1;
    t[n] = c;
  }
  // Table s holds the CRC contribution of a byte followed by s zero bytes.
  for (let n = 0; n < 256; n++) {
    let c = t[n];
    for (let s = 1; s < SLICES; s++) {
      c = t[c & 0xff] ^ (c >>> 8);
      t[s * 256 + n] = c;
    }
  }
  return t;
}

const T = buildTables();

/** Word loads see bytes in memory order only on little-endian machines (all current browsers' hosts). */
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * CRC-32 of `data`, continuing from `crc` (the value returned for the bytes before it), so a stream
 * can be checked chunk by chunk: `crc32(b, crc32(a)) === crc32(a ++ b)`. Returns an unsigned 32-bit
 * integer.
 */
export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc;
  let i = 0;
  const length = data.length;
  if (LITTLE_ENDIAN) {
    // Bytes one by one up to a 4-byte boundary, so the middle can be viewed as 32-bit words.
    while (i < length && ((data.byteOffset + i) & 3) !== 0) c = T[(c ^ data[i++]) & 0xff] ^ (c >>> 8);
    const words = ((length - i) >>> 4) << 2;
    // A short input can end before an aligned offset, where no view may be made.
    if (words > 0) {
      const w = new Int32Array(data.buffer, data.byteOffset + i, words);
      for (let k = 0; k < words; k += 4) {
        const a = c ^ w[k];
        const b = w[k + 1];
        const d = w[k + 2];
        const e = w[k + 3];
        c =
          T[3840 + (a & 0xff)] ^
          T[3584 + ((a >>> 8) & 0xff)] ^
          T[3328 + ((a >>> 16) & 0xff)] ^
          T[3072 + (a >>> 24)] ^
          T[2816 + (b & 0xff)] ^
          T[2560 + ((b >>> 8) & 0xff)] ^
          T[2304 + ((b >>> 16) & 0xff)] ^
          T[2048 + (b >>> 24)] ^
          T[1792 + (d & 0xff)] ^
          T[1536 + ((d >>> 8) & 0xff)] ^
          T[1280 + ((d >>> 16) & 0xff)] ^
          T[1024 + (d >>> 24)] ^
          T[768 + (e & 0xff)] ^
          T[512 + ((e >>> 8) & 0xff)] ^
          T[256 + ((e >>> 16) & 0xff)] ^
          T[e >>> 24];
      }
      i += words * 4;
    }
  }
  for (; i < length; i++) c = T[(c ^ data[i]) & 0xff] ^ (c >>> 8);
  return ~c >>> 0;
}
