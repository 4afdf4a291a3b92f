// The files chosen and everything the engine reported about them (state.ts's reducer), with adding,
// removing and clearing. Removing lets go of a file's stored result, unless a ZIP download still
// streams from it (zip-reads.ts): then it goes when that download ends.
import { useCallback, useReducer, useRef } from 'react';
import { type WorkspaceHost, openedStore, releaseStored } from './host.ts';
import { initialWorkspace, workspaceReducer } from './state.ts';
import type { WorkspaceAction, WorkspaceState } from './state.ts';
import type { ZipReads } from './zip-reads.ts';

export interface Selection {
  state: WorkspaceState;
  dispatch(action: WorkspaceAction): void;
  /** The latest state, not that of the render a command started in. */
  now(): WorkspaceState;
  addFiles(files: readonly File[]): void;
  removeFile(id: number): void;
  clearFiles(): void;
}

export function useSelection(host: WorkspaceHost, zipReads: ZipReads): Selection {
  const [state, dispatch] = useReducer(workspaceReducer, initialWorkspace);
  const stateRef = useRef(state);
  stateRef.current = state;
  const now = useCallback(() => stateRef.current, []);

  const addFiles = useCallback(
    (files: readonly File[]) => {
      // The engine's heavy parts and the store open with the first file, if not already.
      host.preload?.();
      void host.resultStore?.();
      dispatch({ type: 'add', files });
    },
    [host],
  );

  const removeFile = useCallback(
    (id: number) => {
      // As the reducer: a file in the middle of a run stays, and so does its storage.
      const kept = stateRef.current.items.find((f) => f.id === id)?.processing !== false;
      dispatch({ type: 'remove', id });
      if (!host.resultStore || kept) return;
      if (zipReads.isRead(id)) zipReads.removeLater(id);
      else void releaseStored(host, [id]);
    },
    [host, zipReads],
  );

  const clearFiles = useCallback(() => {
    const { busy, items } = stateRef.current;
    dispatch({ type: 'clear' });
    if (!host.resultStore || busy) return;
    if (!zipReads.any) {
      void openedStore(host).then((store) => store?.releaseAll());
      return;
    }
    // A ZIP download is streaming: the results it reads go when it ends, the others now.
    for (const { id } of items) if (zipReads.isRead(id)) zipReads.removeLater(id);
    void releaseStored(
      host,
      items.filter(({ id }) => !zipReads.isRead(id)).map(({ id }) => id),
    );
  }, [host, zipReads]);

  return { state, dispatch, now, addFiles, removeFile, clearFiles };
}
