// "Files (count)": one row per file with its size, state, progress and actions. Rows have a fixed
// height, so with thousands of files only the rows in view are rendered.
import { memo, useState } from 'react';
import { styled } from 'styled-components';
import { displayName } from '../../../lib/report/display.ts';
import { FILE_STATES, STAGE_ORDER } from './state.ts';
import type { FileItem } from './state.ts';
import { formatSize } from './format.ts';
import { isTooLarge } from './run.ts';
import { Bar, Button, barFill, Muted } from './styles.ts';

export const ROW_HEIGHT = 100;
const VIEWPORT_ROWS = 6;
/** Rows rendered above and below the visible ones, so fast scrolling shows no gaps. */
const OVERSCAN = 4;

/** The slice of rows to render for a scroll position. */
export function visibleRange(count: number, scrollTop: number, rowHeight = ROW_HEIGHT, viewportRows = VIEWPORT_ROWS) {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(count, Math.ceil(scrollTop / rowHeight) + viewportRows + OVERSCAN);
  return { first, last };
}

interface Props {
  items: readonly FileItem[];
  busy: boolean;
  onRemove: (id: number) => void;
  onDownload: (id: number) => void;
}

export function FileList({ items, busy, onRemove, onDownload }: Props) {
  const [scrollTop, setScrollTop] = useState(0);
  const { first, last } = visibleRange(items.length, scrollTop);
  return (
    <Viewport
      role="region"
      aria-label="Files to corrupt"
      tabIndex={0}
      style={{ maxHeight: ROW_HEIGHT * VIEWPORT_ROWS }}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <Rows style={{ paddingTop: first * ROW_HEIGHT, paddingBottom: (items.length - last) * ROW_HEIGHT }}>
        {items.slice(first, last).map((item, i) => (
          <FileRow
            key={item.id}
            item={item}
            position={first + i + 1}
            count={items.length}
            busy={busy}
            onRemove={onRemove}
            onDownload={onDownload}
          />
        ))}
      </Rows>
    </Viewport>
  );
}

interface RowProps {
  item: FileItem;
  position: number;
  count: number;
  busy: boolean;
  onRemove: (id: number) => void;
  onDownload: (id: number) => void;
}

const FileRow = memo(function FileRow({ item, position, count, busy, onRemove, onDownload }: RowProps) {
  const { file, state } = item;
  const shown = displayName(file.name);
  const tooLarge = isTooLarge(file);
  const label = FILE_STATES[state].label;
  const stepText =
    item.step && item.processing && state !== 'failed'
      ? `Step ${item.step.index}/${STAGE_ORDER.length} · ${item.step.message}`
      : undefined;
  return (
    <Row
      aria-setsize={count}
      aria-posinset={position}
      data-file-id={item.id}
      data-state={state}
      data-seed={item.result?.seed}
      style={{ height: ROW_HEIGHT }}
    >
      <Top>
        {/* Names in their display form: no control character, no bidirectional override (docs/cli.md). */}
        <Name title={shown}>{shown || '(unnamed)'}</Name>
        <Size>{formatSize(file.size)}</Size>
        <StateLabel data-state={state}>{label}</StateLabel>
        <Actions>
          {item.result && (
            <Button
              type="button"
              $tone="secondary"
              onClick={() => onDownload(item.id)}
              aria-label={`Download corrupted ${shown}`}
            >
              Download
            </Button>
          )}
          <Button
            type="button"
            $tone="ghost"
            disabled={busy}
            onClick={() => onRemove(item.id)}
            aria-label={`Remove ${shown}`}
          >
            Remove
          </Button>
        </Actions>
      </Top>
      <Message aria-live="off">
        {tooLarge ? 'Over the 200MB limit: skipped when processing.' : item.message}
        {stepText && <Muted> · {stepText}</Muted>}
      </Message>
      <Bar
        role="progressbar"
        aria-label={`${shown} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={item.progress}
      >
        <span style={barFill(item.progress)} />
      </Bar>
    </Row>
  );
});

const Viewport = styled.div`
  overflow-y: auto;
  border: 1px solid var(--color-border, #334155);
  border-radius: 12px;
  &:focus-visible {
    outline: 2px solid var(--color-accent, #38bdf8);
  }
`;

const Rows = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Row = styled.li`
  box-sizing: border-box;
  display: grid;
  align-content: center;
  gap: 6px;
  padding: 10px 14px;
  border-bottom: 1px solid var(--color-border, #1e293b);
  overflow: hidden;
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  min-width: 0;
`;

const Name = styled.span`
  flex: 1;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  font-weight: 600;
`;

const Size = styled.span`
  flex: none;
  font-variant-numeric: tabular-nums;
  color: var(--color-text-muted, #94a3b8);
`;

const StateLabel = styled.span`
  flex: none;
  font-size: 0.8rem;
  padding: 2px 8px;
  border-radius: 999px;
  border: 1px solid var(--color-border, #334155);
  &[data-state='complete'] {
    border-color: #22c55e;
    color: #86efac;
  }
  &[data-state='failed'] {
    border-color: #f87171;
    color: #fca5a5;
  }
`;

const Actions = styled.div`
  display: flex;
  flex: none;
  gap: 6px;
  & > button {
    min-height: 32px;
    padding: 4px 10px;
  }
`;

const Message = styled.p`
  margin: 0;
  font-size: 0.85rem;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;
