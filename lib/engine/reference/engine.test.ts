import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ENGINE_VERSION, VERDICT, type CorruptOptions } from '../shared/types.ts';
import { corrupt, EMPTY_RECIPE, Job } from './engine.ts';
import { looksCorrupted } from './heuristic.ts';
import { Sequence } from './sequence.ts';

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');

/** The worked example's input (docs/contract.md, section 12): bytes 0..255 four times. */
const sample = (): Uint8Array => Uint8Array.from({ length: 1024 }, (_, i) => i & 255);
const example = (mode: string): CorruptOptions => ({ mode, intensity: 80, seed: 1234567890 });

describe("the contract's worked example (sample.bin, seed 1234567890, intensity 80)", () => {
  it('byte_flip: ops 419, preserve_header 5', () => {
    const { data, report } = corrupt(sample(), 'sample.bin', example('byte_flip'));
    expect([report.ops, report.preserve_header]).toEqual([419, 5]);
    expect(sha(data)).toBe('33387e438b60a9bb4e9039329728a6651f239640e1a54dd50d3b7f84bc473fe3');
    expect(report.sha256_after).toBe(sha(data));
  });

  it('header_preserve_flip: ops 419, preserve_header 51', () => {
    const { data, report } = corrupt(sample(), 'sample.bin', example('header_preserve_flip'));
    expect([report.ops, report.preserve_header]).toEqual([419, 51]);
    expect(sha(data)).toBe('ad9345176ed2ade24beb66d3ef3729dd927ffbcf6b6f0fb5f47d4635997f3d1c');
  });

  it('truncate_insert: removed 409, inserted 342, remove_start 57, 957 bytes', () => {
    const { data, report } = corrupt(sample(), 'sample.bin', example('truncate_insert'));
    expect([report.removed, report.inserted, report.remove_start]).toEqual([409, 342, 57]);
    expect(data.length).toBe(957);
    expect(sha(data)).toBe('47bd45bd226b5af40cb6d4b0dcec33c7d887e7510fffcde29169876a43707d5a');
  });

  it('leaves the input untouched', () => {
    const input = sample();
    for (const mode of ['byte_flip', 'header_preserve_flip', 'truncate_insert', 'shuffle_blocks', 'guaranteed_break']) {
      corrupt(input, 'sample.bin', example(mode));
      expect(input).toEqual(sample());
    }
  });
});

