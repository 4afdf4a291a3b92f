// The three command line tools (native, npm with --engine wasm, npm with --engine ts) write identical
// files for the same arguments, and share exit codes and one-line errors.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xorshiftBytes } from './generators.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');

type Tool = { label: string; cmd: string; args: string[] };
const TOOLS: Tool[] = [
  { label: 'native', cmd: NATIVE, args: [] },
  { label: 'npm wasm', cmd: process.execPath, args: [NPM, '--engine', 'wasm'] },
  { label: 'npm ts', cmd: process.execPath, args: [NPM, '--engine', 'ts'] },
];

/** Every option of the corrupting command, in --help's order. */
const HELP_OPTIONS = ['--mode', '--intensity', '--seed', '--out', '--report', '--json', '--zip', '--help', '--version'];

function run(tool: Tool, args: string[], cwd: string) {
  const r = spawnSync(tool.cmd, [...tool.args, ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const untimed = (json: string) =>
  JSON.stringify(Object.entries(JSON.parse(json)).filter(([k]) => k !== 'time_ms' && k !== 'ops_ms'));

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

  for (const [mode, intensity, seed] of [
    ['guaranteed_break', '50', '42'],
    ['quick_scramble', '80', '2147483646'],
    ['cut_replace', '1', '0'],
    ['jumble_sections', '100', '9007199254740000'],
    ['header_preserve_flip', '0', '7'],
  ]) {
    it(`writes identical files for --mode ${mode} --intensity ${intensity} --seed ${seed}`, () => {
      const outputs = TOOLS.map((tool, t) => {
        const out = `out-${mode}-${t}`;
        const r = run(
          tool,
          ['--mode', mode, '--intensity', intensity, '--seed', seed, '--out', out, '--report', '--json', ...inputs],
          dir,
        );
        expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
        expect(r.err.trim()).toBe(`fracture: seed ${seed} (file i uses seed + i)`);
        const names = readdirSync(path.join(dir, out)).sort();
        const files = names.map((n) => {
          const bytes = readFileSync(path.join(dir, out, n));
          return [
            n,
            /_corruption_report( \(\d+\))?\.json$/.test(n) ? untimed(bytes.toString('utf8')) : bytes.toString('base64'),
          ];
        });
        const json = r.out.trim().split('\n').map(untimed);
        return { label: tool.label, names, files, json };
      });
      expect(outputs[0].names).toContain('report_corrupted.pdf');
      expect(outputs[0].names).toContain('report_corrupted (2).pdf');
      expect(outputs[0].names).toContain('README_corrupted.bin');
      expect(outputs[0].names).toContain('ünï ✓_corrupted.JSON');
      expect(outputs[0].json).toHaveLength(inputs.length);
      for (const o of outputs.slice(1)) {
        expect(o.files, `${o.label} vs native`).toEqual(outputs[0].files);
        expect(o.json, `${o.label} vs native`).toEqual(outputs[0].json);
      }
    });
  }

  it('a large flip-mode file (helper threads in the npm CLI, threads natively, in place): same bytes and reports', () => {
    const big = 'big.log';
    // Text whose kept header makes byte_flip escalate at the plan stage; a few MiB over the helpers' threshold.
    const line = new TextEncoder().encode('2026-11-21 12:00:00 INFO a log line of ordinary text\n');
    const bytes = new Uint8Array(17 * 1024 * 1024 + 99);
    for (let at = 0; at < bytes.length; at += line.length) bytes.set(line.subarray(0, bytes.length - at), at);
    writeFileSync(path.join(dir, big), bytes);
    const results = TOOLS.slice(0, 2).map((tool, t) => {
      const out = `out-big-${t}`;
      const r = run(
        tool,
        ['--mode', 'byte_flip', '--intensity', '30', '--seed', '11', '--out', out, '--json', big],
        dir,
      );
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      return { file: readFileSync(path.join(dir, out, 'big_corrupted.log')), json: untimed(r.out.trim()) };
    });
    expect(results[1].file.equals(results[0].file), 'npm wasm vs native bytes').toBe(true);
    expect(results[1].json).toBe(results[0].json);
    expect(JSON.parse(results[0].json)).toContainEqual(['escalated', true]);
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
    expect(options(npm)).toEqual([...HELP_OPTIONS.slice(0, 4), '--engine', ...HELP_OPTIONS.slice(4)]);
    // Apart from --engine's entry, word for word.
    expect(npm.replace(/^ {6}--engine <E>.*\n( {10,}.*\n)*/m, '')).toBe(native);
  });

  it('exits 1 on a failing file, with one line for it, and still writes the others', () => {
    for (const [t, tool] of TOOLS.entries()) {
      const out = `partial-${t}`;
      const r = run(tool, ['--seed', '5', '--out', out, 'missing.bin', 'rows.csv', 'a'], dir);
      expect(r.code, tool.label).toBe(1);
      expect(r.err.trim().split('\n'), tool.label).toEqual([
        'fracture: seed 5 (file i uses seed + i)',
        'fracture: missing.bin: no such file',
        'fracture: a: is a directory',
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
