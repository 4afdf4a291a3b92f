//! Golden vectors (tests/golden): every record's output sha256 and report, timing aside.
//! `FRACTURE_BLESS=1` recomputes vectors.json from cases.json instead of checking.

mod support;

use fracture_engine::{corrupt_with, Options, Ranges};
use serde_json::{json, Value as Json};
use std::path::PathBuf;
use support::{sha256_hex, untimed_report, without_structure, STRUCTURE_FIELDS};

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden")
}

fn generate(g: &Json) -> Vec<u8> {
    let len = || g["len"].as_u64().unwrap() as usize;
    match g["gen"].as_str().unwrap() {
        "hex" => {
            let h = g["hex"].as_str().unwrap();
            (0..h.len() / 2).map(|i| u8::from_str_radix(&h[2 * i..2 * i + 2], 16).unwrap()).collect()
        }
        "text" => g["text"].as_str().unwrap().bytes().cycle().take(len()).collect(),
        "pattern" => (0..len()).map(|i| i as u8).collect(),
        "zeros" => vec![0; len()],
        "random" => {
            let mut x = g["seed"].as_u64().unwrap() as u32;
            if x == 0 {
                x = 0x9E37_79B9;
            }
            let mut out = Vec::with_capacity(len() + 4);
            while out.len() < len() {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                out.extend_from_slice(&x.to_le_bytes());
            }
            out.truncate(len());
            out
        }
        "concat" => g["parts"].as_array().unwrap().iter().flat_map(generate).collect(),
        other => panic!("unknown generator {other}"),
    }
}

/// A record's options: `ranges` (`only`, `protect`), `fix_checksums`, `member`, and the conversion
/// modes' and misdirected_write's `direction`, `charset`, `bom` and `block_size`, absent in most records.
pub fn options(case: &Json) -> Options {
    let text = |key: &str| match &case[key] {
        Json::String(s) => Some(s.clone()),
        Json::Number(n) => Some(n.to_string()),
        _ => None,
    };
    let list = |key: &str| -> Vec<String> {
        case["ranges"][key]
            .as_array()
            .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    };
    Options {
        ranges: Ranges { only: list("only"), protect: list("protect") },
        fix_checksums: case["fix_checksums"].as_bool().unwrap_or(false),
        member: case["member"].as_str().map(str::to_string),
        direction: text("direction"),
        charset: text("charset"),
        bom: text("bom"),
        block_size: text("block_size"),
    }
}

fn run(case: &Json) -> (String, Json) {
    let input = generate(&case["input"]);
    let (out, report) = corrupt_with(
        &input,
        case["name"].as_str().unwrap(),
        case["mode"].as_str().unwrap(),
        case["intensity"].as_u64().unwrap() as u32,
        case["seed"].as_u64().unwrap(),
        &options(case),
    )
    .unwrap();
    (sha256_hex(&out), untimed_report(&report))
}

#[test]
fn golden_vectors() {
    let dir = golden_dir();
    if std::env::var_os("FRACTURE_BLESS").is_some() {
        let cases: Json = serde_json::from_str(&std::fs::read_to_string(dir.join("cases.json")).unwrap()).unwrap();
        let records: Vec<Json> = cases["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let (sha, report) = run(c);
                let mut r = c.clone();
                r["sha256"] = json!(sha);
                r["report"] = without_structure(&report);
                r
            })
            .collect();
        let text = serde_json::to_string_pretty(&json!({ "engine": "fracture-engine/1", "records": records })).unwrap();
        std::fs::write(dir.join("vectors.json"), text + "\n").unwrap();
        return;
    }
    let vectors: Json = serde_json::from_str(&std::fs::read_to_string(dir.join("vectors.json")).unwrap()).unwrap();
    let records = vectors["records"].as_array().unwrap();
    assert!(records.len() >= 80, "only {} records", records.len());
    let mut failures = Vec::new();
    for (i, rec) in records.iter().enumerate() {
        let (sha, report) = run(rec);
        // The v1 records hold the report without section 14's fields (docs/contract.md, section 1.2).
        let report = without_structure(&report);
        if sha != rec["sha256"] || report != rec["report"] {
            failures.push(format!(
                "record {i} ({}, {} {} i{} s{}): sha {sha} vs {}; report {report} vs {}",
                rec["why"], rec["name"], rec["mode"], rec["intensity"], rec["seed"], rec["sha256"], rec["report"]
            ));
        }
    }
    assert!(failures.is_empty(), "{} of {} records differ:\n{}", failures.len(), records.len(), failures.join("\n"));
}

