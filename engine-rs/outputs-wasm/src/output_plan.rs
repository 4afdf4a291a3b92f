//! The output plan's decisions for the npm CLI and the SDK (fracture_host::output_plan, as the native
//! CLI takes them): a variant's output names, its path under `--out`, and the claims that refuse an
//! output landing on an input, on another output or on a directory. Names and paths are bytes; the
//! shells identify the files and hand over a key per file.

use fracture_host::output_plan::{self, Asked, Claims, OutputNames};
use wasm_bindgen::prelude::*;

/// DIR as typed, a `/` unless it ends with one, then the name (`Path::join`'s rule).
#[wasm_bindgen(js_name = outPath)]
pub fn out_path(dir: &[u8], name: &[u8]) -> Vec<u8> {
    output_plan::out_path(dir, name)
}

/// A run's output names, each kind made unique within the run.
#[wasm_bindgen(js_name = PlanNames)]
#[derive(Default)]
pub struct PlanNames(OutputNames);

#[wasm_bindgen(js_class = PlanNames)]
impl PlanNames {
    #[wasm_bindgen(constructor)]
    pub fn new() -> PlanNames {
        PlanNames::default()
    }

    /// The names of a variant of input `name` (`seed` with `--count` above 1): the corrupted
    /// file's, the report's and the PDF's, each followed by a NUL byte, empty where not asked for (a
    /// file name holds no NUL and is never empty).
    pub fn variant(&mut self, name: &[u8], seed: Option<u64>, file: bool, report: bool, pdf: bool) -> Vec<u8> {
        let v = self.0.variant(name, seed, Asked { file, report, pdf });
        let mut out = Vec::new();
        for n in [v.out, v.report, v.pdf] {
            out.extend(n.unwrap_or_default());
            out.push(0);
        }
        out
    }
}

/// The inputs and outputs of a plan, by key.
#[wasm_bindgen(js_name = PlanClaims)]
#[derive(Default)]
pub struct PlanClaims(Claims);

#[wasm_bindgen(js_class = PlanClaims)]
impl PlanClaims {
    #[wasm_bindgen(constructor)]
    pub fn new() -> PlanClaims {
        PlanClaims::default()
    }

    pub fn input(&mut self, key: &[u8], shown: &str) {
        self.0.input(key, shown);
    }

    /// An output: the refusal's text, or nothing when it may be written. `kind` says what it is when
    /// it exists and is not a regular file.
    pub fn output(&mut self, key: &[u8], kind: Option<String>, shown: &str) -> Option<String> {
        self.0.output(key, kind.as_deref(), shown).err()
    }
}

/// The plan as `--dry-run` prints it (fracture_host::dry_run): `plan` is the JSON its `json()`
/// writes, paths in their display form; `json`: as that one JSON line, else as text.
#[wasm_bindgen(js_name = dryRun)]
pub fn dry_run(plan: &str, json: bool) -> Result<String, JsError> {
    let plan = fracture_host::dry_run::DryRun::from_json(plan).map_err(|e| JsError::new(&e))?;
    Ok(if json { plan.json() } else { plan.text() })
}
