// The change map and the hex view: a strip across the file, darker where more bytes changed (the cut
// or insertion of a result of another length outlined), and the 200 bytes around one run of changed
// bytes at a time, before and after, opening at the first change. The map and every step are worked
// out in a worker (changes-client.ts), so a 200 MB result never holds up the page.
import { lazy, Suspense, useCallback, useState } from 'react';
import { styled } from 'styled-components';
import type { ChangeMap } from '../../../lib/engine/host-module/reports.ts';
import { segmentStart } from './change-runs.ts';
import { changeSummary, firstChangeText, thousands } from '../../../lib/report/text.ts';
import { markedRuns } from './bytes.ts';
import { stepChanges } from './changes-client.ts';
import type { ChangeStep, StepWhere } from './changes-protocol.ts';
import { bytesOf, changesOf, type Finished } from './results.ts';
import { Button, Card } from './styles.ts';
import { usePromise } from './usePromise.ts';

// The layout bar and the structure walks load only when a change view opens (home's JS budget).
const LayoutView = lazy(async () => ({ default: (await import('./LayoutBar.tsx')).LayoutView }));

export function ChangeView({ item }: { item: Finished }) {
  const mapped = usePromise(() => changesOf(item), item.result.report);
  return (
    <Card data-change-view="">
      <h3>Change map</h3>
      {!mapped ? (
        <p role="status">Mapping the changed bytes…</p>
      ) : mapped.error ? (
        <p role="alert">The change map could not be made: {mapped.error.message}</p>
      ) : (
        <Changes item={item} map={mapped.value} />
      )}
    </Card>
  );
}

