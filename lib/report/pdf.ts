// PDF reports, made where the files are (the browser or the npm CLI) with pdf-lib: a file's report
// and the session report of a batch. pdf-lib because it is small beside jsPDF and pdfmake, pure
// JavaScript with no install script, runs unchanged in a browser and in Node, and writes the objects
// we ask for (standard Type 1 fonts need no embedding). The browser loads this module only when a
// PDF is made. The native CLI writes the same content with the pdf-writer crate (engine-rs/cli/src/pdf/).
//
// Text: the standard fonts draw Windows-1252 characters. Any other character (an emoji in a file
// name, say) is drawn as "?" from a font whose ToUnicode map gives the real character back, so
// copying or extracting the text (pdftotext) yields every value exactly.
import {
  beginText,
  endText,
  fill,
  moveText,
  PDFDocument,
  PDFHexString,
  PDFName,
  type PDFDict,
  type PDFPage,
  type PDFRef,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setFillingRgbColor,
  setFontAndSize,
  setLineWidth,
  setStrokingRgbColor,
  showText,
  stroke,
} from 'pdf-lib';
import { modeLabel } from '../engine/shared/modes.ts';
import { extensionOf } from '../engine/shared/names.ts';
import type { SessionReport } from '../zip/session.ts';
import { segmentStart, type ChangeMap } from './changes.ts';
import { displayName } from './display.ts';
import type { HostReport } from './host-fields.ts';
import {
  BROWSER_DECODER,
  CP1252_HIGH,
  FILE_END_ROWS,
  FILE_ROWS,
  HELVETICA_BOLD_WIDTHS,
  HITS_COLUMNS,
  HITS_HEADING,
  HITS_PDF_COLUMNS,
  HITS_PDF_MAX_ROWS,
  HITS_PDF_SIZE,
  HITS_WHY_INDENT,
  LABEL_GAP,
  MONO_ADVANCE,
  PAGE,
  type PdfRow,
  SESSION_FILE_ROWS,
  SESSION_ROWS,
  VALUE_COLUMN,
  WIDEST,
} from './tables.ts';
import {
  changeSummary,
  ESCALATED_TEXT,
  expectLabel,
  expectText,
  firstChangeText,
  hitsByStrength,
  hitsLegend,
  hitsMoreText,
  LEGAL_NOTICE,
  MODE_FIELDS,
  NOT_ESCALATED_TEXT,
  overallSentence,
  thousands,
} from './text.ts';
import type { Report, StructureHit } from '../engine/shared/types.ts';

const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const VALUE_X = PAGE.margin + VALUE_COLUMN;
const VALUE_WIDTH = PAGE.width - PAGE.margin - VALUE_X;

/** The width of `text` in Helvetica-Bold at `size`, as drawn (no kerning). */
export function boldWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    units += c >= 0x20 && c <= 0x7e ? HELVETICA_BOLD_WIDTHS[c - 0x20] : WIDEST;
  }
  return (units * size) / 1000;
}

/** `text` in lines no wider than `width` in Helvetica-Bold at `size`, broken at spaces (a word
 * wider than the line is broken where it must be). */
export function wrapBold(text: string, width: number, size: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (boldWidth(candidate, size) <= width) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    for (const ch of word) {
      if (line && boldWidth(line + ch, size) > width) {
        lines.push(line);
        line = '';
      }
      line += ch;
    }
  }
  lines.push(line);
  return lines;
}

const FONTS = { sans: 'Helvetica', bold: 'Helvetica-Bold', mono: 'Courier', monoBold: 'Courier-Bold' } as const;
type FontKey = keyof typeof FONTS;

/** The Windows-1252 code of a character, if the standard fonts can draw it. */
export function cp1252(codePoint: number): number | undefined {
  if ((codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff)) return codePoint;
  const high = CP1252_HIGH.indexOf(codePoint);
  return high >= 0 && codePoint !== 0 ? 0x80 + high : undefined;
}

