// Processes by their parents, from /proc: what the browser benchmarks sample.
import { readdirSync, readFileSync } from 'node:fs';

/** The parent pid of each running process. */
function parents() {
  const parent = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // Field 4 of stat is the parent pid; the command name (field 2) may hold spaces, so cut after ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      parent.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  return parent;
}

/** `rootPid` and every process under it. */
export function descendants(rootPid) {
  const parent = parents();
  const tree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parent) {
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
    }
  }
  return [...tree];
}

/** The children of `pid` whose command line contains `text`. */
export function childrenNamed(pid, text) {
  return [...parents()]
    .filter(([child, ppid]) => {
      if (ppid !== pid) return false;
      try {
        return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes(text);
      } catch {
        return false;
      }
    })
    .map(([child]) => child);
}
