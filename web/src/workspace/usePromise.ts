// A promise's outcome as render state: undefined until it settles. The promise is made again only
// when `key` changes (callers pass cached promises, so re-renders cost nothing).
import { useEffect, useState } from 'react';

export type Settled<T> = { value: T; error?: undefined } | { value?: undefined; error: Error };

export function usePromise<T>(make: () => Promise<T>, key: unknown): Settled<T> | undefined {
  const [settled, setSettled] = useState<Settled<T>>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `make` is rebuilt each render; `key` says when it changes.
  useEffect(() => {
    let live = true;
    setSettled(undefined);
    make().then(
      (value) => live && setSettled({ value }),
      (error: unknown) => live && setSettled({ error: error instanceof Error ? error : new Error(String(error)) }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return settled;
}
