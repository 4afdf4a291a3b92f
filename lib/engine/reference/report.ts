// The report (docs/contract.md, section 10): keys in the documented order, so JSON.stringify(report) is
// the same text every engine produces.

import { ENGINE_VERSION, VERDICT, type EngineMode, type Report } from '../shared/types.ts';
import { round4 } from './entropy.ts';
import type { StructureFields } from './structure/hits.ts';
import type { Family } from './tables.ts';
import { roundMs } from '../shared/stages.ts';

/** The mode's own fields, in their report order; guaranteed_break has none. */
export type ModeFields =
  | { ops: number; preserve_header: number }
  | { removed: number; inserted: number; remove_start: number }
  | { shuffled_blocks: number; block_size: number }
  | { cut_at: number; bytes_lost: number }
  | { sectors_zeroed: number; bytes_zeroed: number; sector_size: number }
  | { bits_flipped: number; one_in_bits: number }
  | { direction: string; line_endings: number; converted: number }
  | { high_bytes: number; converted: number }
  | { direction: string; charset: string; bom: string; characters: number; converted: number; dropped: number }
  | { blocks_misdirected: number; block_size: number }
  | Record<never, never>;

/** The options' fields, after the mode's (docs/contract.md, sections 6.9 and 6.10). */
export interface OptionFields {
  ranges?: string;
  allowed_bytes?: number;
  /** Each selector and the spans it resolved to (contract 14.4), only with selectors. */
  selected?: string;
  checksums_fixed?: Record<string, number>;
  checksums_unfixable?: string;
}

export interface ReportInput {
  filename: string;
  format: Family;
  originalSize: number;
  resultSize: number;
  mode: EngineMode;
  intensity: number;
  seed: number;
  timeMs: number;
  opsMs: number;
  /** Unrounded entropies of the input and the output. */
  beforeEntropy: number;
  afterEntropy: number;
  recipe: string;
  strategy: string;
  fields: ModeFields & OptionFields;
  escalated: boolean;
  sha256Before: string;
  sha256After: string;
  /** The map, the hits and the overall expectation (section 14), after every other field. */
  structure: StructureFields;
}

// roundMs lives in shared/stages.ts, so the hosts' streamed and WebAssembly paths need not load this engine.
export { roundMs } from '../shared/stages.ts';

export function makeReport(r: ReportInput): Report {
  const before = round4(r.beforeEntropy);
  const after = round4(r.afterEntropy);
  return {
    engine: ENGINE_VERSION,
    filename: r.filename,
    format: r.format,
    original_size: r.originalSize,
    result_size: r.resultSize,
    mode: r.mode,
    intensity: r.intensity,
    seed: r.seed,
    time_ms: roundMs(r.timeMs),
    ops_ms: roundMs(r.opsMs),
    before_entropy: before,
    after_entropy: after,
    entropy_delta: round4(after - before),
    verdict: VERDICT,
    recipe: r.recipe,
    strategy: r.strategy,
    guarantee: r.mode === 'guaranteed_break',
    ...r.fields,
    ...(r.escalated ? { escalated: true } : {}),
    sha256_before: r.sha256Before,
    sha256_after: r.sha256After,
    ...r.structure,
  };
}
