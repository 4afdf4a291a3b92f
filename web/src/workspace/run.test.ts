import { describe, expect, it, vi } from 'vitest';
import { MAX_FILE_BYTES } from '../constants.ts';
import type { CorruptCallbacks, CorruptOptions, OutputPlace, Report } from '../../../lib/engine/shared/types.ts';
import { STAGES } from '../../../lib/engine/shared/stages.ts';
import { STAGE_DELAY_MS, instantPacing, stageDelay } from './pacing.ts';
import type { Pacing } from './pacing.ts';
import { PIPELINED_MAX_BYTES, aimsByStructure, planRun, runFiles, stagePresenter } from './run.ts';
import type { CorruptFn } from './run.ts';
import { initialWorkspace, workspaceReducer } from './state.ts';
import type { FileItem, WorkspaceAction, WorkspaceState } from './state.ts';

function item(id: number, name: string, bytes: Uint8Array | number = 4): FileItem {
  const data = typeof bytes === 'number' ? new Uint8Array(bytes) : bytes;
  return {
    id,
    file: new File([data as Uint8Array<ArrayBuffer>], name),
    state: 'queued',
    progress: 0,
    message: '',
    processing: false,
  };
}

/** A stand-in engine: walks the stages like the worker, then inverts every byte. */
function fakeEngine(fail: (name: string, options: CorruptOptions) => string | undefined = () => undefined) {
  const calls: { name: string; options: CorruptOptions }[] = [];
  const corrupt: CorruptFn = async (file, name, options, callbacks: CorruptCallbacks) => {
    calls.push({ name, options });
    const input = new Uint8Array(file instanceof Blob ? await file.arrayBuffer() : file);
    for (const { stage, progress, message } of STAGES) {
      callbacks.onStage?.(stage, message);
      callbacks.onProgress?.(progress);
      if (stage === 'corrupt') {
        const error = fail(name, options);
        if (error) throw new Error(error);
      }
    }
    const data = input.map((b) => 255 - b);
    return { data, report: { filename: name, seed: options.seed, mode: options.mode } as Report };
  };
  return { corrupt, calls };
}

function recorder() {
  const actions: WorkspaceAction[] = [];
  let state: WorkspaceState = initialWorkspace;
  const dispatch = (action: WorkspaceAction) => {
    actions.push(action);
    state = workspaceReducer(state, action);
  };
  return { actions, dispatch, state: () => state };
}

describe('planRun', () => {
  it('skips processed files and sets aside files over 200 MB, keeping list order', () => {
    const done = { ...item(1, 'done.txt'), result: {} as FileItem['result'] };
    const big = { ...item(2, 'big.bin'), file: { name: 'big.bin', size: MAX_FILE_BYTES + 1 } as File };
    const edge = { ...item(3, 'edge.bin'), file: { name: 'edge.bin', size: MAX_FILE_BYTES } as File };
    const small = item(4, 'small.csv');
    const plan = planRun([done, big, edge, small]);
    expect(plan.toProcess.map((f) => f.id)).toEqual([3, 4]);
    expect(plan.tooLarge.map((f) => f.id)).toEqual([2]);
  });
});

