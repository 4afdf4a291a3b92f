//! Test oracle for the differential tests: reads one JSON case per line on stdin
//! (`{"path", "name", "mode", "intensity", "seed"}`) and prints the native engine's answer per line
//! (`{"sha256", "report"}` or `{"error"}`), so thousands of cases cost one process.

use std::io::{BufRead, Write};

use fracture_engine::{corrupt, Value};
use serde_json::{json, Map, Value as Json};
use sha2::{Digest, Sha256};

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
        let answer = match corrupt(
            &input,
            case["name"].as_str().unwrap(),
            case["mode"].as_str().unwrap(),
            case["intensity"].as_u64().unwrap() as u32,
            case["seed"].as_u64().unwrap(),
        ) {
            Ok((data, report)) => {
                let mut m = Map::new();
                for (k, v) in &report.fields {
                    if *k == "time_ms" || *k == "ops_ms" {
                        continue;
                    }
                    m.insert(k.to_string(), match v {
                        Value::Str(s) => json!(s),
                        Value::Int(i) => json!(i),
                        Value::Num(x) => json!(x),
                        Value::Bool(b) => json!(b),
                    });
                }
                let sha: String = Sha256::digest(&data).iter().map(|b| format!("{b:02x}")).collect();
                json!({ "sha256": sha, "report": Json::Object(m) })
            }
            Err(e) => json!({ "error": e.to_string() }),
        };
        writeln!(out, "{answer}").unwrap();
        out.flush().unwrap();
    }
}
