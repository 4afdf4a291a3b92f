#!/usr/bin/env node
// `make bench`, campaigns: the runner's own overhead against zzuf's (issue 24, point 8). `cat` is the
// program, so nearly all the time is the runner's: 1,000 variants of a 10 KB file with
// `fracture run --count 1000 FILE -- cat` (each variant written to a private file, fed on standard
// input, its output captured, its outcome recorded in runs.jsonl) and with `zzuf -s 0:1000 -r RATIO cat
// FILE` (zzuf's seed range: one fork per seed, the file fuzzed as cat reads it), at the same ratio: the
// share of bits that fracture's first variant changes. Both with one job and with two, each a whole
// process metered by lib/measure.mjs (median of --runs). Prints the times and fracture / zzuf.
//
//   node tests/bench/campaign.mjs [--count 1000] [--size 10240] [--runs 3] [--out bench-results/campaign.json]
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measured } from './lib/measure.mjs';
import { fmtMs, fmtRatio, renderTable } from './lib/table.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NATIVE = join(ROOT, 'target/release/fracture');

const o = { count: 1000, size: 10240, runs: 3, out: join(ROOT, 'bench-results/campaign.json') };
for (let i = 2; i < process.argv.length; i += 2) {
  const [k, v] = [process.argv[i], process.argv[i + 1]];
  if (k === '--count') o.count = Number(v);
  else if (k === '--size') o.size = Number(v);
  else if (k === '--runs') o.runs = Number(v);
  else if (k === '--out') o.out = v;
  else {
    console.error(`campaign.mjs: unknown option ${k}`);
    process.exit(2);
  }
}

const zzuf = spawnSync('zzuf', ['-V'], { encoding: 'utf8' });
if (zzuf.error) {
  console.error('campaign.mjs: zzuf is not installed (scripts/setup.sh installs the Debian package zzuf)');
  process.exit(1);
}

const dir = mkdtempSync(join(os.tmpdir(), 'fracture-bench-campaign-'));
try {
  // Text-like bytes from a fixed generator: the same file every time.
  const input = Buffer.alloc(o.size);
  let x = 1;
  for (let i = 0; i < o.size; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    input[i] = 32 + ((x >>> 16) % 95);
  }
  const file = join(dir, 'input.txt');
  writeFileSync(file, input);
  // The ratio: bits that fracture's first variant changes, over all bits.
  const gen = join(dir, 'gen');
  const made = spawnSync(NATIVE, ['--seed', '0', '--out', gen, '--quiet', file], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`fracture: ${made.stderr}`);
  const variant = readFileSync(join(gen, 'input_corrupted.txt'));
  let bits = 0;
  for (let i = 0; i < o.size; i++) {
    let d = input[i] ^ variant[i];
    while (d) {
      bits += d & 1;
      d >>= 1;
    }
  }
  const ratio = (bits / (o.size * 8)).toFixed(6);

  const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const time = (make) => {
    const walls = [];
    const cpus = [];
    for (let r = 0; r < o.runs; r++) {
      const [cmd, args] = make(r);
      const m = measured(cmd, args, { stdoutFile: '/dev/null' });
      walls.push(m.wallMs);
      cpus.push(m.cpuMs);
    }
    return { wallMs: median(walls), cpuMs: median(cpus) };
  };
  const rows = [];
  const results = [];
  for (const jobs of [1, 2]) {
    const fracture = time((r) => {
      const out = join(dir, `campaign-${jobs}-${r}`);
      rmSync(out, { recursive: true, force: true });
      return [
        NATIVE,
        ['run', '--seed', '0', '--count', String(o.count), '--jobs', String(jobs), '--no-minimize', '--quiet'].concat([
          '--out',
          out,
          file,
          '--',
          'cat',
        ]),
      ];
    });
    const z = time(() => ['zzuf', ['-q', '-s', `0:${o.count}`, '-r', ratio, '-j', String(jobs), 'cat', file]]);
    const r = fracture.wallMs / z.wallMs;
    rows.push([
      String(jobs),
      fmtMs(fracture.wallMs),
      fmtMs(fracture.cpuMs),
      fmtMs(z.wallMs),
      fmtMs(z.cpuMs),
      fmtRatio(r),
    ]);
    results.push({ jobs, fracture, zzuf: z, ratio: r });
  }
  console.log(
    `cat over ${o.count} variants of a ${o.size}-byte file; zzuf -r ${ratio} (fracture's share of bits changed); median of ${o.runs}; ${os.cpus().length} CPUs`,
  );
  console.log(
    renderTable(
      [
        { title: 'jobs', align: 'r' },
        { title: 'wall', align: 'r', group: 'fracture run' },
        { title: 'CPU', align: 'r', group: 'fracture run' },
        { title: 'wall', align: 'r', group: 'zzuf -s' },
        { title: 'CPU', align: 'r', group: 'zzuf -s' },
        { title: 'fracture / zzuf (wall)', align: 'r' },
      ],
      rows,
    ),
  );
  mkdirSync(dirname(o.out), { recursive: true });
  writeFileSync(o.out, `${JSON.stringify({ count: o.count, size: o.size, ratio: Number(ratio), results }, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
