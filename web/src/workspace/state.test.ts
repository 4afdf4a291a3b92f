import { describe, expect, it } from 'vitest';
import type { Report } from '../../../lib/engine/shared/types.ts';
import { FILE_STATES, indexOfId, initialWorkspace, overallPercent, stateForStage, workspaceReducer } from './state.ts';
import type { FileResult, RunEvent, WorkspaceAction, WorkspaceState } from './state.ts';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

function reduce(actions: WorkspaceAction[], from: WorkspaceState = initialWorkspace): WorkspaceState {
  return actions.reduce(workspaceReducer, from);
}

function result(seed: number): FileResult {
  return {
    blob: new Blob([new Uint8Array([1])]),
    report: { filename: 'x', seed } as Report,
    seed,
  };
}

describe('stateForStage', () => {
  it('maps the engine stages to the spec states', () => {
    expect(['scan', 'plan', 'corrupt', 'verify', 'report'].map(stateForStage)).toEqual([
      'inspecting',
      'preparing',
      'corrupting',
      'verifying',
      'packaging',
    ]);
  });
  it('maps unknown stages, including prototype names, to corrupting', () => {
    expect(stateForStage('escalate')).toBe('corrupting');
    expect(stateForStage('toString')).toBe('corrupting');
  });
});

describe('workspaceReducer', () => {
  it('queues added files with increasing ids and the queued message', () => {
    const s = reduce([
      { type: 'add', files: [file('a.csv'), file('b')] },
      { type: 'add', files: [file('c.pdf')] },
    ]);
    expect(s.items.map((i) => [i.id, i.file.name, i.state, i.message])).toEqual([
      [1, 'a.csv', 'queued', 'Queued for processing. Nothing leaves your device.'],
      [2, 'b', 'queued', 'Queued for processing. Nothing leaves your device.'],
      [3, 'c.pdf', 'queued', 'Queued for processing. Nothing leaves your device.'],
    ]);
  });

  it('walks a file through every state with the spec messages', () => {
    let s = reduce([
      { type: 'add', files: [file('a.csv')] },
      { type: 'runStarted', ids: [1] },
    ]);
    expect(s.busy).toBe(true);
    const seen: [string, string, number | undefined][] = [];
    for (const [stage, fraction] of [
      ['scan', 0.15],
      ['plan', 0.35],
      ['corrupt', 0.7],
      ['verify', 0.85],
      ['report', 1],
    ] as const) {
      s = reduce(
        [
          { type: 'stage', id: 1, stage, message: `msg ${stage}` },
          { type: 'progress', id: 1, fraction },
        ],
        s,
      );
      seen.push([s.items[0].state, s.items[0].message, s.items[0].step?.index]);
    }
    expect(seen).toEqual([
      ['inspecting', 'Identifying format and integrity…', 1],
      ['preparing', 'Choosing safest method to trigger failure…', 2],
      ['corrupting', 'Corrupting…', 3],
      ['verifying', "Verifying the file won't open…", 4],
      ['packaging', 'Packaging results and reports…', 5],
    ]);
    expect(FILE_STATES.preparing.label).toBe('Planning');
    s = reduce([{ type: 'completed', id: 1, result: result(7) }, { type: 'runEnded' }], s);
    expect(s.items[0]).toMatchObject({
      state: 'complete',
      message: 'Done. Files saved locally.',
      progress: 100,
      processing: false,
    });
    expect(s.items[0].result?.seed).toBe(7);
    expect(s).toMatchObject({ busy: false, run: { total: 1, done: 1 }, latestId: 1 });
  });

  it('keeps progress within 0-100 and never moves it backwards', () => {
    let s = reduce([
      { type: 'add', files: [file('a')] },
      { type: 'runStarted', ids: [1] },
    ]);
    s = reduce(
      [
        { type: 'progress', id: 1, fraction: 0.7 },
        { type: 'progress', id: 1, fraction: 0.35 },
      ],
      s,
    );
    expect(s.items[0].progress).toBe(70);
    s = reduce([{ type: 'progress', id: 1, fraction: 4 }], s);
    expect(s.items[0].progress).toBe(100);
  });

  it('shows the retry message, then the failure, and leaves other files their results', () => {
    let s = reduce([
      { type: 'add', files: [file('a'), file('b')] },
      { type: 'runStarted', ids: [1, 2] },
      { type: 'completed', id: 1, result: result(5) },
      { type: 'retrying', id: 2, error: 'boom' },
    ]);
    expect(s.items[1]).toMatchObject({
      state: 'failed',
      message: "Couldn't corrupt on the first pass. Retrying with 'Guaranteed Failure'…",
      processing: true,
    });
    s = reduce([{ type: 'failed', id: 2, error: 'still boom' }, { type: 'runEnded' }], s);
    expect(s.items[1]).toMatchObject({
      state: 'failed',
      message: "Couldn't corrupt this file: still boom",
      processing: false,
    });
    expect(s.items[0].result?.seed).toBe(5);
    expect(s.run).toEqual({ total: 2, done: 2 });
    expect(overallPercent(s.run)).toBe(100);
    expect(s.latestId).toBe(1);
  });

  it('requeues only the files of a new run', () => {
    let s = reduce([
      { type: 'add', files: [file('a'), file('b')] },
      { type: 'runStarted', ids: [1] },
      { type: 'completed', id: 1, result: result(1) },
      { type: 'runEnded' },
      { type: 'runStarted', ids: [2] },
    ]);
    expect(s.items.map((i) => i.state)).toEqual(['complete', 'queued']);
    expect(s.run).toEqual({ total: 1, done: 0 });
    s = reduce([{ type: 'stage', id: 2, stage: 'scan', message: '' }], s);
    expect(overallPercent(s.run)).toBe(0);
  });

  it('refuses to remove a file mid-processing or to clear during a run', () => {
    let s = reduce([
      { type: 'add', files: [file('a'), file('b')] },
      { type: 'runStarted', ids: [1, 2] },
    ]);
    s = reduce([{ type: 'stage', id: 1, stage: 'scan', message: '' }, { type: 'remove', id: 1 }, { type: 'clear' }], s);
    expect(s.items).toHaveLength(2);
    s = reduce([{ type: 'remove', id: 2 }], s);
    expect(s.items.map((i) => i.id)).toEqual([1]);
  });

  it('clears everything but keeps ids increasing', () => {
    const s = reduce([{ type: 'add', files: [file('a')] }, { type: 'clear' }, { type: 'add', files: [file('b')] }]);
    expect(s.items.map((i) => i.id)).toEqual([2]);
    expect(s.run).toBeNull();
  });

  it('falls back to the last file with a result when the latest is removed', () => {
    const s = reduce([
      { type: 'add', files: [file('a'), file('b'), file('c')] },
      { type: 'runStarted', ids: [1, 2, 3] },
      { type: 'completed', id: 1, result: result(1) },
      { type: 'completed', id: 3, result: result(3) },
      { type: 'runEnded' },
      { type: 'remove', id: 3 },
    ]);
    expect(s.latestId).toBe(1);
    expect(reduce([{ type: 'remove', id: 1 }], s).latestId).toBeNull();
  });

  it("lets a result's bytes go and takes back the same result's, never another's", () => {
    const first = result(1);
    let s = reduce([
      { type: 'add', files: [file('a.bin'), file('b.bin')] },
      { type: 'completed', id: 1, result: first },
    ]);
    const remake = () => Promise.resolve(new Blob());
    s = reduce([{ type: 'released', id: 1, remake }], s);
    expect(s.items[0].result).toEqual({ report: first.report, seed: 1, remake });
    expect(s.latestId).toBe(1);
    // Released twice, or a file without a result: nothing changes.
    expect(
      reduce([{ type: 'released', id: 1, remake: () => Promise.resolve(new Blob()) }], s).items[0].result?.remake,
    ).toBe(remake);
    expect(reduce([{ type: 'released', id: 2, remake }], s).items[1].result).toBeUndefined();
    // Bytes made again for another report (the file was run again meanwhile) are not taken.
    const other = new Blob([new Uint8Array([2])]);
    expect(
      reduce([{ type: 'remade', id: 1, report: result(1).report, blob: other }], s).items[0].result?.blob,
    ).toBeUndefined();
    s = reduce([{ type: 'remade', id: 1, report: first.report, blob: other }], s);
    expect(s.items[0].result).toEqual({ report: first.report, seed: 1, blob: other });
  });

  it('ignores events for files no longer listed', () => {
    const s = reduce([
      { type: 'add', files: [file('a')] },
      { type: 'runStarted', ids: [1] },
    ]);
    expect(reduce([{ type: 'completed', id: 99, result: result(1) }], s)).toBe(s);
  });

  it('handles thousands of files with one id lookup per event', () => {
    const files = Array.from({ length: 5000 }, (_, i) => file(`f${i}.bin`, 1));
    let s = reduce([
      { type: 'add', files },
      { type: 'remove', id: 17 },
    ]);
    expect(indexOfId(s.items, 4999)).toBe(4997);
    expect(indexOfId(s.items, 17)).toBe(-1);
    s = reduce([{ type: 'runStarted', ids: s.items.map((i) => i.id) }], s);
    for (const item of s.items) s = workspaceReducer(s, { type: 'completed', id: item.id, result: result(item.id) });
    expect(s.run).toEqual({ total: 4999, done: 4999 });
    expect(s.items.every((i) => i.state === 'complete')).toBe(true);
  });
});

