//! The five engine modes.

pub mod flip;
pub mod shuffle;
pub mod truncate;

use crate::error::EngineError;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    ByteFlip,
    HeaderPreserveFlip,
    TruncateInsert,
    ShuffleBlocks,
    GuaranteedBreak,
}

impl Mode {
    pub const ALL: [Mode; 5] =
        [Mode::ByteFlip, Mode::HeaderPreserveFlip, Mode::TruncateInsert, Mode::ShuffleBlocks, Mode::GuaranteedBreak];

    pub fn name(self) -> &'static str {
        match self {
            Mode::ByteFlip => "byte_flip",
            Mode::HeaderPreserveFlip => "header_preserve_flip",
            Mode::TruncateInsert => "truncate_insert",
            Mode::ShuffleBlocks => "shuffle_blocks",
            Mode::GuaranteedBreak => "guaranteed_break",
        }
    }

    /// An engine mode name; anything else is `Unsupported corruption mode: {mode}`.
    pub fn parse(s: &str) -> Result<Mode, EngineError> {
        Mode::ALL.into_iter().find(|m| m.name() == s).ok_or_else(|| EngineError::UnsupportedMode(s.to_string()))
    }
}
