// Types of hostile.mjs for the TypeScript tests that import it (tests/cross-engine/hostile-fix.test.ts).
/** A crafted worst case: its file name (the extension gives the family), its generator, what it stresses. */
export interface HostileCase {
  name: string;
  make: (size: number) => Uint8Array;
  what: string;
  /** CLI arguments instead of bit_rot with --fix-checksums. */
  args?: string[];
}
export declare const HOSTILE: HostileCase[];
export declare function filler(len: number, seed: number): Uint8Array;
