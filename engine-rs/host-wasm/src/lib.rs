//! The host logic of fracture-host in WebAssembly, for the npm CLI and the SDK: the campaign model
//! (docs/campaigns.md) as the native CLI calls it, so that both command lines take the same
//! decisions and write the same records from one implementation. A module of its own: the
//! browser's engine module (engine-rs/wasm) does not carry it. Values cross as JSON text where
//! they are records (the model writes that JSON itself), as numbers and bytes otherwise; run
//! indices and seeds stay below 2^53 (the seed's limit in both command lines).

// The shell's files, for the commands the host crate runs whole (fracture_host's `js` feature).
use fracture_host::js::{self as files, items};
// The minimiser's rounds and names (`Shrinker`, `minimizedPath`, `slotName`, `testScript`).
mod shrink;

use fracture_host::campaign::drive::Drive;
use fracture_host::campaign::outcome::signal_number;
use fracture_host::campaign::plan::Given;
use fracture_host::campaign::Status;
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

/// How a minimiser's test that ended so (`kind`, `code`, `signal` as `status` reads them) failed:
/// its words, or nothing when it passed (fracture_host::campaign::outcome::test_failure, as natively).
#[wasm_bindgen(js_name = testFailure)]
pub fn test_failure(kind: &str, code: i32, signal: &str, timeout_ms: f64) -> Option<String> {
    fracture_host::campaign::outcome::test_failure(&status(kind, code, signal), timeout_ms as u64)
}

/// `fracture run`'s plan (fracture_host::campaign::plan, as natively): `decided` the arguments'
/// decisions as JSON, `files` and `program` NUL-ended items, the files read through `shell`. Throws
/// the usage error. The campaign it returns runs step by step as natively.
#[wasm_bindgen(js_name = planCampaign)]
pub fn plan_campaign(
    decided: &str,
    files: &[u8],
    program: &[u8],
    dir: &[u8],
    random: f64,
    shell: &files::JsFiles,
) -> Result<Campaign, JsError> {
    let decided = fracture_host::args::Campaign::from_json(&parse(decided)?)
        .ok_or_else(|| JsError::new("not a run's decisions"))?;
    let (files, program) = (items(files), items(program));
    let given = Given { decided: &decided, files: &files, program: &program, dir, random: random as u64 };
    let p = fracture_host::campaign::plan::plan(&given, &mut files::Shell(shell)).map_err(|e| JsError::new(&e))?;
    let modes = p.loaded.iter().map(|l| l.mode).collect();
    let bytes = p.loaded.into_iter().map(|l| l.bytes).collect();
    Ok(Campaign { drive: Drive::new(p.ledger, modes, dir, decided.quiet), bytes, crash_input: 0 })
}

/// A campaign planned, as it runs (fracture_host::campaign::drive::Drive, the native CLI's steps):
/// the shell asks for runs and hands back how they ended; DIR's files and the lines go through its
/// `files` (cli/files.ts). A method that fails throws the line's message. The inputs' bytes are the
/// shell's once it has taken them (`takeBytes`): it makes the variants and hands them back for a
/// crash's machine (`nextCrash`).
#[wasm_bindgen]
pub struct Campaign {
    drive: Drive,
    /// The inputs as read, until the shell takes them.
    bytes: Vec<Vec<u8>>,
    /// The input of the crash `nextCrash` handed out last.
    crash_input: usize,
}

fn failed(message: String) -> JsError {
    JsError::new(&message)
}

#[wasm_bindgen]
impl Campaign {
    /// Input `i`'s bytes, handed over (this module keeps no copy).
    #[wasm_bindgen(js_name = takeBytes)]
    pub fn take_bytes(&mut self, i: usize) -> Vec<u8> {
        self.bytes.get_mut(i).map(std::mem::take).unwrap_or_default()
    }

    /// DIR made and written as planned.
    pub fn open(&mut self, files: &files::JsFiles) -> Result<(), JsError> {
        self.drive.open(&mut files::Shell(files)).map_err(failed)
    }

    /// runs.jsonl, campaign.json and summary.md as the ledger stands.
    pub fn save(&mut self, files: &files::JsFiles) -> Result<(), JsError> {
        self.drive.save(&mut files::Shell(files)).map_err(failed)
    }

    /// The inputs whose original is still to run.
    pub fn baselines(&self) -> Vec<u32> {
        self.drive.baselines().into_iter().map(|i| i as u32).collect()
    }

    pub fn baseline(&mut self, i: u32, kind: &str, code: i32, signal: &str, stderr: &[u8]) {
        self.drive.baseline(i as usize, &status(kind, code, signal), stderr);
    }

