// Both command lines over a generated set of commands (issue 40, point 2): the same arguments in two
// copies of one directory, and every file either writes compared with the other's, byte for byte, as
// are the exit code and every line printed. Commands are drawn from a seeded generator over modes
// (engine and UI names), intensities, seeds, --only/--protect ranges, --fix-checksums, --member,
// the modes' own options, --count, --report, --pdf, --json, --zip, --name with standard input, and
// files with odd names; a command either CLI refuses must be refused by both with the same line.
//
// Then campaigns: `fracture run` (drawn modes, counts, jobs, --no-minimize, --no-baseline) against
// real checkers (Python's json and zipfile, and a reader that aborts on a bad PNG signature, so
// crashes are found and minimised), alone or as two shards then `fracture merge`; the campaign
// directories must hold the same files with the same text, runs.jsonl's durations aside.
//
// What may differ, and only that: a report's `time_ms` and `ops_ms`, an ISO 8601 time of day and a
// duration in milliseconds in a PDF's text (the run's own clock), the inode numbers a --dry-run plan
// prints (each CLI runs on its own copy of the inputs), and in a batch ZIP the session report's
// timings (its entries are compared in order, with their dates and bytes: ZIP_ASIDE below). Every
// file's permission bits must be the same too. `fracture minimize` has its own generated set
// (minimize-twins.test.ts).
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_MODES } from '../../lib/engine/shared/types.ts';
import { crc32 } from '../../lib/zip/crc32.ts';
import { xorshiftBytes } from './generators.ts';
import { untimed as untimedFields } from './untimed.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');
/** Commands drawn; each runs in both CLIs. FRACTURE_COMMANDS=N draws more (the seed is fixed). */
const COMMANDS = Number(process.env.FRACTURE_COMMANDS ?? 40);

/** A small seeded generator (xorshift32) for the commands. */
class Draw {
  constructor(private x: number) {}
  next(): number {
    this.x ^= this.x << 13;
    this.x ^= this.x >>> 17;
    this.x ^= this.x << 5;
    return this.x >>> 0;
  }
  below(n: number): number {
    return this.next() % n;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)];
  }
  chance(p: number): boolean {
    return this.next() / 2 ** 32 < p;
  }
}

