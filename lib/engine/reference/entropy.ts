// Shannon entropy over byte values and the contract's rounding (docs/contract.md, section 9).

/** How many times each byte value occurs. */
export function byteCounts(bytes: Uint8Array): Float64Array {
  // Four interleaved tables, so consecutive equal bytes do not wait on each other's increment.
  const t0 = new Uint32Array(256),
    t1 = new Uint32Array(256),
    t2 = new Uint32Array(256),
    t3 = new Uint32Array(256);
  const n = bytes.length;
  const whole = n - (n % 4);
  let i = 0;
  for (; i < whole; i += 4) {
    t0[bytes[i]]++;
    t1[bytes[i + 1]]++;
    t2[bytes[i + 2]]++;
    t3[bytes[i + 3]]++;
  }
  for (; i < n; i++) t0[bytes[i]]++;
  // A lane holds at most n/4 + 3 < 2^32 counts; the sum can reach 2^32 - 1, so it is kept as a double.
  const counts = new Float64Array(256);
  for (let v = 0; v < 256; v++) counts[v] = t0[v] + t1[v] + t2[v] + t3[v];
  return counts;
}

/** Entropy in bits per byte, h = h - p*log2(p) summed over byte values 0..255 in order; 0 for empty input. */
export function entropy(bytes: Uint8Array): number {
  const n = bytes.length;
  if (n === 0) return 0;
  const counts = byteCounts(bytes);
  let h = 0;
  for (let v = 0; v < 256; v++) {
    if (counts[v] > 0) {
      const p = counts[v] / n;
      h = h - p * Math.log2(p);
    }
  }
  return h;
}

/** sign(x) * floor(|x|*10000 + 0.5) / 10000, never -0. */
export function round4(x: number): number {
  const r = Math.floor(Math.abs(x) * 10000 + 0.5) / 10000;
  // Adding +0 turns -0 into +0 and leaves every other value alone.
  return (x < 0 ? -r : r) + 0;
}
