//! Command-line arguments: hand-parsed, so every usage error is one clear line.

use std::path::PathBuf;

use fracture_engine::{Mode, MAX_SEED};

use crate::ui_modes::UI_VALUES;

pub const USAGE: &str = "\
Usage: fracture [--mode M] [--intensity N] [--seed S] [--out DIR] [--report] [--json] [--zip FILE] FILE...

Corrupts copies of FILEs deterministically; the originals are never changed.

  --mode M        byte_flip (default), header_preserve_flip, truncate_insert, shuffle_blocks,
                  guaranteed_break, or a UI name: quick_scramble, stealth_corruption, cut_replace,
                  jumble_sections
  --intensity N   0-100 (default 80)
  --seed S        0-9007199254740991 (default random, always printed); file i uses S + i
  --out DIR       output directory (default ./corrupted): DIR/{base}_corrupted{.ext}
  --report        also write DIR/{name}_corruption_report.json
  --json          print one report per line on stdout
  --zip FILE      also write a batch ZIP with every corrupted file and the session report
  -h, --help      this text;  -V, --version  the version

Exit status: 0 all files corrupted, 1 a file failed (the others are still written), 2 usage error.
";

pub struct Args {
    pub mode: String,
    pub intensity: u32,
    pub seed: u64,
    pub out: PathBuf,
    pub report: bool,
    pub json: bool,
    pub zip: Option<PathBuf>,
    pub files: Vec<PathBuf>,
}

impl Args {
    pub fn mode_name(&self) -> &str {
        &self.mode
    }
}

pub enum Parsed {
    Run(Args),
    Help,
    Version,
}

pub fn parse(argv: &[String]) -> Result<Parsed, String> {
    let mut mode = Mode::ByteFlip;
    let mut intensity = 80u32;
    let mut seed: Option<u64> = None;
    let mut out = PathBuf::from("corrupted");
    let (mut report, mut json) = (false, false);
    let mut zip = None;
    let mut files = Vec::new();
    let mut it = argv.iter();
    let mut only_files = false;
    while let Some(arg) = it.next() {
        if only_files || !arg.starts_with('-') || arg == "-" {
            files.push(PathBuf::from(arg));
            continue;
        }
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            match &inline {
                Some(v) => Ok(v.clone()),
                None => it.next().cloned().ok_or_else(|| format!("option {name} needs a value")),
            }
        };
        match flag {
            "--" => only_files = true,
            "-h" | "--help" => return Ok(Parsed::Help),
            "-V" | "--version" => return Ok(Parsed::Version),
            "--mode" => mode = mode_from_cli(&value("--mode")?).map_err(|e| e.to_string())?,
            "--intensity" => {
                let v = value("--intensity")?;
                intensity = match v.parse::<u32>() {
                    Ok(n) if n <= 100 && !v.starts_with('+') => n,
                    _ => return Err(format!("Intensity must be an integer from 0 to 100, got {v}")),
                };
            }
            "--seed" => {
                let v = value("--seed")?;
                seed = Some(match v.parse::<u64>() {
                    Ok(n) if n <= MAX_SEED && !v.starts_with('+') => n,
                    _ => return Err(format!("Seed must be an integer from 0 to {MAX_SEED}, got {v}")),
                });
            }
            "--out" => out = PathBuf::from(value("--out")?),
            "--zip" => zip = Some(PathBuf::from(value("--zip")?)),
            "--report" => report = true,
            "--json" => json = true,
            "--engine" => {
                return Err("--engine is an option of the npm CLI (npx fracture); this is the native engine".into())
            }
            other => return Err(format!("unknown option {other}")),
        }
        if inline.is_some() && matches!(flag, "--report" | "--json" | "--") {
            return Err(format!("option {flag} takes no value"));
        }
    }
    if files.is_empty() {
        return Err("no input files".into());
    }
    let seed = seed.unwrap_or_else(random_seed);
    Ok(Parsed::Run(Args { mode: mode.name().to_string(), intensity, seed, out, report, json, zip, files }))
}

/// An engine mode name or one of the UI's values (quick_scramble, stealth_corruption, ...).
fn mode_from_cli(s: &str) -> Result<Mode, fracture_engine::EngineError> {
    match UI_VALUES.iter().find(|(value, _)| *value == s) {
        Some(&(_, mode)) => Ok(mode),
        None => Mode::parse(s),
    }
}

/// A seed below 2147483647, as the UI draws them, from the OS's randomness (std's hasher keys).
fn random_seed() -> u64 {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut h = RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0));
    h.finish() % 2_147_483_647
}
