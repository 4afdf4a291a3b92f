// The layout bar: the original's structure map (docs/contract.md, section 14) drawn above the change
// map, one segment per top-level unit (png:IHDR, zip:member[word/document.xml], …), its name written
// where it fits and given as the segment's accessible name everywhere, the changed fields drawn over
// it. One tab stop: arrow keys, Home and End move between units; focusing or clicking a unit lists its
// fields and what changed in each. The map is worked out only when the change view opens (layout.ts).
import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { styled } from 'styled-components';
import type { Family } from '../../../lib/engine/reference/tables.ts';
import type { ChangeMap } from '../../../lib/engine/host-module/reports.ts';
import { thousands } from '../../../lib/report/text.ts';
import { bytesText, type LayoutRegion, loadLayout } from './layout.ts';
import { bytesOf, type Finished } from './results.ts';
import { usePromise } from './usePromise.ts';

/** Units drawn as their own segments; a map with more draws the rest as one "more units" segment. */
export const MAX_UNITS = 400;

export interface Unit {
  name: string;
  start: number;
  end: number;
  changed: number;
  fields: LayoutRegion[];
}

/** Regions grouped by their top-level unit (the path up to its first `/`). */
export function unitsOf(regions: readonly LayoutRegion[]): Unit[] {
  const units: Unit[] = [];
  for (const r of regions) {
    const slash = r.path.indexOf('/');
    const name = slash < 0 ? r.path : r.path.slice(0, slash);
    const last = units[units.length - 1];
    if (last && last.name === name) {
      last.end = r.end;
      last.changed += r.changed;
      last.fields.push(r);
    } else units.push({ name, start: r.start, end: r.end, changed: r.changed, fields: [r] });
  }
  if (units.length > MAX_UNITS) {
    const rest = units.splice(MAX_UNITS - 1);
    units.push({
      name: `${rest.length} more units`,
      start: rest[0].start,
      end: rest[rest.length - 1].end,
      changed: rest.reduce((n, u) => n + u.changed, 0),
      fields: rest.flatMap((u) => u.fields),
    });
  }
  return units;
}

const shortName = (u: Unit) => u.name.slice(u.name.indexOf(':') + 1);
/** A name is written on its segment only when it fits whole (about 7 px a letter on a bar ~600 px wide). */
const fits = (u: Unit, span: number) => span > 0 && ((u.end - u.start) / span) * 600 >= shortName(u).length * 7 + 6;

const unitLabel = (u: Unit) =>
  `${u.name}, bytes ${thousands(u.start)}–${thousands(u.end - 1)}, ${u.changed > 0 ? `${bytesText(u.changed)} changed` : 'unchanged'}`;

export function LayoutView({ item, map }: { item: Finished; map: ChangeMap }) {
  const layout = usePromise(
    async () => loadLayout(item.result.report.format as Family, item.file, await bytesOf(item), map),
    map,
  );
  if (!layout) return <p role="status">Mapping the file's structure…</p>;
  if (layout.error) return <p role="alert">The structure map could not be made: {layout.error.message}</p>;
  if (!layout.value) return <p data-field="layout-skipped">The file is too large to map its structure in the page.</p>;
  if (layout.value.length === 0) return null;
  return <LayoutBar regions={layout.value} />;
}

