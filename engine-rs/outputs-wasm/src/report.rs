//! The reports' human forms for the npm CLI, the SDK and the site, as the native CLI makes them: the
//! PDF reports (fracture-host's report::pdf), so the same report and time make the same bytes in
//! every host, and the hit lines the CLIs print after a file's line (report::text). Reports and the
//! change map cross as JSON text; a PDF's time is SOURCE_DATE_EPOCH's when the host passes one (the
//! command lines), the clock's `nowMs` otherwise (session::report_made_ms).

use fracture_host::report::changes::ChangeMap;
use fracture_host::report::{pdf, text};
use fracture_host::session::report_made_ms;
use serde_json::Value as Json;
use wasm_bindgen::prelude::*;

fn object(text: &str, what: &str) -> Result<Json, JsError> {
    match serde_json::from_str::<Json>(text) {
        Ok(v) if v.is_object() => Ok(v),
        Ok(_) => Err(JsError::new(&format!("{what} is not a JSON object"))),
        Err(e) => Err(JsError::new(&format!("{what} is not JSON ({e})"))),
    }
}

/// A file's PDF report: `report`, its JSON with the host fields; `changes`, lib/report/changes.ts's
/// ChangeMap as JSON.
#[wasm_bindgen(js_name = fileReportPdf)]
pub fn file_report_pdf(
    report: &str,
    changes: &str,
    source_date_epoch: Option<String>,
    now_ms: f64,
) -> Result<Vec<u8>, JsError> {
    let report = object(report, "the report")?;
    let changes = ChangeMap::from_json(&object(changes, "the change map")?).map_err(|e| JsError::new(&e))?;
    Ok(pdf::file_report(&report, &changes, report_made_ms(source_date_epoch.as_deref(), now_ms as i64)))
}

/// The lines printed after a file's line: its overall expectation and top hits (docs/cli.md, "What
/// was hit"); none for a report without hits.
#[wasm_bindgen(js_name = hitLines)]
pub fn hit_lines(report: &str) -> Result<Vec<String>, JsError> {
    Ok(text::hit_lines(&object(report, "the report")?))
}

/// The session report's PDF: `session`, the session report's JSON as the batch ZIP holds it.
#[wasm_bindgen(js_name = sessionReportPdf)]
pub fn session_report_pdf(session: &str, source_date_epoch: Option<String>, now_ms: f64) -> Result<Vec<u8>, JsError> {
    let session = object(session, "the session report")?;
    Ok(pdf::session_report(&session, report_made_ms(source_date_epoch.as_deref(), now_ms as i64)))
}
