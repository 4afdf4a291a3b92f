//! `fracture run` and `fracture merge`: their options.

use std::ffi::OsString;
use std::path::PathBuf;

use super::{
    corruption, count, crash_codes, integer, jobs, matches, paths, seed, timeout_ms, Parsed, MAX_COUNT,
    MAX_TIMEOUT_SECONDS, STDIN,
};
use crate::cli_tables::{self, usage};

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
    let text = |id: &str| m.get_one::<String>(id).cloned();
    #[cfg(target_os = "linux")]
    if m.get_one::<PathBuf>("mount").is_some() {
        return Ok(Parsed::RunOnMount(m, program, split.is_some()));
    }
    for id in ["files", "fault", "faults", "power-cut", "check", "max", "keep-trees", "sector", "torn-fill"] {
        if m.value_source(id) == Some(clap::parser::ValueSource::CommandLine) {
            return Err(usage::mount_only(format!("--{id}")));
        }
    }
    let (mode, intensity, engine) = corruption(&m)?;
    let seed = seed(&m)?;
    let count = count(&m)?;
    let jobs = jobs(&m)?;
    let timeout_ms = match text("timeout") {
        Some(v) => timeout_ms(&v).ok_or_else(|| usage::run_timeout(MAX_TIMEOUT_SECONDS, &v))?,
        None => 10_000,
    };
    let shard = match text("shard") {
        Some(v) => {
            let parsed = v.split_once('/').and_then(|(k, m)| Some((integer(k, MAX_COUNT)?, integer(m, MAX_COUNT)?)));
            Some(parsed.filter(|&(k, m)| k >= 1 && k <= m).ok_or_else(|| usage::shard(MAX_COUNT, &v))?)
        }
        None => None,
    };
    let crash_exit = match text("crash-exit") {
        Some(v) => crash_codes(&v).ok_or_else(|| usage::crash_exit(&v))?,
        None => Vec::new(),
    };
    let files = paths(&m, "FILE");
    if files.iter().any(|f| f.as_os_str() == STDIN) {
        return Err(usage::stdin_in_campaign());
    }
    if files.is_empty() {
        return Err(usage::no_input_files());
    }
    if split.is_none() || program.is_empty() {
        return Err(usage::run_needs_program());
    }
    Ok(Parsed::Campaign(RunOptions {
        mode: mode.name().to_string(),
        intensity,
        engine,
        seed,
        count,
        jobs,
        timeout_ms,
        out: m.get_one::<PathBuf>("out").cloned().unwrap_or_else(|| PathBuf::from("campaign")),
        shard,
        crash_exit,
        crash_pattern: text("crash-pattern"),
        resume: m.get_flag("resume"),
        minimize: !m.get_flag("no-minimize"),
        baseline: !m.get_flag("no-baseline"),
        quiet: m.get_flag("quiet"),
        files,
        program,
    }))
}

pub(super) fn parse_merge(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match matches(&cli_tables::MERGE, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let dirs = paths(&m, "DIR");
    if dirs.is_empty() {
        return Err(usage::merge_needs_dirs());
    }
    let Some(out) = m.get_one::<PathBuf>("out").cloned() else {
        return Err(usage::merge_needs_out());
    };
    Ok(Parsed::Merge(MergeOptions { dirs, out, quiet: m.get_flag("quiet") }))
}

#[cfg(test)]
mod campaign_tests {
    use super::super::{crash_codes, timeout_ms};

    #[test]
    fn timeouts_and_codes() {
        assert_eq!(
            [timeout_ms("10"), timeout_ms("0.5"), timeout_ms("2.25"), timeout_ms("0.001")],
            [Some(10000), Some(500), Some(2250), Some(1)]
        );
        for bad in ["0", "0.0", "1.", ".5", "1.2345", "-1", "86400.001", "1e3", ""] {
            assert_eq!(timeout_ms(bad), None, "{bad}");
        }
        assert_eq!(crash_codes("139,134,200-202,134"), Some(vec![134, 139, 200, 201, 202]));
        for bad in ["0", "256", "5-3", "", "1,,2", "a"] {
            assert_eq!(crash_codes(bad), None, "{bad}");
        }
    }
}
