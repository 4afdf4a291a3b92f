//! `--pdf`: a file's PDF report written beside its JSON report (fracture_host::report::pdf makes
//! the document); and the lines after a file's line, what was hit (fracture_host::report::text).

use std::path::Path;

use fracture_engine::Report;
use fracture_host::report::{self, changes, pdf};

use crate::{display, output, process, session};

/// The PDF report of `report` (with its host fields), its change map of `original` against `result`,
/// written through a temporary file with mode `mode`.
pub fn write_file_pdf(target: &Path, original: &[u8], result: &[u8], report: &Report, mode: u32) -> Result<(), String> {
    let map = changes::change_map(original, result);
    let bytes = pdf::file_report(&report::json(report), &map, session::report_made_ms());
    output::write(target, &bytes, mode)
        .map_err(|e| fracture_host::messages::cannot_write(&display::path(target), &process::io_text(&e)))
}

/// What was hit, the lines after a file's line (docs/cli.md): none for a report without hits, which
/// is then not read back as JSON at all.
pub fn hit_lines(r: &Report) -> Vec<String> {
    if r.get("expect_overall").is_none() {
        return Vec::new();
    }
    report::text::hit_lines(&report::json(r))
}
