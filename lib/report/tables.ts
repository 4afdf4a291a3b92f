// Generated from engine-data/report.toml by scripts/gen-engine-data.mjs; do not edit.
// The reports' shared texts the site's report panel prints; the PDF layout is the host crate's alone
// (engine-rs/host/src/report/tables.rs), whose writer every host uses.
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
