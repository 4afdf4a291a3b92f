// `--zip`: the native CLI and the npm CLI write byte-identical batch ZIPs for the same command
// (docs/cli.md, "The batch ZIP"): one layout and one session report, the host crate's, and entry
// dates by one rule (SOURCE_DATE_EPOCH when set, the session's start otherwise). Compared after
// zeroing only the timing fields (zip-timings.ts); Python's zipfile and unzip -t judge every archive.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xorshiftBytes } from './generators.ts';
import { untimedZip } from './zip-timings.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
// bin/fracture.mjs runs dist/cli/main.js (the bundle of cli/main.ts, which runs the command).
const NPM = path.join(ROOT, 'bin/fracture.mjs');
const TOOLS = [
  { label: 'native', cmd: NATIVE, args: [] as string[] },
  { label: 'npm', cmd: process.execPath, args: [NPM] },
];
/** Names in local time without SOURCE_DATE_EPOCH: a zone with a half-hour offset, for both. */
const TZ = 'Asia/Kolkata';

const FILES: [string, Uint8Array][] = [
  [
    'a/report.pdf',
    new Uint8Array([...new TextEncoder().encode('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), ...xorshiftBytes(9000, 3)]),
  ],
  ['b/report.pdf', xorshiftBytes(5000, 4)],
  ['rows.csv', new TextEncoder().encode('id,name\n1,"a"\n2,"b"\n'.repeat(300))],
  ['README', new TextEncoder().encode('no extension here\n'.repeat(50))],
  // Decomposed é (NFC in the ZIP), a check mark, CJK, an emoji and a right-to-left override.
  ['re\u0301sume\u0301 ✓ 日本 📄\u202egpj.JSON', new TextEncoder().encode('{"k": [1, 2, 3]}\n'.repeat(40))],
  ['empty.txt', new Uint8Array()],
];

interface Case {
  name: string;
  args: string[];
  /** SOURCE_DATE_EPOCH, or none (the session's start dates the entries). */
  sde?: string;
}

const CASES: Case[] = [
  { name: 'default mode, SOURCE_DATE_EPOCH in range', args: ['--seed', '7'], sde: '1700000000' },
  {
    name: 'guaranteed_break --count 3, SOURCE_DATE_EPOCH 0 (clamped to 1980)',
    args: ['--mode', 'guaranteed_break', '--seed', '11', '--count', '3'],
    sde: '0',
  },
  {
    name: 'a UI mode name, past 2038 (no extended timestamp)',
    args: ['--mode', 'stealth_corruption', '--intensity', '40', '--seed', '3'],
    sde: '4102444800',
  },
  {
    name: 'truncate_insert --count 2, no SOURCE_DATE_EPOCH',
    args: ['--mode', 'truncate_insert', '--seed', '5', '--count', '2'],
  },
];

function run(tool: (typeof TOOLS)[number], args: string[], cwd: string, sde?: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, TZ };
  delete env.SOURCE_DATE_EPOCH;
  if (sde !== undefined) env.SOURCE_DATE_EPOCH = sde;
  const r = spawnSync(tool.cmd, [...tool.args, ...args], { cwd, env, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** Python's zipfile (testzip, and the entry dates) and unzip -t accept the archive; its names and dates. */
function judged(zip: string): { names: string[]; dates: number[][]; report: Record<string, unknown> } {
  const py = spawnSync(
    'python3',
    [
      '-c',
      `
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1]); assert z.testzip() is None
infos = z.infolist()
report = json.loads(z.read(infos[-1].filename))
print(json.dumps({'names': [i.filename for i in infos], 'dates': [list(i.date_time) for i in infos], 'report': report}))
`,
      zip,
    ],
    { encoding: 'utf8' },
  );
  expect(py.status, py.stderr).toBe(0);
  const unzip = spawnSync('unzip', ['-tq', zip], { encoding: 'utf8' });
  expect(unzip.status, unzip.stdout + unzip.stderr).toBe(0);
  return JSON.parse(py.stdout);
}

/**
 * The civil date and time of `seconds` on a clock `offset` seconds east of UTC, clamped to DOS's range
 * and its 2-second steps.
 */
function dosDate(seconds: number, offset: number): number[] {
  const clamp = (s: number) => Math.min(Math.max(s, 315532800), 4354819198);
  const d = new Date(clamp(clamp(seconds) + offset) * 1000);
  return [
    d.getUTCFullYear(),
    d.getUTCMonth() + 1,
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds() & ~1,
  ];
}

describe('--zip: the same archive from both command lines', () => {
  let dir: string;
  beforeAll(() => {
    for (const p of [NATIVE, NPM])
      if (!existsSync(p)) throw new Error(`${p} is missing: run \`make native cli\` first`);
    dir = mkdtempSync(path.join(tmpdir(), 'fracture-zip-bytes-'));
    for (const [name, bytes] of FILES) {
      mkdirSync(path.join(dir, path.dirname(name)), { recursive: true });
      writeFileSync(path.join(dir, name), bytes);
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  for (const c of CASES) {
    it(c.name, () => {
      const archives: Buffer[] = [];
      for (const tool of TOOLS) {
        // The same command line for both (the replay commands in the report name no output path).
        const r = run(tool, [...c.args, '--out', 'out', '--zip', 'batch.zip', ...FILES.map(([n]) => n)], dir, c.sde);
        expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
        const zip = path.join(dir, 'batch.zip');
        archives.push(readFileSync(zip));
        const { names, dates, report } = judged(zip);
        expect(names.length, tool.label).toBe(
          FILES.length * (c.args.includes('--count') ? Number(c.args[c.args.indexOf('--count') + 1]) : 1) + 1,
        );
        expect(names.slice(0, 2), tool.label).toEqual(
          c.args.includes('--count')
            ? [
                `report_corrupted_${c.args[c.args.indexOf('--seed') + 1]}.pdf`,
                expect.stringMatching(/^report_corrupted_\d+\.pdf$/),
              ]
            : ['report_corrupted.pdf', 'report_corrupted (2).pdf'],
        );
        // The rule: SOURCE_DATE_EPOCH when set, read in UTC; otherwise the session's start
        // (session_timestamp), read on the local clock (TZ: 5:30 east of UTC).
        const start =
          c.sde === undefined ? Math.floor(Date.parse(String(report.session_timestamp)) / 1000) : Number(c.sde);
        for (const d of dates) expect(d, tool.label).toEqual(dosDate(start, c.sde === undefined ? 5.5 * 3600 : 0));
        if (c.sde !== undefined) expect(report.session_timestamp).toBe(new Date(Number(c.sde) * 1000).toISOString());
        rmSync(zip);
      }
      const [native, npm] = archives.map((a) => untimedZip(a, c.sde === undefined));
      expect(npm.length).toBe(native.length);
      expect(npm.equals(native), 'the archives differ beyond their timing fields').toBe(true);
      // The comparison sees a change outside the timings: one bit of the first central record's "made by".
      const tampered = Buffer.from(archives[1]);
      tampered[tampered.readUInt32LE(tampered.length - 6) + 4] ^= 1;
      expect(untimedZip(tampered, c.sde === undefined).equals(native)).toBe(false);
    });
  }

  for (const dated of [['--zip', 'refused.zip'], ['--pdf']]) {
    it(`refuses a malformed SOURCE_DATE_EPOCH with ${dated[0]}, before writing anything`, () => {
      const lines = TOOLS.map((tool) => {
        const r = run(tool, ['--seed', '1', '--out', 'refused', ...dated, 'rows.csv'], dir, '1.5e9');
        expect(r.code, tool.label).toBe(2);
        expect(existsSync(path.join(dir, 'refused')), tool.label).toBe(false);
        return r.err;
      });
      expect(lines[0]).toBe(
        'fracture: SOURCE_DATE_EPOCH must be a whole number of seconds from 0 to 253402300799 (1970 to 9999, UTC), got "1.5e9"\n',
      );
      expect(lines[1]).toBe(lines[0]);
    });
  }
  it('takes a malformed SOURCE_DATE_EPOCH as unset when nothing is dated by it', () => {
    for (const tool of TOOLS) {
      const r = run(tool, ['--seed', '1', '--out', `undated-${tool.label}`, 'rows.csv'], dir, '1.5e9');
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
    }
  });
});
