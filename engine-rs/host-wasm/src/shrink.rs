//! The minimiser's rounds (fracture_host::shrink) for the npm CLI: `fracture minimize` and a
//! campaign's crashes drive the same machine as the native CLI, so both print the same lines and
//! write the same files. The shell (cli/minimize.ts) runs the tests; this says which, and what to say.

use fracture_host::shrink::command::{self, Output};
use fracture_host::shrink::{names, Refusal, Shrinker};
use wasm_bindgen::prelude::*;

use crate::files;

/// fracture_host::shrink::Shrinker, exported as `Shrinker`.
#[wasm_bindgen(js_name = Shrinker)]
pub struct JsShrinker {
    machine: Shrinker,
    /// The bytes of the candidate `start` handed out last.
    started: Vec<u8>,
    /// `fracture minimize`'s output (none for a campaign's crashes).
    output: Option<Output>,
}

/// What stops `fracture minimize` (fracture_host::shrink::command::Stop): thrown by `minimizeOpen`
/// and `writeResult`.
#[wasm_bindgen]
pub struct MinimizeStop {
    pub code: u8,
    line: String,
}

#[wasm_bindgen]
impl MinimizeStop {
    /// The line on standard error.
    #[wasm_bindgen(getter)]
    pub fn line(&self) -> String {
        self.line.clone()
    }
}

fn stop(s: command::Stop) -> JsValue {
    MinimizeStop { code: s.code, line: s.line }.into()
}

/// `fracture minimize`'s files planned and read, the machine made (fracture_host::shrink::command,
/// as natively): `out` empty for the default output. Throws a `MinimizeStop`.
#[wasm_bindgen(js_name = minimizeOpen)]
pub fn minimize_open(
    original: &[u8],
    corrupted: &[u8],
    out: &[u8],
    shell: &files::JsFiles,
) -> Result<JsShrinker, JsValue> {
    let out = (!out.is_empty()).then_some(out);
    let m = command::open(original, corrupted, out, &mut files::Shell(shell)).map_err(stop)?;
    Ok(JsShrinker { machine: m.machine, started: Vec::new(), output: Some(m.output) })
}

impl JsShrinker {
    /// A campaign's crash's machine (fracture_host::campaign::drive).
    pub(crate) fn of(machine: Shrinker) -> JsShrinker {
        JsShrinker { machine, started: Vec::new(), output: None }
    }

    pub(crate) fn machine(&self) -> &Shrinker {
        &self.machine
    }
}

#[wasm_bindgen(js_class = Shrinker)]
impl JsShrinker {
    /// The machine for CORRUPTED against ORIGINAL (files of different lengths, or identical ones,
    /// are refused at once: `refused`).
    #[wasm_bindgen(constructor)]
    pub fn new(original: Vec<u8>, corrupted: Vec<u8>) -> JsShrinker {
        JsShrinker { machine: Shrinker::new(original, corrupted), started: Vec::new(), output: None }
    }

    /// Why the files cannot be minimised, known before any test: `lengths` or `identical` (then
    /// `refusal` says it), or nothing.
    pub fn refused(&self) -> Option<String> {
        self.machine.refused().map(|r| kind(r).to_string())
    }

    /// Changed bytes.
    pub fn changed(&self) -> u32 {
        self.machine.changed().0 as u32
    }

    /// What `fracture minimize` says first (after "fracture: minimize: ").
    #[wasm_bindgen(js_name = startLine)]
    pub fn start_line(&self) -> String {
        self.machine.start_line()
    }

    /// The next candidate of this round (its bytes: `bytes`), or -1 when none is to start now.
    pub fn start(&mut self) -> i32 {
        match self.machine.start() {
            Some((id, bytes)) => {
                self.started = bytes;
                id as i32
            }
            None => -1,
        }
    }

    /// The bytes of the candidate `start` handed out last.
    pub fn bytes(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.started)
    }

    /// A candidate started earlier in this round failed: this one's result is useless.
    pub fn superseded(&self, id: u32) -> bool {
        self.machine.superseded(id as usize)
    }

    pub fn finish(&mut self, id: u32, failed: bool, how: &str) {
        self.machine.finish(id as usize, failed, how);
    }

    pub fn abandon(&mut self, id: u32) {
        self.machine.abandon(id as usize);
    }

    /// Every started candidate is reported: the next round. True when the minimisation is over.
    #[wasm_bindgen(js_name = endRound)]
    pub fn end_round(&mut self) -> bool {
        self.machine.end_round()
    }

    /// The progress lines' texts since the last call (after "fracture: minimize: ").
    pub fn events(&mut self) -> Vec<String> {
        self.machine.events().iter().map(|e| e.text()).collect()
    }

    /// Why it ended without a file: `lengths`, `identical`, `passes`, `fails_on_original` (then
    /// `refusal` says it), or nothing: `result` is the file.
    #[wasm_bindgen(js_name = resultRefused)]
    pub fn result_refused(&self) -> Option<String> {
        self.machine.result().err().map(|r| kind(r).to_string())
    }

    /// What `fracture minimize` says of the refusal (after "fracture: minimize: ").
    pub fn refusal(&self) -> Option<String> {
        self.machine.result().err().map(Refusal::text)
    }

    /// The minimised file (empty when refused).
    pub fn result(&self) -> Vec<u8> {
        self.machine.result().map(|s| s.bytes).unwrap_or_default()
    }

    /// The changed bytes the minimised file keeps.
    pub fn kept(&self) -> u32 {
        self.machine.result().map_or(0, |s| s.kept as u32)
    }

    /// `fracture minimize`'s result written (a machine `minimizeOpen` made): the line it prints on
    /// standard output. Throws a `MinimizeStop`.
    #[wasm_bindgen(js_name = writeResult)]
    pub fn write_result(&self, shell: &files::JsFiles) -> Result<String, JsValue> {
        let output = self.output.as_ref().ok_or_else(|| JsValue::from_str("not fracture minimize's machine"))?;
        output.write(&self.machine, &mut files::Shell(shell)).map_err(stop)
    }
}

fn kind(r: &Refusal) -> &'static str {
    match r {
        Refusal::Lengths { .. } => "lengths",
        Refusal::Identical => "identical",
        Refusal::Passes => "passes",
        Refusal::FailsOnOriginal(_) => "fails_on_original",
    }
}

/// `fracture minimize`'s output without `--out`: `{stem}_minimized{.ext}` beside CORRUPTED.
#[wasm_bindgen(js_name = minimizedPath)]
pub fn minimized_path(corrupted: &[u8]) -> Vec<u8> {
    names::minimized_path(corrupted)
}

/// A candidate's file name in a job slot (`fracture minimize`, and a campaign's variants).
#[wasm_bindgen(js_name = slotName)]
pub fn slot_name(file: &[u8]) -> String {
    names::slot_name(file)
}

/// The test command for a candidate at `file`, or nothing when it reads the candidate on standard input.
#[wasm_bindgen(js_name = testScript)]
pub fn test_script(template: &str, file: &str) -> Option<String> {
    names::test_script(template, file)
}
