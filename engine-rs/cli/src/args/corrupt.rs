//! The corrupting command's options: `fracture [OPTIONS] FILE...` (decided in fracture_host::args).

use std::path::PathBuf;

use fracture_host::args::Corrupting;

use super::{random_seed, Parsed, Read};

pub struct Args {
    /// What fracture_host::args decided: the corruption, the seed and count, --name and the flags.
    pub decided: Corrupting,
    pub out: PathBuf,
    pub zip: Option<PathBuf>,
    pub files: Vec<PathBuf>,
}

pub(super) fn parse_fracture(r: &Read) -> Result<Parsed, String> {
    Ok(Parsed::Run(Args {
        decided: fracture_host::args::corrupting(r.given(), random_seed())?,
        out: r.path("out").unwrap_or_else(|| PathBuf::from("corrupted")),
        zip: r.path("zip"),
        files: r.paths("FILE"),
    }))
}
