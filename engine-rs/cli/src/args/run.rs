//! `fracture run` and `fracture merge`: their options (decided in fracture_host::args).

use std::ffi::OsString;
use std::path::PathBuf;

use fracture_host::args::Campaign;

use super::{cores, given, matches, paths, Parsed};
use crate::cli_tables;

/// `fracture run`'s options (a campaign): what fracture_host::args decided, and the paths and the
/// program as the system gave them.
pub struct RunOptions {
    pub decided: Campaign,
    pub out: PathBuf,
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
    Ok(Parsed::Campaign(RunOptions {
        decided: fracture_host::args::campaign(&g, cores())?,
        out: m.get_one::<PathBuf>("out").cloned().unwrap_or_else(|| PathBuf::from("campaign")),
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
