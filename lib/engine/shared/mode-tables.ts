// Generated from engine-data/formats.toml by scripts/gen-engine-data.mjs; do not edit.

/** The engine mode names, in the contract's order (docs/contract.md, section 6). */
export const ENGINE_MODES = [
  'byte_flip',
  'header_preserve_flip',
  'truncate_insert',
  'shuffle_blocks',
  'guaranteed_break',
] as const;

export type EngineMode = (typeof ENGINE_MODES)[number];

/**
 * The UI's Algorithm options, in the UI's order: the value, the engine mode it stands for, and the
 * label (`{EXT}` is the file's extension upper-cased, or `File`).
 */
export const ALGORITHMS = [
  { value: 'quick_scramble', mode: 'byte_flip', label: 'Quick Scramble · Random Bit Flips' },
  { value: 'guaranteed_break', mode: 'guaranteed_break', label: "Won't Open · {EXT} Format Killer, or Header Poison" },
  { value: 'stealth_corruption', mode: 'header_preserve_flip', label: 'Stealth Corruption · Content Damage' },
  { value: 'cut_replace', mode: 'truncate_insert', label: 'Cut & Replace · Size Alteration' },
  { value: 'jumble_sections', mode: 'shuffle_blocks', label: 'Jumble Sections · Block Reorder' },
] as const satisfies readonly { value: string; mode: EngineMode; label: string }[];
