//! `fracture.diagnose` (docs/python.md): engine-rs/diagnose on files read by position (any size, in
//! bounded memory) or on bytes in memory; the JSON and the text are the command lines' own.

use fracture_diagnose::{Memory, Positional};
use fracture_host::messages;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;

struct Opened {
    file: File,
    size: u64,
}

impl Positional for Opened {
    fn size(&self) -> u64 {
        self.size
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> std::io::Result<()> {
        self.file.read_exact_at(buf, pos)
    }

    fn write_at(&mut self, _pos: u64, _bytes: &[u8]) -> std::io::Result<()> {
        Err(std::io::Error::other("diagnose never writes to its inputs"))
    }
}

fn open(path: &Path) -> PyResult<Opened> {
    let shown = path.display().to_string();
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(PyValueError::new_err(messages::not_regular(&shown, super::kind(&meta))));
    }
    let file = File::open(path)?;
    Ok(Opened { size: file.metadata()?.len(), file })
}

/// diagnose_file(path, original) -> (json, text, damaged)
#[pyfunction]
#[pyo3(signature = (path, original=None))]
pub fn diagnose_file(
    py: Python<'_>,
    path: std::path::PathBuf,
    original: Option<std::path::PathBuf>,
) -> PyResult<(String, String, bool)> {
    let mut file = open(&path)?;
    let shown = path.display().to_string();
    if file.size == 0 {
        return Err(PyValueError::new_err(messages::diagnose_empty(&shown)));
    }
    let mut orig = original.as_deref().map(open).transpose()?;
    let orig_shown = original.as_deref().map(|p| p.display().to_string()).unwrap_or_default();
    py.detach(|| {
        let against = orig.as_mut().map(|o| (o as &mut dyn Positional, orig_shown.as_str()));
        let d = fracture_diagnose::diagnose(&mut file, &shown, against)?;
        Ok::<_, std::io::Error>((fracture_diagnose::json(&d), fracture_diagnose::text(&d), d.damaged()))
    })
    .map_err(PyErr::from)
}

/// diagnose_bytes(data, name, original) -> (json, text, damaged)
#[pyfunction]
#[pyo3(signature = (data, name, original=None))]
pub fn diagnose_bytes(data: &[u8], name: &str, original: Option<&[u8]>) -> PyResult<(String, String, bool)> {
    if data.is_empty() {
        return Err(PyValueError::new_err(messages::diagnose_empty(name)));
    }
    let mut file = Memory(data);
    let mut orig = original.map(Memory);
    let against = orig.as_mut().map(|o| (o as &mut dyn Positional, "original"));
    let d = fracture_diagnose::diagnose(&mut file, name, against)?;
    Ok((fracture_diagnose::json(&d), fracture_diagnose::text(&d), d.damaged()))
}
