#!/usr/bin/env node
// How close the processes come to the machine (issue 41): each figure a ratio against a baseline
// measured in the same run, in alternating order, so a noisy machine stretches both sides alike.
//
//   node tests/bench/floor.mjs [--rounds 9] [--mib 200] [--count 1000] [--campaign-rounds 3]
//                              [--skip-files] [--skip-campaigns] [--cli PATH]
//
// Files: 200 MiB of seeded random bytes (lib/random-file.mjs) in the page cache, byte_flip at
// intensity 80. Each round runs, in a rotated order: `dd if=IN of=OUT bs=1M` (the plain copy),
// the native `fracture` with and without --json, the npm CLI (node bin/fracture.mjs, its native
// addon) with and without --json, and the hashing floor: `openssl dgst -sha256` of the input and of
// the output at once, one process each (the report hashes both; OpenSSL's SHA-256 code is the one
// the native engine runs, through ring). Each round gives a pair of each against the other (native
// ÷ dd, npm ÷ native); the figures are the medians of the pairs' ratios, with their spread
// (lowest-highest). Peak RSS is the highest of the rounds (GNU time, lib/measure.mjs).
//
// Campaigns: `fracture run --count 1000 FILE -- /bin/true` (10 KiB FILE), native and npm, each against
// a plain loop that starts /bin/true as many times from the same language (lib/spawn-loop.rs,
// compiled here with rustc -O; lib/spawn-loop.mjs), alternating, medians of --campaign-rounds (3):
// the runner's own time per run is (fracture - loop) / count.
//
// `--cli PATH`: another build's bin/fracture.mjs as the npm CLI (a build before a change, say).
// Writes bench-results/floor.json; exits 1 when the CLIs' outputs differ.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measured } from './lib/measure.mjs';
import { generate } from './lib/random-file.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NATIVE = join(ROOT, 'target/release/fracture');
let NPM_CLI = join(ROOT, 'bin/fracture.mjs');
const MIB = 1 << 20;
const SEED = 1234567890;
const TARGET_DD = 2;
const AIM_DD = 1.5;
const TARGET_NPM = 1.15;
const TARGET_NPM_MIB = 96;
const TARGET_NATIVE_RUN_MS = 1;
const TARGET_NPM_RUN_MS = 2;

const o = { rounds: 9, mib: 200, count: 1000, campaignRounds: 3, files: true, campaigns: true };
for (let i = 2; i < process.argv.length; i++) {
  const [k, v] = [process.argv[i], process.argv[i + 1]];
  if (k === '--rounds') o.rounds = Number(v);
  else if (k === '--mib') o.mib = Number(v);
  else if (k === '--count') o.count = Number(v);
  else if (k === '--campaign-rounds') o.campaignRounds = Number(v);
  else if (k === '--skip-files') o.files = false;
  else if (k === '--skip-campaigns') o.campaigns = false;
  else if (k === '--cli') NPM_CLI = resolve(v);
  else {
    console.error(`floor.mjs: unknown option ${k}`);
    process.exit(2);
  }
  if (!['--skip-files', '--skip-campaigns'].includes(k)) i++;
}

