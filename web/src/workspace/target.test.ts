// The Target picker's data (target.ts, targetText.ts): units grouped from the real structure map,
// members of a ZIP and a tar, and selectors that the reference engine resolves to the picked bytes.
import { describe, expect, it } from 'vitest';
import { corrupt as reference } from '../../../lib/engine/reference/engine.ts';
import { parseSelector, resolveSelector } from '../../../lib/engine/reference/select.ts';
import { structureMapOfBytes } from '../../../lib/engine/reference/structure/index.ts';
import { png, tar, zip } from '../../../tests/cross-engine/families.ts';
import { familyOf, loadTargetMap, picksFrom, selectorFor, targetMapOf, unitLabel } from './target.ts';
import { selectorsIn, withSelectors, withoutSelectors } from './targetText.ts';

const pngBytes = new Uint8Array(png(250_000));
const resolve = (text: string, bytes: Uint8Array, family: Parameters<typeof structureMapOfBytes>[0]) =>
  resolveSelector(
    parseSelector(text, () => new Error('bad')),
    structureMapOfBytes(family, bytes),
  );

describe('targetMapOf', () => {
  it("groups a PNG's repeated chunks and lists their fields", () => {
    const map = targetMapOf('png', structureMapOfBytes('png', pngBytes));
    expect(map.format).toBe('png');
    expect(map.members).toEqual([]);
    const keys = map.units.map((u) => u.key);
    expect(keys).toEqual(['signature', 'IHDR', 'IDAT', 'IEND']);
    const idat = map.units[2];
    expect(idat.instances).toEqual(['IDAT#0', 'IDAT#1', 'IDAT#2']);
    expect(idat.fields).toEqual(['length', 'type', 'data', 'crc']);
    expect(unitLabel(idat)).toBe('IDAT (×3)');
    expect(unitLabel(map.units[1])).toBe('IHDR');
    // Every byte is in exactly one unit.
    expect(map.units.reduce((n, u) => n + u.bytes, 0)).toBe(pngBytes.length);
  });

  it("lists a ZIP's and a tar's members", async () => {
    const z = targetMapOf('zip', structureMapOfBytes('zip', new Uint8Array(zip(100_000))));
    expect(z.format).toBe('zip');
    expect(z.members).toEqual(['logs/0.log', 'logs/1.log', 'logs/2.log']);
    const t = targetMapOf('tar', structureMapOfBytes('tar', new Uint8Array(tar(150_000))));
    expect(t.members).toEqual(['logs/0.log', 'logs/1.log', 'logs/2.log']);
    expect(t.units.find((u) => u.key === 'member[logs/1.log]')?.fields).toEqual(['header', 'data', 'padding']);
  });

  it('maps a file as the engine detects it, from its bytes and name', async () => {
    const map = await loadTargetMap(new File([pngBytes], 'renamed.bin'));
    expect(map?.family).toBe('png');
    expect(await familyOf(new File([new Uint8Array(zip(50_000))], 'a.docx'))).toBe('zip');
    expect(await familyOf(new File(['plain words\n'], 'notes.txt'))).toBe('text');
  });
});

describe('selectors', () => {
  const map = targetMapOf('png', structureMapOfBytes('png', pngBytes));
  const idat = map.units[2];
  const regions = structureMapOfBytes('png', pngBytes);

  it('resolve to exactly the picked regions', () => {
    const every = selectorFor('png', idat, { field: 'data' });
    expect(every).toBe('png:IDAT/data');
    const want = regions.filter((r) => /^png:IDAT#\d\/data$/.test(r.path)).map((r) => [r.start, r.end]);
    expect(resolve(every, pngBytes, 'png')).toEqual(want);
    const one = selectorFor('png', idat, { instance: 'IDAT#1' });
    expect(one).toBe('png:IDAT#1');
    const idat1 = regions.filter((r) => r.path.startsWith('png:IDAT#1/'));
    expect(resolve(one, pngBytes, 'png')).toEqual([[idat1[0].start, idat1[idat1.length - 1].end]]);
  });

  it("write a member's name as one range text: commas and spaces become *", () => {
    const u = { key: 'member[my notes, v2.txt]', instances: ['member[my notes, v2.txt]'], fields: ['data'], bytes: 1 };
    expect(selectorFor('zip', u, { field: 'data' })).toBe('zip:member[my*notes*v2.txt]/data');
  });

  it('go into the Byte ranges field beside its byte ranges, and come out again', () => {
    const typed = 'protect 0:8, 100:200';
    const withOnly = withSelectors(typed, 'only', ['png:IDAT/data', 'png:IHDR']);
    expect(withOnly).toBe('protect 0:8, 100:200, only png:IDAT/data, only png:IHDR');
    // Picking again replaces the picker's kind of selectors only.
    const both = withSelectors(withSelectors(withOnly, 'only', ['png:IEND']), 'protect', ['png:IDAT#0/crc']);
    expect(both).toBe('protect 0:8, 100:200, only png:IEND, protect png:IDAT#0/crc');
    expect(selectorsIn(both)).toEqual([
      { kind: 'only', text: 'png:IEND' },
      { kind: 'protect', text: 'png:IDAT#0/crc' },
    ]);
    expect(withoutSelectors(both)).toBe('protect 0:8, 100:200');
    // A selector without a word is an "only" one, as rangesField.ts reads it.
    expect(selectorsIn('png:IHDR')).toEqual([{ kind: 'only', text: 'png:IHDR' }]);
  });

  it('read back into picks when the picker opens again', () => {
    const picks = picksFrom('only png:IDAT#2/data, 0:4, protect png:IHDR, only png:nothing', 'only', map);
    expect([...picks]).toEqual([['IDAT', { instance: 'IDAT#2', field: 'data' }]]);
    expect([...picksFrom('protect png:IHDR', 'protect', map)]).toEqual([['IHDR', {}]]);
  });

  it('a run with a picked selector changes bytes only there, and the report says what it selected', () => {
    const sel = selectorFor('png', idat, { field: 'data' });
    const { data, report } = reference(pngBytes, 'picture.png', {
      mode: 'byte_flip',
      intensity: 60,
      seed: 5,
      ranges: { only: [sel] },
    });
    const spans = resolve(sel, pngBytes, 'png');
    const inside = (i: number) => spans.some(([a, b]) => i >= a && i < b);
    let changed = 0;
    for (let i = 0; i < pngBytes.length; i++) {
      if (data[i] !== pngBytes[i]) {
        changed++;
        expect(inside(i)).toBe(true);
      }
    }
    expect(changed).toBeGreaterThan(0);
    expect(report.ranges).toBe('only png:IDAT/data');
    expect(report.selected).toBe(`only png:IDAT/data = ${spans.map(([a, b]) => `${a}:${b}`).join(' ')}`);
  });
});