/** Codes used in each fallback font (all drawn as "?"); its ToUnicode map says what each one is. */
const FALLBACK_FIRST = 0x21;
const FALLBACK_CODES = 0x100 - FALLBACK_FIRST;

function hex(n: number, digits: number): string {
  return n.toString(16).toUpperCase().padStart(digits, '0');
}

/** A ToUnicode CMap for codes -> characters (PDF 32000-1, 9.10.3). */
function toUnicodeCmap(chars: readonly string[]): string {
  const lines = [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    '<00> <FF>',
    'endcodespacerange',
  ];
  for (let i = 0; i < chars.length; i += 100) {
    const part = chars.slice(i, i + 100);
    lines.push(`${part.length} beginbfchar`);
    part.forEach((ch, j) => {
      let utf16 = '';
      for (let k = 0; k < ch.length; k++) utf16 += hex(ch.charCodeAt(k), 4);
      lines.push(`<${hex(FALLBACK_FIRST + i + j, 2)}> <${utf16}>`);
    });
    lines.push('endbfchar');
  }
  lines.push('endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end');
  return lines.join('\n');
}

interface Fallback {
  dict: PDFDict;
  ref: PDFRef;
  chars: string[];
}

/** Pages, fonts and a cursor: text and rectangles placed top to bottom, a new page when one fills. */
class Writer {
  private page!: PDFPage;
  private y = 0;
  private fontRefs = new Map<FontKey, PDFRef>();
  private fallbacks: Fallback[] = [];
  private fallbackCode = new Map<string, [font: number, code: number]>();
  private pageFonts = new Set<string>();

  constructor(private readonly doc: PDFDocument) {
    for (const [key, base] of Object.entries(FONTS) as [FontKey, string][]) {
      const dict = doc.context.obj({ Type: 'Font', Subtype: 'Type1', BaseFont: base, Encoding: 'WinAnsiEncoding' });
      this.fontRefs.set(key, doc.context.register(dict));
    }
    this.newPage();
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pageFonts.clear();
    this.y = PAGE.height - PAGE.margin;
  }

  /** Moves down by `height`, starting a new page first if it would not fit. */
  private take(height: number): number {
    if (this.y - height < PAGE.margin) this.newPage();
    this.y -= height;
    return this.y;
  }

  gap(height: number) {
    this.y -= height;
  }

  private registerFont(name: string, ref: PDFRef) {
    if (this.pageFonts.has(name)) return;
    this.page.node.setFontDictionary(PDFName.of(name), ref);
    this.pageFonts.add(name);
  }

  private fallbackFor(ch: string): [string, number] {
    let slot = this.fallbackCode.get(ch);
    if (!slot) {
      const count = this.fallbackCode.size;
      const font = Math.floor(count / FALLBACK_CODES);
      if (font === this.fallbacks.length) {
        const differences = [FALLBACK_FIRST, ...Array.from({ length: FALLBACK_CODES }, () => 'question')];
        const dict = this.doc.context.obj({
          Type: 'Font',
          Subtype: 'Type1',
          BaseFont: FONTS.mono,
          Encoding: { Type: 'Encoding', BaseEncoding: 'WinAnsiEncoding', Differences: differences },
        });
        this.fallbacks.push({ dict, ref: this.doc.context.register(dict), chars: [] });
      }
      this.fallbacks[font].chars.push(ch);
      slot = [font, FALLBACK_FIRST + (count % FALLBACK_CODES)];
      this.fallbackCode.set(ch, slot);
    }
    const name = `X${slot[0] + 1}`;
    this.registerFont(name, this.fallbacks[slot[0]].ref);
    return [name, slot[1]];
  }

