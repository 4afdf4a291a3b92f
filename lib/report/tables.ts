// Generated from engine-data/report.toml by scripts/gen-engine-data.mjs; do not edit.
// The reports' shared texts and the PDF layout's numbers, as engine-rs/cli/src/report_tables.rs has them.
import type { Report } from '../engine/shared/types.ts';

/** The legal notice every page and every report carries. */
export const LEGAL_NOTICE =
  'Use Fracture only on files you own or are authorised to modify. Corrupted copies are for testing; never pass them off as originals.';
export const ESCALATED_TEXT =
  'Escalated: the first pass still looked openable, so it was redone at intensity 100 with seed + 1.';
export const NOT_ESCALATED_TEXT = 'Not escalated: the first pass was final.';

/** `expect_overall`'s values and their words (docs/contract.md, section 14.2). */
export const EXPECT_WORDS: Readonly<Record<string, string>> = {
  reject: 'a reader that checks the format must refuse it',
  may_accept: 'a reader may open it and show damaged content',
  ignored: 'readers skip every changed byte',
  unchanged: 'no byte changed',
};

/** Mode-specific report fields and their labels, in the contract's order. */
export const MODE_FIELDS: readonly { key: keyof Report & string; label: string }[] = [
  { key: 'ops', label: 'Bytes modified' },
  { key: 'preserve_header', label: 'Header bytes preserved' },
  { key: 'removed', label: 'Bytes removed' },
  { key: 'inserted', label: 'Bytes inserted' },
  { key: 'remove_start', label: 'Cut at offset' },
  { key: 'shuffled_blocks', label: 'Blocks shuffled' },
  { key: 'block_size', label: 'Block size' },
  { key: 'cut_at', label: 'Cut at byte' },
  { key: 'bytes_lost', label: 'Bytes lost' },
  { key: 'sectors_zeroed', label: 'Sectors zeroed' },
  { key: 'bytes_zeroed', label: 'Bytes zeroed' },
  { key: 'sector_size', label: 'Sector size' },
  { key: 'bits_flipped', label: 'Bits flipped' },
  { key: 'one_in_bits', label: 'Rate, 1 in this many bits' },
  { key: 'allowed_bytes', label: 'Bytes that could change' },
];

/** What a file report's "Browser decoder" row says for each value. */
export const BROWSER_DECODER: Readonly<Record<string, string>> = {
  opened: 'opened (the browser opened the corrupted file)',
  rejected: 'rejected (the browser could not open the corrupted file)',
  not_applicable: 'not_applicable (not media the browser opens)',
};

/** How a PDF row's value is written (engine-data/report.toml, `[pdf_rows]`, says what each does). */
export type RowFormat =
  | 'text'
  | 'bytes'
  | 'ms'
  | 'name'
  | 'mode'
  | 'sizes'
  | 'escalation'
  | 'decoder'
  | 'expect'
  | 'made'
  | 'mode_fields';

/** A PDF report's row: its label, the report field it shows and how its value is written; an
 * optional row is left out when the record lacks the field or it is empty. */
export interface PdfRow {
  label: string;
  field: string;
  format: RowFormat;
  optional: boolean;
}

