#!/usr/bin/env node
// The TypeScript reference engine in Node (compiled into dist), one measurement per process:
//
//   node ts.mjs job FILE NAME MODE INTENSITY SEED REPEAT
//   node ts.mjs entropy FILE REPEAT
//
// Stages are timed through the engine's own `Job`, the calls `corrupt()` makes. The file is read
// before the clock starts. A job on the first MiB runs first so the timed runs see optimised code
// (the native engine needs no warm-up; the WebAssembly side does the same).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Meter } from '../lib/meter.mjs';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const TS_ENGINE = join(ROOT, 'dist/lib/engine/reference');
const WARM_BYTES = 1 << 20;

const { Job } = await import(pathToFileURL(join(TS_ENGINE, 'engine.js')).href);
const { entropy: entropyOf } = await import(pathToFileURL(join(TS_ENGINE, 'entropy.js')).href);

function read(file) {
  const b = readFileSync(file);
  return new Uint8Array(b.buffer, b.byteOffset, b.length);
}

function runJob(input, name, options) {
  const meter = new Meter();
  const job = Job.scan(input, name, options);
  meter.lap('scan');
  job.plan();
  meter.lap('plan');
  job.corrupt();
  meter.lap('corrupt');
  const escalated = job.verify();
  meter.lap('verify');
  const report = job.report(0, 0);
  JSON.stringify(report);
  meter.lap('report');
  const times = meter.result();
  return { times, escalated, report };
}

function job([file, name, mode, intensity, seed, repeat]) {
  const options = { mode, intensity: Number(intensity), seed: Number(seed) };
  let input = read(file);
  runJob(input.subarray(0, WARM_BYTES), name, options);
  const runs = [];
  let last;
  for (let i = 0; i < Number(repeat); i++) {
    // Read afresh (outside the timing), so no run reuses memory a previous one warmed.
    if (i > 0) input = read(file);
    last = runJob(input, name, options);
    runs.push(last.times);
  }
  const r = last.report;
  return {
    runs,
    escalated: last.escalated,
    result_size: r.result_size,
    ops: r.ops ?? null,
    inserted: r.inserted ?? null,
    format: r.format,
    sha256_after: r.sha256_after,
  };
}

function entropy([file, repeat]) {
  const input = read(file);
  entropyOf(input.subarray(0, WARM_BYTES));
  const runs = [];
  let value;
  for (let i = 0; i < Number(repeat); i++) {
    const meter = new Meter();
    value = entropyOf(input);
    meter.lap('entropy');
    runs.push(meter.result());
  }
  return { runs, entropy: value };
}

const [command, ...rest] = process.argv.slice(2);
const commands = { job, entropy };
if (!Object.hasOwn(commands, command)) {
  console.error('usage: ts.mjs job FILE NAME MODE INTENSITY SEED REPEAT | entropy FILE REPEAT');
  process.exit(2);
}
console.log(JSON.stringify(commands[command](rest)));