describe('a batch of run events', () => {
  const events: RunEvent[] = [
    { type: 'stage', id: 1, stage: 'scan', message: 'reading' },
    { type: 'progress', id: 1, fraction: 0.4 },
    { type: 'completed', id: 1, result: result(1) },
    { type: 'stage', id: 2, stage: 'scan', message: 'reading' },
    { type: 'retrying', id: 2, error: 'bad' },
    { type: 'failed', id: 2, error: 'worse' },
    { type: 'stage', id: 3, stage: 'plan', message: 'planning' },
    { type: 'progress', id: 99, fraction: 1 },
  ];
  const started = () =>
    reduce([
      { type: 'add', files: [file('a'), file('b'), file('c'), file('d')] },
      { type: 'runStarted', ids: [1, 2, 3, 4] },
    ]);

  it('ends where the same events one by one end, copying the list once', () => {
    const s = started();
    const batched = workspaceReducer(s, { type: 'batch', events });
    expect(batched).toEqual(reduce(events, s));
    expect(batched.run).toEqual({ total: 4, done: 2 });
    expect(batched.latestId).toBe(1);
    // The state before is left as it was: the batch changed its own copy of the list.
    expect(s.items.map((i) => i.state)).toEqual(['queued', 'queued', 'queued', 'queued']);
    // A file no event touched keeps its object, so its row does not render again.
    expect(batched.items[3]).toBe(s.items[3]);
  });

  it('changes nothing when no event applies', () => {
    const s = started();
    expect(workspaceReducer(s, { type: 'batch', events: [] })).toBe(s);
    expect(workspaceReducer(s, { type: 'batch', events: [{ type: 'progress', id: 99, fraction: 1 }] })).toBe(s);
  });
});

describe('overallPercent', () => {
  it('is processed / to-process x 100, 0 with no run', () => {
    expect(overallPercent(null)).toBe(0);
    expect(overallPercent({ total: 3, done: 1 })).toBe(33);
    expect(overallPercent({ total: 0, done: 0 })).toBe(0);
  });
});
