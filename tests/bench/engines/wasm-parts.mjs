#!/usr/bin/env node
// byte_flip taken apart inside WebAssembly: the `parts` pieces of engine-rs/core/examples/bench.rs,
// compiled for wasm32 (run.mjs builds it and passes it through wasm-opt with the product's flags),
// each export timed from here, where the clock is.
//
//   node wasm-parts.mjs WASM FILE INTENSITY SEED REPEAT
//
// The engine core imports nothing from JavaScript; should the module ever import something, it gets a
// function that throws, so a call to one would show at once.
import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { Meter } from '../lib/meter.mjs';

const PIECES = ['index_init', 'keystream', 'flip', 'flip_serial', 'sha256', 'entropy'];
/** Pieces that flip a fresh copy of the input in place; the copy is made outside the timing. */
const IN_PLACE = new Set(['flip', 'flip_serial']);
const WARM_BYTES = 1 << 20;

const [wasmPath, file, intensity, seed, repeat] = process.argv.slice(2);
if (!repeat) {
  console.error('usage: wasm-parts.mjs WASM FILE INTENSITY SEED REPEAT');
  process.exit(2);
}
const module = new WebAssembly.Module(readFileSync(wasmPath));
const imports = {};
for (const { module: from, name, kind } of WebAssembly.Module.imports(module)) {
  if (kind !== 'function') throw new Error(`unexpected ${kind} import ${from}.${name}`);
  imports[from] ??= {};
  imports[from][name] = () => {
    throw new Error(`${from}.${name} called`);
  };
}
const parts = new WebAssembly.Instance(module, imports).exports;

function load(length) {
  const ptr = parts.parts_input(length);
  const fd = openSync(file, 'r');
  try {
    for (let at = 0; at < length; ) {
      const n = readSync(
        fd,
        new Uint8Array(parts.memory.buffer, ptr + at, Math.min(8 << 20, length - at)),
        0,
        Math.min(8 << 20, length - at),
        at,
      );
      if (n === 0) throw new Error(`${file} is shorter than ${length} bytes`);
      at += n;
    }
  } finally {
    closeSync(fd);
  }
  return parts.parts_plan(Number(intensity));
}

const calls = {
  index_init: () => parts.parts_index_init(),
  keystream: () => parts.parts_keystream(Number(seed)),
  flip: () => parts.parts_flip(Number(seed)),
  flip_serial: () => parts.parts_flip_serial(Number(seed)),
  sha256: () => parts.parts_sha256(),
  entropy: () => parts.parts_entropy(),
};

// Warm-up on the first MiB, twice, so the timed calls run optimised code (see wasm.mjs).
const size = statSync(file).size;
load(Math.min(WARM_BYTES, size));
for (let i = 0; i < 2; i++) {
  for (const piece of PIECES) {
    if (IN_PLACE.has(piece)) parts.parts_flip_prepare();
    calls[piece]();
  }
}

const ops = load(size);
const runs = [];
for (let i = 0; i < Number(repeat); i++) {
  const meter = new Meter();
  for (const piece of PIECES) {
    if (IN_PLACE.has(piece)) {
      parts.parts_flip_prepare();
      meter.skip();
    }
    calls[piece]();
    meter.lap(piece);
  }
  runs.push(meter.result());
}
console.log(JSON.stringify({ runs, ops, keystream_words: 2 * ops }));
