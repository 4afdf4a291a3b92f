import { describe, expect, it } from 'vitest';
import { parseRangesField } from './rangesField.ts';

describe('the Byte ranges field', () => {
  it('reads the report text form, bare ranges as only, and nothing as no ranges', () => {
    expect(parseRangesField('only 0x1000:0x8000, protect 0:512, -4096:')).toEqual({
      ok: true,
      ranges: { only: ['0x1000:0x8000', '-4096:'], protect: ['0:512'] },
    });
    expect(parseRangesField('  ')).toEqual({ ok: true, ranges: undefined });
    expect(parseRangesField('PROTECT :4\n')).toEqual({ ok: true, ranges: { only: [], protect: [':4'] } });
  });

  it("says what is wrong, in the engine's words for a bad range", () => {
    expect(parseRangesField('only 10')).toEqual({
      ok: false,
      error:
        'Invalid byte range "10": expected A:B (byte offsets, B exclusive; decimal or 0x hex; negative counts from the end)',
    });
    expect(parseRangesField('200:100')).toEqual({
      ok: false,
      error: 'Invalid byte range "200:100": the start is after the end',
    });
    expect(parseRangesField('only png:IDAT/data, protect png:*/crc')).toEqual({
      ok: true,
      ranges: { only: ['png:IDAT/data'], protect: ['png:*/crc'] },
    });
    expect(parseRangesField('keep 1:2')).toEqual({
      ok: false,
      error: '"keep 1:2" is not a range: write A:B, only A:B or protect A:B, separated by commas',
    });
  });
});
