// `fracture run` and `fracture merge` in the npm CLI, run as subprocesses the way a user runs them,
// against tests/campaign/target.c (compiled here), whose rules are restated here (`expected`) so the outcome,
// signature and crash id of every variant are computed independently of the CLI: the variants come
// from `fracture --seed S --count N` (the plain command), the rules are applied to their bytes here.
// A single campaign, standard-input feeding, shards and merge, Ctrl-C and --resume, usage errors.
import { SITE_ORIGIN } from '../../lib/engine/shared/mode-tables.ts';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NPM = [path.join(ROOT, 'bin/fracture.mjs')];
const SEED = 500;
const COUNT = 30;
/** Options of every campaign here: enough damage on 256 bytes that every rule of the target is met. */
const CORRUPTION = ['--mode', 'byte_flip', '--intensity', '30'];
const TIMEOUT = '1';

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest('hex');

interface Expected {
  outcome: 'accepted' | 'rejected' | 'crashed' | 'hung';
  exit_code: number | null;
  signal: string | null;
  signature: string | null;
}

/** The target's rules (target.c), restated: what a variant must give. */
function expected(data: Uint8Array): Expected {
  const at = (i: number) => data[i];
  if (at(0) !== 0x46)
    return { outcome: 'crashed', exit_code: null, signal: 'SIGSEGV', signature: 'crashed\nsignal SIGSEGV' };
  if (at(1) !== 0x52) return { outcome: 'hung', exit_code: null, signal: null, signature: 'hung\ntimeout' };
  if (at(2) !== 0x41) {
    return {
      outcome: 'crashed',
      exit_code: 101,
      signal: null,
      signature: "crashed\nexit 101\nthread 'main' panicked at src/parse.rs:N:N:\nbad magic byte N",
    };
  }
  if (at(3) !== 0x43) return { outcome: 'rejected', exit_code: 3, signal: null, signature: null };
  if (at(4) !== 0x61) {
    return {
      outcome: 'crashed',
      exit_code: null,
      signal: 'SIGABRT',
      signature: [
        'crashed',
        'signal SIGABRT',
        '==N==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x? at pc 0x?',
        '#N 0x? in parse_body /src/frac.c:N',
        '#N 0x? in main /src/frac.c:N',
        '#N 0x? in __libc_start_main',
      ].join('\n'),
    };
  }
  return { outcome: 'accepted', exit_code: 0, signal: null, signature: null };
}

interface Result {
  code: number | null;
  out: string;
  err: string;
}

