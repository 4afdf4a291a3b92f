// "Start Corrupting": which files go (run.ts plans and runs them), with the settings as they stand,
// and what the user is told about it. Keeps the settings of the last run, which the session report
// describes rather than settings changed since.
import { useCallback, useEffect, useRef } from 'react';
import { algorithmFor } from '../../../lib/engine/shared/modes.ts';
import { displayName } from '../../../lib/report/display.ts';
import { toast } from '../ui/toast.tsx';
import { randomSeed } from './bytes.ts';
import type { WorkspaceHost } from './host.ts';
import { plural } from './messages.ts';
import { browserPacing } from './pacing.ts';
import { aimsByStructure, planRun, runFiles } from './run.ts';
import { batchedRunDispatch } from './run-dispatch.ts';
import type { RunSettings } from './run.ts';
import type { Selection } from './useSelection.ts';
import type { SettingsNow } from './useSettings.ts';

export const PROCESSING_FAILED = {
  title: "We couldn't corrupt this file",
  description: "Try Won't Open mode or increase intensity.",
  variant: 'destructive',
} as const;

/** A file of a run aimed by structure that failed; the description is the engine's error. */
export const targetFailed = (name: string) =>
  ({ title: `The target did not apply to ${name}`, variant: 'destructive' }) as const;

export const KEPT_IN_MEMORY = 'Results kept in memory';
export const keptInMemory = (reason: string) =>
  `The browser's private file storage could not be used (${reason}), so results are held in memory: in a private window a large batch may not fit.`;

export interface Run {
  start(): Promise<void>;
  /** The settings of the last run started, if any. */
  lastRun(): RunSettings | null;
}

export function useRun(host: WorkspaceHost, selection: Selection, settings: () => SettingsNow): Run {
  const { now, dispatch } = selection;
  const lastRunRef = useRef<RunSettings | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  useEffect(() => () => abortRef.current?.abort(), []);

  const start = useCallback(async () => {
    const current = now();
    if (current.busy) return;
    if (current.items.length === 0) {
      toast({ title: 'No files selected', description: 'Please add files first.', variant: 'destructive' });
      return;
    }
    const plan = planRun(current.items);
    for (const item of plan.tooLarge) {
      toast({
        title: 'File too large',
        description: `${displayName(item.file.name)} exceeds 200MB limit`,
        variant: 'destructive',
      });
    }
    if (plan.toProcess.length === 0) {
      if (plan.tooLarge.length === 0) {
        toast({
          title: 'Nothing to process',
          description: 'Every file already has a result. Add more files to run again.',
        });
      }
      return;
    }
    const { algorithm, intensity, rangesField, optionsApply, fixChecksums, seed, member, variant } = settings();
    if (optionsApply && !rangesField.ok) {
      toast({ title: 'Check the byte ranges', description: rangesField.error, variant: 'destructive' });
      return;
    }
    const abort = new AbortController();
    abortRef.current = abort;
    const run: RunSettings = { mode: algorithmFor(algorithm).mode, intensity, masterSeed: seed ?? randomSeed() };
    if (optionsApply && rangesField.ok && rangesField.ranges) run.ranges = rangesField.ranges;
    if (optionsApply && fixChecksums) run.fixChecksums = true;
    if (member !== undefined) run.member = member;
    if (Object.keys(variant).length > 0) run.variant = variant;
    lastRunRef.current = run;
    dispatch({ type: 'runStarted', ids: plan.toProcess.map((item) => item.id) });
    const events = batchedRunDispatch(dispatch);
    // The run has the cores to itself: background work of the page's own waits until it ends.
    const release = host.hold?.();
    try {
      // Outputs go to the host's store of results when it has one; else they stay in memory.
      const store = await host.resultStore?.();
      if (typeof store === 'string') toast({ title: KEPT_IN_MEMORY, description: keptInMemory(store) });
      const outcome = await runFiles(plan.toProcess, run, {
        corrupt: host.corrupt,
        dispatch: events.dispatch,
        pacing: browserPacing(),
        signal: abort.signal,
        storePathFor: typeof store === 'object' ? (item) => store.pathFor(item.id) : undefined,
      });
      if (outcome.aborted) return;
      const notStored = outcome.notStored[0];
      if (notStored) toast({ title: KEPT_IN_MEMORY, description: keptInMemory(notStored.reason) });
      // A run aimed by structure says each file's own error (a selector or member that matches nothing
      // there): it was not retried, and another mode or intensity would not help.
      const aimed = aimsByStructure(run);
      for (const { item, error } of outcome.failed)
        toast(aimed ? { ...targetFailed(displayName(item.file.name)), description: error } : PROCESSING_FAILED);
      if (outcome.completed.length > 0) {
        toast({
          title: 'Done. Files saved locally.',
          description: `Successfully processed ${plural(outcome.completed.length, 'file')} with deterministic seeds`,
        });
      }
    } catch {
      // runFiles settles every file itself; reaching here means the run as a whole broke.
      toast(PROCESSING_FAILED);
    } finally {
      release?.();
      events.flush();
      dispatch({ type: 'runEnded' });
      if (abortRef.current === abort) abortRef.current = null;
    }
  }, [host, now, dispatch, settings]);

  const lastRun = useCallback(() => lastRunRef.current, []);
  return { start, lastRun };
}
