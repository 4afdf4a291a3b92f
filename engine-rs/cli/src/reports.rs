//! `--pdf`: a file's PDF report written beside its JSON report (pdf.rs makes the document).

use std::path::Path;
use std::time::SystemTime;

use fracture_engine::Report;

use crate::{changes, pdf, process};

/// The PDF report of `report` (with its host fields), its change map of `original` against `result`.
pub fn write_file_pdf(target: &Path, original: &[u8], result: &[u8], report: &Report) -> Result<(), String> {
    let map = changes::change_map(original, result);
    let bytes = pdf::file_report(report, &map, SystemTime::now());
    std::fs::write(target, bytes).map_err(|e| format!("cannot write {}: {}", target.display(), process::io_text(&e)))
}
