// SHA-256 (FIPS 180-4) as lower-case hex, for the report's checksums. Written for 200 MB inputs: the
// message is read in place, 64-byte block by block, with 32-bit integer arithmetic and one reused
// message schedule; only the padded tail is copied. (Int32Array stores wrap modulo 2^32.)

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98,
  0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786,
  0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8,
  0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13,
  0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
  0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a,
  0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
  0xc67178f2,
]);

const INITIAL = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/**
 * The compression function over the 64-byte block at bytes[off, off + 64). One call per block keeps
 * this a small function V8 optimises whole (a loop over all blocks inside it ran 2-3 times slower).
 */
function compressBlock(hash: Int32Array, w: Int32Array, bytes: Uint8Array, off: number): void {
  for (let t = 0; t < 16; t++) {
    const i = off + t * 4;
    w[t] = (bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3];
  }
  for (let t = 16; t < 64; t++) {
    const x = w[t - 15];
    const y = w[t - 2];
    const s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
    const s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
    w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
  }
  let a = hash[0],
    b = hash[1],
    c = hash[2],
    d = hash[3];
  let e = hash[4],
    f = hash[5],
    g = hash[6],
    h = hash[7];
  for (let t = 0; t < 64; t++) {
    const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
    const ch = (e & f) ^ (~e & g);
    const t1 = (h + S1 + ch + K[t] + w[t]) | 0;
    const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
    const maj = (a & b) ^ (a & c) ^ (b & c);
    const t2 = (S0 + maj) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  hash[0] += a;
  hash[1] += b;
  hash[2] += c;
  hash[3] += d;
  hash[4] += e;
  hash[5] += f;
  hash[6] += g;
  hash[7] += h;
}

/** The SHA-256 digest of `bytes` as 64 lower-case hex digits. */
export function sha256Hex(bytes: Uint8Array): string {
  const hash = new Int32Array(INITIAL);
  const w = new Int32Array(64);
  const n = bytes.length;
  const whole = n - (n % 64);
  for (let off = 0; off < whole; off += 64) compressBlock(hash, w, bytes, off);

  // The tail, then 0x80, zeros, and the length in bits as a 64-bit big-endian number: one or two blocks.
  const tail = new Uint8Array(n % 64 < 56 ? 64 : 128);
  tail.set(bytes.subarray(whole));
  tail[n % 64] = 0x80;
  const bitsHigh = Math.floor(n / 0x2000_0000); // n * 8 / 2^32
  const bitsLow = (n * 8) >>> 0; // n < 2^50, so n * 8 is exact
  const end = tail.length;
  tail[end - 8] = bitsHigh >>> 24;
  tail[end - 7] = bitsHigh >>> 16;
  tail[end - 6] = bitsHigh >>> 8;
  tail[end - 5] = bitsHigh;
  tail[end - 4] = bitsLow >>> 24;
  tail[end - 3] = bitsLow >>> 16;
  tail[end - 2] = bitsLow >>> 8;
  tail[end - 1] = bitsLow;
  for (let off = 0; off < end; off += 64) compressBlock(hash, w, tail, off);

  let hex = '';
  for (let i = 0; i < 8; i++) hex += (hash[i] >>> 0).toString(16).padStart(8, '0');
  return hex;
}
