// `fracture diagnose` in both command lines, as subprocesses, on real files damaged by real tools
// (tests/damage/make-corpus.sh: unix2dos, dos2unix, an ASCII-mode FTP download from vsftpd, tr,
// iconv, dd, truncate): the same stdout, stderr and exit status, byte for byte, alone and with the
// original, as text and as JSON, and the same repair. The diagnosis is written once (engine-rs/diagnose);
// the npm CLI runs it in WebAssembly.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');

let dir: string;
let rows: string[][];

beforeAll(() => {
  for (const p of [NATIVE, path.join(ROOT, 'dist/cli/main.js'), path.join(ROOT, 'dist/lib/engine/diagnose-pkg')]) {
    if (!existsSync(p)) throw new Error(`${p} is missing: run \`make build\` first`);
  }
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-diagnose-'));
  const made = spawnSync('bash', [path.join(ROOT, 'tests/damage/make-corpus.sh'), dir], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`make-corpus.sh: ${made.stderr}`);
  rows = readFileSync(path.join(dir, 'manifest.tsv'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => l.split('\t'));
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function both(args: string[]) {
  return [
    spawnSync(NATIVE, ['diagnose', ...args], { cwd: dir }),
    spawnSync(process.execPath, [NPM, 'diagnose', ...args], { cwd: dir }),
  ].map((r) => ({ code: r.status, out: r.stdout.toString('latin1'), err: r.stderr.toString('latin1') }));
}

describe('fracture diagnose: both command lines', () => {
  it('print the same bytes for every damaged file, alone and with its original', () => {
    let compared = 0;
    for (const [file, original, tool] of rows) {
      // Every file as JSON, alone and against its original; the text form for two tools per family.
      const runs = [['--json', file]];
      if (original !== '-') runs.push(['--json', '--original', original, file]);
      if (tool === 'original' || tool === 'unix2dos') runs.push([file]);
      if (tool === 'unix2dos') runs.push(['--original', original, file]);
      for (const args of runs) {
        const [native, npm] = both(args);
        expect(npm, args.join(' ')).toEqual(native);
        expect([0, 1], args.join(' ')).toContain(native.code);
        compared++;
      }
    }
    const families = rows.filter((r) => r[1] === '-').length;
    expect(compared).toBe(rows.length + rows.filter((r) => r[1] !== '-').length + families * 3);
  }, 600_000);

  it('write the same repair, and refuse the same bad input with the same line', () => {
    const [native, npm] = [NATIVE, NPM].map((cli, i) => {
      const out = `fixed-${i}.txt`;
      const args = ['diagnose', '--original', 'text.txt', 'text_txt.iconv', '--repair', out];
      const r =
        cli === NATIVE ? spawnSync(cli, args, { cwd: dir }) : spawnSync(process.execPath, [cli, ...args], { cwd: dir });
      return { code: r.status, err: r.stderr.toString().replace(out, 'OUT'), bytes: readFileSync(path.join(dir, out)) };
    });
    expect(npm).toEqual(native);
    expect(native.bytes.equals(readFileSync(path.join(dir, 'text.txt')))).toBe(true);
    for (const args of [
      ['.'],
      ['text.txt', '--repair', 'text.txt'],
      ['text_txt.cut', '--repair', 'x.txt'],
      ['missing'],
    ]) {
      const [n, m] = both(args);
      expect(m, args.join(' ')).toEqual(n);
      expect(n.err.split('\n').length, args.join(' ')).toBe(2);
    }
  }, 60_000);
});
