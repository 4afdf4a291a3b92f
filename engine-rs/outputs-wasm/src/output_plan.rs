//! The output plan's decisions for the npm CLI and the SDK, as the native CLI takes them: the
//! corrupting command's whole plan (fracture_host::plan: routes, seeds, output names and paths,
//! checksum routes, claims, `--dry-run`'s text), and the claims alone for the plans other commands
//! make. Names and paths are bytes; the shells look at the files and hand over a key per file.

use std::collections::HashMap;

use fracture_host::args::{Corrupting, Corruption};
use fracture_host::js::{items, JsFiles, Shell};
use fracture_host::output_plan::Claims;
use fracture_host::plan::Plan;
use wasm_bindgen::prelude::*;

/// The corrupting command's plan (fracture_host::plan::make, as natively): made by `make`, which
/// looks at the files through the shell's `files` (cli/files.ts), then read.
#[wasm_bindgen(js_name = RunPlan)]
pub struct RunPlan {
    decided: Corrupting,
    out: Vec<u8>,
    streams: bool,
    /// Once made: the plan, and every path it names, in order.
    plan: Option<(Plan, Vec<Vec<u8>>)>,
}

#[wasm_bindgen(js_class = RunPlan)]
impl RunPlan {
    /// The run's decisions that shape its plan, as `readArgs` decided them (`mode` by its name), its
    /// outputs under `out` (as typed); `streams`: whether the engine can stream (the WebAssembly one
    /// can, the reference one cannot). Taken one by one, not as JSON: every run makes a plan, and a
    /// JSON reader here would be compiled on its first call, on the run's critical path.
    #[wasm_bindgen(constructor)]
    #[allow(clippy::too_many_arguments)]
    pub fn new(
        out: &[u8],
        streams: bool,
        mode: &str,
        intensity: u32,
        seed: u64,
        count: u64,
        name: String,
        report: bool,
        pdf: bool,
        only: Vec<String>,
        protect: Vec<String>,
        fix_checksums: bool,
        member: Option<String>,
    ) -> Result<RunPlan, JsError> {
        let mode = fracture_host::mode_from_name(mode).map_err(|e| JsError::new(&e.to_string()))?;
        let mut options = fracture_engine::Options { fix_checksums, member, ..Default::default() };
        (options.ranges.only, options.ranges.protect) = (only, protect);
        let corruption = Corruption { mode, intensity, options };
        let decided =
            Corrupting { corruption, seed, count, name, report, pdf, json: false, quiet: false, dry_run: false };
        Ok(RunPlan { decided, out: out.to_vec(), streams, plan: None })
    }

    /// Plans `files` (NUL-ended; `-` is standard input) and the batch ZIP `zip`, looking at them
    /// through `shell`: the refusal's text, or nothing.
    pub fn make(&mut self, files: &[u8], zip: Option<Vec<u8>>, shell: &JsFiles) -> Option<String> {
        let files = items(files);
        let (d, out) = (&self.decided, &self.out);
        let plan = fracture_host::plan::make(d, out, self.streams, &files, zip.as_deref(), &mut Shell(shell));
        match plan {
            Ok(plan) => {
                let mut paths = Vec::new();
                for v in plan.inputs.iter().flat_map(|i| &i.variants) {
                    paths.extend([&v.out, &v.report, &v.pdf].into_iter().flatten().cloned());
                }
                paths.extend(plan.zip.clone());
                self.plan = Some((plan, paths));
                None
            }
            Err(refusal) => Some(refusal),
        }
    }

    /// Every path the plan names, in order, each ended by a NUL byte (`planJson`'s indices).
    pub fn outputs(&self) -> Vec<u8> {
        let mut packed = Vec::new();
        for p in self.plan.iter().flat_map(|(_, paths)| paths) {
            packed.extend(p);
            packed.push(0);
        }
        packed
    }

    /// The plan for the shell: `{"inputs": [{"route", "variants": [{"seed", "checksums", "out",
    /// "report", "pdf"}]}]}`, each seed as decimal text (null past u64), each path as its index in
    /// `outputs` (a checked plan's paths are all different), null where there is none.
    #[wasm_bindgen(js_name = planJson)]
    pub fn plan_json(&self) -> String {
        let Some((plan, outputs)) = &self.plan else { return "{\"inputs\":[]}".into() };
        let index: HashMap<&[u8], usize> = outputs.iter().enumerate().map(|(k, o)| (o.as_slice(), k)).collect();
        let at = |p: &Option<Vec<u8>>| match p.as_deref().and_then(|p| index.get(p)) {
            Some(k) => k.to_string(),
            None => "null".into(),
        };
        let inputs: Vec<String> = plan
            .inputs
            .iter()
            .map(|input| {
                let variants: Vec<String> = input
                    .variants
                    .iter()
                    .map(|v| {
                        let seed = v.seed.map_or_else(|| "null".into(), |s| format!("\"{s}\""));
                        format!(
                            "{{\"seed\":{seed},\"checksums\":\"{}\",\"out\":{},\"report\":{},\"pdf\":{}}}",
                            v.checksums.name(),
                            at(&v.out),
                            at(&v.report),
                            at(&v.pdf)
                        )
                    })
                    .collect();
                format!("{{\"route\":\"{}\",\"variants\":[{}]}}", input.route.name(), variants.join(","))
            })
            .collect();
        format!("{{\"inputs\":[{}]}}", inputs.join(","))
    }

    /// The plan as `--dry-run` prints it: one JSON line (`json`), else text.
    #[wasm_bindgen(js_name = dryRun)]
    pub fn dry_run(&self, json: bool) -> String {
        let Some(shown) = self.plan.as_ref().map(|(p, _)| p.dry_run(&self.decided)) else { return String::new() };
        if json {
            shown.json()
        } else {
            shown.text()
        }
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

/// The engine's checks of one variant's arguments before its input is read (seed None: past u64):
/// the engine's one line, or nothing.
#[wasm_bindgen(js_name = checkVariant)]
pub fn check_variant(mode: &str, intensity: u32, seed: Option<u64>) -> Option<String> {
    fracture_host::plan::check_variant(mode, intensity, seed).err()
}

/// A command's own files planned (fracture_host::output_plan::claim_files, as natively: `diagnose`),
/// `inputs` and `outputs` NUL-ended, looked at through `shell`: the permission bits the inputs grant.
/// Throws the refusal's text.
#[wasm_bindgen(js_name = claimFiles)]
pub fn claim_files(inputs: &[u8], outputs: &[u8], shell: &JsFiles) -> Result<u32, JsError> {
    let (inputs, outputs) = (items(inputs), items(outputs));
    let inputs: Vec<&[u8]> = inputs.iter().map(Vec::as_slice).collect();
    let outputs: Vec<&[u8]> = outputs.iter().map(Vec::as_slice).collect();
    fracture_host::output_plan::claim_files(&inputs, &outputs, &mut Shell(shell)).map_err(|e| JsError::new(&e))
}
