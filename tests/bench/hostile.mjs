#!/usr/bin/env node
// `make bench`, hostile inputs: each crafted worst case of tests/bench/lib/hostile.mjs (a many-entry ZIP
// with stored data, nested ZIP entries, a FLAC of false sync codes, deep tar chains, pax and sparse
// chains, PNG and Ogg runs of empty chunks and pages, guaranteed_break's tar and FLV walks) against
// random bytes of the same size and name, in the same run, through the three engines as users run them:
// the native `fracture`, the npm CLI's WebAssembly engine and its TypeScript reference engine (each a
// whole process, metered by lib/measure.mjs). Prints each CPU and wall time, the ratio crafted / random
// of CPU times, and fails when a ratio passes 2: hostile headers must not cost more than linear time
// (docs/contract.md, section 6.10.2).
//
//   node tests/bench/hostile.mjs [--size-mib 4] [--runs 3] [--engines native,wasm,ts] [--cases a,b]
//                                [--max-ratio 2] [--out bench-results/hostile.json]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filler, HOSTILE } from './lib/hostile.mjs';
import { measured } from './lib/measure.mjs';
import { fmtMs, fmtRatio, renderTable } from './lib/table.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NPM = join(ROOT, 'bin/fracture.mjs');
const ENGINES = {
  native: { cmd: join(ROOT, 'target/release/fracture'), args: [] },
  wasm: { cmd: process.execPath, args: [NPM, '--engine', 'wasm'] },
  ts: { cmd: process.execPath, args: [NPM, '--engine', 'ts'] },
};
// bit_rot: byte_flip's escalation (section 8) would run a crafted file twice and random bytes once.
const FIX = ['--mode', 'bit_rot', '--fix-checksums'];

function parseArgs(argv) {
  const o = {
    sizeMiB: 4,
    runs: 3,
    engines: Object.keys(ENGINES),
    cases: null,
    maxRatio: 2,
    out: join(ROOT, 'bench-results/hostile.json'),
  };
  for (let i = 0; i < argv.length; i++) {
    const v = argv[++i];
    if (argv[i - 1] === '--size-mib') o.sizeMiB = Number(v);
    else if (argv[i - 1] === '--runs') o.runs = Number(v);
    else if (argv[i - 1] === '--engines') o.engines = v.split(',');
    else if (argv[i - 1] === '--cases') o.cases = v.split(',');
    else if (argv[i - 1] === '--max-ratio') o.maxRatio = Number(v);
    else if (argv[i - 1] === '--out') o.out = v;
    else {
      console.error(`hostile.mjs: unknown option ${argv[i - 1]}`);
      process.exit(2);
    }
  }
  return o;
}

/**
 * One whole-process run, metered (lib/measure.mjs): { cpuMs, wallMs }. The ratio is taken on CPU time
 * (user + system, the process and its threads), which a busy shared machine disturbs far less than
 * wall time.
 */
function timed(engine, args, file, out) {
  rmSync(out, { recursive: true, force: true });
  const { cpuMs, wallMs } = measured(engine.cmd, [
    ...engine.args,
    ...args,
    '--intensity',
    '10',
    '--seed',
    '7',
    '--quiet',
    '--out',
    out,
    file,
  ]);
  return { cpuMs, wallMs };
}

const better = (a, b) => (b.cpuMs < a.cpuMs ? b : a);

const o = parseArgs(process.argv.slice(2));
const size = Math.round(o.sizeMiB * 1024 * 1024);
const dir = mkdtempSync(join(os.tmpdir(), 'fracture-hostile-bench-'));
const rows = [];
const results = [];
const over = [];
try {
  const random = filler(size, 0x5eed);
  for (const c of HOSTILE.filter((c) => !o.cases || o.cases.includes(c.name))) {
    const craftedFile = join(dir, 'crafted', c.name);
    const plainFile = join(dir, 'random', c.name);
    mkdirSync(join(dir, 'crafted'), { recursive: true });
    mkdirSync(join(dir, 'random'), { recursive: true });
    writeFileSync(craftedFile, c.make(size));
    writeFileSync(plainFile, random);
    const args = c.args ?? FIX;
    for (const name of o.engines) {
      const engine = ENGINES[name];
      // Alternating, best of `runs` each: a load spike on the shared machine hits both alike.
      let crafted = { cpuMs: Infinity, wallMs: Infinity };
      let plain = { cpuMs: Infinity, wallMs: Infinity };
      for (let i = 0; i < o.runs; i++) {
        crafted = better(crafted, timed(engine, args, craftedFile, join(dir, 'out')));
        plain = better(plain, timed(engine, args, plainFile, join(dir, 'out')));
      }
      const ratio = crafted.cpuMs / plain.cpuMs;
      rows.push([
        c.name,
        name,
        args.join(' '),
        fmtMs(crafted.cpuMs),
        fmtMs(plain.cpuMs),
        fmtRatio(ratio),
        fmtMs(crafted.wallMs),
        fmtMs(plain.wallMs),
      ]);
      results.push({ input: c.name, engine: name, args, size, crafted, random: plain, ratio });
      if (ratio > o.maxRatio) over.push(`${c.name} (${c.what}), ${name}: ${ratio.toFixed(2)}x`);
    }
    rmSync(craftedFile);
    rmSync(plainFile);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

console.log(
  `\nHostile inputs: crafted worst cases against random bytes of the same size (${o.sizeMiB} MiB) and name, whole processes, best of ${o.runs}`,
);
const columns = [
  { title: 'input', align: 'l' },
  { title: 'engine', align: 'l' },
  { title: 'run', align: 'l' },
  { title: 'crafted', align: 'r', group: 'CPU ms' },
  { title: 'random', align: 'r', group: 'CPU ms' },
  { title: 'ratio', align: 'r', group: 'CPU ms' },
  { title: 'crafted', align: 'r', group: 'wall ms' },
  { title: 'random', align: 'r', group: 'wall ms' },
];
console.log(renderTable(columns, rows));
mkdirSync(dirname(o.out), { recursive: true });
writeFileSync(o.out, `${JSON.stringify({ size, runs: o.runs, maxRatio: o.maxRatio, results }, null, 2)}\n`);
console.log(`(figures also in ${o.out})`);
if (over.length > 0) {
  console.log(`\nFAIL  ratio above ${o.maxRatio}: ${over.join('; ')}`);
  process.exit(1);
}
console.log(`\nPASS  every ratio is at most ${o.maxRatio}`);
