//! Test oracle for the differential tests: reads one JSON case per line on stdin
//! (`{"path", "name", "mode", "intensity", "seed"}`, optionally `ranges`, `fix_checksums`, `member`,
//! `direction`, `charset`, `bom` and `block_size` as in the golden vectors) and prints the native engine's answer per line
//! (`{"sha256", "report"}` or `{"error"}`), so thousands of cases cost one process.

use std::io::{BufRead, Write};

#[path = "../tests/support/mod.rs"]
mod support;

use fracture_engine::{corrupt_with, Options, Ranges};
use serde_json::{json, Value as Json};
use support::{sha256_hex, untimed_report};

fn main() {
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout());
    for line in stdin.lock().lines() {
        let line = line.expect("stdin");
        if line.trim().is_empty() {
            continue;
        }
        let case: Json = serde_json::from_str(&line).expect("case JSON");
        let input = std::fs::read(case["path"].as_str().unwrap()).expect("input file");
        let list = |key: &str| -> Vec<String> {
            case["ranges"][key]
                .as_array()
                .map(|a| a.iter().map(|v| v.as_str().unwrap().to_string()).collect())
                .unwrap_or_default()
        };
        let text = |key: &str| match &case[key] {
            Json::String(s) => Some(s.clone()),
            Json::Number(n) => Some(n.to_string()),
            _ => None,
        };
        let options = Options {
            ranges: Ranges { only: list("only"), protect: list("protect") },
            fix_checksums: case["fix_checksums"].as_bool().unwrap_or(false),
            member: case["member"].as_str().map(str::to_string),
            direction: text("direction"),
            charset: text("charset"),
            bom: text("bom"),
            block_size: text("block_size"),
        };
        let answer = match corrupt_with(
            &input,
            case["name"].as_str().unwrap(),
            case["mode"].as_str().unwrap(),
            case["intensity"].as_u64().unwrap() as u32,
            case["seed"].as_u64().unwrap(),
            &options,
        ) {
            Ok((data, report)) => json!({ "sha256": sha256_hex(&data), "report": untimed_report(&report) }),
            Err(e) => json!({ "error": e.to_string() }),
        };
        writeln!(out, "{answer}").unwrap();
        out.flush().unwrap();
    }
}
