// Whole processes, as users wait for them: start, read, corrupt, hash, write, exit.
//
//   node tests/bench/process.mjs            200 MiB random, byte_flip at 80, medians of 3 in one run:
//                                           zzuf at the same changed fraction, the native `fracture`
//                                           process and the npm CLI process (node bin/fracture.mjs);
//                                           wall time and peak RSS of each, and the two ratios.
//   node tests/bench/process.mjs --big      1.2 GiB and 4 GiB inputs in every mode: the native process's
//                                           peak RSS and time, native and npm CLI
//                                           ([--sizes BYTES,...] [--who native,npm] [--modes a,b]
//                                           [--families generic,mp3,avi,tar]: inputs laid out as
//                                           those families, their signatures, frame syncs, start
//                                           codes and headers all through the file).
//
// Inputs come from a seeded generator (xorshift32, the golden vectors' generator) written under the
// system's temporary directory and deleted afterwards. Peak RSS is the child process's own, read by
// GNU time (lib/measure.mjs).
import { createHash } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measured } from './lib/measure.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const NATIVE = join(ROOT, 'target/release/fracture');
const NPM_CLI = join(ROOT, 'bin/fracture.mjs');
const MIB = 1 << 20;
const GIB = 1 << 30;
const SEED = 1234567890;
const MODES = [
  'byte_flip',
  'header_preserve_flip',
  'guaranteed_break',
  'truncate_insert',
  'shuffle_blocks',
  'interrupted_transfer',
  'bad_sectors',
  'bit_rot',
];
const TARGET_ZZUF = 5;
const TARGET_NPM = 2;
const TARGET_NATIVE_MIB = 96;
const TARGET_NPM_MIB = 256;

const log = (...a) => console.error('[bench]', ...a);

const ascii = (t) => Array.from(t, (c) => c.charCodeAt(0));

/**
 * Family layouts laid over the random block (which repeats every 64 MiB, so they recur through the
 * file): what guaranteed_break's recipes look for, so its scans and structure steps do real work.
 */
const FAMILIES = {
  generic: { ext: 'bin', lay: () => {} },
  mp3: {
    ext: 'mp3',
    lay: (b) => {
      b.set(ascii('ID3\x04\0\0\0\0\0\0'), 0);
      // A 417-byte MPEG-1 Layer III frame after another, a Xing tag every 64 KiB.
      for (let at = 10; at + 4 <= b.length; at += 417) b.set([0xff, 0xfb, 0x90, 0x64], at);
      for (let at = 65536 - 2; at + 4 <= b.length; at += 65536) b.set(ascii('Xing'), at);
    },
  },
  avi: {
    ext: 'avi',
    lay: (b) => {
      b.set(ascii('RIFF\0\0\0\0AVI LIST\0\0\0\0hdrlavih'), 0);
      // A video chunk every 4 KiB, each starting with an MPEG-4 start code; a LIST/movi every 1 MiB.
      for (let at = 4096 - 3; at + 12 <= b.length; at += 4096)
        b.set([...ascii('00dc'), 0, 16, 0, 0, 0, 0, 1, 0xb6], at);
      for (let at = 1 << 20; at + 12 <= b.length; at += 1 << 20) b.set(ascii('LIST\0\0\0\0movi'), at);
    },
  },
  tar: {
    ext: 'tar',
    lay: (b) => {
      // A member header every 10 KiB (and `ustar` magics in between).
      for (let at = 0; at + 512 <= b.length; at += 10240) {
        b.fill(0x61, at, at + 100);
        b.set(ascii('ustar\x0000'), at + 257);
      }
    },
  },
};

