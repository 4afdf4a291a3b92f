//! The options of the conversion modes and misdirected_write (docs/contract.md, section 2, checks 8c
//! to 8f): each taken by its modes only, each value one of a few names, each absent by default.

use crate::error::{EngineError, ModeOption};
use crate::modes::charset::{Bom, Charset, Transcode};
use crate::modes::misdirect::BLOCK_SIZES;
use crate::modes::transfer::LineEnding;
use crate::modes::Mode;

/// The options checked, with their defaults filled in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Variant {
    /// text_transfer's direction; None: the seed chooses (`LineEnding::drawn`).
    pub line_ending: Option<LineEnding>,
    /// charset_roundtrip's direction, charset and BOM variant.
    pub transcode: Transcode,
    pub charset: Charset,
    pub bom: Bom,
    /// misdirected_write's block size.
    pub block: u64,
}

impl Default for Variant {
    fn default() -> Variant {
        Variant {
            line_ending: None,
            transcode: Transcode::ToUtf8,
            charset: Charset::Cp1252,
            bom: Bom::Keep,
            block: BLOCK_SIZES[0],
        }
    }
}

/// The options as given: direction, charset, BOM variant, block size (None: not given).
#[derive(Debug, Clone, Copy, Default)]
pub struct Given<'a> {
    pub direction: Option<&'a str>,
    pub charset: Option<&'a str>,
    pub bom: Option<&'a str>,
    pub block_size: Option<&'a str>,
}

/// Checks 8c to 8f, in order: each option given to a mode that takes it, with a value it knows.
pub fn parse_variant(mode: Mode, options: &Given) -> Result<Variant, EngineError> {
    let mut v = Variant::default();
    let name = mode.name().to_string();
    let refuse = |option: ModeOption, given: &str| EngineError::BadOption {
        option,
        mode: name.clone(),
        value: given.to_string(),
    };
    let taken = |option: ModeOption, takes: bool| {
        if takes {
            Ok(())
        } else {
            Err(EngineError::OptionNotTaken { option, mode: name.clone() })
        }
    };
    if let Some(d) = options.direction {
        taken(ModeOption::Direction, mode.takes_direction())?;
        if mode == Mode::TextTransfer {
            v.line_ending = Some(LineEnding::parse(d).ok_or_else(|| refuse(ModeOption::Direction, d))?);
        } else {
            v.transcode = Transcode::parse(d).ok_or_else(|| refuse(ModeOption::Direction, d))?;
        }
    }
    if let Some(c) = options.charset {
        taken(ModeOption::Charset, mode.takes_charset())?;
        v.charset = Charset::parse(c).ok_or_else(|| refuse(ModeOption::Charset, c))?;
    }
    if let Some(b) = options.bom {
        taken(ModeOption::Bom, mode.takes_charset())?;
        v.bom = Bom::parse(b).ok_or_else(|| refuse(ModeOption::Bom, b))?;
    }
    if let Some(size) = options.block_size {
        taken(ModeOption::BlockSize, mode.takes_block_size())?;
        v.block = BLOCK_SIZES
            .into_iter()
            .find(|b| b.to_string() == *size)
            .ok_or_else(|| refuse(ModeOption::BlockSize, size))?;
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::options::{check_variant, Options};

    fn err(mode: Mode, options: Options) -> String {
        check_variant(mode, &options).unwrap_err().to_string()
    }

    #[test]
    fn options_are_taken_by_their_modes_with_their_values() {
        let o = |d: Option<&str>, c: Option<&str>, b: Option<&str>, s: Option<&str>| Options {
            direction: d.map(String::from),
            charset: c.map(String::from),
            bom: b.map(String::from),
            block_size: s.map(String::from),
            ..Options::default()
        };
        assert_eq!(
            err(Mode::BitRot, o(Some("lf_to_crlf"), None, None, None)),
            "A direction works with text_transfer and charset_roundtrip, not bit_rot"
        );
        assert_eq!(
            err(Mode::TextTransfer, o(Some("to_utf8"), None, None, None)),
            "Direction must be lf_to_crlf or crlf_to_lf for text_transfer, got to_utf8"
        );
        assert_eq!(
            err(Mode::CharsetRoundtrip, o(Some("lf_to_crlf"), None, None, None)),
            "Direction must be to_utf8 or from_utf8 for charset_roundtrip, got lf_to_crlf"
        );
        assert_eq!(
            err(Mode::TextTransfer, o(None, Some("latin1"), None, None)),
            "A charset works with charset_roundtrip, not text_transfer"
        );
        assert_eq!(
            err(Mode::CharsetRoundtrip, o(None, Some("utf16"), None, None)),
            "Charset must be cp1252 or latin1, got utf16"
        );
        assert_eq!(
            err(Mode::SevenBit, o(None, None, Some("add"), None)),
            "A BOM variant works with charset_roundtrip, not seven_bit"
        );
        assert_eq!(
            err(Mode::CharsetRoundtrip, o(None, None, Some("remove"), None)),
            "BOM must be keep, add or strip, got remove"
        );
        assert_eq!(
            err(Mode::BadSectors, o(None, None, None, Some("512"))),
            "A block size works with misdirected_write, not bad_sectors"
        );
        assert_eq!(
            err(Mode::MisdirectedWrite, o(None, None, None, Some("0512"))),
            "Block size must be 512 or 4096, got 0512"
        );
        // In order: the direction before the charset.
        assert_eq!(
            err(Mode::BitRot, o(Some("x"), Some("y"), None, None)),
            "A direction works with text_transfer and charset_roundtrip, not bit_rot"
        );
        let v =
            check_variant(Mode::CharsetRoundtrip, &o(Some("from_utf8"), Some("latin1"), Some("strip"), None)).unwrap();
        assert_eq!((v.transcode, v.charset, v.bom), (Transcode::FromUtf8, Charset::Latin1, Bom::Strip));
        assert_eq!(check_variant(Mode::MisdirectedWrite, &o(None, None, None, Some("512"))).unwrap().block, 512);
        assert_eq!(check_variant(Mode::TextTransfer, &Options::default()).unwrap(), Variant::default());
    }
}
