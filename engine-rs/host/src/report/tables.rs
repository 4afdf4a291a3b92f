// Generated from engine-data/report.toml by scripts/gen-engine-data.mjs; do not edit.

//! The reports' shared texts and the PDF layout's numbers, as lib/report/tables.ts has them.

pub const LEGAL_NOTICE: &str = "Use Fracture only on files you own or are authorised to modify. Corrupted copies are for testing; never pass them off as originals.";
pub const ESCALATED_TEXT: &str =
    "Escalated: the first pass still looked openable, so it was redone at intensity 100 with seed + 1.";
pub const NOT_ESCALATED_TEXT: &str = "Not escalated: the first pass was final.";

/// `expect_overall`'s values and their words (docs/contract.md, section 14.2).
pub const EXPECT_WORDS: [(&str, &str); 4] = [
    ("reject", "a reader that checks the format must refuse it"),
    ("may_accept", "a reader may open it and show damaged content"),
    ("ignored", "readers skip every changed byte"),
    ("unchanged", "no byte changed"),
];

/// Mode-specific report fields and their labels, in the contract's order.
pub const MODE_FIELDS: [(&str, &str); 15] = [
    ("ops", "Bytes modified"),
    ("preserve_header", "Header bytes preserved"),
    ("removed", "Bytes removed"),
    ("inserted", "Bytes inserted"),
    ("remove_start", "Cut at offset"),
    ("shuffled_blocks", "Blocks shuffled"),
    ("block_size", "Block size"),
    ("cut_at", "Cut at byte"),
    ("bytes_lost", "Bytes lost"),
    ("sectors_zeroed", "Sectors zeroed"),
    ("bytes_zeroed", "Bytes zeroed"),
    ("sector_size", "Sector size"),
    ("bits_flipped", "Bits flipped"),
    ("one_in_bits", "Rate, 1 in this many bits"),
    ("allowed_bytes", "Bytes that could change"),
];

/// What a file report's "Browser decoder" row says for each value.
pub const BROWSER_DECODER: [(&str, &str); 3] = [
    ("opened", "opened (the browser opened the corrupted file)"),
    ("rejected", "rejected (the browser could not open the corrupted file)"),
    ("not_applicable", "not_applicable (not media the browser opens)"),
];

/// How a PDF row's value is written (engine-data/report.toml, `[pdf_rows]`, says what each does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RowFormat {
    Text,
    Bytes,
    Ms,
    Name,
    Mode,
    Sizes,
    Escalation,
    Decoder,
    Expect,
    Made,
    ModeFields,
}

/// A PDF report's row: its label, the report field it shows and how its value is written; an
/// optional row is left out when the record lacks the field or it is empty.
pub struct PdfRow {
    pub label: &'static str,
    pub field: &'static str,
    pub format: RowFormat,
    pub optional: bool,
}

/// The PDF reports' `file` rows, top to bottom.
pub const FILE_ROWS: [PdfRow; 19] = [
    PdfRow { label: "File", field: "filename", format: RowFormat::Name, optional: false },
    PdfRow { label: "Format", field: "format", format: RowFormat::Text, optional: false },
    PdfRow { label: "Original size", field: "original_size", format: RowFormat::Bytes, optional: false },
    PdfRow { label: "Result size", field: "result_size", format: RowFormat::Bytes, optional: false },
    PdfRow { label: "Mode", field: "mode", format: RowFormat::Mode, optional: false },
    PdfRow { label: "Intensity", field: "intensity", format: RowFormat::Text, optional: false },
    PdfRow { label: "Seed", field: "seed", format: RowFormat::Text, optional: false },
    PdfRow { label: "Engine", field: "engine", format: RowFormat::Text, optional: false },
    PdfRow { label: "Time", field: "time_ms", format: RowFormat::Ms, optional: false },
    PdfRow { label: "Entropy before", field: "before_entropy", format: RowFormat::Text, optional: false },
    PdfRow { label: "Entropy after", field: "after_entropy", format: RowFormat::Text, optional: false },
    PdfRow { label: "Entropy change", field: "entropy_delta", format: RowFormat::Text, optional: false },
    PdfRow { label: "SHA-256 before", field: "sha256_before", format: RowFormat::Text, optional: false },
    PdfRow { label: "SHA-256 after", field: "sha256_after", format: RowFormat::Text, optional: false },
    PdfRow { label: "Verdict", field: "verdict", format: RowFormat::Text, optional: false },
    PdfRow { label: "Strategy", field: "strategy", format: RowFormat::Text, optional: false },
    PdfRow { label: "", field: "", format: RowFormat::ModeFields, optional: false },
    PdfRow { label: "Escalation", field: "escalated", format: RowFormat::Escalation, optional: false },
    PdfRow { label: "Browser decoder", field: "browser_decoder", format: RowFormat::Decoder, optional: true },
];
/// The PDF reports' `file_end` rows, top to bottom.
pub const FILE_END_ROWS: [PdfRow; 1] =
    [PdfRow { label: "Report made", field: "", format: RowFormat::Made, optional: false }];
