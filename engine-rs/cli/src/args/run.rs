//! `fracture run` and `fracture merge`: their options (decided in fracture_host::args).

use std::ffi::OsString;
use std::path::PathBuf;

use super::{cores, given, matches, paths, Parsed};
use crate::cli_tables;

/// `fracture run`'s options (a campaign).
pub struct RunOptions {
    pub mode: String,
    pub intensity: u32,
    pub engine: fracture_engine::Options,
    pub seed: Option<u64>,
    pub count: u64,
    pub jobs: usize,
    pub timeout_ms: u64,
    pub out: PathBuf,
    pub shard: Option<(u64, u64)>,
    pub crash_exit: Vec<i32>,
    pub crash_pattern: Option<String>,
    pub resume: bool,
    pub minimize: bool,
    /// Run each FILE unmodified first (`--no-baseline` turns it off).
    pub baseline: bool,
    pub quiet: bool,
    pub files: Vec<PathBuf>,
    pub program: Vec<OsString>,
}

pub struct MergeOptions {
    pub dirs: Vec<PathBuf>,
    pub out: PathBuf,
    pub quiet: bool,
}

pub(super) fn parse_run(argv: &[OsString]) -> Result<Parsed, String> {
    let split = argv.iter().position(|a| a == "--");
    let (options, program) = match split {
        Some(k) => (&argv[..k], argv[k + 1..].to_vec()),
        None => (argv, Vec::new()),
    };
    let m = match matches(&cli_tables::RUN, options)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    #[cfg(target_os = "linux")]
    if m.get_one::<PathBuf>("mount").is_some() {
        return Ok(Parsed::RunOnMount(m, program, split.is_some()));
    }
    let mut g = given(&cli_tables::RUN, &m);
    g.program = split.map(|_| program.len());
    let c = fracture_host::args::campaign(&g, cores())?;
    Ok(Parsed::Campaign(RunOptions {
        mode: c.corruption.mode.name().to_string(),
        intensity: c.corruption.intensity,
        engine: c.corruption.options,
        seed: c.seed,
        count: c.count,
        jobs: c.jobs,
        timeout_ms: c.timeout_ms,
        out: m.get_one::<PathBuf>("out").cloned().unwrap_or_else(|| PathBuf::from("campaign")),
        shard: c.shard,
        crash_exit: c.crash_exit,
        crash_pattern: c.crash_pattern,
        resume: c.resume,
        minimize: c.minimize,
        baseline: c.baseline,
        quiet: c.quiet,
        files: paths(&m, "FILE"),
        program,
    }))
}

pub(super) fn parse_merge(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match matches(&cli_tables::MERGE, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let quiet = fracture_host::args::merge(&given(&cli_tables::MERGE, &m))?;
    let out = m.get_one::<PathBuf>("out").cloned().unwrap_or_default();
    Ok(Parsed::Merge(MergeOptions { dirs: paths(&m, "DIR"), out, quiet }))
}
