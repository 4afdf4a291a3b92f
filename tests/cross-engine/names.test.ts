// Names as users meet them, through both command lines as subprocesses: the batch ZIP's entry names
// follow one rule (docs/contract.md, section 11.6) and come out the same from both CLIs; reports
// (JSON and PDF) never carry a raw control character (sections 10.2 and 11.5; docs/cli.md, "Names").
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportName } from '../../lib/engine/shared/names.ts';
import { displayName } from '../../lib/report/display.ts';
import { pdfReportName } from '../../lib/report/pdf.ts';
import { archiveNames } from './archive-names.ts';
import { xorshiftBytes } from './generators.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');

type Tool = { label: string; cmd: string; args: string[] };
const TOOLS: Tool[] = [
  { label: 'native', cmd: NATIVE, args: [] },
  { label: 'npm', cmd: process.execPath, args: [NPM] },
];

/** Names a Linux file can have that an archive, a terminal or Windows could trip on. */
const AWKWARD = [
  'esc\u001b[31m.txt',
  'new\nline.csv',
  'tab\there.txt',
  'del\u007f.bin',
  'c1\u0085\u009b.txt',
  'invoice\u202efdp.exe',
  'line\u2028sep.txt',
  'con',
  'nul.txt',
  'trailing.',
  'a:b?.txt',
  'back\\slash.txt',
  '..\\..\\up.txt',
  'café.txt',
  'cafe\u0301.txt',
  'STRASSE.txt',
  'straße.txt',
  'a.txt',
  'A.TXT',
  ' lead.txt',
  '\u3000wide.txt',
  '.hidden',
  // 244 bytes: its corrupted name, 254, still fits a Linux directory.
  `${'ж'.repeat(120)}.txt`,
];

// biome-ignore lint/suspicious/noControlCharactersInRegex: the tests look for raw controls.
const RAW_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the tests look for raw controls.
const HIDDEN = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/;

function run(tool: Tool, args: string[], cwd: string, tz = 'UTC') {
  const r = spawnSync(tool.cmd, [...tool.args, ...args], { cwd, env: { ...process.env, TZ: tz } });
  return { code: r.status, out: r.stdout, err: r.stderr.toString('utf8') };
}

