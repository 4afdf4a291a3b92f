// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { corrupt } from '../../../lib/engine/reference/engine.ts';
import type { Report, StructureHit } from '../../../lib/engine/shared/types.ts';
import { EXPECT_LABELS, HITS_PAGE_ROWS } from '../../../lib/report/tables.ts';
import { EXPECT_WORDS, hitsLegend, overallSentence } from '../../../lib/report/text.ts';
import { smallPng } from '../../../tests/cross-engine/families.ts';
import { HitsTable } from './HitsTable.tsx';

afterEach(cleanup);

const hit = (k: number, expect: StructureHit['expect']): StructureHit => ({
  path: `png:IDAT#${k}/data`,
  changed_bytes: k + 1,
  first: 1000 * k,
  expect,
  why: `Why ${k}.`,
});

function report(hits: StructureHit[], overall: Report['expect_overall']): Report {
  const { report } = corrupt(new Uint8Array(10), 'x.bin', { mode: 'byte_flip', intensity: 10, seed: 1 });
  return { ...report, hits, expect_overall: overall };
}

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('HitsTable', () => {
  it("says the overall expectation and lists a real run's hits with headers, strongest first", () => {
    const { report: real } = corrupt(smallPng(3, 300), 'image.png', { mode: 'byte_flip', intensity: 30, seed: 11 });
    expect(real.expect_overall).toBe('reject');
    render(<HitsTable report={real} />);
    expect(screen.getByRole('heading', { name: 'What was hit' })).toBeTruthy();
    expect(screen.getByText(overallSentence('reject')).textContent).toContain(EXPECT_WORDS.reject);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Region', 'Changed bytes', 'First offset', 'Expectation', 'Why']);
    expect(table.querySelector('caption')?.textContent).toMatch(/regions of the file that changed/);
    const rows = bodyRows();
    expect(rows).toHaveLength(Math.min(real.hits!.length, HITS_PAGE_ROWS));
    // Each row is named by its region (th scope=row) and the first is a reject.
    expect(within(rows[0]).getByRole('rowheader').textContent).toMatch(/^png:/);
    expect(rows[0].textContent).toContain(EXPECT_LABELS.reject);
    const idat = rows.find((r) => /png:IDAT#\d\/data/.test(r.textContent ?? ''));
    expect(idat?.textContent).toContain('Bytes a checksum covers changed');
    for (const line of hitsLegend()) expect(screen.getByText(line)).toBeTruthy();
  });

  it(`shows the first ${HITS_PAGE_ROWS} rows, then all of them on "Show all"`, async () => {
    const hits = Array.from({ length: 25 }, (_, k) => hit(k, k % 5 === 0 ? 'reject' : 'may_accept'));
    render(<HitsTable report={report(hits, 'reject')} />);
    expect(bodyRows()).toHaveLength(HITS_PAGE_ROWS);
    // The five rejects lead, largest first; then the biggest of the rest.
    expect(bodyRows()[0].textContent).toContain('png:IDAT#20/data');
    expect(bodyRows()[5].textContent).toContain('png:IDAT#24/data');
    expect(screen.getByRole('table').querySelector('caption')?.textContent).toContain(
      `(the first ${HITS_PAGE_ROWS} shown)`,
    );
    const more = screen.getByRole('button', { name: 'Show all 25 regions' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(bodyRows()).toHaveLength(25);
    const less = screen.getByRole('button', { name: `Show the first ${HITS_PAGE_ROWS}` });
    expect(less.getAttribute('aria-expanded')).toBe('true');
    await userEvent.click(less);
    expect(bodyRows()).toHaveLength(HITS_PAGE_ROWS);
  });

  it('has no button when every hit fits, and no table when nothing changed', () => {
    render(<HitsTable report={report([hit(1, 'ignored')], 'ignored')} />);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText(overallSentence('ignored'))).toBeTruthy();
    expect(bodyRows()[0].textContent).toContain(EXPECT_LABELS.ignored);
    cleanup();
    render(<HitsTable report={report([], 'unchanged')} />);
    expect(screen.getByText(overallSentence('unchanged'))).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('draws nothing for a report made before hits existed', () => {
    const { container } = render(<HitsTable report={report([], undefined)} />);
    expect(container.textContent).toBe('');
  });
});