/// The PDF reports' `session` rows, top to bottom.
pub const SESSION_ROWS: [PdfRow; 9] = [
    PdfRow { label: "Session", field: "session_timestamp", format: RowFormat::Text, optional: false },
    PdfRow { label: "Files", field: "total_files", format: RowFormat::Text, optional: false },
    PdfRow { label: "Mode", field: "mode", format: RowFormat::Mode, optional: false },
    PdfRow { label: "Intensity", field: "intensity", format: RowFormat::Text, optional: false },
    PdfRow { label: "Master seed", field: "master_seed", format: RowFormat::Text, optional: false },
    PdfRow { label: "Duration", field: "session_duration_ms", format: RowFormat::Ms, optional: false },
    PdfRow { label: "Entropy change", field: "total_entropy_delta", format: RowFormat::Text, optional: false },
    PdfRow { label: "Recoverability", field: "recoverability", format: RowFormat::Text, optional: false },
    PdfRow { label: "Report made", field: "", format: RowFormat::Made, optional: false },
];
/// The PDF reports' `session_file` rows, top to bottom.
pub const SESSION_FILE_ROWS: [PdfRow; 9] = [
    PdfRow { label: "In the archive", field: "archive_name", format: RowFormat::Text, optional: false },
    PdfRow { label: "Sizes", field: "original_size", format: RowFormat::Sizes, optional: false },
    PdfRow { label: "Seed", field: "seed", format: RowFormat::Text, optional: false },
    PdfRow { label: "Entropy change", field: "entropy_delta", format: RowFormat::Text, optional: false },
    PdfRow { label: "Verdict", field: "verdict", format: RowFormat::Text, optional: false },
    PdfRow { label: "Expectation", field: "expect_overall", format: RowFormat::Expect, optional: true },
    PdfRow { label: "SHA-256 after", field: "sha256_after", format: RowFormat::Text, optional: true },
    PdfRow { label: "Recipe", field: "recipe", format: RowFormat::Text, optional: false },
    PdfRow { label: "Replay", field: "replay", format: RowFormat::Text, optional: true },
];

/// An A4 page in points, and its margin on every side.
pub const PAGE_W: f32 = 595.28;
pub const PAGE_H: f32 = 841.89;
pub const MARGIN: f32 = 40.0;
/// A row's value column starts this far right of the margin.
pub const VALUE_COLUMN: f32 = 150.0;
/// Room between a row's label and its value.
pub const LABEL_GAP: f32 = 8.0;
/// Courier's advance width, in thousandths of the size, for every glyph.
pub const MONO_ADVANCE: f32 = 0.6;
/// Helvetica-Bold's advance widths (thousandths of the size) for U+0020-U+007E.
pub const HELVETICA_BOLD_WIDTHS: [u16; 95] = [
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
    556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833,
    722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611,
    556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389,
    280, 389, 584,
];
/// The width any other character counts as.
pub const WIDEST: u32 = 1000;
/// Windows-1252's characters at 0x80-0x9F (0 where the code is unassigned).
pub const CP1252_HIGH: [u32; 32] = [
    0x20ac, 0x0000, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x0000,
    0x017d, 0x0000, 0x0000, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
    0x0153, 0x0000, 0x017e, 0x0178,
];

/// The "What was hit" table (engine-data/report.toml, `[hits]`): its heading, the overall
/// sentence and legend lines (`{label}` and `{words}` filled in), the column names and each expectation's label.
pub const HITS_HEADING: &str = "What was hit";
pub const HITS_OVERALL: &str = "Overall expectation: {label} ({words}).";
pub const HITS_LEGEND: &str = "{label}: {words}.";
pub const HITS_COLUMNS: [&str; 5] = ["Region", "Changed bytes", "First offset", "Expectation", "Why"];
pub const EXPECT_LABELS: [(&str, &str); 4] = [
    ("reject", "must reject"),
    ("may_accept", "may open, damaged content"),
    ("ignored", "readers skip it"),
    ("unchanged", "unchanged"),
];
/// A PDF lists at most this many hits, then `HITS_PDF_MORE` (`{n}` the hits left out).
pub const HITS_PDF_MAX_ROWS: usize = 40;
pub const HITS_PDF_MORE: &str = "and {n} more regions (the JSON report lists them all).";
/// The PDF table's column edges right of the margin, its text size, and the `why` lines' indent.
pub const HITS_PDF_COLUMNS: [f32; 4] = [0.0, 250.0, 320.0, 390.0];
pub const HITS_PDF_SIZE: f32 = 7.5;
pub const HITS_WHY_INDENT: f32 = 12.0;
