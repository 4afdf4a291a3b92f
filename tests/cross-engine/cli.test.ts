// The three command line tools (native, npm with --engine wasm, npm with --engine ts) write identical
// files for the same arguments, and share exit codes and one-line errors.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xorshiftBytes } from './generators.ts';
import { untimed } from './untimed.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');

type Tool = { label: string; cmd: string; args: string[]; env?: Record<string, string> };
const TOOLS: Tool[] = [
  { label: 'native', cmd: NATIVE, args: [] },
  { label: 'npm wasm', cmd: process.execPath, args: [NPM, '--engine', 'wasm'] },
  { label: 'npm ts', cmd: process.execPath, args: [NPM, '--engine', 'ts'] },
];
/**
 * The npm CLI's streamed runs of 24 MiB and more, edited and hashed by the native addon (`on`: required)
 * and by helper threads running the module (`off`): docs/architecture.md, "The native addon".
 */
const NPM_ADDON: Tool[] = (['on', 'off'] as const).map((addon) => ({
  label: `npm wasm, addon ${addon}`,
  cmd: process.execPath,
  args: [NPM, '--engine', 'wasm'],
  env: { FRACTURE_ADDON: addon },
}));

/** Every option of the corrupting command, in --help's order. */
const HELP_OPTIONS = [
  '--mode',
  '--intensity',
  '--seed',
  '--count',
  '--only',
  '--protect',
  '--fix-checksums',
  '--member',
  '--direction',
  '--charset',
  '--bom',
  '--block-size',
  '--out',
  '--name',
  '--report',
  '--pdf',
  '--json',
  '--zip',
  '--quiet',
  '--dry-run',
  '--help',
  '--version',
];

