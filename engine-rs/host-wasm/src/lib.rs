//! The host logic of fracture-host in WebAssembly, for the npm CLI and the SDK: the campaign model
//! (docs/campaigns.md) as the native CLI calls it, so that both command lines take the same
//! decisions and write the same records from one implementation. A module of its own: the
//! browser's engine module (engine-rs/wasm) does not carry it. Values cross as JSON text where
//! they are records (the model writes that JSON itself), as numbers and bytes otherwise; run
//! indices and seeds stay below 2^53 (the seed's limit in both command lines).

// The shell's files, for the commands the host crate runs whole (`mergeCommand`).
mod files;
// The minimiser's rounds and names (`Shrinker`, `minimizedPath`, `slotName`, `testScript`).
mod shrink;

use fracture_host::campaign::outcome::signal_number;
use fracture_host::campaign::plan::Given;
use fracture_host::campaign::{Ledger, Status};
use serde_json::Value;
use wasm_bindgen::prelude::*;

// Output names, the plan's claims and the batch ZIP, which every run needs, are the small module
// engine-rs/outputs-wasm: a plain run does not compile this one's regex engine.

/// How a run ended, as Node reports it: `code` and the exit code, `signal` and its name, or
/// `timeout`.
fn status(kind: &str, code: i32, signal: &str) -> Status {
    match kind {
        "signal" => Status::Signal(signal_number(signal)),
        "timeout" => Status::Timeout,
        _ => Status::Code(code),
    }
}

fn parse(text: &str) -> Result<Value, JsError> {
    serde_json::from_str(text).map_err(|e| JsError::new(&format!("not JSON ({e})")))
}

/// The progress line of `fracture run` on a terminal (fracture_host::campaign::progress).
#[wasm_bindgen]
pub struct RunProgress(fracture_host::campaign::progress::RunProgress);

#[wasm_bindgen]
impl RunProgress {
    /// `counts`: the runs recorded so far by outcome; `now_ms`: the clock every call gives.
    #[wasm_bindgen(constructor)]
    pub fn new(planned: f64, counts: &[f64], now_ms: f64) -> RunProgress {
        let mut c = [0u64; 4];
        for (k, n) in counts.iter().take(4).enumerate() {
            c[k] = *n as u64;
        }
        RunProgress(fracture_host::campaign::progress::RunProgress::new(planned as u64, c, now_ms))
    }

    /// A run recorded with `outcome` (its name): the text to write when the line is due.
    pub fn count(&mut self, outcome: &str, now_ms: f64) -> Option<String> {
        let o = fracture_host::campaign::outcome::Outcome::from_name(outcome)?;
        self.0.count(o, now_ms)
    }

    /// The runs are over: the last line and its newline, when the line was drawn.
    pub fn end(&mut self, now_ms: f64) -> Option<String> {
        self.0.end(now_ms)
    }
}

/// Bytes that are NUL-ended items (paths and words, which hold no NUL), as a list.
fn items(packed: &[u8]) -> Vec<Vec<u8>> {
    match packed.strip_suffix(b"\0") {
        Some(all) => all.split(|&b| b == 0).map(<[u8]>::to_vec).collect(),
        None => Vec::new(),
    }
}

/// `fracture run`'s plan (fracture_host::campaign::plan, as natively): `decided` the arguments'
/// decisions as JSON, `files` and `program` NUL-ended items, the files read through `shell`. Throws
/// the usage error.
#[wasm_bindgen(js_name = planCampaign)]
pub fn plan_campaign(
    decided: &str,
    files: &[u8],
    program: &[u8],
    dir: &[u8],
    random: f64,
    shell: &files::JsFiles,
) -> Result<PlannedCampaign, JsError> {
    let decided = fracture_host::args::Campaign::from_json(&parse(decided)?)
        .ok_or_else(|| JsError::new("not a run's decisions"))?;
    let (files, program) = (items(files), items(program));
    let given = Given { decided: &decided, files: &files, program: &program, dir, random: random as u64 };
    let p = fracture_host::campaign::plan::plan(&given, &mut files::Shell(shell)).map_err(|e| JsError::new(&e))?;
    Ok(PlannedCampaign { ledger: Some(p.ledger), loaded: p.loaded })
}

