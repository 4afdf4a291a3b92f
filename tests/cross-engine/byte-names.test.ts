// Any file name the system gives, through both command lines as subprocesses (docs/cli.md, "Names"):
// a name that is not UTF-8, one with a newline, one with a bidirectional override, one with no
// extension, a leading-dot name and two same-named files in different directories. Both CLIs write
// the same output names (compared as bytes), the same bytes and reports, and print the same lines.
// Node cannot put bytes that are not UTF-8 in an argument list; Python runs the CLIs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');

const TOOLS = [
  { label: 'native', argv: [NATIVE] },
  { label: 'npm wasm', argv: [process.execPath, NPM, '--engine', 'wasm'] },
  { label: 'npm ts', argv: [process.execPath, NPM, '--engine', 'ts'] },
];

const hex = (s: string | Buffer) => Buffer.from(s).toString('hex');
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from(p))));

/** The inputs, as bytes, below `in/`. */
const NAMES: Buffer[] = [
  bytes('in/caf', [0xe9], '.txt'),
  // The same name but for ASCII case: the second claims ` (2)` (its name compared in ASCII case).
  bytes('in/up/CAF', [0xe9], '.TXT'),
  // A truncated sequence: one U+FFFD in the report, each byte escaped in the display form.
  bytes('in/', [0xe2, 0x82], '.csv'),
  bytes('in/new\nline.csv'),
  bytes('in/invoice\u202efdp.exe'),
  bytes('in/README'),
  bytes('in/.hidden'),
  bytes('in/a/data.bin'),
  bytes('in/b/data.bin'),
];

/**
 * Makes `in/` in a fresh directory per tool, runs the tool there with `args` and the NAMES, and
 * returns its exit code, its output as bytes (hex) and every file under `out/`: name (hex) -> bytes (hex).
 */
const SCRIPT = `
import json, os, subprocess, sys
spec = json.loads(sys.argv[1])
cwd = spec['cwd'].encode()
os.makedirs(cwd)
names = [bytes.fromhex(n) for n in spec['names']]
for i, n in enumerate(names):
    p = os.path.join(cwd, n)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, 'wb') as f: f.write(bytes((i * 37 + k * 11) % 256 for k in range(300 + 41 * i)))
r = subprocess.run(spec['argv'] + spec['args'] + names, cwd=cwd, capture_output=True)
out = {}
top = os.path.join(cwd, b'out')
for root, dirs, files in os.walk(top):
    for f in files:
        p = os.path.join(root, f)
        with open(p, 'rb') as fh: out[os.path.relpath(p, top).hex()] = fh.read().hex()
print(json.dumps({'code': r.returncode, 'stdout': r.stdout.hex(), 'stderr': r.stderr.hex(), 'outputs': out}))
`;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

let dir: string;
let runs = 0;