/** The entry names of a ZIP as Python's zipfile reads them, and its session report. */
function zipEntries(file: string): {
  names: string[];
  report: { files: { archive_name: string; filename: string }[] };
} {
  const script = `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None
names = z.namelist()
assert all(i.flag_bits & 0x800 for i in z.infolist()), 'UTF-8 flag'
report = json.loads(z.read([n for n in names if n.endswith('_session_report.json')][0]))
print(json.dumps({'names': names, 'report': report}))
`;
  const r = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

let dir: string;

beforeAll(() => {
  for (const p of [NATIVE, NPM, path.join(ROOT, 'dist/cli/main.js')]) {
    if (!existsSync(p)) throw new Error(`${p} is missing: run \`make build\` first`);
  }
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-names-'));
  for (const [i, name] of AWKWARD.entries()) writeFileSync(path.join(dir, name), xorshiftBytes(500 + 37 * i, 3 + i));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('batch ZIP entry names (contract 11.6)', () => {
  it('both CLIs name the entries of awkward inputs alike, by the shared rule, safe to extract', () => {
    const results = TOOLS.map((tool) => {
      const zip = `names-${tool.label}.zip`;
      const r = run(tool, ['--seed', '4', '--quiet', '--out', `out-${tool.label}`, '--zip', zip, ...AWKWARD], dir);
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      return zipEntries(path.join(dir, zip));
    });
    const [native, npm] = results;
    // The same entries, the session report's (named by the second the run started) last.
    expect(native.names.slice(0, -1)).toEqual(npm.names.slice(0, -1));
    for (const { names } of results)
      expect(names.at(-1)).toMatch(/^fracture_session_\d{8}-\d{6}_session_report\.json$/);
    const [files, [reportEntry]] = [native.names.slice(0, -1), native.names.slice(-1)];
    const expected = archiveNames(
      [reportEntry, reportEntry.replace(/\.json$/, '.pdf')],
      AWKWARD.map((filename, i) => ({ filename, seed: 4 + i })),
      false,
    );
    expect(files).toEqual(expected);
    // A few by hand, as the contract's examples give them.
    expect(files).toContain('esc_[31m_corrupted.txt');
    expect(files).toContain('invoice_fdp_corrupted.exe');
    expect(files).toContain('_con_corrupted.bin');
    expect(files).toContain('up_corrupted.txt');
    expect(files).toContain('STRASSE_corrupted.txt');
    expect(files).toContain('straße_corrupted (2).txt');
    expect(files).toContain('café_corrupted (2).txt');
    expect(files).toContain('A_corrupted (2).TXT');
    expect(files).toContain(`${'ж'.repeat(120)}_corrupted.txt`);
    for (const name of files) {
      expect(name, JSON.stringify(name)).not.toMatch(HIDDEN);
      expect(name, JSON.stringify(name)).not.toMatch(/[/\\<>:"|?*]|^\.\.?$|[. ]$/);
      expect(Buffer.byteLength(name), JSON.stringify(name)).toBeLessThanOrEqual(255);
    }
    for (const { report } of results) {
      expect(report.files.map((f) => f.archive_name)).toEqual(files);
      expect(report.files.map((f) => f.filename)).toEqual(AWKWARD);
    }
    // unzip puts exactly these files in the target folder and nothing anywhere else.
    const out = path.join(dir, 'extracted');
    const unzip = spawnSync('unzip', ['-q', 'names-native.zip', '-d', out], {
      cwd: dir,
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
      encoding: 'utf8',
    });
    expect(unzip.status, unzip.stderr).toBe(0);
    expect(readdirSync(out).sort()).toEqual([...native.names].sort());
  });

  it('the native CLI names entries of names that are not UTF-8 by the rule: each bad sequence as U+FFFD', () => {
    // Node cannot put such bytes in an argument list; Python can.
    const script = `
import json, os, subprocess, sys, zipfile
os.chdir(sys.argv[2])
names = [b'caf\\xe9.txt', b'x\\x1b\\xff\\xfe.bin', b'\\xe2\\x82.csv']
for n in names: open(n, 'wb').write(n * 40)
r = subprocess.run([sys.argv[1], '--seed', '1', '--quiet', '--json', '--zip', 'bytes.zip', '--out', 'bytes-out', *names], capture_output=True)
assert r.returncode == 0, r.stderr
z = zipfile.ZipFile('bytes.zip')
report = json.loads(z.read(z.namelist()[-1]))
print(json.dumps({'names': z.namelist()[:-1], 'filenames': [f['filename'] for f in report['files']]}))
`;
    const r = spawnSync('python3', ['-c', script, NATIVE, dir], { encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const { names, filenames } = JSON.parse(r.stdout);
    expect(filenames).toEqual(['caf\uFFFD.txt', 'x\u001b\uFFFD\uFFFD.bin', '\uFFFD.csv']);
    expect(names).toEqual(['caf\uFFFD_corrupted.txt', 'x_\uFFFD\uFFFD_corrupted.bin', '\uFFFD_corrupted.csv']);
    expect(names).toEqual(
      archiveNames(
        ['r.json', 'r.pdf'],
        filenames.map((filename: string, i: number) => ({ filename, seed: 1 + i })),
        false,
      ),
    );
  });

  it('both CLIs stamp the session report’s name in local time, as the browser does', () => {
    const tz = 'Asia/Kathmandu'; // UTC+5:45: hours and minutes both differ from UTC
    const stamp = (t: number) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat('en-GB', {
          timeZone: tz,
          hourCycle: 'h23',
          year: 'numeric',
          month: '2-digit',
          day: '2-digit',
          hour: '2-digit',
          minute: '2-digit',
          second: '2-digit',
        })
          .formatToParts(t)
          .map((p) => [p.type, p.value]),
      );
      return `fracture_session_${parts.year}${parts.month}${parts.day}-${parts.hour}${parts.minute}${parts.second}_session_report.json`;
    };
    for (const tool of TOOLS) {
      const zip = `tz-${tool.label}.zip`;
      const before = Date.now();
      const r = run(tool, ['--seed', '1', '--quiet', '--out', `tz-${tool.label}`, '--zip', zip, 'a.txt'], dir, tz);
      const after = Date.now();
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      const name = zipEntries(path.join(dir, zip)).names.at(-1);
      const allowed = new Set<string>();
      for (let t = before - 1000; t <= after + 1000; t += 250) allowed.add(stamp(t));
      expect([...allowed], tool.label).toContain(name);
    }
  });

  it('variants (--count 2) are named {base}_corrupted_{seed}{.ext} in both CLIs', () => {
    const results = TOOLS.map((tool) => {
      const zip = `variants-${tool.label}.zip`;
      const args = ['--seed', '10', '--count', '2', '--quiet', '--out', `vout-${tool.label}`, '--zip', zip];
      const r = run(tool, [...args, 'a.txt', 'con', 'esc\u001b[31m.txt'], dir);
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      return zipEntries(path.join(dir, zip)).names.slice(0, -1);
    });
    expect(results[0]).toEqual([
      'a_corrupted_10.txt',
      'a_corrupted_11.txt',
      '_con_corrupted_12.bin',
      '_con_corrupted_13.bin',
      'esc_[31m_corrupted_14.txt',
      'esc_[31m_corrupted_15.txt',
    ]);
    expect(results[1]).toEqual(results[0]);
  });
});

describe('reports never carry a raw control character', () => {
  const names = ['esc\u001b[31m.txt', 'del\u007f.bin', 'c1\u0085\u009b.txt', 'invoice\u202efdp.exe'];

  it('--json lines, --report files and the session report escape DEL and C1 as \\u00xx (contract 10.2)', () => {
    const texts = TOOLS.map((tool) => {
      const out = `json-${tool.label}`;
      const zip = `json-${tool.label}.zip`;
      const r = run(tool, ['--seed', '2', '--json', '--report', '--out', out, '--zip', zip, ...names], dir);
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      const lines = r.out.toString('utf8');
      const files = names.map((n) => readFileSync(path.join(dir, out, reportName(n)), 'utf8'));
      const session = spawnSync(
        'python3',
        [
          '-c',
          'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); sys.stdout.write(z.read(z.namelist()[-1]).decode())',
          zip,
        ],
        { cwd: dir, encoding: 'utf8' },
      ).stdout;
      const escaped = ['esc\\u001b[31m.txt', 'del\\u007f.bin', 'c1\\u0085\\u009b.txt', 'invoice\u202efdp.exe'];
      for (const text of [lines, session]) {
        expect(text.replace(/\n/g, ''), tool.label).not.toMatch(RAW_CONTROL);
        // (The native CLI writes the session report compact, the npm CLI indented.)
        for (const e of escaped) expect(text.replace(/": "/g, '":"'), tool.label).toContain(`"filename":"${e}"`);
      }
      for (const [i, text] of files.entries()) {
        expect(text.replace(/\n/g, ''), tool.label).not.toMatch(RAW_CONTROL);
        expect(text, tool.label).toContain(`"filename": "${escaped[i]}"`);
      }
      // The values read back as the names.
      const parsed = lines
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(parsed.map((p) => p.filename)).toEqual(names);
      expect(files.map((f) => JSON.parse(f).filename)).toEqual(names);
      return { parsed, files };
    });
    const untimed = (r: Record<string, unknown>) => ({ ...r, time_ms: 0, ops_ms: 0 });
    expect(texts[0].parsed.map(untimed)).toEqual(texts[1].parsed.map(untimed));
    // The replay command escapes C1 and bidirectional controls in $'…' too (contract 11.5).
    expect(texts[0].parsed[2].replay).toBe(
      "fracture --mode byte_flip --intensity 80 --seed 4 $'c1\\xc2\\x85\\xc2\\x9b.txt'",
    );
    expect(texts[0].parsed[3].replay).toBe(
      "fracture --mode byte_flip --intensity 80 --seed 5 $'invoice\\xe2\\x80\\xaefdp.exe'",
    );
  });

  it('--pdf reports draw names in the display form, in both CLIs', () => {
    for (const tool of TOOLS) {
      const out = `pdf-${tool.label}`;
      const r = run(
        tool,
        ['--seed', '2', '--quiet', '--pdf', '--out', out, '--zip', `pdf-${tool.label}.zip`, ...names],
        dir,
      );
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      for (const name of names) {
        const file = path.join(dir, out, pdfReportName(name));
        const text = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).stdout;
        const rows = text.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
        expect(rows, `${tool.label}: ${JSON.stringify(name)}`).toContain(`File ${displayName(name)}`);
        expect(text, `${tool.label}: ${JSON.stringify(name)}`).not.toMatch(HIDDEN);
        const info = spawnSync('pdfinfo', ['-enc', 'UTF-8', file], { encoding: 'utf8' }).stdout;
        expect(info, tool.label).toContain(`Fracture corruption report: ${displayName(name)}`);
      }
      const unzipped = path.join(dir, `pdf-${tool.label}-x`);
      mkdirSync(unzipped);
      expect(spawnSync('unzip', ['-q', `pdf-${tool.label}.zip`, '-d', unzipped], { cwd: dir }).status).toBe(0);
      const sessionPdf = readdirSync(unzipped).find((n) => n.endsWith('_session_report.pdf'));
      expect(sessionPdf, tool.label).toBeDefined();
      const text = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', path.join(unzipped, String(sessionPdf)), '-'], {
        encoding: 'utf8',
      }).stdout;
      expect(text, tool.label).not.toMatch(HIDDEN);
      const flat = text.replace(/\s+/g, ' ');
      for (const [i, name] of names.entries()) expect(flat, tool.label).toContain(`${i + 1}. ${displayName(name)}`);
    }
  });
});
