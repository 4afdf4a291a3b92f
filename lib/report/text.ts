// Sentences and labels the reports print, shared by the workspace and both PDF writers. The fixed
// texts come from engine-data/report.toml (tables.ts, generated; the native CLI's report_tables.rs
// is generated from the same file); the sentences built from numbers are written here and in
// engine-rs/cli/src/report_text.rs, and tests/cross-engine/reports.test.ts compares the PDFs' text.
import type { ChangeMap } from './changes.ts';

export { ESCALATED_TEXT, LEGAL_NOTICE, MODE_FIELDS, NOT_ESCALATED_TEXT } from './tables.ts';

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