function npm(args: string[], cwd: string): Result {
  const r = spawnSync(process.execPath, [...NPM, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** runs.jsonl without `duration_ms`: what two campaigns over the same runs must share. */
function runsWithoutDuration(dir: string): unknown[] {
  return readFileSync(path.join(dir, 'runs.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const { duration_ms: _, ...rest } = JSON.parse(l);
      return rest;
    });
}

const campaign = (dir: string) => JSON.parse(readFileSync(path.join(dir, 'campaign.json'), 'utf8'));

describe('fracture run (npm)', () => {
  let work: string;
  /** The compiled target. */
  let TARGET: string;
  /** Variant bytes by seed, from `fracture --seed SEED --count COUNT`. */
  const variants = new Map<number, Uint8Array>();
  let input: Uint8Array;
  /** The single campaign's directory (made once, compared with by the other tests). */
  let single: string;
  let singleRun: Result;

  const runArgs = (out: string, extra: string[] = [], program = [TARGET, '{}']) => [
    'run',
    ...CORRUPTION,
    '--seed',
    String(SEED),
    '--count',
    String(COUNT),
    '--timeout',
    TIMEOUT,
    '--jobs',
    '3',
    '--out',
    out,
    ...extra,
    'input.bin',
    '--',
    ...program,
  ];

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'fracture-campaign-test-'));
    input = Uint8Array.from([...Buffer.from('FRACa'), ...Array.from({ length: 251 }, (_, i) => (i * 7 + 3) % 256)]);
    writeFileSync(path.join(work, 'input.bin'), input);
    TARGET = path.join(work, 'target');
    const cc = spawnSync('cc', ['-O1', '-o', TARGET, path.join(ROOT, 'tests/campaign/target.c')], { encoding: 'utf8' });
    expect(cc.status, cc.stderr).toBe(0);
    const made = npm(
      [...CORRUPTION, '--seed', String(SEED), '--count', String(COUNT), '--out', 'variants', '--quiet', 'input.bin'],
      work,
    );
    expect(made.code, made.err).toBe(0);
    for (let j = 0; j < COUNT; j++) {
      variants.set(SEED + j, readFileSync(path.join(work, 'variants', `input_corrupted_${SEED + j}.bin`)));
    }
    single = path.join(work, 'single');
    singleRun = npm(runArgs('single'), work);
  }, 120_000);

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('records every run as the target rules say, with the variant `fracture --seed` makes', () => {
    expect(singleRun.err).toMatch(/^fracture: run: seed 500 \(variant j of file i uses seed 500 \+ i \* 30 \+ j\)\n/);
    const runs = readFileSync(path.join(single, 'runs.jsonl'), 'utf8').split('\n');
    expect(runs.pop()).toBe('');
    expect(runs).toHaveLength(COUNT);
    const seen = new Set<string>();
    for (const [j, line] of runs.entries()) {
      const rec = JSON.parse(line);
      expect(Object.keys(rec)).toEqual([
        'file',
        'seed',
        'outcome',
        'exit_code',
        'signal',
        'duration_ms',
        'variant_sha256',
        'crash_id',
      ]);
      const seed = SEED + j;
      const variant = variants.get(seed) as Uint8Array;
      const want = expected(variant);
      expect({ ...rec, duration_ms: 0 }, `seed ${seed}`).toEqual({
        file: 'input.bin',
        seed,
        outcome: want.outcome,
        exit_code: want.exit_code,
        signal: want.signal,
        duration_ms: 0,
        variant_sha256: sha256(variant),
        crash_id: want.signature === null ? null : sha256(want.signature).slice(0, 12),
      });
      expect(rec.duration_ms).toBeGreaterThanOrEqual(0);
      if (want.outcome === 'hung') expect(rec.duration_ms).toBeGreaterThanOrEqual(1000);
      seen.add(want.outcome);
    }
    // The campaign meets every rule of the target, or the test proves less than it says.
    expect([...seen].sort()).toEqual(['accepted', 'crashed', 'hung', 'rejected']);
    const crashed = [...variants.values()].some((v) => expected(v).signal === 'SIGABRT');
    expect(crashed, 'no variant reached the sanitizer rule').toBe(true);
    expect(singleRun.code).toBe(1);
  });

  it('writes campaign.json: counts, one entry per signature with its files, replay and minimised file', () => {
    const c = campaign(single);
    expect(Object.keys(c)).toEqual([
      'version',
      'command',
      'inputs',
      'options',
      'program',
      'seed',
      'count',
      'shard',
      'planned',
      'complete',
      'counts',
      'crashes',
    ]);
    expect(c.command).toEqual([
      'fracture',
      'run',
      ...CORRUPTION,
      '--seed',
      '500',
      '--count',
      '30',
      '--timeout',
      '1',
      'input.bin',
      '--',
      TARGET,
      '{}',
    ]);
    // The original runs first (docs/campaigns.md, section 2, "Baseline"): the target accepts it.
    expect(c.inputs).toEqual([
      {
        file: 'input.bin',
        size: 256,
        sha256: sha256(input),
        baseline: { outcome: expected(input).outcome, signature: null },
      },
    ]);
    expect(c.options).toEqual({
      mode: 'byte_flip',
      intensity: 30,
      only: [],
      protect: [],
      fix_checksums: false,
      timeout_ms: 1000,
      crash_exit: [],
      crash_pattern: null,
      minimize: true,
      baseline: true,
    });
    expect([c.seed, c.count, c.shard, c.planned, c.complete]).toEqual([SEED, COUNT, null, COUNT, true]);
    const wants = [...variants.entries()].map(([seed, v]) => ({ seed, v, want: expected(v) }));
    const counts = { accepted: 0, rejected: 0, crashed: 0, hung: 0, pre_existing: 0 };
    for (const { want } of wants) counts[want.outcome]++;
    expect(c.counts).toEqual(counts);
    // One entry per signature, in the order of its first seed.
    const ids: string[] = [];
    for (const { want } of wants) {
      const id = want.signature === null ? null : sha256(want.signature).slice(0, 12);
      if (id !== null && !ids.includes(id)) ids.push(id);
    }
    expect(c.crashes.map((e: { id: string }) => e.id)).toEqual(ids);
    for (const e of c.crashes) {
      const mine = wants.filter(({ want }) => want.signature !== null && sha256(want.signature).slice(0, 12) === e.id);
      const first = mine[0];
      expect(e.signature).toBe(first.want.signature);
      expect(e.outcome).toBe(first.want.outcome);
      expect([e.file, e.seed, e.seeds]).toEqual(['input.bin', first.seed, mine.map((m) => m.seed)]);
      expect(e.variant).toBe(`crashes/${e.id}/input_corrupted_${first.seed}.bin`);
      expect(sha256(readFileSync(path.join(single, e.variant)))).toBe(sha256(first.v));
      expect(existsSync(path.join(single, 'crashes', e.id, 'stdout.txt'))).toBe(true);
      expect(readFileSync(path.join(single, 'crashes', e.id, 'stdout.txt'), 'utf8')).toBe('read 256 bytes\n');
      expect(e.replay).toEqual({
        corrupt: `fracture --mode byte_flip --intensity 30 --seed ${first.seed} input.bin`,
        program: `${TARGET} ${e.variant}`,
        // The variant's share link: the same options, the input's base name and size.
        share_link: `${SITE_ORIGIN}/?v=2&mode=byte_flip&intensity=30&seed=${first.seed}&file=input.bin&size=256`,
      });
      // Minimised: the one byte whose rule gave the signature, and it still gives it.
      expect(e.minimized).toBe(`crashes/${e.id}/input_corrupted_${first.seed}_minimized.bin`);
      const min = readFileSync(path.join(single, e.minimized));
      const differ = [...min.keys()].filter((i) => min[i] !== input[i]);
      expect(e.minimized_changes).toBe(differ.length);
      expect(differ).toHaveLength(1);
      expect(expected(min).signature).toBe(e.signature);
    }
    expect(singleRun.err).toContain(
      `fracture: run: ${COUNT} runs: ${counts.accepted} accepted, ${counts.rejected} rejected, ${counts.crashed} crashed, ${counts.hung} hung; ${ids.length} unique -> single/summary.md\n`,
    );
  });

  it('replays: the corruption command makes the variant again', () => {
    const c = campaign(single);
    const e = c.crashes[0];
    const replay = e.replay.corrupt.replace(/^fracture /, '');
    const out = path.join(work, 'replayed');
    const r = npm([...replay.split(' ').slice(0, -1), '--out', out, '--quiet', 'input.bin'], work);
    expect(r.code, r.err).toBe(0);
    expect(sha256(readFileSync(path.join(out, 'input_corrupted.bin')))).toBe(
      sha256(readFileSync(path.join(single, e.variant))),
    );
  });

  it('writes summary.md with each unique crash and its replay', () => {
    const c = campaign(single);
    const text = readFileSync(path.join(single, 'summary.md'), 'utf8');
    expect(text.startsWith('# Fracture campaign\n\n- Command: `fracture run --mode byte_flip')).toBe(true);
    expect(text).toContain(`- Runs: ${COUNT} of ${COUNT}\n`);
    for (const e of c.crashes) {
      expect(text).toContain(`## ${e.id}: ${e.outcome}, ${e.signature.split('\n')[1]}\n`);
      expect(text).toContain(`\`\`\`sh\n${e.replay.corrupt}\n${e.replay.program}\n\`\`\`\n`);
    }
    expect(text.endsWith('```\n')).toBe(true);
  });

  it('feeds the variant on standard input when no ARG holds {}', () => {
    const r = npm(runArgs('stdin', ['--no-minimize'], [TARGET]), work);
    expect(r.code).toBe(1);
    expect(runsWithoutDuration(path.join(work, 'stdin'))).toEqual(runsWithoutDuration(single));
    const c = campaign(path.join(work, 'stdin'));
    expect(c.crashes[0].replay.program).toBe(`${TARGET} < ${c.crashes[0].variant}`);
    expect(c.crashes.every((e: { minimized: unknown }) => e.minimized === null)).toBe(true);
  });

  it('runs shards that merge into the single campaign', () => {
    for (const k of [1, 2, 3]) {
      const r = npm(runArgs(`shard${k}`, ['--shard', `${k}/3`]), work);
      expect([0, 1]).toContain(r.code);
      const c = campaign(path.join(work, `shard${k}`));
      expect(c.shard).toEqual([k, 3]);
      expect(c.planned).toBe(10);
      expect(c.command).toEqual(campaign(single).command);
      // Shard k holds the runs whose index r has r % 3 == k - 1.
      const seeds = runsWithoutDuration(path.join(work, `shard${k}`)).map((x) => (x as { seed: number }).seed);
      expect(seeds).toEqual(Array.from({ length: 10 }, (_, n) => SEED + k - 1 + 3 * n));
    }
    const m = npm(['merge', 'shard3', 'shard1', 'shard2', '--out', 'merged'], work);
    expect(m.code, m.err).toBe(singleRun.code);
    const merged = path.join(work, 'merged');
    expect(runsWithoutDuration(merged)).toEqual(runsWithoutDuration(single));
    expect(campaign(merged)).toEqual(campaign(single));
    expect(readFileSync(path.join(merged, 'summary.md'), 'utf8')).toBe(
      readFileSync(path.join(single, 'summary.md'), 'utf8'),
    );
    for (const e of campaign(merged).crashes) {
      expect(readFileSync(path.join(merged, e.variant))).toEqual(readFileSync(path.join(single, e.variant)));
      expect(readFileSync(path.join(merged, e.minimized))).toEqual(readFileSync(path.join(single, e.minimized)));
    }
    // Merging into a directory that holds something is refused.
    const again = npm(['merge', 'shard1', '--out', 'merged'], work);
    expect(again.code).toBe(2);
  });

  it('stops cleanly on Ctrl-C and --resume finishes the same campaign', async () => {
    const dir = path.join(work, 'resumed');
    const child: ChildProcess = spawn(process.execPath, [...NPM, ...runArgs('resumed', ['--jobs', '1'])], {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr?.on('data', (d) => {
      err += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Some runs recorded, not all.
    const runsFile = path.join(dir, 'runs.jsonl');
    const lines = () => (existsSync(runsFile) ? readFileSync(runsFile, 'utf8').split('\n').length - 1 : 0);
    const end = Date.now() + 60_000;
    while (lines() < 5 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    expect(err).toMatch(/fracture: run: interrupted; continue with --resume\n$/);
    const partial = runsWithoutDuration(dir);
    expect(partial.length).toBeGreaterThanOrEqual(5);
    expect(partial.length).toBeLessThan(COUNT);
    // Sorted, and each a run of the single campaign.
    expect(partial).toEqual(
      runsWithoutDuration(single).filter((x) =>
        partial.some((p) => (p as { seed: number }).seed === (x as { seed: number }).seed),
      ),
    );
    const c = campaign(dir);
    expect(c.complete).toBe(false);
    expect(readFileSync(path.join(dir, 'summary.md'), 'utf8')).toContain('(interrupted: run again with --resume)');
    // Nothing of the run's temporary directory is left.
    expect(readdirSync(dir).filter((f) => f.startsWith('.fracture-'))).toEqual([]);
    // Without --resume the directory is refused; with it (and no --seed: the recorded one) it finishes.
    expect(npm(runArgs('resumed'), work).code).toBe(2);
    const resumeArgs = runArgs('resumed', ['--resume']);
    resumeArgs.splice(resumeArgs.indexOf('--seed'), 2);
    const r = npm(resumeArgs, work);
    expect(r.code, r.err).toBe(1);
    expect(runsWithoutDuration(dir)).toEqual(runsWithoutDuration(single));
    expect(campaign(dir)).toEqual(campaign(single));
    // Another campaign in the same DIR is refused, and leaves it as it was.
    const before = readFileSync(path.join(dir, 'campaign.json'));
    const other = npm(runArgs('resumed', ['--resume', '--count', '31']), work);
    expect(other.code).toBe(2);
    expect(other.err).toMatch(/campaign\.json is another campaign: /);
    expect(readFileSync(path.join(dir, 'campaign.json'))).toEqual(before);
  }, 120_000);

  it('Ctrl-C while minimising leaves every run recorded; --resume minimises what is left', async () => {
    const dir = path.join(work, 'shrinking');
    const child: ChildProcess = spawn(process.execPath, [...NPM, ...runArgs('shrinking')], {
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    await new Promise<void>((resolve) => {
      child.stderr?.on('data', (d) => {
        err += d;
        if (err.includes('fracture: run: minimizing ')) resolve();
      });
      child.on('exit', () => resolve());
    });
    child.kill('SIGINT');
    expect(await exited).toBe(130);
    const c = campaign(dir);
    expect([c.complete, c.counts]).toEqual([true, campaign(single).counts]);
    expect(c.crashes.some((e: { minimized: unknown }) => e.minimized === null)).toBe(true);
    expect(runsWithoutDuration(dir)).toEqual(runsWithoutDuration(single));
    // --resume runs nothing again and minimises the rest: the single campaign's DIR.
    const r = npm(runArgs('shrinking', ['--resume']), work);
    expect(r.code, r.err).toBe(1);
    expect(runsWithoutDuration(dir)).toEqual(runsWithoutDuration(single));
    expect(campaign(dir)).toEqual(campaign(single));
  }, 120_000);

  it('draws a progress line on a terminal, and none without one or with --quiet', () => {
    const args = (out: string, quiet: string[] = []) => [
      'run',
      '--seed',
      '3',
      '--count',
      '5',
      '--only',
      '8:',
      ...quiet,
      '--out',
      out,
      'input.bin',
      '--',
      TARGET,
      '{}',
    ];
    // script(1) gives the command a terminal; what it writes there (both streams) comes back here.
    const command = (out: string, quiet: string[] = []) =>
      [process.execPath, ...NPM, ...args(out, quiet)].map((w) => `'${w.replaceAll("'", "'\\''")}'`).join(' ');
    const tty = spawnSync('script', ['-q', '-c', command('tty'), '/dev/null'], { cwd: work, encoding: 'utf8' });
    expect(tty.status, tty.stderr).toBe(0);
    // The last frame, then the line's end (ESC [ K clears what a longer frame left).
    const last = /\r5\/5 runs, [0-9]+\.[0-9] runs\/s, 5 accepted, 0 rejected, 0 crashed, 0 hung(.{3})\r?\n/s.exec(
      tty.stdout,
    );
    expect(last?.[1]).toBe(`${String.fromCharCode(27)}[K`);
    const quiet = spawnSync('script', ['-q', '-c', command('tty-quiet', ['--quiet']), '/dev/null'], {
      cwd: work,
      encoding: 'utf8',
    });
    expect(quiet.stdout).not.toContain('runs/s');
    expect(quiet.stdout).not.toContain('5 runs:');
    const piped = npm(args('piped'), work);
    expect(piped.err).not.toContain('runs/s');
    expect(piped.err).toMatch(
      /fracture: run: 5 runs: 5 accepted, 0 rejected, 0 crashed, 0 hung; 0 unique -> piped\/summary\.md\n$/,
    );
  });

  it('exits 0 when nothing crashed or hung (--only keeps the header whole)', () => {
    const r = npm(
      ['run', '--seed', '3', '--count', '4', '--only', '8:', '--out', 'clean', 'input.bin', '--', TARGET, '{}'],
      work,
    );
    expect(r.code, r.err).toBe(0);
    const c = campaign(path.join(work, 'clean'));
    expect(c.counts).toEqual({ accepted: 4, rejected: 0, crashed: 0, hung: 0, pre_existing: 0 });
    expect(c.command).toContain('--only');
    expect(readFileSync(path.join(work, 'clean', 'summary.md'), 'utf8')).toContain('\nNo crashes or hangs.\n');
  });

  it('counts --crash-exit and --crash-pattern as crashes', () => {
    const r = npm(
      [...runArgs('judged', ['--no-minimize', '--crash-exit', '3,7-9', '--crash-pattern', '^not a (FRAC|PNG) file$'])],
      work,
    );
    expect(r.code).toBe(1);
    const c = campaign(path.join(work, 'judged'));
    expect(c.options.crash_exit).toEqual([3, 7, 8, 9]);
    const rejected = runsWithoutDuration(path.join(work, 'judged')).filter(
      (x) => (x as { exit_code: number }).exit_code === 3,
    );
    expect(rejected.length).toBeGreaterThan(0);
    const id = sha256('crashed\nexit 3\nnot a FRAC file').slice(0, 12);
    for (const x of rejected) expect(x).toMatchObject({ outcome: 'crashed', crash_id: id });
  });

  it('refuses bad command lines with exit 2 and writes nothing', () => {
    const cases = [
      ['run', 'input.bin'],
      ['run', 'input.bin', '--'],
      ['run', '-', '--', 'true'],
      ['run', '--timeout', '0', 'input.bin', '--', 'true'],
      ['run', '--timeout', '1.2345', 'input.bin', '--', 'true'],
      ['run', '--shard', '4/3', 'input.bin', '--', 'true'],
      ['run', '--crash-exit', '0', 'input.bin', '--', 'true'],
      ['run', '--crash-pattern', '(', 'input.bin', '--', 'true'],
      ['run', '--zip', 'x.zip', 'input.bin', '--', 'true'],
      ['run', 'missing.bin', '--', 'true'],
      ['run', '--resume', 'input.bin', '--', 'true'],
      ['merge', 'single'],
    ];
    mkdirSync(path.join(work, 'usage'));
    writeFileSync(path.join(work, 'usage', 'input.bin'), input);
    for (const args of cases) {
      const r = npm([args[0], '--out', 'never', ...args.slice(1)], path.join(work, 'usage'));
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.err, args.join(' ')).toMatch(/^fracture: .* \(see fracture (run|merge) --help\)\n$/);
    }
    expect(readdirSync(path.join(work, 'usage'))).toEqual(['input.bin']);
  });

  it('stops with exit 1 when PROGRAM cannot be started', () => {
    const r = npm(['run', '--seed', '1', '--out', 'nostart', 'input.bin', '--', 'no-such-program-here'], work);
    expect(r.code).toBe(1);
    expect(r.err).toContain('fracture: run: cannot start no-such-program-here');
    expect(runsWithoutDuration(path.join(work, 'nostart'))).toEqual([]);
  });
});