describe('report', () => {
  it("has the contract's keys in order for every mode", () => {
    const common = [
      'engine',
      'filename',
      'format',
      'original_size',
      'result_size',
      'mode',
      'intensity',
      'seed',
      'time_ms',
      'ops_ms',
      'before_entropy',
      'after_entropy',
      'entropy_delta',
      'verdict',
      'recipe',
      'strategy',
      'guarantee',
    ];
    const modeFields: Record<string, string[]> = {
      byte_flip: ['ops', 'preserve_header'],
      header_preserve_flip: ['ops', 'preserve_header'],
      truncate_insert: ['removed', 'inserted', 'remove_start'],
      shuffle_blocks: ['shuffled_blocks', 'block_size'],
      guaranteed_break: [],
    };
    const input = Uint8Array.from({ length: 20000 }, (_, i) => (i * 7) & 255);
    for (const [mode, fields] of Object.entries(modeFields)) {
      const { report } = corrupt(input, 'x.bin', { mode, intensity: 50, seed: 3 });
      expect(Object.keys(report)).toEqual([
        ...common,
        ...fields,
        'sha256_before',
        'sha256_after',
        'structure',
        'hits',
        'expect_overall',
      ]);
      expect(report.engine).toBe(ENGINE_VERSION);
      expect(report.verdict).toBe(VERDICT);
      expect(report.guarantee).toBe(mode === 'guaranteed_break');
      expect(report.sha256_before).toBe(sha(input));
    }
  });

  it('puts escalated after the mode fields, only when escalation happened', () => {
    // Plain text at intensity 0 still reads as text after byte_flip, so the verify stage escalates.
    const text = new TextEncoder().encode('hello world, this is a plain text file that stays readable. '.repeat(200));
    const { report } = corrupt(text, 'notes.txt', { mode: 'byte_flip', intensity: 0, seed: 11 });
    const keys = Object.keys(report);
    expect(keys.slice(keys.indexOf('preserve_header'))).toEqual([
      'preserve_header',
      'escalated',
      'sha256_before',
      'sha256_after',
      'structure',
      'hits',
      'expect_overall',
    ]);
    expect(report.escalated).toBe(true);
  });

  it('fills the worked example report in full (timing aside)', () => {
    const { report } = corrupt(sample(), 'sample.bin', example('byte_flip'));
    expect(report.time_ms).toBeGreaterThanOrEqual(0);
    expect(report.ops_ms).toBeGreaterThanOrEqual(0);
    const { time_ms: _t, ops_ms: _o, ...rest } = report;
    expect(rest).toMatchObject({
      engine: 'fracture-engine/1',
      filename: 'sample.bin',
      format: 'generic',
      original_size: 1024,
      result_size: 1024,
      mode: 'byte_flip',
      intensity: 80,
      seed: 1234567890,
      before_entropy: 8,
      verdict: "Won't Open (Verified Heuristically)",
      recipe:
        'Changed 419 of 1024 bytes after a 5-byte header: about 30% set to random values, the rest XORed with a random non-zero mask.',
      strategy: 'byte_flip',
      guarantee: false,
      ops: 419,
      preserve_header: 5,
      sha256_before: '785b0751fc2c53dc14a4ce3d800e69ef9ce1009eb327ccf458afe09c242c26c9',
    });
    expect(rest.entropy_delta).toBe(Math.round((rest.after_entropy - 8) * 10000) / 10000);
  });

  it('writes the recipe sentences of docs/contract.md', () => {
    const input = Uint8Array.from({ length: 4096 * 5 + 123 }, (_, i) => (i * 31) & 255);
    expect(corrupt(input, 'a.bin', { mode: 'truncate_insert', intensity: 10, seed: 1 }).report.recipe).toMatch(
      /^Removed \d+ bytes at offset \d+ and inserted \d+ random bytes in their place\.$/,
    );
    const shuffled = corrupt(input, 'a.bin', { mode: 'shuffle_blocks', intensity: 100, seed: 1 }).report;
    expect(shuffled.recipe).toBe(
      "Moved 2 of 5 whole 4096-byte blocks into each other's places; the 123-byte tail stayed where it was.",
    );
    expect(
      corrupt(input.subarray(0, 8191), 'a.bin', { mode: 'shuffle_blocks', intensity: 100, seed: 1 }).report.recipe,
    ).toBe('The file has fewer than two whole 4096-byte blocks, so no block was moved.');
    expect(corrupt(input, 'a.bin', { mode: 'guaranteed_break', intensity: 0, seed: 1 }).report.recipe).toBe(
      'Inverted the first 16 bytes and changed 206 bytes after them.',
    );
  });

  it('says the file is empty for an empty input in every mode', () => {
    for (const mode of ['byte_flip', 'header_preserve_flip', 'truncate_insert', 'shuffle_blocks', 'guaranteed_break']) {
      const { data, report } = corrupt(new Uint8Array(0), 'empty.bin', { mode, intensity: 50, seed: 1 });
      expect(data.length).toBe(0);
      expect(report.recipe).toBe(EMPTY_RECIPE);
      expect(report.before_entropy).toBe(0);
      expect(report.after_entropy).toBe(0);
      expect(report.sha256_after).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    }
  });

  it("gives an empty output with the family's strategy for an empty input to guaranteed_break", () => {
    const { data, report } = corrupt(new Uint8Array(0), 'empty.csv', {
      mode: 'guaranteed_break',
      intensity: 100,
      seed: 1,
    });
    expect(data.length).toBe(0);
    expect([report.format, report.strategy, report.recipe]).toEqual(['text', 'text_poison_truncate', EMPTY_RECIPE]);
    expect(report.escalated).toBeUndefined();
  });
});

describe('errors, checked in the order mode, intensity, seed', () => {
  const input = new Uint8Array(10);
  const cases: [Partial<CorruptOptions>, string][] = [
    [{ mode: 'quick_scramble' }, 'Unsupported corruption mode: quick_scramble'],
    [{ mode: 'nope', intensity: 500, seed: -1 }, 'Unsupported corruption mode: nope'],
    [{ intensity: 101 }, 'Intensity must be an integer from 0 to 100, got 101'],
    [{ intensity: -1 }, 'Intensity must be an integer from 0 to 100, got -1'],
    [{ intensity: 1.5, seed: -1 }, 'Intensity must be an integer from 0 to 100, got 1.5'],
    [{ intensity: NaN }, 'Intensity must be an integer from 0 to 100, got NaN'],
    [{ intensity: Infinity }, 'Intensity must be an integer from 0 to 100, got Infinity'],
    [{ seed: -1 }, 'Seed must be an integer from 0 to 9007199254740991, got -1'],
    [{ seed: 2 ** 53 }, 'Seed must be an integer from 0 to 9007199254740991, got 9007199254740992'],
    [{ seed: 0.5 }, 'Seed must be an integer from 0 to 9007199254740991, got 0.5'],
    [{ seed: -Infinity }, 'Seed must be an integer from 0 to 9007199254740991, got -Infinity'],
  ];
  for (const [options, text] of cases) {
    it(text, () => {
      expect(() => corrupt(input, 'a.bin', { mode: 'byte_flip', intensity: 50, seed: 1, ...options })).toThrow(
        new Error(text),
      );
    });
  }

  it('accepts the extremes', () => {
    expect(() => corrupt(input, 'a.bin', { mode: 'byte_flip', intensity: 0, seed: 0 })).not.toThrow();
    expect(() => corrupt(input, 'a.bin', { mode: 'byte_flip', intensity: 100, seed: 2 ** 53 - 1 })).not.toThrow();
  });
});

