//! `fracture diagnose` in WebAssembly: engine-rs/diagnose as it is, behind a file the host reads by
//! position (Node's `readSync` in the npm CLI and the SDK, `FileReaderSync` on a Blob in the site's
//! Web Worker, a buffer for bytes in memory). A module of its own, loaded only when diagnose is used,
//! so the engine's module (and the site's first load) does not carry it (docs/damage.md).

use fracture_diagnose::{Diagnosis, Positional};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// A file the host reads by position; `read` throws a string on failure.
    pub type DiagnoseFile;
    #[wasm_bindgen(method)]
    fn size(this: &DiagnoseFile) -> f64;
    /// Exactly the `len` bytes from `pos`.
    #[wasm_bindgen(method, catch)]
    fn read(this: &DiagnoseFile, pos: f64, len: usize) -> Result<Vec<u8>, JsValue>;
}

struct Host<'a>(&'a DiagnoseFile);

fn host_error(e: JsValue) -> std::io::Error {
    std::io::Error::other(e.as_string().unwrap_or_else(|| "the host could not read the file".into()))
}

impl Positional for Host<'_> {
    fn size(&self) -> u64 {
        self.0.size() as u64
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let bytes = self.0.read(pos as f64, buf.len()).map_err(host_error)?;
        if bytes.len() != buf.len() {
            return Err(std::io::Error::other("the file changed while it was being read"));
        }
        buf.copy_from_slice(&bytes);
        Ok(())
    }

    fn write_at(&mut self, _pos: u64, _bytes: &[u8]) -> std::io::Result<()> {
        Err(std::io::Error::other("diagnose never writes to its inputs"))
    }
}

/// A diagnosis: its JSON and text (the command lines print these bytes), and the repair.
#[wasm_bindgen]
pub struct Diagnosed {
    d: Diagnosis,
}

#[wasm_bindgen]
impl Diagnosed {
    /// The `--json` form (one line).
    pub fn json(&self) -> String {
        fracture_diagnose::json(&self.d)
    }

    /// The text form.
    pub fn text(&self) -> String {
        fracture_diagnose::text(&self.d)
    }

    /// Whether damage was found (the exit status 1).
    pub fn damaged(&self) -> bool {
        self.d.damaged()
    }

    /// Writes the file with its reversible damage undone to `sink` (called with each piece); returns
    /// the line to print after it, or throws "nothing to repair" when nothing can be undone.
    pub fn repair(&self, file: &DiagnoseFile, out_name: &str, sink: &js_sys_free::Sink) -> Result<String, JsError> {
        let mut host = Host(file);
        let plan = fracture_diagnose::repair_plan(&self.d, &mut host).map_err(|e| JsError::new(&e.to_string()))?;
        let Some(plan) = plan else { return Err(JsError::new("nothing to repair")) };
        let written = fracture_diagnose::repair(&mut host, &plan, &mut |bytes| sink.write(bytes).map_err(host_error))
            .map_err(|e| JsError::new(&e.to_string()))?;
        Ok(fracture_diagnose::repaired(out_name, &plan, written))
    }
}

/// The sink a repair writes to (a callback object, so no js-sys dependency is needed).
mod js_sys_free {
    use wasm_bindgen::prelude::*;

    #[wasm_bindgen]
    extern "C" {
        pub type Sink;
        #[wasm_bindgen(method, catch)]
        pub fn write(this: &Sink, bytes: &[u8]) -> Result<(), JsValue>;
    }
}

/// Diagnoses `file` (named `name`), against `original` (named `original_name`) when given.
#[wasm_bindgen]
pub fn diagnose(
    file: &DiagnoseFile,
    name: &str,
    original: Option<DiagnoseFile>,
    original_name: &str,
) -> Result<Diagnosed, JsError> {
    let mut host = Host(file);
    let mut orig = original.as_ref().map(Host);
    let against = orig.as_mut().map(|o| (o as &mut dyn Positional, original_name));
    let d = fracture_diagnose::diagnose(&mut host, name, against).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(Diagnosed { d })
}
