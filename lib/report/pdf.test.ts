// The PDF reports checked the way a reader meets them: qpdf --check says the file is sound, and
// pdftotext (poppler) gives back every value. The writer is fracture-host's, through the outputs
// module, as the npm CLI loads it (the site loads the same module in the page).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corrupt } from '../engine/reference/engine.ts';
import { batchZip, type SessionReport } from '../zip/batch.ts';
import { bytesSource, changeMapOf } from '../engine/host-module/reports.ts';

const changeMap = async (a: ReturnType<typeof bytesSource>, b: ReturnType<typeof bytesSource>) =>
  changeMapOf(await loadOutputsModule(), a, b);
import { displayName } from './display.ts';
import { type BrowserDecoder, withHostFields as hostFields } from '../engine/host-module/reports.ts';
import { Encodings, Font, FontNames } from '@pdf-lib/standard-fonts';
import { parse } from 'smol-toml';
import { readFileSync } from 'node:fs';
import { loadOutputsModule } from '../engine/host-module/node.ts';
import * as pdfModule from './pdf.ts';
import { pdfReportName } from './pdf.ts';
import { smallPng } from '../../tests/cross-engine/families.ts';
import { HITS_COLUMNS, HITS_HEADING, HITS_PDF_MAX_ROWS } from './tables.ts';
import {
  changeSummary,
  expectLabel,
  expectText,
  hitsByStrength,
  hitsLegend,
  hitsMoreText,
  LEGAL_NOTICE,
  MODE_FIELDS,
  overallSentence,
  thousands,
} from './text.ts';

const dir = mkdtempSync(join(tmpdir(), 'fracture-pdf-'));
const writers = await loadOutputsModule();
const withHostFields = (report: Parameters<typeof hostFields>[1], browserDecoder?: BrowserDecoder) =>
  hostFields(writers, report, { browserDecoder });
const fileReportPdf = (input: Parameters<typeof pdfModule.fileReportPdf>[1]) => pdfModule.fileReportPdf(writers, input);
const sessionReportPdf = (input: Parameters<typeof pdfModule.sessionReportPdf>[1]) =>
  pdfModule.sessionReportPdf(writers, input);

/** The session report a batch ZIP of these reports holds (the host crate's, as every host makes it). */
async function buildSessionReport(run: {
  timestamp: Date;
  mode: string;
  intensity: number;
  masterSeed: number;
  files: object[];
}): Promise<SessionReport> {
  const { timestamp: startedAt, files, ...rest } = run;
  const results = files.map((report) => ({ data: new Uint8Array(0), report }));
  return (await batchZip(writers, { startedAt, ...rest }, results)).session;
}

/** qpdf's verdict and the text pdftotext extracts, whitespace runs made single spaces. */
function read(pdf: Uint8Array, name: string) {
  const path = join(dir, name);
  writeFileSync(path, pdf);
  const check = execFileSync('qpdf', ['--check', path], { encoding: 'utf8' });
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
  return { check, text, flat: text.replace(/\s+/g, ' ') };
}

function lines(text: string) {
  return text.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
}