/** A real 32x16 RGB PNG (IHDR, one IDAT, IEND), so the format-aware modes and --fix-checksums apply. */
function png(): Uint8Array {
  const chunk = (type: string, data: Uint8Array) => {
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    out.write(type, 4, 'latin1');
    out.set(data, 8);
    out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(32, 0);
  ihdr.writeUInt32BE(16, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(16 * (1 + 32 * 3));
  rows.set(xorshiftBytes(rows.length, 11));
  for (let y = 0; y < 16; y++) rows[y * (1 + 32 * 3)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** A ZIP with two stored members, written by Python's zipfile (a writer nobody here wrote). */
function zipWith(file: string) {
  const r = spawnSync('python3', [
    '-c',
    `import sys, zipfile
with zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:
    z.writestr(zipfile.ZipInfo('doc/readme.txt', (2020, 1, 2, 3, 4, 6)), 'read me\\r\\n' * 200)
    z.writestr(zipfile.ZipInfo('data.bin', (2020, 1, 2, 3, 4, 6)), bytes(range(256)) * 8)`,
    file,
  ]);
  expect(r.status, r.stderr.toString()).toBe(0);
}

/** The inputs, by name (bytes where the name is not UTF-8). */
const FILES: [string | Buffer, () => Uint8Array][] = [
  ['image.png', png],
  ['notes.txt', () => new TextEncoder().encode('Grüße, naïve café\r\nsecond line\r\n'.repeat(60))],
  ['README', () => new TextEncoder().encode('no extension\n'.repeat(40))],
  ['rows.csv', () => new TextEncoder().encode('id,name\n1,"a"\n2,"b"\n'.repeat(80))],
  ['ünï ✓.JSON', () => new TextEncoder().encode('{"k": [1, 2, 3]}\n'.repeat(30))],
  ['a/same.bin', () => xorshiftBytes(6000, 3)],
  ['b/same.bin', () => xorshiftBytes(3000, 4)],
  ['empty.txt', () => new Uint8Array()],
];
const NAMES = [...FILES.map(([n]) => String(n)), 'archive.zip'];

const MODE_NAMES = [...ENGINE_MODES, 'quick_scramble', 'guaranteed_break', 'stealth_corruption'];
const RANGES = ['0:64', '100:', '-200:', ':0x80', '16:32', '0:1%', '50%:'];

/** One command line, drawn. */
function command(d: Draw): { args: string[]; stdin?: string } {
  const mode = d.pick(MODE_NAMES);
  const args = ['--mode', mode, '--intensity', String(d.below(101)), '--seed', String(d.next())];
  if (d.chance(0.3)) args.push('--only', d.pick(RANGES));
  if (d.chance(0.2)) args.push('--protect', d.pick(RANGES));
  if (d.chance(0.2)) args.push('--fix-checksums');
  if (mode === 'text_transfer' && d.chance(0.6)) args.push('--direction', d.pick(['lf_to_crlf', 'crlf_to_lf', 'auto']));
  if (mode === 'charset_roundtrip' && d.chance(0.6)) {
    args.push('--direction', d.pick(['from_utf8', 'to_utf8']), '--charset', d.pick(['latin1', 'cp1252']));
  }
  if (mode === 'charset_roundtrip' && d.chance(0.4)) args.push('--bom', d.pick(['add', 'strip', 'keep']));
  if (mode === 'misdirected_write' && d.chance(0.6)) args.push('--block-size', d.pick(['512', '4096']));
  if (d.chance(0.2)) args.push('--report');
  if (d.chance(0.1)) args.push('--pdf');
  if (d.chance(0.3)) args.push('--json');
  if (d.chance(0.05)) args.push('--dry-run');
  if (d.chance(0.1)) {
    // Standard input to standard output, named or not.
    if (d.chance(0.5)) args.push('--name', d.pick(['in.png', 'data', 'x.txt']));
    return { args: [...args, '-'], stdin: d.pick(['image.png', 'notes.txt', 'README']) };
  }
  if (d.chance(0.15)) return { args: [...args, '--member', d.pick(['doc/readme.txt', 'data.bin']), 'archive.zip'] };
  if (d.chance(0.2)) args.push('--count', String(1 + d.below(3)));
  if (d.chance(0.15)) args.push('--zip', 'batch.zip');
  args.push('--out', d.pick(['out', 'deep/er/out', '.']));
  const files = new Set<string>();
  for (let k = 1 + d.below(3); k > 0; k--) files.add(d.pick(NAMES));
  return { args: [...args, ...files] };
}

/** Every file under `dir` (names as bytes, for names that are not UTF-8), with its bytes. */
function files(dir: string, under = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  for (const entry of readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const rel = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) for (const [k, v] of files(dir, rel)) out.set(k, v);
    else out.set(rel, readFileSync(path.join(dir, rel)));
  }
  return out;
}

/** Every file's permission bits under `dir`, by its path relative to `dir`. */
function modes(dir: string): Record<string, string> {
  return Object.fromEntries(
    [...files(dir).keys()].map((rel) => [rel, (statSync(path.join(dir, rel)).mode & 0o777).toString(8)]),
  );
}

/** Inputs with permissions outputs take (an output grants at most what its inputs do): one executable, one private. */
function oddModes(inputs: string) {
  chmodSync(path.join(inputs, 'notes.txt'), 0o755);
  chmodSync(path.join(inputs, 'README'), 0o600);
}

const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
/** A JSON report without its timings, in its emitted order. */
const untimed = (text: string): string => JSON.stringify(untimedFields(JSON.parse(text)));
/** A PDF's text with the run's own clock out. */
function pdfText(file: string): string {
  const r = spawnSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout.replace(ISO_TIME, 'TIME').replace(/\b\d+(\.\d+)? ms\b/g, 'N ms');
}
/**
 * Printed lines: JSON lines without their timings, and the inode numbers of a --dry-run plan out (the
 * two command lines run on two copies of the inputs); anything else as it is.
 */
function lines(out: string): string[] {
  return out.split('\n').map((l) => (l.startsWith('{') ? untimed(l) : l).replace(/("inode":|inode )\d+/g, '$1N'));
}

/** What stays aside for the batch ZIP while it is written twice: compared entry by entry (zipEntries). */
const ZIP_ASIDE = /\.zip$/;

/**
 * A batch ZIP as both command lines must agree on it: every entry in order, with its date (one rule
 * in both: SOURCE_DATE_EPOCH, else the session's start, so the clock is taken out) and its bytes, the
 * session report's JSON without its timings. Python's zipfile reads it, and checks
 * every CRC. PDFs by their text with the timings out (one writer, but each run's own time_ms;
 * tests/cross-engine/reports.test.ts shows the bytes are the writer's).
 */
function zipEntries(file: string, aside: string): unknown[] {
  const r = spawnSync(
    'python3',
    [
      '-c',
      `import hashlib, json, os, sys, zipfile
z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None
out = []
for k, i in enumerate(z.infolist()):
    data = z.read(i)
    if i.filename.endswith('_session_report.json'): body = data.decode()
    elif i.filename.endswith('.pdf'):
        body = os.path.join(sys.argv[2], f'entry-{k}.pdf'); open(body, 'wb').write(data)
    else: body = hashlib.sha256(data).hexdigest()
    out.append([i.filename, i.date_time, i.external_attr, body])
print(json.dumps(out))`,
      file,
      aside,
    ],
    { encoding: 'utf8' },
  );
  expect(r.status, r.stderr).toBe(0);
  const entries = JSON.parse(r.stdout) as [string, number[], number, string][];
  return entries.map(([name, date, attr, body]) => [
    name,
    date,
    attr,
    name.endsWith('_session_report.json')
      ? JSON.stringify(JSON.parse(body), (k, v) => (SESSION_TIMINGS.has(k) ? undefined : v))
      : name.endsWith('.pdf')
        ? pdfText(body)
        : body,
  ]);
}

/** The session report's timings: the session's and each file's (the rest, in order, must agree). */
const SESSION_TIMINGS = new Set(['session_duration_ms', 'time_ms', 'ops_ms']);
/** One date for both runs' ZIP entries and session reports (docs/cli.md, "The batch ZIP"). */
const SOURCE_DATE_EPOCH = '1700000000';

describe('both command lines over generated commands', () => {
  let base: string;
  beforeAll(() => {
    for (const p of [NATIVE, NPM, path.join(ROOT, 'dist/cli/main.js')]) {
      if (!existsSync(p)) throw new Error(`${p} is missing: run \`make build\` first`);
    }
    base = mkdtempSync(path.join(tmpdir(), 'fracture-commands-'));
    mkdirSync(path.join(base, 'inputs/a'), { recursive: true });
    mkdirSync(path.join(base, 'inputs/b'), { recursive: true });
    for (const [name, bytes] of FILES) writeFileSync(path.join(base, 'inputs', String(name)), bytes());
    zipWith(path.join(base, 'inputs/archive.zip'));
    oddModes(path.join(base, 'inputs'));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  const d = new Draw(0x5eed40);
  const drawn = Array.from({ length: COMMANDS }, () => command(d));
  for (const [k, { args, stdin }] of drawn.entries()) {
    it(`${k}: fracture ${args.join(' ')}${stdin ? ` < ${stdin}` : ''}`, () => {
      const ran = (['native', 'npm'] as const).map((tool) => {
        const cwd = path.join(base, `${k}-${tool}`);
        cpSync(path.join(base, 'inputs'), cwd, { recursive: true });
        const [cmd, pre] = tool === 'native' ? [NATIVE, []] : [process.execPath, [NPM]];
        const input = stdin === undefined ? undefined : readFileSync(path.join(cwd, stdin));
        const env = { ...process.env, FRACTURE_ADDON: 'off', SOURCE_DATE_EPOCH };
        const r = spawnSync(cmd, [...pre, ...args], { cwd, input, env });
        return { cwd, code: r.status, out: r.stdout, err: r.stderr.toString('utf8') };
      });
      const [native, npm] = ran;
      expect(npm.code, `${npm.err}\n---\n${native.err}`).toBe(native.code);
      expect(lines(npm.err)).toEqual(lines(native.err));
      if (args.includes('-')) expect(npm.out.equals(native.out)).toBe(true);
      else expect(lines(npm.out.toString('utf8'))).toEqual(lines(native.out.toString('utf8')));
      const [a, b] = ran.map((r) => files(r.cwd));
      expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
      expect(modes(npm.cwd)).toEqual(modes(native.cwd));
      for (const [name, bytes] of a) {
        const other = b.get(name) as Buffer;
        if (bytes.equals(other)) continue;
        if (name.endsWith('.json')) expect(untimed(other.toString()), name).toBe(untimed(bytes.toString()));
        else if (name.endsWith('.pdf')) {
          expect(pdfText(path.join(npm.cwd, name)), name).toBe(pdfText(path.join(native.cwd, name)));
        } else if (ZIP_ASIDE.test(name)) {
          expect(zipEntries(path.join(npm.cwd, name), npm.cwd), name).toEqual(
            zipEntries(path.join(native.cwd, name), native.cwd),
          );
        } else expect.fail(`${name}: the two command lines wrote different bytes`);
      }
      for (const r of ran) rmSync(r.cwd, { recursive: true, force: true });
    });
  }
});

/** Real checkers nobody here wrote: Python's json and zipfile, and a reader that aborts on a bad PNG signature. */
const CHECKERS: { files: string[]; program: string[] }[] = [
  { files: ['ünï ✓.JSON'], program: ['python3', '-c', 'import json,sys; json.load(open(sys.argv[1], "rb"))', '{}'] },
  {
    files: ['archive.zip'],
    program: [
      'python3',
      '-c',
      'import sys,zipfile; sys.exit(zipfile.ZipFile(sys.argv[1]).testzip() is not None)',
      '{}',
    ],
  },
  {
    files: ['image.png', 'README'],
    program: [
      'python3',
      '-c',
      'import os,sys; d=open(sys.argv[1],"rb").read(8); d==b"\\x89PNG\\r\\n\\x1a\\n" or os.abort()',
      '{}',
    ],
  },
];

/** One campaign, drawn: `fracture run` with its options, and whether it runs as two shards then `merge`. */
function campaign(d: Draw): { args: string[]; shards: boolean } {
  const c = d.pick(CHECKERS);
  const args = ['--mode', d.pick(['byte_flip', 'guaranteed_break', 'bit_rot', 'truncate_insert', 'text_transfer'])];
  args.push(
    '--intensity',
    String(5 + d.below(96)),
    '--seed',
    String(d.below(1_000_000)),
    '--count',
    String(2 + d.below(4)),
  );
  args.push('--jobs', String(1 + d.below(2)), '--timeout', '20');
  if (d.chance(0.3)) args.push('--no-minimize');
  if (d.chance(0.3)) args.push('--no-baseline');
  return { args: [...args, ...c.files, '--', ...c.program], shards: d.chance(0.4) };
}

/** A campaign directory's files as both CLIs must agree on them: runs.jsonl without durations. */
function campaignFiles(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, bytes] of files(dir)) {
    const text = bytes.toString('utf8');
    if (name.endsWith('runs.jsonl')) {
      const runs = text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.stringify(JSON.parse(l), (k, v) => (k === 'duration_ms' ? undefined : v)));
      out.set(name, runs.sort().join('\n'));
    } else out.set(name, text);
  }
  return out;
}

describe('both command lines over generated campaigns (run, shards, merge)', () => {
  let base: string;
  beforeAll(() => {
    base = mkdtempSync(path.join(tmpdir(), 'fracture-campaigns-'));
    mkdirSync(path.join(base, 'inputs'), { recursive: true });
    for (const [name, bytes] of FILES) {
      mkdirSync(path.dirname(path.join(base, 'inputs', String(name))), { recursive: true });
      writeFileSync(path.join(base, 'inputs', String(name)), bytes());
    }
    zipWith(path.join(base, 'inputs/archive.zip'));
    oddModes(path.join(base, 'inputs'));
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  const d = new Draw(0xca4a16);
  const drawn = Array.from({ length: Math.max(4, Math.round(COMMANDS / 8)) }, () => campaign(d));
  for (const [k, { args, shards }] of drawn.entries()) {
    it(`${k}: fracture run ${args.join(' ')}${shards ? ' (as 2 shards, then merge)' : ''}`, () => {
      const ran = (['native', 'npm'] as const).map((tool) => {
        const cwd = path.join(base, `${k}-${tool}`);
        cpSync(path.join(base, 'inputs'), cwd, { recursive: true });
        const [cmd, pre] = tool === 'native' ? [NATIVE, []] : [process.execPath, [NPM]];
        const fracture = (more: string[]) => {
          const r = spawnSync(cmd, [...pre, ...more], { cwd, encoding: 'utf8' });
          return { code: r.status, err: r.stderr };
        };
        const steps = shards
          ? [
              fracture(['run', '--out', 's1', '--shard', '1/2', ...args]),
              fracture(['run', '--out', 's2', '--shard', '2/2', ...args]),
              fracture(['merge', '--out', 'campaign', 's1', 's2']),
            ]
          : [fracture(['run', ...args])];
        return { cwd, steps };
      });
      const [native, npm] = ran;
      expect(npm.steps.map((s) => s.code)).toEqual(native.steps.map((s) => s.code));
      expect(npm.steps.map((s) => s.err)).toEqual(native.steps.map((s) => s.err));
      expect(modes(npm.cwd)).toEqual(modes(native.cwd));
      const [a, b] = ran.map((r) => campaignFiles(path.join(r.cwd, 'campaign')));
      expect([...b.keys()].sort()).toEqual([...a.keys()].sort());
      for (const [name, text] of a) expect(b.get(name), name).toBe(text);
      for (const r of ran) rmSync(r.cwd, { recursive: true, force: true });
    });
  }
});
