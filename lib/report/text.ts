// Sentences and labels the workspace's report panel prints (the command lines' hit lines are the
// host crate's, engine-rs/host/src/report/text.rs, the npm CLI's through the outputs module).
// The fixed texts come from engine-data/report.toml (tables.ts, generated; the host crate's
// report/tables.rs is generated from the same file); the sentences built from numbers are written
// here and in engine-rs/host/src/report/text.rs, whose copies the PDF writer prints, and
// tests/cross-engine/reports.test.ts finds these in the PDFs.
import type { StructureHit } from '../engine/shared/types.ts';
import type { ChangeMap } from '../engine/host-module/reports.ts';
import { EXPECT_LABELS, EXPECT_WORDS, HITS_LEGEND, HITS_OVERALL, HITS_PDF_MORE } from './tables.ts';

export { ESCALATED_TEXT, EXPECT_WORDS, LEGAL_NOTICE, MODE_FIELDS, NOT_ESCALATED_TEXT } from './tables.ts';

/**
 * The hits strongest expectation first (reject, may_accept, ignored), then most bytes changed, then
 * in map order: the order of the CLIs' top hits, the report page's table and the PDFs' (the host
 * crate's text.rs sorts the same).
 */
export function hitsByStrength(hits: readonly StructureHit[]): StructureHit[] {
  const strength = (e: string) => Math.max(0, ['ignored', 'may_accept', 'reject'].indexOf(e));
  // Array.prototype.sort is stable, as Rust's sort_by.
  return [...hits].sort((a, b) => strength(b.expect) - strength(a.expect) || b.changed_bytes - a.changed_bytes);
}

/** An `expect` or `expect_overall` value's label in the hits table ("must reject"); the value itself if unknown. */
export function expectLabel(expect: string): string {
  return EXPECT_LABELS[expect] ?? expect;
}

/** An `expect_overall` value as a PDF row writes it: "must reject (a reader that checks the format must refuse it)". */
export function expectText(expect: string): string {
  return `${expectLabel(expect)} (${EXPECT_WORDS[expect] ?? expect})`;
}

/** The sentence above the hits table: "Overall expectation: must reject (a reader that …)." */
export function overallSentence(overall: string): string {
  return HITS_OVERALL.replace('{label}', expectLabel(overall)).replace('{words}', EXPECT_WORDS[overall] ?? overall);
}

/** The legend under the hits table: what each label a hit can have means, strongest first. */
export function hitsLegend(): string[] {
  return ['reject', 'may_accept', 'ignored'].map((e) =>
    HITS_LEGEND.replace('{label}', expectLabel(e)).replace('{words}', EXPECT_WORDS[e]),
  );
}

/** What a PDF says under its hits table when `n` more hits were left out. */
export function hitsMoreText(n: number): string {
  return HITS_PDF_MORE.replace('{n}', thousands(n));
}

/** 1234567 -> "1,234,567", the same in every locale (and in Rust). */
export function thousands(n: number): string {
  const digits = String(Math.trunc(Math.abs(n)));
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return n < 0 ? `-${grouped}` : grouped;
}

/** part / whole as a percentage with one decimal, rounded down (integer arithmetic, as in Rust). */
export function percentDown(part: number, whole: number): string {
  if (whole <= 0) return '0.0';
  const permille = Math.floor((part * 1000) / whole);
  return `${Math.floor(permille / 10)}.${permille % 10}`;
}

export function firstChangeText(map: ChangeMap): string {
  return map.firstChange < 0 ? 'No byte changed.' : `First change at byte ${thousands(map.firstChange)}`;
}

/** One or two sentences on where the bytes changed, as the preview and the PDFs print them. */
export function changeSummary(map: ChangeMap): string {
  if (map.changedBytes === 0) return 'No byte changed: the result is identical to the original.';
  const runs = map.runs === 1 ? '1 run' : `${thousands(map.runs)} runs`;
  let text = `${thousands(map.changedBytes)} of ${thousands(map.span)} bytes changed (${percentDown(map.changedBytes, map.span)}%) in ${runs}; first change at byte ${thousands(map.firstChange)}.`;
  if (map.splice && map.splice.removed > 0)
    text += ` Cut: ${thousands(map.splice.removed)} bytes of the original removed at byte ${thousands(map.splice.at)}.`;
  if (map.splice && map.splice.inserted > 0)
    text += ` Inserted: ${thousands(map.splice.inserted)} bytes at byte ${thousands(map.splice.at)}.`;
  return text;
}
