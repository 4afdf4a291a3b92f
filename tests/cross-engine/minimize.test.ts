// `fracture minimize` in both CLIs, run as subprocesses: the same lines and the same 1-minimal file,
// judged by a real tool (gzip -t) and by a checker whose answer is known; timeouts, the refusals,
// temporary files (also after Ctrl-C) and usage errors.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xorshiftBytes } from './generators.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Tool = { label: string; cmd: string; args: string[] };
const TOOLS: Tool[] = [
  { label: 'native', cmd: path.join(ROOT, 'target/release/fracture'), args: [] },
  { label: 'npm', cmd: process.execPath, args: [path.join(ROOT, 'bin/fracture.mjs')] },
];

describe('fracture minimize', () => {
  let dir: string;
  /** TMPDIR of every run: must be empty again after each. */
  let temp: string;

  const run = (tool: Tool, args: string[]) => {
    const r = spawnSync(tool.cmd, [...tool.args, 'minimize', ...args], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, TMPDIR: temp },
    });
    expect(readdirSync(temp), `${tool.label}: temporary files left`).toEqual([]);
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  /** Positions where two files differ. */
  const diff = (a: Uint8Array, b: Uint8Array) => [...a.keys()].filter((i) => a[i] !== b[i]);

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'fracture-minimize-test-'));
    temp = path.join(dir, 'tmp');
    mkdirSync(temp);
    // A real gzip file, and a byte_flip copy of it that gzip -t rejects.
    const numbers = Array.from({ length: 20000 }, (_, i) => `${i}\n`).join('');
    writeFileSync(path.join(dir, 'numbers.txt'), numbers);
    expect(spawnSync('gzip', ['-9', '-k', 'numbers.txt'], { cwd: dir }).status).toBe(0);
    const flip = spawnSync(TOOLS[0].cmd, ['--seed', '5', '--intensity', '30', '--out', '.', 'numbers.txt.gz'], {
      cwd: dir,
    });
    expect(flip.status).toBe(0);
    // A checker with a known answer: fails when bytes 1000 and 1003 both differ from the original,
    // or byte 4000 does; sleeps when byte 500 differs (a hang, for --timeout).
    const original = xorshiftBytes(5000, 1);
    writeFileSync(path.join(dir, 'original.bin'), original);
    // Three runs of changed bytes (each test of the checker starts a Python: few tests keep this quick).
    const corrupted = Uint8Array.from(original);
    for (const [start, end] of [
      [200, 260],
      [990, 1010],
      [3990, 4010],
    ]) {
      for (let i = start; i < end; i++) corrupted[i] ^= 0x55;
    }
    writeFileSync(path.join(dir, 'corrupted.bin'), corrupted);
    writeFileSync(
      path.join(dir, 'check.py'),
      `import sys, time
o = open(${JSON.stringify(path.join(dir, 'original.bin'))}, 'rb').read()
c = open(sys.argv[1], 'rb').read() if len(sys.argv) > 1 else sys.stdin.buffer.read()
d = lambda i: o[i] != c[i]
if len(sys.argv) > 2 and d(500): time.sleep(30)
sys.exit(1 if (d(1000) and d(1003)) or d(4000) else 0)
`,
    );
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gzip -t: both CLIs print the same lines and write the same 1-minimal file beside CORRUPTED', () => {
    const original = readFileSync(path.join(dir, 'numbers.txt.gz'));
    const corrupted = readFileSync(path.join(dir, 'numbers.txt_corrupted.gz'));
    const changed = diff(original, corrupted).length;
    expect(changed).toBeGreaterThan(1000);
    const results = TOOLS.map((tool) => {
      const r = run(tool, ['--test', 'gzip -t {}', 'numbers.txt.gz', 'numbers.txt_corrupted.gz']);
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      const file = readFileSync(path.join(dir, 'numbers.txt_corrupted_minimized.gz'));
      rmSync(path.join(dir, 'numbers.txt_corrupted_minimized.gz'));
      return { ...r, file };
    });
    expect(results[1].out).toBe(results[0].out);
    expect(results[1].err).toBe(results[0].err);
    expect(results[1].file.equals(results[0].file)).toBe(true);
    const kept = diff(original, results[0].file);
    expect(results[0].out).toBe(
      `numbers.txt_corrupted_minimized.gz: ${kept.length} bytes differ from ORIGINAL (was ${changed})\n`,
    );
    const lines = results[0].err.trim().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(`^fracture: minimize: CORRUPTED differs from ORIGINAL in ${changed} bytes \\(\\d+ runs\\)$`),
    );
    expect(lines).toContain('fracture: minimize: now byte by byte');
    // gzip still rejects it, and accepts it with any one of the kept bytes restored.
    const gzipTest = (bytes: Uint8Array) => {
      writeFileSync(path.join(dir, 'probe.gz'), bytes);
      return spawnSync('gzip', ['-t', 'probe.gz'], { cwd: dir }).status;
    };
    expect(gzipTest(results[0].file)).not.toBe(0);
    for (const p of kept) {
      const restored = Uint8Array.from(results[0].file);
      restored[p] = original[p];
      expect(gzipTest(restored), `byte ${p}`).toBe(0);
    }
  });

  it('an oracle that makes ddmin quadratic stops at the run budget of 2 n ceil(log2(n + 1)) tests', () => {
    // 100 changed bytes, none adjacent (100 runs), unit i at byte 2i; the test fails while units
    // 0 to 32 and the even ones after are all kept, so ddmin removes the 34 others one per round of
    // about n tests: 1,843 runs unbounded, against 2 * 100 * 7 = 1,400.
    const original = xorshiftBytes(1000, 9);
    const corrupted = Uint8Array.from(original);
    for (let i = 0; i < 200; i += 2) corrupted[i] ^= 0xa5;
    writeFileSync(path.join(dir, 'quad-original.bin'), original);
    writeFileSync(path.join(dir, 'quad.bin'), corrupted);
    const needed = (positions: number[]) => positions.filter((p) => p / 2 < 33 || (p / 2) % 2 === 0).length;
    const results = TOOLS.map((tool) => {
      const log = path.join(dir, `quad-${tool.label}.log`);
      const out = `quad-${tool.label}-out.bin`;
      const r = run(tool, [
        '--test',
        `echo >> ${log}; cmp -l quad-original.bin {} | awk '{ u = ($1 - 1) / 2 } u < 33 || u % 2 == 0 { n++ } END { exit n == 66 }'`,
        '--jobs',
        '1',
        '--out',
        out,
        'quad-original.bin',
        'quad.bin',
      ]);
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      const runs = readFileSync(log, 'utf8').length;
      const file = readFileSync(path.join(dir, out));
      return { ...r, runs, file };
    });
    for (const r of results) {
      expect(r.runs).toBe(1400);
      const kept = diff(original, r.file);
      // The smallest failing file found so far: still failing (every needed byte), smaller than CORRUPTED.
      expect(needed(kept)).toBe(66);
      expect(kept.length).toBeLessThan(100);
      expect(r.out).toMatch(
        /^quad-\w+-out\.bin: \d+ bytes differ from ORIGINAL \(was 100; run budget of 1400 tests spent: not 1-minimal\)\n$/,
      );
      expect(r.err).not.toContain('now byte by byte');
    }
    expect(results[1].file.equals(results[0].file)).toBe(true);
    expect(results[1].out.replace('npm', 'native')).toBe(results[0].out);
  }, 600_000);

  it('keeps exactly the bytes a known failure needs: through {} or standard input, with 1 job or several', () => {
    const original = readFileSync(path.join(dir, 'original.bin'));
    const variants = [
      ['--test', 'python3 check.py {}', '--jobs', '1'],
      ['--test', 'python3 check.py {}', '--jobs', '4'],
      ['--test', 'python3 check.py', '--quiet'],
    ];
    for (const tool of TOOLS) {
      for (const [k, args] of variants.entries()) {
        const out = `known-${tool.label}-${k}.bin`;
        const r = run(tool, [...args, '--out', out, 'original.bin', 'corrupted.bin']);
        expect(r.code, `${tool.label} ${args.join(' ')}: ${r.err}`).toBe(0);
        const kept = diff(original, readFileSync(path.join(dir, out)));
        // Either cause alone is a 1-minimal answer; ddmin's order finds the pair first.
        expect(kept, `${tool.label} ${args.join(' ')}`).toEqual([1000, 1003]);
        if (args.includes('--quiet')) expect(r.err).toBe('');
      }
    }
  });

  it('a test running past --timeout has failed: the hang is kept', () => {
    const original = readFileSync(path.join(dir, 'original.bin'));
    for (const tool of TOOLS) {
      const out = `hang-${tool.label}.bin`;
      // Only byte 500's hang can fail here: bytes 1000, 1003 and 4000 are left as in ORIGINAL.
      const corrupted = Uint8Array.from(original);
      for (const p of [10, 500, 3000]) corrupted[p] ^= 0xff;
      writeFileSync(path.join(dir, 'hang.bin'), corrupted);
      const t0 = Date.now();
      const r = run(tool, [
        '--test',
        'python3 check.py {} hang',
        '--timeout',
        // Long enough for a Python start on a loaded machine, far below the hang's 30 s.
        '2500',
        '--out',
        out,
        'original.bin',
        'hang.bin',
      ]);
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      expect(diff(original, readFileSync(path.join(dir, out))), tool.label).toEqual([500]);
      // Each hang was cut at the timeout, not left to sleep 30 s.
      expect(Date.now() - t0).toBeLessThan(28_000);
    }
  });

  it('refuses, with exit 1 and one line: a test that passes on CORRUPTED, fails on ORIGINAL, other lengths', () => {
    writeFileSync(path.join(dir, 'short.bin'), xorshiftBytes(100, 3));
    const cases: [string[], string][] = [
      [
        ['--test', 'true', 'original.bin', 'corrupted.bin'],
        'the test passes on CORRUPTED: there is no failure to keep',
      ],
      [
        ['--test', 'exit 3', 'original.bin', 'corrupted.bin'],
        'the test fails on ORIGINAL too (exit 3): it must pass on ORIGINAL and fail on CORRUPTED',
      ],
      [
        ['--test', 'kill -SEGV $$', 'original.bin', 'corrupted.bin'],
        'the test fails on ORIGINAL too (killed by signal 11): it must pass on ORIGINAL and fail on CORRUPTED',
      ],
      [
        ['--test', 'false', 'original.bin', 'short.bin'],
        'ORIGINAL is 5000 bytes and CORRUPTED 100 bytes: only files of the same length can be minimised (byte_flip, header_preserve_flip and shuffle_blocks keep the length)',
      ],
      [['--test', 'false', 'original.bin', 'original.bin'], 'CORRUPTED is identical to ORIGINAL: nothing to minimise'],
      [['--test', 'false', 'original.bin', 'missing.bin'], 'missing.bin: no such file'],
    ];
    for (const tool of TOOLS) {
      for (const [args, message] of cases) {
        const r = run(tool, ['--quiet', ...args]);
        expect([tool.label, r.code, r.err, r.out]).toEqual([tool.label, 1, `fracture: minimize: ${message}\n`, '']);
      }
    }
  });

  it('usage errors: exit 2 and one line', () => {
    const cases: [string[], string][] = [
      [['original.bin', 'corrupted.bin'], 'minimize needs --test CMD'],
      [['--test', 'true', 'original.bin'], 'minimize needs ORIGINAL and CORRUPTED'],
      [['--test', 'true', 'a', 'b', 'c'], 'unexpected argument c'],
      [['--jobs', '0', '--test', 'true', 'a', 'b'], 'Jobs must be an integer from 1 to 1024, got 0'],
      [
        ['--timeout', '1.5', '--test', 'true', 'a', 'b'],
        'Timeout must be an integer from 1 to 86400000 (milliseconds), got 1.5',
      ],
      [['--count', '2', '--test', 'true', 'a', 'b'], 'unknown option --count'],
      [['a', 'b', '--test'], 'option --test needs a value'],
    ];
    for (const tool of TOOLS) {
      for (const [args, message] of cases) {
        const r = run(tool, args);
        expect([tool.label, r.code, r.err, r.out]).toEqual([
          tool.label,
          2,
          `fracture: ${message} (see fracture minimize --help)\n`,
          '',
        ]);
      }
    }
  });

  it('--help: the same text in both CLIs, every option, and what the shell runs', () => {
    const [native, npm] = TOOLS.map((tool) => run(tool, ['--help']));
    expect(npm).toEqual(native);
    for (const o of ['--test <CMD>', '--out <FILE>', '--timeout <MS>', '--jobs <N>', '--quiet', '--help']) {
      expect(native.out).toContain(o);
    }
    expect(native.out).toMatch(/run by \/bin\/sh exactly as written, with your rights/);
  });

  it('odd names: {} is a safe temporary path, and the result goes beside CORRUPTED', () => {
    const odd = path.join(dir, 'odd dir ✓');
    mkdirSync(odd);
    writeFileSync(path.join(odd, "it's ünï.gz"), readFileSync(path.join(dir, 'numbers.txt_corrupted.gz')));
    for (const tool of TOOLS) {
      // The test sees the extension (and nothing that would need quoting).
      const r = run(tool, [
        '--quiet',
        '--test',
        'case {} in *"/it_s__n_.gz") gzip -t {};; *) exit 0;; esac',
        'numbers.txt.gz',
        path.join(odd, "it's ünï.gz"),
      ]);
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      expect(existsSync(path.join(odd, "it's ünï_minimized.gz")), tool.label).toBe(true);
      rmSync(path.join(odd, "it's ünï_minimized.gz"));
    }
  });

  /** Whether `pid` still runs: a zombie (its parent gone, not yet reaped by init) does not. */
  const running = (pid: number) => {
    const stat = `/proc/${pid}/stat`;
    return existsSync(stat) && !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
  };

  /** `fracture minimize` with one job and a test that sleeps; resolves once the test runs, with its pid. */
  async function minimizeWithSleeper(tool: Tool, name: string) {
    const pidFile = path.join(dir, `${name}-${tool.label}`);
    rmSync(pidFile, { force: true });
    const test = `echo $$ > '${pidFile}'; exec sleep 60`;
    const child = spawn(
      tool.cmd,
      [...tool.args, 'minimize', '--jobs', '1', '--test', test, 'original.bin', 'corrupted.bin'],
      { cwd: dir, env: { ...process.env, TMPDIR: temp }, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    const err = { text: '' };
    child.stderr.on('data', (d) => {
      err.text += d;
    });
    for (let i = 0; i < 200 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 50));
    const sleeper = Number(readFileSync(pidFile, 'utf8'));
    const ended = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    return { child, sleeper, err, ended };
  }

  it('Ctrl-C stops the running tests and removes the temporary files', async () => {
    for (const tool of TOOLS) {
      const { child, sleeper, err, ended } = await minimizeWithSleeper(tool, 'sleeper');
      expect(readdirSync(temp).length, tool.label).toBe(1);
      child.kill('SIGINT');
      expect((await ended).code, tool.label).toBe(130);
      expect(err.text, tool.label).toMatch(/fracture: minimize: interrupted; the temporary files are removed\n$/);
      expect(readdirSync(temp), tool.label).toEqual([]);
      // The test's shell (and its sleep) went with it: gone, or a zombie waiting to be reaped (looked
      // at for up to 2 s: the kill is sent before exit, the process table may lag on a loaded machine).
      for (let i = 0; i < 40 && running(sleeper); i++) await new Promise((r) => setTimeout(r, 50));
      expect(running(sleeper), tool.label).toBe(false);
    }
  });

  // Killed outright (SIGKILL: a CI job's time limit, the OOM killer), a CLI runs no handler; the test
  // runs in a process group of its own, so nothing reaches it. Each CLI's helper process outlives it
  // and kills the group: the native reaper, the npm CLI's spawner (as for fracture run).
  it('SIGKILL leaves no test running', async () => {
    for (const tool of TOOLS) {
      const { child, sleeper, ended } = await minimizeWithSleeper(tool, 'killed');
      child.kill('SIGKILL');
      expect((await ended).signal, tool.label).toBe('SIGKILL');
      for (let i = 0; i < 200 && running(sleeper); i++) await new Promise((r) => setTimeout(r, 50));
      expect(running(sleeper), tool.label).toBe(false);
      // No handler ran, so the temporary directory stays behind (the next run's TMPDIR is its own).
      rmSync(temp, { recursive: true, force: true });
      mkdirSync(temp);
    }
  });
});