/** `bytes` bytes of seeded xorshift32 output, written 16 MiB at a time (a 64 MiB block repeated). */
function generate(path, bytes, seed = 2463534242, lay = () => {}) {
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

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const mib = (kib) => kib / 1024;
const fmt = (x, d = 0) => x.toFixed(d);

function sha256File(path) {
  const h = createHash('sha256');
  const fd = openSync(path, 'r');
  const buf = Buffer.alloc(16 * MIB);
  try {
    for (;;) {
      const n = readSync(fd, buf, 0, buf.length, null);
      if (n === 0) break;
      h.update(buf.subarray(0, n));
    }
  } finally {
    closeSync(fd);
  }
  return h.digest('hex');
}

function fracture(command, file, mode, intensity, out) {
  const [cmd, pre] = command === 'npm' ? [process.execPath, [NPM_CLI]] : [NATIVE, []];
  return measured(cmd, [
    ...pre,
    '--mode',
    mode,
    '--intensity',
    String(intensity),
    '--seed',
    String(SEED),
    '--out',
    out,
    '--json',
    file,
  ]);
}

function flipFraction(n, intensity) {
  const h = Math.min(1024, Math.floor(n / 200), n - 1);
  return Math.min(n - h, Math.max(1, Math.floor((n * (500 + 45 * intensity)) / 10000))) / n;
}

/** 200 MiB random, byte_flip at 80: zzuf, native, npm CLI, each run 3 times in turn; medians. */
function speed(dir, runs) {
  const file = join(dir, 'random-200MiB.bin');
  const bytes = 200 * MIB;
  generate(file, bytes);
  const intensity = 80;
  const ratio = -Math.log(1 - flipFraction(bytes, intensity)) / 8;
  const out = join(dir, 'out');
  const rows = { zzuf: [], native: [], npm: [] };
  for (let r = 0; r < runs; r++) {
    rows.zzuf.push(
      measured('/usr/bin/zzuf', ['-s', String(SEED), '-r', ratio.toFixed(6)], {
        stdinFile: file,
        stdoutFile: join(dir, 'zzuf.out'),
      }),
    );
    rows.native.push(fracture('native', file, 'byte_flip', intensity, join(out, 'native')));
    rows.npm.push(fracture('npm', file, 'byte_flip', intensity, join(out, 'npm')));
  }
  const same =
    sha256File(join(out, 'native', 'random-200MiB_corrupted.bin')) ===
    sha256File(join(out, 'npm', 'random-200MiB_corrupted.bin'));
  const m = Object.fromEntries(
    Object.entries(rows).map(([k, v]) => [
      k,
      {
        ms: median(v.map((x) => x.wallMs)),
        cpu_ms: median(v.map((x) => x.cpuMs)),
        peak_mib: mib(Math.max(...v.map((x) => x.peakKiB))),
        all_ms: v.map((x) => Math.round(x.wallMs)),
      },
    ]),
  );
  console.log(
    `Whole processes: 200 MiB random, byte_flip at 80, seed ${SEED}; medians of ${runs} in one run (zzuf -r ${ratio.toFixed(6)}, the same fraction of bytes)`,
  );
  console.log('process                 median ms   runs (ms)              cpu ms   peak RSS MiB');
  for (const [name, label] of [
    ['zzuf', 'zzuf'],
    ['native', 'fracture (native)'],
    ['npm', 'node bin/fracture.mjs'],
  ]) {
    const x = m[name];
    console.log(
      `${label.padEnd(24)}${fmt(x.ms).padStart(9)}   ${x.all_ms.join(', ').padEnd(22)}${fmt(x.cpu_ms).padStart(7)}   ${fmt(x.peak_mib, 1).padStart(12)}`,
    );
  }
  const zr = m.zzuf.ms / m.native.ms;
  const nr = m.npm.ms / m.native.ms;
  const verdict = (ok) => (ok ? 'PASS' : 'MISS');
  console.log(
    `${verdict(zr >= TARGET_ZZUF)}  native process ≥ ${TARGET_ZZUF}× faster than zzuf: ${fmt(m.zzuf.ms)} ÷ ${fmt(m.native.ms)} ms = ${zr.toFixed(2)}×`,
  );
  console.log(
    `${verdict(nr <= TARGET_NPM)}  npm CLI process within ${TARGET_NPM}× of the native process: ${fmt(m.npm.ms)} ÷ ${fmt(m.native.ms)} ms = ${nr.toFixed(2)}×`,
  );
  console.log(
    `${verdict(m.native.peak_mib <= TARGET_NATIVE_MIB)}  native peak RSS ≤ ${TARGET_NATIVE_MIB} MiB: ${fmt(m.native.peak_mib, 1)} MiB`,
  );
  console.log(
    `${verdict(m.npm.peak_mib <= TARGET_NPM_MIB)}  npm CLI peak RSS ≤ ${TARGET_NPM_MIB} MiB: ${fmt(m.npm.peak_mib, 1)} MiB`,
  );
  console.log(
    `${same ? 'same' : 'DIFFERENT'} output bytes from the two CLIs; load average ${os
      .loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );
  if (!same) process.exitCode = 1;
}

/** Every mode on 1.2 GiB and 4 GiB: the native process's time and peak RSS, one run each. */
function big(dir, sizes, who = ['native', 'npm'], modes = MODES, families = ['generic']) {
  console.log(`Large inputs (seeded generator on disk), seed ${SEED}, intensity 80, one run each`);
  console.log('input          process   mode                    ms       MB/s   peak RSS MiB   result');
  for (const [bytes, family] of sizes.flatMap((b) => families.map((f) => [b, f]))) {
    const size = bytes >= GIB ? `${(bytes / GIB).toFixed(1)} GiB` : `${bytes / MIB} MiB`;
    const label = family === 'generic' ? size : `${size} ${family}`;
    const file = join(dir, `big-${bytes}.${FAMILIES[family].ext}`);
    log(`writing ${label} to ${file}`);
    generate(file, bytes, undefined, FAMILIES[family].lay);
    const jobs = who.flatMap((w) => modes.map((mode) => [w, mode]));
    const nativeSha = {};
    for (const [who, mode] of jobs) {
      const out = join(dir, `out-${who}-${mode}`);
      let line;
      try {
        const m = fracture(who, file, mode, 80, out);
        const report = JSON.parse(m.stdout.trim().split('\n').pop());
        // Both processes' output SHA-256s, compared mode by mode when both ran.
        if (who === 'native') nativeSha[mode] = report.sha256_after;
        const same = who === 'npm' && nativeSha[mode] ? report.sha256_after === nativeSha[mode] : undefined;
        if (same === false) process.exitCode = 1;
        const check = `${report.result_size} bytes out${same === undefined ? '' : same ? ', same bytes as native' : ', DIFFERENT bytes from native'}`;
        line = `${fmt(m.wallMs).padStart(8)} ${fmt(bytes / 1e3 / m.wallMs).padStart(9)} ${fmt(mib(m.peakKiB), 1).padStart(14)}   ${check}`;
      } catch (e) {
        line = `${''.padStart(8)} ${''.padStart(9)} ${''.padStart(14)}   refused: ${String(e.message).split(' | ').pop().slice(0, 120)}`;
      }
      rmSync(out, { recursive: true, force: true });
      console.log(`${label.padEnd(15)}${who.padEnd(10)}${mode.padEnd(22)}${line}`);
    }
    rmSync(file, { force: true });
  }
}

function main() {
  const argv = process.argv.slice(2);
  const dir = mkdtempSync(join(os.tmpdir(), 'fracture-process-'));
  try {
    statSync(NATIVE);
    if (argv.includes('--big')) {
      const sizes = argv.includes('--sizes')
        ? argv[argv.indexOf('--sizes') + 1].split(',').map(Number)
        : [Math.round(1.2 * GIB), 4 * GIB];
      const list = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1].split(',') : undefined);
      const families = list('--families');
      for (const f of families ?? []) if (!FAMILIES[f]) throw new Error(`no family layout ${f}`);
      big(dir, sizes, list('--who'), list('--modes'), families);
    } else {
      speed(dir, 3);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
