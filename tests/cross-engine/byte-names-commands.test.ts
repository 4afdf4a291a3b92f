// Names that are not UTF-8 through the other commands of both CLIs, as subprocesses (docs/cli.md,
// "Names"): `run` (FILEs, --out, PROGRAM and an argument), `merge`, `minimize` (ORIGINAL,
// CORRUPTED, --out), `diagnose` (FILE, --original, --repair), `bench --compare` and `agree` (FILEs,
// --native). Each tool runs the same steps in a directory of its own; their exit codes, standard
// output and error and every file they leave (runs.jsonl without durations) are compared byte for
// byte. PROGRAM is a script that prints its $0 and first argument, so the crash's stdout.txt shows
// whether both arrived as bytes. Node cannot put bytes that are not UTF-8 in an argument list;
// Python runs the CLIs.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');

/** Bytes as Python's surrogateescape decodes them: each byte that is not UTF-8 as U+DC00 + byte. */
const b = (s: string) => s.replace(/\\x([0-9a-f]{2})/g, (_, h) => String.fromCharCode(0xdc00 + Number.parseInt(h, 16)));

/** The steps, each an argument list (after the tool); `TARGET` is the compiled test program. */
const CAMPAIGN = '--seed 5 --count 6 --jobs 2 --timeout 5 --protect 0:2 --protect 4:5'.split(' ');
const PROGRAM = ['--', b('./prog\\xff'), b('tag\\xfe'), '{}'];
const [ORIGINAL, CORRUPTED] = [b('caf\\xe9.bin'), b('caf\\xe9_corrupted.bin')];
const STEPS: string[][] = [
  ['run', ...CAMPAIGN, '--out', b('out\\xff'), ORIGINAL, b('\\xe2\\x82.dat'), ...PROGRAM],
  ['run', ...CAMPAIGN, '--resume', '--out', b('out\\xff'), ORIGINAL, b('\\xe2\\x82.dat'), ...PROGRAM],
  ['run', ...CAMPAIGN, '--shard', '1/2', '--out', b('s\\xff1'), ORIGINAL, ...PROGRAM],
  ['run', ...CAMPAIGN, '--shard', '2/2', '--out', b('s\\xff2'), ORIGINAL, ...PROGRAM],
  ['merge', '--out', b('m\\xff'), b('s\\xff1'), b('s\\xff2')],
  ['run', ...CAMPAIGN, '--out', 'missing', ORIGINAL, '--', b('./nope\\xff')],
  ['run', ...CAMPAIGN, '--out', 'missing2', ORIGINAL, '--', './nope', b('tag\\xfe')],
  ['minimize', '--test', 'TARGET {}', '--jobs', '2', ORIGINAL, CORRUPTED],
  ['minimize', '--test', 'TARGET {}', '--out', b('out\\xff/min\\xfe.bin'), ORIGINAL, CORRUPTED],
  ['minimize', '--test', b('TARGET \\xff'), ORIGINAL, CORRUPTED],
  ['diagnose', b('img\\xfe.png'), '--repair', b('r\\xff.png')],
  ['diagnose', '--json', '--original', ORIGINAL, CORRUPTED],
  ['bench', '--compare', b('old\\xff.json')],
];

/**
 * Makes the inputs in a fresh directory, runs each step there and returns each step's exit code
 * and output (hex) and every file in the directory: name (hex) -> bytes (hex).
 */
const SCRIPT = `
import json, os, struct, subprocess, sys, zlib
spec = json.loads(sys.argv[1])
cwd = spec['cwd'].encode()
os.makedirs(cwd)
def put(name, data, mode=0o644):
    with open(os.path.join(cwd, name), 'wb') as f: f.write(data)
    os.chmod(os.path.join(cwd, name), mode)
body = bytes((i * 7 + 3) % 256 for i in range(251))
put(b'caf\\xe9.bin', b'FRACa' + body)
put(b'\\xe2\\x82.dat', b'FRACa' + body[::-1])
bad = bytearray(b'FRACa' + body); bad[2] = 0x58; bad[7] ^= 1; bad[100] ^= 0xff
put(b'caf\\xe9_corrupted.bin', bytes(bad))
put(b'prog\\xff', b'#!/bin/sh\\nprintf "%s %s\\\\n" "$0" "$1"\\nexec ' + spec['target'].encode() + b' "$2"\\n', 0o755)
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
raw = b''.join(b'\\x00' + bytes((x * y + 10) % 256 for x in range(32)) for y in range(32))
png = b'\\x89PNG\\r\\n\\x1a\\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 32, 32, 8, 0, 0, 0, 0)) + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b'')
put(b'img\\xfe.png', png.replace(b'\\n', b'\\r\\n'))
os.symlink(spec['native'].encode(), os.path.join(cwd, b'fracture\\xff'))
steps = []
for args in spec['steps']:
    argv = [a.replace('TARGET', spec['target']).encode('utf-8', 'surrogateescape') for a in args]
    r = subprocess.run(spec['argv'] + argv, cwd=cwd, capture_output=True)
    steps.append({'code': r.returncode, 'stdout': r.stdout.hex(), 'stderr': r.stderr.hex()})
files = {}
for root, dirs, names in os.walk(cwd):
    for f in names:
        p = os.path.join(root, f)
        if os.path.islink(p): continue
        with open(p, 'rb') as fh: files[os.path.relpath(p, cwd).hex()] = fh.read().hex()
print(json.dumps({'steps': steps, 'files': files}))
`;