    /// The baselines are in: DIR saved, their lines and the seed's printed; `shown`: a progress line.
    pub fn begin(&mut self, shown: bool, now_ms: f64, files: &files::JsFiles) -> Result<(), JsError> {
        self.drive.begin(shown, now_ms, &mut files::Shell(files)).map_err(failed)
    }

    /// The next run: `[r, input, seed]`, or nothing when all are handed out (`peek`: the one after,
    /// left to hand out).
    #[wasm_bindgen(js_name = nextRun)]
    pub fn next_run(&mut self, peek: bool) -> Option<Vec<f64>> {
        let job = if peek { self.drive.peek_run() } else { self.drive.next_run() };
        job.map(|j| vec![j.r as f64, j.input as f64, j.seed as f64])
    }

    /// Run `r` ended so (`kind`, `code`, `signal` as `status` reads them): recorded, as natively.
    // Flat arguments: wasm-bindgen passes numbers, strings and bytes without a JS object to decode.
    #[allow(clippy::too_many_arguments)]
    pub fn ran(
        &mut self,
        r: f64,
        kind: &str,
        code: i32,
        signal: &str,
        variant: &[u8],
        stdout: &[u8],
        stderr: &[u8],
        duration_ms: f64,
        now_ms: f64,
        files: &files::JsFiles,
    ) -> Result<(), JsError> {
        let (i, _) = self.drive.ledger.run_of(r as u64);
        let ran = fracture_host::campaign::dir::Ran {
            variant,
            input_mode: self.drive.mode(i),
            status: &status(kind, code, signal),
            stdout,
            stderr,
            duration_ms: duration_ms as u64,
        };
        self.drive.ran(r as u64, &ran, now_ms, &mut files::Shell(files)).map_err(failed)
    }

    /// No more runs: the progress line ended, DIR saved.
    #[wasm_bindgen(js_name = runsEnded)]
    pub fn runs_ended(&mut self, now_ms: f64, files: &files::JsFiles) -> Result<(), JsError> {
        self.drive.runs_ended(now_ms, &mut files::Shell(files)).map_err(failed)
    }

    /// The next crash to minimise, as a machine to drive (its input: `crashInput`), or nothing;
    /// `inputs` every input's bytes one after another, `lengths` theirs.
    #[wasm_bindgen(js_name = nextCrash)]
    pub fn next_crash(&mut self, inputs: &[u8], lengths: &[f64], files: &files::JsFiles) -> Option<shrink::JsShrinker> {
        let mut at = 0;
        let originals: Vec<&[u8]> = lengths
            .iter()
            .map(|&n| {
                let bytes = inputs.get(at..at + n as usize).unwrap_or_default();
                at += n as usize;
                bytes
            })
            .collect();
        let (i, machine) = self.drive.next_crash(&originals, &mut files::Shell(files))?;
        self.crash_input = i;
        Some(shrink::JsShrinker::of(machine))
    }

    /// The input of the crash `nextCrash` handed out.
    #[wasm_bindgen(js_name = crashInput)]
    pub fn crash_input(&self) -> usize {
        self.crash_input
    }

    /// Whether a run that ended so gives the signature of the crash being minimised.
    pub fn reproduces(&self, kind: &str, code: i32, signal: &str, stderr: &[u8]) -> bool {
        self.drive.reproduces(&status(kind, code, signal), stderr)
    }

    /// The crash's machine has ended its rounds: its file kept, or why there is none said.
    pub fn shrunk(&mut self, machine: &shrink::JsShrinker, files: &files::JsFiles) -> Result<(), JsError> {
        self.drive.shrunk(machine.machine(), &mut files::Shell(files)).map_err(failed)
    }

    /// The campaign over: DIR saved, the closing line printed; the exit code.
    pub fn close(&mut self, files: &files::JsFiles) -> Result<u8, JsError> {
        self.drive.close(&mut files::Shell(files)).map_err(failed)
    }
}

/// `fracture merge DIR... --out OUT`, whole (fracture_host::campaign::merge::command, as natively):
/// `dirs` each DIR's bytes, each ended by a NUL; the lines go to `files.err`. Returns the exit code.
#[wasm_bindgen(js_name = mergeCommand)]
pub fn merge_command(dirs: &[u8], out: &[u8], quiet: bool, files: &files::JsFiles) -> u8 {
    fracture_host::campaign::merge::command(&items(dirs), out, quiet, &mut files::Shell(files))
}
