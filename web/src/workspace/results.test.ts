// Making a released result again (results.ts): the options read back from the report are the ones
// that made it, ranges and checksum fixing included, so the reference engine gives the same bytes.
import { describe, expect, it, vi } from 'vitest';
import { corrupt as reference } from '../../../lib/engine/reference/engine.ts';
import type { CorruptOptions, OutputPlace } from '../../../lib/engine/shared/types.ts';
import { png, zip } from '../../../tests/cross-engine/families.ts';
import { bytesOf, type Finished, optionsOf, remakeResult } from './results.ts';
import type { CorruptFn } from './run.ts';

const engine: CorruptFn = async (file, name, options) =>
  reference(new Uint8Array(file instanceof Blob ? await file.arrayBuffer() : file), name, options);

async function bytes(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

describe('a released result made again', () => {
  const file = new File([new Uint8Array(png(200_000))], 'picture.png');
  const runs: [string, CorruptOptions][] = [
    ['byte_flip', { mode: 'byte_flip', intensity: 40, seed: 7 }],
    [
      'byte_flip with ranges and fixed checksums',
      {
        mode: 'byte_flip',
        intensity: 60,
        seed: 99,
        ranges: { only: ['0x2000:0x9000', '-4096:'], protect: ['0x3000:0x3100'] },
        fixChecksums: true,
      },
    ],
    ['bit_rot with fixed checksums', { mode: 'bit_rot', intensity: 30, seed: 12, fixChecksums: true }],
    ['guaranteed_break (a retried file)', { mode: 'guaranteed_break', intensity: 80, seed: 3 }],
    ['text_transfer, its direction chosen by the seed', { mode: 'text_transfer', intensity: 70, seed: 5 }],
    [
      'charset_roundtrip from UTF-8 to Latin-1, a BOM added',
      { mode: 'charset_roundtrip', intensity: 100, seed: 6, direction: 'from_utf8', charset: 'latin1', bom: 'add' },
    ],
    ['misdirected_write in 512-byte blocks', { mode: 'misdirected_write', intensity: 50, seed: 8, blockSize: 512 }],
  ];
  it.each(runs)('%s: the report gives back the options and the same bytes', async (_, options) => {
    const first = await engine(file, file.name, options, {});
    const report = first.report;
    const again = optionsOf(report);
    expect(again.mode).toBe(options.mode);
    expect(again.seed).toBe(options.seed);
    expect(again.fixChecksums).toBe(options.fixChecksums);
    if (options.ranges) expect(report.ranges).toBeDefined();
    if (options.fixChecksums) expect(report.checksums_fixed).toBeDefined();
    const seen: { options: CorruptOptions; place?: OutputPlace }[] = [];
    const spy: CorruptFn = (f, n, o, c, _signal, place) => {
      seen.push({ options: o, place });
      return engine(f, n, o, c);
    };
    const remade = await remakeResult(file, report, spy, ['fracture-results', 'tab', '1']);
    expect(seen[0].place?.path).toEqual(['fracture-results', 'tab', '1']);
    // The storage place travels beside the engine's arguments, never among them.
    expect(Object.keys(seen[0].options)).not.toContain('store');
    expect(await bytes(remade)).toEqual(first.data);
  });

  it('a Target run (a selector, or a member of a ZIP) is made again with the same target and bytes', async () => {
    const archive = new File([new Uint8Array(zip(100_000))], 'logs.zip');
    const aimed: [File, CorruptOptions][] = [
      [file, { mode: 'bit_rot', intensity: 50, seed: 4, ranges: { only: ['png:IDAT#1/data'], protect: [] } }],
      [archive, { mode: 'byte_flip', intensity: 50, seed: 9, member: 'logs/1.log' }],
    ];
    for (const [input, options] of aimed) {
      const first = await engine(input, input.name, options, {});
      const again = optionsOf(first.report);
      expect(again.member).toBe(options.member);
      expect(again.ranges?.only).toEqual(options.ranges?.only);
      expect(await bytes(await remakeResult(input, first.report, engine))).toEqual(first.data);
    }
  });

  it('refuses bytes that differ from the report', async () => {
    const first = await engine(file, file.name, { mode: 'byte_flip', intensity: 40, seed: 7 }, {});
    // The original changed on disk since the first run.
    const edited = new Uint8Array(await file.arrayBuffer());
    edited[5000] ^= 1;
    const changed = new File([edited], 'picture.png');
    await expect(remakeResult(changed, first.report, engine)).rejects.toThrow(
      'picture.png came out different when made again',
    );
  });

  it('bytesOf remakes once per release, and again after a failure', async () => {
    const first = await engine(file, file.name, { mode: 'byte_flip', intensity: 40, seed: 7 }, {});
    const blob = new Blob([first.data as Uint8Array<ArrayBuffer>]);
    const kept = { id: 1, file, result: { report: first.report, seed: 7, blob } } as Finished;
    expect(await bytesOf(kept)).toBe(blob);

    const remake = vi.fn().mockRejectedValueOnce(new Error('quota')).mockResolvedValue(blob);
    const released = { ...kept, result: { report: first.report, seed: 7, remake } } as Finished;
    await expect(bytesOf(released)).rejects.toThrow('quota');
    const [a, b] = await Promise.all([bytesOf(released), bytesOf(released)]);
    expect(a).toBe(blob);
    expect(b).toBe(blob);
    expect(remake).toHaveBeenCalledTimes(2);
  });
});
