//! `fracture minimize`, `diagnose` and `bench`: their options (decided in fracture_host::args).

use std::path::PathBuf;

use fracture_engine::Mode;

use fracture_host::args as decide;

use super::{cores, Parsed, Read};
use crate::cli_tables::usage;

pub struct MinimizeOptions {
    pub test: String,
    pub original: PathBuf,
    pub corrupted: PathBuf,
    pub out: Option<PathBuf>,
    pub timeout_ms: u64,
    pub jobs: usize,
    pub quiet: bool,
}

pub struct DiagnoseOptions {
    pub file: PathBuf,
    pub original: Option<PathBuf>,
    pub repair: Option<PathBuf>,
    pub json: bool,
}

pub struct BenchOptions {
    pub sizes: Vec<usize>,
    pub modes: Vec<Mode>,
    pub inputs: Vec<fracture_engine::bench::Input>,
    pub intensity: u32,
    pub runs: usize,
    pub seed: u64,
    pub json: bool,
    pub compare: Option<PathBuf>,
    pub max_slowdown: f64,
}

pub(super) fn parse_minimize(r: &Read) -> Result<Parsed, String> {
    let decided = fracture_host::args::minimize(r.given(), cores())?;
    let (original, corrupted) = match (r.paths("ORIGINAL").pop(), r.paths("CORRUPTED").pop()) {
        (Some(o), Some(c)) => (o, c),
        _ => return Err(usage::minimize_needs_files()),
    };
    Ok(Parsed::Minimize(MinimizeOptions {
        test: decided.test,
        original,
        corrupted,
        out: r.path("out"),
        timeout_ms: decided.timeout_ms,
        jobs: decided.jobs,
        quiet: decided.quiet,
    }))
}

pub(super) fn parse_diagnose(r: &Read) -> Result<Parsed, String> {
    let json = fracture_host::args::diagnose(r.given())?;
    let Some(file) = r.paths("FILE").pop() else { return Err(usage::diagnose_needs_file()) };
    Ok(Parsed::Diagnose(DiagnoseOptions { file, original: r.path("original"), repair: r.path("repair"), json }))
}

pub(super) fn parse_bench(r: &Read) -> Result<Parsed, String> {
    let b = decide::bench(r.given())?;
    Ok(Parsed::Bench(BenchOptions {
        sizes: b.sizes,
        modes: b.modes,
        inputs: b.inputs,
        intensity: b.intensity,
        runs: b.runs,
        seed: b.seed,
        json: b.json,
        compare: r.path("compare"),
        max_slowdown: b.max_slowdown,
    }))
}
