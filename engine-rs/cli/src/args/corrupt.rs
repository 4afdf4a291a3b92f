//! The corrupting command's options: `fracture [OPTIONS] FILE...`.

use std::ffi::OsString;
use std::path::PathBuf;

use fracture_engine::Options;

use super::{corruption, count, matches, paths, random_seed, seed, Parsed, STDIN};
use crate::cli_tables::{self, usage};

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

pub(super) fn parse_fracture(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match matches(&cli_tables::FRACTURE, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let text = |id: &str| m.get_one::<String>(id).cloned();
    let (mode, intensity, options) = corruption(&m)?;
    let seed = seed(&m)?.unwrap_or_else(random_seed);
    let count = count(&m)?;
    let files = paths(&m, "FILE");
    let zip = m.get_one::<PathBuf>("zip").cloned();
    let name = text("name");
    check_combination(&files, count, zip.is_some(), name.is_some())?;
    if let Some(name) = &name {
        check_name(name)?;
    }
    Ok(Parsed::Run(Args {
        mode: mode.name().to_string(),
        intensity,
        seed,
        count,
        out: m.get_one::<PathBuf>("out").cloned().unwrap_or_else(|| PathBuf::from("corrupted")),
        name: name.unwrap_or_else(|| "stdin".into()),
        report: m.get_flag("report"),
        pdf: m.get_flag("pdf"),
        json: m.get_flag("json"),
        quiet: m.get_flag("quiet"),
        dry_run: m.get_flag("dry-run"),
        zip,
        files,
        options,
    }))
}

/// `--name` is a base name: not empty, `.` or `..`, without `/`, `\\`, NUL or a control character.
fn check_name(name: &str) -> Result<(), String> {
    let bad = |c: char| matches!(c, '/' | '\\') || (c as u32) < 0x20 || c == '\u{7F}';
    if name.is_empty() || name == "." || name == ".." || name.chars().any(bad) {
        return Err(usage::name(crate::display::bytes(name.as_bytes())));
    }
    Ok(())
}

/// The combinations that cannot work, each refused with its reason (the npm CLI checks the same, in
/// the same order).
fn check_combination(files: &[PathBuf], count: u64, zip: bool, name: bool) -> Result<(), String> {
    let stdin = files.iter().filter(|f| f.as_os_str() == STDIN).count();
    if files.is_empty() {
        return Err(usage::no_input_files());
    }
    if stdin > 1 {
        return Err(usage::stdin_twice());
    }
    if stdin == 1 && zip {
        return Err(usage::zip_with_stdin());
    }
    if stdin == 1 && count > 1 {
        return Err(usage::count_with_stdin());
    }
    if stdin == 0 && name {
        return Err(usage::name_without_stdin());
    }
    Ok(())
}
