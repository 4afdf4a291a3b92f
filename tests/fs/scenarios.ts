// "Nothing lost": the file-system scenarios of docs/cli.md (section "Nothing lost: outputs, inputs,
// names and signals"), run against a command line tool as a user meets it.
//
// The interface, for each CLI's test file (tests/fs/native.test.ts, tests/fs/npm.test.ts):
//
//   import { describeScenarios } from './scenarios.ts';
//   describeScenarios({ label: 'native', cmd: '/path/to/fracture', args: [], native: true });
//   describeScenarios({ label: 'npm', cmd: process.execPath, args: ['bin/fracture.mjs'] });
//
// - `cmd` and `args`: the program and the arguments before fracture's own (`args` may be empty).
// - `native`: also run the scenarios only the native CLI can meet (file names that are not UTF-8:
//   Node cannot take such a name from its command line).
// - `todo`: names of scenarios (the `name` fields of SCENARIOS) registered as `it.todo` for this CLI.
// - `env`: extra environment variables for every run.
//
// Each scenario runs in a new temporary directory (the working directory of every run), with TMPDIR
// set to a private directory inside it. After each one, whatever the scenario asserted, the suite checks
// that every input it made still has its SHA-256 and mode, that no temporary file
// (`.fracture-*.tmp`) is left anywhere in the directory, and that TMPDIR is empty again (the spool of
// standard input is removed). Runs are subprocesses; names that are not UTF-8 are passed through
// /bin/sh and printf, as bytes.
//
// One testing aid is assumed of both CLIs: the environment variable FRACTURE_STDIN_LIMIT (a number of
// bytes) lowers the size limit of standard input, so that the limit can be reached in a test.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  closeSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

export interface Runner {
  /** Shown in the test names. */
  label: string;
  /** The program to run. */
  cmd: string;
  /** Arguments before fracture's own. */
  args: string[];
  /** Run the native-only scenarios too. */
  native?: boolean;
  /** Scenario names registered as todo for this CLI. */
  todo?: readonly string[];
  /** Extra environment for every run. */
  env?: Record<string, string>;
}

/** An argument: text, or raw bytes (a file name that is not UTF-8). */
export type Arg = string | Buffer;

export interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  out: Buffer;
  err: string;
  /** Standard error as bytes (checked for raw control characters). */
  errBytes: Buffer;
}

interface RunOptions {
  stdin?: Buffer;
  env?: Record<string, string>;
}

const SEE_HELP = '(see fracture --help)';
/** A minimize refusal points at its own command's help (engine-data/cli.toml, [usage]). */
const MINIMIZE_HELP = '(see fracture minimize --help)';
/** Big enough that a run is still writing it when the scenario acts (a sparse file: no disk). */
const BIG = 512 * 1024 * 1024;

/** A scenario's working directory, its inputs, and the runs. */
export class Ctx {
  readonly dir: string;
  /** TMPDIR of every run: must be empty again after each. */
  readonly tmp: string;
  private readonly inputs = new Map<string, { name: Arg; sha: string; mode: number }>();
  private readonly children: ChildProcess[] = [];
  private readonly servers: Server[] = [];

  constructor(readonly runner: Runner) {
    this.dir = mkdtempSync(path.join(tmpdir(), 'fracture-fs-'));
    this.tmp = path.join(this.dir, '.systmp');
    mkdirSync(this.tmp, { mode: 0o700 });
  }

  /** The absolute path of a name in the directory (bytes when the name is bytes). */
  path(name: Arg): Arg {
    return typeof name === 'string' ? path.join(this.dir, name) : Buffer.concat([Buffer.from(`${this.dir}/`), name]);
  }

  /** Creates an input (its bytes and mode are checked after the scenario). */
  input(name: Arg, bytes: string | Buffer, mode = 0o644): Arg {
    const p = this.path(name);
    writeFileSync(p, bytes);
    chmodSync(p, mode);
    this.track(name);
    return name;
  }

  /** A sparse input of `size` zero bytes. */
  bigInput(name: string, size = BIG): string {
    writeFileSync(this.path(name), '');
    truncateSync(this.path(name), size);
    this.track(name);
    return name;
  }

  /** Records an existing file as an input (again, after the scenario changed it on purpose). */
  track(name: Arg): void {
    const p = this.path(name);
    const key = typeof name === 'string' ? name : name.toString('hex');
    this.inputs.set(key, { name, sha: fingerprint(p), mode: statSync(p).mode & 0o7777 });
  }

