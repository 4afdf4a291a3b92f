//! `fracture bench`'s result for the npm CLI, as the native CLI emits it (fracture_host::bench): the
//! rows the npm CLI timed, with its environment and options, become the same JSON layout and table,
//! compared with OLD.json by the same rule.

use fracture_host::bench::{self, Environment, Options, Row};
use serde_json::Value as Json;
use wasm_bindgen::prelude::*;

/// What keeps `text` (OLD.json) from being a result to compare with, or none.
#[wasm_bindgen(js_name = benchOldProblem)]
pub fn bench_old_problem(text: &str) -> Option<String> {
    bench::read_old(text).err()
}

fn texts(v: &Json) -> Vec<String> {
    v.as_array().map_or_else(Vec::new, |a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect())
}

fn environment(e: &Json) -> Environment {
    let s = |k: &str| e[k].as_str().unwrap_or_default().to_string();
    Environment {
        host: s("host"),
        engine_version: s("engine_version"),
        os: s("os"),
        arch: s("arch"),
        cores: e["cores"].as_u64(),
        user_agent: e["user_agent"].as_str().map(str::to_string),
        wasm_simd: e["wasm_simd"].as_bool(),
        wasm_threads: e["wasm_threads"].as_bool(),
        runtime: s("runtime"),
        date: s("date"),
    }
}

fn options(o: &Json) -> Options {
    let n = |k: &str| o[k].as_u64().unwrap_or_default();
    Options {
        sizes_bytes: o["sizes_bytes"].as_array().map_or_else(Vec::new, |a| a.iter().filter_map(Json::as_u64).collect()),
        modes: texts(&o["modes"]),
        inputs: texts(&o["inputs"]),
        engines: texts(&o["engines"]),
        intensity: n("intensity"),
        runs: n("runs"),
        seed: n("seed"),
        ts_max_bytes: o["ts_max_bytes"].as_u64(),
    }
}

/// `[output, slower]`: the JSON (`json`) or the table of `result` (`{environment, options, rows}`,
/// as the npm CLI holds them), compared with `old` (OLD.json's text) when given, and the line that
/// says how many rows are slower than OLD by more than `max_slowdown` ('' when none are).
#[wasm_bindgen(js_name = benchEmit)]
pub fn bench_emit(result: &str, old: Option<String>, json: bool, max_slowdown: f64) -> Result<Vec<String>, JsError> {
    let v: Json = serde_json::from_str(result).map_err(|e| JsError::new(&format!("the result is not JSON ({e})")))?;
    let rows = v["rows"].as_array().map_or_else(Vec::new, |a| a.iter().filter_map(Row::from_json).collect::<Vec<_>>());
    let old = old.map(|text| bench::read_old(&text)).transpose().map_err(|e| JsError::new(&e))?;
    let compared = old.map(|old| bench::compare(&rows, &old));
    let slower = compared.as_deref().and_then(|c| bench::slower_line(c, max_slowdown)).unwrap_or_default();
    let text = if json {
        bench::result_json(&environment(&v["environment"]), &options(&v["options"]), &rows, compared.as_deref())
    } else {
        bench::table(&rows, compared.as_deref(), max_slowdown)
    };
    Ok(vec![text, slower])
}