function run(tool: Tool, args: string[], cwd: string, input?: Uint8Array) {
  const env = tool.env && { ...process.env, ...tool.env };
  const r = spawnSync(tool.cmd, [...tool.args, ...args], { cwd, encoding: 'utf8', input, env });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The same, standard output kept as bytes. */
function runBytes(tool: Tool, args: string[], cwd: string, input?: Uint8Array) {
  const r = spawnSync(tool.cmd, [...tool.args, ...args], { cwd, input });
  return { code: r.status, out: r.stdout, err: r.stderr.toString('utf8') };
}

/**
 * Runs a tool with standard error on a pseudo-terminal (standard output a pipe), as a user at a
 * terminal who redirects the output: returns what the terminal showed.
 */
function runOnTerminal(tool: Tool, args: string[], cwd: string): string {
  const script = `
import os, pty, subprocess, sys
master, slave = pty.openpty()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=slave, stdin=subprocess.DEVNULL)
os.close(slave)
out = b''
while True:
    try:
        data = os.read(master, 65536)
    except OSError:
        break
    if not data:
        break
    out += data
sys.exit(p.wait() or sys.stdout.buffer.write(out) and 0)
`;
  const r = spawnSync('python3', ['-c', script, tool.cmd, ...tool.args, ...args], { cwd, encoding: 'utf8' });
  expect(r.status, `${tool.label}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

/** A JSON report's text, its fields in order without the timings. */
const untimedJson = (json: string) => JSON.stringify(untimed(JSON.parse(json)));

describe('fracture CLI', () => {
  let dir: string;
  const inputs: string[] = [];

  beforeAll(() => {
    for (const p of [NATIVE, NPM, path.join(ROOT, 'dist/cli/main.js')]) {
      if (!existsSync(p)) throw new Error(`${p} is missing: run \`make build\` first`);
    }
    dir = mkdtempSync(path.join(tmpdir(), 'fracture-cli-'));
    mkdirSync(path.join(dir, 'a'));
    mkdirSync(path.join(dir, 'b'));
    const files: [string, Uint8Array][] = [
      [
        'a/report.pdf',
        new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), ...xorshiftBytes(70_000, 3)]),
      ],
      ['b/report.pdf', xorshiftBytes(5000, 4)],
      ['rows.csv', new TextEncoder().encode('id,name\n1,"a"\n2,"b"\n'.repeat(300))],
      ['README', new TextEncoder().encode('no extension here\n'.repeat(50))],
      ['ünï ✓.JSON', new TextEncoder().encode('{"k": [1, 2, 3]}\n'.repeat(40))],
      ['empty.txt', new Uint8Array()],
    ];
    for (const [name, bytes] of files) {
      writeFileSync(path.join(dir, name), bytes);
      inputs.push(name);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const [mode, intensity, seed, ...options] of [
    ['guaranteed_break', '50', '42'],
    ['quick_scramble', '80', '2147483646'],
    ['cut_replace', '1', '0'],
    ['jumble_sections', '100', '9007199254740000'],
    ['header_preserve_flip', '0', '7'],
    ['interrupted_download', '60', '3'],
    ['bad_sectors', '100', '4'],
    ['bit_rot', '90', '5'],
    ['bit_rot', '100', '6', '--only=-0x800:', '--protect', '-16:', '--fix-checksums'],
    ['byte_flip', '40', '7', '--only', '100:0x400', '--only=2000:', '--protect=:120', '--fix-checksums'],
    ['bad_sectors', '50', '8', '--protect', '4096:8192'],
    ['text_transfer', '100', '8', '--direction', 'lf_to_crlf'],
    ['text_transfer', '60', '9'],
    ['seven_bit', '100', '10', '--only', '100:', '--fix-checksums'],
    ['charset_roundtrip', '100', '11', '--direction', 'from_utf8', '--charset', 'latin1', '--bom', 'strip'],
    ['charset_roundtrip', '40', '12', '--bom', 'add'],
    ['misdirected_write', '100', '13', '--block-size', '512'],
  ]) {
    it(`writes identical files for --mode ${mode} --intensity ${intensity} --seed ${seed} ${options.join(' ')}`, () => {
      const outputs = TOOLS.map((tool, t) => {
        const out = `out-${mode}-${options.length}-${t}`;
        const r = run(
          tool,
          [
            '--mode',
            mode,
            '--intensity',
            intensity,
            '--seed',
            seed,
            ...options,
            '--out',
            out,
            '--report',
            '--json',
            ...inputs,
          ],
          dir,
        );
        expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
        expect(r.err.trim()).toBe(`fracture: seed ${seed} (file i uses seed + i)`);
        const names = readdirSync(path.join(dir, out)).sort();
        const files = names.map((n) => {
          const bytes = readFileSync(path.join(dir, out, n));
          return [
            n,
            /_corruption_report( \(\d+\))?\.json$/.test(n)
              ? untimedJson(bytes.toString('utf8'))
              : bytes.toString('base64'),
          ];
        });
        const json = r.out.trim().split('\n').map(untimedJson);
        return { label: tool.label, names, files, json };
      });
      expect(outputs[0].names).toContain('report_corrupted.pdf');
      expect(outputs[0].names).toContain('report_corrupted (2).pdf');
      expect(outputs[0].names).toContain('README_corrupted.bin');
      expect(outputs[0].names).toContain('ünï ✓_corrupted.JSON');
      expect(outputs[0].json).toHaveLength(inputs.length);
      if (options.length > 0) {
        const report = path.join(dir, `out-${mode}-${options.length}-0`, 'rows.csv_corruption_report.json');
        const first = JSON.parse(readFileSync(report, 'utf8'));
        const recorded = first.ranges ?? first.checksums_fixed ?? first.direction ?? first.bom ?? first.block_size;
        expect(recorded, 'the options are in the report').toBeDefined();
      }
      for (const o of outputs.slice(1)) {
        expect(o.files, `${o.label} vs native`).toEqual(outputs[0].files);
        expect(o.json, `${o.label} vs native`).toEqual(outputs[0].json);
      }
    });
  }

  it.each([TOOLS[0], TOOLS[1]])(
    'the $label CLI writes the same bytes without a report (no SHA-256s or byte counts made) as with one',
    (tool) => {
      for (const [mode, intensity, seed, ...options] of [
        ['byte_flip', '0', '3'],
        ['byte_flip', '80', '1'],
        ['guaranteed_break', '50', '42'],
        ['truncate_insert', '30', '2'],
        ['shuffle_blocks', '100', '9'],
        ['interrupted_transfer', '60', '3'],
        ['bad_sectors', '100', '4'],
        ['bit_rot', '90', '5'],
        ['header_preserve_flip', '20', '6'],
        ['byte_flip', '40', '7', '--only', '100:0x400', '--only=2000:', '--protect=:120'],
        ['bit_rot', '100', '6', '--only=-0x800:', '--protect', '-16:', '--fix-checksums'],
        ['text_transfer', '100', '8', '--direction', 'crlf_to_lf'],
        ['charset_roundtrip', '100', '11'],
        ['seven_bit', '50', '10'],
        ['misdirected_write', '30', '13', '--block-size', '512'],
      ]) {
        const what = `${mode} ${intensity} ${seed} ${options.join(' ')}`;
        const args = ['--mode', mode, '--intensity', intensity, '--seed', seed, ...options];
        const plain = `out-plain-${tool.label}-${mode}-${options.length}`;
        const reported = `out-reported-${tool.label}-${mode}-${options.length}`;
        const r = run(tool, [...args, '--out', plain, ...inputs], dir);
        expect(r.code, `${what}: ${r.err}`).toBe(0);
        const j = run(tool, [...args, '--out', reported, '--json', ...inputs], dir);
        expect(j.code, `${what}: ${j.err}`).toBe(0);
        const names = readdirSync(path.join(dir, plain)).sort();
        expect(names, what).toEqual(readdirSync(path.join(dir, reported)).sort());
        for (const n of names) {
          const a = readFileSync(path.join(dir, plain, n));
          expect(a.equals(readFileSync(path.join(dir, reported, n))), `${what}: ${n}`).toBe(true);
        }
        // Each line gives the output's length, as the report's result_size does.
        const sizes = j.out
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l).result_size);
        // (A run that makes a report also prints its hits under each file's line.)
        const lines = r.out
          .trim()
          .split('\n')
          .filter((l) => /\((\d+) bytes, seed/.test(l));
        expect(
          lines.map((l) => Number(/\((\d+) bytes, seed/.exec(l)?.[1])),
          what,
        ).toEqual(sizes);
      }
    },
    // Thirty runs of each CLI (fifteen cases, with and without a report): the npm CLI starts Node each time.
    300_000,
  );

  it('a large file with and without a report: the npm CLI (addon or helper threads) writes the native bytes', () => {
    const big = 'big-random.bin';
    writeFileSync(path.join(dir, big), xorshiftBytes(26 * 1024 * 1024 + 77, 26));
    for (const mode of ['byte_flip', 'bit_rot', 'truncate_insert']) {
      const results = [TOOLS[0], ...NPM_ADDON].flatMap((tool, t) =>
        [[], ['--json']].map((json) => {
          const out = `out-big-random-${mode}-${t}-${json.length}`;
          const r = run(tool, ['--mode', mode, '--intensity', '80', '--seed', '5', '--out', out, ...json, big], dir);
          expect(r.code, `${tool.label} ${mode}: ${r.err}`).toBe(0);
          expect(r.err, tool.label).not.toContain('helper threads did not start');
          const file = readFileSync(path.join(dir, out, 'big-random_corrupted.bin'));
          rmSync(path.join(dir, out), { recursive: true });
          return { label: tool.label, file, json: json.length > 0 ? untimedJson(r.out.trim()) : undefined };
        }),
      );
      for (const r of results.slice(1)) expect(r.file.equals(results[0].file), `${mode}: ${r.label}`).toBe(true);
      // The reports (byte counts, hashes, hits) agree too.
      const reports = results.filter((r) => r.json !== undefined);
      for (const r of reports.slice(1)) expect(r.json, `${mode}: ${r.label}`).toBe(reports[0].json);
    }
  }, 180_000);

  it('a large flip-mode file (the npm CLI with and without its addon, threads natively): same bytes and reports', () => {
    const big = 'big.log';
    // Text whose kept header makes byte_flip escalate at the plan stage; a few MiB over the helpers' threshold.
    const line = new TextEncoder().encode('2026-11-21 12:00:00 INFO a log line of ordinary text\n');
    const bytes = new Uint8Array(17 * 1024 * 1024 + 99);
    for (let at = 0; at < bytes.length; at += line.length) bytes.set(line.subarray(0, bytes.length - at), at);
    writeFileSync(path.join(dir, big), bytes);
    const results = [TOOLS[0], ...NPM_ADDON].map((tool, t) => {
      const out = `out-big-${t}`;
      const r = run(
        tool,
        ['--mode', 'byte_flip', '--intensity', '30', '--seed', '11', '--out', out, '--json', big],
        dir,
      );
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      return { file: readFileSync(path.join(dir, out, 'big_corrupted.log')), json: untimedJson(r.out.trim()) };
    });
    for (const r of results.slice(1)) {
      expect(r.file.equals(results[0].file), 'npm vs native bytes').toBe(true);
      expect(r.json).toBe(results[0].json);
    }
    expect(JSON.parse(results[0].json)).toContainEqual(['escalated', true]);
  });

  it("replaces an earlier output with the new run's bytes, leaving nothing else behind; a symlink is written through", () => {
    // Every engine: streamed (native, npm wasm) and whole-buffer (npm ts) outputs alike; the npm CLI
    // swapping the names through its native addon and, without it, renaming.
    for (const tool of [...TOOLS, ...NPM_ADDON]) {
      const out = `again-${tool.label}`;
      const file = path.join(dir, out, 'rows_corrupted.csv');
      const first = run(tool, ['--seed', '1', '--out', out, 'rows.csv'], dir);
      expect(first.code, first.err).toBe(0);
      const one = readFileSync(file);
      // A reader that still has the earlier output open keeps its bytes: the file is replaced, not
      // truncated and rewritten in place.
      const held = openSync(file, 'r');
      const second = run(tool, ['--seed', '2', '--json', '--out', out, 'rows.csv'], dir);
      expect(second.code, second.err).toBe(0);
      const two = readFileSync(file);
      expect(two.equals(one), tool.label).toBe(false);
      const kept = Buffer.alloc(one.length + 1);
      expect(readSync(held, kept, 0, kept.length, 0), tool.label).toBe(one.length);
      closeSync(held);
      expect(kept.subarray(0, one.length).equals(one), tool.label).toBe(true);
      expect(createHash('sha256').update(two).digest('hex')).toBe(JSON.parse(second.out).sha256_after);
      expect(readdirSync(path.join(dir, out)), tool.label).toEqual(['rows_corrupted.csv']);
      // An output path that is a symlink writes the file it points to, as before.
      const target = path.join(dir, `${out}-target.csv`);
      writeFileSync(target, 'old');
      rmSync(file);
      symlinkSync(target, file);
      const third = run(tool, ['--seed', '2', '--out', out, 'rows.csv'], dir);
      expect(third.code, third.err).toBe(0);
      expect(lstatSync(file).isSymbolicLink(), tool.label).toBe(true);
      expect(readFileSync(target).equals(two), tool.label).toBe(true);
    }
  });

  it('gives file i the seed + i', () => {
    const r = run(TOOLS[0], ['--seed', '100', '--json', '--out', 'seeds', 'rows.csv', 'README'], dir);
    expect(
      r.out
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).seed),
    ).toEqual([100, 101]);
  });

  const usage: [string[], string][] = [
    [[], 'fracture: no input files (see fracture --help)'],
    [
      ['--intensity', '101', 'rows.csv'],
      'fracture: Intensity must be an integer from 0 to 100, got 101 (see fracture --help)',
    ],
    [
      ['--intensity', '5.5', 'rows.csv'],
      'fracture: Intensity must be an integer from 0 to 100, got 5.5 (see fracture --help)',
    ],
    [
      ['--seed', '9007199254740992', 'rows.csv'],
      'fracture: Seed must be an integer from 0 to 9007199254740991, got 9007199254740992 (see fracture --help)',
    ],
    [
      ['--seed', '-1', 'rows.csv'],
      'fracture: Seed must be an integer from 0 to 9007199254740991, got -1 (see fracture --help)',
    ],
    [['--mode', 'melt', 'rows.csv'], 'fracture: Unsupported corruption mode: melt (see fracture --help)'],
    [['--frobnicate', 'rows.csv'], 'fracture: unknown option --frobnicate (see fracture --help)'],
    [['rows.csv', '--out'], 'fracture: option --out needs a value (see fracture --help)'],
    [['--report=yes', 'rows.csv'], 'fracture: option --report takes no value (see fracture --help)'],
    [['-x', 'rows.csv'], 'fracture: unknown option -x (see fracture --help)'],
    [['--count', '0', 'rows.csv'], 'fracture: Count must be an integer from 1 to 1000000, got 0 (see fracture --help)'],
    [['-', '-'], 'fracture: - (standard input) can be given only once (see fracture --help)'],
    [
      ['--zip', 'b.zip', '-'],
      'fracture: --zip cannot be used with - (the corrupted bytes go to standard output) (see fracture --help)',
    ],
    [
      ['--count', '2', '-'],
      'fracture: --count above 1 cannot be used with - (standard output holds one file) (see fracture --help)',
    ],
    [
      ['--name', 'x.png', 'rows.csv'],
      'fracture: --name names standard input: it needs - among the FILEs (see fracture --help)',
    ],
    [
      ['--mode', 'cut_replace', '--only', '0:10', 'rows.csv'],
      'fracture: Byte ranges work with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not truncate_insert (see fracture --help)',
    ],
    [
      ['--mode', 'interrupted_transfer', '--fix-checksums', 'rows.csv'],
      'fracture: Keeping checksums valid works with byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write, not interrupted_transfer (see fracture --help)',
    ],
    [
      ['--protect', '10', 'rows.csv'],
      'fracture: Invalid byte range "10": expected A:B (byte offsets, B exclusive; decimal or 0x hex; negative counts from the end) (see fracture --help)',
    ],
    [
      ['--only', '-1:-5', 'rows.csv'],
      'fracture: Invalid byte range "-1:-5": the start is after the end (see fracture --help)',
    ],
    [['--fix-checksums=yes', 'rows.csv'], 'fracture: option --fix-checksums takes no value (see fracture --help)'],
  ];
  for (const [args, line] of usage) {
    it(`exits 2 with one line for: ${args.join(' ') || '(no arguments)'}`, () => {
      for (const tool of TOOLS) {
        const r = run(tool, args, dir);
        expect([tool.label, r.code, r.err, r.out]).toEqual([tool.label, 2, `${line}\n`, '']);
      }
    });
  }

  it('--help lists every option, the same text in both CLIs (the npm one adds --engine)', () => {
    const [native, npm] = [TOOLS[0], TOOLS[1]].map((tool) => {
      const r = run({ ...tool, args: tool.args.slice(0, 1) }, ['--help'], dir);
      expect([r.code, r.err]).toEqual([0, '']);
      return r.out;
    });
    const options = (text: string) => [...text.matchAll(/^ {2}(?:-\w, | {4})(--[a-z-]+)/gm)].map((m) => m[1]);
    expect(options(native)).toEqual(HELP_OPTIONS);
    expect(options(npm).filter((o) => o !== '--engine')).toEqual(HELP_OPTIONS);
    expect(options(npm)).toContain('--engine');
    // The subcommand, the standard input FILE and the exit status are there too.
    expect(native).toMatch(/- reads standard input and writes the result to standard output/);
    expect(native).toMatch(/^ {2}minimize {2}the fewest changed bytes that still make a command fail/m);
    expect(native).toMatch(/^Exit status: 0 all files corrupted/m);
    // Apart from --engine's entry and the npm CLI's own command (agree), word for word.
    expect(npm).toMatch(/^ {2}agree {5}the engines give the same bytes/m);
    expect(npm.replace(/^ {6}--engine <E>.*\n( {10,}.*\n)*/m, '').replace(/^ {2}agree {5}.*\n/m, '')).toBe(native);
  });

  it('--dry-run prints the same plan in both CLIs (text, and one JSON object with --json) and writes nothing', () => {
    const out = path.join(dir, 'dry');
    const cases = [
      [
        '--seed',
        '11',
        '--count',
        '2',
        '--report',
        '--pdf',
        '--zip',
        path.join(out, 'all.zip'),
        'rows.csv',
        'README',
        'missing.bin',
      ],
      ['--seed', '5', '--fix-checksums', '--only', '0:16', '--protect', '-4:', 'rows.csv', 'ünï ✓.JSON'],
      ['--seed', '5', '--fix-checksums', '--name', 'x.png', '-'],
      ['--seed', '7', '--member', 'word/*.xml', '--fix-checksums', 'rows.csv', '-'],
    ];
    for (const args of cases) {
      const texts = [TOOLS[0], TOOLS[1]].map((tool) => {
        const r = run(tool, ['--dry-run', '--out', out, ...args], dir, new Uint8Array(4));
        expect([r.code, r.err], tool.label).toEqual([0, '']);
        return r.out;
      });
      expect(texts[1]).toBe(texts[0]);
      const jsons = [TOOLS[0], TOOLS[1]].map((tool) => {
        const r = run(tool, ['--dry-run', '--json', '--out', out, ...args], dir, new Uint8Array(4));
        expect([r.code, r.err], tool.label).toEqual([0, '']);
        expect(r.out.split('\n')).toHaveLength(2);
        return r.out;
      });
      expect(jsons[1]).toBe(jsons[0]);
      // The text is the JSON's content: each input's size and route, each output.
      const plan = JSON.parse(jsons[0]);
      const glob = args.includes('--member') ? args[args.indexOf('--member') + 1] : null;
      expect(plan.member).toBe(glob);
      expect(Object.keys(plan).indexOf('member')).toBe(Object.keys(plan).indexOf('fix_checksums') + 1);
      expect(texts[0]).toContain(
        `\noptions: only ${plan.only.join(' ') || 'none'}, protect ${plan.protect.join(' ') || 'none'}, ` +
          `fix checksums ${plan.fix_checksums ? 'yes' : 'no'}, member ${glob === null ? 'none' : `"${glob}"`}\n`,
      );
      for (const [k, input] of plan.inputs.entries()) {
        const line = input.stdin
          ? `input ${k + 1}: - (standard input, size known once read), read ${input.route}`
          : input.size === null
            ? `input ${k + 1}: ${input.file} (not readable now, it fails in its turn), read ${input.route}`
            : `input ${k + 1}: ${input.file} (${input.size} bytes, device ${input.device}, inode ${input.inode}), read ${input.route}`;
        expect(texts[0]).toContain(`${line}\n`);
        for (const v of input.variants) {
          expect(texts[0]).toContain(`  seed ${v.seed}: ${v.output ?? 'standard output'}, checksums ${v.checksums}\n`);
        }
      }
    }
    // Nothing was written: not the output directory, not a byte on standard output beyond the plan.
    expect(existsSync(out)).toBe(false);
    const first = JSON.parse(run(TOOLS[0], ['--dry-run', '--json', '--out', out, ...cases[0]], dir).out);
    expect(first.inputs.map((i: { route: string }) => i.route)).toEqual(['whole', 'whole', 'whole']);
    expect(first.inputs[0].variants.map((v: { seed: number; output: string }) => [v.seed, v.output])).toEqual([
      [11, path.join(out, 'rows_corrupted_11.csv')],
      [12, path.join(out, 'rows_corrupted_12.csv')],
    ]);
    expect(first.inputs[2]).toMatchObject({ file: 'missing.bin', size: null, variants: [] });
    expect(first.zip).toBe(path.join(out, 'all.zip'));
    const fixed = JSON.parse(run(TOOLS[0], ['--dry-run', '--json', '--out', out, ...cases[1]], dir).out);
    expect(fixed.inputs[0]).toMatchObject({ route: 'streamed', size: 6000 });
    expect(fixed.inputs[0].variants[0].checksums).toBe('in the output file');
    const piped = JSON.parse(run(TOOLS[0], ['--dry-run', '--json', ...cases[2]], dir, new Uint8Array(4)).out);
    expect(piped.inputs[0].variants[0]).toMatchObject({ output: null, checksums: 'in a temporary file, then copied' });
    // --member reads every input whole, a file and standard input alike (whether one is an archive
    // is known only from its bytes: the dry run does not read them).
    const member = JSON.parse(run(TOOLS[0], ['--dry-run', '--json', '--out', out, ...cases[3]], dir).out);
    expect(member.member).toBe('word/*.xml');
    expect(member.inputs.map((i: { route: string }) => i.route)).toEqual(['whole', 'whole']);
    expect(member.inputs[0].variants[0].checksums).toBe('in memory');
    // The reference engine reads whole; a refused plan is refused in a dry run too (exit 2).
    const ts = JSON.parse(run(TOOLS[2], ['--dry-run', '--json', '--out', out, ...cases[1]], dir).out);
    expect(ts.inputs[0]).toMatchObject({ route: 'whole' });
    expect(ts.inputs[0].variants[0].checksums).toBe('in memory');
    for (const tool of TOOLS) {
      const r = run(tool, ['--dry-run', '--out', '.', 'rows.csv'], dir);
      expect([r.code, r.out], tool.label).toEqual([
        0,
        expect.stringContaining('rows_corrupted.csv, checksums unfixed'),
      ]);
      expect(existsSync(path.join(dir, 'rows_corrupted.csv')), tool.label).toBe(false);
      const refused = run(tool, ['--dry-run', '--zip', 'rows.csv', 'rows.csv'], dir);
      expect([refused.code, refused.out, refused.err], tool.label).toEqual([
        2,
        '',
        'fracture: output rows.csv is the input rows.csv (see fracture --help)\n',
      ]);
    }
  });

  it('--count N writes N variants of every file, each the bytes of a single run with its seed', () => {
    const files = ['a/report.pdf', 'README'];
    const listing = TOOLS.map((tool, t) => {
      const out = `variants-${t}`;
      const r = run(tool, ['--seed', '40', '--count', '3', '--out', out, '--report', ...files], dir);
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      expect(r.err.trim()).toBe('fracture: seed 40 (variant j of file i uses seed + i * 3 + j)');
      // Each file's line, then what was hit (docs/cli.md, "What was hit").
      const fileLines = r.out
        .trim()
        .split('\n')
        .filter((l) => !l.startsWith('  '));
      expect(fileLines[4]).toBe(`README -> ${path.join(out, 'README_corrupted_44.bin')} (900 bytes, seed 44)`);
      return readdirSync(path.join(dir, out))
        .sort()
        .map((n) => [
          n,
          n.endsWith('.json')
            ? untimedJson(readFileSync(path.join(dir, out, n), 'utf8'))
            : readFileSync(path.join(dir, out, n)).toString('base64'),
        ]);
    });
    expect(listing[0].map(([n]) => n)).toEqual([
      'README_43_corruption_report.json',
      'README_44_corruption_report.json',
      'README_45_corruption_report.json',
      'README_corrupted_43.bin',
      'README_corrupted_44.bin',
      'README_corrupted_45.bin',
      'report.pdf_40_corruption_report.json',
      'report.pdf_41_corruption_report.json',
      'report.pdf_42_corruption_report.json',
      'report_corrupted_40.pdf',
      'report_corrupted_41.pdf',
      'report_corrupted_42.pdf',
    ]);
    expect(listing[1], 'npm wasm vs native').toEqual(listing[0]);
    expect(listing[2], 'npm ts vs native').toEqual(listing[0]);
    // Variant j of file i is the single run with seed 40 + 3i + j (N = 1 keeps seed + i).
    for (const [file, seed, name] of [
      ['a/report.pdf', 41, 'report_corrupted_41.pdf'],
      ['README', 45, 'README_corrupted_45.bin'],
    ] as const) {
      const single = `single-${seed}`;
      expect(run(TOOLS[0], ['--seed', String(seed), '--out', single, file], dir).code).toBe(0);
      const one = readFileSync(
        path.join(
          dir,
          single,
          path.basename(file).replace(/(\.pdf)?$/, (e) => `_corrupted${e || '.bin'}`),
        ),
      );
      expect(one.equals(readFileSync(path.join(dir, 'variants-0', name))), name).toBe(true);
    }
  });

  it('FILE - filters standard input to standard output, every other line on standard error', () => {
    const bytes = readFileSync(path.join(dir, 'a/report.pdf'));
    const single = run(TOOLS[0], ['--seed', '7', '--out', 'filter-ref', 'a/report.pdf'], dir);
    expect(single.code).toBe(0);
    const expected = readFileSync(path.join(dir, 'filter-ref', 'report_corrupted.pdf'));
    const reference = JSON.parse(
      run(TOOLS[0], ['--seed', '7', '--json', '--out', 'filter-ref', 'a/report.pdf'], dir).out,
    );
    for (const [t, tool] of TOOLS.entries()) {
      const cwd = path.join(dir, `filter-${t}`);
      mkdirSync(cwd);
      const r = runBytes(tool, ['--seed', '7', '--name', 'report.pdf', '-'], cwd, bytes);
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      expect(r.out.equals(expected), tool.label).toBe(true);
      const lines = r.err.split('\n');
      expect(lines.slice(0, 2), tool.label).toEqual([
        'fracture: seed 7 (file i uses seed + i)',
        `- -> standard output (${expected.length} bytes, seed 7)`,
      ]);
      // What was hit (docs/cli.md, "What was hit"), when the run made a report: the overall
      // expectation, then the top hits.
      for (const l of lines.slice(2, -1)) {
        expect(l, tool.label).toMatch(
          /^ {2}(expect: (reject|may_accept|ignored) \(.*\)|(reject|may_accept|ignored): pdf:\S.*, [0-9,]+ bytes? changed from offset [0-9]+|and [0-9]+ more regions hit .*)$/,
        );
      }
      expect(lines.at(-1), tool.label).toBe('');
      // Nothing is written beside: no output directory appears.
      expect(readdirSync(cwd), tool.label).toEqual([]);
      const json = runBytes(tool, ['--seed', '7', '--json', '--name', 'report.pdf', '-'], cwd, bytes);
      expect(json.out.equals(expected), tool.label).toBe(true);
      const [seedLine, report] = json.err.trim().split('\n');
      expect(seedLine).toBe('fracture: seed 7 (file i uses seed + i)');
      expect(untimedJson(report), tool.label).toBe(untimedJson(JSON.stringify(reference)));
      // Without --name the input is called stdin: no extension, so the magic bytes decide.
      const unnamed = runBytes(tool, ['--seed', '7', '--json', '-'], cwd, bytes);
      expect(JSON.parse(unnamed.err.trim().split('\n')[1]).filename, tool.label).toBe('stdin');
    }
  });

  it('shows progress bars on a terminal, and none with --quiet, --json or without a terminal', () => {
    const big = 'progress.bin';
    writeFileSync(path.join(dir, big), xorshiftBytes(24 * 1024 * 1024, 9));
    for (const tool of TOOLS.slice(0, 2)) {
      const shown = runOnTerminal(tool, ['--seed', '3', '--out', 'progress-out', big, 'rows.csv'], dir);
      expect(shown, tool.label).toMatch(/progress\.bin +\[[=> ]{30}\] +[\d.]+ \w?i?B\/ *24\.00 MiB +\d+% +\S+ left/);
      expect(shown, tool.label).toMatch(/batch +\[[=> ]{30}\] +[\d.]+ \w?i?B\/ *24\.0\d MiB +100% +\S+ left/);
      for (const flag of ['--quiet', '--json']) {
        const hidden = runOnTerminal(tool, ['--seed', '3', flag, '--out', 'progress-out', big], dir);
        expect(hidden.replace(/\r/g, ''), `${tool.label} ${flag}`).toBe('fracture: seed 3 (file i uses seed + i)\n');
      }
      // Not a terminal: the seed line alone (the other tests check every line).
      expect(run(tool, ['--seed', '3', '--quiet', '--out', 'progress-out', big], dir).err).toBe(
        'fracture: seed 3 (file i uses seed + i)\n',
      );
    }
  });

  it('fails a file whose ranges leave nothing to change (exit 1, one line) and still writes the others', () => {
    for (const [t, tool] of TOOLS.entries()) {
      const out = `nothing-${t}`;
      const r = run(
        tool,
        ['--seed', '5', '--quiet', '--mode', 'bit_rot', '--only', '1000:2000', '--out', out, 'README', 'rows.csv'],
        dir,
      );
      expect(r.code, tool.label).toBe(1);
      expect(r.err.trim().split('\n'), tool.label).toEqual([
        'fracture: seed 5 (file i uses seed + i)',
        'fracture: README: The byte ranges leave no byte that may change in this 900-byte file',
      ]);
      expect(readdirSync(path.join(dir, out)), tool.label).toEqual(['rows_corrupted.csv']);
    }
  });

  it('exits 1 on a failing file, with one line for it, and still writes the others', () => {
    for (const [t, tool] of TOOLS.entries()) {
      const out = `partial-${t}`;
      // (A directory is refused before anything is written: tests/fs.)
      const r = run(tool, ['--seed', '5', '--out', out, 'missing.bin', 'rows.csv', 'gone.txt'], dir);
      expect(r.code, tool.label).toBe(1);
      expect(r.err.trim().split('\n'), tool.label).toEqual([
        'fracture: seed 5 (file i uses seed + i)',
        'fracture: missing.bin: no such file',
        'fracture: gone.txt: no such file',
      ]);
      expect(readdirSync(path.join(dir, out)), tool.label).toEqual(['rows_corrupted.csv']);
    }
  });

  it('writes a batch ZIP with every file and the session report', () => {
    for (const [t, tool] of TOOLS.entries()) {
      const zip = `batch-${t}.zip`;
      const r = run(
        tool,
        ['--seed', '1', '--out', `zipout-${t}`, '--zip', zip, 'rows.csv', 'a/report.pdf', 'b/report.pdf'],
        dir,
      );
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      const check = spawnSync(
        'python3',
        [
          '-c',
          `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None
names = z.namelist(); print(json.dumps(names))
report = json.loads(z.read([n for n in names if n.endswith('_session_report.json')][0]))
assert report['total_files'] == 3 and report['master_seed'] == 1 and report['recoverability'] == 'Unlikely', report
assert [f['seed'] for f in report['files']] == [1, 2, 3], report
`,
          path.join(dir, zip),
        ],
        { encoding: 'utf8' },
      );
      expect(check.status, `${tool.label}: ${check.stderr}`).toBe(0);
      const names: string[] = JSON.parse(check.stdout);
      expect(names.slice(0, 3), tool.label).toEqual([
        'rows_corrupted.csv',
        'report_corrupted.pdf',
        'report_corrupted (2).pdf',
      ]);
      expect(names[3], tool.label).toMatch(/^fracture_session_\d{8}-\d{6}_session_report\.json$/);
    }
  });
});
