//! The reports' human forms, written once for every host: the PDF reports (`pdf`), the sentences and
//! labels they and the CLIs' hit lines print (`text`, with the fixed texts and layout numbers from
//! engine-data/report.toml in `tables`), and the change map they draw (`changes`). They read a
//! report as its JSON, the form every host holds: the native CLI turns its report into JSON with
//! `json`; the npm CLI, the SDK and the site hand theirs over through engine-rs/outputs-wasm.

pub mod changes;
pub mod pdf;
pub mod tables;
pub mod text;

use fracture_engine::Report;

/// `report` as its JSON (the report's own serialisation, read back).
pub fn json(report: &Report) -> serde_json::Value {
    serde_json::from_str(&report.to_json()).unwrap_or_default()
}