function run(argv: string[], args: string[]): Ran {
  const cwd = path.join(dir, `run-${runs++}`);
  const spec = { cwd, argv, args, names: NAMES.map(hex) };
  const r = spawnSync('python3', ['-c', SCRIPT, JSON.stringify(spec)], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

const text = (h: string) => Buffer.from(h, 'hex').toString('utf8');
/** A report with its timings (which differ between runs) set to 0. */
const untimed = (h: string) => text(h).replace(/"(time_ms|ops_ms)": [0-9.]+/g, '"$1": 0');

beforeAll(() => {
  for (const p of [NATIVE, path.join(ROOT, 'dist/cli/main.js'), path.join(ROOT, 'dist/lib/engine/outputs-pkg')]) {
    if (!existsSync(p)) throw new Error(`${p} is missing: run \`make build\` first`);
  }
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-byte-names-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('any file name the system gives', () => {
  it('both CLIs write the same output names (as bytes), bytes and reports, and print the same lines', () => {
    const results = TOOLS.map((tool) => {
      const r = run(tool.argv, ['--seed', '7', '--report', '--out', './out']);
      expect(r.code, `${tool.label}: ${text(r.stderr)}`).toBe(0);
      return r;
    });
    const [native] = results;
    const names = Object.keys(native.outputs).map((h) => Buffer.from(h, 'hex'));
    const expected = [
      bytes('caf', [0xe9], '_corrupted.txt'),
      bytes('CAF', [0xe9], '_corrupted (2).TXT'),
      bytes([0xe2, 0x82], '_corrupted.csv'),
      bytes('new\nline_corrupted.csv'),
      bytes('invoice\u202efdp_corrupted.exe'),
      bytes('README_corrupted.bin'),
      bytes('.hidden_corrupted.bin'),
      bytes('data_corrupted.bin'),
      bytes('data_corrupted (2).bin'),
      bytes('caf', [0xe9], '.txt_corruption_report.json'),
      bytes('CAF', [0xe9], '.TXT_corruption_report (2).json'),
      bytes([0xe2, 0x82], '.csv_corruption_report.json'),
      bytes('new\nline.csv_corruption_report.json'),
      bytes('invoice\u202efdp.exe_corruption_report.json'),
      bytes('README_corruption_report.json'),
      bytes('.hidden_corruption_report.json'),
      bytes('data.bin_corruption_report.json'),
      bytes('data.bin_corruption_report (2).json'),
    ];
    expect(names.map(hex).sort()).toEqual(expected.map(hex).sort());
    for (const [i, r] of results.entries()) {
      const label = TOOLS[i].label;
      expect(Object.keys(r.outputs).sort(), label).toEqual(Object.keys(native.outputs).sort());
      for (const [name, content] of Object.entries(native.outputs)) {
        const shown = JSON.stringify(text(name));
        if (text(name).endsWith('.json')) expect(untimed(r.outputs[name]), `${label}: ${shown}`).toBe(untimed(content));
        else expect(r.outputs[name] === content, `${label}: ${shown}`).toBe(true);
      }
      expect(text(r.stdout), label).toBe(text(native.stdout));
    }
    // The lines show each name in its display form (a byte that is not UTF-8 as \xHH), the output
    // under --out as typed; the reports name the file with U+FFFD for what is not UTF-8.
    const lines = text(native.stdout).trim().split('\n');
    expect(lines[0]).toMatch(/^in\/caf\\xE9\.txt -> \.\/out\/caf\\xE9_corrupted\.txt \(300 bytes, seed 7\)$/);
    expect(lines).toContain(`in/\\xE2\\x82.csv -> ./out/\\xE2\\x82_corrupted.csv (382 bytes, seed 9)`);
    expect(lines.some((l) => l.startsWith('in/new\\nline.csv -> ./out/new\\nline_corrupted.csv ('))).toBe(true);
    expect(
      lines.some((l) => l.startsWith('in/invoice\\u{202E}fdp.exe -> ./out/invoice\\u{202E}fdp_corrupted.exe (')),
    ).toBe(true);
    const report = JSON.parse(text(native.outputs[hex(bytes('caf', [0xe9], '.txt_corruption_report.json'))]));
    expect(report.filename).toBe('caf\ufffd.txt');
    const truncated = JSON.parse(text(native.outputs[hex(bytes([0xe2, 0x82], '.csv_corruption_report.json'))]));
    expect(truncated.filename).toBe('\ufffd.csv');
  });

  it('--dry-run prints the same plan in both CLIs, names in their display form, --out as typed', () => {
    const plans = TOOLS.slice(0, 2).map((tool) => {
      const r = run(tool.argv, ['--seed', '3', '--count', '2', '--pdf', '--dry-run', '--out', 'o/']);
      expect(r.code, `${tool.label}: ${text(r.stderr)}`).toBe(0);
      expect(r.outputs, tool.label).toEqual({});
      // Device and inode differ between the two runs' copies of in/.
      return text(r.stdout).replace(/device \d+, inode \d+/g, 'device D, inode I');
    });
    expect(plans[1]).toBe(plans[0]);
    expect(plans[0]).toContain('input 1: in/caf\\xE9.txt (300 bytes, device D, inode I), read whole\n');
    expect(plans[0]).toContain('  seed 4: o/caf\\xE9_corrupted_4.txt, checksums unfixed\n');
    expect(plans[0]).toContain('    pdf o/CAF\\xE9.TXT_5_corruption_report.pdf\n');
  });
});