describe('runFiles', () => {
  it('gives file i of the run master seed + i and passes mode and intensity through', async () => {
    const engine = fakeEngine();
    const rec = recorder();
    const files = [item(4, 'a.csv'), item(7, 'b.pdf'), item(9, 'c')];
    rec.dispatch({ type: 'add', files: [] });
    const outcome = await runFiles(
      files,
      { mode: 'truncate_insert', intensity: 33, masterSeed: 2147483646 },
      {
        corrupt: engine.corrupt,
        dispatch: rec.dispatch,
        pacing: instantPacing,
      },
    );
    expect(engine.calls).toEqual([
      { name: 'a.csv', options: { mode: 'truncate_insert', intensity: 33, seed: 2147483646 } },
      { name: 'b.pdf', options: { mode: 'truncate_insert', intensity: 33, seed: 2147483647 } },
      { name: 'c', options: { mode: 'truncate_insert', intensity: 33, seed: 2147483648 } },
    ]);
    expect(outcome.completed.map((f) => f.id)).toEqual([4, 7, 9]);
    const completed = rec.actions.filter((a) => a.type === 'completed');
    expect(completed.map((a) => a.type === 'completed' && a.result.seed)).toEqual([2147483646, 2147483647, 2147483648]);
  });

  it('dispatches the stages in order before completing, and keeps the output', async () => {
    const engine = fakeEngine();
    const rec = recorder();
    const input = Uint8Array.from({ length: 300 }, (_, i) => i & 0xff);
    const f = item(1, 'x.bin', input);
    rec.dispatch({ type: 'add', files: [f.file] });
    rec.dispatch({ type: 'runStarted', ids: [1] });
    await runFiles(
      [rec.state().items[0]],
      { mode: 'byte_flip', intensity: 80, masterSeed: 1 },
      {
        corrupt: engine.corrupt,
        dispatch: rec.dispatch,
        pacing: instantPacing,
      },
    );
    expect(rec.actions.filter((a) => a.type === 'stage').map((a) => a.type === 'stage' && a.stage)).toEqual([
      'scan',
      'plan',
      'corrupt',
      'verify',
      'report',
    ]);
    expect(rec.actions.at(-1)?.type).toBe('completed');
    const done = rec.state().items[0];
    expect(done.state).toBe('complete');
    expect(new Uint8Array(await done.result!.blob!.arrayBuffer())).toEqual(input.map((b) => 255 - b));
  });

  it('retries a failing file in guaranteed_break with the same seed', async () => {
    const engine = fakeEngine((_, options) => (options.mode === 'byte_flip' ? 'flip failed' : undefined));
    const rec = recorder();
    const outcome = await runFiles(
      [item(1, 'a.bin')],
      { mode: 'byte_flip', intensity: 50, masterSeed: 10 },
      {
        corrupt: engine.corrupt,
        dispatch: rec.dispatch,
        pacing: instantPacing,
      },
    );
    expect(engine.calls.map((c) => [c.options.mode, c.options.seed])).toEqual([
      ['byte_flip', 10],
      ['guaranteed_break', 10],
    ]);
    expect(rec.actions.find((a) => a.type === 'retrying')).toEqual({ type: 'retrying', id: 1, error: 'flip failed' });
    expect(outcome.completed).toHaveLength(1);
    expect(outcome.failed).toHaveLength(0);
  });

  it('marks a file failed when the retry fails too, and the other files still run', async () => {
    const engine = fakeEngine((name) => (name === 'bad.bin' ? 'Unsupported corruption mode: x' : undefined));
    const rec = recorder();
    const outcome = await runFiles(
      [item(1, 'ok1'), item(2, 'bad.bin'), item(3, 'ok2')],
      { mode: 'shuffle_blocks', intensity: 50, masterSeed: 0 },
      {
        corrupt: engine.corrupt,
        dispatch: rec.dispatch,
        pacing: instantPacing,
      },
    );
    expect(outcome.completed.map((f) => f.id)).toEqual([1, 3]);
    expect(outcome.failed).toEqual([
      { item: expect.objectContaining({ id: 2 }), error: 'Unsupported corruption mode: x' },
    ]);
    // Small files overlap by one, so file 3 may start while file 2 is retried.
    expect(engine.calls.map((c) => c.options.seed).sort()).toEqual([0, 1, 1, 2]);
  });

  it('does not retry when the mode already was guaranteed_break', async () => {
    const engine = fakeEngine(() => 'nope');
    const rec = recorder();
    const outcome = await runFiles(
      [item(1, 'a')],
      { mode: 'guaranteed_break', intensity: 50, masterSeed: 0 },
      {
        corrupt: engine.corrupt,
        dispatch: rec.dispatch,
        pacing: instantPacing,
      },
    );
    expect(engine.calls).toHaveLength(1);
    expect(rec.actions.some((a) => a.type === 'retrying')).toBe(false);
    expect(outcome.failed[0].error).toBe('nope');
  });

  type Aim = { ranges?: { only?: string[]; protect?: string[] }; member?: string };
  it.each<[string, Aim]>([
    ['a selector', { ranges: { only: ['png:IDAT/data'] } }],
    ['a protect selector', { ranges: { protect: ['zip:eocd'] } }],
    ['a member glob', { member: 'word/*.xml' }],
  ])('with %s: passes it, does not retry a file it fails on, and the others complete', async (_, aim) => {
    const error = 'Selector png:IDAT/data matches nothing in this file';
    const engine = fakeEngine((name) => (name === 'photo.jpg' ? error : undefined));
    const rec = recorder();
    const settings = { mode: 'byte_flip' as const, intensity: 50, masterSeed: 3, ...aim };
    expect(aimsByStructure(settings)).toBe(true);
    const outcome = await runFiles([item(1, 'a.png'), item(2, 'photo.jpg'), item(3, 'b.png')], settings, {
      corrupt: engine.corrupt,
      dispatch: rec.dispatch,
      pacing: instantPacing,
    });
    expect(engine.calls.map((c) => [c.name, c.options.mode, c.options.ranges, c.options.member])).toEqual(
      ['a.png', 'photo.jpg', 'b.png'].map((n) => [n, 'byte_flip', aim.ranges, aim.member]),
    );
    expect(rec.actions.some((a) => a.type === 'retrying')).toBe(false);
    expect(outcome.completed.map((f) => f.id)).toEqual([1, 3]);
    expect(outcome.failed).toEqual([{ item: expect.objectContaining({ id: 2 }), error }]);
  });

  it('byte ranges alone do not aim by structure', () => {
    expect(aimsByStructure({ ranges: { only: ['0:10', '-5:'], protect: ['0x10:0x20'] } })).toBe(false);
    expect(aimsByStructure({})).toBe(false);
  });

  it('fails a file whose bytes cannot be read (after its retry), and the error says why', async () => {
    const engine = fakeEngine();
    const rec = recorder();
    const unreadable = {
      ...item(1, 'gone.txt'),
      file: Object.assign(new File([], 'gone.txt'), {
        arrayBuffer: () => Promise.reject(new Error('NotFoundError')),
      }),
    };
    const outcome = await runFiles(
      [unreadable as FileItem],
      { mode: 'byte_flip', intensity: 5, masterSeed: 0 },
      {
        corrupt: engine.corrupt,
        dispatch: rec.dispatch,
        pacing: instantPacing,
      },
    );
    expect(outcome.failed[0].error).toBe('NotFoundError');
    expect(engine.calls.map((c) => c.options.mode)).toEqual(['byte_flip', 'guaranteed_break']);
  });

  it('stops between files once aborted: large files one at a time, small ones at most one ahead', async () => {
    for (const [size, started] of [
      [PIPELINED_MAX_BYTES, 1],
      [4, 2],
    ] as const) {
      const controller = new AbortController();
      const engine = fakeEngine();
      const corrupt: CorruptFn = async (...args) => {
        const out = await engine.corrupt(...args);
        controller.abort();
        return out;
      };
      const rec = recorder();
      const outcome = await runFiles(
        [item(1, 'a', size), item(2, 'b', size), item(3, 'c', size)],
        { mode: 'byte_flip', intensity: 5, masterSeed: 0 },
        {
          corrupt,
          dispatch: rec.dispatch,
          pacing: instantPacing,
          signal: controller.signal,
        },
      );
      expect(outcome.aborted).toBe(true);
      expect(engine.calls.map((c) => c.name)).toEqual(['a', 'b'].slice(0, started));
    }
  });

  it('small files: the next starts before the one ahead is done; each is shown and finished in list order', async () => {
    const engine = fakeEngine();
    let releaseFirst = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    const corrupt: CorruptFn = async (file, name, ...rest) => {
      if (name === 'a') await firstHeld;
      return engine.corrupt(file, name, ...rest);
    };
    const rec = recorder();
    const running = runFiles(
      [item(1, 'a'), item(2, 'b')],
      { mode: 'byte_flip', intensity: 5, masterSeed: 0 },
      { corrupt, dispatch: rec.dispatch, pacing: instantPacing },
    );
    // 'b' ran in full while 'a' was still held, but nothing of it is shown yet.
    await vi.waitFor(() => expect(engine.calls.map((c) => c.name)).toEqual(['b']));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(rec.actions).toEqual([]);
    releaseFirst();
    const outcome = await running;
    expect(outcome.completed.map((f) => f.id)).toEqual([1, 2]);
    // Every event of file 1 before any of file 2, its completion included.
    const ids = rec.actions.map((a) => ('id' in a ? a.id : 0));
    expect(ids.lastIndexOf(1)).toBeLessThan(ids.indexOf(2));
    expect(rec.actions.flatMap((a) => (a.type === 'completed' ? [[a.id, a.result.seed]] : []))).toEqual([
      [1, 0],
      [2, 1],
    ]);
  });
});