describe('file report PDF', () => {
  for (const [name, mode] of [
    ['résumé 📄 ẞ-Ωmega.tar.gz', 'truncate_insert'],
    ['it\'s a "quoted" name;$(x).bmp', 'header_preserve_flip'],
    ['plain.csv', 'byte_flip'],
  ] as const) {
    it(`${mode} on ${name}: qpdf finds no error and pdftotext gives back every value`, async () => {
      const input = new Uint8Array(5000).map((_, i) => (i * 7919) >>> 3);
      const { data, report } = corrupt(input, name, { mode, intensity: 80, seed: 42 });
      const hosted = withHostFields(report, 'rejected');
      const changes = await changeMap(bytesSource(input), bytesSource(data));
      const madeAt = new Date('2026-11-23T10:20:30.456Z');
      const pdf = fileReportPdf({ report: hosted, changes, madeAt });
      const { check, text, flat } = read(pdf, pdfReportName(name));
      expect(check).toContain('No syntax or stream encoding errors found');
      const rows = lines(text);
      const has = (label: string, value: string) =>
        expect(rows, `${label}: ${value}`).toContain(`${label} ${value}`.replace(/\s+/g, ' '));
      has('File', name);
      has('Original size', `${report.original_size} bytes`);
      has('Result size', `${report.result_size} bytes`);
      has('Intensity', '80');
      has('Seed', '42');
      has('Engine', report.engine);
      has('Time', `${report.time_ms} ms`);
      has('Entropy before', String(report.before_entropy));
      has('Entropy after', String(report.after_entropy));
      has('Entropy change', String(report.entropy_delta));
      has('SHA-256 before', report.sha256_before);
      has('SHA-256 after', report.sha256_after);
      has('Verdict', report.verdict);
      has('Report made', '2026-11-23T10:20:30.456Z');
      expect(flat).toContain(`${mode} (`);
      expect(flat).toContain(report.recipe);
      expect(flat).toContain(hosted.replay);
      expect(flat).toContain(hosted.share_link);
      expect(flat).toContain(changeSummary(changes));
      expect(flat).toContain(LEGAL_NOTICE);
      expect(flat).toContain('rejected (the browser could not open the corrupted file)');
      // Each mode field's value stands on its label's first line (a long label wraps in its column).
      for (const { key, label } of MODE_FIELDS) {
        const value = report[key as keyof typeof report];
        if (typeof value !== 'number') continue;
        const row = rows.find((r) => r.startsWith(label.split(' ')[0]) && r.endsWith(` ${value}`));
        expect(row, `${label} (${key}): ${value}`).toBeDefined();
        expect(flat).toContain(`(${key})`);
      }
    });
  }

  it('draws the change map as rectangles, one per changed segment', async () => {
    const input = new Uint8Array(10_000);
    const output = input.slice();
    output.fill(1, 2500, 5000);
    const { report } = corrupt(input, 'zeros.bin', { mode: 'byte_flip', intensity: 10, seed: 1 });
    const changes = await changeMap(bytesSource(input), bytesSource(output));
    const pdf = fileReportPdf({ report: withHostFields(report), changes, madeAt: new Date() });
    const path = join(dir, 'figure.pdf');
    writeFileSync(path, pdf);
    const content = execFileSync('qpdf', ['--qdf', '--object-streams=disable', path, '-'], { encoding: 'latin1' });
    // 64 of 256 segments changed: 64 filled rectangles, the strip's background, and its frame.
    expect(content.match(/ re\nf\n/g)?.length).toBe(64 + 1);
    expect(content.match(/ re\nS\n/g)?.length).toBe(1);
  });
});

