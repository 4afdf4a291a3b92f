// --fix-checksums streamed against the whole buffer, as users run the CLIs (subprocesses): the native
// `fracture` and the npm CLI's WebAssembly engine stream the fix (docs/engine.md, Streaming), the npm
// CLI's `--engine ts` runs the TypeScript reference engine on the whole buffer. Every family with a
// walk, files longer than two 4 MiB pieces, ranges, escalation and standard output.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flac, ogg, png, tar, zip } from './families.ts';
import { expectSame, NATIVE, NPM, runAll as runTools } from './streamed.ts';

const SIZE = 9 * 1024 * 1024;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-stream-fix-'));
  for (const [name, make] of [
    ['bundle.zip', zip],
    ['image.png', png],
    ['logs.tar', tar],
    ['sound.ogg', ogg],
    ['sound.flac', flac],
  ] as const) {
    writeFileSync(path.join(dir, name), make(SIZE));
  }
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const runAll = (file: string, args: string[]) => runTools(dir, file, ['--fix-checksums', ...args]);

const fixedTotal = (report: Record<string, unknown>) =>
  Object.values((report.checksums_fixed ?? {}) as Record<string, number>).reduce((a, b) => a + b, 0);

describe('--fix-checksums streamed gives the whole buffer’s bytes and report', () => {
  for (const file of ['bundle.zip', 'image.png', 'logs.tar', 'sound.ogg', 'sound.flac']) {
    it(`${file}: byte_flip and bit_rot`, () => {
      for (const mode of ['byte_flip', 'bit_rot']) {
        const report = expectSame(runAll(file, ['--mode', mode, '--intensity', '80', '--seed', '1234567890']));
        expect(fixedTotal(report), `${file} ${mode}: fields fixed`).toBeGreaterThan(10);
      }
    });
  }

  it('bundle.zip: bad_sectors and header_preserve_flip, with byte ranges', () => {
    for (const mode of ['bad_sectors', 'header_preserve_flip']) {
      const report = expectSame(
        runAll('bundle.zip', [
          '--mode',
          mode,
          '--intensity',
          '60',
          '--seed',
          '3',
          '--only',
          '0x1000:',
          '--protect',
          '0x200000:0x400000',
        ]),
      );
      expect(String(report.checksums_unfixable)).toContain('protected');
    }
  });

  it('a 30 MiB zip: the npm CLI edits on its helper threads (24 MiB and more), then fixes', () => {
    writeFileSync(path.join(dir, 'large.zip'), zip(30 * 1024 * 1024));
    const report = expectSame(runAll('large.zip', ['--mode', 'bad_sectors', '--intensity', '70', '--seed', '12']));
    expect(fixedTotal(report)).toBeGreaterThan(10);
    rmSync(path.join(dir, 'large.zip'));
  });

  it('byte_flip escalates on a zip of text, judged on the fixed output, as the whole buffer does', () => {
    const report = expectSame(runAll('bundle.zip', ['--mode', 'byte_flip', '--intensity', '3', '--seed', '5']));
    expect(report.escalated).toBe(true);
  });

  it('standard output (native: through a temporary file) holds the same bytes', () => {
    const input = readFileSync(path.join(dir, 'logs.tar'));
    const args = [
      '--mode',
      'bit_rot',
      '--intensity',
      '50',
      '--seed',
      '9',
      '--fix-checksums',
      '--name',
      'logs.tar',
      '-',
    ];
    const native = spawnSync(NATIVE, args, { input, maxBuffer: 64 << 20 });
    const whole = spawnSync(process.execPath, [NPM, '--engine', 'ts', ...args], { input, maxBuffer: 64 << 20 });
    expect(native.status, String(native.stderr)).toBe(0);
    expect(whole.status, String(whole.stderr)).toBe(0);
    expect(native.stdout.length).toBe(input.length);
    expect(Buffer.compare(native.stdout, whole.stdout)).toBe(0);
  });
});
