//! The options beside mode, intensity and seed (docs/contract.md, sections 6.9 and 6.10): byte ranges
//! and checksum fixing. Both default to off, and off leaves every output as it was.

use crate::region::ByteSet;

use crate::error::EngineError;
use crate::modes::Mode;

pub mod select;
pub mod variant;
pub use select::Selector;
pub use variant::Variant;

/// The largest value a range may name: 2^53 - 1, so the TypeScript engine reads it exactly.
const MAX_VALUE: u64 = (1 << 53) - 1;

/// Byte ranges as the caller gave them: texts `A:B` (docs/contract.md, section 6.9.1).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Ranges {
    pub only: Vec<String>,
    pub protect: Vec<String>,
}

impl Ranges {
    pub fn is_empty(&self) -> bool {
        self.only.is_empty() && self.protect.is_empty()
    }
}

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Options {
    pub ranges: Ranges,
    pub fix_checksums: bool,
    /// `member` (docs/contract.md, section 6.11): corrupt the archive's members that match this glob.
    pub member: Option<String>,
    /// The conversion modes' and misdirected_write's options, as given (docs/contract.md, sections
    /// 6.13 to 6.16; checked by `variant::check_variant`): text_transfer's and charset_roundtrip's
    /// direction, charset_roundtrip's charset and BOM variant, misdirected_write's block size.
    pub direction: Option<String>,
    pub charset: Option<String>,
    pub bom: Option<String>,
    pub block_size: Option<String>,
}

/// One end of a range: empty, or a value counted from the start (no sign) or back from the end (`-`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Empty,
    Forward(u64),
    Backward(u64),
}

impl End {
    fn parse(s: &str) -> Option<End> {
        if s.is_empty() {
            return Some(End::Empty);
        }
        let (negative, digits) = match s.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, s),
        };
        let (radix, digits) = match digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
            Some(hex) => (16, hex),
            None => (10, digits),
        };
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return None;
        }
        let v = u64::from_str_radix(digits, radix).ok().filter(|&v| v <= MAX_VALUE)?;
        Some(if negative { End::Backward(v) } else { End::Forward(v) })
    }

    fn resolve(self, n: u64, empty: u64) -> u64 {
        match self {
            End::Empty => empty,
            End::Forward(v) => v.min(n),
            End::Backward(v) => n - v.min(n),
        }
    }

    fn canonical(self) -> String {
        match self {
            End::Empty => String::new(),
            End::Forward(v) => v.to_string(),
            End::Backward(v) => format!("-{v}"),
        }
    }
}

/// A selector and the spans it resolved to.
type Selected = (Selector, Vec<(u64, u64)>);

/// A range text, checked (checks 6 and 7 of section 2), or a selector (section 14.4) with the spans
/// it resolved to (none until `ParsedRanges::select`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Range {
    start: End,
    end: End,
    select: Option<Box<Selected>>,
}

impl Range {
    pub fn parse(text: &str) -> Result<Range, EngineError> {
        if select::is_selector(text) {
            let sel = Selector::parse(text)?;
            return Ok(Range { start: End::Empty, end: End::Empty, select: Some(Box::new((sel, Vec::new()))) });
        }
        let bad = || EngineError::BadRange(text.to_string());
        let (a, b) = text.split_once(':').ok_or_else(bad)?;
        let (start, end) = (End::parse(a).ok_or_else(bad)?, End::parse(b).ok_or_else(bad)?);
        let reversed = match (start, end) {
            (End::Forward(a), End::Forward(b)) => a > b,
            // -10:-20 is n-10 .. n-20.
            (End::Backward(a), End::Backward(b)) => a < b,
            _ => false,
        };
        if reversed {
            return Err(EngineError::RangeReversed(text.to_string()));
        }
        Ok(Range { start, end, select: None })
    }

    /// `[a, b)` in an `n`-byte input; empty when a >= b. A selector's first span (use `spans`).
    pub fn resolve(&self, n: u64) -> (u64, u64) {
        match &self.select {
            Some(s) => s.1.first().copied().unwrap_or((0, 0)),
            None => (self.start.resolve(n, 0), self.end.resolve(n, n)),
        }
    }