/// tests/golden/structure.json: each case's output SHA-256, map, hits and overall expectation
/// (docs/contract.md, section 14), written by FRACTURE_BLESS from structure-cases.json.
#[test]
fn structure_vectors() {
    let dir = golden_dir();
    let record = |c: &Json| {
        let (sha, report) = run(c);
        let mut r = c.clone();
        r["sha256"] = json!(sha);
        for k in STRUCTURE_FIELDS {
            r[k] = report[k].clone();
        }
        r
    };
    if std::env::var_os("FRACTURE_BLESS").is_some() {
        let cases: Json =
            serde_json::from_str(&std::fs::read_to_string(dir.join("structure-cases.json")).unwrap()).unwrap();
        let records: Vec<Json> = cases["cases"].as_array().unwrap().iter().map(record).collect();
        let text = serde_json::to_string_pretty(&json!({ "engine": "fracture-engine/1", "records": records })).unwrap();
        std::fs::write(dir.join("structure.json"), text + "\n").unwrap();
        return;
    }
    let vectors: Json = serde_json::from_str(&std::fs::read_to_string(dir.join("structure.json")).unwrap()).unwrap();
    let records = vectors["records"].as_array().unwrap();
    assert!(records.len() >= 15, "only {} records", records.len());
    for (i, rec) in records.iter().enumerate() {
        assert_eq!(record(rec), *rec, "record {i} ({})", rec["why"]);
    }
}

/// A selector case's outcome (docs/contract.md, section 14.4): the error's text, or the output's
/// SHA-256 with the report's range fields and hits.
fn selector_outcome(case: &Json) -> Json {
    let input = generate(&case["input"]);
    match corrupt_with(
        &input,
        case["name"].as_str().unwrap(),
        case["mode"].as_str().unwrap(),
        case["intensity"].as_u64().unwrap() as u32,
        case["seed"].as_u64().unwrap(),
        &options(case),
    ) {
        Err(e) => json!({ "error": e.to_string() }),
        Ok((out, report)) => {
            let report = untimed_report(&report);
            let mut r = json!({ "sha256": sha256_hex(&out) });
            for k in SELECTOR_FIELDS {
                r[k] = report.get(k).cloned().unwrap_or(Json::Null);
            }
            r
        }
    }
}

/// The report fields a selector record holds, in this order.
const SELECTOR_FIELDS: [&str; 5] = ["ranges", "allowed_bytes", "selected", "hits", "expect_overall"];

/// tests/golden/selectors.json: each selector case's outcome, written by FRACTURE_BLESS from
/// selector-cases.json (tests/golden/make_selector_cases.py).
#[test]
fn selector_vectors() {
    let dir = golden_dir();
    if std::env::var_os("FRACTURE_BLESS").is_some() {
        let cases: Json =
            serde_json::from_str(&std::fs::read_to_string(dir.join("selector-cases.json")).unwrap()).unwrap();
        let records: Vec<Json> = cases["cases"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                let mut r = c.clone();
                r["expected"] = selector_outcome(c);
                r
            })
            .collect();
        let text = serde_json::to_string_pretty(&json!({ "engine": "fracture-engine/1", "records": records })).unwrap();
        std::fs::write(dir.join("selectors.json"), text + "\n").unwrap();
        return;
    }
    let vectors: Json = serde_json::from_str(&std::fs::read_to_string(dir.join("selectors.json")).unwrap()).unwrap();
    let records = vectors["records"].as_array().unwrap();
    assert!(records.len() >= 25, "only {} records", records.len());
    let errors = records.iter().filter(|r| r["expected"].get("error").is_some()).count();
    assert!(errors >= 5 && errors < records.len() - 15, "{errors} error records");
    for (i, rec) in records.iter().enumerate() {
        assert_eq!(selector_outcome(rec), rec["expected"], "record {i} ({})", rec["why"]);
    }
}