/// A campaign planned: its ledger (taken once) and each input as read.
#[wasm_bindgen]
pub struct PlannedCampaign {
    ledger: Option<Ledger>,
    loaded: Vec<fracture_host::campaign::plan::Loaded>,
}

#[wasm_bindgen]
impl PlannedCampaign {
    pub fn ledger(&mut self) -> Option<CampaignLedger> {
        self.ledger.take().map(CampaignLedger)
    }

    /// Input `i`'s bytes.
    pub fn bytes(&self, i: usize) -> Vec<u8> {
        self.loaded.get(i).map(|l| l.bytes.clone()).unwrap_or_default()
    }

    /// Input `i`'s permission bits.
    pub fn mode(&self, i: usize) -> u32 {
        self.loaded.get(i).map_or(0o600, |l| l.mode)
    }
}

/// A campaign's ledger (fracture_host::campaign::Ledger).
#[wasm_bindgen]
pub struct CampaignLedger(Ledger);

fn quote(s: &str) -> String {
    Value::String(s.to_string()).to_string()
}

#[wasm_bindgen]
impl CampaignLedger {
    /// The run indices still to run, in order.
    pub fn todo(&self) -> Vec<f64> {
        self.0.todo().into_iter().map(|r| r as f64).collect()
    }

    pub fn seed(&self) -> f64 {
        self.0.campaign.seed as f64
    }

    pub fn planned(&self) -> f64 {
        self.0.campaign.planned() as f64
    }

    /// Recorded runs by outcome: accepted, rejected, crashed, hung.
    pub fn counts(&self) -> Vec<f64> {
        self.0.counts().by_outcome.iter().map(|&n| n as f64).collect()
    }

    /// The inputs whose original is still to run.
    #[wasm_bindgen(js_name = baselinesNeeded)]
    pub fn baselines_needed(&self) -> Vec<u32> {
        self.0.baselines_needed().into_iter().map(|i| i as u32).collect()
    }

    #[wasm_bindgen(js_name = setBaseline)]
    pub fn set_baseline(&mut self, i: u32, kind: &str, code: i32, signal: &str, stderr: &[u8]) {
        self.0.set_baseline(i as usize, &status(kind, code, signal), stderr);
    }

    /// The lines that say an original already fails, each with its newline.
    #[wasm_bindgen(js_name = baselineLines)]
    pub fn baseline_lines(&self) -> String {
        self.0.baseline_lines().into_iter().map(|l| l + "\n").collect()
    }

    /// The signature of a run that ended so under the campaign's rules ("" when it did not fail):
    /// the minimiser's test of a candidate.
    pub fn signature(&self, kind: &str, code: i32, signal: &str, stderr: &[u8]) -> String {
        self.0.judge(&status(kind, code, signal), stderr).signature.unwrap_or_default()
    }

    #[wasm_bindgen(js_name = setMinimized)]
    pub fn set_minimized(&mut self, id: &str, changes: f64) {
        self.0.set_minimized(id, changes as u64);
    }

    /// The crash entries as JSON: `[{"id", "signature", "fileIndex", "variant", "minimizedPath",
    /// "minimized", "preExisting"}]`; `minimize` only those to minimise now.
    pub fn entries(&self, minimize: bool) -> String {
        let list = if minimize { self.0.to_minimize() } else { self.0.entries() };
        let items: Vec<String> = list
            .iter()
            .map(|e| {
                format!(
                    "{{\"id\":{},\"signature\":{},\"fileIndex\":{},\"variant\":{},\"minimizedPath\":{},\"minimized\":{},\"preExisting\":{}}}",
                    quote(&e.id),
                    quote(&e.signature),
                    e.file_index,
                    quote(&e.variant),
                    quote(&e.minimized_path),
                    e.minimized_changes.is_some(),
                    e.pre_existing
                )
            })
            .collect();
        format!("[{}]", items.join(","))
    }

    #[wasm_bindgen(js_name = runsJsonl)]
    pub fn runs_jsonl(&self) -> String {
        self.0.runs_jsonl()
    }

    #[wasm_bindgen(js_name = campaignJson)]
    pub fn campaign_json(&self) -> String {
        self.0.campaign_json()
    }

    #[wasm_bindgen(js_name = summaryMd)]
    pub fn summary_md(&self) -> String {
        self.0.summary_md()
    }