describe('stage pacing', () => {
  it('draws each stage delay from its range', () => {
    for (const [stage, [min, max]] of Object.entries(STAGE_DELAY_MS)) {
      expect(stageDelay(stage, () => 0)).toBe(min);
      expect(stageDelay(stage, () => 0.999999)).toBe(max);
    }
    expect(STAGE_DELAY_MS).toEqual({
      scan: [300, 500],
      plan: [400, 700],
      corrupt: [120, 240],
      verify: [300, 600],
      report: [300, 700],
    });
    expect(stageDelay('escalate', () => 0.5)).toBe(0);
  });

  it('holds each stage on screen for its delay and collapses progress waiting behind it', async () => {
    vi.useFakeTimers();
    try {
      const dispatched: WorkspaceAction[] = [];
      const pacing: Pacing = {
        delayFor: (stage) => (stage === 'scan' ? 400 : 0),
        sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
      };
      const presenter = stagePresenter(1, (a) => dispatched.push(a), pacing);
      presenter.callbacks.onStage?.('scan', 's');
      presenter.callbacks.onProgress?.(0.1);
      presenter.callbacks.onProgress?.(0.15);
      presenter.callbacks.onStage?.('plan', 'p');
      presenter.callbacks.onProgress?.(0.2);
      presenter.callbacks.onProgress?.(0.35);
      await vi.advanceTimersByTimeAsync(399);
      expect(dispatched.map((a) => a.type)).toEqual(['stage']);
      await vi.advanceTimersByTimeAsync(1);
      await presenter.settled();
      expect(dispatched).toEqual([
        { type: 'stage', id: 1, stage: 'scan', message: 's' },
        { type: 'progress', id: 1, fraction: 0.15 },
        { type: 'stage', id: 1, stage: 'plan', message: 'p' },
        { type: 'progress', id: 1, fraction: 0.35 },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('runFiles: where results are kept', () => {
  it("asks for each file's storage place and collects the files whose output stayed in memory", async () => {
    const { corrupt: inner } = fakeEngine();
    const calls: { options: CorruptOptions; place?: OutputPlace }[] = [];
    const corrupt: CorruptFn = async (file, name, options, callbacks, _signal, place) => {
      calls.push({ options, place });
      const out = await inner(file, name, options, callbacks);
      return name === 'b.bin'
        ? { data: new Blob([out.data as Uint8Array<ArrayBuffer>]), report: out.report, notStored: 'quota' }
        : out;
    };
    const rec = recorder();
    const files = [item(1, 'a.bin'), item(2, 'b.bin')];
    rec.dispatch({ type: 'add', files: files.map((f) => f.file) });
    const outcome = await runFiles(
      files,
      { mode: 'byte_flip', intensity: 50, masterSeed: 7 },
      {
        corrupt,
        dispatch: rec.dispatch,
        pacing: instantPacing,
        storePathFor: (f) => ['fracture-results', 'tab', String(f.id)],
      },
    );
    expect(calls.map((c) => c.place?.path)).toEqual([
      ['fracture-results', 'tab', '1'],
      ['fracture-results', 'tab', '2'],
    ]);
    expect(calls.every((c) => !('store' in c.options))).toBe(true);
    expect(outcome.completed).toHaveLength(2);
    expect(outcome.notStored.map((n) => [n.item.file.name, n.reason])).toEqual([['b.bin', 'quota']]);
  });
});