interface Step {
  code: number;
  stdout: string;
  stderr: string;
}

let dir: string;
let target: string;
let runs = 0;

function run(argv: string[], steps: string[][]): { steps: Step[]; files: Record<string, string> } {
  const cwd = path.join(dir, `run-${runs++}`);
  const spec = { cwd, argv, steps, target, native: NATIVE };
  const r = spawnSync('python3', ['-c', SCRIPT, JSON.stringify(spec)], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

const text = (h: string) => Buffer.from(h, 'hex').toString('latin1');
/** runs.jsonl without duration_ms (the rest byte for byte). */
const untimed = (name: string, h: string) =>
  text(name).endsWith('runs.jsonl') ? text(h).replace(/"duration_ms":[0-9]+,?/g, '') : text(h);

beforeAll(() => {
  for (const p of [NATIVE, path.join(ROOT, 'dist/cli/main.js'), path.join(ROOT, 'dist/lib/engine/host-pkg')]) {
    if (!existsSync(p)) throw new Error(`${p} is missing: run \`make build\` first`);
  }
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-byte-commands-'));
  target = path.join(dir, 'target');
  const cc = spawnSync('cc', ['-O1', '-o', target, path.join(ROOT, 'tests/campaign/target.c')], { encoding: 'utf8' });
  expect(cc.status, cc.stderr).toBe(0);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('names that are not UTF-8 in run, merge, minimize, diagnose, bench and agree', () => {
  it('both CLIs exit alike, print the same bytes and leave the same files', () => {
    const native = run([NATIVE], STEPS);
    const npm = run([process.execPath, NPM], STEPS);
    for (const [i, step] of native.steps.entries()) {
      const label = STEPS[i].join(' ');
      expect(npm.steps[i].code, `${label}: ${text(npm.steps[i].stderr)}`).toBe(step.code);
      expect(text(npm.steps[i].stdout), label).toBe(text(step.stdout));
      expect(text(npm.steps[i].stderr), label).toBe(text(step.stderr));
    }
    expect(Object.keys(npm.files).map(text).sort()).toEqual(Object.keys(native.files).map(text).sort());
    for (const [name, content] of Object.entries(native.files)) {
      expect(untimed(name, npm.files[name]), text(name)).toBe(untimed(name, content));
    }
    // What the steps did, as the native CLI does it.
    const err = native.steps.map((s) => text(s.stderr));
    expect(native.steps.map((s) => s.code)).toEqual([1, 1, 1, 1, 1, 1, 1, 0, 0, 2, 1, 1, 2]);
    expect(err[0]).toMatch(/ -> out\\xFF\/summary\.md\n$/);
    expect(err[4]).toMatch(/^fracture: merge: 6 runs: .* -> m\\xFF\/summary\.md\n$/);
    expect(err[5]).toBe('fracture: run: cannot start ./nope\xef\xbf\xbd: no such file\n');
    expect(err[6]).toBe('fracture: run: cannot start ./nope: no such file\n');
    expect(text(native.steps[7].stdout)).toBe(
      'caf\\xE9_corrupted_minimized.bin: 1 bytes differ from ORIGINAL (was 3)\n',
    );
    expect(err[9]).toBe(
      'fracture: invalid UTF-8 was detected in one or more arguments (see fracture minimize --help)\n',
    );
    expect(err[10]).toBe('fracture: diagnose: wrote r\\xFF.png (1,091 bytes): undid text_transfer\n');
    expect(err[12]).toBe('fracture: cannot read old\\xFF.json: no such file (see fracture bench --help)\n');
    const names = Object.keys(native.files).map(text);
    for (const made of ['out\xff/campaign.json', 'm\xff/summary.md', 'out\xff/min\xfe.bin', 'r\xff.png']) {
      expect(names).toContain(made);
    }
    // PROGRAM got its path ($0) and its argument as bytes.
    const stdout = names.find((n) => n.startsWith('out\xff/crashes/') && n.endsWith('/stdout.txt'));
    expect(text(native.files[Buffer.from(stdout ?? '', 'latin1').toString('hex')])).toMatch(/^\.\/prog\xff tag\xfe\n/);
  }, 60_000);

  it('agree reads such FILEs and runs such a --native path, and shows the names escaped', () => {
    const args = ['agree', '--seeds', '1..2', '--native', b('./fracture\\xff'), b('caf\\xe9.bin'), b('nope\\xfe')];
    const r = run([process.execPath, NPM], [args]);
    const out = text(r.steps[0].stdout).split('\n');
    expect(out[0]).toMatch(/^caf\\xE9\.bin seed 1: agree, 256 bytes, sha256 [0-9a-f]{64} \(wasm .* native .*\)$/);
    expect(out[2]).toBe('nope\\xFE: error: no such file');
    expect(text(r.steps[0].stderr)).toBe('fracture agree: 3 runs of wasm, ts, native: 2 agree, 0 differ, 1 failed\n');
    expect(r.steps[0].code).toBe(1);
  }, 60_000);
});
