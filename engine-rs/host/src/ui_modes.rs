// Generated from engine-data/formats.toml by scripts/gen-engine-data.mjs; do not edit.

//! The UI's Algorithm values, which the command line takes as well as engine modes
//! (docs/contract.md, sections 6 and 11.3), and the site's origin.

use fracture_engine::Mode;

/// The site's origin: share links in every report point here, whichever host made it.
pub const SITE_ORIGIN: &str = "http://127.0.0.1:4173";

/// `(UI value, engine mode)`, in the UI's order.
pub const UI_VALUES: [(&str, Mode); 12] = [
    ("quick_scramble", Mode::ByteFlip),
    ("guaranteed_break", Mode::GuaranteedBreak),
    ("stealth_corruption", Mode::HeaderPreserveFlip),
    ("cut_replace", Mode::TruncateInsert),
    ("jumble_sections", Mode::ShuffleBlocks),
    ("interrupted_download", Mode::InterruptedTransfer),
    ("bad_sectors", Mode::BadSectors),
    ("bit_rot", Mode::BitRot),
    ("text_transfer", Mode::TextTransfer),
    ("seven_bit", Mode::SevenBit),
    ("charset_roundtrip", Mode::CharsetRoundtrip),
    ("misdirected_write", Mode::MisdirectedWrite),
];

/// `(engine mode, UI label)`, in the UI's order; `{EXT}` is the file's extension upper-cased, or `File`.
pub const UI_LABELS: [(&str, &str); 12] = [
    ("byte_flip", "Quick Scramble · Random Bit Flips"),
    ("guaranteed_break", "Won't Open · {EXT} Format Killer, or Header Poison"),
    ("header_preserve_flip", "Stealth Corruption · Content Damage"),
    ("truncate_insert", "Cut & Replace · Size Alteration"),
    ("shuffle_blocks", "Jumble Sections · Block Reorder"),
    ("interrupted_transfer", "Interrupted Download · Cut Short"),
    ("bad_sectors", "Bad Sectors · Zeroed Blocks"),
    ("bit_rot", "Bit Rot · Single-Bit Errors"),
    ("text_transfer", "Text-Mode Transfer · Line Endings Converted"),
    ("seven_bit", "7-Bit Transport · High Bit Cleared"),
    ("charset_roundtrip", "Charset Round Trip · Mojibake"),
    ("misdirected_write", "Misdirected Write · Block at the Wrong Offset"),
];