function Changes({ item, map }: { item: Finished; map: ChangeMap }) {
  const [where, setWhere] = useState<StepWhere>({ to: 'first' });
  // `where` is a new object for every move, so it alone says when to read again.
  const step = usePromise(async () => stepChanges(item.file, await bytesOf(item), map, where), where);
  const [shown, setShown] = useState<ChangeStep>();
  // The last step stays on screen while the next one is read, so the view does not jump.
  if (step?.value && step.value !== shown) setShown(step.value);
  const run = shown?.run ?? null;
  const move = useCallback(
    (to: 'next' | 'previous') => {
      if (run) setWhere({ to, from: run.start });
    },
    [run],
  );
  const atFirst = !run || run.index <= 1;
  const atLast = !run || run.index >= map.runs;
  return (
    <>
      <Suspense fallback={<p role="status">Mapping the file's structure…</p>}>
        <LayoutView item={item} map={map} />
      </Suspense>
      <Strip map={map} run={run} />
      <Axis aria-hidden="true">
        <span>byte 0</span>
        <span>byte {thousands(map.span)}</span>
      </Axis>
      <p data-field="change-summary">{changeSummary(map)}</p>
      <Nav>
        <strong data-field="first-change">{firstChangeText(map)}</strong>
        <Button
          type="button"
          $tone="secondary"
          aria-disabled={atFirst || undefined}
          onClick={() => !atFirst && move('previous')}
        >
          Previous change
        </Button>
        <Button
          type="button"
          $tone="secondary"
          aria-disabled={atLast || undefined}
          onClick={() => !atLast && move('next')}
        >
          Next change
        </Button>
      </Nav>
      {step?.error && <p role="alert">Could not read the bytes: {step.error.message}</p>}
      {shown && (
        <>
          <p data-field="change-position" aria-live="polite">
            {run
              ? `Change ${thousands(run.index)} of ${thousands(map.runs)}: bytes ${thousands(run.start)}–${thousands(run.end - 1)} (${run.end - run.start === 1 ? '1 byte' : `${thousands(run.end - run.start)} bytes`}). Showing bytes ${thousands(shown.window.start)}–${thousands(shown.window.start + Math.max(shown.window.original.length, shown.window.result.length) - 1)}.`
              : `Showing the first ${shown.window.original.length} bytes.`}
          </p>
          <Grid>
            <div>
              <h4>Before</h4>
              <Bytes bytes={shown.window.original} changed={shown.window.originalChanged} side="before" />
            </div>
            <div>
              <h4>After</h4>
              <Bytes bytes={shown.window.result} changed={shown.window.resultChanged} side="after" />
            </div>
          </Grid>
        </>
      )}
    </>
  );
}

/** The map as a strip: one rectangle per segment with changes, opacity by density. */
function Strip({ map, run }: { map: ChangeMap; run: { start: number; end: number } | null }) {
  const width = 1000;
  const x = (offset: number) => (map.span > 0 ? (offset / map.span) * width : 0);
  return (
    <Svg
      viewBox={`0 0 ${width} 10`}
      preserveAspectRatio="none"
      role="img"
      aria-label={`Change map. ${changeSummary(map)}`}
      data-field="change-map"
    >
      <rect x={0} y={0} width={width} height={10} className="background" />
      {map.changed.map((count, s) => {
        if (count === 0) return null;
        const from = segmentStart(map, s);
        const len = segmentStart(map, s + 1) - from;
        return (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are fixed positions.
            key={s}
            x={x(from)}
            y={0}
            width={Math.max(0.8, x(from + len) - x(from))}
            height={10}
            className="changed"
            data-density={(count / len).toFixed(3)}
            style={{ opacity: 0.25 + 0.75 * (count / len) }}
          />
        );
      })}
      {map.splice && (
        <rect
          x={x(map.splice.at)}
          y={0.5}
          width={Math.max(2, x(map.splice.at + map.splice.removed + map.splice.inserted) - x(map.splice.at))}
          height={9}
          className="splice"
          data-splice={map.splice.removed > 0 ? 'cut' : 'inserted'}
          vectorEffect="non-scaling-stroke"
        />
      )}
      {run && <rect x={x(run.start)} y={0} width={3} height={10} className="current" />}
    </Svg>
  );
}

function Bytes({ bytes, changed, side }: { bytes: Uint8Array; changed: Uint8Array; side: string }) {
  const runs = markedRuns(bytes, changed);
  return (
    <Pre aria-label={side === 'before' ? 'Original bytes' : 'Corrupted bytes'} data-preview={side} tabIndex={0}>
      {runs.length === 0 ? (
        <em>(no bytes here)</em>
      ) : (
        // biome-ignore lint/suspicious/noArrayIndexKey: runs are a fixed sequence; the index is their identity.
        runs.map((r, i) => (r.changed ? <mark key={i}>{r.text}</mark> : <span key={i}>{r.text}</span>))
      )}
    </Pre>
  );
}

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: 34px;
  border-radius: 6px;
  .background {
    fill: var(--color-surface-raised, #111a2e);
  }
  .changed {
    fill: #f87171;
  }
  .splice {
    fill: none;
    stroke: #60a5fa;
    stroke-width: 2px;
  }
  .current {
    fill: #fde047;
  }
`;

const Axis = styled.div`
  display: flex;
  justify-content: space-between;
  margin: 4px 0 12px;
  font-size: 0.8rem;
  color: var(--color-text-muted, #94a3b8);
`;

const Nav = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 10px;
  margin: 8px 0;
  strong {
    flex: 1;
    min-width: 14em;
  }
`;

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(280px, 1fr));
  gap: 20px;
  h4 {
    margin: 0 0 8px;
    font-size: 0.95rem;
  }
`;

const Pre = styled.pre`
  margin: 0;
  padding: 12px;
  border-radius: 10px;
  background: var(--color-code, #020617);
  font-size: 0.8rem;
  line-height: 1.6;
  white-space: pre-wrap;
  word-break: break-all;
  mark {
    background: rgb(248 113 113 / 0.3);
    color: #fecaca;
    border-radius: 2px;
  }
`;
