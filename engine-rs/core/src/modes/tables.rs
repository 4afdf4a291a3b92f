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
    InterruptedTransfer,
    BadSectors,
    BitRot,
    TextTransfer,
    SevenBit,
    CharsetRoundtrip,
    MisdirectedWrite,
}

impl Mode {
    /// Every mode, in the contract's order.
    pub const ALL: [Mode; 12] = [
        Mode::ByteFlip,
        Mode::HeaderPreserveFlip,
        Mode::TruncateInsert,
        Mode::ShuffleBlocks,
        Mode::GuaranteedBreak,
        Mode::InterruptedTransfer,
        Mode::BadSectors,
        Mode::BitRot,
        Mode::TextTransfer,
        Mode::SevenBit,
        Mode::CharsetRoundtrip,
        Mode::MisdirectedWrite,
    ];

    /// The engine mode name.
    pub fn name(self) -> &'static str {
        match self {
            Mode::ByteFlip => "byte_flip",
            Mode::HeaderPreserveFlip => "header_preserve_flip",
            Mode::TruncateInsert => "truncate_insert",
            Mode::ShuffleBlocks => "shuffle_blocks",
            Mode::GuaranteedBreak => "guaranteed_break",
            Mode::InterruptedTransfer => "interrupted_transfer",
            Mode::BadSectors => "bad_sectors",
            Mode::BitRot => "bit_rot",
            Mode::TextTransfer => "text_transfer",
            Mode::SevenBit => "seven_bit",
            Mode::CharsetRoundtrip => "charset_roundtrip",
            Mode::MisdirectedWrite => "misdirected_write",
        }
    }

    /// Whether the mode takes byte ranges (`--only`, `--protect`).
    pub fn takes_ranges(self) -> bool {
        matches!(
            self,
            Mode::ByteFlip
                | Mode::HeaderPreserveFlip
                | Mode::BadSectors
                | Mode::BitRot
                | Mode::SevenBit
                | Mode::MisdirectedWrite
        )
    }

    /// Whether the mode takes `--fix-checksums`.
    pub fn takes_fix_checksums(self) -> bool {
        matches!(
            self,
            Mode::ByteFlip
                | Mode::HeaderPreserveFlip
                | Mode::BadSectors
                | Mode::BitRot
                | Mode::SevenBit
                | Mode::MisdirectedWrite
        )
    }

    /// Whether the mode takes a direction (`--direction`).
    pub fn takes_direction(self) -> bool {
        matches!(self, Mode::TextTransfer | Mode::CharsetRoundtrip)
    }

    /// Whether the mode takes a charset and a BOM variant (`--charset`, `--bom`).
    pub fn takes_charset(self) -> bool {
        matches!(self, Mode::CharsetRoundtrip)
    }

    /// Whether the mode takes a block size (`--block-size`).
    pub fn takes_block_size(self) -> bool {
        matches!(self, Mode::MisdirectedWrite)
    }
}

/// bit_rot at intensity i flips one bit in `BIT_ROT_ONE_IN[i]` (docs/contract.md, section 6.7).
pub const BIT_ROT_ONE_IN: [u32; 101] = [
    1000000, 1000000, 911163, 830218, 756463, 689261, 628029, 572237, 521401, 475081, 432876, 394421, 359381, 327455,
    298365, 271859, 247708, 225702, 205651, 187382, 170735, 155568, 141747, 129155, 117681, 107227, 97701, 89022,
    81113, 73907, 67342, 61359, 55908, 50941, 46416, 42292, 38535, 35112, 31993, 29151, 26561, 24201, 22051, 20092,
    18307, 16681, 15199, 13849, 12619, 11498, 10476, 9545, 8697, 7925, 7221, 6579, 5995, 5462, 4977, 4535, 4132, 3765,
    3430, 3126, 2848, 2595, 2364, 2154, 1963, 1789, 1630, 1485, 1353, 1233, 1123, 1024, 933, 850, 774, 705, 643, 586,
    534, 486, 443, 404, 368, 335, 305, 278, 254, 231, 210, 192, 175, 159, 145, 132, 120, 110, 100,
];
