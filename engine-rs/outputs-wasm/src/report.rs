//! The reports' human forms for the npm CLI, the SDK and the site, as the native CLI makes them: the
//! PDF reports (fracture-host's report::pdf), so the same report and time make the same bytes in
//! every host, and the hit lines the CLIs print after a file's line (report::text). Reports and the
//! change map cross as JSON text; a PDF's time is SOURCE_DATE_EPOCH's when the host passes one (the
//! command lines), the clock's `nowMs` otherwise (session::report_made_ms).

use fracture_engine::{Report, Value};
use fracture_host::host_fields;
use fracture_host::report::changes::{ChangeMap, ChangeMapper as Mapper};
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

/// A file's PDF report: `report`, its JSON with the host fields; `changes`, the change map's
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

/// `[replay, share_link]` of the engine's report (its JSON), as the native CLI adds them: the command
/// on `replayName`'s bytes when the file's name is not UTF-8 (the report's `filename` otherwise), the
/// link on `origin` (the site's when none).
#[wasm_bindgen(js_name = hostFields)]
pub fn host_fields(report: &str, replay_name: Option<Vec<u8>>, origin: Option<String>) -> Result<Vec<String>, JsError> {
    let r = report_of_json(&object(report, "the report")?);
    let origin = origin.unwrap_or_else(|| host_fields::SITE_ORIGIN.to_string());
    let (replay, link) = host_fields::fields(&r, replay_name.as_deref(), &origin);
    Ok(vec![replay, link])
}

/// The share link of a report's settings (the site builds one from its Settings panel): with its
/// file when the report has a `filename`, the settings alone otherwise; on `origin` (the site's
/// when none).
#[wasm_bindgen(js_name = shareLink)]
pub fn share_link(report: &str, origin: Option<String>) -> Result<String, JsError> {
    let r = report_of_json(&object(report, "the settings")?);
    Ok(host_fields::share_link_on(&r, origin.as_deref().unwrap_or(host_fields::SITE_ORIGIN)))
}

/// `fracture ARGS FILE` as a POSIX shell reads it back (a share link's arguments, which the site
/// shows for a link it cannot honour).
#[wasm_bindgen(js_name = commandOf)]
pub fn command_of(args: Vec<String>, file: &str) -> String {
    host_fields::command_of(&args, file)
}

/// The change map of two files read a chunk at a time (fracture_host::report::changes): `suffix`
/// with chunks from the ends until it returns true, `feed` with chunks from the start up to
/// `aligned`, then `finish`, the map as JSON (ChangeMap::to_json; lib/engine/host-module/reports.ts types it).
#[wasm_bindgen(js_name = ChangeMapper)]
pub struct ChangeMapper(Option<Mapper>);

#[wasm_bindgen(js_class = ChangeMapper)]
impl ChangeMapper {
    #[wasm_bindgen(constructor)]
    pub fn new(original_size: f64, result_size: f64) -> ChangeMapper {
        ChangeMapper(Some(Mapper::new(original_size as u64, result_size as u64)))
    }

    pub fn suffix(&mut self, a: &[u8], b: &[u8]) -> bool {
        self.0.as_mut().is_none_or(|m| m.suffix(a, b))
    }

    pub fn aligned(&self) -> f64 {
        self.0.as_ref().map_or(0, Mapper::aligned) as f64
    }

    pub fn feed(&mut self, a: &[u8], b: &[u8]) {
        if let Some(m) = self.0.as_mut() {
            m.feed(a, b);
        }
    }

    pub fn finish(&mut self) -> Result<String, JsError> {
        let map = self.0.take().ok_or_else(|| JsError::new("the change map is already finished"))?;
        Ok(map.finish().to_json().to_string())
    }
}

/// The fields of a report that crossed as JSON (the npm CLI and the SDK hand the engine's report to
/// the outputs module) that the replay command and the share link are made from.
fn report_of_json(v: &serde_json::Value) -> Report {
    let mut r = Report::default();
    for key in ["mode", "ranges", "direction", "charset", "bom", "filename"] {
        if let Some(s) = v.get(key).and_then(serde_json::Value::as_str) {
            r.set(key, Value::Str(s.to_string()));
        }
    }
    for key in ["intensity", "seed", "block_size", "original_size"] {
        if let Some(n) = v.get(key).and_then(serde_json::Value::as_u64) {
            r.set(key, Value::Int(n));
        }
    }
    if v.get("checksums_fixed").is_some_and(|c| !c.is_null()) {
        r.set("checksums_fixed", Value::Counts(Vec::new()));
    }
    if let Some(glob) = v.get("member").and_then(|m| m.get("glob")).and_then(serde_json::Value::as_str) {
        r.set("member", Value::Object(vec![("glob", Value::Str(glob.to_string()))]));
    }
    r
}