  /** One line of text at (x, y): runs of drawable characters, and the rest through a fallback font. */
  private draw(text: string, x: number, y: number, font: FontKey, size: number, color = 0.1) {
    const main = `F${Object.keys(FONTS).indexOf(font) + 1}`;
    this.registerFont(main, this.fontRefs.get(font)!);
    const ops = [beginText(), setFillingRgbColor(color, color, color), moveText(x, y)];
    let current = '';
    let codes = '';
    const flush = () => {
      if (codes) ops.push(setFontAndSize(current, size), showText(PDFHexString.of(codes)));
      codes = '';
    };
    for (const ch of text) {
      const code = cp1252(ch.codePointAt(0)!);
      const [name, value] = code === undefined ? this.fallbackFor(ch) : [main, code];
      if (name !== current) {
        flush();
        current = name;
      }
      codes += hex(value, 2);
    }
    flush();
    ops.push(endText());
    this.page.pushOperators(...ops);
  }

  heading(text: string, size = 16) {
    this.draw(text, PAGE.margin, this.take(size + 6), 'bold', size);
  }

  paragraph(text: string, font: FontKey = 'mono', size = 8, width = CONTENT_WIDTH, x = PAGE.margin) {
    for (const line of wrap(text, Math.floor(width / (MONO_ADVANCE * size)))) {
      this.draw(line, x, this.take(size + 3), font, size);
    }
  }

  /** A label and its value side by side, each wrapping in its own column. */
  row(label: string, value: string) {
    const size = 8.5;
    const labels = wrapBold(label, VALUE_X - PAGE.margin - LABEL_GAP, size);
    const values = wrap(value, Math.floor(VALUE_WIDTH / (MONO_ADVANCE * size)));
    for (let i = 0; i < Math.max(labels.length, values.length); i++) {
      const y = this.take(size + 4);
      if (i < labels.length) this.draw(labels[i], PAGE.margin, y, 'bold', size, 0.3);
      if (i < values.length) this.draw(values[i], VALUE_X, y, 'mono', size);
    }
  }

  /** `rows` of `record` (report.toml's `[pdf_rows]`), in order. */
  rows(rows: readonly PdfRow[], record: object, madeAt: Date) {
    const fields = record as Readonly<Record<string, unknown>>;
    for (const row of rows) {
      if (row.format === 'mode_fields') {
        for (const { key, label } of MODE_FIELDS) {
          const value = fields[key];
          if (typeof value === 'number') this.row(`${label} (${key})`, number(value));
        }
        continue;
      }
      const value = fields[row.field];
      if (row.optional && (value === undefined || value === null || value === '')) continue;
      this.row(row.label, rowValue(row, fields, madeAt));
    }
  }

  /** A label, then its value across the page on one line, in the largest size from 8 to 6 that fits. */
  block(label: string, value: string) {
    this.draw(label, PAGE.margin, this.take(12), 'bold', 8.5, 0.3);
    const size = [8, 7, 6].find((s) => [...value].length * MONO_ADVANCE * s <= CONTENT_WIDTH) ?? 6;
    this.paragraph(value, 'mono', size);
    this.gap(3);
  }

  /** The change map: one rectangle per segment, darker where more bytes changed; the cut or insertion outlined. */
  changeFigure(map: ChangeMap) {
    const height = 22;
    const x0 = PAGE.margin;
    const bottom = this.take(height + 8) + 4;
    const scale = map.span > 0 ? CONTENT_WIDTH / map.span : 0;
    const ops = [
      pushGraphicsState(),
      setFillingRgbColor(0.95, 0.95, 0.95),
      rectangle(x0, bottom, CONTENT_WIDTH, height),
      fill(),
    ];
    for (let s = 0; s < map.changed.length; s++) {
      if (map.changed[s] === 0) continue;
      const from = segmentStart(map, s);
      const len = segmentStart(map, s + 1) - from;
      const t = 0.25 + 0.75 * (map.changed[s] / len);
      ops.push(
        setFillingRgbColor(0.95 - t * 0.2, 0.95 - t * 0.85, 0.95 - t * 0.85),
        rectangle(x0 + from * scale, bottom, Math.max(0.5, len * scale), height),
        fill(),
      );
    }
    ops.push(
      setLineWidth(0.5),
      setStrokingRgbColor(0.6, 0.6, 0.6),
      rectangle(x0, bottom, CONTENT_WIDTH, height),
      stroke(),
    );
    if (map.splice) {
      const len = map.splice.removed + map.splice.inserted;
      ops.push(
        setLineWidth(1.2),
        setStrokingRgbColor(0.1, 0.3, 0.8),
        rectangle(x0 + map.splice.at * scale, bottom - 3, Math.max(1.5, len * scale), height + 6),
        stroke(),
      );
    }
    ops.push(popGraphicsState());
    this.page.pushOperators(...ops);
    const axis = this.take(10);
    this.draw('byte 0', x0, axis, 'mono', 7, 0.4);
    const end = `byte ${thousands(map.span)}`;
    this.draw(end, x0 + CONTENT_WIDTH - end.length * MONO_ADVANCE * 7, axis, 'mono', 7, 0.4);
  }

