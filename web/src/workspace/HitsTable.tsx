// "What was hit" on the report page: the overall expectation in one sentence, then a table of the
// regions of the file's structure map that changed (docs/contract.md, section 14.2), strongest
// expectation first, with what a reader should do about each and why; the top rows until "Show all"
// is pressed; then a legend saying what each expectation means. The texts, labels and the number of
// rows shown come from engine-data/report.toml (`[hits]`, `[expect]`), as the PDFs' do.
import { useId, useMemo, useState } from 'react';
import { styled } from 'styled-components';
import type { Report } from '../../../lib/engine/shared/types.ts';
import { HITS_COLUMNS, HITS_HEADING, HITS_PAGE_ROWS } from '../../../lib/report/tables.ts';
import { expectLabel, hitsByStrength, hitsLegend, overallSentence, thousands } from '../../../lib/report/text.ts';
import { Button } from './styles.ts';

export function HitsTable({ report }: { report: Report }) {
  const [all, setAll] = useState(false);
  const hits = useMemo(() => hitsByStrength(report.hits ?? []), [report.hits]);
  const id = useId();
  const overall = report.expect_overall;
  // A report made before structure maps existed has no hits to show.
  if (overall === undefined) return null;
  const capped = hits.length > HITS_PAGE_ROWS;
  const shown = all || !capped ? hits : hits.slice(0, HITS_PAGE_ROWS);
  const tableId = `${id}-table`;
  return (
    <Wrap aria-labelledby={`${id}-title`} data-field="hits">
      <h3 id={`${id}-title`}>{HITS_HEADING}</h3>
      <p data-field="expect-overall" data-expect={overall}>
        {overallSentence(overall)}
      </p>
      {hits.length > 0 && (
        <Scroll role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
          <table id={tableId}>
            <caption id={`${id}-caption`}>
              {hits.length === 1
                ? 'The one region of the file that changed'
                : `The ${thousands(hits.length)} regions of the file that changed, strongest expectation first${shown.length < hits.length ? ` (the first ${shown.length} shown)` : ''}`}
            </caption>
            <thead>
              <tr>
                {HITS_COLUMNS.map((c) => (
                  <th key={c} scope="col">
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((h) => (
                <tr key={h.path} data-expect={h.expect}>
                  <th scope="row">
                    <code>{h.path}</code>
                  </th>
                  <td className="number">{thousands(h.changed_bytes)}</td>
                  <td className="number">{thousands(h.first)}</td>
                  <td className="expect">{expectLabel(h.expect)}</td>
                  <td>{h.why}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      )}
      {capped && (
        <Button type="button" $tone="ghost" aria-controls={tableId} aria-expanded={all} onClick={() => setAll(!all)}>
          {all ? `Show the first ${HITS_PAGE_ROWS}` : `Show all ${thousands(hits.length)} regions`}
        </Button>
      )}
      {hits.length > 0 && (
        <Legend aria-label="What the expectations mean">
          {hitsLegend().map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Legend>
      )}
    </Wrap>
  );
}

const Wrap = styled.section`
  margin-top: 20px;
  h3 {
    margin: 0 0 6px;
    font-size: 1.05rem;
  }
  p {
    margin: 0 0 10px;
  }
`;

const Scroll = styled.div`
  overflow-x: auto;
  margin-bottom: 10px;
  table {
    width: 100%;
    border-collapse: collapse;
    font-size: 0.85rem;
  }
  caption {
    text-align: left;
    padding-bottom: 6px;
    color: var(--color-text-muted, #94a3b8);
  }
  th,
  td {
    text-align: left;
    vertical-align: top;
    padding: 6px 10px 6px 0;
    border-bottom: 1px solid var(--color-border, #334155);
  }
  thead th {
    font-size: 0.75rem;
    text-transform: uppercase;
    letter-spacing: 0.06em;
    color: var(--color-text-muted, #94a3b8);
    white-space: nowrap;
  }
  tbody th {
    font-weight: normal;
    overflow-wrap: anywhere;
    min-width: 20ch;
  }
  .number {
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
  }
  .expect {
    white-space: nowrap;
  }
  tr[data-expect='reject'] .expect {
    font-weight: 700;
  }
`;

const Legend = styled.ul`
  margin: 10px 0 0;
  padding-left: 18px;
  font-size: 0.85rem;
  color: var(--color-text-muted, #94a3b8);
`;