/** The PDF reports' `file` rows, top to bottom. */
export const FILE_ROWS: readonly PdfRow[] = [
  { label: 'File', field: 'filename', format: 'name', optional: false },
  { label: 'Format', field: 'format', format: 'text', optional: false },
  { label: 'Original size', field: 'original_size', format: 'bytes', optional: false },
  { label: 'Result size', field: 'result_size', format: 'bytes', optional: false },
  { label: 'Mode', field: 'mode', format: 'mode', optional: false },
  { label: 'Intensity', field: 'intensity', format: 'text', optional: false },
  { label: 'Seed', field: 'seed', format: 'text', optional: false },
  { label: 'Engine', field: 'engine', format: 'text', optional: false },
  { label: 'Time', field: 'time_ms', format: 'ms', optional: false },
  { label: 'Entropy before', field: 'before_entropy', format: 'text', optional: false },
  { label: 'Entropy after', field: 'after_entropy', format: 'text', optional: false },
  { label: 'Entropy change', field: 'entropy_delta', format: 'text', optional: false },
  { label: 'SHA-256 before', field: 'sha256_before', format: 'text', optional: false },
  { label: 'SHA-256 after', field: 'sha256_after', format: 'text', optional: false },
  { label: 'Verdict', field: 'verdict', format: 'text', optional: false },
  { label: 'Strategy', field: 'strategy', format: 'text', optional: false },
  { label: '', field: '', format: 'mode_fields', optional: false },
  { label: 'Escalation', field: 'escalated', format: 'escalation', optional: false },
  { label: 'Browser decoder', field: 'browser_decoder', format: 'decoder', optional: true },
];
/** The PDF reports' `file_end` rows, top to bottom. */
export const FILE_END_ROWS: readonly PdfRow[] = [{ label: 'Report made', field: '', format: 'made', optional: false }];
/** The PDF reports' `session` rows, top to bottom. */
export const SESSION_ROWS: readonly PdfRow[] = [
  { label: 'Session', field: 'session_timestamp', format: 'text', optional: false },
  { label: 'Files', field: 'total_files', format: 'text', optional: false },
  { label: 'Mode', field: 'mode', format: 'mode', optional: false },
  { label: 'Intensity', field: 'intensity', format: 'text', optional: false },
  { label: 'Master seed', field: 'master_seed', format: 'text', optional: false },
  { label: 'Duration', field: 'session_duration_ms', format: 'ms', optional: false },
  { label: 'Entropy change', field: 'total_entropy_delta', format: 'text', optional: false },
  { label: 'Recoverability', field: 'recoverability', format: 'text', optional: false },
  { label: 'Report made', field: '', format: 'made', optional: false },
];
/** The PDF reports' `session_file` rows, top to bottom. */
export const SESSION_FILE_ROWS: readonly PdfRow[] = [
  { label: 'In the archive', field: 'archive_name', format: 'text', optional: false },
  { label: 'Sizes', field: 'original_size', format: 'sizes', optional: false },
  { label: 'Seed', field: 'seed', format: 'text', optional: false },
  { label: 'Entropy change', field: 'entropy_delta', format: 'text', optional: false },
  { label: 'Verdict', field: 'verdict', format: 'text', optional: false },
  { label: 'Expectation', field: 'expect_overall', format: 'expect', optional: true },
  { label: 'SHA-256 after', field: 'sha256_after', format: 'text', optional: true },
  { label: 'Recipe', field: 'recipe', format: 'text', optional: false },
  { label: 'Replay', field: 'replay', format: 'text', optional: true },
];

/** An A4 page in points, and its margin on every side. */
export const PAGE = { width: 595.28, height: 841.89, margin: 40 } as const;
/** A row's value column starts this far right of the margin. */
export const VALUE_COLUMN = 150;
/** Room between a row's label and its value. */
export const LABEL_GAP = 8;
/** Courier's advance width, in thousandths of the size, for every glyph. */
export const MONO_ADVANCE = 0.6;
/** Helvetica-Bold's advance widths (thousandths of the size) for U+0020-U+007E. */
export const HELVETICA_BOLD_WIDTHS: readonly number[] = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
  556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
  280, 389, 584,
];
/** The width any other character counts as. */
export const WIDEST = 1000;
/** Windows-1252's characters at 0x80-0x9F (0 where the code is unassigned). */
export const CP1252_HIGH: readonly number[] = [
  0x20ac, 0x0000, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x0000,
  0x017d, 0x0000, 0x0000, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x0000, 0x017e, 0x0178,
];

/** The "What was hit" table (engine-data/report.toml, `[hits]`): its heading, the overall
 * sentence and legend lines (`{label}` and `{words}` filled in), the column names and each expectation's label. */
export const HITS_HEADING = 'What was hit';
export const HITS_OVERALL = 'Overall expectation: {label} ({words}).';
export const HITS_LEGEND = '{label}: {words}.';
export const HITS_COLUMNS: readonly string[] = ['Region', 'Changed bytes', 'First offset', 'Expectation', 'Why'];
export const EXPECT_LABELS: Readonly<Record<string, string>> = {
  reject: 'must reject',
  may_accept: 'may open, damaged content',
  ignored: 'readers skip it',
  unchanged: 'unchanged',
};
/** A PDF lists at most this many hits, then `HITS_PDF_MORE` (`{n}` the hits left out). */
export const HITS_PDF_MAX_ROWS = 40;
export const HITS_PDF_MORE = 'and {n} more regions (the JSON report lists them all).';
/** The report page shows this many hits until "Show all" is pressed. */
export const HITS_PAGE_ROWS = 10;
/** The PDF table's column edges right of the margin, its text size, and the `why` lines' indent. */
export const HITS_PDF_COLUMNS: readonly number[] = [0, 250, 320, 390];
export const HITS_PDF_SIZE = 7.5;
export const HITS_WHY_INDENT = 12;