  /** Cells side by side at report.toml's `[hits]` column edges, each wrapping in its column. */
  private cells(cells: readonly string[], font: FontKey, color: number) {
    const size = HITS_PDF_SIZE;
    const columns = cells.map((cell, i) => {
      const width = (HITS_PDF_COLUMNS[i + 1] ?? CONTENT_WIDTH) - HITS_PDF_COLUMNS[i] - LABEL_GAP;
      return font === 'bold' ? wrapBold(cell, width, size) : wrap(cell, Math.floor(width / (MONO_ADVANCE * size)));
    });
    for (let line = 0; line < Math.max(...columns.map((c) => c.length)); line++) {
      const y = this.take(size + 3);
      columns.forEach((lines, i) => {
        if (line < lines.length) this.draw(lines[line], PAGE.margin + HITS_PDF_COLUMNS[i], y, font, size, color);
      });
    }
  }

  /** "What was hit": the overall expectation, then the hits (strongest first, at most
   * HITS_PDF_MAX_ROWS, each with its `why` under it) and the legend. None for a report without hits. */
  hitsTable(report: Report) {
    const overall = report.expect_overall;
    if (overall === undefined) return;
    this.heading(HITS_HEADING, 11);
    this.paragraph(overallSentence(overall), 'mono', 8);
    const hits = hitsByStrength(report.hits ?? []);
    this.gap(4);
    if (hits.length > 0) this.hitRows(hits);
    this.gap(8);
  }

  private hitRows(hits: readonly StructureHit[]) {
    this.cells(HITS_COLUMNS.slice(0, HITS_PDF_COLUMNS.length), 'bold', 0.3);
    const size = HITS_PDF_SIZE;
    const whyChars = Math.floor((CONTENT_WIDTH - HITS_WHY_INDENT) / (MONO_ADVANCE * size));
    for (const hit of hits.slice(0, HITS_PDF_MAX_ROWS)) {
      this.gap(2);
      this.cells([hit.path, thousands(hit.changed_bytes), thousands(hit.first), expectLabel(hit.expect)], 'mono', 0.1);
      for (const line of wrap(hit.why, whyChars))
        this.draw(line, PAGE.margin + HITS_WHY_INDENT, this.take(size + 3), 'mono', size, 0.4);
    }
    if (hits.length > HITS_PDF_MAX_ROWS) {
      this.gap(2);
      this.paragraph(hitsMoreText(hits.length - HITS_PDF_MAX_ROWS), 'mono', size);
    }
    this.gap(4);
    for (const line of hitsLegend()) this.paragraph(line, 'mono', 7);
  }

  /** Adds the ToUnicode maps once every character has its code. */
  finish() {
    for (const f of this.fallbacks) {
      const stream = this.doc.context.flateStream(toUnicodeCmap(f.chars));
      f.dict.set(PDFName.of('ToUnicode'), this.doc.context.register(stream));
    }
  }
}

/** Lines of at most `max` characters, broken at spaces where one is near enough. */
export function wrap(text: string, max: number): string[] {
  const chars = [...text];
  if (chars.length <= max) return [text];
  const lines: string[] = [];
  let at = 0;
  while (at < chars.length) {
    let end = Math.min(chars.length, at + max);
    if (end < chars.length) {
      const space = chars.lastIndexOf(' ', end);
      if (space > at) end = space;
    }
    lines.push(chars.slice(at, end).join(''));
    at = end;
    if (chars[at] === ' ') at++;
  }
  return lines;
}

