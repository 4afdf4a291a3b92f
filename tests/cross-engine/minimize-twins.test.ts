// `fracture minimize` in both command lines, which drive one machine (fracture_host::shrink; the npm
// CLI through the host module): run as subprocesses on the same ORIGINAL/CORRUPTED pairs and test
// commands, they write byte-identical files, print the same lines and exit with the same code, and
// the file is 1-minimal, checked here by restoring each kept byte and running the test command again.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xorshiftBytes } from './generators.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Tool = { label: string; cmd: string; args: string[] };
const TOOLS: Tool[] = [
  { label: 'native', cmd: path.join(ROOT, 'target/release/fracture'), args: [] },
  { label: 'npm', cmd: process.execPath, args: [path.join(ROOT, 'bin/fracture.mjs')] },
];

/** Positions where two files of one length differ. */
const diff = (a: Uint8Array, b: Uint8Array) => [...a.keys()].filter((i) => a[i] !== b[i]);

/** A test command that fails when any of `positions` (0-based) differs from original.bin. */
const anyOf = (positions: number[]) =>
  `cmp -l original.bin {} | awk '${positions.map((p) => `$1 == ${p + 1}`).join(' || ')} { f = 1 } END { exit f }'`;

/** A test command that fails when every byte of [start, end) differs from original.bin. */
const allOf = (start: number, end: number) =>
  `cmp -l original.bin {} | awk '$1 > ${start} && $1 <= ${end} { n++ } END { exit n == ${end - start} }'`;