    /// The last line of `run` or `merge`; `summary` is DIR/summary.md as the shell displays it.
    #[wasm_bindgen(js_name = closingLine)]
    pub fn closing_line(&self, command: &str, summary: &str) -> String {
        self.0.closing_line(command, summary)
    }

    #[wasm_bindgen(js_name = exitCode)]
    pub fn exit_code(&self) -> u8 {
        self.0.exit_code()
    }
}

/// `fracture merge DIR... --out OUT`, whole (fracture_host::campaign::merge::command, as natively):
/// `dirs` each DIR's bytes, each ended by a NUL; the lines go to `files.errLine`. Returns the exit code.
#[wasm_bindgen(js_name = mergeCommand)]
pub fn merge_command(dirs: &[u8], out: &[u8], quiet: bool, files: &files::JsFiles) -> u8 {
    fracture_host::campaign::merge::command(&items(dirs), out, quiet, &mut files::Shell(files))
}

/// A campaign's DIR as its runs are recorded (fracture_host::campaign::dir::CampaignDir, as
/// natively): its files written through the shell's `files` (cli/files.ts).
#[wasm_bindgen]
pub struct CampaignDir(fracture_host::campaign::dir::CampaignDir);

#[wasm_bindgen]
impl CampaignDir {
    #[wasm_bindgen(constructor)]
    pub fn new(path: &[u8]) -> CampaignDir {
        CampaignDir(fracture_host::campaign::dir::CampaignDir::new(path))
    }

    /// runs.jsonl, campaign.json and summary.md, each whole; throws the line's message.
    #[wasm_bindgen(js_name = writeState)]
    pub fn write_state(&mut self, ledger: &CampaignLedger, files: &files::JsFiles) -> Result<(), JsError> {
        self.0.write_state(&ledger.0, &mut files::Shell(files)).map_err(|e| JsError::new(&e))
    }

    /// Records run index `r` (how it ended as `status` takes it) and keeps its crash's files as the
    /// ledger says: `{"line", "outcome"}`; throws the line's message.
    // Flat arguments: wasm-bindgen passes numbers, strings and bytes without a JS object to decode.
    #[allow(clippy::too_many_arguments)]
    pub fn record(
        &mut self,
        ledger: &mut CampaignLedger,
        r: f64,
        ending: &str,
        code: i32,
        signal: &str,
        variant: &[u8],
        input_mode: u32,
        stdout: &[u8],
        stderr: &[u8],
        duration_ms: f64,
        now_ms: f64,
        files: &files::JsFiles,
    ) -> Result<String, JsError> {
        let status = status(ending, code, signal);
        let ran = fracture_host::campaign::dir::Ran {
            variant,
            input_mode,
            status: &status,
            stdout,
            stderr,
            duration_ms: duration_ms as u64,
        };
        let (line, outcome) = self
            .0
            .record(&mut ledger.0, r as u64, &ran, now_ms, &mut files::Shell(files))
            .map_err(|e| JsError::new(&e))?;
        Ok(format!("{{\"line\":{},\"outcome\":{}}}", quote(&line), quote(outcome.name())))
    }

    /// Crash `id`'s minimised file, `kept` bytes changed, and its count in the ledger; campaign.json
    /// rewritten. Throws the line's message.
    pub fn minimized(
        &mut self,
        ledger: &mut CampaignLedger,
        id: &str,
        bytes: &[u8],
        kept: f64,
        input_mode: u32,
        files: &files::JsFiles,
    ) -> Result<(), JsError> {
        let Some(e) = ledger.0.entries().into_iter().find(|e| e.id == id) else { return Ok(()) };
        self.0
            .minimized(&mut ledger.0, &e, bytes, kept as u64, input_mode, &mut files::Shell(files))
            .map_err(|e| JsError::new(&e))
    }

    /// What a resumed DIR holds beyond its records (`inputs`: each FILE's bytes one after another,
    /// `lengths` theirs).
    pub fn recover(&self, ledger: &mut CampaignLedger, inputs: &[u8], lengths: &[f64], files: &files::JsFiles) {
        let mut at = 0;
        let inputs: Vec<&[u8]> = lengths
            .iter()
            .map(|&n| {
                let bytes = inputs.get(at..at + n as usize).unwrap_or_default();
                at += n as usize;
                bytes
            })
            .collect();
        self.0.recover(&mut ledger.0, &inputs, &mut files::Shell(files));
    }
}