function number(value: number): string {
  return String(value);
}

/** A row's value, written by its format (report.toml's `[pdf_rows]` says what each does). */
function rowValue(row: PdfRow, fields: Readonly<Record<string, unknown>>, madeAt: Date): string {
  const text = (field: string) => (fields[field] === undefined || fields[field] === null ? '' : String(fields[field]));
  const value = text(row.field);
  switch (row.format) {
    case 'bytes':
      return `${value} bytes`;
    case 'ms':
      return `${value} ms`;
    case 'name':
      return displayName(value);
    case 'mode':
      return `${value} (${modeLabel(value, extensionOf(text('filename')))})`;
    case 'sizes':
      return `${value} -> ${text('result_size')} bytes`;
    case 'escalation':
      return fields[row.field] ? ESCALATED_TEXT : NOT_ESCALATED_TEXT;
    case 'decoder':
      return BROWSER_DECODER[value] ?? value;
    case 'expect':
      return expectText(value);
    case 'made':
      return madeAt.toISOString();
    default:
      return value;
  }
}

async function newDocument(title: string, madeAt: Date) {
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(title);
  doc.setCreator('Fracture');
  doc.setProducer('Fracture (pdf-lib)');
  doc.setCreationDate(madeAt);
  doc.setModificationDate(madeAt);
  return doc;
}

export interface FilePdfInput {
  report: HostReport;
  changes: ChangeMap;
  madeAt: Date;
}

/** A file's report: every report value, the change map, the replay command and the share link. */
export async function fileReportPdf({ report, changes, madeAt }: FilePdfInput): Promise<Uint8Array> {
  // Drawn in the display form: a control character in a name is shown escaped, never raw.
  const name = displayName(report.filename);
  const doc = await newDocument(`Fracture corruption report: ${name}`, madeAt);
  const w = new Writer(doc);
  w.heading('Fracture corruption report');
  w.paragraph(name, 'mono', 10);
  w.gap(8);
  w.rows(FILE_ROWS, report, madeAt);
  w.gap(6);
  w.block('Recipe', report.recipe);
  w.heading('Change map', 11);
  w.changeFigure(changes);
  w.paragraph(firstChangeText(changes), 'mono', 8);
  w.paragraph(changeSummary(changes), 'mono', 8);
  w.gap(8);
  w.hitsTable(report);
  w.block('Replay command', report.replay);
  w.block('Share link', report.share_link);
  w.rows(FILE_END_ROWS, report, madeAt);
  w.gap(10);
  w.paragraph(`Legal notice: ${LEGAL_NOTICE}`, 'mono', 7);
  w.finish();
  return doc.save();
}

export interface SessionPdfInput {
  session: SessionReport;
  madeAt: Date;
}

/** The batch's session report: the run's settings and totals, then every file. */
export async function sessionReportPdf({ session, madeAt }: SessionPdfInput): Promise<Uint8Array> {
  const doc = await newDocument('Fracture session report', madeAt);
  const w = new Writer(doc);
  w.heading('Fracture session report');
  w.gap(6);
  const { files, ...head } = session;
  w.rows(SESSION_ROWS, head, madeAt);
  files.forEach((f, i) => {
    w.gap(8);
    w.paragraph(`${i + 1}. ${displayName(f.filename)}`, 'monoBold', 9);
    w.rows(SESSION_FILE_ROWS, f, madeAt);
  });
  w.gap(12);
  w.paragraph(`Legal notice: ${LEGAL_NOTICE}`, 'mono', 7);
  w.finish();
  return doc.save();
}

/** `{name}_corruption_report.pdf`, spaces replaced by underscores (the JSON report's rule). */
export function pdfReportName(name: string): string {
  return `${name.replace(/ /g, '_')}_corruption_report.pdf`;
}
