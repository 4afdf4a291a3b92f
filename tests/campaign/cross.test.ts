// The native and the npm `fracture run` / `fracture merge` give the same campaign (docs/campaigns.md:
// "Where it says exactly, the two CLIs produce the same bytes"): runs.jsonl equal apart from
// duration_ms, campaign.json and summary.md byte for byte, the same crash files; shards of one CLI
// merged by the other equal a single run. Both run as subprocesses on tests/campaign/target.c.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
type Tool = { label: string; cmd: string; args: string[] };
const NATIVE: Tool = { label: 'native', cmd: path.join(ROOT, 'target/release/fracture'), args: [] };
const NPM: Tool = { label: 'npm', cmd: process.execPath, args: [path.join(ROOT, 'bin/fracture.mjs')] };

/** runs.jsonl without duration_ms. */
function runs(dir: string): unknown[] {
  return readFileSync(path.join(dir, 'runs.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => {
      const { duration_ms: _, ...rest } = JSON.parse(l);
      return rest;
    });
}

/** Every file under `dir` (relative paths) with its bytes, runs.jsonl and stderr.txt apart. */
function files(dir: string, at = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(path.join(dir, at), { withFileTypes: true })) {
    const rel = at ? `${at}/${name.name}` : name.name;
    if (name.isDirectory()) Object.assign(out, files(dir, rel));
    // stderr.txt holds the target's process id (its sanitizer report): compared through the signature.
    else if (rel !== 'runs.jsonl' && name.name !== 'stderr.txt')
      out[rel] = readFileSync(path.join(dir, rel)).toString('base64');
  }
  return out;
}

