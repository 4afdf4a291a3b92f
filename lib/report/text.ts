// Sentences and labels the reports print, shared by the workspace and both PDF writers (the native
// CLI's copies are in engine-rs/cli/src/report_text.rs; the CLI test compares the PDFs' text).
import type { Report } from '../engine/shared/types.ts';
import type { ChangeMap } from './changes.ts';

/** The legal notice every page and every report carries. */
export const LEGAL_NOTICE =
  'Use Fracture only on files you own or are authorised to modify. Corrupted copies are for testing; never pass them off as originals.';

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

export const ESCALATED_TEXT =
  'Escalated: the first pass still looked openable, so it was redone at intensity 100 with seed + 1.';
export const NOT_ESCALATED_TEXT = 'Not escalated: the first pass was final.';

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
