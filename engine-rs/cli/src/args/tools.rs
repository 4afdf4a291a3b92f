//! `fracture minimize`, `diagnose` and `bench`: their options (minimize's and diagnose's decided in
//! fracture_host::args; bench's are the native CLI's own: the npm CLI's bench measures other engines).

use std::ffi::OsString;
use std::path::PathBuf;

use fracture_engine::Mode;

use fracture_host::args::{self as decide, integer};

use super::{cores, given, matches, paths, Parsed, MAX_BENCH_SIZE, MAX_RUNS};
use crate::cli_tables::{self, usage};

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

pub(super) fn parse_minimize(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match matches(&cli_tables::MINIMIZE, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let decided = fracture_host::args::minimize(&given(&cli_tables::MINIMIZE, &m), cores())?;
    let (original, corrupted) = match (paths(&m, "ORIGINAL").pop(), paths(&m, "CORRUPTED").pop()) {
        (Some(o), Some(c)) => (o, c),
        _ => return Err(usage::minimize_needs_files()),
    };
    Ok(Parsed::Minimize(MinimizeOptions {
        test: decided.test,
        original,
        corrupted,
        out: m.get_one::<PathBuf>("out").cloned(),
        timeout_ms: decided.timeout_ms,
        jobs: decided.jobs,
        quiet: decided.quiet,
    }))
}

pub(super) fn parse_diagnose(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match matches(&cli_tables::DIAGNOSE, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let json = fracture_host::args::diagnose(&given(&cli_tables::DIAGNOSE, &m))?;
    let Some(file) = paths(&m, "FILE").pop() else { return Err(usage::diagnose_needs_file()) };
    Ok(Parsed::Diagnose(DiagnoseOptions {
        file,
        original: m.get_one::<PathBuf>("original").cloned(),
        repair: m.get_one::<PathBuf>("repair").cloned(),
        json,
    }))
}

/// A size: MiB, or KiB with a K suffix.
fn bench_size(v: &str) -> Option<usize> {
    let (digits, unit) = match v.strip_suffix(['K', 'k']) {
        Some(d) => (d, 1u64 << 10),
        None => (v, 1u64 << 20),
    };
    integer(digits, MAX_BENCH_SIZE / unit).map(|n| (n * unit) as usize).filter(|n| *n > 0)
}

pub(super) fn parse_bench(argv: &[OsString]) -> Result<Parsed, String> {
    use fracture_engine::bench::Input;
    let m = match matches(&cli_tables::BENCH, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let text = |id: &str| m.get_one::<String>(id).cloned();
    let items = |v: String| v.split(',').map(str::to_string).collect::<Vec<_>>();
    let sizes = match text("sizes") {
        Some(v) => items(v.clone())
            .iter()
            .map(|s| bench_size(s))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| usage::sizes(&v))?,
        None => vec![16 << 20],
    };
    let modes = match text("modes") {
        Some(v) => items(v)
            .iter()
            .map(|s| fracture_host::mode_from_name(s).map_err(|_| usage::mode(s)))
            .collect::<Result<_, _>>()?,
        None => Mode::ALL.to_vec(),
    };
    let inputs: Vec<Input> = match text("inputs") {
        Some(v) => {
            items(v).iter().map(|s| Input::parse(s).map_err(|_| usage::bench_input(s))).collect::<Result<_, _>>()?
        }
        None => Input::ALL.to_vec(),
    };
    for input in &inputs {
        for size in &sizes {
            fracture_engine::bench::check_size(*input, *size)?;
        }
    }
    let g = given(&cli_tables::BENCH, &m);
    let intensity = decide::intensity(&g)?;
    let runs = match text("runs") {
        Some(v) => integer(&v, MAX_RUNS).filter(|n| *n > 0).ok_or_else(|| usage::runs(MAX_RUNS, &v))? as usize,
        None => 5,
    };
    let seed = decide::seed(&g)?.unwrap_or(1);
    let max_slowdown = match text("max-slowdown") {
        Some(v) => {
            v.parse::<f64>().ok().filter(|r| r.is_finite() && *r >= 1.0).ok_or_else(|| usage::max_slowdown(&v))?
        }
        None => 1.25,
    };
    Ok(Parsed::Bench(BenchOptions {
        sizes,
        modes,
        inputs,
        intensity,
        runs,
        seed,
        json: m.get_flag("json"),
        compare: m.get_one::<PathBuf>("compare").cloned(),
        max_slowdown,
    }))
}