describe('escalation', () => {
  it('guaranteed_break re-runs at intensity 100 with seed + 1 and overwrites bytes 9, 19, ... from sequence 2^64-1', () => {
    // generic_header_damage inverts the first 16 bytes: 0xBE becomes 'A', and the rest stays text, so
    // at intensity 0 the output does not look corrupted and the verify stage must escalate.
    const input = new Uint8Array(3000).fill(0x41).fill(0xbe, 0, 16);
    const job = Job.scan(input, 'a.bin', { mode: 'guaranteed_break', intensity: 0, seed: 41 });
    job.corrupt();
    expect(looksCorrupted(job.output, 'bin')).toBe(false);
    expect(job.verify()).toBe(true);

    const again = Job.scan(input, 'a.bin', { mode: 'guaranteed_break', intensity: 100, seed: 42 });
    again.corrupt();
    const expected = again.output.slice();
    const rng = new Sequence(42, 0xffff_ffff_ffff_ffffn);
    for (let i = 9; i < expected.length; i += 10) expected[i] = rng.u32() & 255;
    expect(job.output).toEqual(expected);
    expect(job.output).not.toEqual(again.output);
    const report = job.report();
    expect([report.escalated, report.seed, report.intensity]).toEqual([true, 41, 0]);
    expect(report.recipe).toBe(again.report().recipe);
  });

  it('byte_flip escalation gives the intensity-100 seed+1 bytes while the report keeps the asked seed and intensity', () => {
    const text = new TextEncoder().encode('plain words, commas and full stops. '.repeat(300));
    const { data, report } = corrupt(text, 'notes.txt', { mode: 'byte_flip', intensity: 0, seed: 7 });
    expect(report.escalated).toBe(true);
    expect([report.seed, report.intensity]).toEqual([7, 0]);
    const direct = corrupt(text, 'notes.txt', { mode: 'byte_flip', intensity: 100, seed: 8 });
    expect(data).toEqual(direct.data);
    expect(report.ops).toBe(direct.report.ops);
  });

  it('never happens for header_preserve_flip, truncate_insert or shuffle_blocks', () => {
    const text = new TextEncoder().encode('plain words, commas and full stops. '.repeat(300));
    for (const mode of ['header_preserve_flip', 'truncate_insert', 'shuffle_blocks']) {
      expect(corrupt(text, 'notes.txt', { mode, intensity: 0, seed: 7 }).report.escalated).toBeUndefined();
    }
  });
});

describe('Job', () => {
  it('gives the same output and report when run stage by stage', () => {
    const input = sample();
    const job = Job.scan(input, 'sample.bin', example('guaranteed_break'));
    expect(job.family).toBe('generic');
    job.plan();
    job.corrupt();
    job.verify();
    const staged = job.report(1.23456, 0.5);
    const whole = corrupt(input, 'sample.bin', example('guaranteed_break'));
    expect(job.output).toEqual(whole.data);
    expect({ ...staged, time_ms: 0, ops_ms: 0 }).toEqual({ ...whole.report, time_ms: 0, ops_ms: 0 });
    expect([staged.time_ms, staged.ops_ms]).toEqual([1.235, 0.5]);
  });

  it('runs skipped stages itself', () => {
    const job = Job.scan(sample(), 'sample.bin', example('byte_flip'));
    expect(sha(job.output)).toBe('33387e438b60a9bb4e9039329728a6651f239640e1a54dd50d3b7f84bc473fe3');
  });

  it('rejects bad arguments at the scan stage', () => {
    expect(() => Job.scan(sample(), 'a', { mode: 'byte_flip', intensity: 50, seed: -2 })).toThrow(
      'Seed must be an integer from 0 to 9007199254740991, got -2',
    );
  });
});

describe('Node Buffers as input (regression: Buffer.slice() shares memory)', () => {
  it('never writes into the caller’s bytes and gives what a Uint8Array gives', async () => {
    const { Buffer } = await import('node:buffer');
    const plain = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) & 0xff);
    const buf = Buffer.from(plain);
    const viaBuffer = corrupt(buf, 'x.bin', { mode: 'shuffle_blocks', intensity: 100, seed: 9 });
    const viaPlain = corrupt(plain, 'x.bin', { mode: 'shuffle_blocks', intensity: 100, seed: 9 });
    expect(Buffer.from(viaBuffer.data).equals(Buffer.from(viaPlain.data))).toBe(true);
    expect(buf.equals(Buffer.from(plain))).toBe(true);
  });
});