describe('fracture run: the native and the npm CLI agree', () => {
  let work: string;
  let target: string;

  const run = (tool: Tool, args: string[]) => {
    const r = spawnSync(tool.cmd, [...tool.args, ...args], { cwd: work, encoding: 'utf8' });
    return { code: r.status, err: r.stderr };
  };

  /** `fracture run OPTIONS --out OUT one.bin -- TARGET {}`. */
  const campaign = (out: string, options: string[]) => ['run', ...options, '--out', out, 'one.bin', '--', target, '{}'];
  /** Seed 40, `count` runs, a 1 s timeout, and `extra`. */
  const seed40 = (count: number, extra: string[] = []) => [
    '--seed',
    '40',
    '--count',
    String(count),
    '--timeout',
    '1',
    ...extra,
  ];

  beforeAll(() => {
    work = mkdtempSync(path.join(tmpdir(), 'fracture-campaign-cross-'));
    target = path.join(work, 'target');
    const cc = spawnSync('cc', ['-O1', '-o', target, path.join(ROOT, 'tests/campaign/target.c')], { encoding: 'utf8' });
    expect(cc.status, cc.stderr).toBe(0);
    const body = Array.from({ length: 251 }, (_, i) => (i * 7 + 3) % 256);
    writeFileSync(path.join(work, 'one.bin'), Uint8Array.from([...Buffer.from('FRACa'), ...body]));
    writeFileSync(path.join(work, 'two words.dat'), Uint8Array.from([...Buffer.from('FRACa'), ...body.reverse()]));
  });

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  const CASES: { name: string; args: (out: string) => string[] }[] = [
    {
      name: 'two files, {} in ARGS, minimised',
      args: (out) => [
        'run',
        '--intensity',
        '30',
        '--seed',
        '900',
        '--count',
        '12',
        '--timeout',
        '1',
        '--jobs',
        '3',
        '--out',
        out,
        'one.bin',
        'two words.dat',
        '--',
        target,
        '--input={}',
      ],
    },
    {
      name: 'standard input, ranges, --crash-exit and --crash-pattern, not minimised',
      args: (out) => [
        'run',
        '--mode',
        'bit_rot',
        '--intensity',
        '60',
        '--only',
        '0:16',
        '--protect=-4:',
        '--seed',
        '77',
        '--count',
        '16',
        '--timeout',
        '1.5',
        '--crash-exit',
        '9,3',
        '--crash-pattern',
        'FRAC',
        '--no-minimize',
        '--out',
        out,
        'one.bin',
        '--',
        target,
      ],
    },
  ];

  for (const c of CASES) {
    it(c.name, () => {
      const native = run(NATIVE, c.args(`native-${c.name.length}`));
      const npm = run(NPM, c.args(`npm-${c.name.length}`));
      expect(native.code, native.err).not.toBe(2);
      expect(npm.code).toBe(native.code);
      const a = path.join(work, `native-${c.name.length}`);
      const b = path.join(work, `npm-${c.name.length}`);
      expect(runs(b)).toEqual(runs(a));
      expect(runs(a).length).toBeGreaterThan(0);
      expect(files(b)).toEqual(files(a));
    });
  }

  for (const [first, second] of [
    [NATIVE, NPM],
    [NPM, NATIVE],
  ]) {
    it(`a campaign the ${first.label} CLI stopped on Ctrl-C, the ${second.label} CLI resumes`, async () => {
      const args = (out: string, more: string[] = []) =>
        campaign(out, [
          '--intensity',
          '30',
          '--count',
          '16',
          '--timeout',
          '1',
          '--jobs',
          '1',
          '--no-minimize',
          ...more,
        ]);
      const out = `resumed-${first.label}`;
      const child = spawn(first.cmd, [...first.args, ...args(out, ['--seed', '61'])], { cwd: work, stdio: 'ignore' });
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      const file = path.join(work, out, 'runs.jsonl');
      const lines = () => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 1 : 0);
      const end = Date.now() + 60_000;
      while (lines() < 4 && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
      child.kill('SIGINT');
      expect(await exited).toBe(130);
      expect(runs(path.join(work, out)).length).toBeLessThan(16);
      // The seed comes from campaign.json.
      expect(run(second, args(out, ['--resume'])).code).not.toBe(2);
      expect(run(first, args(`whole-${first.label}`, ['--seed', '61'])).code).not.toBe(2);
      expect(runs(path.join(work, out))).toEqual(runs(path.join(work, `whole-${first.label}`)));
      expect(files(path.join(work, out))).toEqual(files(path.join(work, `whole-${first.label}`)));
    }, 120_000);
  }

  // docs/campaigns.md, section 2 "Baseline" and section 9: the original runs first; a failure it
  // shows too is pre-existing (counted apart, not minimised, no exit 1), a new one is minimised to a
  // 1-minimal file. The program aborts on a file that starts with BAD (as the original does) unless
  // bytes 10 and 20 are both odd, when it segfaults.
  it('runs the original first: pre-existing failures apart, new ones 1-minimal, in both CLIs', () => {
    const prog = path.join(work, 'bad-header.sh');
    writeFileSync(
      prog,
      [
        '#!/bin/sh',
        'b=$(od -An -tu1 -j10 -N1 "$1"); c=$(od -An -tu1 -j20 -N1 "$1")',
        'if [ $((b % 2)) = 1 ] && [ $((c % 2)) = 1 ]; then kill -SEGV $$; fi',
        'if [ "$(head -c3 "$1")" = BAD ]; then echo "bad header" >&2; kill -ABRT $$; fi',
        'exit 0',
        '',
      ].join('\n'),
      { mode: 0o755 },
    );
    writeFileSync(path.join(work, 'bad.bin'), Buffer.from(`BAD${'@'.repeat(61)}`));
    const args = (out: string, more: string[] = []) =>
      [
        'run',
        '--intensity',
        '80',
        '--only',
        '8:24',
        '--seed',
        '3',
        '--count',
        '24',
        '--timeout',
        '2',
        '--jobs',
        '2',
      ].concat(more, ['--out', out, 'bad.bin', '--', prog, '{}']);
    const native = run(NATIVE, args('base-native'));
    const npm = run(NPM, args('base-npm'));
    for (const r of [native, npm]) {
      expect(r.err.split('\n')[0]).toBe(
        'fracture: run: bad.bin already fails unmodified (crashed, signal SIGABRT): failures with that signature are marked pre-existing and not minimised',
      );
    }
    expect(files(path.join(work, 'base-npm'))).toEqual(files(path.join(work, 'base-native')));
    const c = JSON.parse(readFileSync(path.join(work, 'base-native', 'campaign.json'), 'utf8'));
    expect(c.inputs[0].baseline).toEqual({ outcome: 'crashed', signature: 'crashed\nsignal SIGABRT' });
    const pre = c.crashes.filter((e: { pre_existing: boolean }) => e.pre_existing);
    const fresh = c.crashes.filter((e: { pre_existing: boolean }) => !e.pre_existing);
    expect(pre.map((e: { signature: string }) => e.signature)).toEqual(['crashed\nsignal SIGABRT']);
    expect(pre[0].minimized).toBeNull();
    expect(c.counts.pre_existing).toBe(pre[0].seeds.length);
    expect(fresh.map((e: { signature: string }) => e.signature)).toEqual(['crashed\nsignal SIGSEGV']);
    expect(native.code).toBe(1);
    // 1-minimal against the original: restoring any one changed byte changes the outcome.
    const original = readFileSync(path.join(work, 'bad.bin'));
    const minimized = readFileSync(path.join(work, 'base-native', fresh[0].minimized));
    const changed = [...minimized.keys()].filter((i) => minimized[i] !== original[i]);
    expect(changed).toEqual([10, 20]);
    for (const i of changed) {
      const restored = Buffer.from(minimized);
      restored[i] = original[i];
      writeFileSync(path.join(work, 'restored.bin'), restored);
      expect(spawnSync(prog, [path.join(work, 'restored.bin')]).signal).not.toBe('SIGSEGV');
    }
    // Only pre-existing failures: exit 0. --no-baseline: nothing is pre-existing.
    writeFileSync(
      path.join(work, 'abort-bad.sh'),
      '#!/bin/sh\nif [ "$(head -c3 "$1")" = BAD ]; then kill -ABRT $$; fi\nexit 0\n',
      { mode: 0o755 },
    );
    const calm = run(NATIVE, [
      'run',
      '--intensity',
      '20',
      '--protect',
      '0:3',
      '--seed',
      '3',
      '--count',
      '2',
      '--timeout',
      '2',
      '--out',
      'calm',
      'bad.bin',
      '--',
      path.join(work, 'abort-bad.sh'),
      '{}',
    ]);
    expect(calm.code, calm.err).toBe(0);
    const off = run(NPM, args('base-off', ['--no-baseline', '--no-minimize']));
    expect(off.err).not.toContain('already fails');
    const o = JSON.parse(readFileSync(path.join(work, 'base-off', 'campaign.json'), 'utf8'));
    expect(o.inputs[0].baseline).toBeNull();
    expect(o.crashes.some((e: { pre_existing: boolean }) => e.pre_existing)).toBe(false);
    expect(o.command).toContain('--no-baseline');
  }, 120_000);

  it('shards run by one CLI merge in the other into the single campaign', () => {
    const args = (out: string, shard?: string) =>
      campaign(out, seed40(9, ['--intensity', '30', '--no-minimize', ...(shard ? ['--shard', shard] : [])]));
    run(NATIVE, args('whole'));
    run(NATIVE, args('s1', '1/2'));
    run(NPM, args('s2', '2/2'));
    expect(run(NPM, ['merge', 's1', 's2', '--out', 'merged-npm']).code).not.toBe(2);
    expect(run(NATIVE, ['merge', 's2', 's1', '--out', 'merged-native']).code).not.toBe(2);
    for (const merged of ['merged-npm', 'merged-native']) {
      expect(runs(path.join(work, merged))).toEqual(runs(path.join(work, 'whole')));
      expect(files(path.join(work, merged))).toEqual(files(path.join(work, 'whole')));
    }
  });

  it('merge stops on a runs.jsonl it cannot read, in the same words in both', () => {
    // Until 1 December the native merge read it as empty (its records lost) and the npm one threw.
    run(NATIVE, campaign('u', seed40(3)));
    rmSync(path.join(work, 'u', 'runs.jsonl'));
    mkdirSync(path.join(work, 'u', 'runs.jsonl'));
    const said = [NATIVE, NPM].map((tool) => run(tool, ['merge', 'u', '--out', `u-${tool.label}`]));
    for (const r of said) {
      expect(r.code).toBe(1);
      expect(r.err).toBe('fracture: merge: cannot read u/runs.jsonl: is a directory\n');
    }
    expect(existsSync(path.join(work, 'u-native'))).toBe(false);
  });

  it('--resume refuses a DIR whose runs.jsonl is a directory, in the same words in both', () => {
    // One plan for both (fracture_host::campaign::plan): DIR's files are claimed before they are read.
    const args = campaign('r', seed40(3));
    run(NATIVE, args);
    rmSync(path.join(work, 'r', 'runs.jsonl'));
    mkdirSync(path.join(work, 'r', 'runs.jsonl'));
    for (const tool of [NATIVE, NPM]) {
      const r = run(tool, ['run', '--resume', ...args.slice(1)]);
      expect(r.code, tool.label).toBe(2);
      expect(r.err).toBe('fracture: output r/runs.jsonl is a directory (see fracture run --help)\n');
    }
  });

  it('a crash id that is a path is no record: merge writes nothing outside OUT', () => {
    // A shard's runs.jsonl is input like any other file: its crash ids name directories under
    // crashes/, so `../../escaped` would copy DIR/crashes/../../escaped (work/escaped) to
    // OUT/crashes/../../escaped (work/out/escaped, OUT being work/out/TOOL).
    run(NATIVE, campaign('h', seed40(9, ['--no-minimize'])));
    const lines = readFileSync(path.join(work, 'h', 'runs.jsonl'), 'utf8')
      .split('\n')
      .filter((l) => l !== '');
    const crashed = lines.map((l) => JSON.parse(l)).filter((r) => r.crash_id !== null);
    expect(crashed.length).toBeGreaterThan(0);
    const id = crashed[0].crash_id as string;
    const evil = '../../escaped';
    writeFileSync(
      path.join(work, 'h', 'runs.jsonl'),
      `${lines.map((l) => l.replace(`"${id}"`, `"${evil}"`)).join('\n')}\n`,
    );
    mkdirSync(path.join(work, 'escaped'));
    for (const name of readdirSync(path.join(work, 'h', 'crashes', id)))
      writeFileSync(path.join(work, 'escaped', name), 'x');
    for (const [tool, out] of [
      [NATIVE, 'out/native'],
      [NPM, 'out/npm'],
    ] as const) {
      expect(run(tool, ['merge', 'h', '--out', out]).code).not.toBe(2);
      expect(existsSync(path.join(work, 'out', 'escaped'))).toBe(false);
      expect(readFileSync(path.join(work, out, 'runs.jsonl'), 'utf8')).not.toContain(evil);
      expect(readFileSync(path.join(work, out, 'runs.jsonl'), 'utf8')).not.toContain(id);
    }
  });
});

