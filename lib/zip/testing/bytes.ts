// Test support: deterministic bytes (xorshift32), so a failure reproduces. Used by the *.test.ts files
// of lib/zip; nothing in the product imports it.

/** `length` bytes of xorshift32 from `seed`. */
export function pseudoRandom(length: number, seed: number): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(length);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}