export function LayoutBar({ regions }: { regions: readonly LayoutRegion[] }) {
  const units = useMemo(() => unitsOf(regions), [regions]);
  const span = units.length > 0 ? units[units.length - 1].end : 0;
  const [active, setActive] = useState(() =>
    Math.max(
      0,
      units.findIndex((u) => u.changed > 0),
    ),
  );
  const [open, setOpen] = useState<number | null>(null);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const pct = (n: number) => (span > 0 ? (n / span) * 100 : 0);
  const changedUnits = units.filter((u) => u.changed > 0).length;
  const go = (i: number) => {
    const to = Math.max(0, Math.min(units.length - 1, i));
    setActive(to);
    buttons.current[to]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowDown: active + 1,
      ArrowLeft: active - 1,
      ArrowUp: active - 1,
      Home: 0,
      End: units.length - 1,
    };
    if (e.key in moves) {
      e.preventDefault();
      go(moves[e.key]);
    }
  };
  const shown = open === null ? undefined : units[open];
  return (
    <section aria-label="Structure" data-field="layout">
      <h4>Structure</h4>
      <p data-field="layout-summary">
        {units.length === 1 ? '1 unit' : `${thousands(units.length)} units`};{' '}
        {changedUnits === 0 ? 'none changed' : `${thousands(changedUnits)} with changed bytes`}. Arrow keys move between
        units; focus or click one to list its fields.
      </p>
      <Bar role="toolbar" aria-label="File layout" onKeyDown={onKey} data-field="layout-bar">
        {units.map((u, i) => (
          <Segment
            // biome-ignore lint/suspicious/noArrayIndexKey: units are a fixed sequence for a result.
            key={i}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            tabIndex={i === active ? 0 : -1}
            aria-label={unitLabel(u)}
            aria-pressed={open === i}
            title={unitLabel(u)}
            data-unit={u.name}
            data-changed={u.changed > 0 || undefined}
            style={{ left: `${pct(u.start)}%`, width: `${pct(u.end - u.start)}%` }}
            onFocus={() => {
              setActive(i);
              setOpen(i);
            }}
            onClick={() => setOpen(i)}
          >
            {fits(u, span) && (
              <span className="name" aria-hidden="true">
                {shortName(u)}
              </span>
            )}
            {u.fields
              .filter((f) => f.changed > 0)
              .map((f) => (
                <span
                  key={f.start}
                  className="hit"
                  aria-hidden="true"
                  style={{
                    left: `${((f.start - u.start) / (u.end - u.start)) * 100}%`,
                    width: `${((f.end - f.start) / (u.end - u.start)) * 100}%`,
                  }}
                />
              ))}
          </Segment>
        ))}
      </Bar>
      {shown && (
        <Fields aria-live="polite" data-field="layout-fields">
          <strong>{unitLabel(shown)}</strong>
          <table>
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">Bytes</th>
                <th scope="col">Changed</th>
                <th scope="col">First change</th>
              </tr>
            </thead>
            <tbody>
              {shown.fields.map((f) => (
                <tr key={f.start} data-changed={f.changed > 0 || undefined}>
                  <td>
                    <code>{f.path}</code>
                  </td>
                  <td>
                    {thousands(f.start)}–{thousands(f.end - 1)}
                  </td>
                  <td>{f.changed > 0 ? bytesText(f.changed) : 'none'}</td>
                  <td>{f.first >= 0 ? `byte ${thousands(f.first)}` : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Fields>
      )}
    </section>
  );
}

const Bar = styled.div`
  position: relative;
  height: 30px;
  margin: 4px 0 10px;
  border-radius: 6px;
  overflow: hidden;
  background: var(--color-surface-raised, #111a2e);
`;

const Segment = styled.button`
  position: absolute;
  top: 0;
  bottom: 0;
  min-width: 2px;
  margin: 0;
  padding: 0 2px;
  border: 0;
  border-right: 1px solid #020617;
  background: #1e3a5f;
  color: #e2e8f0;
  font: inherit;
  font-size: 0.72rem;
  text-align: left;
  overflow: hidden;
  white-space: nowrap;
  cursor: pointer;
  &:nth-child(even) {
    background: #27496f;
  }
  &[aria-pressed='true'] {
    background: #3b5f8f;
  }
  &:focus-visible {
    outline: 2px solid #fde047;
    outline-offset: -2px;
    z-index: 1;
  }
  .name {
    position: relative;
    z-index: 1;
    text-overflow: clip;
  }
  .hit {
    position: absolute;
    bottom: 0;
    height: 8px;
    min-width: 2px;
    background: #f87171;
  }
`;

const Fields = styled.div`
  margin: 0 0 12px;
  font-size: 0.85rem;
  table {
    width: 100%;
    margin-top: 6px;
    border-collapse: collapse;
  }
  th,
  td {
    text-align: left;
    padding: 2px 8px 2px 0;
  }
  tr[data-changed] td {
    color: #fecaca;
  }
  code {
    word-break: break-all;
  }
`;