describe('fracture minimize: both command lines, one machine', () => {
  let dir: string;
  const original = xorshiftBytes(4000, 40);

  /** CORRUPTED: ORIGINAL with runs of changed bytes starting at `starts`, each `len` long. */
  const corrupt = (starts: number[], len: number) => {
    const c = Uint8Array.from(original);
    for (const s of starts) for (let i = s; i < s + len; i++) c[i] ^= 0x3c;
    return c;
  };

  /** Runs `minimize ARGS` in a directory of the tool's own holding `files`; its lines, code, output. */
  const run = (tool: Tool, name: string, files: Record<string, Uint8Array>, args: string[]) => {
    const at = path.join(dir, `${name}-${tool.label}`);
    mkdirSync(at);
    for (const [file, bytes] of Object.entries(files)) writeFileSync(path.join(at, file), bytes);
    const r = spawnSync(tool.cmd, [...tool.args, 'minimize', ...args], { cwd: at, encoding: 'utf8' });
    let file: Buffer | undefined;
    try {
      file = readFileSync(path.join(at, 'corrupted_minimized.bin'));
    } catch {
      file = undefined;
    }
    return { at, code: r.status, out: r.stdout, err: r.stderr, file };
  };

  /** Both tools on the same case: equal in every respect; the native one's result. */
  const both = (name: string, files: Record<string, Uint8Array>, args: string[]) => {
    const [native, npm] = TOOLS.map((tool) => run(tool, name, files, args));
    expect([npm.code, npm.out, npm.err], name).toEqual([native.code, native.out, native.err]);
    expect(npm.file === undefined, name).toBe(native.file === undefined);
    if (native.file && npm.file) expect(npm.file.equals(native.file), name).toBe(true);
    return native;
  };

  /** The test command's exit status on `bytes`, run as the minimiser runs it (from `at`). */
  const exitOf = (at: string, test: string, bytes: Uint8Array) => {
    writeFileSync(path.join(at, 'probe.bin'), bytes);
    return spawnSync('/bin/sh', ['-c', test.replaceAll('{}', 'probe.bin')], { cwd: at }).status;
  };

  /** 1-minimal: the file fails, and restoring any one of its changed bytes makes the test pass. */
  const assertOneMinimal = (at: string, test: string, file: Uint8Array) => {
    expect(exitOf(at, test, file)).not.toBe(0);
    for (const p of diff(original, file)) {
      const restored = Uint8Array.from(file);
      restored[p] = original[p];
      expect(exitOf(at, test, restored), `byte ${p} restored`).toBe(0);
    }
  };

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'fracture-minimize-twins-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('a test that fails when any of 3 scattered bytes changed: one of them is kept', () => {
    // 12 runs of 5 bytes; the test watches one byte in each of three of them.
    const corrupted = corrupt([100, 400, 700, 1000, 1300, 1600, 1900, 2200, 2500, 2800, 3100, 3400], 5);
    const test = anyOf([402, 1902, 3401]);
    for (const jobs of ['1', '3']) {
      const r = both(`scattered-${jobs}`, { 'original.bin': original, 'corrupted.bin': corrupted }, [
        '--test',
        test,
        '--jobs',
        jobs,
        'original.bin',
        'corrupted.bin',
      ]);
      expect(r.code, r.err).toBe(0);
      const kept = diff(original, r.file as Buffer);
      expect(kept).toHaveLength(1);
      expect([402, 1902, 3401]).toContain(kept[0]);
      expect(r.out).toBe('corrupted_minimized.bin: 1 bytes differ from ORIGINAL (was 60)\n');
      const lines = r.err.trimEnd().split('\n');
      expect(lines[0]).toBe('fracture: minimize: CORRUPTED differs from ORIGINAL in 60 bytes (12 runs)');
      expect(lines).toContain('fracture: minimize: now byte by byte');
      assertOneMinimal(r.at, test, r.file as Buffer);
    }
  });

  it('a test that needs a whole run of bytes: the run is kept, nothing else; on standard input too', () => {
    const corrupted = corrupt([200, 1000, 2600, 3300], 16);
    const test = allOf(1000, 1016);
    const r = both('run', { 'original.bin': original, 'corrupted.bin': corrupted }, [
      '--test',
      test,
      'original.bin',
      'corrupted.bin',
    ]);
    expect(r.code, r.err).toBe(0);
    expect(diff(original, r.file as Buffer)).toEqual(Array.from({ length: 16 }, (_, k) => 1000 + k));
    assertOneMinimal(r.at, test, r.file as Buffer);
    // Without {} the candidate comes on standard input: the same file.
    const stdin = both('run-stdin', { 'original.bin': original, 'corrupted.bin': corrupted }, [
      '--quiet',
      '--test',
      test.replace('{}', '-'),
      'original.bin',
      'corrupted.bin',
    ]);
    expect([stdin.code, stdin.err]).toEqual([0, '']);
    expect((stdin.file as Buffer).equals(r.file as Buffer)).toBe(true);
  });

  it('refusals: a test that passes on CORRUPTED, identical files, different lengths', () => {
    const corrupted = corrupt([10, 20], 3);
    const cases: [string, Record<string, Uint8Array>, string][] = [
      ['passes', { 'original.bin': original, 'corrupted.bin': corrupted }, anyOf([3000])],
      ['identical', { 'original.bin': original, 'corrupted.bin': original }, anyOf([10])],
      ['lengths', { 'original.bin': original, 'corrupted.bin': corrupted.subarray(0, 3999) }, anyOf([10])],
    ];
    const said = cases.map(([name, files, test]) => {
      const r = both(`refused-${name}`, files, ['--test', test, 'original.bin', 'corrupted.bin']);
      expect([r.code, r.out, r.file]).toEqual([1, '', undefined]);
      return r.err;
    });
    expect(said).toEqual([
      'fracture: minimize: CORRUPTED differs from ORIGINAL in 6 bytes (2 runs)\nfracture: minimize: the test passes on CORRUPTED: there is no failure to keep\n',
      'fracture: minimize: CORRUPTED is identical to ORIGINAL: nothing to minimise\n',
      'fracture: minimize: ORIGINAL is 4000 bytes and CORRUPTED 3999 bytes: only files of the same length can be minimised (byte_flip, header_preserve_flip and shuffle_blocks keep the length)\n',
    ]);
    // The files it was given are as they were.
    const at = path.join(dir, 'refused-passes-npm');
    expect(readFileSync(path.join(at, 'corrupted.bin')).equals(Buffer.from(corrupted))).toBe(true);
  });
});