const log = (...a) => console.error('[floor]', ...a);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
const machine = () => {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / (1 << 30)).toFixed(1)} GiB`;
};
const verdict = (ok) => (ok ? 'PASS' : 'MISS');
/** A ratio's median and spread over rounds: "1.23× (1.10-1.40)". */
const spread = (xs) => `${median(xs).toFixed(2)}× (${Math.min(...xs).toFixed(2)}-${Math.max(...xs).toFixed(2)})`;
// Node starts without NODE_EXTRA_CA_CERTS (a TLS proxy's certificates, parsed before any code runs,
// for connections the CLI never makes; process.mjs says more).
const NODE_ENV = { FRACTURE_ADDON: 'on', NODE_EXTRA_CA_CERTS: undefined };

function files(dir) {
  const input = join(dir, 'random.bin');
  generate(input, o.mib * MIB);
  const out = (name) => join(dir, name);
  const cli = (who, json) => () => {
    const at = out(`${who}-${json ? 'json' : 'plain'}`);
    rmSync(at, { recursive: true, force: true });
    const args = ['--mode', 'byte_flip', '--intensity', '80', '--seed', String(SEED), '--out', at];
    if (json) args.push('--json');
    args.push(input);
    return who === 'native'
      ? measured(NATIVE, args)
      : measured(process.execPath, [NPM_CLI, ...args], { env: NODE_ENV });
  };
  const jobs = {
    dd: () => {
      rmSync(out('dd.out'), { force: true });
      return measured('dd', [`if=${input}`, `of=${out('dd.out')}`, 'bs=1M', 'status=none']);
    },
    native_json: cli('native', true),
    npm_json: cli('npm', true),
    native_plain: cli('native', false),
    npm_plain: cli('npm', false),
    // The output of the native --json run (made earlier in the round) and the input, hashed at once.
    sha_floor: () =>
      measured('sh', [
        '-c',
        'openssl dgst -sha256 "$1" >/dev/null & openssl dgst -sha256 "$2" >/dev/null; wait $!',
        'sh',
        input,
        join(out('native-json'), 'random_corrupted.bin'),
      ]),
  };
  const names = Object.keys(jobs);
  const runs = Object.fromEntries(names.map((k) => [k, []]));
  for (let r = 0; r < o.rounds; r++) {
    // Rotated, but the hashing floor always after the native --json run whose output it reads.
    const order = names.map((_, i) => names[(i + r) % names.length]);
    const floorAt = order.indexOf('sha_floor');
    if (floorAt < order.indexOf('native_json')) order.push(...order.splice(floorAt, 1));
    for (const name of order) runs[name].push(jobs[name]());
    log(`round ${r + 1}/${o.rounds}: ${order.map((n) => `${n} ${Math.round(runs[n][r].wallMs)}`).join(', ')} ms`);
  }
  const sha = (who, json) => createHashOf(join(out(`${who}-${json ? 'json' : 'plain'}`), 'random_corrupted.bin'));
  const same = new Set([sha('native', true), sha('npm', true), sha('native', false), sha('npm', false)]).size === 1;
  const wall = (k) => runs[k].map((m) => m.wallMs);
  const ratios = (a, b) => wall(a).map((x, i) => x / wall(b)[i]);
  const peak = (k) => Math.max(...runs[k].map((m) => m.peakKiB)) / 1024;
  const result = {
    medians_ms: Object.fromEntries(names.map((k) => [k, median(wall(k))])),
    cpu_ms: Object.fromEntries(names.map((k) => [k, median(runs[k].map((m) => m.cpuMs))])),
    peak_mib: Object.fromEntries(names.map((k) => [k, peak(k)])),
    native_json_dd: ratios('native_json', 'dd'),
    native_plain_dd: ratios('native_plain', 'dd'),
    floor_json_dd: ratios('sha_floor', 'dd'),
    native_json_floor: ratios('native_json', 'sha_floor'),
    npm_json_native: ratios('npm_json', 'native_json'),
    npm_plain_native: ratios('npm_plain', 'native_plain'),
    same_bytes: same,
  };
  console.log(
    `Files: ${o.mib} MiB random in the page cache, byte_flip at 80, seed ${SEED}; ${o.rounds} rounds, rotated order`,
  );
  console.log('process                                  median ms   cpu ms   peak MiB   runs (ms)');
  const labels = {
    dd: 'dd bs=1M (the plain copy)',
    native_json: 'fracture --json (native)',
    native_plain: 'fracture (native), no --json',
    npm_json: 'npm CLI --json',
    npm_plain: 'npm CLI, no --json',
    sha_floor: 'openssl dgst of IN and OUT at once',
  };
  for (const k of names)
    console.log(
      `${labels[k].padEnd(40)}${Math.round(result.medians_ms[k]).toString().padStart(10)}${Math.round(result.cpu_ms[k]).toString().padStart(9)}${result.peak_mib[k].toFixed(1).padStart(11)}   ${wall(
        k,
      )
        .map(Math.round)
        .join(', ')}`,
    );
  console.log('Ratios, median of the rounds (lowest-highest):');
  const npmPeak = Math.max(result.peak_mib.npm_json, result.peak_mib.npm_plain);
  const dd = `target at most ${TARGET_DD}×, aim ${AIM_DD}×`;
  const npm = `target at most ${TARGET_NPM}×`;
  const lines = [
    [median(result.native_plain_dd) <= TARGET_DD, `native, no --json ÷ dd: ${spread(result.native_plain_dd)} (${dd})`],
    [median(result.native_json_dd) <= TARGET_DD, `native --json ÷ dd: ${spread(result.native_json_dd)} (${dd})`],
    [
      median(result.npm_plain_native) <= TARGET_NPM,
      `npm CLI ÷ native, no --json: ${spread(result.npm_plain_native)} (${npm})`,
    ],
    [
      median(result.npm_json_native) <= TARGET_NPM,
      `npm CLI ÷ native, --json: ${spread(result.npm_json_native)} (${npm})`,
    ],
    [
      npmPeak <= TARGET_NPM_MIB,
      `npm CLI peak RSS: ${result.peak_mib.npm_json.toFixed(1)} MiB --json, ${result.peak_mib.npm_plain.toFixed(1)} MiB without (target at most ${TARGET_NPM_MIB} MiB)`,
    ],
  ];
  for (const [ok, text] of lines) console.log(`${verdict(ok)}  ${text}`);
  console.log(
    `The hashing floor: both files' SHA-256s at once (openssl) ÷ dd: ${spread(result.floor_json_dd)}; native --json ÷ that floor: ${spread(result.native_json_floor)}`,
  );
  console.log(`${same ? 'same' : 'DIFFERENT'} output bytes from the native and the npm CLI, with and without --json`);
  if (!same) process.exitCode = 1;
  return { ...result, targets: lines.map(([ok, text]) => ({ ok, text })) };
}