  /** A file that is not an input (an earlier output, a target). */
  file(name: string, bytes: string | Buffer): void {
    mkdirSync(path.dirname(this.path(name) as string), { recursive: true });
    writeFileSync(this.path(name), bytes);
  }

  mkdir(name: string): void {
    mkdirSync(this.path(name) as string, { recursive: true });
  }

  exists(name: Arg): boolean {
    try {
      lstatSync(this.path(name));
      return true;
    } catch {
      return false;
    }
  }

  read(name: Arg): Buffer {
    return readFileSync(this.path(name));
  }

  mode(name: Arg): number {
    return statSync(this.path(name)).mode & 0o777;
  }

  /** The names in a directory of the scenario, sorted. */
  list(name = '.'): string[] {
    return readdirSync(this.path(name)).sort();
  }

  /** Listens on a Unix socket at `name` until the scenario ends. */
  async socket(name: string): Promise<void> {
    const server = createServer();
    this.servers.push(server);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.path(name) as string, resolve);
    });
  }

  private command(args: Arg[]): { cmd: string; argv: string[] } {
    const all: Arg[] = [...this.runner.args, ...args];
    if (all.every((a) => typeof a === 'string')) return { cmd: this.runner.cmd, argv: all as string[] };
    // Raw bytes: the shell builds each such argument with printf, so it reaches the CLI as bytes.
    const word = (a: Arg) =>
      typeof a === 'string'
        ? `'${a.replaceAll("'", `'\\''`)}'`
        : `"$(printf '${[...a].map((b) => `\\${b.toString(8).padStart(3, '0')}`).join('')}')"`;
    return { cmd: '/bin/sh', argv: ['-c', `exec ${[this.runner.cmd, ...all].map(word).join(' ')}`] };
  }

  private env(extra?: Record<string, string>): NodeJS.ProcessEnv {
    return { ...process.env, TMPDIR: this.tmp, ...this.runner.env, ...extra };
  }

  /** Runs the CLI with `args` to its end. */
  run(args: Arg[], options: RunOptions = {}): Result {
    const { cmd, argv } = this.command(args);
    const r = spawnSync(cmd, argv, {
      cwd: this.dir,
      env: this.env(options.env),
      input: options.stdin ?? Buffer.alloc(0),
      maxBuffer: 1 << 30,
      timeout: 60_000,
    });
    // A CLI that stops reading standard input early (past the limit) is not an error of the scenario.
    if (r.error && (r.error as NodeJS.ErrnoException).code !== 'EPIPE') throw r.error;
    return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr.toString('utf8'), errBytes: r.stderr };
  }

  /** Runs `sh -c SCRIPT` with "$@" the CLI's command and `args` (for redirections). */
  shell(script: string, args: string[]): Result {
    const r = spawnSync('/bin/sh', ['-c', script, 'sh', this.runner.cmd, ...this.runner.args, ...args], {
      cwd: this.dir,
      env: this.env(),
      input: Buffer.alloc(0),
      timeout: 60_000,
    });
    if (r.error) throw r.error;
    return { code: r.status, signal: r.signal, out: r.stdout, err: r.stderr.toString('utf8'), errBytes: r.stderr };
  }

  /** Starts the CLI; `done` resolves when it has exited. Standard input stays open until ended. */
  start(args: string[], options: RunOptions = {}): { child: ChildProcess; done: Promise<Result> } {
    const child = spawn(this.runner.cmd, [...this.runner.args, ...args], {
      cwd: this.dir,
      env: this.env(options.env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.children.push(child);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (b: Buffer) => out.push(b));
    child.stderr?.on('data', (b: Buffer) => err.push(b));
    // A CLI that stops reading standard input early is not an error of the scenario.
    child.stdin?.on('error', () => {});
    const done = new Promise<Result>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => {
        const errBytes = Buffer.concat(err);
        resolve({ code, signal, out: Buffer.concat(out), err: errBytes.toString('utf8'), errBytes });
      });
    });
    return { child, done };
  }

  /** The temporary files (`.fracture-*.tmp`) anywhere in the directory. */
  temporaries(): string[] {
    const found: string[] = [];
    const walk = (dir: Buffer) => {
      for (const e of readdirSync(dir, { withFileTypes: true, encoding: 'buffer' })) {
        const full = Buffer.concat([dir, Buffer.from('/'), e.name]);
        if (/^\.fracture-.*\.tmp$/s.test(e.name.toString('latin1'))) found.push(full.toString('latin1'));
        if (e.isDirectory()) walk(full);
      }
    };
    walk(Buffer.from(this.dir));
    return found;
  }

  /** Every input unchanged, no temporary file left, TMPDIR empty. */
  checkNothingLost(): void {
    for (const { name, sha, mode } of this.inputs.values()) {
      const p = this.path(name);
      const label = typeof name === 'string' ? name : name.toString('latin1');
      expect(fingerprint(p), `input ${label} changed`).toBe(sha);
      expect((statSync(p).mode & 0o7777).toString(8), `mode of input ${label}`).toBe(mode.toString(8));
    }
    expect(this.temporaries(), 'temporary files left').toEqual([]);
    expect(readdirSync(this.tmp), 'TMPDIR left').toEqual([]);
  }

  async close(): Promise<void> {
    for (const child of this.children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    for (const server of this.servers) await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export function sha256(b: Buffer): string {
  return createHash('sha256').update(b).digest('hex');
}

const CHUNK = 16 * 1024 * 1024;
const ZEROS = Buffer.alloc(CHUNK);

/**
 * A file's bytes, told apart exactly and fast: the length of its leading run of zero bytes, then the
 * SHA-256 of the rest. The 512 MiB sparse inputs are zeros (a memcmp-speed check) with at most a few
 * bytes after; SHA-256 of all of them took 5.7 s a file here (no SHA extensions), twice a scenario.
 */
function fingerprint(p: Arg): string {
  const fd = openSync(p, 'r');
  try {
    const hash = createHash('sha256');
    const chunk = Buffer.alloc(CHUNK);
    let zeros = 0;
    let inZeros = true;
    for (let n = readSync(fd, chunk); n > 0; n = readSync(fd, chunk)) {
      let from = 0;
      if (inZeros) {
        if (chunk.subarray(0, n).equals(ZEROS.subarray(0, n))) {
          zeros += n;
          continue;
        }
        while (chunk[from] === 0) from++;
        zeros += from;
        inZeros = false;
      }
      hash.update(chunk.subarray(from, n));
    }
    return `${zeros} zero bytes, then ${hash.digest('hex')}`;
  } finally {
    closeSync(fd);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `test` holds (polled every millisecond), or fails after `ms`. */
async function until(what: string, test: () => boolean, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(1);
  }
}

/** A usage-style refusal: exit 2, exactly this line on standard error, nothing on standard output. */
function refused(r: Result, line: string, help = SEE_HELP): void {
  expect({ code: r.code, err: r.err, out: r.out.toString('utf8') }).toEqual({
    code: 2,
    err: `fracture: ${line} ${help}\n`,
    out: '',
  });
}

/** Standard error holds no raw control character but the line ends, and is valid UTF-8. */
function clean(r: Result): void {
  expect(Buffer.from(r.err, 'utf8').equals(r.errBytes), 'standard error is UTF-8').toBe(true);
  expect([...r.errBytes].filter((b) => (b < 0x20 && b !== 0x0a) || b === 0x7f)).toEqual([]);
}

const seedLine = (seed: number) => `fracture: seed ${seed} (file i uses seed + i)`;
const TEXT = 'hello world\n';

export interface Scenario {
  name: string;
  /** Only for the native CLI (`Runner.native`). */
  nativeOnly?: boolean;
  run: (ctx: Ctx) => void | Promise<void>;
}

/** Signal scenarios: the run is stopped while it writes a large file. */
function interrupted(signal: NodeJS.Signals, code: number): Scenario {
  return {
    name: `${signal} while a large file is written: exit ${code}, the old output kept, no temporary file`,
    run: async (ctx) => {
      ctx.bigInput('big.bin');
      ctx.file('out/big_corrupted.bin', 'the earlier output');
      const { child, done } = ctx.start(['--seed', '1', '--quiet', '--out', 'out', 'big.bin']);
      let exited = false;
      void done.then(() => {
        exited = true;
      });
      await until('the temporary output', () => exited || ctx.temporaries().length > 0);
      expect(exited, 'the run ended before it could be interrupted').toBe(false);
      child.kill(signal);
      const r = await done;
      expect({ code: r.code, signal: r.signal }).toEqual({ code, signal: null });
      expect(r.err).toMatch(/fracture: interrupted; the temporary files are removed\n$/);
      clean(r);
      expect(ctx.read('out/big_corrupted.bin').toString()).toBe('the earlier output');
      expect(ctx.list('out')).toEqual(['big_corrupted.bin']);
    },
  };
}

export const SCENARIOS: Scenario[] = [
  {
    name: '--zip onto its input is refused, nothing written',
    run: (ctx) => {
      ctx.input('a.txt', TEXT);
      refused(ctx.run(['--seed', '1', '--zip', 'a.txt', 'a.txt']), 'output a.txt is the input a.txt');
      expect(ctx.exists('corrupted')).toBe(false);
    },
  },
  {
    name: 'an output named as an input is refused before the input is touched',
    run: (ctx) => {
      ctx.mkdir('d');
      ctx.input('d/x.txt', TEXT);
      ctx.input('d/x_corrupted.txt', 'an input that looks like an output\n');
      refused(
        ctx.run(['--seed', '1', '--out', 'd', 'd/x.txt', 'd/x_corrupted.txt']),
        'output d/x_corrupted.txt is the input d/x_corrupted.txt',
      );
      // --out . (the per-file line shows ./x_corrupted.txt natively, x_corrupted.txt in Node)
      ctx.input('x.txt', TEXT);
      ctx.input('x_corrupted.txt', 'another\n');
      const r = ctx.run(['--seed', '1', '--out', '.', 'x.txt', 'x_corrupted.txt']);
      expect(r.code).toBe(2);
      expect(r.err).toMatch(
        /^fracture: output (\.\/)?x_corrupted\.txt is the input x_corrupted\.txt \(see fracture --help\)\n$/,
      );
      expect(ctx.list('d')).toEqual(['x.txt', 'x_corrupted.txt']);
    },
  },
  {
    name: 'an output that is a symlink to an input is refused, the link kept',
    run: (ctx) => {
      ctx.input('a.txt', TEXT);
      ctx.mkdir('out');
      symlinkSync('../a.txt', ctx.path('out/a_corrupted.txt'));
      refused(ctx.run(['--seed', '1', '--out', 'out', 'a.txt']), 'output out/a_corrupted.txt is the input a.txt');
      expect(lstatSync(ctx.path('out/a_corrupted.txt')).isSymbolicLink()).toBe(true);
    },
  },
  {
    name: 'an output that is a hard link to an input is refused',
    run: (ctx) => {
      ctx.input('a.txt', TEXT);
      ctx.mkdir('out');
      linkSync(ctx.path('a.txt'), ctx.path('out/a_corrupted.txt'));
      refused(
        ctx.run(['--seed', '1', '--report', '--out', 'out', 'a.txt']),
        'output out/a_corrupted.txt is the input a.txt',
      );
      expect(ctx.list('out')).toEqual(['a_corrupted.txt']);
    },
  },
  {
    name: 'a report or ZIP that would land on an input is refused',
    run: (ctx) => {
      ctx.mkdir('in');
      ctx.input('in/a.txt', TEXT);
      ctx.input('in/a.txt_corruption_report.json', '{}\n');
      // The report of a.txt comes before the second file's output in the plan.
      refused(
        ctx.run(['--seed', '1', '--report', '--out', 'in', 'in/a.txt', 'in/a.txt_corruption_report.json']),
        'output in/a.txt_corruption_report.json is the input in/a.txt_corruption_report.json',
      );
      ctx.input('in/b.txt', TEXT);
      symlinkSync('in/b.txt', ctx.path('link.zip'));
      refused(ctx.run(['--seed', '1', '--zip', 'link.zip', 'in/b.txt']), 'output link.zip is the input in/b.txt');
      expect(ctx.exists('corrupted')).toBe(false);
    },
  },
  {
    name: "fracture run: DIR's files on an input (by name, hard link or symlink) are refused, nothing written",
    run: (ctx) => {
      ctx.input('summary.md', TEXT);
      const run = (out: string, file: string) => ctx.run(['run', '--seed', '1', '--out', out, file, '--', 'true']);
      const help = '(see fracture run --help)';
      refused(run('.', 'summary.md'), 'output ./summary.md is the input summary.md', help);
      ctx.mkdir('dir');
      linkSync(ctx.path('summary.md'), ctx.path('dir/runs.jsonl'));
      refused(run('dir', 'summary.md'), 'output dir/runs.jsonl is the input summary.md', help);
      symlinkSync('../summary.md', ctx.path('dir/campaign.json'));
      refused(run('dir/', 'summary.md'), 'output dir/campaign.json is the input summary.md', help);
      expect(ctx.list('dir')).toEqual(['campaign.json', 'runs.jsonl']);
      // A campaign's FILE that is not a regular file, worded as the corrupting command words it.
      expect(spawnSync('mkfifo', [ctx.path('fifo') as string]).status).toBe(0);
      refused(run('c', 'fifo'), 'fifo is a FIFO, not a regular file', help);
      refused(run('c', 'dir'), 'dir is a directory, not a regular file', help);
      expect(ctx.exists('c')).toBe(false);
    },
  },
  {
    name: 'two outputs that are the same file are refused',
    run: (ctx) => {
      ctx.input('a.txt', TEXT);
      ctx.input('b.txt', TEXT);
      refused(
        ctx.run(['--seed', '1', '--zip', 'out/a_corrupted.txt', '--out', 'out', 'a.txt']),
        'outputs out/a_corrupted.txt and out/a_corrupted.txt are the same file',
      );
      expect(ctx.exists('out')).toBe(false);
      // Two existing outputs that are hard links of one unrelated file.
      ctx.file('out/a_corrupted.txt', 'unrelated');
      linkSync(ctx.path('out/a_corrupted.txt'), ctx.path('out/b_corrupted.txt'));
      refused(
        ctx.run(['--seed', '1', '--out', 'out', 'a.txt', 'b.txt']),
        'outputs out/a_corrupted.txt and out/b_corrupted.txt are the same file',
      );
      expect(ctx.read('out/a_corrupted.txt').toString()).toBe('unrelated');
    },
  },
  {
    name: 'an output that is a directory, FIFO or device is refused',
    run: (ctx) => {
      ctx.input('a.txt', TEXT);
      ctx.mkdir('out/a_corrupted.txt');
      refused(ctx.run(['--seed', '1', '--out', 'out', 'a.txt']), 'output out/a_corrupted.txt is a directory');
      ctx.mkdir('z');
      refused(ctx.run(['--seed', '1', '--out', 'o2', '--zip', 'z', 'a.txt']), 'output z is a directory');
      expect(ctx.exists('o2')).toBe(false);
      // Nor a FIFO or a device: a rename would put a regular file in its place.
      expect(spawnSync('mkfifo', [ctx.path('fifo.zip') as string]).status).toBe(0);
      refused(
        ctx.run(['--seed', '1', '--out', 'o2', '--zip', 'fifo.zip', 'a.txt']),
        'output fifo.zip is a FIFO, not a regular file',
      );
      refused(
        ctx.run(['--seed', '1', '--out', 'o2', '--zip', '/dev/null', 'a.txt']),
        'output /dev/null is a character device, not a regular file',
      );
      expect(ctx.exists('o2')).toBe(false);
    },
  },
  {
    name: 'standard output that is an input is refused',
    run: (ctx) => {
      ctx.input('a.txt', TEXT);
      // >> opens without truncating: standard output is a.txt itself.
      const r = ctx.shell('"$@" >> a.txt', ['--seed', '1', '-', 'a.txt']);
      refused(r, 'output standard output is the input a.txt');
    },
  },
  {
    name: 'an existing unrelated output is replaced by a rename: other links keep the old bytes',
    run: (ctx) => {
      ctx.input('a.txt', TEXT);
      ctx.file('out/a_corrupted.txt', 'the earlier output');
      linkSync(ctx.path('out/a_corrupted.txt'), ctx.path('kept.txt'));
      const before = statSync(ctx.path('out/a_corrupted.txt')).ino;
      const r = ctx.run(['--seed', '1', '--out', 'out', 'a.txt']);
      expect(r.code, r.err).toBe(0);
      expect(ctx.read('kept.txt').toString()).toBe('the earlier output');
      expect(statSync(ctx.path('out/a_corrupted.txt')).ino).not.toBe(before);
      expect(ctx.read('out/a_corrupted.txt').length).toBe(TEXT.length);
      expect(ctx.read('out/a_corrupted.txt').toString()).not.toBe(TEXT);
      expect(ctx.list('out')).toEqual(['a_corrupted.txt']);
      // Through a symlink at the final name: the file it names gets the new bytes, the link stays.
      ctx.file('target.txt', 'old target');
      rmSync(ctx.path('out/a_corrupted.txt'));
      symlinkSync('../target.txt', ctx.path('out/a_corrupted.txt'));
      const again = ctx.run(['--seed', '1', '--out', 'out', 'a.txt']);
      expect(again.code, again.err).toBe(0);
      expect(lstatSync(ctx.path('out/a_corrupted.txt')).isSymbolicLink()).toBe(true);
      expect(ctx.read('target.txt').equals(ctx.read('kept.txt'))).toBe(false);
      expect(ctx.read('target.txt').length).toBe(TEXT.length);
      expect(ctx.list('out')).toEqual(['a_corrupted.txt']);
    },
  },
  interrupted('SIGINT', 130),
  interrupted('SIGTERM', 143),
  interrupted('SIGHUP', 129),
  {
    name: 'outputs are never readable by more than their inputs (0600 in, 0600 out)',
    run: (ctx) => {
      ctx.input('secret.txt', TEXT, 0o600);
      ctx.input('open.txt', TEXT, 0o644);
      ctx.input('group.txt', TEXT, 0o640);
      const r = ctx.run([
        '--seed',
        '1',
        '--report',
        '--out',
        'out',
        '--zip',
        'all.zip',
        'secret.txt',
        'open.txt',
        'group.txt',
      ]);
      expect(r.code, r.err).toBe(0);
      const umask = process.umask();
      const expected = (m: number) => (0o666 & ~umask & m).toString(8);
      expect(ctx.mode('out/secret_corrupted.txt').toString(8)).toBe(expected(0o600));
      expect(ctx.mode('out/secret.txt_corruption_report.json').toString(8)).toBe(expected(0o600));
      expect(ctx.mode('out/open_corrupted.txt').toString(8)).toBe(expected(0o644));
      expect(ctx.mode('out/group_corrupted.txt').toString(8)).toBe(expected(0o640));
      // The ZIP holds all three: it takes the bits all of them grant.
      expect(ctx.mode('all.zip').toString(8)).toBe(expected(0o600));
      // An earlier, more open file at the final name does not keep its mode.
      chmodSync(ctx.path('out/secret_corrupted.txt'), 0o666);
      expect(ctx.run(['--seed', '2', '--out', 'out', 'secret.txt']).code).toBe(0);
      expect(ctx.mode('out/secret_corrupted.txt').toString(8)).toBe(expected(0o600));
    },
  },
  {
    name: 'the spool of a long standard input is private (0700 directory, 0600 file) and removed',
    run: async (ctx) => {
      const { child, done } = ctx.start(['--seed', '1', '--quiet', '-']);
      const data = Buffer.alloc(17 * 1024 * 1024, 0x41);
      child.stdin?.write(data);
      await until('the spool directory', () => readdirSync(ctx.tmp).length > 0);
      const [dir] = readdirSync(ctx.tmp);
      expect((statSync(path.join(ctx.tmp, dir)).mode & 0o777).toString(8)).toBe('700');
      await until('the spool file', () => readdirSync(path.join(ctx.tmp, dir)).length > 0);
      for (const f of readdirSync(path.join(ctx.tmp, dir))) {
        expect((statSync(path.join(ctx.tmp, dir, f)).mode & 0o777).toString(8)).toBe('600');
      }
      child.stdin?.end(data);
      const r = await done;
      expect(r.code, r.err).toBe(0);
      expect(r.out.length).toBe(2 * data.length);
    },
  },
  {
    name: 'SIGTERM while standard input is spooled removes the spool (exit 143)',
    run: async (ctx) => {
      const { child, done } = ctx.start(['--seed', '1', '--quiet', '-']);
      child.stdin?.write(Buffer.alloc(17 * 1024 * 1024, 0x42));
      await until('the spool directory', () => readdirSync(ctx.tmp).length > 0);
      child.kill('SIGTERM');
      const r = await done;
      expect({ code: r.code, signal: r.signal }).toEqual({ code: 143, signal: null });
      expect(r.out.length).toBe(0);
    },
  },
  {
    name: 'a file name that is not UTF-8: the output name keeps its bytes, messages escape them',
    nativeOnly: true,
    run: (ctx) => {
      const name = Buffer.from('caf\xe9.txt', 'latin1');
      ctx.input(name, TEXT);
      const r = ctx.run(['--seed', '1', '--out', 'out', name]);
      expect(r.code, r.err).toBe(0);
      clean(r);
      // The file's line, then what was hit (docs/cli.md).
      expect(r.out.toString('utf8').split('\n')[0]).toBe(
        'caf\\xE9.txt -> out/caf\\xE9_corrupted.txt (12 bytes, seed 1)',
      );
      const listed = readdirSync(ctx.path('out') as string, { encoding: 'buffer' });
      expect(listed.map((b) => b.toString('hex'))).toEqual([
        Buffer.from('caf\xe9_corrupted.txt', 'latin1').toString('hex'),
      ]);
      // The report: U+FFFD in filename, the real bytes in the replay command.
      const json = ctx.run(['--seed', '1', '--json', '--out', 'out', name]);
      expect(json.code, json.err).toBe(0);
      const report = JSON.parse(json.out.toString('utf8'));
      expect(report.filename).toBe('caf\ufffd.txt');
      expect(report.replay).toMatch(/ \$'caf\\xe9\.txt'$/);
      // A failing one is named the same way in its error line.
      const missing = Buffer.from('gone\xff.bin', 'latin1');
      const failed = ctx.run(['--seed', '1', '--out', 'out', missing]);
      expect(failed.code).toBe(1);
      clean(failed);
      expect(failed.err).toBe(`${seedLine(1)}\nfracture: gone\\xFF.bin: no such file\n`);
    },
  },
  {
    name: 'control characters in a file name are escaped in messages, kept in the output name',
    run: (ctx) => {
      ctx.input('a\nb\x1b.txt', TEXT);
      const r = ctx.run(['--seed', '1', '--out', 'out', 'a\nb\x1b.txt']);
      expect(r.code, r.err).toBe(0);
      clean(r);
      expect(r.out.toString('utf8').split('\n')[0]).toBe(
        'a\\nb\\x1B.txt -> out/a\\nb\\x1B_corrupted.txt (12 bytes, seed 1)',
      );
      expect(ctx.list('out')).toEqual(['a\nb\x1b_corrupted.txt']);
    },
  },
  {
    name: '--name must be a base name: a path, .., or a control character is a usage error',
    run: (ctx) => {
      for (const [name, shown] of [
        ['../x.png', '../x.png'],
        ['a/b.png', 'a/b.png'],
        ['a\\b.png', 'a\\b.png'],
        ['..', '..'],
        ['.', '.'],
        ['', ''],
        ['a\tb', 'a\\tb'],
        ['x\x7f', 'x\\x7F'],
      ]) {
        const r = ctx.run(['--seed', '1', '--name', name, '-'], { stdin: Buffer.from(TEXT) });
        refused(r, `--name must be a file name, not a path or a name with control characters: ${shown}`);
        clean(r);
      }
      const ok = ctx.run(['--seed', '1', '--name', 'photo.png', '-'], { stdin: Buffer.from(TEXT) });
      expect(ok.code, ok.err).toBe(0);
      expect(ok.out.length).toBe(TEXT.length);
    },
  },
  {
    name: 'a directory, FIFO, device or socket given as a FILE is refused before anything is written',
    run: async (ctx) => {
      ctx.input('a.txt', TEXT);
      ctx.mkdir('dir');
      expect(spawnSync('mkfifo', [ctx.path('fifo') as string]).status).toBe(0);
      await ctx.socket('sock');
      const block = readdirSync('/dev').find((d) => {
        try {
          return lstatSync(`/dev/${d}`).isBlockDevice();
        } catch {
          return false;
        }
      });
      const cases: [string, string][] = [
        ['dir', 'a directory'],
        ['fifo', 'a FIFO'],
        ['/dev/null', 'a character device'],
        ['/dev/zero', 'a character device'],
        ['sock', 'a socket'],
      ];
      if (block) cases.push([`/dev/${block}`, 'a block device']);
      for (const [file, what] of cases) {
        // After a good file: still nothing written.
        refused(ctx.run(['--seed', '1', '--out', 'out', 'a.txt', file]), `${file} is ${what}, not a regular file`);
        expect(ctx.exists('out'), file).toBe(false);
      }
    },
  },
  {
    name: 'standard input longer than the limit stops with an error, nothing on standard output',
    run: (ctx) => {
      const env = { FRACTURE_STDIN_LIMIT: '1000' };
      const over = ctx.run(['--seed', '1', '-'], { stdin: Buffer.alloc(5000, 0x61), env });
      expect(over.code).toBe(1);
      expect(over.out.length).toBe(0);
      expect(over.err).toBe(`${seedLine(1)}\nfracture: -: Input too large: more than 1000 bytes on standard input\n`);
      const whole = ctx.run(['--seed', '1', '--pdf', '-'], { stdin: Buffer.alloc(5000, 0x61), env });
      expect(whole.code).toBe(1);
      expect(whole.out.length).toBe(0);
      expect(whole.err).toContain('fracture: -: Input too large: more than 1000 bytes on standard input\n');
      const at = ctx.run(['--seed', '1', '-'], { stdin: Buffer.alloc(1000, 0x61), env });
      expect(at.code, at.err).toBe(0);
      expect(at.out.length).toBe(1000);
      // Past the in-memory part: the spool stops at the limit too, and is removed.
      const big = { FRACTURE_STDIN_LIMIT: String(17 * 1024 * 1024) };
      const spooled = ctx.run(['--seed', '1', '-'], { stdin: Buffer.alloc(18 * 1024 * 1024, 0x62), env: big });
      expect(spooled.code).toBe(1);
      expect(spooled.out.length).toBe(0);
      expect(spooled.err).toContain(`more than ${17 * 1024 * 1024} bytes on standard input`);
    },
  },
  {
    name: 'a file that changes while it is read fails, and the batch goes on',
    run: async (ctx) => {
      ctx.bigInput('big.bin');
      ctx.input('b.txt', TEXT);
      const { done } = ctx.start(['--seed', '1', '--quiet', '--out', 'out', 'big.bin', 'b.txt']);
      let exited = false;
      void done.then(() => {
        exited = true;
      });
      await until('the temporary output', () => exited || ctx.temporaries().length > 0);
      expect(exited, 'the run ended before the file could change').toBe(false);
      appendFileSync(ctx.path('big.bin'), 'more');
      ctx.track('big.bin');
      const r = await done;
      expect(r.code).toBe(1);
      expect(r.err).toBe(`${seedLine(1)}\nfracture: big.bin: the file changed while it was being read\n`);
      expect(ctx.list('out')).toEqual(['b_corrupted.txt']);
    },
  },
  {
    name: 'a batch where one file fails keeps the results of the others',
    run: (ctx) => {
      ctx.input('a.txt', TEXT);
      ctx.input('c.txt', TEXT);
      ctx.file('out/c_corrupted.txt', 'earlier');
      const r = ctx.run(['--seed', '1', '--report', '--out', 'out', 'a.txt', 'missing.txt', 'c.txt']);
      expect(r.code).toBe(1);
      expect(r.err).toBe(`${seedLine(1)}\nfracture: missing.txt: no such file\n`);
      expect(ctx.list('out')).toEqual([
        'a.txt_corruption_report.json',
        'a_corrupted.txt',
        'c.txt_corruption_report.json',
        'c_corrupted.txt',
      ]);
      expect(ctx.read('out/c_corrupted.txt').length).toBe(TEXT.length);
    },
  },
  {
    name: 'a write that fails (file too large, as on a full disk) keeps the old output; the batch goes on',
    run: (ctx) => {
      ctx.input('big.bin', Buffer.alloc(1 << 20, 0x5a));
      ctx.input('small.txt', TEXT);
      ctx.file('out/big_corrupted.bin', 'the earlier output');
      // Past 4 KiB a write fails with EFBIG (SIGXFSZ ignored), as a full disk fails it with ENOSPC.
      const r = ctx.shell('trap \'\' XFSZ; ulimit -f 8; exec "$@"', [
        '--seed',
        '1',
        '--quiet',
        '--out',
        'out',
        'big.bin',
        'small.txt',
      ]);
      expect(r.code).toBe(1);
      expect(r.err).toMatch(
        /^fracture: seed 1 \(file i uses seed \+ i\)\nfracture: big\.bin: cannot write out\/big_corrupted\.bin: file too large\n$/,
      );
      expect(ctx.read('out/big_corrupted.bin').toString()).toBe('the earlier output');
      expect(ctx.list('out')).toEqual(['big_corrupted.bin', 'small_corrupted.txt']);
      expect(ctx.read('out/small_corrupted.txt').length).toBe(TEXT.length);
    },
  },
  {
    name: "minimize's output on an input is refused",
    run: (ctx) => {
      ctx.input('o.bin', 'abcdef');
      ctx.input('c.bin', 'abXdef');
      refused(
        ctx.run(['minimize', '--test', 'false', '--out', 'c.bin', 'o.bin', 'c.bin']),
        'output c.bin is the input c.bin',
        MINIMIZE_HELP,
      );
      ctx.mkdir('d');
      refused(
        ctx.run(['minimize', '--test', 'false', '--out', 'd', 'o.bin', 'c.bin']),
        'output d is a directory',
        MINIMIZE_HELP,
      );
    },
  },
];

/** Registers every scenario for `runner` as a vitest test. */
export function describeScenarios(runner: Runner): void {
  describe(`nothing lost (${runner.label})`, () => {
    for (const s of SCENARIOS) {
      if (s.nativeOnly && !runner.native) continue;
      if (runner.todo?.includes(s.name)) {
        it.todo(s.name);
        continue;
      }
      it(s.name, async () => {
        const ctx = new Ctx(runner);
        try {
          await s.run(ctx);
          ctx.checkNothingLost();
        } finally {
          await ctx.close();
        }
      });
    }
  });
}

/** True when the file exists (for the runners' own checks). */
export function built(file: string): boolean {
  return existsSync(file);
}
