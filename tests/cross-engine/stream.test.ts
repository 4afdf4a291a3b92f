// The streamed CLIs against the whole-buffer reference, as users run them (subprocesses): the native
// `fracture` and the npm CLI stream every mode but guaranteed_break (docs/engine.md, Streaming); the
// npm CLI's `--engine ts` still runs the TypeScript reference engine on the whole buffer. Inputs are
// longer than two 4 MiB pieces, so reads, edits and writes cross piece boundaries.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xorshiftBytes } from './generators.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOOLS = [
  { label: 'native', cmd: path.join(ROOT, 'target/release/fracture'), args: [] as string[] },
  { label: 'npm wasm', cmd: process.execPath, args: [path.join(ROOT, 'bin/fracture.mjs'), '--engine', 'wasm'] },
  { label: 'npm ts', cmd: process.execPath, args: [path.join(ROOT, 'bin/fracture.mjs'), '--engine', 'ts'] },
];
const STREAMED = [
  'byte_flip',
  'header_preserve_flip',
  'truncate_insert',
  'shuffle_blocks',
  'interrupted_transfer',
  'bad_sectors',
  'bit_rot',
];

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-stream-'));
  writeFileSync(path.join(dir, 'blob.bin'), xorshiftBytes(9 * 1024 * 1024 + 12_345, 7));
  // Intact CSV: byte_flip at a low intensity leaves it looking intact, so the run escalates, and its
  // verdict counts quotes over the whole output (a counting pass before writing).
  writeFileSync(path.join(dir, 'table.csv'), `a,b,c\n${'1,"x",{[2]}\n'.repeat(500_000)}`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Each tool's output bytes and report (timing dropped) for the same arguments. */
function runAll(file: string, args: string[]) {
  return TOOLS.map((tool, t) => {
    const out = path.join(dir, `out-${t}`);
    rmSync(out, { recursive: true, force: true });
    const r = spawnSync(tool.cmd, [...tool.args, ...args, '--json', '--quiet', '--out', out, path.join(dir, file)], {
      encoding: 'utf8',
    });
    expect(r.status, `${tool.label}: ${r.stderr}`).toBe(0);
    const { time_ms: _t, ops_ms: _o, ...report } = JSON.parse(r.stdout.trim().split('\n').pop() ?? '');
    const [name] = readdirSync(out);
    const bytes = readFileSync(path.join(out, name));
    rmSync(out, { recursive: true, force: true });
    return { label: tool.label, bytes, report };
  });
}

function expectSame(results: ReturnType<typeof runAll>) {
  const [first, ...rest] = results;
  for (const r of rest) {
    expect(r.report, `${r.label} vs ${first.label}`).toEqual(first.report);
    expect(Buffer.compare(r.bytes, first.bytes), `${r.label} bytes vs ${first.label}`).toBe(0);
  }
  return first.report;
}

describe('streamed CLIs give the whole buffer’s bytes and report', () => {
  for (const mode of STREAMED) {
    it(`${mode} on 9 MiB`, () => {
      const report = expectSame(runAll('blob.bin', ['--mode', mode, '--intensity', '80', '--seed', '1234567890']));
      expect(report.original_size).toBe(9 * 1024 * 1024 + 12_345);
    });
  }

  it('byte_flip escalates on a long CSV as the whole buffer does', () => {
    const report = expectSame(runAll('table.csv', ['--mode', 'byte_flip', '--intensity', '3', '--seed', '5']));
    expect(report.escalated).toBe(true);
  });

  it('byte ranges stream too', () => {
    for (const mode of ['bit_rot', 'bad_sectors', 'header_preserve_flip']) {
      expectSame(
        runAll('blob.bin', [
          '--mode',
          mode,
          '--intensity',
          '40',
          '--seed',
          '3',
          '--only',
          '0x1000:0x600000',
          '--protect=-4096:',
        ]),
      );
    }
  });
});

describe('streamed CLIs refuse before writing', () => {
  it('ranges that leave nothing: one error line and no output file', () => {
    for (const tool of TOOLS.slice(0, 2)) {
      const out = path.join(dir, 'refused');
      const r = spawnSync(
        tool.cmd,
        [...tool.args, '--mode', 'bit_rot', '--seed', '1', '--only', '0:0', '--out', out, path.join(dir, 'blob.bin')],
        { encoding: 'utf8' },
      );
      expect(r.status, tool.label).toBe(1);
      expect(r.stderr).toContain('The byte ranges leave no byte that may change in this 9449529-byte file');
      expect(existsSync(out) ? readdirSync(out) : [], tool.label).toEqual([]);
      rmSync(out, { recursive: true, force: true });
    }
  });
});
