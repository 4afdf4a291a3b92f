//! The npm CLI's `fracture_host::shell::Files` (cli/files.ts: node:fs, synchronously), for the
//! commands the host crate runs whole (`mergeCommand`) and a campaign's DIR (`CampaignDir`). A failed call throws its reason, a string
//! in engine-data/messages.toml's `io_*` words, as the native CLI's `io_text` gives it.

use fracture_host::shell::{Fault, Files};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    pub type JsFiles;

    #[wasm_bindgen(method)]
    fn occupied(this: &JsFiles, path: &[u8]) -> bool;

    #[wasm_bindgen(method, catch)]
    fn read(this: &JsFiles, path: &[u8]) -> Result<Option<Vec<u8>>, JsValue>;

    #[wasm_bindgen(method)]
    fn permissions(this: &JsFiles, path: &[u8]) -> u32;

    #[wasm_bindgen(method, catch, js_name = createDirAll)]
    fn create_dir_all(this: &JsFiles, path: &[u8]) -> Result<(), JsValue>;

    #[wasm_bindgen(method, catch)]
    fn write(this: &JsFiles, path: &[u8], bytes: &[u8], allowed: u32) -> Result<(), JsValue>;

    #[wasm_bindgen(method)]
    fn remove(this: &JsFiles, path: &[u8]);

    #[wasm_bindgen(method, js_name = errLine)]
    fn err_line(this: &JsFiles, line: &str);
}

fn fault(thrown: JsValue) -> Fault {
    thrown.as_string().unwrap_or_else(|| format!("{thrown:?}"))
}

/// The shell's files, as the host crate's commands take them.
pub struct Shell<'a>(pub &'a JsFiles);

impl Files for Shell<'_> {
    fn occupied(&mut self, path: &[u8]) -> bool {
        self.0.occupied(path)
    }

    fn read(&mut self, path: &[u8]) -> Result<Option<Vec<u8>>, Fault> {
        self.0.read(path).map_err(fault)
    }

    fn permissions(&mut self, path: &[u8]) -> u32 {
        self.0.permissions(path)
    }

    fn create_dir_all(&mut self, path: &[u8]) -> Result<(), Fault> {
        self.0.create_dir_all(path).map_err(fault)
    }

    fn write(&mut self, path: &[u8], bytes: &[u8], allowed: u32) -> Result<(), Fault> {
        self.0.write(path, bytes, allowed).map_err(fault)
    }

    fn remove(&mut self, path: &[u8]) {
        self.0.remove(path);
    }

    fn err_line(&mut self, line: &str) {
        self.0.err_line(line);
    }
}
