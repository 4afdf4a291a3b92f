// The reference engine against the native Rust engine (target/release/fracture, built by
// `cargo build --release` at the root): same bytes and same report text, timing aside, for edge-case
// inputs, names, every mode, intensities and seeds up to 2^53-1. The suite is skipped, and says so,
// when the binary has not been built; FRACTURE_NATIVE points at another build.

import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINE_MODES, type CorruptOptions, type Report } from '../shared/types.ts';
import { reportJson } from '../../report/display.ts';
import { loadOutputsModule } from '../host-module/node.ts';
import { withHostFields } from '../host-module/reports.ts';
import { corrupt } from './engine.ts';
import { Sequence } from './sequence.ts';

const NATIVE =
  process.env.FRACTURE_NATIVE ?? fileURLToPath(new URL('../../../target/release/fracture', import.meta.url));
const built = existsSync(NATIVE);
const outputs = await loadOutputsModule();

const ascii = (s: string): Uint8Array => new TextEncoder().encode(s);
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
const random = (n: number, seed: number): Uint8Array => new Sequence(seed, 77n).fill(n);
const pattern = (n: number): Uint8Array => Uint8Array.from({ length: n }, (_, i) => i & 255);

/** Inputs at the boundaries the contract names (headers, chunks, blocks, text window), with telling names. */
const INPUTS: [string, Uint8Array][] = [
  ['empty.bin', new Uint8Array(0)],
  ['empty.csv', new Uint8Array(0)],
  ['one', Uint8Array.of(42)],
  ['two.txt', ascii('hi')],
  ['sample.bin', concat(pattern(1024))],
  ['.bashrc', ascii('export PATH=$PATH:/opt/bin\nalias ll="ls -l"\n')],
  ['trailing.', random(199, 1)],
  ['header.BIN', random(200, 2)],
  ['people.csv', ascii('name,age,city\n"Ada",36,"London"\n"Alan",41,"Wilmslow"\n'.repeat(120))],
  ['data.tsv', ascii('a\tb\tc\n1\t2\t3\n'.repeat(400))],
  ['config.json', ascii(JSON.stringify({ items: Array.from({ length: 300 }, (_, i) => ({ i, tags: ['x', 'y'] })) }))],
  ['notes.txt', ascii('plain words, commas and full stops. '.repeat(500))],
  ['drawing', ascii(`<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg">${'<rect/>'.repeat(50)}</svg>`)],
  ['image.png', concat(Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a), random(5000, 3))],
  ['doc.pdf', concat(ascii('%PDF-1.7\n1 0 obj\n<< >>\nendobj\n'), random(3000, 4))],
  ['archive.zip', concat(ascii('PK\x03\x04'), random(9000, 5))],
  ['upper.PNG', ascii('not really a png but text\n'.repeat(30))],
  ['blocks-4095.dat', random(4095, 6)],
  ['blocks-4096.dat', random(4096, 7)],
  ['blocks-8192.dat', random(8192, 8)],
  ['blocks-8193.dat', random(8193, 9)],
  ['chunk-65535.bin', random(65535, 10)],
  ['chunk-65536.bin', random(65536, 11)],
  ['chunk-65537.bin', random(65537, 12)],
  ['chunks.bin', random(3 * 65536 + 4321, 13)],
  ['escalates.bin', concat(new Uint8Array(16).fill(0xbe), new Uint8Array(3000).fill(0x41))],
  ['zeros', new Uint8Array(70_000)],
  ['text-window.log', concat(ascii('x'.repeat(8190)), new Uint8Array(100))],
];

const INTENSITIES = [0, 1, 37, 80, 100];
/** The last seed puts the last input at exactly 2^53-1 (file i uses seed + i), so escalation there uses 2^53. */
const SEEDS = [0, 1234567890, Number.MAX_SAFE_INTEGER - (INPUTS.length - 1)];

/** The report as JSON text with the timing fields zeroed: engines are compared on everything else. */
const withoutTiming = (json: string): string =>
  json.replace(/"time_ms":[^,]+,"ops_ms":[^,]+,/, '"time_ms":0,"ops_ms":0,');

describe.skipIf(!built)(`the native engine (${NATIVE})`, () => {
  let dir = '';
  const files: string[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'fracture-crosscheck-'));
    INPUTS.forEach(([name, bytes], i) => {
      // One directory per input keeps the exact name, which decides the extension and the report.
      const file = join(dir, String(i).padStart(2, '0'), name);
      execFileSync('mkdir', ['-p', join(dir, String(i).padStart(2, '0'))]);
      writeFileSync(file, bytes);
      files.push(file);
    });
  });

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  for (const mode of ENGINE_MODES) {
    it(`${mode}: same bytes and same report text for every input, intensity and seed`, () => {
      let compared = 0;
      let escalated = 0;
      for (const intensity of INTENSITIES) {
        for (const seed of SEEDS) {
          const out = join(dir, `out-${mode}-${intensity}-${seed}`);
          const args = [
            '--json',
            '--mode',
            mode,
            '--intensity',
            String(intensity),
            '--seed',
            String(seed),
            '--out',
            out,
            ...files,
          ];
          const lines = execFileSync(NATIVE, args, {
            encoding: 'utf8',
            maxBuffer: 64 << 20,
            stdio: ['ignore', 'pipe', 'pipe'],
          })
            .trim()
            .split('\n');
          expect(lines.length).toBe(INPUTS.length);
          INPUTS.forEach(([name, bytes], i) => {
            const context = `${name} ${mode} intensity ${intensity} seed ${seed + i}`;
            const { data, report } = corrupt(bytes, name, { mode, intensity, seed: seed + i });
            const native = JSON.parse(lines[i]) as Report;
            // The CLI's line ends with its host fields (docs/contract.md, 11.5), the browser's text too.
            expect(withoutTiming(reportJson(withHostFields(outputs, report))), context).toBe(withoutTiming(lines[i]));
            expect(createHash('sha256').update(data).digest('hex'), context).toBe(native.sha256_after);
            expect(data.length, context).toBe(native.result_size);
            compared++;
            if (report.escalated) escalated++;
          });
        }
      }
      expect(compared).toBe(INPUTS.length * INTENSITIES.length * SEEDS.length);
      // The cases must reach the verify stage's escalation path for the modes that have one.
      if (mode === 'byte_flip' || mode === 'guaranteed_break') expect(escalated).toBeGreaterThan(0);
    });
  }

  it('rejects bad arguments with the same error texts', () => {
    const cases: [string[], CorruptOptions][] = [
      [['--mode', 'nope'], { mode: 'nope', intensity: 1, seed: 1 }],
      [['--intensity', '101'], { mode: 'byte_flip', intensity: 101, seed: 1 }],
      [['--seed', '9007199254740992'], { mode: 'byte_flip', intensity: 1, seed: 2 ** 53 }],
    ];
    for (const [args, options] of cases) {
      let message = '';
      try {
        corrupt(new Uint8Array(1), 'a', options);
      } catch (e) {
        message = (e as Error).message;
      }
      expect(message).not.toBe('');
      const native = spawnSync(NATIVE, [...args, '--out', join(dir, 'errors'), files[0]], { encoding: 'utf8' });
      expect(native.status).toBe(2);
      // The CLI wraps the engine's text in its own line ("fracture: {text} (see fracture --help)").
      expect(native.stderr).toContain(`fracture: ${message}`);
    }
  });
});

if (!built) {
  describe('the native engine', () => {
    it.skip(`is not built at ${NATIVE}: run \`cargo build --release\` at the repository root`, () => {});
  });
}
