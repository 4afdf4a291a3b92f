// Named random sequences and the contract's three draws (docs/contract.md, section 5): u32, below
// (Lemire with rejection) and fill. No floating point ever decides a draw: the 64-bit products are
// built from exact 32-bit integer pieces.

import { chacha8Block, initialState, keyOfSeed } from './chacha8.ts';

const TWO_32 = 0x1_0000_0000;

/** Sequence 0 decides about the whole file (truncate position, block choice, recipe choices). */
export const PLAN_SEQUENCE = 0n;
/** Escalation's extra overwrite for guaranteed_break: sequence 2^64-1. */
export const ESCALATION_SEQUENCE = 0xffff_ffff_ffff_ffffn;

/** The sequence of chunk `c`, the bytes [c*65536, (c+1)*65536) of the input. */
export function chunkSequence(chunk: number): bigint {
  return 1n + BigInt(chunk);
}

/** One sequence of one seed, starting at word 0 of the keystream. */
export class Sequence {
  private readonly state: Uint32Array;
  private readonly block = new Uint32Array(16);
  /** Next unread word of `block`; 16 means the block is used up. */
  private next = 16;

  /** `seed` is an integer in 0..=2^53-1, `id` in 0..=2^64-1. */
  constructor(seed: number, id: bigint) {
    const word = BigInt.asUintN(64, id);
    this.state = initialState(keyOfSeed(seed), Number(word & 0xffff_ffffn), Number(word >> 32n));
  }

  /** The next 32-bit word of the keystream, as an unsigned number. */
  u32(): number {
    if (this.next === 16) {
      chacha8Block(this.state, this.block);
      this.next = 0;
    }
    return this.block[this.next++];
  }

  /**
   * Uniform in 0..b-1 by Lemire's method with rejection, 1 <= b <= 2^32-1:
   * m = u32()*b as a 64-bit product; if low32(m) < b { t = (2^32 - b) mod b; while low32(m) < t
   * { m = u32()*b } }; the result is high32(m).
   */
  below(b: number): number {
    let x = this.u32();
    let low = low32(x, b);
    if (low < b) {
      const t = (TWO_32 - b) % b;
      while (low < t) {
        x = this.u32();
        low = low32(x, b);
      }
    }
    return high32(x, b);
  }

  /**
   * Uniform in 0..b-1 for 1 <= b <= 2^64-1 (a bigint): below(b) itself for b < 2^32, else Lemire's
   * method on 64-bit draws made of two words, the first the high half, with exact BigInt products.
   */
  belowWide(b: bigint): bigint {
    if (b < 0x1_0000_0000n) return BigInt(this.below(Number(b)));
    const TWO_64 = 1n << 64n;
    const draw = () => (BigInt(this.u32()) << 32n) | BigInt(this.u32());
    let m = draw() * b;
    if (m % TWO_64 < b) {
      const t = (TWO_64 - b) % b;
      while (m % TWO_64 < t) m = draw() * b;
    }
    return m >> 64n;
  }

  /** `len` bytes: ceil(len/4) words, each little-endian; surplus bytes of the last word dropped. */
  fill(len: number): Uint8Array {
    const out = new Uint8Array(len);
    for (let i = 0; i < len; i += 4) {
      const w = this.u32();
      out[i] = w;
      if (i + 1 < len) out[i + 1] = w >>> 8;
      if (i + 2 < len) out[i + 2] = w >>> 16;
      if (i + 3 < len) out[i + 3] = w >>> 24;
    }
    return out;
  }
}

/** The low 32 bits of the 64-bit product x*b (Math.imul keeps the low 32 bits exactly). */
export function low32(x: number, b: number): number {
  return Math.imul(x, b) >>> 0;
}

/**
 * The high 32 bits of the 64-bit product x*b, with x and b below 2^32: schoolbook multiplication in
 * 16-bit halves, x = xh*2^16 + xl and b = bh*2^16 + bl. Each partial product is below 2^32, so
 * Math.imul(...) >>> 0 is exact, and every sum below stays under 2^34.
 */
export function high32(x: number, b: number): number {
  const xl = x & 0xffff;
  const xh = x >>> 16;
  const bl = b & 0xffff;
  const bh = b >>> 16;
  const ll = Math.imul(xl, bl) >>> 0;
  const lh = Math.imul(xl, bh) >>> 0;
  const hl = Math.imul(xh, bl) >>> 0;
  const hh = Math.imul(xh, bh) >>> 0;
  // Bits 16-47 of the product: the carry out of the middle column is what reaches the high word.
  const middle = (ll >>> 16) + (lh & 0xffff) + (hl & 0xffff);
  return (hh + (lh >>> 16) + (hl >>> 16) + (middle >>> 16)) >>> 0;
}
