// `fracture mount` as users wait for it (issue 37, docs/mount.md "Speed"): whole processes, each
// mount started, read through and ended by the same command.
//
//   node tests/bench/mount.mjs [--runs N] [--size MIB]   1 GiB by default, medians of N rounds (5),
//                                           interleaved:
//     - `cat SOURCE/file > /dev/null` (the file in the page cache) against `fracture mount SOURCE MNT
//       -- cat MNT/file` with no corruption and no faults: throughput through the mount, as a
//       fraction of cat's (goal: at least half);
//     - `fracture --mode byte_flip --intensity 80 FILE` (the offline run that writes the variant)
//       against `fracture mount ... --mode byte_flip --intensity 80 -- cat MNT/file` (goal: no slower);
//     - the peak RSS of the mount process in each (goal: below 64 MiB, whatever the size), at the
//       size asked for and at a quarter of it, to show it does not grow with the file.
//
// Inputs come from a seeded generator (xorshift32) under the system's temporary directory, deleted
// afterwards. Peak RSS and times are read as tests/bench/lib/measure.mjs reads them (GNU time).
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measured } from './lib/measure.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NATIVE = join(ROOT, 'target/release/fracture');
const MIB = 1 << 20;
const SEED = 1234567890;
const log = (...a) => console.error('[bench]', ...a);

const arg = (name, fallback) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const runs = arg('--runs', 5);
const sizeMiB = arg('--size', 1024);

/** `bytes` of xorshift32 output (a 64 MiB block, repeated), written to `path`. */
function writeNoise(path, bytes) {
  const block = Buffer.alloc(Math.min(bytes, 64 * MIB));
  let x = 2463534242;
  for (let i = 0; i < block.length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    block.writeUInt32LE(x >>> 0, i);
  }
  const fd = openSync(path, 'w');
  for (let done = 0; done < bytes; done += block.length) writeSync(fd, block, 0, Math.min(block.length, bytes - done));
  closeSync(fd);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1];
};

function bench(size) {
  const dir = mkdtempSync(join(os.tmpdir(), 'fracture-bench-mount-'));
  try {
    const src = join(dir, 'src');
    const mnt = join(dir, 'mnt');
    const out = join(dir, 'out');
    mkdirSync(src);
    mkdirSync(mnt);
    const file = join(src, 'big.bin');
    writeNoise(file, size);
    readFileSync(file); // in the page cache, as the baseline's reads are
    const flip = ['--mode', 'byte_flip', '--intensity', '80', '--seed', String(SEED)];
    const rows = { cat: [], mount: [], offline: [], flipMount: [], peakMount: [], peakFlip: [], peakOffline: [] };
    for (let r = 0; r < runs; r++) {
      rows.cat.push(measured('cat', [file], { stdoutFile: '/dev/null' }).wallMs);
      const plain = measured(NATIVE, ['mount', src, mnt, '--quiet', '--', 'cat', join(mnt, 'big.bin')], {
        stdoutFile: '/dev/null',
      });
      rows.mount.push(plain.wallMs);
      rows.peakMount.push(plain.peakKiB);
      rmSync(out, { recursive: true, force: true });
      // The same variant: a file SOURCE's seed is the seed.
      const offline = measured(NATIVE, [...flip, '--quiet', '--out', out, file]);
      rows.offline.push(offline.wallMs);
      rows.peakOffline.push(offline.peakKiB);
      const flipped = measured(NATIVE, ['mount', file, mnt, '--quiet', ...flip, '--', 'cat', join(mnt, 'big.bin')], {
        stdoutFile: '/dev/null',
      });
      rows.flipMount.push(flipped.wallMs);
      rows.peakFlip.push(flipped.peakKiB);
    }
    return Object.fromEntries(Object.entries(rows).map(([k, v]) => [k, median(v)]));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const load = () => os.loadavg()[0].toFixed(2);
log(`machine: ${os.cpus()[0].model}, ${os.cpus().length} cores; load ${load()} before`);
const results = {};
for (const mib of [sizeMiB, sizeMiB / 4]) {
  log(`${mib} MiB, ${runs} rounds...`);
  results[mib] = bench(mib * MIB);
}
const m = results[sizeMiB];
const mibps = (ms) => ((sizeMiB / ms) * 1000).toFixed(0);
const lines = [
  `fracture mount, ${sizeMiB} MiB of random bytes, medians of ${runs} rounds (load ${load()} after)`,
  `  cat SOURCE/file                         ${m.cat.toFixed(0)} ms  (${mibps(m.cat)} MiB/s)`,
  `  mount -- cat MNT/file (no faults)       ${m.mount.toFixed(0)} ms  (${mibps(m.mount)} MiB/s): ${(m.cat / m.mount).toFixed(2)} of cat's throughput (goal >= 0.5)`,
  `  fracture --mode byte_flip (offline)     ${m.offline.toFixed(0)} ms`,
  `  mount --mode byte_flip -- cat MNT/file  ${m.flipMount.toFixed(0)} ms: ${(m.flipMount / m.offline).toFixed(2)}x the offline run (goal <= 1)`,
  `  peak RSS of the mount process: ${(m.peakMount / 1024).toFixed(1)} MiB plain, ${(m.peakFlip / 1024).toFixed(1)} MiB byte_flip (goal < 64); at ${sizeMiB / 4} MiB: ${(results[sizeMiB / 4].peakMount / 1024).toFixed(1)} and ${(results[sizeMiB / 4].peakFlip / 1024).toFixed(1)} MiB`,
];
console.log(lines.join('\n'));
mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
const fd = openSync(join(ROOT, 'bench-results/mount.json'), 'w');
writeSync(fd, `${JSON.stringify({ sizeMiB, runs, results }, null, 2)}\n`);
closeSync(fd);
