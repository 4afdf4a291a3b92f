//! `fracture minimize`, `diagnose` and `bench`: their options (decided in fracture_host::args).

use std::path::PathBuf;

use fracture_host::args as decide;

use super::{cores, Parsed, Read};
use crate::cli_tables::usage;

/// `fracture minimize`: what fracture_host::args decided, and the paths as the system gave them.
pub struct MinimizeOptions {
    pub decided: decide::Minimize,
    pub original: PathBuf,
    pub corrupted: PathBuf,
    pub out: Option<PathBuf>,
}

pub struct DiagnoseOptions {
    pub file: PathBuf,
    pub original: Option<PathBuf>,
    pub repair: Option<PathBuf>,
    pub json: bool,
}

/// `fracture bench`: what fracture_host::args decided, and OLD.json's path as given.
pub struct BenchOptions {
    pub decided: decide::Bench,
    pub compare: Option<PathBuf>,
}

pub(super) fn parse_minimize(r: &Read) -> Result<Parsed, String> {
    let decided = fracture_host::args::minimize(r.given(), cores())?;
    let (original, corrupted) = match (r.paths("ORIGINAL").pop(), r.paths("CORRUPTED").pop()) {
        (Some(o), Some(c)) => (o, c),
        _ => return Err(usage::minimize_needs_files()),
    };
    Ok(Parsed::Minimize(MinimizeOptions { decided, original, corrupted, out: r.path("out") }))
}

pub(super) fn parse_diagnose(r: &Read) -> Result<Parsed, String> {
    let json = fracture_host::args::diagnose(r.given())?;
    let Some(file) = r.paths("FILE").pop() else { return Err(usage::diagnose_needs_file()) };
    Ok(Parsed::Diagnose(DiagnoseOptions { file, original: r.path("original"), repair: r.path("repair"), json }))
}

pub(super) fn parse_bench(r: &Read) -> Result<Parsed, String> {
    Ok(Parsed::Bench(BenchOptions { decided: decide::bench(r.given())?, compare: r.path("compare") }))
}
