// Both command lines, run as subprocesses, print the same help for every command and refuse the same
// bad arguments with the same one line and exit 2: the texts come from engine-data/cli.toml, the
// order of the checks from each CLI's parser, and this test holds both to one another.
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');

let dir: string;

beforeAll(() => {
  for (const p of [NATIVE, path.join(ROOT, 'dist/cli/main.js')]) {
    if (!existsSync(p)) throw new Error(`${p} is missing: run \`make build\` first`);
  }
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-usage-'));
  writeFileSync(path.join(dir, 'input.bin'), 'some bytes\n'.repeat(20));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function both(args: string[]) {
  return [
    spawnSync(NATIVE, args, { cwd: dir, encoding: 'utf8' }),
    spawnSync(process.execPath, [NPM, ...args], { cwd: dir, encoding: 'utf8' }),
  ].map((r) => ({ code: r.status, out: r.stdout, err: r.stderr }));
}

/** The npm CLI's help without what only it has: bench's --engine and --ts-max-mib, the agree command. */
const withoutNpmOnly = (help: string) =>
  help.replace(/^ {6}--(engine|ts-max-mib) <[A-Z]>.*\n( {10,}.*\n)*/gm, '').replace(/^ {2}agree {5}.*\n/m, '');

describe('both CLIs: help and usage errors', () => {
  it('print the same help for every command (the npm CLI adds its own options), and the same version', () => {
    for (const command of [[], ['minimize'], ['bench'], ['run'], ['merge'], ['diagnose']]) {
      const [native, npm] = both([...command, '--help']);
      expect([native.code, native.err, npm.code, npm.err]).toEqual([0, '', 0, '']);
      expect(native.out).toMatch(new RegExp(`^Usage: fracture ${command.join('')}`, 'm'));
      expect(withoutNpmOnly(npm.out), command.join(' ')).toBe(native.out);
      // -h is --help; the help wins over a mistake after it, as clap has it.
      expect(both([...command, '-h', '--no-such-option']).map((r) => r.out)).toEqual([native.out, npm.out]);
    }
    const [native, npm] = both(['--version']);
    expect(npm).toEqual(native);
    expect(native.out).toMatch(/^fracture \d+\.\d+\.\d+ \(fracture-engine\/\d+\)\n$/);
    // -hV is the help and -Vh the version: the first of them counts, whatever follows.
    const about = both(['--help'])[0].out.split('\n')[0];
    expect(both(['-hV', '--no-such-option']).map((r) => r.out.split('\n')[0])).toEqual([about, about]);
    expect(both(['-Vh'])).toEqual([native, native]);
    // 24 processes of each CLI: more than the default 5 s on a loaded machine.
  }, 60_000);

  const cases: [string[], string][] = [
    // The parser's own mistakes, in every command.
    [['--frobnicate', 'input.bin'], 'unknown option --frobnicate (see fracture --help)'],
    [['bench', '--frobnicate'], 'unknown option --frobnicate (see fracture bench --help)'],
    [['run', '--zip', 'x.zip', 'input.bin', '--', 'true'], 'unknown option --zip (see fracture run --help)'],
    [['merge', '-q', 'a'], 'unknown option -q (see fracture merge --help)'],
    [['minimize', '--count', '2'], 'unknown option --count (see fracture minimize --help)'],
    [['bench', '--sizes'], 'option --sizes needs a value (see fracture bench --help)'],
    [['merge', 'a', '--out'], 'option --out needs a value (see fracture merge --help)'],
    [['run', '--json=1', 'input.bin', '--', 'true'], 'unknown option --json (see fracture run --help)'],
    [['run', '--resume=yes', 'input.bin', '--', 'true'], 'option --resume takes no value (see fracture run --help)'],
    [['bench', '--json=yes'], 'option --json takes no value (see fracture bench --help)'],
    [['bench', 'extra'], 'unexpected argument extra (see fracture bench --help)'],
    [['minimize', '--test', 'true', 'a', 'b', 'c'], 'unexpected argument c (see fracture minimize --help)'],
    // Values.
    [
      ['bench', '--sizes', '0'],
      'Sizes must be MiB from 1 to 2048 (or KiB as 64K), comma-separated, got 0 (see fracture bench --help)',
    ],
    [['bench', '--modes', 'melt'], 'Unsupported corruption mode: melt (see fracture bench --help)'],
    // The conversion modes' and misdirected_write's options (checks 8c to 8f), in their order.
    [
      ['--mode', 'bit_rot', '--direction', 'lf_to_crlf', 'input.bin'],
      'A direction works with text_transfer and charset_roundtrip, not bit_rot (see fracture --help)',
    ],
    [
      ['--mode', 'text_transfer', '--direction', 'to_utf8', 'input.bin'],
      'Direction must be lf_to_crlf or crlf_to_lf for text_transfer, got to_utf8 (see fracture --help)',
    ],
    [
      ['--mode', 'charset_roundtrip', '--charset', 'utf16', '--bom', 'x', 'input.bin'],
      'Charset must be cp1252 or latin1, got utf16 (see fracture --help)',
    ],
    [
      ['--mode', 'seven_bit', '--bom', 'add', 'input.bin'],
      'A BOM variant works with charset_roundtrip, not seven_bit (see fracture --help)',
    ],
    [
      ['--mode', 'misdirected_write', '--block-size', '0512', 'input.bin'],
      'Block size must be 512 or 4096, got 0512 (see fracture --help)',
    ],
    [
      ['--mode', 'shuffle_blocks', '--block-size', '512', '--only', '1:2', 'input.bin'],
      'Byte ranges work with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not shuffle_blocks (see fracture --help)',
    ],
    [['bench', '--inputs', 'jpeg'], 'Unknown input: jpeg (random or png) (see fracture bench --help)'],
    [
      ['bench', '--intensity', '101'],
      'Intensity must be an integer from 0 to 100, got 101 (see fracture bench --help)',
    ],
    [
      ['bench', '--seed', '-1'],
      'Seed must be an integer from 0 to 9007199254740991, got -1 (see fracture bench --help)',
    ],
    [['bench', '--runs', '0'], 'Runs must be an integer from 1 to 100, got 0 (see fracture bench --help)'],
    [
      ['bench', '--max-slowdown', '0.9'],
      'Max slowdown must be a number of at least 1, got 0.9 (see fracture bench --help)',
    ],
    [
      ['run', '--mode', 'melt', 'input.bin', '--', 'true'],
      'Unsupported corruption mode: melt (see fracture run --help)',
    ],
    [
      ['run', '--count', '0', 'input.bin', '--', 'true'],
      'Count must be an integer from 1 to 1000000, got 0 (see fracture run --help)',
    ],
    [
      ['run', '--jobs', '0', 'input.bin', '--', 'true'],
      'Jobs must be an integer from 1 to 1024, got 0 (see fracture run --help)',
    ],
    [
      ['run', '--timeout', '1.2345', 'input.bin', '--', 'true'],
      'Timeout must be a number of seconds above 0 and at most 86400, with up to 3 decimals, got 1.2345 (see fracture run --help)',
    ],
    // The last run's seed past the limit (fracture_host's Campaign::described, for both).
    [
      ['run', '--seed', '9007199254740990', '--count', '3', 'input.bin', '--', 'true'],
      'Seed must be an integer from 0 to 9007199254740991, got 9007199254740992 (see fracture run --help)',
    ],
    [
      ['run', '--shard', '4/3', 'input.bin', '--', 'true'],
      'Shard must be K/M with 1 <= K <= M <= 1000000, got 4/3 (see fracture run --help)',
    ],
    [
      ['run', '--crash-exit', '0', 'input.bin', '--', 'true'],
      '--crash-exit must be exit codes from 1 to 255 and ranges A-B, comma-separated, got 0 (see fracture run --help)',
    ],
    [
      ['run', '--mode', 'cut_replace', '--only', '0:10', 'input.bin', '--', 'true'],
      'Byte ranges work with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not truncate_insert (see fracture run --help)',
    ],
    [
      ['minimize', '--jobs', '0', '--test', 'true', 'a', 'b'],
      'Jobs must be an integer from 1 to 1024, got 0 (see fracture minimize --help)',
    ],
    [
      ['--name', 'a/b', '-'],
      '--name must be a file name, not a path or a name with control characters: a/b (see fracture --help)',
    ],
    [
      ['--member', '', 'input.bin'],
      "--member needs a glob, such as word/document.xml or '**/*.xml' (see fracture --help)",
    ],
    // What is missing.
    [['run', 'input.bin'], 'run needs -- PROGRAM [ARGS...] after the FILEs (see fracture run --help)'],
    [['run', '--', 'true'], 'no input files (see fracture run --help)'],
    [['run', '-', '--', 'true'], '- (standard input) cannot be a campaign input (see fracture run --help)'],
    [['merge'], 'merge needs at least one DIR (see fracture merge --help)'],
    [['diagnose'], 'diagnose needs one FILE (see fracture diagnose --help)'],
    [['diagnose', 'a', 'b'], 'unexpected argument b (see fracture diagnose --help)'],
    [['diagnose', '--count', '2', 'a'], 'unknown option --count (see fracture diagnose --help)'],
    [['merge', 'a'], 'merge needs --out DIR (see fracture merge --help)'],
    [['minimize', 'a', 'b'], 'minimize needs --test CMD (see fracture minimize --help)'],
    [
      ['run', '--out', 'input.bin', 'input.bin', '--', 'true'],
      '--out input.bin is not a directory (see fracture run --help)',
    ],
    [['minimize', '--test', 'true', 'a'], 'minimize needs ORIGINAL and CORRUPTED (see fracture minimize --help)'],
    // Two mistakes: both CLIs name the same one first.
    [
      ['--seed', '-1', '--only', '10', 'input.bin'],
      'Invalid byte range "10": expected A:B (byte offsets, B exclusive; decimal or 0x hex; negative counts from the end) (see fracture --help)',
    ],
    [
      ['--count', '0', '--intensity', '200', 'input.bin'],
      'Intensity must be an integer from 0 to 100, got 200 (see fracture --help)',
    ],
    [['--name', 'a/b', 'input.bin'], '--name names standard input: it needs - among the FILEs (see fracture --help)'],
    [
      ['run', '--timeout', '0', '--jobs', '0', '--', 'true'],
      'Jobs must be an integer from 1 to 1024, got 0 (see fracture run --help)',
    ],
    [['merge', '--out', 'x'], 'merge needs at least one DIR (see fracture merge --help)'],
    [
      ['minimize', '--jobs', '0', '--timeout', '0'],
      'Timeout must be an integer from 1 to 86400000 (milliseconds), got 0 (see fracture minimize --help)',
    ],
  ];
  for (const [args, line] of cases) {
    it(`exit 2 and the same line for: ${args.join(' ')}`, () => {
      const [native, npm] = both(args);
      expect(native).toEqual({ code: 2, out: '', err: `fracture: ${line}\n` });
      expect(npm).toEqual(native);
    });
  }

  it("the npm CLI refuses the native CLI's own commands and options with one line (FUSE needs the native one)", () => {
    for (const [args, what, help] of [
      [['mount', 'src', 'mnt'], 'mount is a command', 'fracture'],
      [['umount', 'mnt'], 'umount is a command', 'fracture'],
      [['ctl', 'mnt', 'log'], 'ctl is a command', 'fracture'],
      [['run', '--mount', 'src', '--', 'true'], '--mount is an option', 'fracture run'],
      [['run', '--fault', 'read:*:nth=1:EIO', 'input.bin', '--', 'true'], '--fault is an option', 'fracture run'],
    ] as const) {
      const r = spawnSync(process.execPath, [NPM, ...args], { cwd: dir, encoding: 'utf8' });
      expect([r.status, r.stdout], args.join(' ')).toEqual([2, '']);
      expect(r.stderr).toBe(
        `fracture: ${what} of the native CLI (fracture, built from engine-rs with cargo build --release): it mounts a FUSE file system, which this one cannot (see ${help} --help)\n`,
      );
    }
    // The native CLI takes --fault only with --mount.
    const [native] = both(['run', '--fault', 'read:*:nth=1:EIO', 'input.bin', '--', 'true']);
    expect(native).toEqual({ code: 2, out: '', err: 'fracture: --fault needs --mount (see fracture run --help)\n' });
  });

  it('a run its selectors refuse leaves no output directory behind, in both', () => {
    const [native, npm] = both(['--seed', '1', '--only', 'png:IDAT', '--out', 'never', 'input.bin']);
    expect(native.code).toBe(1);
    expect(native.err).toContain('fracture: input.bin: Selector "png:IDAT" is for png files');
    expect(npm).toEqual(native);
    expect(existsSync(path.join(dir, 'never'))).toBe(false);
  });

  it('a directory on standard input fails as a file that cannot be read, in both', () => {
    const aDir = mkdtempSync(path.join(tmpdir(), 'fracture-stdin-dir-'));
    const [native, npm] = [[NATIVE], [process.execPath, NPM]].map(([cmd, ...pre]) => {
      const stdin = openSync(aDir, 'r');
      try {
        const r = spawnSync(cmd, [...pre, '--seed', '1', '-'], {
          cwd: dir,
          encoding: 'utf8',
          stdio: [stdin, 'pipe', 'pipe'],
        });
        return { code: r.status, out: r.stdout, err: r.stderr };
      } finally {
        closeSync(stdin);
      }
    });
    expect(native).toEqual({
      code: 1,
      out: '',
      err: 'fracture: seed 1 (file i uses seed + i)\nfracture: -: is a directory\n',
    });
    expect(npm).toEqual(native);
    rmSync(aDir, { recursive: true });
  });

  it("the system's reasons in the same words from both (messages.toml's io_*, by errno)", () => {
    const cases: [string[], string][] = [
      [
        ['--seed', '1', '--out', 'input.bin', 'input.bin'],
        'cannot create output directory input.bin: a file of that name exists',
      ],
      [['--seed', '1', 'input.bin/x'], 'input.bin/x: a part of the path is not a directory'],
      [['run', 'input.bin/x', '--', 'true'], 'input.bin/x: a part of the path is not a directory'],
    ];
    for (const [args, said] of cases) {
      const [native, npm] = both(args);
      expect(native.err, args.join(' ')).toContain(`fracture: ${said}`);
      expect(npm, args.join(' ')).toEqual(native);
    }
  });

  it('no temporary directory (TMPDIR missing): the same line from both, before anything runs', () => {
    writeFileSync(path.join(dir, 'other.bin'), `some bytez\n${'some bytes\n'.repeat(19)}`);
    const env = { ...process.env, TMPDIR: path.join(dir, 'no-such-dir') };
    const cases: [string[], string][] = [
      [
        ['minimize', 'input.bin', 'other.bin', '--test', 'true', '--out', 'min.bin'],
        'fracture: minimize: cannot create a temporary directory: no such file\n',
      ],
      [
        ['run', 'input.bin', '--count', '1', '--out', 'no-temp', '--quiet', '--', 'true'],
        'fracture: run: cannot create a temporary directory: no such file\n',
      ],
    ];
    for (const [args, said] of cases) {
      // The campaign's DIR is written before its job slots are made, and left for --resume.
      const [native, npm] = [[NATIVE], [process.execPath, NPM]].map(([cmd, ...pre]) => {
        rmSync(path.join(dir, 'no-temp'), { recursive: true, force: true });
        const r = spawnSync(cmd, [...pre, ...args], { cwd: dir, encoding: 'utf8', env });
        return { code: r.status, out: r.stdout, err: r.stderr };
      });
      expect(native.code, args.join(' ')).toBe(1);
      expect(native.err.endsWith(said), `${args.join(' ')}: ${native.err}`).toBe(true);
      expect(npm, args.join(' ')).toEqual(native);
      rmSync(path.join(dir, 'no-temp'), { recursive: true, force: true });
    }
    expect(existsSync(path.join(dir, 'min.bin'))).toBe(false);
    rmSync(path.join(dir, 'other.bin'));
  });

  it('a --crash-pattern the matcher cannot take: the same line from both, the regex crate judging', () => {
    // Look-around is JavaScript's but not the regex crate's, which matches the pattern in both CLIs:
    // the npm CLI once took it and then matched nothing with it.
    for (const pattern of ['(', '(?=x)', '\\p{Greek}+[']) {
      const [native, npm] = both(['run', '--crash-pattern', pattern, 'input.bin', '--', 'true']);
      expect([native.code, native.out]).toEqual([2, '']);
      expect(native.err).toMatch(
        /^fracture: --crash-pattern is not a valid regular expression: .+ \(see fracture run --help\)\n$/,
      );
      expect(npm).toEqual(native);
    }
  });

  it('a campaign directory that cannot be resumed, continued or merged: the same line from both', () => {
    const at = mkdtempSync(path.join(tmpdir(), 'fracture-campaigns-'));
    try {
      writeFileSync(path.join(at, 'input.bin'), 'some bytes\n');
      for (const d of ['empty', 'bad', 'held']) mkdirSync(path.join(at, d));
      writeFileSync(path.join(at, 'bad', 'campaign.json'), '{"version": 2}');
      writeFileSync(path.join(at, 'held', 'runs.jsonl'), '');
      const inAt = (args: string[]) =>
        [NATIVE, NPM].map((cli) => {
          const r = spawnSync(cli === NPM ? process.execPath : NATIVE, cli === NPM ? [NPM, ...args] : args, {
            cwd: at,
            encoding: 'utf8',
          });
          return { code: r.status, out: r.stdout, err: r.stderr };
        });
      const cases: [string[], RegExp][] = [
        [
          ['run', 'input.bin', '--out', 'empty', '--resume', '--', 'true'],
          /^fracture: --resume: cannot read empty\/campaign\.json: no such file/,
        ],
        [
          ['run', 'input.bin', '--out', 'bad', '--resume', '--', 'true'],
          /^fracture: bad\/campaign\.json is not a campaign \(campaign\.json, version 1\)/,
        ],
        [
          ['run', 'input.bin', '--out', 'held', '--', 'true'],
          /^fracture: held already holds a campaign: continue it with --resume, or choose another --out/,
        ],
        [['merge', 'empty', '--out', 'merged'], /^fracture: cannot read empty\/campaign\.json: no such file/],
        [['merge', 'bad', '--out', 'merged'], /^fracture: bad\/campaign\.json is not a campaign/],
        [['merge', 'bad/', '--out', 'merged'], /^fracture: bad\/campaign\.json is not a campaign/],
        // --out is checked before the shards are read, in both.
        [['merge', 'bad', '--out', 'held'], /^fracture: --out held must be absent or an empty directory/],
      ];
      for (const [args, line] of cases) {
        const [native, npm] = inAt(args);
        expect(native.code, args.join(' ')).toBe(2);
        expect(native.err, args.join(' ')).toMatch(line);
        expect(npm, args.join(' ')).toEqual(native);
      }
      expect(readdirSync(at).sort()).toEqual(['bad', 'empty', 'held', 'input.bin']);
    } finally {
      rmSync(at, { recursive: true, force: true });
    }
  });

  it('an option of the npm CLI alone: the native CLI says so, the npm CLI takes it', () => {
    const [native] = both(['bench', '--engine', 'ts', '--sizes', '0']);
    expect(native).toEqual({
      code: 2,
      out: '',
      err: 'fracture: --engine is an option of the npm CLI (npx fracture); this is the native engine (see fracture bench --help)\n',
    });
    expect(both(['bench', '--engine', 'ts', '--sizes', '0'])[1].err).toMatch(/^fracture: Sizes must be/);
    // Refused where it stands, before a mistake later on the line (the value it lacks).
    expect(both(['input.bin', '--engine'])[0].err).toBe(
      'fracture: --engine is an option of the npm CLI (npx fracture); this is the native engine (see fracture --help)\n',
    );
    // Nothing was written by any refusal.
    expect(readdirSync(dir)).toEqual(['input.bin']);
  });
});
