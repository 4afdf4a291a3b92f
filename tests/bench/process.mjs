// Whole processes, as users wait for them: start, read, corrupt, hash, write, exit.
//
//   node tests/bench/process.mjs [--runs N] 200 MiB random, byte_flip at 80, medians of N rounds (5)
//                                           in one run, interleaved: zzuf at the same changed fraction,
//                                           the native `fracture` process, the npm CLI process
//                                           (node bin/fracture.mjs), each with --json and without
//                                           (no report shown), `sha256sum` and `cp` of the same
//                                           file; wall time and peak RSS of each, each against zzuf
//                                           and against native, the targets (issue 26), the machine
//                                           and its load. Also written to bench-results/process.json.
//   node tests/bench/process.mjs --big      1.2 GiB and 4 GiB inputs in every mode: the native process's
//                                           peak RSS and time, native and npm CLI
//                                           ([--sizes BYTES,...] [--who native,npm] [--modes a,b]
//                                           [--families generic,mp3,avi,tar]: inputs laid out as
//                                           those families, their signatures, frame syncs, start
//                                           codes and headers all through the file).
//   node tests/bench/process.mjs --big --fix  --fix-checksums on realistic big files of every fixed
//                                           family (a stored zip, a tar, a png, an ogg, a flac made
//                                           of repeated entries, chunks, pages and frames), byte_flip
//                                           and bit_rot: time and peak RSS (--sizes, --who, and
//                                           --families among zip,tar,png,ogg,flac).
//   node tests/bench/process.mjs --shuffle-memory  shuffle_blocks at intensity 100 on sparse inputs of
//                                           1 GiB and 8 GiB (--sizes): the native process's peak RSS,
//                                           which its windowed plan bounds whatever the size.
//
// Inputs come from a seeded generator (xorshift32, the golden vectors' generator) written under the
// system's temporary directory and deleted afterwards. Peak RSS is the child process's own, read by
// GNU time (lib/measure.mjs).
import { createHash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import {
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measured } from './lib/measure.mjs';
import { generate } from './lib/random-file.mjs';

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
  'text_transfer',
  'seven_bit',
  'charset_roundtrip',
  'misdirected_write',
];
const TARGET_ZZUF = 5;
const AIM_ZZUF = 6;
const TARGET_NPM = 1.3;
const TARGET_NATIVE_MIB = 96;
/** The npm CLI's peak on the 200 MiB run (issue 26); --big and --fix hold it to 256 MiB (issue 14). */
const TARGET_NPM_MIB = 128;
const TARGET_NPM_BIG_MIB = 256;

const log = (...a) => console.error('[bench]', ...a);
/** `fracture`'s marker for a run without --json: no report shown, so none made (docs/cli.md). */
const REPORTLESS = Symbol('no report');

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

/**
 * One CLI process with --json (its report), or without it when `extra` includes REPORTLESS. `npm` runs
 * the npm CLI as installed (its native addon where built), `npm-module` with FRACTURE_ADDON=off (its
 * helper threads running the WebAssembly module, as on a platform without a prebuilt addon). Node
 * starts without NODE_EXTRA_CA_CERTS, which a machine behind a TLS proxy may set (this one does): it
 * makes Node parse every certificate in the file before any code runs (37 ms here), for connections
 * the CLI never makes.
 */
function fracture(command, file, mode, intensity, out, extra = []) {
  const [cmd, pre] = command.startsWith('npm') ? [process.execPath, [NPM_CLI]] : [NATIVE, []];
  const env = { FRACTURE_ADDON: command === 'npm-module' ? 'off' : 'on', NODE_EXTRA_CA_CERTS: undefined };
  const json = extra.includes(REPORTLESS) ? [] : ['--json'];
  extra = extra.filter((a) => a !== REPORTLESS);
  return measured(
    cmd,
    [
      ...pre,
      '--mode',
      mode,
      '--intensity',
      String(intensity),
      '--seed',
      String(SEED),
      '--out',
      out,
      ...json,
      ...extra,
      file,
    ],
    { env: command === 'native' ? undefined : env },
  );
}

