// Generated from engine-data/report.toml by scripts/gen-engine-data.mjs; do not edit.

//! Why a hit expects what it does (docs/contract.md, section 14.2), word for word as
//! lib/engine/reference/structure/why.ts says it.

pub const MAGIC: &str = "A signature, magic number, type code or marker changed, so a reader no longer recognises the file or this part of it.";
pub const LAYOUT: &str = "A length, offset, count or size changed, so the layout no longer holds together.";
pub const CHECKSUM: &str = "A checksum field changed, so it no longer matches the bytes it covers.";
pub const CHECKED: &str =
    "Bytes a checksum covers changed and the checksum was not recomputed, so it no longer matches.";
pub const CHECKED_FIXED: &str = "Bytes a checksum covers changed and fix_checksums recomputed that checksum, so a reader may open the file and show damaged content.";
pub const REPAIRED: &str = "fix_checksums recomputed this checksum over the changed bytes it covers: the change is the repair, and the checksum matches.";
pub const PAYLOAD: &str = "Content that nothing in the format verifies changed, so a reader may open the file and show or compute damaged content.";
pub const SKIPPED: &str = "Bytes that readers skip (padding, bytes between parts or after the end) changed.";
pub const MEMBER: &str = "The member's own content changed inside an archive that stays valid (its headers, CRC-32 and sizes rewritten to match), so the member's reader meets the damage, as the member's own run expects.";
pub const ZIP_INFO: &str = "Only a ZIP entry's date and time, version made by or file attributes changed, which are informational and no reader checks.";
pub const GIF_BITS: &str = "Only bits of a GIF packed-fields byte that nothing checks changed (color resolution, sort, interlace, reserved, or a table size with no table).";
pub const GZIP_FTEXT: &str = "Only gzip's FTEXT flag changed, a hint that no reader checks.";
pub const ELF_INFO: &str = "Only ELF bytes that readers do not check changed (the OS ABI, its version and padding, e_version, the entry point, or a symbol's value, size or visibility).";
pub const ISOBMFF_OPTIONAL: &str = "Only the type of a box the file does not need changed: readers skip a box of a type they do not know (ISO/IEC 14496-12, 4.2), and media data is found through the chunk offsets, so a reader may open the file without it.";
