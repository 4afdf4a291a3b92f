// The tab's memory as the /benchmark page's figures count it (docs/benchmark.md, "Memory"): the Rss
// of the browser's largest renderer process (the page and its engine workers, which are threads of
// that process: their JavaScript heaps, ArrayBuffers and WebAssembly memory), read from /proc.
// Beside it, the same process's Rss without its file-backed pages (`anon`: RssAnon + RssShmem of
// /proc/PID/status): the memory the page and its workers made. The file-backed part is the browser's
// own code and data files, about 150 MiB, shared with other processes and paged out and back in as
// the machine's page cache comes under pressure, so it moves by a few MiB between two readings on a
// loaded machine while the page allocates nothing.
import { readFileSync } from 'node:fs';
import { childrenNamed, descendants } from './procs.mjs';

/** `{ rss, anon }` (KiB) of the largest renderer process (by Rss) under the browser `root` (a pid). */
export function rendererMemory(root) {
  let largest = { rss: 0, anon: 0 };
  for (const pid of descendants(root)) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      if (!cmd.includes('--type=renderer') || cmd.includes('--top-chrome-webui')) continue;
      const field = (file, name) =>
        Number(new RegExp(`^${name}:\\s+(\\d+)`, 'm').exec(readFileSync(`/proc/${pid}/${file}`, 'utf8'))?.[1] ?? 0);
      const rss = field('smaps_rollup', 'Rss');
      if (rss <= largest.rss) continue;
      largest = { rss, anon: field('status', 'RssAnon') + field('status', 'RssShmem') };
    } catch {
      // Gone meanwhile.
    }
  }
  return largest;
}

/** The Rss (KiB) of the largest renderer process under the browser `root` (a pid). */
export function rendererRss(root) {
  return rendererMemory(root).rss;
}

/**
 * Samples `rendererMemory(root)` every `ms` until `stop()`, which returns the peak Rss (KiB);
 * `stopBoth()` instead returns `{ rss, anon }`, the peak of each.
 */
export function samplePeak(root, ms = 50) {
  const peak = rendererMemory(root);
  const sample = () => {
    const now = rendererMemory(root);
    peak.rss = Math.max(peak.rss, now.rss);
    peak.anon = Math.max(peak.anon, now.anon);
  };
  const timer = setInterval(sample, ms);
  const stopBoth = () => {
    clearInterval(timer);
    sample();
    return { ...peak };
  };
  return { stop: () => stopBoth().rss, stopBoth };
}

/** The browser Playwright started from this process (its one Chromium child), as a pid. */
export function browserPid() {
  const [pid] = childrenNamed(process.pid, 'chromium');
  if (pid === undefined) throw new Error('no Chromium started by this process');
  return pid;
}
