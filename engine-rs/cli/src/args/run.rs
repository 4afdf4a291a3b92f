//! `fracture run` and `fracture merge`: their options (decided in fracture_host::args).

use std::ffi::OsString;
use std::path::PathBuf;

use fracture_host::args::Campaign;

use super::{cores, Parsed, Read};

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

pub(super) fn parse_run(r: Read, program: Option<Vec<OsString>>) -> Result<Parsed, String> {
    let split = program.is_some();
    let program = program.unwrap_or_default();
    #[cfg(target_os = "linux")]
    if r.has("mount") {
        return Ok(Parsed::RunOnMount(r, program, split));
    }
    Ok(Parsed::Campaign(RunOptions {
        decided: fracture_host::args::campaign(r.given(), cores())?,
        out: r.path("out").unwrap_or_else(|| PathBuf::from("campaign")),
        files: r.paths("FILE"),
        program,
    }))
}

pub(super) fn parse_merge(r: &Read) -> Result<Parsed, String> {
    let quiet = fracture_host::args::merge(r.given())?;
    Ok(Parsed::Merge(MergeOptions { dirs: r.paths("DIR"), out: r.path("out").unwrap_or_default(), quiet }))
}