function flipFraction(n, intensity) {
  const h = Math.min(1024, Math.floor(n / 200), n - 1);
  return Math.min(n - h, Math.max(1, Math.floor((n * (500 + 45 * intensity)) / 10000))) / n;
}

/** The machine, as the speed table's header names it: CPU model, cores, memory. */
function machine() {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / GIB).toFixed(1)} GiB`;
}

const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

/**
 * 200 MiB random, byte_flip at 80, whole processes in turn (zzuf, native, npm CLI, sha256sum, cp), each
 * round in a rotated order so none always follows another; medians of `runs`. Every output is removed
 * before each run, so no process pays for freeing the last run's file. Prints each process's time
 * against zzuf and against the native process (both measured in the same rounds) and the targets.
 */
function speed(dir, runs) {
  const file = join(dir, 'random-200MiB.bin');
  const bytes = 200 * MIB;
  generate(file, bytes);
  const intensity = 80;
  const ratio = -Math.log(1 - flipFraction(bytes, intensity)) / 8;
  const out = join(dir, 'out');
  const outputs = {
    zzuf: join(dir, 'zzuf.out'),
    native: join(out, 'native'),
    npm: join(out, 'npm'),
    native_plain: join(out, 'native-plain'),
    npm_plain: join(out, 'npm-plain'),
    module_plain: join(out, 'module-plain'),
    sha256sum: join(dir, 'sha256sum.out'),
    cp: join(dir, 'cp.out'),
  };
  const run = {
    zzuf: () =>
      measured('/usr/bin/zzuf', ['-s', String(SEED), '-r', ratio.toFixed(6)], {
        stdinFile: file,
        stdoutFile: outputs.zzuf,
      }),
    native: () => fracture('native', file, 'byte_flip', intensity, outputs.native),
    npm: () => fracture('npm', file, 'byte_flip', intensity, outputs.npm),
    native_plain: () => fracture('native', file, 'byte_flip', intensity, outputs.native_plain, [REPORTLESS]),
    npm_plain: () => fracture('npm', file, 'byte_flip', intensity, outputs.npm_plain, [REPORTLESS]),
    module_plain: () => fracture('npm-module', file, 'byte_flip', intensity, outputs.module_plain, [REPORTLESS]),
    sha256sum: () => measured('sha256sum', [file], { stdoutFile: outputs.sha256sum }),
    cp: () => measured('cp', [file, outputs.cp]),
  };
  const names = Object.keys(run);
  const rows = Object.fromEntries(names.map((k) => [k, []]));
  const loadBefore = loadavg();
  for (let r = 0; r < runs; r++) {
    const order = names.map((_, i) => names[(i + r) % names.length]);
    for (const name of order) {
      rmSync(outputs[name], { recursive: true, force: true });
      rows[name].push(run[name]());
    }
    log(`round ${r + 1} of ${runs}: ${order.map((n) => `${n} ${Math.round(rows[n][r].wallMs)} ms`).join(', ')}`);
  }
  const outSha = (k) => sha256File(join(outputs[k], 'random-200MiB_corrupted.bin'));
  const sameBytes = new Set(['native', 'npm', 'native_plain', 'npm_plain', 'module_plain'].map(outSha)).size === 1;
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
    `Whole processes: 200 MiB random, byte_flip at 80, seed ${SEED}; medians of ${runs} rounds in one run (zzuf -r ${ratio.toFixed(6)}, the same fraction of bytes)`,
  );
  console.log(`Machine: ${machine()}; load average ${loadBefore} before, ${loadavg()} after`);
  if (process.env.NODE_EXTRA_CA_CERTS)
    console.log('NODE_EXTRA_CA_CERTS is set here: the npm CLI runs without it (it costs Node tens of ms at start).');
  if (Math.max(...os.loadavg()) > os.cpus().length)
    console.log(
      'Load average above the core count: wall times are stretched by other work and the ratios swing; CPU times (user + system) move less.',
    );
  console.log(
    'process                 median ms   ÷ zzuf   ÷ native   runs (ms)                        cpu ms   cpu ÷ zzuf   cpu ÷ native   peak RSS MiB',
  );
  for (const [name, label] of [
    ['zzuf', `zzuf -r ${ratio.toFixed(4)}`],
    ['native', 'fracture (native)'],
    ['npm', 'node bin/fracture.mjs'],
    ['native_plain', 'fracture, no --json'],
    ['npm_plain', 'npm CLI, no --json'],
    ['module_plain', 'npm, addon off, no json'],
    ['sha256sum', 'sha256sum'],
    ['cp', 'cp'],
  ]) {
    const x = m[name];
    console.log(
      `${label.padEnd(24)}${fmt(x.ms).padStart(9)}${(x.ms / m.zzuf.ms).toFixed(3).padStart(9)}${(x.ms / m.native.ms).toFixed(2).padStart(11)}   ${x.all_ms.join(', ').padEnd(32)}${fmt(x.cpu_ms).padStart(7)}${(x.cpu_ms / m.zzuf.cpu_ms).toFixed(3).padStart(13)}${(x.cpu_ms / m.native.cpu_ms).toFixed(2).padStart(15)}   ${fmt(x.peak_mib, 1).padStart(12)}`,
    );
  }
  const zr = m.zzuf.ms / m.native.ms;
  const sr = m.native.ms / m.sha256sum.ms;
  const nr = m.npm.ms / m.native.ms;
  const zp = m.zzuf.ms / m.native_plain.ms;
  const sp = m.native_plain.ms / m.sha256sum.ms;
  const np = m.npm_plain.ms / m.native_plain.ms;
  const verdict = (ok) => (ok ? 'PASS' : 'MISS');
  console.log('With --json (the report, so both SHA-256s and byte counts):');
  const lines = [
    [
      zr >= TARGET_ZZUF,
      `native process ≥ ${TARGET_ZZUF}× faster than zzuf (aim ${AIM_ZZUF}×): ${fmt(m.zzuf.ms)} ÷ ${fmt(m.native.ms)} ms = ${zr.toFixed(2)}×`,
    ],
    [
      sr <= 1,
      `native process no slower than sha256sum of the same file: ${fmt(m.native.ms)} ÷ ${fmt(m.sha256sum.ms)} ms = ${sr.toFixed(2)}×`,
    ],
    [
      nr <= TARGET_NPM,
      `npm CLI process within ${TARGET_NPM}× of the native process: ${fmt(m.npm.ms)} ÷ ${fmt(m.native.ms)} ms = ${nr.toFixed(2)}×`,
    ],
    [
      m.native.peak_mib <= TARGET_NATIVE_MIB,
      `native peak RSS ≤ ${TARGET_NATIVE_MIB} MiB: ${fmt(m.native.peak_mib, 1)} MiB`,
    ],
    [m.npm.peak_mib <= TARGET_NPM_MIB, `npm CLI peak RSS ≤ ${TARGET_NPM_MIB} MiB: ${fmt(m.npm.peak_mib, 1)} MiB`],
  ];
  for (const [ok, text] of lines) console.log(`${verdict(ok)}  ${text}`);
  console.log('Without --json (no report shown, so none made):');
  const plain = [
    [
      zp >= TARGET_ZZUF,
      `native process ≥ ${TARGET_ZZUF}× faster than zzuf (aim ${AIM_ZZUF}×): ${fmt(m.zzuf.ms)} ÷ ${fmt(m.native_plain.ms)} ms = ${zp.toFixed(2)}×`,
    ],
    [
      sp <= 1,
      `native process no slower than sha256sum: ${fmt(m.native_plain.ms)} ÷ ${fmt(m.sha256sum.ms)} ms = ${sp.toFixed(2)}×`,
    ],
    [
      np <= TARGET_NPM,
      `npm CLI process within ${TARGET_NPM}× of the native process: ${fmt(m.npm_plain.ms)} ÷ ${fmt(m.native_plain.ms)} ms = ${np.toFixed(2)}×`,
    ],
  ];
  for (const [ok, text] of plain) console.log(`${verdict(ok)}  ${text}`);
  lines.push(...plain.map(([ok, text]) => [ok, `without --json: ${text}`]));
  console.log(
    `Not a target: the npm CLI without its native addon (FRACTURE_ADDON=off, the module on helper threads), no --json: ${(m.module_plain.ms / m.native_plain.ms).toFixed(2)}× the native process`,
  );
  console.log(
    `${sameBytes ? 'same' : 'DIFFERENT'} output bytes from the two CLIs (the npm CLI with and without its addon), with and without --json`,
  );
  mkdirSync(join(ROOT, 'bench-results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench-results', 'process.json'),
    `${JSON.stringify({ machine: machine(), load: [loadBefore, loadavg()], runs, zzuf_ratio: ratio, processes: m, targets: lines.map(([ok, text]) => ({ ok, text })), same_bytes: sameBytes }, null, 2)}\n`,
  );
  if (!sameBytes) process.exitCode = 1;
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

/**
 * shuffle_blocks' plan memory: sparse inputs (all zeros, made with ftruncate, so only the output
 * takes disk), intensity 100 (the most blocks planned), the native process's peak RSS. The plan is
 * made a window of 2^20 blocks (4 GiB) at a time (docs/contract.md 6.4), so the peak stays put.
 */
function shuffleMemory(dir, sizes) {
  console.log('shuffle_blocks at intensity 100 on sparse inputs, native CLI, one run each');
  console.log('input          ms       MB/s   peak RSS MiB   shuffled_blocks');
  for (const bytes of sizes) {
    const file = join(dir, `sparse-${bytes}.bin`);
    closeSync(openSync(file, 'w'));
    truncateSync(file, bytes);
    const out = join(dir, 'out-shuffle');
    try {
      const m = fracture('native', file, 'shuffle_blocks', 100, out);
      const report = JSON.parse(m.stdout.trim().split('\n').pop());
      const size = `${(bytes / GIB).toFixed(1)} GiB`;
      console.log(
        `${size.padEnd(15)}${fmt(m.wallMs).padStart(8)} ${fmt(bytes / 1e3 / m.wallMs).padStart(9)} ${fmt(mib(m.peakKiB), 1).padStart(14)}   ${report.shuffled_blocks}`,
      );
    } finally {
      rmSync(out, { recursive: true, force: true });
      rmSync(file, { force: true });
    }
  }
}

/** One unit of a family's file, repeated: [head, unit(i), tail(count, at)] builders, `name`. */
function families() {
  const payload = new Uint8Array(MIB);
  for (let i = 0; i < payload.length; i++) payload[i] = (i * 131 + (i >> 9)) & 0x7f;
  const u32be = (v) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
  const u32le = (v) => [v & 255, (v >>> 8) & 255, (v >>> 16) & 255, (v >>> 24) & 255];
  const u16le = (v) => [v & 255, (v >>> 8) & 255];
  const cat = (...parts) => Buffer.concat(parts.map((p) => Buffer.from(p)));
  const png = () => {
    const chunk = (kind, data) => {
      const body = cat(Buffer.from(kind), data);
      return cat(u32be(data.length), body, u32be(crc32(body)));
    };
    const idat = chunk('IDAT', payload);
    return {
      name: 'big.png',
      head: cat([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10], chunk('IHDR', [0, 0, 4, 0, 0, 0, 4, 0, 8, 0, 0, 0, 0])),
      unit: () => idat,
      tail: () => chunk('IEND', []),
    };
  };
  const zip = () => {
    // Stored 1 MiB entries: a central directory of about 1,200 entries at 1.2 GiB.
    const crc = crc32(payload);
    const entries = [];
    const name = (i) => Buffer.from(`part/${String(i).padStart(6, '0')}.bin`);
    const header = (sig) => cat(sig, [20, 0, 0, 0, 0, 0, 0, 0, 0, 0], u32le(crc), u32le(MIB), u32le(MIB));
    return {
      name: 'big.zip',
      head: Buffer.alloc(0),
      unit: (i, at) => {
        entries.push(at);
        return cat(header([0x50, 0x4b, 3, 4]), u16le(name(i).length), [0, 0], name(i), payload);
      },
      tail: (at) => {
        const cd = cat(
          ...entries.map((lho, i) =>
            cat(
              [0x50, 0x4b, 1, 2, 20, 0],
              header([]).subarray(0, 24),
              u16le(name(i).length),
              Buffer.alloc(12),
              u32le(lho),
              name(i),
            ),
          ),
        );
        return cat(
          cd,
          [0x50, 0x4b, 5, 6, 0, 0, 0, 0],
          u16le(entries.length & 0xffff),
          u16le(entries.length & 0xffff),
          u32le(cd.length),
          u32le(at),
          [0, 0],
        );
      },
    };
  };
  const tar = () => ({
    name: 'big.tar',
    head: Buffer.alloc(0),
    unit: (i) => {
      const h = Buffer.alloc(512);
      h.write(`part/${i}.bin`, 0);
      h.write('0000644', 100);
      h.write(payload.length.toString(8).padStart(11, '0'), 124);
      h.write('0', 156);
      h.write('ustar\0', 257, 'latin1');
      h.fill(0x20, 148, 156);
      let sum = 0;
      for (const b of h) sum += b;
      h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
      return cat(h, payload);
    },
    tail: () => Buffer.alloc(1024),
  });
  const ogg = () => {
    // Full pages: 255 segments of 255 bytes, the page CRC recomputed (Ogg's CRC-32, unreflected).
    const table = new Uint32Array(256);
    for (let i = 0; i < 256; i++) {
      let r = i << 24;
      for (let j = 0; j < 8; j++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
      table[i] = r >>> 0;
    }
    const body = payload.subarray(0, 255 * 255);
    return {
      name: 'big.ogg',
      head: Buffer.alloc(0),
      unit: (i) => {
        const p = cat(
          [0x4f, 0x67, 0x67, 0x53, 0, 0],
          Buffer.alloc(8),
          u32le(7),
          u32le(i),
          [0, 0, 0, 0, 255],
          Buffer.alloc(255, 255),
          body,
        );
        let c = 0;
        for (const b of p) c = ((c << 8) ^ table[((c >>> 24) ^ b) & 255]) >>> 0;
        p.writeUInt32LE(c, 22);
        return p;
      },
      tail: () => Buffer.alloc(0),
    };
  };
  const flac = () => {
    // One frame repeated (its number stays 0): header, payload without 0xFF, CRC-16 (FLAC's).
    const crc8 = (bytes) => {
      let c = 0;
      for (const b of bytes) {
        c ^= b;
        for (let j = 0; j < 8; j++) c = c & 0x80 ? ((c << 1) ^ 0x07) & 255 : (c << 1) & 255;
      }
      return c;
    };
    const head = [0xff, 0xf8, 0x19, 0x08, 0];
    const frame = cat(head, [crc8(head)], payload.subarray(0, 60000));
    let c = 0;
    for (const b of frame) {
      c ^= b << 8;
      for (let j = 0; j < 8; j++) c = c & 0x8000 ? ((c << 1) ^ 0x8005) & 0xffff : (c << 1) & 0xffff;
    }
    const unit = cat(frame, [c >> 8, c & 255]);
    const info = cat(
      [0x66, 0x4c, 0x61, 0x43, 0x80, 0, 0, 34],
      [0x10, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0x0a, 0xc4, 0x42, 0xf0, 0, 0, 0, 0],
      Buffer.alloc(16),
    );
    return { name: 'big.flac', head: info, unit: () => unit, tail: () => Buffer.alloc(0) };
  };
  return [zip, tar, png, ogg, flac];
}

/** Writes a family's file of about `bytes` bytes; returns its path. */
function generateFamily(dir, make, bytes) {
  const f = make();
  const path = join(dir, f.name);
  const fd = openSync(path, 'w');
  try {
    let at = 0;
    const put = (b) => {
      writeSync(fd, b, 0, b.length, at);
      at += b.length;
    };
    put(f.head);
    for (let i = 0; at < bytes; i++) put(f.unit(i, at));
    put(f.tail(at));
  } finally {
    closeSync(fd);
  }
  return path;
}

/** --fix-checksums on big files of every fixed family: time and peak RSS, outputs compared. */
function bigFix(dir, sizes, who = ['native', 'npm'], only = undefined) {
  console.log(`Checksum fixing on large files of the fixed families, seed ${SEED}, intensity 80, one run each`);
  console.log('input        process   file       mode          ms       MB/s   peak RSS MiB   result');
  for (const bytes of sizes) {
    for (const make of families().filter((f) => !only || only.includes(f.name))) {
      const file = generateFamily(dir, make, bytes);
      const size = statSync(file).size;
      // The file's own size: a whole number of entries, chunks, pages or frames past `bytes`.
      const label = size >= GIB ? `${(size / GIB).toFixed(3)} GiB` : `${(size / MIB).toFixed(1)} MiB`;
      const nativeSha = {};
      for (const w of who) {
        for (const mode of ['byte_flip', 'bit_rot']) {
          const out = join(dir, `out-${w}-${mode}`);
          let line;
          try {
            const m = fracture(w, file, mode, 80, out, ['--fix-checksums']);
            const report = JSON.parse(m.stdout.trim().split('\n').pop());
            if (w === 'native') nativeSha[mode] = report.sha256_after;
            const same = w === 'npm' && nativeSha[mode] ? report.sha256_after === nativeSha[mode] : undefined;
            if (same === false) process.exitCode = 1;
            const fixed = Object.values(report.checksums_fixed ?? {}).reduce((a, b) => a + b, 0);
            const check = `${fixed} fields fixed${same === undefined ? '' : same ? ', same bytes as native' : ', DIFFERENT bytes from native'}`;
            line = `${fmt(m.wallMs).padStart(8)} ${fmt(size / 1e3 / m.wallMs).padStart(9)} ${fmt(mib(m.peakKiB), 1).padStart(14)}   ${check}`;
            if (w === 'native' && mib(m.peakKiB) > TARGET_NATIVE_MIB) process.exitCode = 1;
            if (w === 'npm' && mib(m.peakKiB) > TARGET_NPM_BIG_MIB) process.exitCode = 1;
          } catch (e) {
            line = `${''.padStart(8)} ${''.padStart(9)} ${''.padStart(14)}   refused: ${String(e.message).split(' | ').pop().slice(0, 100)}`;
          }
          rmSync(out, { recursive: true, force: true });
          console.log(`${label.padEnd(13)}${w.padEnd(10)}${file.split('/').pop().padEnd(11)}${mode.padEnd(12)}${line}`);
        }
      }
      rmSync(file, { force: true });
    }
  }
}

function main() {
  const argv = process.argv.slice(2);
  const dir = mkdtempSync(join(os.tmpdir(), 'fracture-process-'));
  try {
    statSync(NATIVE);
    if (argv.includes('--shuffle-memory')) {
      const sizes = argv.includes('--sizes')
        ? argv[argv.indexOf('--sizes') + 1].split(',').map(Number)
        : [GIB, 8 * GIB];
      shuffleMemory(dir, sizes);
    } else if (argv.includes('--big')) {
      const sizes = argv.includes('--sizes')
        ? argv[argv.indexOf('--sizes') + 1].split(',').map(Number)
        : [Math.round(1.2 * GIB), 4 * GIB];
      const list = (flag) => (argv.includes(flag) ? argv[argv.indexOf(flag) + 1].split(',') : undefined);
      const families = list('--families');
      if (argv.includes('--fix')) bigFix(dir, sizes, list('--who'), families);
      else {
        for (const f of families ?? []) if (!FAMILIES[f]) throw new Error(`no family layout ${f}`);
        big(dir, sizes, list('--who'), list('--modes'), families);
      }
    } else {
      const runs = argv.includes('--runs') ? Number(argv[argv.indexOf('--runs') + 1]) : 5;
      if (!(runs >= 1)) throw new Error('--runs takes a count of at least 1');
      speed(dir, runs);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
