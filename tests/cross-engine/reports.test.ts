// The reports both command lines hand out, met as a user meets them: the host fields (replay command,
// share link) in --json and --report, the same text from the native CLI (engine-rs/host/src/host_fields.rs)
// and the npm CLI (lib/report/host-fields.ts) over odd names; a replay command run in a shell
// reproducing the bytes; and --pdf's PDFs, checked with qpdf and read back with pdftotext.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corruptedName, reportName } from '../../lib/engine/shared/names.ts';
import { SITE_ORIGIN } from '../../lib/engine/shared/mode-tables.ts';
import { loadOutputsModule } from '../../lib/engine/host-module/node.ts';
import { bytesSource, changeMapOf } from '../../lib/engine/host-module/reports.ts';

const changeMap = async (a: ReturnType<typeof bytesSource>, b: ReturnType<typeof bytesSource>) =>
  changeMapOf(await loadOutputsModule(), a, b);
import { fileReportPdf, pdfReportName } from '../../lib/report/pdf.ts';
import { HITS_HEADING, HITS_PDF_MAX_ROWS } from '../../lib/report/tables.ts';
import {
  expectLabel,
  expectText,
  hitsByStrength,
  hitsLegend,
  hitsMoreText,
  LEGAL_NOTICE,
  overallSentence,
  thousands,
} from '../../lib/report/text.ts';
import { smallPng } from './families.ts';
import { xorshiftBytes } from './generators.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const NATIVE = path.join(ROOT, 'target/release/fracture');
const NPM = path.join(ROOT, 'bin/fracture.mjs');

type Tool = { label: string; cmd: string; args: string[] };
const TOOLS: Tool[] = [
  { label: 'native', cmd: NATIVE, args: [] },
  { label: 'npm', cmd: process.execPath, args: [NPM] },
];

/** Names a file can have on Linux that a shell, an option parser or a terminal could trip on. */
const ODD_NAMES = [
  'plain.bin',
  'quarterly results.csv',
  "it's here.txt",
  'name"with"quotes.json',
  '-rf',
  '--mode',
  '$(touch pwned).png',
  '`whoami`;ls|cat&.txt',
  'back\\slash',
  'tab\there.txt',
  'new\nline.txt',
  'bell\u0007 esc\u001b[31m del\u007f.bin',
  'résumé 📄 ẞ-Ωmega.tar.gz',
  '日本語のファイル.csv',
];

function run(tool: Tool, args: string[], cwd: string, input?: Uint8Array, env?: Record<string, string>) {
  const r = spawnSync(tool.cmd, [...tool.args, ...args], { cwd, input, env: env && { ...process.env, ...env } });
  return { code: r.status, out: r.stdout, err: r.stderr.toString('utf8') };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** qpdf's verdict and the text pdftotext gives back, whitespace runs made single spaces. */
function readPdf(file: string) {
  const check = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
  const text = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).stdout;
  return { check: check.stdout, checkCode: check.status, text, flat: text.replace(/\s+/g, ' ') };
}

let dir: string;

