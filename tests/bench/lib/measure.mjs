// Runs one measurement in its own process, metered the same way for every engine and baseline: a
// small Python wrapper times it (wall clock from just before the fork to its exit) and reads the CPU
// time of its children (user + system, from rusage); GNU time between the two reports the command's
// peak RSS. GNU time, not Python, forks the command, because a forked child's peak RSS counts the
// memory of its parent before exec: a few MiB of GNU time instead of Python's fifteen.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const GNU_TIME = '/usr/bin/time';

/** argv: stdin-path|-, stdout-path|-, command, args...; prints one JSON line last on stderr. */
const WRAPPER = `
import json, os, sys, tempfile, time
stdin_path, stdout_path, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
fd, peak_file = tempfile.mkstemp(prefix='fracture-bench-peak-')
os.close(fd)
actions = []
if stdin_path != '-':
    actions.append((os.POSIX_SPAWN_OPEN, 0, stdin_path, os.O_RDONLY, 0))
else:
    actions.append((os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0))
if stdout_path != '-':
    actions.append((os.POSIX_SPAWN_OPEN, 1, stdout_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644))
# posix_spawn: the child starts without copying Python's memory or spending CPU before exec.
t = time.perf_counter()
pid = os.posix_spawn('${GNU_TIME}', ['${GNU_TIME}', '-q', '-f', '%x %M', '-o', peak_file] + argv, os.environ, file_actions=actions)
_, wait_status, r = os.wait4(pid, 0)
wall = time.perf_counter() - t
status = os.waitstatus_to_exitcode(wait_status)
with open(peak_file) as f:
    code, peak = f.read().split()[-2:]
os.unlink(peak_file)
sys.stderr.flush()
print(json.dumps({"status": int(code) if status == 0 else status, "wall_ms": wall * 1e3, "cpu_ms": (r.ru_utime + r.ru_stime) * 1e3, "peak_kib": int(peak)}), file=sys.stderr)
`;

/**
 * Runs `command args`, with files as stdin and stdout if given (stdout is captured otherwise) and
 * `env` added to this process's environment (a variable set to undefined there is removed). Returns
 * { wallMs, cpuMs, peakKiB, stdout }. Throws with the child's stderr when it fails.
 */
export function measured(command, args, { stdinFile, stdoutFile, env } = {}) {
  if (!existsSync(GNU_TIME)) throw new Error(`${GNU_TIME} is needed to read peak memory (apt-get install -y time)`);
  const child = spawnSync('python3', ['-c', WRAPPER, stdinFile ?? '-', stdoutFile ?? '-', command, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 1 << 26,
    env: env && Object.fromEntries(Object.entries({ ...process.env, ...env }).filter(([, v]) => v !== undefined)),
  });
  if (child.error) throw child.error;
  const lines = child.stderr.trimEnd().split('\n');
  let meter;
  try {
    meter = JSON.parse(lines.pop());
  } catch {
    throw new Error(`${command} ${args.join(' ')}: no measurement (python3 missing?): ${child.stderr.slice(-500)}`);
  }
  if (meter.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${meter.status}: ${lines.slice(-5).join(' | ')}`);
  return { wallMs: meter.wall_ms, cpuMs: meter.cpu_ms, peakKiB: meter.peak_kib, stdout: child.stdout ?? '' };
}

/** Runs a child that prints one JSON object on its last line of stdout; returns it with the meters. */
export function measuredJson(command, args, options) {
  const m = measured(command, args, options);
  const last = m.stdout.trim().split('\n').pop();
  try {
    return { ...m, result: JSON.parse(last) };
  } catch {
    throw new Error(`${command} ${args.join(' ')} printed no JSON: ${m.stdout.slice(0, 300)}`);
  }
}
