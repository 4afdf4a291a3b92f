//! The npm CLI's argument decisions (fracture_host::args, as the native CLI takes them): its
//! tokeniser (node:util's parseArgs, cli/args/shared.ts) hands over what it read as JSON, and gets
//! back the command's decisions or the message that refuses them.

use fracture_host::args::{decide_json, Given};
use serde_json::json;
use wasm_bindgen::prelude::*;

/// `command`: `fracture`, `run`, `merge`, `minimize`, `diagnose` or `corruption` (the corruption
/// options alone, for `fracture agree`); `given`: fracture_host::args::Given's JSON; `cores`:
/// --jobs' default; `randomSeed`: the seed when none is given. Returns `{"decided": {...}}` or
/// `{"refused": "message"}`.
#[wasm_bindgen(js_name = decideArgs)]
pub fn decide_args(command: &str, given: &str, cores: u32, random_seed: f64) -> Result<String, JsError> {
    let given = Given::from_json(given).map_err(|e| JsError::new(&e))?;
    let out = match decide_json(command, &given, cores as usize, random_seed as u64) {
        Ok(decided) => json!({ "decided": decided }),
        Err(message) => json!({ "refused": message }),
    };
    Ok(out.to_string())
}
