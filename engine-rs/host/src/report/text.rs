//! Sentences and labels the reports print: the CLIs' hit lines and the PDF reports' sentences. The
//! fixed texts come from engine-data/report.toml (`tables`, generated); the sentences built from
//! numbers are written here, once for every host (the browser's report panel has its own in
//! lib/report/text.ts, held to these by tests/cross-engine/reports.test.ts).

use serde_json::Value as Json;

use super::changes::ChangeMap;
pub use super::tables::{ESCALATED_TEXT, EXPECT_WORDS, LEGAL_NOTICE, MODE_FIELDS, NOT_ESCALATED_TEXT};
use super::tables::{EXPECT_LABELS, HITS_LEGEND, HITS_OVERALL, HITS_PDF_MORE};
use crate::ui_modes::UI_LABELS;

/// The hits a human line shows: at most this many.
pub const TOP_HITS: usize = 3;

/// The lines the CLIs print after a file's line (docs/cli.md): the overall expectation in words,
/// then the top hits (strongest expectation first, then most bytes changed, then map order), then
/// how many more there are. None for a report without hits (docs/contract.md, section 14).
pub fn hit_lines(report: &Json) -> Vec<String> {
    let Some(overall) = report.get("expect_overall").and_then(Json::as_str) else { return Vec::new() };
    let mut lines = vec![format!("  expect: {overall} ({})", expect_words(overall))];
    let shown = hits_by_strength(report);
    for h in shown.iter().take(TOP_HITS) {
        let noun = if h.changed_bytes == 1 { "byte" } else { "bytes" };
        lines.push(format!(
            "  {}: {}, {} {noun} changed from offset {}",
            h.expect,
            h.path,
            thousands(h.changed_bytes),
            h.first
        ));
    }
    if shown.len() > TOP_HITS {
        lines.push(format!("  and {} more regions hit (--json lists them all)", shown.len() - TOP_HITS));
    }
    lines
}

/// A report's hit (docs/contract.md, section 14.2), read from its `hits`.
pub struct Hit {
    pub path: String,
    pub changed_bytes: u64,
    pub first: u64,
    pub expect: String,
    pub why: String,
}

/// The report's hits strongest expectation first (reject, may_accept, ignored), then most bytes
/// changed, then in map order: the CLIs' top hits and the PDFs' table (`hitsByStrength` in
/// lib/report/text.ts sorts the same).
pub fn hits_by_strength(report: &Json) -> Vec<Hit> {
    let Some(hits) = report.get("hits").and_then(Json::as_array) else { return Vec::new() };
    let mut out: Vec<Hit> = hits
        .iter()
        .map(|h| {
            let text = |k| h.get(k).and_then(Json::as_str).unwrap_or_default().to_string();
            let int = |k| h.get(k).and_then(Json::as_u64).unwrap_or(0);
            Hit {
                path: text("path"),
                changed_bytes: int("changed_bytes"),
                first: int("first"),
                expect: text("expect"),
                why: text("why"),
            }
        })
        .collect();
    let strength = |e: &str| ["ignored", "may_accept", "reject"].iter().position(|x| *x == e).unwrap_or(0);
    // A stable sort, as JavaScript's Array.prototype.sort.
    out.sort_by(|a, b| strength(&b.expect).cmp(&strength(&a.expect)).then(b.changed_bytes.cmp(&a.changed_bytes)));
    out
}

/// An `expect_overall` value's words (engine-data/report.toml, `[expect]`).
fn expect_words(expect: &str) -> &str {
    EXPECT_WORDS.iter().find(|(k, _)| *k == expect).map_or("", |(_, w)| *w)
}

/// An `expect` or `expect_overall` value's label in the hits table ("must reject"); the value itself if unknown.
pub fn expect_label(expect: &str) -> &str {
    EXPECT_LABELS.iter().find(|(k, _)| *k == expect).map_or(expect, |(_, l)| *l)
}

/// An `expect_overall` value as a PDF row writes it, as `expectText` in lib/report/text.ts.
pub fn expect_text(expect: &str) -> String {
    let words = EXPECT_WORDS.iter().find(|(k, _)| *k == expect).map_or(expect, |(_, w)| *w);
    format!("{} ({words})", expect_label(expect))
}

/// The sentence above the hits table, as `overallSentence` in lib/report/text.ts.
pub fn overall_sentence(overall: &str) -> String {
    let words = EXPECT_WORDS.iter().find(|(k, _)| *k == overall).map_or(overall, |(_, w)| *w);
    HITS_OVERALL.replace("{label}", expect_label(overall)).replace("{words}", words)
}

/// The legend under the hits table: what each label a hit can have means, strongest first.
pub fn hits_legend() -> Vec<String> {
    ["reject", "may_accept", "ignored"]
        .iter()
        .map(|e| HITS_LEGEND.replace("{label}", expect_label(e)).replace("{words}", expect_words(e)))
        .collect()
}

/// What a PDF says under its hits table when `n` more hits were left out.
pub fn hits_more_text(n: usize) -> String {
    HITS_PDF_MORE.replace("{n}", &thousands(n as u64))
}

/// The UI label of an engine mode (`{EXT}` from the file's extension); "Custom Algorithm" if none.
pub fn mode_label(mode: &str, ext: &str) -> String {
    match UI_LABELS.iter().find(|(m, _)| *m == mode) {
        None => "Custom Algorithm".into(),
        Some((_, label)) => {
            label.replace("{EXT}", &if ext.is_empty() { "File".to_string() } else { ext.to_uppercase() })
        }
    }
}

/// 1234567 -> "1,234,567" (the core's, which `fracture diagnose` prints with too).
pub use fracture_engine::thousands;

/// part / whole as a percentage with one decimal, rounded down.
pub fn percent_down(part: u64, whole: u64) -> String {
    if whole == 0 {
        return "0.0".into();
    }
    let permille = (u128::from(part) * 1000 / u128::from(whole)) as u64;
    format!("{}.{}", permille / 10, permille % 10)
}

pub fn first_change_text(map: &ChangeMap) -> String {
    match map.first_change {
        None => "No byte changed.".into(),
        Some(at) => format!("First change at byte {}", thousands(at)),
    }
}

/// One or two sentences on where the bytes changed.
pub fn change_summary(map: &ChangeMap) -> String {
    if map.changed_bytes == 0 {
        return "No byte changed: the result is identical to the original.".into();
    }
    let runs = if map.runs == 1 { "1 run".to_string() } else { format!("{} runs", thousands(map.runs)) };
    let mut text = format!(
        "{} of {} bytes changed ({}%) in {runs}; first change at byte {}.",
        thousands(map.changed_bytes),
        thousands(map.span),
        percent_down(map.changed_bytes, map.span),
        thousands(map.first_change.unwrap_or(0)),
    );
    if let Some(s) = &map.splice {
        if s.removed > 0 {
            text +=
                &format!(" Cut: {} bytes of the original removed at byte {}.", thousands(s.removed), thousands(s.at));
        }
        if s.inserted > 0 {
            text += &format!(" Inserted: {} bytes at byte {}.", thousands(s.inserted), thousands(s.at));
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(percent_down(1, 3), "33.3");
        assert_eq!(percent_down(2, 3), "66.6");
        assert_eq!(mode_label("guaranteed_break", "png"), "Won't Open · PNG Format Killer, or Header Poison");
        assert_eq!(mode_label("nope", ""), "Custom Algorithm");
    }
}
