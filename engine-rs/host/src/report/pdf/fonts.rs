//! The fonts of the PDF reports: the four standard Type 1 fonts (no embedding), Helvetica-Bold's
//! widths for wrapping labels and headings, Windows-1252 codes, and the fallback
//! fonts that draw any other character as "?" with its real character in their ToUnicode map.

use crate::report::tables::{CP1252_HIGH, HELVETICA_BOLD_WIDTHS, WIDEST};

/// The width of `text` in Helvetica-Bold at `size`, as drawn (no kerning).
pub(super) fn bold_width(text: &str, size: f32) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| match c as u32 {
            cp @ 0x20..=0x7e => u32::from(HELVETICA_BOLD_WIDTHS[(cp - 0x20) as usize]),
            _ => WIDEST,
        })
        .sum();
    units as f32 * size / 1000.0
}

/// `text` in lines no wider than `width` in Helvetica-Bold at `size`, broken at spaces (a word wider
/// than the line is broken where it must be).
pub(super) fn wrap_bold(text: &str, width: f32, size: f32) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split(' ') {
        let candidate = if line.is_empty() { word.to_string() } else { format!("{line} {word}") };
        if bold_width(&candidate, size) <= width {
            line = candidate;
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for ch in word.chars() {
            let mut longer = line.clone();
            longer.push(ch);
            if !line.is_empty() && bold_width(&longer, size) > width {
                lines.push(std::mem::take(&mut line));
            }
            line.push(ch);
        }
    }
    lines.push(line);
    lines
}

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Font {
    Sans,
    Bold,
    Mono,
    MonoBold,
}

pub(super) const FONTS: [(Font, &str); 4] = [
    (Font::Sans, "Helvetica"),
    (Font::Bold, "Helvetica-Bold"),
    (Font::Mono, "Courier"),
    (Font::MonoBold, "Courier-Bold"),
];

/// The Windows-1252 code of a character, if the standard fonts can draw it.
pub(super) fn cp1252(c: char) -> Option<u8> {
    let cp = c as u32;
    if (0x20..=0x7e).contains(&cp) || (0xa0..=0xff).contains(&cp) {
        return Some(cp as u8);
    }
    CP1252_HIGH.iter().position(|&x| x == cp && x != 0).map(|i| 0x80 + i as u8)
}

/// Codes used in each fallback font (all drawn as "?").
pub(super) const FALLBACK_FIRST: u8 = 0x21;
pub(super) const FALLBACK_CODES: usize = 0x100 - FALLBACK_FIRST as usize;

/// A font resource on a page: a standard font, or fallback font i.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Res {
    Std(Font),
    Fallback(usize),
}

impl Res {
    pub(super) fn name(self) -> String {
        match self {
            Res::Std(f) => format!("F{}", FONTS.iter().position(|(x, _)| *x == f).unwrap_or(0) + 1),
            Res::Fallback(i) => format!("X{}", i + 1),
        }
    }
}
