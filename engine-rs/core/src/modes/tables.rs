// Generated from engine-data/formats.toml by scripts/gen-engine-data.mjs; do not edit.

//! The engine modes (docs/contract.md, section 6).

/// An engine mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    ByteFlip,
    HeaderPreserveFlip,
    TruncateInsert,
    ShuffleBlocks,
    GuaranteedBreak,
}

impl Mode {
    /// Every mode, in the contract's order.
    pub const ALL: [Mode; 5] =
        [Mode::ByteFlip, Mode::HeaderPreserveFlip, Mode::TruncateInsert, Mode::ShuffleBlocks, Mode::GuaranteedBreak];

    /// The engine mode name.
    pub fn name(self) -> &'static str {
        match self {
            Mode::ByteFlip => "byte_flip",
            Mode::HeaderPreserveFlip => "header_preserve_flip",
            Mode::TruncateInsert => "truncate_insert",
            Mode::ShuffleBlocks => "shuffle_blocks",
            Mode::GuaranteedBreak => "guaranteed_break",
        }
    }
}
