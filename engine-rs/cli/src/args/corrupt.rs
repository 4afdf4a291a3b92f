//! The corrupting command's options: `fracture [OPTIONS] FILE...` (decided in fracture_host::args).

use std::path::PathBuf;

use fracture_engine::Options;

use super::{random_seed, Parsed, Read};

pub struct Args {
    pub mode: String,
    pub intensity: u32,
    pub seed: u64,
    /// Variants of every file: variant j of file i uses seed + i * count + j.
    pub count: u64,
    pub out: PathBuf,
    /// The name `-` (standard input) goes by for detection and reports.
    pub name: String,
    pub report: bool,
    /// Also write each file's PDF report, and the session PDF into the ZIP.
    pub pdf: bool,
    pub json: bool,
    pub quiet: bool,
    /// Print the plan and write nothing.
    pub dry_run: bool,
    pub zip: Option<PathBuf>,
    pub files: Vec<PathBuf>,
    /// --only, --protect and --fix-checksums, checked against the mode.
    pub options: Options,
}

impl Args {
    pub fn mode_name(&self) -> &str {
        &self.mode
    }
}

pub(super) fn parse_fracture(r: &Read) -> Result<Parsed, String> {
    let c = fracture_host::args::corrupting(r.given(), random_seed())?;
    Ok(Parsed::Run(Args {
        mode: c.corruption.mode.name().to_string(),
        intensity: c.corruption.intensity,
        seed: c.seed,
        count: c.count,
        out: r.path("out").unwrap_or_else(|| PathBuf::from("corrupted")),
        name: c.name,
        report: c.report,
        pdf: c.pdf,
        json: c.json,
        quiet: c.quiet,
        dry_run: c.dry_run,
        zip: r.path("zip"),
        files: r.paths("FILE"),
        options: c.corruption.options,
    }))
}
