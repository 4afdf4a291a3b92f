// The benchmarks' large inputs: seeded xorshift32 output (the golden vectors' generator) on disk.
import { closeSync, openSync, writeSync } from 'node:fs';

const MIB = 1 << 20;

/**
 * Writes `bytes` bytes of seeded xorshift32 output to `path`, a 64 MiB block repeated; `lay` may
 * write a family's structures into the block first (tests/bench/process.mjs --big --families).
 */
export function generate(path, bytes, seed = 2463534242, lay = () => {}) {
  const block = new Uint8Array(64 * MIB);
  const words = new Uint32Array(block.buffer);
  let x = seed >>> 0;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    words[i] = x;
  }
  lay(block);
  const fd = openSync(path, 'w');
  try {
    for (let at = 0; at < bytes; ) {
      const n = Math.min(block.length, bytes - at);
      writeSync(fd, block, 0, n, at);
      at += n;
    }
  } finally {
    closeSync(fd);
  }
}
