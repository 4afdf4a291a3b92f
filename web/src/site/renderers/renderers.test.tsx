// @vitest-environment jsdom
// One renderer per content kind: each shows its record's fields and links to the records it names.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveLazyRoutes, routes } from '../../App.tsx';
import { formatExpectations, modeExpectations } from '../../content/expectations.ts';
import type { QuickAnswer } from '../../content/types.ts';
import { COOKIE_STORAGE_KEY, PRO_PRICE_GBP, PRO_PRICE_USD } from '../../constants.ts';
import { MAX_RELATED_ANSWERS, pageData, relatedAnswers, SECTIONS } from '../catalog.ts';
import { REJECT_ALL, serializePreferences } from '../consent/preferences.ts';
import { renderSite } from '../testing/renderSite.tsx';

// Every page's chunk loaded up front, as the browser entry loads the one it shows.
beforeAll(() => resolveLazyRoutes(routes));

beforeEach(() => {
  localStorage.setItem(COOKIE_STORAGE_KEY, serializePreferences(REJECT_ALL));
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

function renderAt(path: string) {
  renderSite(path);
  return within(screen.getByRole('main'));
}

const hrefs = (main: ReturnType<typeof renderAt>) => main.getAllByRole('link').map((a) => a.getAttribute('href'));

describe('answers', () => {
  it('show at most four related answers, never the page itself, only known ones', () => {
    const base = SECTIONS.answers.records[0];
    const others = SECTIONS.answers.records.filter((r) => r.slug !== base.slug).map((r) => r.slug);
    const crowded: QuickAnswer = { ...base, related: [base.slug, 'no-such-answer', ...others] };
    const related = relatedAnswers(crowded);
    expect(related).toHaveLength(MAX_RELATED_ANSWERS);
    expect(related).toEqual(others.slice(0, MAX_RELATED_ANSWERS));
  });

  it.each(SECTIONS.answers.records.map((r) => r.slug))(
    '/answers/%s renders question, steps, paragraphs, related answers and the guide link',
    (slug) => {
      const record = SECTIONS.answers.find(slug)!;
      const main = renderAt(`/answers/${slug}`);
      expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(record.question);
      for (const paragraph of record.answer) expect(main.getByText(paragraph)).toBeInTheDocument();
      expect(within(main.getByRole('complementary', { name: 'Quick steps' })).getAllByRole('listitem')).toHaveLength(
        record.quickSteps.length,
      );
      const related = main.queryByRole('list', { name: 'Related answers' });
      const expected = relatedAnswers(record).map((slug) => `/answers/${slug}`);
      expect(
        related
          ? within(related)
              .getAllByRole('link')
              .map((a) => a.getAttribute('href'))
          : [],
      ).toEqual(expected);
      expect(main.getByRole('link', { name: 'Read the full guide' })).toHaveAttribute('href', record.relatedPath);
    },
  );
});

describe('file types, modes and personas link to what they recommend', () => {
  it.each(SECTIONS.corrupt.records.map((r) => r.slug))('/corrupt/%s', (slug) => {
    const record = SECTIONS.corrupt.find(slug)!;
    const main = renderAt(`/corrupt/${slug}`);
    expect(main.getByRole('heading', { level: 1 })).toHaveTextContent(record.hero.heading);
    expect(hrefs(main)).toEqual(expect.arrayContaining(record.recommendedModes.map((m) => `/modes/${m}`)));
    expect(main.getByText(record.calloutStat.value)).toBeInTheDocument();
    for (const step of record.steps) expect(main.getByText(step)).toBeInTheDocument();
    for (const failure of record.failureModes)
      expect(main.getByRole('heading', { name: failure.title })).toBeInTheDocument();
    // What the report names and what a reader must do, with the commands that show it.
    const names = formatExpectations[record.slug];
    expect(main.getByRole('heading', { name: `What the report names in a ${record.name} file` })).toBeInTheDocument();
    expect(within(main.getByRole('list', { name: `${record.name} regions` })).getAllByRole('listitem')).toHaveLength(
      names.paths.length,
    );
    const commands = main.getAllByRole('region', { name: 'Command' }).map((c) => c.textContent);
    expect(commands).toEqual(names.examples.map((e) => e.command));
    for (const note of names.notes ?? []) expect(main.getByText(note)).toBeInTheDocument();
    for (const c of names.cases) expect(main.getAllByText(c.text).length).toBeGreaterThan(0);
  });

  it.each(SECTIONS.modes.records.map((r) => r.slug))('/modes/%s', (slug) => {
    const record = SECTIONS.modes.find(slug)!;
    const main = renderAt(`/modes/${slug}`);
    expect(hrefs(main)).toEqual(expect.arrayContaining(record.recommendedFileTypes.map((f) => `/corrupt/${f}`)));
    for (const step of record.workflow) expect(main.getByText(step.title)).toBeInTheDocument();
    const reader = modeExpectations[record.slug];
    expect(main.getByRole('heading', { name: 'What a reader should do' })).toBeInTheDocument();
    expect(main.getByText(reader.summary)).toBeInTheDocument();
    expect(
      within(main.getByRole('list', { name: `What ${record.name} damage should cause` })).getAllByRole('listitem'),
    ).toHaveLength(reader.cases.length);
    expect(main.getByRole('region', { name: 'Command' })).toHaveTextContent(reader.example.command);
  });

  it.each(SECTIONS.for.records.map((r) => r.slug))('/for/%s', (slug) => {
    const record = SECTIONS.for.find(slug)!;
    const main = renderAt(`/for/${slug}`);
    expect(hrefs(main)).toEqual(
      expect.arrayContaining([
        ...record.recommendedFileTypes.map((f) => `/corrupt/${f}`),
        ...record.recommendedModes.map((m) => `/modes/${m}`),
      ]),
    );
    for (const step of record.playbook.steps) expect(main.getByText(step)).toBeInTheDocument();
  });
});

describe('comparisons', () => {
  it.each(SECTIONS.compare.records.map((r) => r.slug))(
    '/compare/%s has its table and links to the other comparisons',
    (slug) => {
      const record = SECTIONS.compare.find(slug)!;
      const main = renderAt(`/compare/${slug}`);
      const table = main.getByRole('table');
      expect(within(table).getAllByRole('row')).toHaveLength(record.table.length + 1);
      expect(within(table).getByRole('columnheader', { name: record.competitorName })).toBeInTheDocument();
      const others = SECTIONS.compare.records.filter((r) => r.slug !== slug).map((r) => `/compare/${r.slug}`);
      expect(
        within(main.getByRole('list', { name: 'Other comparisons' }))
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toEqual(others);
    },
  );
});

describe('use cases and locations', () => {
  it.each(SECTIONS['use-cases'].records.map((r) => r.slug))(
    '/use-cases/%s shows sections, checklists and metrics',
    (slug) => {
      const record = SECTIONS['use-cases'].find(slug)!;
      const main = renderAt(`/use-cases/${slug}`);
      for (const section of record.sections)
        expect(main.getByRole('heading', { name: section.heading })).toBeInTheDocument();
      for (const list of record.checklists) expect(main.getByRole('heading', { name: list.title })).toBeInTheDocument();
      for (const metric of record.keyMetrics)
        expect(main.getByRole('heading', { name: metric.label })).toBeInTheDocument();
    },
  );

  it('the US page prices Pro Lifetime in dollars and the UK page in pounds, once', () => {
    let main = renderAt('/location/file-corruption-usa');
    expect(main.getByRole('region', { name: /Pro Lifetime/ })).toHaveTextContent(`${PRO_PRICE_USD} one-time (USD)`);
    cleanup();
    main = renderAt('/location/file-corruption-uk');
    const price = main.getByRole('region', { name: /Pro Lifetime/ });
    expect(price).toHaveTextContent(`${PRO_PRICE_GBP} one-time (GBP)`);
    expect(price).not.toHaveTextContent('$');
  });
});

describe('hubs', () => {
  it.each(Object.values(SECTIONS).map((s) => s.segment))('/%s lists every record of its kind', (segment) => {
    const section = Object.values(SECTIONS).find((s) => s.segment === segment)!;
    const main = renderAt(`/${segment}`);
    expect(hrefs(main)).toEqual(section.records.map((r) => `/${segment}/${r.slug}`));
  });
});

describe('content chunks', () => {
  it.each(Object.values(SECTIONS).flatMap((s) => s.records.map((r) => [s.segment, r.slug] as const)))(
    '/%s/%s carries its own record and the cards it links to, no other record',
    (segment, slug) => {
      const data = pageData(segment, slug)!;
      expect(data.record.slug).toBe(slug);
      const text = JSON.stringify(data);
      for (const section of Object.values(SECTIONS)) {
        for (const other of section.records as readonly { slug: string; metaDescription: string }[]) {
          if (other === data.record) continue;
          expect(text).not.toContain(other.metaDescription);
        }
      }
      for (const cards of Object.values(data.related)) {
        for (const card of cards ?? []) expect(card.to).toMatch(/^\/[\w-]+\/[\w-]+$/);
      }
    },
  );
});