function createHashOf(path) {
  const r = spawnSync('openssl', ['dgst', '-sha256', '-r', path], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`openssl dgst ${path}: ${r.stderr}`);
  return r.stdout.split(' ')[0];
}

function campaigns(dir) {
  const file = join(dir, 'input.txt');
  const bytes = Buffer.alloc(10240);
  let x = 1;
  for (let i = 0; i < bytes.length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    bytes[i] = 32 + ((x >>> 16) % 95);
  }
  writeFileSync(file, bytes);
  const loopBin = join(dir, 'spawn-loop');
  const rustc = spawnSync('rustc', ['-O', '-o', loopBin, join(ROOT, 'tests/bench/lib/spawn-loop.rs')], {
    encoding: 'utf8',
  });
  if (rustc.status !== 0) throw new Error(`rustc spawn-loop.rs: ${rustc.stderr || rustc.error}`);
  const count = String(o.count);
  const run = (who) => () => {
    const at = join(dir, `campaign-${who}`);
    rmSync(at, { recursive: true, force: true });
    const args = [
      'run',
      '--seed',
      '0',
      '--count',
      count,
      '--no-minimize',
      '--quiet',
      '--out',
      at,
      file,
      '--',
      '/bin/true',
    ];
    return who === 'native'
      ? measured(NATIVE, args, { stdoutFile: '/dev/null' })
      : measured(process.execPath, [NPM_CLI, ...args], { env: NODE_ENV, stdoutFile: '/dev/null' });
  };
  const jobs = {
    native_loop: () => measured(loopBin, [count, file, '/bin/true']),
    native_run: run('native'),
    npm_loop: () =>
      measured(process.execPath, [join(ROOT, 'tests/bench/lib/spawn-loop.mjs'), count, file, '/bin/true'], {
        env: NODE_ENV,
      }),
    npm_run: run('npm'),
  };
  const names = Object.keys(jobs);
  const runs = Object.fromEntries(names.map((k) => [k, []]));
  for (let r = 0; r < o.campaignRounds; r++) {
    // Each campaign right after (or before, on odd rounds) its own language's loop.
    const order = r % 2 ? ['native_run', 'native_loop', 'npm_run', 'npm_loop'] : names;
    for (const name of order) runs[name].push(jobs[name]());
    log(
      `campaign round ${r + 1}/${o.campaignRounds}: ${order.map((n) => `${n} ${Math.round(runs[n][r].wallMs)}`).join(', ')} ms`,
    );
  }
  const perRun = (run, loop) => runs[run].map((m, i) => (m.wallMs - runs[loop][i].wallMs) / o.count);
  const nativeOver = perRun('native_run', 'native_loop');
  const npmOver = perRun('npm_run', 'npm_loop');
  const ms = (k) => median(runs[k].map((m) => m.wallMs));
  console.log(
    `Campaigns: ${o.count} runs of /bin/true on a 10 KiB file (fracture run --no-minimize), against a loop starting /bin/true ${o.count} times from the same language; medians of ${o.campaignRounds} alternating rounds`,
  );
  console.log(
    `native: fracture run ${Math.round(ms('native_run'))} ms, Rust loop ${Math.round(ms('native_loop'))} ms; npm CLI: fracture run ${Math.round(ms('npm_run'))} ms, Node loop ${Math.round(ms('npm_loop'))} ms`,
  );
  const fmtOver = (xs) =>
    `${median(xs).toFixed(2)} ms (${Math.min(...xs).toFixed(2)} to ${Math.max(...xs).toFixed(2)})`;
  const lines = [
    [
      median(nativeOver) <= TARGET_NATIVE_RUN_MS,
      `native fracture run's own time per run: ${fmtOver(nativeOver)} (target at most ${TARGET_NATIVE_RUN_MS} ms)`,
    ],
    [
      median(npmOver) <= TARGET_NPM_RUN_MS,
      `npm fracture run's own time per run: ${fmtOver(npmOver)} (target at most ${TARGET_NPM_RUN_MS} ms)`,
    ],
  ];
  for (const [ok, text] of lines) console.log(`${verdict(ok)}  ${text}`);
  return {
    count: o.count,
    medians_ms: Object.fromEntries(names.map((k) => [k, ms(k)])),
    native_per_run_ms: nativeOver,
    npm_per_run_ms: npmOver,
    targets: lines.map(([ok, text]) => ({ ok, text })),
  };
}

const dir = mkdtempSync(join(os.tmpdir(), 'fracture-floor-'));
try {
  if (!existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: make native`);
  const before = load();
  console.log(`Machine: ${machine()}; load average ${before} at the start; npm CLI ${NPM_CLI}`);
  const out = { machine: machine(), load_before: before };
  if (o.files) out.files = files(dir);
  if (o.campaigns) out.campaigns = campaigns(dir);
  out.load_after = load();
  console.log(`Load average ${out.load_after} at the end`);
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench-results/floor.json'), `${JSON.stringify(out, null, 2)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
