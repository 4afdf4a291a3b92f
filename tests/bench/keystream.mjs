#!/usr/bin/env node
// ChaCha8 keystream speed of WebAssembly builds of the engine, side by side:
//
//   node tests/bench/keystream.mjs [PKG_DIR ...]      (default: target/wasm-testing/pkg)
//
// Each PKG_DIR is a wasm-pack output (fracture_engine.js + fracture_engine_bg.wasm), e.g. a copy of
// the pkg built before a change and the one built after. Two measures per build, best of ROUNDS, the
// builds taking turns within each round so that load from other processes hits them alike:
// - keystream: `sequenceWords` in calls of 2^20 words (its cap); the time includes copying each
//   call's 4 MiB out to JavaScript, so this slightly understates the generator;
// - byte_flip: the corrupt stage of a byte_flip job at intensity 100 on 64 MiB (half the bytes
//   change, two keystream words each), the work the generator was made fast for.
// The builds must agree on every output byte (sha256_after of the job, the words drawn).
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ROUNDS = 5;
const CALL_WORDS = 1 << 20;
const CALLS = 64;
const FLIP_BYTES = 64 << 20;
const SEED = 1234567890;

const dirs =
  process.argv.length > 2 ? process.argv.slice(2).map((d) => resolve(d)) : [join(ROOT, 'target/wasm-testing/pkg')];

async function load(dir) {
  const glue = await import(pathToFileURL(join(dir, 'fracture_engine.js')).href);
  const exports = await glue.default({ module_or_path: await readFile(join(dir, 'fracture_engine_bg.wasm')) });
  return { dir, glue, exports };
}

/** Deterministic incompressible bytes (xorshift32), so format detection finds nothing to keep. */
function noise(length) {
  const words = new Uint32Array(length / 4);
  let x = 2463534242;
  for (let i = 0; i < words.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    words[i] = x >>> 0;
  }
  return new Uint8Array(words.buffer);
}

/** Seconds for CALLS calls of sequenceWords, and a checksum of every word drawn. */
function keystream({ glue }) {
  let sum = 0;
  const t0 = performance.now();
  for (let c = 0; c < CALLS; c++) {
    const words = glue.sequenceWords(SEED, 0, c, CALL_WORDS);
    // One word per 4 KiB is enough to catch a build that draws differently, and costs nothing.
    for (let i = 0; i < words.length; i += 1024) sum = (sum * 31 + words[i]) >>> 0;
  }
  return { seconds: (performance.now() - t0) / 1e3, check: sum };
}

/** Seconds for the corrupt stage of byte_flip at intensity 100 on `input`, and the output's sha256. */
function byteFlip({ glue, exports }, input) {
  const buffer = new glue.InputBuffer(input.length);
  new Uint8Array(exports.memory.buffer, buffer.ptr(), input.length).set(input);
  const job = glue.WasmJob.fromBuffer(buffer, 'noise.bin', 'byte_flip', 100, SEED);
  job.plan();
  const t0 = performance.now();
  job.corrupt();
  const seconds = (performance.now() - t0) / 1e3;
  job.verify();
  const check = JSON.parse(job.reportWith(0, 0)).sha256_after;
  job.free();
  return { seconds, check };
}

const builds = [];
for (const dir of dirs) builds.push(await load(dir));
const input = noise(FLIP_BYTES);
// Warm-up: V8 swaps in optimised code only between calls (see engines/wasm.mjs).
for (const b of builds) {
  for (let i = 0; i < 2; i++) {
    b.glue.sequenceWords(SEED, 0, 0, CALL_WORDS);
    byteFlip(b, input.subarray(0, 1 << 20));
  }
}

const best = builds.map(() => ({ keystream: Infinity, flip: Infinity }));
const checks = builds.map(() => ({}));
for (let r = 0; r < ROUNDS; r++) {
  builds.forEach((b, i) => {
    const k = keystream(b);
    const f = byteFlip(b, input);
    best[i].keystream = Math.min(best[i].keystream, k.seconds);
    best[i].flip = Math.min(best[i].flip, f.seconds);
    checks[i] = { keystream: k.check, flip: f.check };
  });
}

const keystreamBytes = CALLS * CALL_WORDS * 4;
console.log(
  `best of ${ROUNDS}; keystream = ${CALLS} x sequenceWords(${CALL_WORDS}); byte_flip = corrupt stage, intensity 100, ${FLIP_BYTES >> 20} MiB`,
);
builds.forEach((b, i) => {
  const gbps = keystreamBytes / 1e9 / best[i].keystream;
  const flipMs = best[i].flip * 1e3;
  const vs =
    i === 0
      ? ''
      : `   (x${(best[0].keystream / best[i].keystream).toFixed(2)} keystream, x${(best[0].flip / best[i].flip).toFixed(2)} byte_flip vs the first)`;
  console.log(
    `${b.dir}\n  keystream ${gbps.toFixed(2)} GB/s   byte_flip ${flipMs.toFixed(0)} ms (${(FLIP_BYTES / 1e9 / best[i].flip).toFixed(3)} GB/s of input)${vs}`,
  );
});
const differs = checks.findIndex((c) => c.keystream !== checks[0].keystream || c.flip !== checks[0].flip);
if (differs > 0) {
  console.error(`${builds[differs].dir} draws different words or bytes from ${builds[0].dir}`);
  process.exit(1);
}
