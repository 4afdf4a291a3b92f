// Generated from engine-data/formats.toml by scripts/gen-engine-data.mjs; do not edit.

/** The site's origin: share links in every report point here, whichever host made it; the site's canonical addresses too. */
export const SITE_ORIGIN = 'http://127.0.0.1:4173';

/** The engine mode names, in the contract's order (docs/contract.md, section 6). */
export const ENGINE_MODES = [
  'byte_flip',
  'header_preserve_flip',
  'truncate_insert',
  'shuffle_blocks',
  'guaranteed_break',
  'interrupted_transfer',
  'bad_sectors',
  'bit_rot',
  'text_transfer',
  'seven_bit',
  'charset_roundtrip',
  'misdirected_write',
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
  { value: 'interrupted_download', mode: 'interrupted_transfer', label: 'Interrupted Download · Cut Short' },
  { value: 'bad_sectors', mode: 'bad_sectors', label: 'Bad Sectors · Zeroed Blocks' },
  { value: 'bit_rot', mode: 'bit_rot', label: 'Bit Rot · Single-Bit Errors' },
  { value: 'text_transfer', mode: 'text_transfer', label: 'Text-Mode Transfer · Line Endings Converted' },
  { value: 'seven_bit', mode: 'seven_bit', label: '7-Bit Transport · High Bit Cleared' },
  { value: 'charset_roundtrip', mode: 'charset_roundtrip', label: 'Charset Round Trip · Mojibake' },
  { value: 'misdirected_write', mode: 'misdirected_write', label: 'Misdirected Write · Block at the Wrong Offset' },
] as const satisfies readonly { value: string; mode: EngineMode; label: string }[];

/** The modes that take byte ranges (`ranges`: --only, --protect), in the contract's order. */
export const RANGE_MODES = [
  'byte_flip',
  'header_preserve_flip',
  'bad_sectors',
  'bit_rot',
  'seven_bit',
  'misdirected_write',
] as const satisfies readonly EngineMode[];

/** The modes that take `fixChecksums` (--fix-checksums), in the contract's order. */
export const FIX_CHECKSUM_MODES = [
  'byte_flip',
  'header_preserve_flip',
  'bad_sectors',
  'bit_rot',
  'seven_bit',
  'misdirected_write',
] as const satisfies readonly EngineMode[];

/** The modes that take a `direction` (--direction), in the contract's order. */
export const DIRECTION_MODES = ['text_transfer', 'charset_roundtrip'] as const satisfies readonly EngineMode[];

/** The modes that take a `charset` and a `bom` variant (--charset, --bom), in the contract's order. */
export const CHARSET_MODES = ['charset_roundtrip'] as const satisfies readonly EngineMode[];

/** The modes that take a `blockSize` (--block-size), in the contract's order. */
export const BLOCK_SIZE_MODES = ['misdirected_write'] as const satisfies readonly EngineMode[];
