//! `fracture mount`, `umount`, `ctl` and `run --mount` arguments (engine-data/cli.toml's tables, read
//! by fracture_host::args as every command's; crate::args holds the shared steps, and hands `run
//! --mount` over).

use std::ffi::OsString;
use std::path::PathBuf;

use crate::args::{self, Read};
use crate::cli_tables::{self, usage};

use super::cut::{Fill, Model, Power};
use super::power::At;
use super::rules::{parse_plan, Rule};
use super::{Corruption, Options};

/// A mount command line, parsed.
pub enum Parsed {
    Mount(Options),
    Umount(PathBuf),
    /// `fracture ctl MOUNTPOINT REQUEST [PLAN]`.
    Ctl(PathBuf, String, Option<PathBuf>),
    Campaign(super::campaign::CampaignOptions),
    PowerLoop(LoopOptions),
    /// `--help` or `--version`: the text to print on stdout.
    Print(String),
}

/// `fracture run --power-cut`'s options, as parsed .
pub struct LoopOptions {
    pub source: PathBuf,
    pub corruption: Option<Corruption>,
    pub rules: Vec<Rule>,
    pub power: Power,
    pub check: String,
    pub max: Option<u64>,
    pub keep_trees: bool,
    pub seed: Option<u64>,
    pub jobs: usize,
    pub timeout_ms: u64,
    pub out: PathBuf,
    pub classify: crate::campaign::outcome::Rules,
    pub quiet: bool,
    pub program: Vec<OsString>,
}

/// `fracture mount`, `umount` or `ctl` (`sub`) with the arguments after it.
pub fn parse(sub: &str, argv: &[OsString]) -> Result<Parsed, String> {
    match sub {
        "mount" => parse_mount(argv),
        "umount" => parse_umount(argv),
        _ => parse_ctl(argv),
    }
}

/// The options that ask for corruption: without any, files show as they are.
const CORRUPTION: [&str; 7] = ["mode", "intensity", "only", "protect", "fix-checksums", "member", "files"];

/// The corruption options of a mount or a mount campaign, when any is given.
fn corruption_of(m: &Read) -> Result<Option<Corruption>, String> {
    let (mode, intensity, options) = args::corruption(m)?;
    let files = m.list("files");
    Ok(CORRUPTION.iter().any(|id| m.has(id)).then(|| Corruption {
        mode: mode.name().to_string(),
        intensity,
        options,
        files,
    }))
}

/// `--fault` rules, then `--faults PLAN`'s.
fn rules_of(m: &Read) -> Result<Vec<Rule>, String> {
    let mut rules = Vec::new();
    for text in m.list("fault") {
        rules.push(Rule::parse(&text)?);
    }
    if let Some(plan) = m.path("faults") {
        let shown = crate::display::path(&plan);
        let text = std::fs::read_to_string(&plan).map_err(|e| format!("{shown}: {}", crate::process::io_text(&e)))?;
        rules.extend(parse_plan(&text, &shown)?);
    }
    Ok(rules)
}

/// `--power-cut MODEL`, `--power-cut-at K|end`, `--sector` and `--torn-fill`, when given.
fn power_of(m: &Read) -> Result<Option<(Power, Option<At>)>, String> {
    let text = |id: &str| m.text(id);
    let Some(model) = text("power-cut") else {
        for id in ["power-cut-at", "sector", "torn-fill"] {
            if m.has(id) {
                return Err(usage::power_cut_needs_model(format!("--{id}")));
            }
        }
        return Ok(None);
    };
    let model = Model::parse(&model).ok_or_else(|| usage::power_cut_model(&model))?;
    let at = match text("power-cut-at") {
        Some(v) if v == "end" => Some(At::End),
        Some(v) => Some(At::Point(
            v.parse::<u64>()
                .ok()
                .filter(|k| *k >= 1 && v.bytes().all(|b| b.is_ascii_digit()))
                .ok_or_else(|| usage::power_cut_at(&v))?,
        )),
        None => None,
    };
    let sector = match text("sector").as_deref() {
        None | Some("4096") => 4096,
        Some("512") => 512,
        Some(v) => return Err(usage::sector(v)),
    };
    let fill = match text("torn-fill").as_deref() {
        None | Some("zeros") => Fill::Zeros,
        Some("old") => Fill::Old,
        Some(v) => return Err(usage::torn_fill(v)),
    };
    Ok(Some((Power { model, sector, fill }, at)))
}

/// `--max N`: at most N cuts, 1 to MAX_COUNT.
fn max_cuts(v: &str) -> Result<u64, String> {
    args::integer(v, args::MAX_COUNT).filter(|n| *n > 0).ok_or_else(|| usage::max_cuts(args::MAX_COUNT, v))
}

