//! The native CLI's `fracture_host::shell::Files`: std's calls on the bytes of each path, outputs
//! through crate::output (a temporary file beside the target, then a rename).

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

use fracture_host::plan::Looked;
use fracture_host::shell::{Fault, Files};

use crate::process::io_text;

/// std's files; the real paths of the directories the claims resolved are kept (crate::plan::Outputs).
#[derive(Default)]
pub struct StdFiles {
    outputs: crate::plan::Outputs,
}

fn at(path: &[u8]) -> &Path {
    Path::new(OsStr::from_bytes(path))
}

impl Files for StdFiles {
    fn look(&mut self, path: &[u8]) -> Looked {
        crate::plan::look(std::fs::metadata(at(path)).ok())
    }

    fn identify(&mut self, path: &[u8]) -> (Vec<u8>, Option<String>) {
        self.outputs.identify(at(path))
    }

    fn read_input(&mut self, path: &[u8]) -> Result<Vec<u8>, Fault> {
        crate::process::Input::read_file(at(path), || Ok(()), &mut |_| {}).map(|input| input.bytes)
    }

    fn occupied(&mut self, path: &[u8]) -> bool {
        at(path).exists() && std::fs::read_dir(at(path)).map_or(true, |mut d| d.next().is_some())
    }

    fn read(&mut self, path: &[u8]) -> Result<Option<Vec<u8>>, Fault> {
        match std::fs::read(at(path)) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_text(&e)),
        }
    }

    fn permissions(&mut self, path: &[u8]) -> u32 {
        std::fs::metadata(at(path)).map_or(0o600, |m| m.mode() & 0o777)
    }

    fn create_dir_all(&mut self, path: &[u8]) -> Result<(), Fault> {
        std::fs::create_dir_all(at(path)).map_err(|e| io_text(&e))
    }

    fn write(&mut self, path: &[u8], bytes: &[u8], allowed: u32) -> Result<(), Fault> {
        crate::output::write(at(path), bytes, crate::output::mode(allowed)).map_err(|e| io_text(&e))
    }

    fn append(&mut self, path: &[u8], bytes: &[u8]) -> Result<(), Fault> {
        let file = std::fs::File::options().append(true).open(at(path));
        file.and_then(|mut f| std::io::Write::write_all(&mut f, bytes)).map_err(|e| io_text(&e))
    }

    fn remove(&mut self, path: &[u8]) {
        let _ = std::fs::remove_file(at(path));
    }

    fn err(&mut self, text: &str) {
        eprint!("{text}");
    }
}
