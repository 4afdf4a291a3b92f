//! Shared by the golden test and the differential oracle (`examples/oracle.rs` includes this file).

use fracture_engine::{Report, Value};
use serde_json::{json, Map, Value as Json};
use sha2::{Digest, Sha256};

/// The report as JSON without its timing fields, keys in emitted order.
pub fn untimed_report(r: &Report) -> Json {
    let mut m = Map::new();
    for (k, v) in &r.fields {
        if *k == "time_ms" || *k == "ops_ms" {
            continue;
        }
        m.insert(k.to_string(), to_json(v));
    }
    Json::Object(m)
}

fn to_json(v: &Value) -> Json {
    match v {
        Value::Str(s) => json!(s),
        Value::Int(i) => json!(i),
        Value::Num(x) => json!(x),
        Value::Bool(b) => json!(b),
        Value::Counts(c) => Json::Object(c.iter().map(|(k, n)| (k.to_string(), json!(n))).collect()),
        Value::Object(f) => Json::Object(f.iter().map(|(k, v)| (k.to_string(), to_json(v))).collect()),
        Value::List(items) => Json::Array(items.iter().map(to_json).collect()),
    }
}

/// The report fields section 14 added (docs/contract.md, section 10.1, fields 22 to 24).
#[allow(dead_code)] // the golden test's; the oracle compares reports whole
pub const STRUCTURE_FIELDS: [&str; 3] = ["structure", "hits", "expect_overall"];

/// `report` without the section 14 fields: what tests/golden/vectors.json holds (section 1.2).
#[allow(dead_code)] // the golden test's; the oracle compares reports whole
pub fn without_structure(report: &Json) -> Json {
    let mut r = report.clone();
    if let Some(m) = r.as_object_mut() {
        for k in STRUCTURE_FIELDS {
            m.remove(k);
        }
    }
    r
}

pub fn sha256_hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}