    /// The spans the range covers in an `n`-byte input: one for a byte range, those a selector
    /// resolved to.
    pub fn spans(&self, n: u64) -> Vec<(u64, u64)> {
        match &self.select {
            Some(s) => s.1.clone(),
            None => vec![self.resolve(n)],
        }
    }

    pub fn is_selector(&self) -> bool {
        self.select.is_some()
    }

    /// The canonical text; a selector's is its text as given.
    pub fn canonical(&self) -> String {
        match &self.select {
            Some(s) => s.0.text.clone(),
            None => format!("{}:{}", self.start.canonical(), self.end.canonical()),
        }
    }
}

/// The ranges parsed, in the contract's order: `only` first, then `protect`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ParsedRanges {
    pub only: Vec<Range>,
    pub protect: Vec<Range>,
}

impl ParsedRanges {
    pub fn is_empty(&self) -> bool {
        self.only.is_empty() && self.protect.is_empty()
    }

    /// The report's `ranges` text: `only 0:4096, protect -512:`.
    pub fn text(&self) -> String {
        let only = self.only.iter().map(|r| format!("only {}", r.canonical()));
        let protect = self.protect.iter().map(|r| format!("protect {}", r.canonical()));
        only.chain(protect).collect::<Vec<_>>().join(", ")
    }

    pub fn has_selectors(&self) -> bool {
        self.only.iter().chain(&self.protect).any(Range::is_selector)
    }

    /// Resolves every selector against the structure map `map` (section 14.4).
    pub fn select(&mut self, map: &[crate::structure::Region]) -> Result<(), EngineError> {
        for r in self.only.iter_mut().chain(self.protect.iter_mut()) {
            if let Some(s) = r.select.as_mut() {
                s.1 = s.0.resolve(map)?;
            }
        }
        Ok(())
    }

    /// The report's `selected` text (section 14.4): each selector, in the order of `text`, with the
    /// spans it resolved to: `only png:IDAT/data = 41:8233 8245:16437`, joined by `; `.
    pub fn selected(&self) -> String {
        let only = self.only.iter().map(|r| ("only", r));
        let protect = self.protect.iter().map(|r| ("protect", r));
        only.chain(protect)
            .filter_map(|(kind, r)| {
                let s = r.select.as_ref()?;
                let spans = s.1.iter().map(|(a, b)| format!("{a}:{b}")).collect::<Vec<_>>().join(" ");
                Some(format!("{kind} {} = {spans}", s.0.text))
            })
            .collect::<Vec<_>>()
            .join("; ")
    }

    /// The bytes the `protect` ranges cover in an `n`-byte input.
    pub fn protected(&self, n: u64) -> ByteSet {
        ByteSet::union(self.protect.iter().flat_map(|r| r.spans(n)))
    }

    /// The free bytes of an `n`-byte input: the `only` ranges (all of it without any), minus the
    /// `protect` ranges.
    pub fn free(&self, n: u64) -> ByteSet {
        let only = if self.only.is_empty() {
            ByteSet::span(0, n)
        } else {
            ByteSet::union(self.only.iter().flat_map(|r| r.spans(n)))
        };
        only.minus(&self.protected(n))
    }
}

/// Checks 8c to 8f of section 2, which need no input: the conversion modes' and misdirected_write's
/// options, each taken by a mode that takes it, with a value it knows. Returns them with the defaults.
pub fn check_variant(mode: Mode, options: &Options) -> Result<Variant, EngineError> {
    let given = variant::Given {
        direction: options.direction.as_deref(),
        charset: options.charset.as_deref(),
        bom: options.bom.as_deref(),
        block_size: options.block_size.as_deref(),
    };
    variant::parse_variant(mode, &given)
}