describe('the hits table ("What was hit")', () => {
  async function hitsPdf(input: Uint8Array, name: string, intensity: number) {
    const { data, report } = corrupt(input, 'image.png', { mode: 'byte_flip', intensity, seed: 11 });
    const changes = await changeMap(bytesSource(input), bytesSource(data));
    const pdf = fileReportPdf({ report: withHostFields(report), changes, madeAt: new Date(0) });
    return { report, ...read(pdf, name) };
  }

  it('says the overall expectation and lists every hit, strongest first, with the legend', async () => {
    const { report, check, text, flat } = await hitsPdf(smallPng(3, 300), 'hits.pdf', 30);
    expect(check).toContain('No syntax or stream encoding errors found');
    const hits = hitsByStrength(report.hits ?? []);
    expect(hits.length).toBeGreaterThan(2);
    expect(hits.length).toBeLessThanOrEqual(HITS_PDF_MAX_ROWS);
    expect(report.expect_overall).toBe('reject');
    expect(flat).toContain(HITS_HEADING);
    expect(flat).toContain(overallSentence('reject'));
    expect(flat).toContain('Overall expectation: must reject (');
    expect(lines(text)).toContain(HITS_COLUMNS.slice(0, 4).join(' '));
    // Each hit's row, in the table's order, then its why under it.
    const rows = lines(text);
    let at = 0;
    for (const h of hits) {
      const row = `${h.path} ${thousands(h.changed_bytes)} ${thousands(h.first)} ${expectLabel(h.expect)}`;
      const found = rows.indexOf(row, at);
      expect(found, row).toBeGreaterThanOrEqual(at);
      expect(rows.slice(found + 1).join(' ')).toMatch(
        new RegExp(`^${h.why.slice(0, 40).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
      );
      at = found + 1;
    }
    expect(flat).toMatch(/png:IDAT#\d\/data/);
    for (const line of hitsLegend()) expect(flat).toContain(line);
    expect(flat).not.toContain('more regions (the JSON report');
  });

  it(`lists at most ${HITS_PDF_MAX_ROWS} hits, then says how many more there are`, async () => {
    const { report, flat } = await hitsPdf(smallPng(60, 64), 'many-hits.pdf', 80);
    const hits = hitsByStrength(report.hits ?? []);
    expect(hits.length).toBeGreaterThan(HITS_PDF_MAX_ROWS);
    expect(flat).toContain(hitsMoreText(hits.length - HITS_PDF_MAX_ROWS));
    const shown = hits[HITS_PDF_MAX_ROWS - 1];
    const left = hits
      .slice(HITS_PDF_MAX_ROWS)
      .find((h) => !hits.slice(0, HITS_PDF_MAX_ROWS).some((s) => s.path === h.path));
    expect(flat).toContain(`${shown.path} `);
    if (left) expect(flat).not.toContain(`${left.path} `);
  });

  it('is left out of a report made before hits existed', async () => {
    const input = smallPng(2, 100);
    const { data, report } = corrupt(input, 'old.png', { mode: 'byte_flip', intensity: 50, seed: 2 });
    const { structure: _s, hits: _h, expect_overall: _e, ...old } = report;
    const changes = await changeMap(bytesSource(input), bytesSource(data));
    const { flat } = read(fileReportPdf({ report: withHostFields(old), changes, madeAt: new Date(0) }), 'old.pdf');
    expect(flat).not.toContain(HITS_HEADING);
    expect(flat).toContain(LEGAL_NOTICE);
  });
});

describe('names with control characters', () => {
  // A raw control in a PDF's text is drawn as a box or nothing, and copies out as the control itself.
  const name = 'esc\u001b[31m new\nline \u0085 \u202efdp.bin';
  const shown = 'esc\\x1B[31m new\\nline \\u{0085} \\u{202E}fdp.bin';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the test looks for raw controls.
  const RAW = /[\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f\u2028-\u202e\u2066-\u2069]/;

  it('a file report draws the name in its display form, in the text and the title', async () => {
    const input = new Uint8Array(3000).map((_, i) => i * 31);
    const { data, report } = corrupt(input, name, { mode: 'byte_flip', intensity: 50, seed: 3 });
    const changes = await changeMap(bytesSource(input), bytesSource(data));
    const pdf = fileReportPdf({ report: withHostFields(report), changes, madeAt: new Date() });
    const { check, text, flat } = read(pdf, 'controls.pdf');
    expect(check).toContain('No syntax or stream encoding errors found');
    expect(displayName(name)).toBe(shown);
    expect(lines(text)).toContain(`File ${shown}`);
    expect(text).not.toMatch(RAW);
    const info = execFileSync('pdfinfo', ['-enc', 'UTF-8', join(dir, 'controls.pdf')], { encoding: 'utf8' });
    expect(info).toContain(`Fracture corruption report: ${shown}`);
    // The replay command quotes the name in $'…' with every control escaped.
    expect(flat).toContain("$'esc\\x1b[31m new\\nline \\xc2\\x85 \\xe2\\x80\\xaefdp.bin'");
  });

  it('a session report lists the name in its display form', async () => {
    const { report } = corrupt(new Uint8Array(500), name, { mode: 'byte_flip', intensity: 50, seed: 3 });
    const session = await buildSessionReport({
      timestamp: new Date('2026-11-23T10:00:00Z'),
      mode: 'byte_flip',
      intensity: 50,
      masterSeed: 3,
      files: [withHostFields(report)],
    });
    const { text, flat } = read(sessionReportPdf({ session, madeAt: new Date() }), 'controls-session.pdf');
    expect(flat).toContain(`1. ${shown}`);
    expect(flat).toContain('In the archive esc_[31m new_line _ _fdp_corrupted.bin');
    expect(text).not.toMatch(RAW);
  });
});

describe('session report PDF', () => {
  it('lists the run and every file, with its replay command', async () => {
    const names = ['a.bin', 'b b.bin', 'ünïcødé ✓.json'];
    const reports = names.map((name, i) => {
      const { report } = corrupt(new TextEncoder().encode(`{"n":${i}}`.repeat(50)), name, {
        mode: 'guaranteed_break',
        intensity: 60,
        seed: 7 + i,
      });
      return withHostFields(report);
    });
    const session = await buildSessionReport({
      timestamp: new Date('2026-11-23T10:00:00Z'),
      mode: 'guaranteed_break',
      intensity: 60,
      masterSeed: 7,
      files: reports,
    });
    const pdf = sessionReportPdf({ session, madeAt: new Date('2026-11-23T10:00:05Z') });
    const { check, flat } = read(pdf, 'session.pdf');
    expect(check).toContain('No syntax or stream encoding errors found');
    expect(flat).toContain('Master seed 7');
    expect(flat).toContain('Files 3');
    for (const [i, r] of reports.entries()) {
      expect(r.expect_overall).toBeDefined();
      expect(flat).toContain(`Expectation ${expectText(r.expect_overall ?? '')}`);
      expect(flat).toContain(`${i + 1}. ${r.filename}`);
      expect(flat).toContain(r.replay);
      expect(flat).toContain(r.sha256_after);
      expect(flat).toContain(session.files[i].archive_name);
    }
  });
});

describe('row labels', () => {
  // The PDF layout's numbers are engine-data/report.toml's; here they meet a font library's own.
  const { pdf } = parse(readFileSync('engine-data/report.toml', 'utf8')) as {
    pdf: { helvetica_bold_widths: number[]; cp1252_high: number[] };
  };

  it("are measured with Helvetica-Bold's own metrics", () => {
    const font = Font.load(FontNames.HelveticaBold);
    const widths = Array.from({ length: 95 }, (_, i) =>
      font.getWidthOfGlyph(Encodings.WinAnsi.encodeUnicodeCodePoint(0x20 + i).name),
    );
    expect(pdf.helvetica_bold_widths).toEqual(widths);
  });

  it("draw Windows-1252's characters at 0x80-0x9F with the codes the WinAnsi encoding gives them", () => {
    pdf.cp1252_high.forEach((cp, i) => {
      if (cp !== 0) expect(Encodings.WinAnsi.encodeUnicodeCodePoint(cp).code, cp.toString(16)).toBe(0x80 + i);
    });
    expect(pdf.cp1252_high.filter((cp) => cp !== 0)).toHaveLength(27);
  });

  it("never run into their values: bit_rot's long rate label wraps beside its value", async () => {
    const input = new Uint8Array(5000).map((_, i) => (i * 7919) >>> 3);
    const { data, report } = corrupt(input, 'rot.bin', { mode: 'bit_rot', intensity: 80, seed: 42 });
    const changes = await changeMap(bytesSource(input), bytesSource(data));
    const pdf = fileReportPdf({ report: withHostFields(report), changes, madeAt: new Date(0) });
    const { text } = read(pdf, 'rot.pdf');
    const rate = String(report.one_in_bits);
    const row = text.split('\n').find((line) => line.includes('Rate, 1 in this many'));
    // The value stands in its own column, two or more spaces after the label's first line.
    expect(row).toMatch(new RegExp(`Rate, 1 in this many\\b.*\\S {2,}${rate}\\s*$`));
    expect(text).toContain('(one_in_bits)');
    expect(text).not.toContain(`(one_in_bits)${rate}`);
  });
});
