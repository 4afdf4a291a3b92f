//! The output plan's decisions for the npm CLI and the SDK, as the native CLI takes them: the
//! corrupting command's whole plan (fracture_host::plan: routes, seeds, output names and paths,
//! checksum routes, claims, `--dry-run`'s text), and the claims alone for the plans other commands
//! make. Names and paths are bytes; the shells look at the files and hand over a key per file.

use std::collections::HashMap;

use fracture_host::args::{Corrupting, Corruption};
use fracture_host::output_plan::Claims;
use fracture_host::plan::{Identity, Looked, Plan, Planner};
use wasm_bindgen::prelude::*;

/// The corrupting command's plan, made in three steps: each FILE as the shell found it (`input`),
/// then each output it names (`outputs`) claimed as the shell identified it (`claim`), then read.
#[wasm_bindgen(js_name = RunPlan)]
pub struct RunPlan {
    decided: Corrupting,
    planner: Option<Planner>,
    /// Once read: the plan, and its outputs as `outputs` listed them (standard output empty).
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
        let planner = Some(Planner::new(&decided, out, streams));
        Ok(RunPlan { decided, planner, plan: None })
    }

    /// The next FILE (`-`: standard input): `kind` when it is not a regular file, its identity when
    /// it is one (`device` None: nothing there). The refusal's text, or nothing.
    pub fn input(
        &mut self,
        file: &[u8],
        kind: Option<String>,
        device: Option<u64>,
        inode: u64,
        size: u64,
        mode: u32,
    ) -> Option<String> {
        let looked = match (kind, device) {
            (Some(what), _) => Looked::Special(what),
            (None, Some(device)) => Looked::Regular(Identity { device, inode, size, mode }),
            (None, None) => Looked::Missing,
        };
        self.planner.as_mut()?.input(file, looked).err()
    }

    /// The batch ZIP, after the FILEs.
    pub fn zip(&mut self, zip: &[u8]) {
        if let Some(p) = self.planner.as_mut() {
            p.zip(zip);
        }
    }

    /// The outputs to identify, in order, each ended by a NUL byte; an empty one is standard output.
    pub fn outputs(&self) -> Vec<u8> {
        let mut packed = Vec::new();
        for o in self.planner.iter().flat_map(|p| p.outputs()) {
            packed.extend(o.as_deref().unwrap_or_default());
            packed.push(0);
        }
        packed
    }

    /// Output `k` as the shell identified it (no key: standard output that is not a regular file);
    /// the refusal's text, or nothing. The plan is read once every output is claimed.
    pub fn claim(&mut self, k: usize, key: Option<Vec<u8>>, kind: Option<String>) -> Option<String> {
        let planner = self.planner.as_mut()?;
        planner.claim(k, key.as_deref().map(|key| (key, kind.as_deref()))).err()
    }

    /// The plan, once every output is claimed.
    fn finish(&mut self) -> Option<&(Plan, Vec<Vec<u8>>)> {
        if let Some(p) = self.planner.take() {
            let outputs = p.outputs().iter().map(|o| o.clone().unwrap_or_default()).collect();
            self.plan = Some((p.finish(), outputs));
        }
        self.plan.as_ref()
    }

    /// The plan for the shell: `{"inputs": [{"route", "variants": [{"seed", "checksums", "out",
    /// "report", "pdf"}]}]}`, each seed as decimal text (null past u64), each path as its index in
    /// `outputs` (a checked plan's paths are all different), null where there is none.
    #[wasm_bindgen(js_name = planJson)]
    pub fn plan_json(&mut self) -> String {
        let Some((plan, outputs)) = self.finish() else { return "{\"inputs\":[]}".into() };
        let index: HashMap<&[u8], usize> =
            outputs.iter().enumerate().filter(|(_, o)| !o.is_empty()).map(|(k, o)| (o.as_slice(), k)).collect();
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
    pub fn dry_run(&mut self, json: bool) -> String {
        let decided = self.decided.clone();
        let Some(shown) = self.finish().map(|(p, _)| p.dry_run(&decided)) else { return String::new() };
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
