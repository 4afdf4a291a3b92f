// ChaCha with 8 rounds, laid out exactly as rand_chacha 0.3.1's ChaCha8Rng uses it (docs/contract.md,
// section 5.1): words 0-3 the constant, 4-11 the key, 12-13 a 64-bit block counter (low word
// first), 14-15 the 64-bit sequence id (low word first). Each block yields 16 keystream words.

/** "expand 32-byte k" as four little-endian words. */
const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574] as const;

/** The 16-word input of one block: constant, key, counter and sequence id. */
export function initialState(key: Uint32Array, idLo: number, idHi: number): Uint32Array {
  const state = new Uint32Array(16);
  state.set(SIGMA, 0);
  state.set(key.subarray(0, 8), 4);
  state[14] = idLo;
  state[15] = idHi;
  return state;
}

/**
 * The key of a seed: the seed as a u64, little-endian, in key bytes 0-7 (key words 0 and 1); the rest
 * zero. Seeds are at most 2^53-1, so both halves are exact in a JavaScript number.
 */
export function keyOfSeed(seed: number): Uint32Array {
  const key = new Uint32Array(8);
  key[0] = seed % 0x1_0000_0000;
  key[1] = Math.floor(seed / 0x1_0000_0000);
  return key;
}

/**
 * Writes the ChaCha8 keystream block for the counter in `state[12..14]` into `out[0..16]` and
 * advances the counter by one (carrying into word 13).
 */
export function chacha8Block(state: Uint32Array, out: Uint32Array): void {
  chachaBlock(state, out, 8);
}

/** The ChaCha block function with any even number of rounds (20 is checked against RFC 8439 in the tests). */
export function chachaBlock(state: Uint32Array, out: Uint32Array, rounds: number): void {
  let x0 = state[0],
    x1 = state[1],
    x2 = state[2],
    x3 = state[3];
  let x4 = state[4],
    x5 = state[5],
    x6 = state[6],
    x7 = state[7];
  let x8 = state[8],
    x9 = state[9],
    x10 = state[10],
    x11 = state[11];
  let x12 = state[12],
    x13 = state[13],
    x14 = state[14],
    x15 = state[15];

  // Each double round is a column round then a diagonal round. Each quarter round is
  // a += b; d ^= a; d <<<= 16; c += d; b ^= c; b <<<= 12; a += b; d ^= a; d <<<= 8; c += d; b ^= c; b <<<= 7.
  for (let i = 0; i < rounds; i += 2) {
    x0 = (x0 + x4) | 0;
    x12 ^= x0;
    x12 = (x12 << 16) | (x12 >>> 16);
    x8 = (x8 + x12) | 0;
    x4 ^= x8;
    x4 = (x4 << 12) | (x4 >>> 20);
    x0 = (x0 + x4) | 0;
    x12 ^= x0;
    x12 = (x12 << 8) | (x12 >>> 24);
    x8 = (x8 + x12) | 0;
    x4 ^= x8;
    x4 = (x4 << 7) | (x4 >>> 25);

    x1 = (x1 + x5) | 0;
    x13 ^= x1;
    x13 = (x13 << 16) | (x13 >>> 16);
    x9 = (x9 + x13) | 0;
    x5 ^= x9;
    x5 = (x5 << 12) | (x5 >>> 20);
    x1 = (x1 + x5) | 0;
    x13 ^= x1;
    x13 = (x13 << 8) | (x13 >>> 24);
    x9 = (x9 + x13) | 0;
    x5 ^= x9;
    x5 = (x5 << 7) | (x5 >>> 25);

    x2 = (x2 + x6) | 0;
    x14 ^= x2;
    x14 = (x14 << 16) | (x14 >>> 16);
    x10 = (x10 + x14) | 0;
    x6 ^= x10;
    x6 = (x6 << 12) | (x6 >>> 20);
    x2 = (x2 + x6) | 0;
    x14 ^= x2;
    x14 = (x14 << 8) | (x14 >>> 24);
    x10 = (x10 + x14) | 0;
    x6 ^= x10;
    x6 = (x6 << 7) | (x6 >>> 25);

    x3 = (x3 + x7) | 0;
    x15 ^= x3;
    x15 = (x15 << 16) | (x15 >>> 16);
    x11 = (x11 + x15) | 0;
    x7 ^= x11;
    x7 = (x7 << 12) | (x7 >>> 20);
    x3 = (x3 + x7) | 0;
    x15 ^= x3;
    x15 = (x15 << 8) | (x15 >>> 24);
    x11 = (x11 + x15) | 0;
    x7 ^= x11;
    x7 = (x7 << 7) | (x7 >>> 25);

    x0 = (x0 + x5) | 0;
    x15 ^= x0;
    x15 = (x15 << 16) | (x15 >>> 16);
    x10 = (x10 + x15) | 0;
    x5 ^= x10;
    x5 = (x5 << 12) | (x5 >>> 20);
    x0 = (x0 + x5) | 0;
    x15 ^= x0;
    x15 = (x15 << 8) | (x15 >>> 24);
    x10 = (x10 + x15) | 0;
    x5 ^= x10;
    x5 = (x5 << 7) | (x5 >>> 25);

    x1 = (x1 + x6) | 0;
    x12 ^= x1;
    x12 = (x12 << 16) | (x12 >>> 16);
    x11 = (x11 + x12) | 0;
    x6 ^= x11;
    x6 = (x6 << 12) | (x6 >>> 20);
    x1 = (x1 + x6) | 0;
    x12 ^= x1;
    x12 = (x12 << 8) | (x12 >>> 24);
    x11 = (x11 + x12) | 0;
    x6 ^= x11;
    x6 = (x6 << 7) | (x6 >>> 25);

    x2 = (x2 + x7) | 0;
    x13 ^= x2;
    x13 = (x13 << 16) | (x13 >>> 16);
    x8 = (x8 + x13) | 0;
    x7 ^= x8;
    x7 = (x7 << 12) | (x7 >>> 20);
    x2 = (x2 + x7) | 0;
    x13 ^= x2;
    x13 = (x13 << 8) | (x13 >>> 24);
    x8 = (x8 + x13) | 0;
    x7 ^= x8;
    x7 = (x7 << 7) | (x7 >>> 25);

    x3 = (x3 + x4) | 0;
    x14 ^= x3;
    x14 = (x14 << 16) | (x14 >>> 16);
    x9 = (x9 + x14) | 0;
    x4 ^= x9;
    x4 = (x4 << 12) | (x4 >>> 20);
    x3 = (x3 + x4) | 0;
    x14 ^= x3;
    x14 = (x14 << 8) | (x14 >>> 24);
    x9 = (x9 + x14) | 0;
    x4 ^= x9;
    x4 = (x4 << 7) | (x4 >>> 25);
  }

  // The keystream is the mixed state plus the input state; Uint32Array stores wrap modulo 2^32.
  out[0] = x0 + state[0];
  out[1] = x1 + state[1];
  out[2] = x2 + state[2];
  out[3] = x3 + state[3];
  out[4] = x4 + state[4];
  out[5] = x5 + state[5];
  out[6] = x6 + state[6];
  out[7] = x7 + state[7];
  out[8] = x8 + state[8];
  out[9] = x9 + state[9];
  out[10] = x10 + state[10];
  out[11] = x11 + state[11];
  out[12] = x12 + state[12];
  out[13] = x13 + state[13];
  out[14] = x14 + state[14];
  out[15] = x15 + state[15];

  // A typed-array store wraps, so word 12 reads back 0 exactly when it overflowed.
  state[12] = state[12] + 1;
  if (state[12] === 0) state[13] = state[13] + 1;
}
