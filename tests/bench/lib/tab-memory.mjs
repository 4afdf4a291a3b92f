// The tab's memory as the /benchmark page's figures count it (docs/benchmark.md, "Memory"): the Rss
// of the browser's largest renderer process (the page and its engine workers, which are threads of
// that process: their JavaScript heaps, ArrayBuffers and WebAssembly memory), read from /proc.
import { readFileSync } from 'node:fs';
import { childrenNamed, descendants } from './procs.mjs';

/** The Rss (KiB) of the largest renderer process under the browser `root` (a pid). */
export function rendererRss(root) {
  let largest = 0;
  for (const pid of descendants(root)) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer') || cmd.includes('--top-chrome-webui')) continue;
      const rss = Number(/^Rss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1] ?? 0);
      largest = Math.max(largest, rss);
    } catch {
      // Gone meanwhile.
    }
  }
  return largest;
}

/** Samples `rendererRss(root)` every `ms` until `stop()`, which returns the peak (KiB). */
export function samplePeak(root, ms = 50) {
  let peak = rendererRss(root);
  const timer = setInterval(() => {
    peak = Math.max(peak, rendererRss(root));
  }, ms);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rendererRss(root));
    },
  };
}

/** The browser Playwright started from this process (its one Chromium child), as a pid. */
export function browserPid() {
  const [pid] = childrenNamed(process.pid, 'chromium');
  if (pid === undefined) throw new Error('no Chromium started by this process');
  return pid;
}