// PROGRAM runs in a process group of its own, so no signal sent to the CLI reaches it; a CLI killed
// outright (SIGKILL: a CI job's time limit, the OOM killer) runs no handler. Each CLI starts a process
// that outlives it and kills what is left: the npm CLI's spawner (cli/run/spawner.ts), the native
// CLI's reaper (engine-rs/cli/src/campaign/exec.rs).
describe('fracture run killed by SIGKILL leaves no PROGRAM running', () => {
  /** Whether `pid` still runs: a zombie (killed, its parent gone and not yet reaped by init) does not. */
  const running = (pid: number) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
    } catch {
      return false;
    }
  };
  const pause = () => new Promise((r) => setTimeout(r, 20));

  for (const tool of [NATIVE, NPM]) {
    it(`the ${tool.label} CLI`, async () => {
      const work = mkdtempSync(path.join(tmpdir(), 'fracture-campaign-kill-'));
      try {
        writeFileSync(path.join(work, 'input.bin'), Buffer.alloc(256, 7));
        const pids = path.join(work, 'pids');
        const args = ['run', '--count', '5', '--jobs', '2', '--timeout', '60', '--out', 'out', 'input.bin'];
        const child = spawn(
          tool.cmd,
          [...tool.args, ...args, '--', '/bin/sh', '-c', `echo $$ >> '${pids}'; exec sleep 60`],
          { cwd: work, stdio: 'ignore' },
        );
        const started = () =>
          existsSync(pids) ? readFileSync(pids, 'utf8').split('\n').filter(Boolean).map(Number) : [];
        const end = Date.now() + 60_000;
        // The baseline run (the input unmodified) is the first PROGRAM.
        while (started().filter(running).length < 1 && Date.now() < end) await pause();
        const programs = started().filter(running);
        expect(programs.length).toBeGreaterThanOrEqual(1);
        const exited = new Promise((resolve) => child.on('exit', (_, signal) => resolve(signal)));
        child.kill('SIGKILL');
        expect(await exited).toBe('SIGKILL');
        const gone = Date.now() + 10_000;
        while (programs.some(running) && Date.now() < gone) await pause();
        expect(programs.filter(running)).toEqual([]);
      } finally {
        rmSync(work, { recursive: true, force: true });
      }
    }, 90_000);
  }
});
