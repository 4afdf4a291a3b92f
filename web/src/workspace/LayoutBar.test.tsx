// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { structureMapOfBytes } from '../../../lib/engine/reference/structure/index.ts';
import { bytesSource, changeMapOf } from '../../../lib/engine/host-module/reports.ts';
import { loadOutputsModule } from '../../../lib/engine/host-module/node.ts';

const changeMap = async (a: ReturnType<typeof bytesSource>, b: ReturnType<typeof bytesSource>) =>
  changeMapOf(await loadOutputsModule(), a, b);
import { LayoutBar, MAX_UNITS, unitsOf } from './LayoutBar.tsx';
import { layoutOf, type LayoutRegion } from './layout.ts';

function png(chunks: [string, number[]][]): Uint8Array {
  const out = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  for (const [kind, data] of chunks) {
    const n = data.length;
    out.push(0, 0, n >>> 8, n & 255, ...[...kind].map((c) => c.charCodeAt(0)), ...data, 0, 0, 0, 0);
  }
  return Uint8Array.from(out);
}

const original = png([
  ['IHDR', Array(13).fill(1)],
  ['IDAT', Array(40).fill(2)],
  ['IDAT', Array(40).fill(3)],
  ['IEND', []],
]);

async function layout(result: Uint8Array): Promise<LayoutRegion[]> {
  const map = await changeMap(bytesSource(original), bytesSource(result));
  return layoutOf(structureMapOfBytes('png', original), original, result, map);
}

afterEach(cleanup);

describe('layoutOf', () => {
  it('counts changed bytes per region, adding up to the change count', async () => {
    const result = original.slice();
    // IDAT#1 data starts at 8 + 25 + 52 + 8 = 93.
    result[95] ^= 1;
    result[96] ^= 1;
    result[20] ^= 4; // IHDR data
    const regions = await layout(result);
    const hit = regions.filter((r) => r.changed > 0).map((r) => [r.path, r.changed, r.first]);
    expect(hit).toEqual([
      ['png:IHDR/data', 1, 20],
      ['png:IDAT#1/data', 2, 95],
    ]);
    expect(regions.reduce((n, r) => n + r.changed, 0)).toBe(3);
  });

  it('counts a cut in the regions it removed from', async () => {
    // Cut 10 bytes of IDAT#0's data (41..) and the first bytes stay aligned.
    const result = Uint8Array.from([...original.subarray(0, 50), ...original.subarray(60)]);
    const regions = await layout(result);
    const changed = regions.reduce((n, r) => n + r.changed, 0);
    expect(changed).toBeGreaterThanOrEqual(10);
    expect(regions.find((r) => r.path === 'png:signature')?.changed).toBe(0);
  });
});

describe('unitsOf', () => {
  it('groups fields by top-level unit and caps the segments', () => {
    const many: LayoutRegion[] = Array.from({ length: MAX_UNITS + 10 }, (_, i) => ({
      path: `x:u#${i}/data`,
      start: i,
      end: i + 1,
      role: 'payload',
      changed: i === MAX_UNITS + 5 ? 1 : 0,
      first: -1,
    }));
    const units = unitsOf(many);
    expect(units).toHaveLength(MAX_UNITS);
    expect(units[MAX_UNITS - 1].name).toBe('11 more units');
    expect(units[MAX_UNITS - 1].changed).toBe(1);
  });
});

describe('LayoutBar', () => {
  it('names every unit, marks the changed ones and lists fields on focus and keys', async () => {
    const result = original.slice();
    result[95] ^= 1;
    render(<LayoutBar regions={await layout(result)} />);
    const bar = screen.getByRole('toolbar', { name: 'File layout' });
    const segments = within(bar).getAllByRole('button');
    expect(segments.map((b) => b.dataset.unit)).toEqual([
      'png:signature',
      'png:IHDR',
      'png:IDAT#0',
      'png:IDAT#1',
      'png:IEND',
    ]);
    expect(segments[3]).toHaveAccessibleName('png:IDAT#1, bytes 85–136, 1 byte changed');
    expect(segments[0].getAttribute('aria-label')).toMatch(/unchanged$/);
    // One tab stop, on the first changed unit.
    expect(segments.filter((b) => b.tabIndex === 0)).toEqual([segments[3]]);
    await userEvent.tab();
    expect(segments[3]).toHaveFocus();
    const fields = screen.getByRole('table');
    expect(within(fields).getByText('png:IDAT#1/data').closest('tr')?.textContent).toContain('1 byte');
    await userEvent.keyboard('{ArrowLeft}');
    expect(segments[2]).toHaveFocus();
    expect(within(screen.getByRole('table')).getByText('png:IDAT#0/crc')).toBeTruthy();
    await userEvent.keyboard('{End}');
    expect(segments[4]).toHaveFocus();
  });
});