/// Checks 5 to 8 of section 2, which need no input: whether the mode takes the options given, and
/// every range text. Returns the ranges parsed.
pub fn check_options(mode: Mode, options: &Options) -> Result<ParsedRanges, EngineError> {
    if !options.ranges.is_empty() && !mode.takes_ranges() {
        return Err(EngineError::RangesNotTaken(mode.name().to_string()));
    }
    let parse = |list: &[String]| list.iter().map(|t| Range::parse(t)).collect::<Result<Vec<_>, _>>();
    let parsed = ParsedRanges { only: parse(&options.ranges.only)?, protect: parse(&options.ranges.protect)? };
    if options.fix_checksums && !mode.takes_fix_checksums() {
        return Err(EngineError::FixNotTaken(mode.name().to_string()));
    }
    Ok(parsed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn canon(t: &str) -> String {
        Range::parse(t).unwrap().canonical()
    }

    #[test]
    fn texts_parse_and_print_canonically() {
        assert_eq!(canon("0x10:-0X20"), "16:-32");
        assert_eq!(canon(":0x200"), ":512");
        assert_eq!(canon("-0:"), "-0:");
        assert_eq!(canon("007:08"), "7:8");
        assert_eq!(canon(":"), ":");
        assert_eq!(canon("9007199254740991:"), "9007199254740991:");
        for bad in
            ["", "5", "1:2:3", " 1:2", "1 :2", "+1:2", "0x:1", "1:0xg", "--1:2", "1.5:2", "9007199254740992:", "١:2"]
        {
            assert_eq!(Range::parse(bad), Err(EngineError::BadRange(bad.to_string())), "{bad:?}");
        }
        for reversed in ["100:50", "-10:-20", "0x20:0x1f"] {
            assert_eq!(Range::parse(reversed), Err(EngineError::RangeReversed(reversed.to_string())));
        }
        // Mixed signs cannot be judged without the length: they resolve, possibly to nothing.
        assert!(Range::parse("-10:5").is_ok() && Range::parse("5:-10").is_ok() && Range::parse("-0:0").is_ok());
    }

    #[test]
    fn ranges_resolve_against_the_length() {
        let r = |t: &str, n| Range::parse(t).unwrap().resolve(n);
        assert_eq!(r("-10:5", 100), (90, 5));
        assert_eq!(r("-10:5", 12), (2, 5));
        assert_eq!(r("-200:", 100), (0, 100));
        assert_eq!(r("50:1000", 100), (50, 100));
        assert_eq!(r("-0:", 100), (100, 100));
        assert_eq!(r(":-0", 100), (0, 100));
    }

    #[test]
    fn free_is_only_minus_protect() {
        let ranges = ParsedRanges {
            only: vec![Range::parse("10:20").unwrap(), Range::parse("15:30").unwrap(), Range::parse("-5:").unwrap()],
            protect: vec![Range::parse("12:14").unwrap(), Range::parse("98:1000").unwrap()],
        };
        assert_eq!(ranges.free(100).spans(), &[(10, 12), (14, 30), (95, 98)]);
        assert_eq!(ranges.text(), "only 10:20, only 15:30, only -5:, protect 12:14, protect 98:1000");
        let protect_only = ParsedRanges { only: vec![], protect: vec![Range::parse(":4").unwrap()] };
        assert_eq!(protect_only.free(10).spans(), &[(4, 10)]);
    }

    #[test]
    fn modes_refuse_options_they_do_not_take() {
        let ranges = Options {
            ranges: Ranges { only: vec!["1:2".into()], protect: vec![] },
            fix_checksums: false,
            member: None,
            ..Options::default()
        };
        let fix = Options { fix_checksums: true, ..Options::default() };
        for mode in Mode::ALL {
            assert_eq!(check_options(mode, &ranges).is_ok(), mode.takes_ranges(), "{mode:?}");
            assert_eq!(check_options(mode, &fix).is_ok(), mode.takes_fix_checksums(), "{mode:?}");
            assert!(check_options(mode, &Options::default()).is_ok());
        }
        // The mode is judged before the texts.
        let bad = Options {
            ranges: Ranges { only: vec!["x".into()], protect: vec![] },
            fix_checksums: false,
            member: None,
            ..Options::default()
        };
        assert_eq!(check_options(Mode::ShuffleBlocks, &bad), Err(EngineError::RangesNotTaken("shuffle_blocks".into())));
        assert_eq!(check_options(Mode::BitRot, &bad), Err(EngineError::BadRange("x".into())));
    }
}
