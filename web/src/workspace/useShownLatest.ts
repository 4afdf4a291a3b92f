// Which file the report and the preview show: the latest one finished, but during a run at most
// every SHOWN_INTERVAL_MS. Each file shown mounts a new report and change map (a worker reads both
// files), which for thousands of small files cost more than processing them; a report replaced
// twenty times a second is not readable anyway. Once the run ends, the latest file is shown at once.
import { useEffect, useRef, useState } from 'react';

export const SHOWN_INTERVAL_MS = 500;

export function useShownLatest(latestId: number | null, busy: boolean): number | null {
  const [shown, setShown] = useState(latestId);
  const wanted = useRef(latestId);
  wanted.current = latestId;
  const last = useRef(Number.NEGATIVE_INFINITY);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    // A throttle, not a debounce: a pending update is kept, so steady completions still show.
    if (!busy || shown === latestId || timer.current !== undefined) return;
    timer.current = setTimeout(
      () => {
        timer.current = undefined;
        last.current = performance.now();
        setShown(wanted.current);
      },
      Math.max(0, last.current + SHOWN_INTERVAL_MS - performance.now()),
    );
  }, [busy, latestId, shown]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return busy ? shown : latestId;
}