beforeAll(() => {
  for (const p of [NATIVE, NPM, path.join(ROOT, 'dist/cli/main.js')]) {
    if (!existsSync(p)) throw new Error(`${p} is missing: run \`make build\` first`);
  }
  dir = mkdtempSync(path.join(tmpdir(), 'fracture-reports-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A directory holding every odd name, each file different. */
function oddFiles(where: string) {
  mkdirSync(where, { recursive: true });
  for (const [i, name] of ODD_NAMES.entries())
    writeFileSync(path.join(where, name), xorshiftBytes(3000 + 97 * i, 11 + i));
}

describe('host fields in the command lines', () => {
  it('both CLIs print the same replay command and share link, after the engine fields, over odd names', () => {
    const where = path.join(dir, 'odd');
    oddFiles(where);
    const files = ODD_NAMES.map((n) => `./${n}`);
    const reports = TOOLS.map((tool) => {
      const r = run(
        tool,
        ['--json', '--seed', '9', '--mode', 'stealth_corruption', '--out', `out-${tool.label}`, ...files],
        where,
      );
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      return r.out
        .toString('utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
    });
    for (const [i, name] of ODD_NAMES.entries()) {
      const [native, npm] = reports.map((list) => list[i]);
      const keys = Object.keys(native);
      expect(keys.slice(-2)).toEqual(['replay', 'share_link']);
      expect(keys.indexOf('expect_overall')).toBe(keys.length - 3);
      expect(native.filename).toBe(name);
      expect(native.replay, JSON.stringify(name)).toBe(npm.replay);
      expect(native.share_link).toBe(npm.share_link);
      const query = new URLSearchParams([
        ['v', '2'],
        ['mode', 'header_preserve_flip'],
        ['intensity', '80'],
        ['seed', String(9 + i)],
        ['file', name],
        ['size', String(native.original_size)],
      ]);
      expect(native.share_link).toBe(`${SITE_ORIGIN}/?${query}`);
      expect(native.replay).toMatch(
        new RegExp(`^fracture --mode header_preserve_flip --intensity 80 --seed ${9 + i} `),
      );
      // Never a control character a pasted command could act on.
      expect([...native.replay].some((ch) => ch.charCodeAt(0) < 0x20 || ch === '\u007f')).toBe(false);
    }
  });

  it('--report files carry the host fields too, in JSON.stringify(report, null, 2) form', () => {
    const where = path.join(dir, 'report-files');
    mkdirSync(where);
    writeFileSync(path.join(where, 'my data.csv'), 'a,b\n1,2\n'.repeat(200));
    for (const tool of TOOLS) {
      const out = `out-${tool.label}`;
      const r = run(tool, ['--report', '--seed', '3', '--out', out, 'my data.csv'], where);
      expect(r.code, r.err).toBe(0);
      const text = readFileSync(path.join(where, out, 'my_data.csv_corruption_report.json'), 'utf8');
      const report = JSON.parse(text);
      expect(text).toBe(`${JSON.stringify(report, null, 2)}\n`);
      expect(report.replay).toBe("fracture --mode byte_flip --intensity 80 --seed 3 'my data.csv'");
      expect(report.share_link).toBe(
        `${SITE_ORIGIN}/?v=2&mode=byte_flip&intensity=80&seed=3&file=my+data.csv&size=${report.original_size}`,
      );
    }
  });

  it('a replay command, run by the shell as printed, writes the same bytes (byte ranges and --fix-checksums included)', () => {
    const where = path.join(dir, 'replay');
    oddFiles(where);
    // `fracture` on PATH is each CLI in turn.
    const bins = TOOLS.map((tool) => {
      const bin = path.join(dir, `bin-${tool.label}`);
      mkdirSync(bin);
      const quoted = [tool.cmd, ...tool.args].map((w) => `'${w}'`).join(' ');
      writeFileSync(path.join(bin, 'fracture'), `#!/bin/sh\nexec ${quoted} "$@"\n`);
      chmodSync(path.join(bin, 'fracture'), 0o755);
      return bin;
    });
    // Each mode, the options given, and the options the replay command carries (canonical ranges,
    // `only` before `protect`).
    const cases: [string, string[], string][] = [
      [
        'bit_rot',
        ['--only', '0x10:2000', '--protect=-100:', '--only=-0x200:', '--fix-checksums'],
        ' --only 16:2000 --only=-512: --protect=-100: --fix-checksums',
      ],
      ['bad_sectors', ['--protect', ':512', '--intensity', '30'], ' --protect :512'],
      ['header_preserve_flip', ['--fix-checksums'], ' --fix-checksums'],
      ['truncate_insert', [], ''],
      // The new modes' own options; text_transfer names the direction the seed chose.
      ['text_transfer', [], ' --direction (lf_to_crlf|crlf_to_lf)'],
      [
        'charset_roundtrip',
        ['--direction', 'from_utf8', '--charset', 'latin1', '--bom', 'add'],
        ' --direction from_utf8 --charset latin1 --bom add',
      ],
      ['misdirected_write', ['--block-size', '512', '--protect', ':512'], ' --protect :512 --block-size 512'],
    ];
    let replays = 0;
    for (const [t, tool] of TOOLS.entries()) {
      for (const [c, [mode, options, carried]] of cases.entries()) {
        for (const name of [ODD_NAMES[c], ODD_NAMES[ODD_NAMES.length - 1 - c], 'new\nline.txt', '-rf']) {
          const first = run(
            tool,
            ['--json', '--quiet', '--mode', mode, ...options, '--seed', '77', '--out', 'first', `./${name}`],
            where,
          );
          expect(first.code, `${tool.label}: ${first.err}`).toBe(0);
          const report = JSON.parse(first.out.toString('utf8'));
          expect(report.replay).toMatch(
            new RegExp(`^fracture --mode ${mode} --intensity ${report.intensity} --seed 77${carried} [^-]`),
          );
          rmSync(path.join(where, 'corrupted'), { recursive: true, force: true });
          const again = spawnSync('bash', ['-c', report.replay], {
            cwd: where,
            env: { ...process.env, PATH: `${bins[t]}:${process.env.PATH}` },
          });
          expect(again.status, `${report.replay}: ${again.stderr}`).toBe(0);
          const written = readdirSync(path.join(where, 'corrupted'));
          expect(written).toHaveLength(1);
          expect(sha256(readFileSync(path.join(where, 'corrupted', written[0]))), report.replay).toBe(
            report.sha256_after,
          );
          replays++;
        }
      }
    }
    expect(replays).toBe(TOOLS.length * cases.length * 4);
    // Eighty-four runs and their replays, the npm CLI starting Node for each.
  }, 400_000);
});

describe('--pdf', () => {
  it('both CLIs write one sound PDF per file, beside the JSON, with every value pdftotext can read back', () => {
    const where = path.join(dir, 'pdf');
    const names = ['résumé 📄 ẞ-Ωmega.tar.gz', 'it\'s a "quoted" name.bmp', 'new\nline.txt', 'plain.png'];
    mkdirSync(where);
    for (const [i, n] of names.entries()) writeFileSync(path.join(where, n), xorshiftBytes(9000 + i, 40 + i));
    const texts = TOOLS.map((tool) => {
      const out = `out-${tool.label}`;
      const r = run(
        tool,
        ['--pdf', '--report', '--mode', 'truncate_insert', '--seed', '5', '--out', out, ...names.map((n) => `./${n}`)],
        where,
      );
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      return names.map((name) => {
        const report = JSON.parse(readFileSync(path.join(where, out, reportName(name)), 'utf8'));
        const file = path.join(where, out, pdfReportName(name));
        const { check, checkCode, text, flat } = readPdf(file);
        expect(checkCode, check).toBe(0);
        expect(check).toContain('No syntax or stream encoding errors found');
        const rows = text.split('\n').map((l) => l.trim().replace(/\s+/g, ' '));
        const has = (label: string, value: string) =>
          expect(rows, `${tool.label} ${label}`).toContain(`${label} ${value}`.replace(/\s+/g, ' '));
        // pdftotext ends a line at a newline in the name, so the name is looked for line by line.
        for (const part of name.split('\n')) expect(flat).toContain(part.replace(/\s+/g, ' '));
        if (!name.includes('\n')) has('File', name);
        has('Original size', `${report.original_size} bytes`);
        has('Result size', `${report.result_size} bytes`);
        has('Intensity', '80');
        has('Seed', String(report.seed));
        has('Engine', report.engine);
        has('Time', `${report.time_ms} ms`);
        has('Entropy before', String(report.before_entropy));
        has('Entropy after', String(report.after_entropy));
        has('Entropy change', String(report.entropy_delta));
        has('SHA-256 before', report.sha256_before);
        has('SHA-256 after', report.sha256_after);
        has('Verdict', report.verdict);
        has('Mode', 'truncate_insert (Cut & Replace · Size Alteration)');
        has('Bytes removed (removed)', String(report.removed));
        has('Bytes inserted (inserted)', String(report.inserted));
        has('Cut at offset (remove_start)', String(report.remove_start));
        has('Escalation', 'Not escalated: the first pass was final.');
        expect(flat).toContain(report.recipe);
        expect(flat).toContain(report.share_link);
        if (!name.includes('\n')) expect(flat).toContain(report.replay);
        expect(flat).toMatch(/Report made \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/);
        expect(flat).toContain(LEGAL_NOTICE);
        expect(flat).toMatch(/ bytes changed \(\d+\.\d%\) in [\d,]+ runs?; first change at byte /);
        // The timing and the moment it was made are the only lines that may differ between the CLIs.
        return text.replace(/^(Time|Report made) .*$/gm, '');
      });
    });
    expect(texts[0]).toEqual(texts[1]);
  });

  it("both CLIs write the one writer's bytes: each PDF made again from its --report JSON is identical", async () => {
    const where = path.join(dir, 'pdf-bytes');
    const names = ['résumé 📄 ẞ-Ωmega.png', 'tab\there.bin', 'plain.csv'];
    mkdirSync(where);
    writeFileSync(path.join(where, names[0]), smallPng(4, 200));
    writeFileSync(path.join(where, names[1]), xorshiftBytes(7000, 3));
    writeFileSync(path.join(where, names[2]), new TextEncoder().encode('a,b,c\n1,2,3\n'.repeat(300)));
    const sourceDateEpoch = '1767225600'; // 2026-01-01T00:00:00Z
    const writers = await loadOutputsModule();
    for (const tool of TOOLS) {
      const out = `out-${tool.label}`;
      const args = ['--pdf', '--report', '--mode', 'byte_flip', '--seed', '9', '--out', out, ...names];
      const r = run(tool, args, where, undefined, { SOURCE_DATE_EPOCH: sourceDateEpoch });
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      for (const name of names) {
        const report = JSON.parse(readFileSync(path.join(where, out, reportName(name)), 'utf8'));
        const original = readFileSync(path.join(where, name));
        const corrupted = readFileSync(path.join(where, out, corruptedName(name)));
        const changes = await changeMap(bytesSource(original), bytesSource(corrupted));
        // Made an hour later by the clock: SOURCE_DATE_EPOCH is the time either way.
        const madeAt = new Date(Date.now() + 3_600_000);
        const again = fileReportPdf(writers, { report, changes, madeAt, sourceDateEpoch });
        const written = readFileSync(path.join(where, out, pdfReportName(name)));
        expect(Buffer.compare(Buffer.from(again), written), `${tool.label} ${name}`).toBe(0);
        expect(readPdf(path.join(where, out, pdfReportName(name))).flat).toContain(
          'Report made 2026-01-01T00:00:00.000Z',
        );
      }
    }
  });

  it("both CLIs wrap a long label in its column, beside its value (bit_rot's rate)", () => {
    const where = path.join(dir, 'pdf-label');
    mkdirSync(where);
    writeFileSync(path.join(where, 'rot.bin'), xorshiftBytes(9000, 3));
    const texts = TOOLS.map((tool) => {
      const out = `out-${tool.label}`;
      const r = run(tool, ['--pdf', '--mode', 'bit_rot', '--seed', '5', '--out', out, 'rot.bin'], where);
      expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
      const { text } = readPdf(path.join(where, out, pdfReportName('rot.bin')));
      const rate = text.split('\n').find((line) => line.includes('Rate, 1 in this many'));
      expect(rate, tool.label).toMatch(/\S {2,}\d+\s*$/);
      expect(text, tool.label).toMatch(/^\s*\(one_in_bits\)\s*$/m);
      return text.replace(/^(Time|Report made) .*$/gm, '');
    });
    expect(texts[0]).toEqual(texts[1]);
  });

  it('both CLIs draw the same "What was hit" table, capped at the same row, over PNGs with few and many hits', () => {
    const where = path.join(dir, 'pdf-hits');
    mkdirSync(where);
    const cases = [
      ['few.png', smallPng(3, 300), '30'],
      ['many.png', smallPng(60, 64), '80'],
    ] as const;
    for (const [name, bytes] of cases) writeFileSync(path.join(where, name), bytes);
    const texts = TOOLS.map((tool) =>
      cases.map(([name, , intensity]) => {
        const out = `out-${tool.label}-${name}`;
        const r = run(tool, ['--pdf', '--report', '--intensity', intensity, '--seed', '11', '--out', out, name], where);
        expect(r.code, `${tool.label}: ${r.err}`).toBe(0);
        const report = JSON.parse(readFileSync(path.join(where, out, reportName(name)), 'utf8'));
        const { check, text, flat } = readPdf(path.join(where, out, pdfReportName(name)));
        expect(check).toContain('No syntax or stream encoding errors found');
        expect(flat).toContain(HITS_HEADING);
        expect(flat).toContain(overallSentence(report.expect_overall));
        const hits = hitsByStrength(report.hits);
        const rows = text.split('\n').map((l) => l.trim().replace(/\s+/g, ' '));
        for (const h of hits.slice(0, HITS_PDF_MAX_ROWS))
          expect(rows, `${tool.label} ${h.path}`).toContain(
            `${h.path} ${thousands(h.changed_bytes)} ${thousands(h.first)} ${expectLabel(h.expect)}`,
          );
        if (hits.length > HITS_PDF_MAX_ROWS) expect(flat).toContain(hitsMoreText(hits.length - HITS_PDF_MAX_ROWS));
        else expect(flat).not.toContain('more regions (the JSON report');
        for (const line of hitsLegend()) expect(flat).toContain(line);
        return { count: hits.length, text: text.replace(/^(Time|Report made) .*$/gm, '') };
      }),
    );
    expect(texts[0][0].count).toBeLessThanOrEqual(HITS_PDF_MAX_ROWS);
    expect(texts[0][1].count).toBeGreaterThan(HITS_PDF_MAX_ROWS);
    expect(texts[0]).toEqual(texts[1]);
  });

  it('with --zip, the session report PDF goes into the ZIP beside the session JSON', () => {
    const where = path.join(dir, 'pdf-zip');
    mkdirSync(where);
    const names = ['a b.csv', 'ünïcødé ✓.json'];
    for (const [i, n] of names.entries()) writeFileSync(path.join(where, n), xorshiftBytes(4000, 70 + i));
    for (const tool of TOOLS) {
      const zip = `${tool.label}.zip`;
      const r = run(tool, ['--pdf', '--zip', zip, '--seed', '8', '--out', `out-${tool.label}`, ...names], where);
      expect(r.code, r.err).toBe(0);
      const x = path.join(where, `x-${tool.label}`);
      const unzip = spawnSync('unzip', ['-q', zip, '-d', x], { cwd: where, encoding: 'utf8' });
      expect(unzip.status, unzip.stderr).toBe(0);
      const entries = readdirSync(x).sort();
      const json = entries.find((e) => e.endsWith('_session_report.json'));
      const pdf = entries.find((e) => e.endsWith('_session_report.pdf'));
      if (!json || !pdf) throw new Error(`no session report in ${entries.join(', ')}`);
      expect(pdf.replace(/\.pdf$/, '.json')).toBe(json);
      const session = JSON.parse(readFileSync(path.join(x, json), 'utf8'));
      const { check, flat } = readPdf(path.join(x, pdf));
      expect(check).toContain('No syntax or stream encoding errors found');
      expect(flat).toContain('Master seed 8');
      expect(flat).toContain('Files 2');
      for (const [i, f] of session.files.entries()) {
        expect(f.replay).toBe(`fracture --mode byte_flip --intensity 80 --seed ${8 + i} '${names[i]}'`);
        // Each file's overall expectation, last in its entry, and in words in the PDF.
        expect(Object.keys(f).at(-1), tool.label).toBe('expect_overall');
        expect(flat).toContain(`Expectation ${expectText(f.expect_overall)}`);
        expect(flat).toContain(`${i + 1}. ${names[i]}`);
        expect(flat).toContain(f.replay);
        expect(flat).toContain(f.sha256_after);
      }
    }
  });

  it('with - (standard input), standard output holds only the bytes; the PDF goes to DIR', () => {
    const where = path.join(dir, 'pdf-stdin');
    mkdirSync(where);
    const input = xorshiftBytes(5000, 99);
    const outputs = TOOLS.map((tool) => {
      const r = run(
        tool,
        ['--pdf', '--seed', '4', '--name', 'piped data.bin', '--out', `out-${tool.label}`, '-'],
        where,
        input,
      );
      expect(r.code, r.err).toBe(0);
      const { check, flat } = readPdf(path.join(where, `out-${tool.label}`, 'piped_data.bin_corruption_report.pdf'));
      expect(check).toContain('No syntax or stream encoding errors found');
      expect(flat).toContain(`SHA-256 after ${sha256(r.out)}`);
      expect(flat).toContain("fracture --mode byte_flip --intensity 80 --seed 4 'piped data.bin'");
      return sha256(r.out);
    });
    const plain = run(TOOLS[0], ['--seed', '4', '--name', 'piped data.bin', '-'], where, input);
    expect(outputs).toEqual([sha256(plain.out), sha256(plain.out)]);
  });
});