/// `fracture run --mount SOURCE ... -- PROGRAM` (crate::args hands over its matches).
pub fn parse_campaign(m: &Read, program: Vec<OsString>, split: bool) -> Result<Parsed, String> {
    for id in ["resume", "shard"] {
        if m.has(id) {
            return Err(usage::mount_campaign_resume(format!("--{id}")));
        }
    }
    if !m.paths("FILE").is_empty() {
        return Err(usage::mount_campaign_files());
    }
    let corruption = corruption_of(m)?;
    let seed = args::seed(m)?;
    let count = args::count(m)?;
    let jobs = args::jobs(m)?;
    let text = |id: &str| m.text(id);
    let timeout_ms = match text("timeout") {
        Some(v) => args::timeout_ms(&v).ok_or_else(|| usage::run_timeout(args::MAX_TIMEOUT_SECONDS, &v))?,
        None => 10_000,
    };
    let crash_exit = match text("crash-exit") {
        Some(v) => args::crash_codes(&v).ok_or_else(|| usage::crash_exit(&v))?,
        None => Vec::new(),
    };
    let crash_pattern = match text("crash-pattern") {
        Some(p) => Some(fracture_host::campaign::spec::crash_pattern(&p)?),
        None => None,
    };
    let rules = rules_of(m)?;
    if !split || program.is_empty() {
        return Err(usage::run_needs_program());
    }
    let check = m.text("check");
    if let Some((power, _)) = power_of(m)? {
        let Some(check) = check else { return Err(usage::power_cut_needs_check()) };
        let max = text("max").map(|v| max_cuts(&v)).transpose()?;
        return Ok(Parsed::PowerLoop(LoopOptions {
            source: m.path("mount").unwrap_or_default(),
            corruption,
            rules,
            power,
            check,
            max,
            keep_trees: m.has("keep-trees"),
            seed,
            jobs,
            timeout_ms,
            out: m.path("out").unwrap_or_else(|| PathBuf::from("campaign")),
            classify: crate::campaign::outcome::Rules { crash_exit, pattern: crash_pattern },
            quiet: m.has("quiet"),
            program,
        }));
    }
    for id in ["check", "max", "keep-trees"] {
        if m.has(id) {
            return Err(usage::check_needs_power_cut(format!("--{id}")));
        }
    }
    Ok(Parsed::Campaign(super::campaign::CampaignOptions {
        source: m.path("mount").unwrap_or_default(),
        corruption,
        rules,
        seed,
        count,
        jobs,
        timeout_ms,
        out: m.path("out").unwrap_or_else(|| PathBuf::from("campaign")),
        crash_exit,
        crash_pattern,
        minimize: !m.has("no-minimize"),
        quiet: m.has("quiet"),
        program,
    }))
}

fn parse_mount(argv: &[OsString]) -> Result<Parsed, String> {
    let split = argv.iter().position(|a| a == "--");
    let (options, command) = match split {
        Some(k) => (&argv[..k], argv[k + 1..].to_vec()),
        None => (argv, Vec::new()),
    };
    let m = match args::read(&cli_tables::MOUNT, options)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let corruption = corruption_of(&m)?;
    let seed = args::seed(&m)?;
    let rules = rules_of(&m)?;
    let mut power = power_of(&m)?;
    // A rule that cuts the power without a model cuts as lose_unsynced does.
    if power.is_none() && rules.iter().any(|r| r.effect == super::rules::Effect::PowerCut) {
        power = Some((Power { model: Model::LoseUnsynced, sector: 4096, fill: Fill::Zeros }, None));
    }
    let replay = m.path("replay");
    if replay.is_some() && (corruption.is_some() || seed.is_some() || !rules.is_empty()) {
        return Err(usage::replay_alone());
    }
    let mut paths = m.paths("SOURCE").into_iter().chain(m.paths("MOUNTPOINT"));
    let (Some(source), Some(mountpoint)) = (paths.next(), paths.next()) else {
        return Err(usage::mount_needs_paths());
    };
    if split.is_some() && command.is_empty() {
        return Err(usage::mount_needs_paths());
    }
    Ok(Parsed::Mount(Options {
        source,
        mountpoint,
        corruption,
        rules,
        seed,
        log: m.path("log"),
        upper: m.path("upper"),
        replay,
        power,
        dry_run: m.has("dry-run"),
        quiet: m.has("quiet"),
        command,
    }))
}

fn parse_umount(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match args::read(&cli_tables::UMOUNT, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let mountpoint = m.paths("MOUNTPOINT").pop().ok_or_else(usage::umount_needs_mountpoint)?;
    Ok(Parsed::Umount(mountpoint))
}

fn parse_ctl(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match args::read(&cli_tables::CTL, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let mountpoint = m.paths("MOUNTPOINT").pop();
    let request = m.paths("REQUEST").pop().map(|r| r.to_string_lossy().into_owned());
    let plan = m.paths("PLAN").pop();
    match (mountpoint, request.as_deref(), plan) {
        (Some(mp), Some("faults"), Some(plan)) => Ok(Parsed::Ctl(mp, "faults".into(), Some(plan))),
        (Some(mp), Some("log"), None) => Ok(Parsed::Ctl(mp, "log".into(), None)),
        (Some(mp), Some("power-cut"), None) => Ok(Parsed::Ctl(mp, "power-cut".into(), None)),
        _ => Err(usage::ctl_request()),
    }
}
