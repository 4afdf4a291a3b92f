//! `fracture bench` as a user runs it: a subprocess, at a tiny size (docs/benchmark.md).

use std::path::Path;
use std::process::{Command, Output};

fn bench(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_fracture")).arg("bench").args(args).output().expect("fracture runs")
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

const SMALL: [&str; 6] = ["--sizes", "64K", "--runs", "2", "--modes", "byte_flip,shuffle_blocks"];

#[test]
fn json_has_a_row_per_mode_and_input_with_figures() {
    let out = bench(&[&SMALL[..], &["--json"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["schema"], "fracture-bench");
    assert_eq!(v["version"], 1);
    assert_eq!(v["environment"]["host"], "native");
    assert_eq!(v["options"]["sizes_bytes"][0], 65536);
    let rows = v["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 4);
    for (row, (mode, input)) in rows.iter().zip([
        ("byte_flip", "random"),
        ("byte_flip", "png"),
        ("shuffle_blocks", "random"),
        ("shuffle_blocks", "png"),
    ]) {
        assert_eq!((row["mode"].as_str().unwrap(), row["input"].as_str().unwrap()), (mode, input));
        assert_eq!(row["engine"], "native");
        assert_eq!(row["runs"], 2);
        let (median, min, max) = (
            row["median_mib_s"].as_f64().unwrap(),
            row["min_mib_s"].as_f64().unwrap(),
            row["max_mib_s"].as_f64().unwrap(),
        );
        assert!(median > 0.0 && min <= median && median <= max, "{row}");
        assert!(row["min_ms"].as_f64().unwrap() <= row["max_ms"].as_f64().unwrap());
    }
}

/// OLD.json from a run, with every median time multiplied by `factor`.
fn old_scaled(dir: &Path, factor: f64) -> String {
    let out = bench(&[&SMALL[..], &["--json"]].concat());
    let mut v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    for row in v["rows"].as_array_mut().unwrap() {
        row["median_ms"] = serde_json::json!(row["median_ms"].as_f64().unwrap() * factor);
    }
    let path = dir.join(format!("old-{factor}.json"));
    std::fs::write(&path, v.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn compare_passes_against_a_slow_old_run_and_fails_against_a_fast_one() {
    let dir = tempfile::tempdir().unwrap();
    // OLD 100 times slower: every ratio far below 1.25.
    let slow = old_scaled(dir.path(), 100.0);
    let out = bench(&[&SMALL[..], &["--compare", &slow]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(table.contains("ratio"), "{table}");
    assert!(!table.contains("SLOWER"), "{table}");
    // OLD 1000 times faster: every row is slower.
    let fast = old_scaled(dir.path(), 0.001);
    let out = bench(&[&SMALL[..], &["--compare", &fast, "--json"]].concat());
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("4 rows slower than OLD by more than 1.25x"), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let compared = v["compare"].as_array().unwrap();
    assert_eq!(compared.len(), 4);
    assert!(compared.iter().all(|c| c["ratio"].as_f64().unwrap() > 1.25));
    // A huge --max-slowdown lets the same run pass.
    let out = bench(&[&SMALL[..], &["--compare", &fast, "--max-slowdown", "1e9"]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn bad_arguments_and_files_are_usage_errors() {
    let dir = tempfile::tempdir().unwrap();
    let not_ours = dir.path().join("other.json");
    std::fs::write(&not_ours, r#"{"schema": "something", "rows": []}"#).unwrap();
    for (args, says) in [
        (vec!["--sizes", "0"], "Sizes must be MiB"),
        (vec!["--sizes", "2K", "--inputs", "png"], "png input needs at least 4096 bytes"),
        (vec!["--modes", "nope"], "nope"),
        (vec!["--runs", "0"], "Runs must be an integer from 1 to 100"),
        (vec!["--max-slowdown", "0.5"], "Max slowdown must be a number of at least 1"),
        (vec!["--sizes", "64K", "--compare", not_ours.to_str().unwrap()], "is not a fracture-bench version 1 result"),
    ] {
        let out = bench(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains(says), "{args:?}: {}", text(&out.stderr));
    }
}
