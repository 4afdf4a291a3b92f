//! Errors are values: every way a caller can get the arguments wrong has a variant and a text.

use std::fmt;

/// The largest seed: 2^53 - 1, a JavaScript safe integer, so seeds survive the trip through the UI.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// Inputs are at most 2^32 - 1 bytes (the web UI caps files at 200 MiB).
pub const MAX_INPUT: u64 = u32::MAX as u64;
/// Streamed inputs (`stream::corrupt_stream`, natively) are at most 2^53 - 1 bytes, so every position
/// is also exact as a JavaScript number.
pub const MAX_STREAMED: u64 = (1 << 53) - 1;

/// Every failure is caused by the caller's arguments; the engine has no other failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The mode is not one of the engine's modes (`Mode::ALL`).
    UnsupportedMode(String),
    /// The intensity is not an integer in 0..=100.
    Intensity(String),
    /// The seed is not an integer in 0..=2^53-1.
    Seed(String),
    /// The input is longer than 2^32 - 1 bytes.
    TooLarge(u64),
    /// A streamed input is longer than 2^53 - 1 bytes.
    TooLargeStreamed(u64),
    /// Byte ranges were given to a mode that takes none (the mode's name).
    RangesNotTaken(String),
    /// A range text is not `A:B` (the text as given).
    BadRange(String),
    /// A range's start is after its end (the text as given).
    RangeReversed(String),
    /// A selector names another format than the file's structure map (the map's format).
    SelectorFormat { text: String, format: String },
    /// A selector matches no region: the file's first units and how many there are.
    SelectorNoMatch { text: String, units: Vec<String>, count: usize },
    /// Selectors on a stream that cannot be read by position (only its head is given).
    SelectorsUnreadable,
    /// Checksum fixing was asked of a mode that does not take it (the mode's name).
    FixNotTaken(String),
    /// The ranges leave no byte that may change: the input's length, and the kept header when the
    /// mode keeps one of at least one byte.
    NothingAllowed { n: u64, header: Option<u64> },
    /// `member` could not be done on this input (the whole text: docs/contract.md, section 6.11).
    Member(String),
    /// A mode's option (direction, charset, BOM variant, block size) given to a mode that does not
    /// take it (the mode's name).
    OptionNotTaken { option: ModeOption, mode: String },
    /// A mode's option with a value the mode does not know (the value as given).
    BadOption { option: ModeOption, mode: String, value: String },
}

/// The options of the conversion modes and misdirected_write (docs/contract.md, section 2, checks 8c
/// to 8f).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ModeOption {
    Direction,
    Charset,
    Bom,
    BlockSize,
}

/// The modes that take byte ranges and checksum fixing, as the error texts name them.
const OPTION_MODES: &str = "byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write";

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::UnsupportedMode(m) => write!(f, "Unsupported corruption mode: {m}"),
            EngineError::Intensity(v) => write!(f, "Intensity must be an integer from 0 to 100, got {v}"),
            EngineError::Seed(v) => write!(f, "Seed must be an integer from 0 to {MAX_SEED}, got {v}"),
            EngineError::TooLarge(n) => {
                write!(f, "Input too large: {n} bytes (the engine takes at most {MAX_INPUT} bytes)")
            }
            EngineError::TooLargeStreamed(n) => {
                write!(f, "Input too large: {n} bytes (the engine streams at most {MAX_STREAMED} bytes)")
            }
            EngineError::RangesNotTaken(m) => write!(f, "Byte ranges work with {OPTION_MODES}, not {m}"),
            EngineError::BadRange(t) => write!(
                f,
                "Invalid byte range \"{t}\": expected A:B (byte offsets, B exclusive; decimal or 0x hex; negative counts from the end)"
            ),
            EngineError::RangeReversed(t) => write!(f, "Invalid byte range \"{t}\": the start is after the end"),
            EngineError::SelectorFormat { text, format } => {
                let want = text.split(':').next().unwrap_or("");
                write!(f, "Selector \"{text}\" is for {want} files, but this file's structure map is {format}")
            }
            EngineError::SelectorNoMatch { text, units, count } => write!(
                f,
                "Selector \"{text}\" matches nothing in this file; its units are {} ({count} in all)",
                units.join(", ")
            ),
            EngineError::SelectorsUnreadable => {
                write!(f, "Selectors need the whole input readable by position, and this stream is not")
            }
            EngineError::FixNotTaken(m) => write!(f, "Keeping checksums valid works with {OPTION_MODES}, not {m}"),
            EngineError::NothingAllowed { n, header } => {
                write!(f, "The byte ranges leave no byte that may change in this {n}-byte file")?;
                match header {
                    Some(h) => write!(f, " after its {h}-byte header"),
                    None => Ok(()),
                }
            }
            EngineError::Member(text) => write!(f, "{text}"),
            EngineError::OptionNotTaken { option, mode } => {
                let what = match option {
                    ModeOption::Direction => "A direction works with text_transfer and charset_roundtrip",
                    ModeOption::Charset => "A charset works with charset_roundtrip",
                    ModeOption::Bom => "A BOM variant works with charset_roundtrip",
                    ModeOption::BlockSize => "A block size works with misdirected_write",
                };
                write!(f, "{what}, not {mode}")
            }
            EngineError::BadOption { option, mode, value } => {
                let what = match option {
                    ModeOption::Direction if mode == "text_transfer" => {
                        "Direction must be lf_to_crlf or crlf_to_lf for text_transfer"
                    }
                    ModeOption::Direction => "Direction must be to_utf8 or from_utf8 for charset_roundtrip",
                    ModeOption::Charset => "Charset must be cp1252 or latin1",
                    ModeOption::Bom => "BOM must be keep, add or strip",
                    ModeOption::BlockSize => "Block size must be 512 or 4096",
                };
                write!(f, "{what}, got {value}")
            }
        }
    }
}

impl std::error::Error for EngineError {}
