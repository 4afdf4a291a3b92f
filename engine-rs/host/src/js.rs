//! The npm CLI's `shell::Files` (cli/files.ts: node:fs, synchronously), for both of its WebAssembly
//! modules (feature `js`): the campaigns' module (`mergeCommand`, `planCampaign`, `Campaign`,
//! `minimizeOpen`) and the outputs module (the corrupting command's plan, `RunPlan`). A failed call
//! throws its reason, a string in engine-data/messages.toml's `io_*` words, as the native CLI's
//! `io_text` gives it.

use crate::shell::{Fault, Files, Identity, Looked};
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    pub type JsFiles;

    /// "" (nothing there), "special\0KIND" or "regular\0DEVICE\0INODE\0SIZE\0MODE" (decimal).
    #[wasm_bindgen(method)]
    fn look(this: &JsFiles, path: &[u8]) -> String;

    /// `look`'s answer for standard input (`output` false) or output.
    #[wasm_bindgen(method)]
    fn standard(this: &JsFiles, output: bool) -> String;

    /// The output's key, a NUL, and what it is when it is not a regular file (else nothing).
    #[wasm_bindgen(method)]
    fn identify(this: &JsFiles, path: &[u8]) -> Vec<u8>;

    #[wasm_bindgen(method, catch, js_name = readInput)]
    fn read_input(this: &JsFiles, path: &[u8]) -> Result<Vec<u8>, JsValue>;

    #[wasm_bindgen(method)]
    fn occupied(this: &JsFiles, path: &[u8]) -> bool;

    #[wasm_bindgen(method, catch)]
    fn read(this: &JsFiles, path: &[u8]) -> Result<Option<Vec<u8>>, JsValue>;

    #[wasm_bindgen(method)]
    fn permissions(this: &JsFiles, path: &[u8]) -> u32;

    #[wasm_bindgen(method, catch, js_name = createDirAll)]
    fn create_dir_all(this: &JsFiles, path: &[u8]) -> Result<(), JsValue>;

    #[wasm_bindgen(method, catch, js_name = readAt)]
    fn read_at(this: &JsFiles, path: &[u8], offset: f64, len: u32) -> Result<Vec<u8>, JsValue>;

    #[wasm_bindgen(method, catch)]
    fn create(this: &JsFiles, path: &[u8], allowed: u32) -> Result<u32, JsValue>;

    #[wasm_bindgen(method, catch)]
    fn put(this: &JsFiles, output: u32, bytes: &[u8]) -> Result<(), JsValue>;

    #[wasm_bindgen(method, catch)]
    fn commit(this: &JsFiles, output: u32) -> Result<(), JsValue>;

    #[wasm_bindgen(method)]
    fn discard(this: &JsFiles, output: u32);

    #[wasm_bindgen(method, catch)]
    fn append(this: &JsFiles, path: &[u8], bytes: &[u8]) -> Result<(), JsValue>;

    #[wasm_bindgen(method)]
    fn remove(this: &JsFiles, path: &[u8]);

    #[wasm_bindgen(method)]
    fn err(this: &JsFiles, text: &str);
}

/// Bytes that are NUL-ended items (paths and words, which hold no NUL: cli/files.ts's `nulEnded`),
/// as a list.
pub fn items(packed: &[u8]) -> Vec<Vec<u8>> {
    match packed.strip_suffix(b"\0") {
        Some(all) => all.split(|&b| b == 0).map(<[u8]>::to_vec).collect(),
        None => Vec::new(),
    }
}

fn fault(thrown: JsValue) -> Fault {
    thrown.as_string().unwrap_or_else(|| format!("{thrown:?}"))
}

/// The shell's files, as the host crate's commands take them.
pub struct Shell<'a>(pub &'a JsFiles);

/// `look`'s answer as the plan takes it (an answer it cannot read: nothing there).
fn looked(answer: &str) -> Looked {
    let parts: Vec<&str> = answer.split('\0').collect();
    let number = |k: usize| parts.get(k).and_then(|p| p.parse::<u64>().ok());
    match parts[..] {
        ["special", what] => Looked::Special(what.to_string()),
        ["regular", ..] => match (number(1), number(2), number(3), number(4)) {
            (Some(device), Some(inode), Some(size), Some(mode)) => {
                Looked::Regular(Identity { device, inode, size, mode: mode as u32 & 0o777 })
            }
            _ => Looked::Missing,
        },
        _ => Looked::Missing,
    }
}

impl Files for Shell<'_> {
    fn look(&mut self, path: &[u8]) -> Looked {
        looked(&self.0.look(path))
    }

    fn standard(&mut self, output: bool) -> Looked {
        looked(&self.0.standard(output))
    }

    fn identify(&mut self, path: &[u8]) -> (Vec<u8>, Option<String>) {
        let answer = self.0.identify(path);
        let at = answer.iter().position(|&b| b == 0).unwrap_or(answer.len());
        let kind = answer.get(at + 1..).filter(|k| !k.is_empty()).map(|k| String::from_utf8_lossy(k).into_owned());
        (answer[..at].to_vec(), kind)
    }

    fn read_input(&mut self, path: &[u8]) -> Result<Vec<u8>, Fault> {
        self.0.read_input(path).map_err(fault)
    }

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

    fn read_at(&mut self, path: &[u8], offset: u64, len: usize) -> Result<Vec<u8>, Fault> {
        self.0.read_at(path, offset as f64, len as u32).map_err(fault)
    }

    fn create(&mut self, path: &[u8], allowed: u32) -> Result<u32, Fault> {
        self.0.create(path, allowed).map_err(fault)
    }

    fn put(&mut self, output: u32, bytes: &[u8]) -> Result<(), Fault> {
        self.0.put(output, bytes).map_err(fault)
    }

    fn commit(&mut self, output: u32) -> Result<(), Fault> {
        self.0.commit(output).map_err(fault)
    }

    fn discard(&mut self, output: u32) {
        self.0.discard(output);
    }

    fn append(&mut self, path: &[u8], bytes: &[u8]) -> Result<(), Fault> {
        self.0.append(path, bytes).map_err(fault)
    }

    fn remove(&mut self, path: &[u8]) {
        self.0.remove(path);
    }

    fn err(&mut self, text: &str) {
        self.0.err(text);
    }
}
