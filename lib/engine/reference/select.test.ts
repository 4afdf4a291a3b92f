// Selectors (contract 14.4) in the reference engine: the same cases as the Rust core's
// engine-rs/core/src/options/select.rs and stream/tests.rs (selectors_stream_too).
import { describe, expect, it } from 'vitest';
import { corrupt } from './engine.ts';
import { parseRange, parseRanges, selectRanges, selectedText } from './ranges.ts';
import { glob, segmentsOf } from './select.ts';
import { structureMapOfBytes } from './structure/index.ts';

function png(chunks: [string, Uint8Array][], tail = 'tail'): Uint8Array {
  const parts: number[] = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (const [t, data] of chunks) {
    const n = data.length;
    parts.push(n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255, ...Buffer.from(t), ...data, 0, 0, 0, 0);
  }
  parts.push(...Buffer.from(tail));
  return new Uint8Array(parts);
}

const small = png([
  ['IHDR', new Uint8Array(13)],
  ['IDAT', Buffer.from('abc')],
  ['IDAT', Buffer.from('defg')],
  ['IEND', new Uint8Array(0)],
]);

function spans(text: string): (readonly number[])[] {
  const r = parseRanges({ only: [text] });
  selectRanges(r, structureMapOfBytes('png', small));
  return r.only[0].spans ?? [];
}

describe('selectors', () => {
  it('resolve to the regions they match', () => {
    expect(spans('png:IDAT/data')).toEqual([
      [41, 44],
      [56, 60],
    ]);
    expect(spans('png:IDAT#1/data')).toEqual([[56, 60]]);
    expect(spans('png:IDAT')).toEqual([[33, 64]]);
    expect(spans('png:I*/crc')).toEqual([
      [29, 33],
      [44, 48],
      [60, 64],
      [72, 76],
    ]);
    expect(spans('png:signature')).toEqual([[0, 8]]);
    expect(spans('png:trailing')).toEqual([[76, 80]]);
    expect(spans('png:*')).toEqual([[0, 80]]);
  });

  it('fail with the contract errors', () => {
    expect(() => spans('png:tEXt')).toThrow(
      'Selector "png:tEXt" matches nothing in this file; its units are signature, IHDR, IDAT#0, IDAT#1, IEND, trailing (6 in all)',
    );
    expect(() => spans('png:IDAT#7')).toThrow('matches nothing');
    expect(() => spans('zip:eocd')).toThrow(
      `Selector "zip:eocd" is for zip files, but this file's structure map is png`,
    );
    for (const bad of ['png', 'png:', 'PNG:IDAT', 'png:IDAT//data', 'png:/IDAT', 'p-g:x', 'x']) {
      expect(() => parseRange(bad)).toThrow(`Invalid byte range "${bad}": expected A:B`);
    }
  });

  it('glob within a segment; brackets keep their slashes', () => {
    expect(glob('*', '')).toBe(true);
    expect(glob('a*c', 'abbbc')).toBe(true);
    expect(glob('a*c', 'abbb')).toBe(false);
    expect(glob('*a*a*a*b', 'a'.repeat(200))).toBe(false);
    expect(segmentsOf('member[word/document.xml]/data')).toEqual(['member[word/document.xml]', 'data']);
  });

  it('aim the damage: only IDAT data changes, the report keeps the selector', () => {
    const chunks: [string, Uint8Array][] = [['IHDR', new Uint8Array(13)]];
    for (let k = 0; k < 5; k++) chunks.push(['IDAT', new Uint8Array(3000).map((_, i) => (i * 7 + k) & 255)]);
    chunks.push(['IEND', new Uint8Array(0)]);
    const input = png(chunks, '');
    const r = corrupt(input, 'a.png', {
      mode: 'byte_flip',
      intensity: 60,
      seed: 9,
      ranges: { only: ['png:IDAT/data'] },
    });
    for (const reg of structureMapOfBytes('png', input)) {
      const same = Buffer.from(r.data.subarray(reg.start, reg.end)).equals(input.subarray(reg.start, reg.end));
      expect(same, reg.path).toBe(!/^png:IDAT#\d+\/data$/.test(reg.path));
    }
    expect(r.report.ranges).toBe('only png:IDAT/data');
    expect(r.report.selected).toMatch(/^only png:IDAT\/data = 41:3041 (\d+:\d+ ){3}\d+:\d+$/);
    const text = parseRanges({ only: ['png:IDAT#0', '0:4'], protect: ['png:*/crc'] });
    selectRanges(text, structureMapOfBytes('png', input));
    expect(selectedText(text)).toBe(
      'only png:IDAT#0 = 33:3045; protect png:*/crc = 29:33 3041:3045 6053:6057 9065:9069 12077:12081 15089:15093 15101:15105',
    );
  });
});
