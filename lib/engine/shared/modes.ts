import type { EngineMode } from './types.ts';

/** UI algorithm values, their engine modes and labels (product-spec.md, "Algorithm options"). */
export const ALGORITHMS = [
  { value: 'quick_scramble', mode: 'byte_flip', label: 'Quick Scramble · Random Bit Flips' },
  { value: 'guaranteed_break', mode: 'guaranteed_break', label: "Won't Open · {EXT} Format Killer, or Header Poison" },
  { value: 'stealth_corruption', mode: 'header_preserve_flip', label: 'Stealth Corruption · Content Damage' },
  { value: 'cut_replace', mode: 'truncate_insert', label: 'Cut & Replace · Size Alteration' },
  { value: 'jumble_sections', mode: 'shuffle_blocks', label: 'Jumble Sections · Block Reorder' },
] as const satisfies readonly { value: string; mode: EngineMode; label: string }[];

export type AlgorithmValue = (typeof ALGORITHMS)[number]['value'];

/** Unknown UI values fall back to quick_scramble. */
export function algorithmFor(value: string): (typeof ALGORITHMS)[number] {
  return ALGORITHMS.find((a) => a.value === value) ?? ALGORITHMS[0];
}

/** Engine mode for a UI value or an engine mode name (the CLI takes both); undefined if neither. */
export function resolveMode(value: string): EngineMode | undefined {
  const byUi = ALGORITHMS.find((a) => a.value === value);
  if (byUi) return byUi.mode;
  return ALGORITHMS.find((a) => a.mode === value)?.mode;
}

/** Label for an engine mode; "Custom Algorithm" for anything unknown. */
export function modeLabel(mode: string, ext = ''): string {
  const a = ALGORITHMS.find((x) => x.mode === mode);
  if (!a) return 'Custom Algorithm';
  return a.label.replace('{EXT}', ext ? ext.toUpperCase() : 'File');
}
