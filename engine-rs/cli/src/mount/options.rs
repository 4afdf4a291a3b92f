//! `fracture mount`, `umount`, `ctl` and `run --mount` arguments (engine-data/cli.toml's tables, clap
//! as every command parses them; crate::args holds the shared steps, and hands `run --mount` over).

use std::ffi::OsString;
use std::path::PathBuf;

use crate::args;
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
    PowerLoop(super::powerloop::LoopOptions),
    /// `--help` or `--version`: the text to print on stdout.
    Print(String),
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

/// Whether option `id` was typed (false for an option the command does not have).
fn given(m: &clap::ArgMatches, id: &str) -> bool {
    m.try_contains_id(id).unwrap_or(false) && m.value_source(id) == Some(clap::parser::ValueSource::CommandLine)
}

/// The corruption options of a mount or a mount campaign, when any is given.
fn corruption_of(m: &clap::ArgMatches) -> Result<Option<Corruption>, String> {
    let (mode, intensity, options) = args::corruption(m)?;
    let files: Vec<String> = m.get_many::<String>("files").map(|v| v.cloned().collect()).unwrap_or_default();
    Ok(CORRUPTION.iter().any(|id| given(m, id)).then(|| Corruption {
        mode: mode.name().to_string(),
        intensity,
        options,
        files,
    }))
}

/// `--fault` rules, then `--faults PLAN`'s.
fn rules_of(m: &clap::ArgMatches) -> Result<Vec<Rule>, String> {
    let mut rules = Vec::new();
    for text in m.get_many::<String>("fault").into_iter().flatten() {
        rules.push(Rule::parse(text)?);
    }
    if let Some(plan) = m.get_one::<PathBuf>("faults") {
        let shown = crate::display::path(plan);
        let text = std::fs::read_to_string(plan).map_err(|e| format!("{shown}: {}", crate::process::io_text(&e)))?;
        rules.extend(parse_plan(&text, &shown)?);
    }
    Ok(rules)
}

/// `--power-cut MODEL`, `--power-cut-at K|end`, `--sector` and `--torn-fill`, when given.
fn power_of(m: &clap::ArgMatches) -> Result<Option<(Power, Option<At>)>, String> {
    let text = |id: &str| if m.try_contains_id(id).unwrap_or(false) { m.get_one::<String>(id).cloned() } else { None };
    let Some(model) = text("power-cut") else {
        for id in ["power-cut-at", "sector", "torn-fill"] {
            if given(m, id) {
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
pub fn parse_campaign(m: &clap::ArgMatches, program: Vec<OsString>, split: bool) -> Result<Parsed, String> {
    for id in ["resume", "shard"] {
        if given(m, id) {
            return Err(usage::mount_campaign_resume(format!("--{id}")));
        }
    }
    if !args::paths(m, "FILE").is_empty() {
        return Err(usage::mount_campaign_files());
    }
    let corruption = corruption_of(m)?;
    let seed = args::seed(m)?;
    let count = args::count(m)?;
    let jobs = args::jobs(m)?;
    let text = |id: &str| m.get_one::<String>(id).cloned();
    let timeout_ms = match text("timeout") {
        Some(v) => args::timeout_ms(&v).ok_or_else(|| usage::run_timeout(args::MAX_TIMEOUT_SECONDS, &v))?,
        None => 10_000,
    };
    let crash_exit = match text("crash-exit") {
        Some(v) => args::crash_codes(&v).ok_or_else(|| usage::crash_exit(&v))?,
        None => Vec::new(),
    };
    let crash_pattern = match text("crash-pattern") {
        Some(p) => {
            Some(regex::Regex::new(&p).map_err(|e| usage::crash_pattern(e.to_string().lines().last().unwrap_or("")))?)
        }
        None => None,
    };
    let rules = rules_of(m)?;
    if !split || program.is_empty() {
        return Err(usage::run_needs_program());
    }
    let check = m.get_one::<String>("check").cloned();
    if let Some((power, _)) = power_of(m)? {
        let Some(check) = check else { return Err(usage::power_cut_needs_check()) };
        let max = text("max").map(|v| max_cuts(&v)).transpose()?;
        return Ok(Parsed::PowerLoop(super::powerloop::LoopOptions {
            source: m.get_one::<PathBuf>("mount").cloned().unwrap_or_default(),
            corruption,
            rules,
            power,
            check,
            max,
            keep_trees: m.get_flag("keep-trees"),
            seed,
            jobs,
            timeout_ms,
            out: m.get_one::<PathBuf>("out").cloned().unwrap_or_else(|| PathBuf::from("campaign")),
            classify: crate::campaign::outcome::Rules { crash_exit, pattern: crash_pattern },
            quiet: m.get_flag("quiet"),
            program,
        }));
    }
    for id in ["check", "max", "keep-trees"] {
        if given(m, id) {
            return Err(usage::check_needs_power_cut(format!("--{id}")));
        }
    }
    Ok(Parsed::Campaign(super::campaign::CampaignOptions {
        source: m.get_one::<PathBuf>("mount").cloned().unwrap_or_default(),
        corruption,
        rules,
        seed,
        count,
        jobs,
        timeout_ms,
        out: m.get_one::<PathBuf>("out").cloned().unwrap_or_else(|| PathBuf::from("campaign")),
        crash_exit,
        crash_pattern,
        minimize: !m.get_flag("no-minimize"),
        quiet: m.get_flag("quiet"),
        program,
    }))
}

fn parse_mount(argv: &[OsString]) -> Result<Parsed, String> {
    let split = argv.iter().position(|a| a == "--");
    let (options, command) = match split {
        Some(k) => (&argv[..k], argv[k + 1..].to_vec()),
        None => (argv, Vec::new()),
    };
    let m = match args::matches(&cli_tables::MOUNT, options)? {
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
    let replay = m.get_one::<PathBuf>("replay").cloned();
    if replay.is_some() && (corruption.is_some() || seed.is_some() || !rules.is_empty()) {
        return Err(usage::replay_alone());
    }
    let mut paths = args::paths(&m, "SOURCE").into_iter().chain(args::paths(&m, "MOUNTPOINT"));
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
        log: m.get_one::<PathBuf>("log").cloned(),
        upper: m.get_one::<PathBuf>("upper").cloned(),
        replay,
        power,
        dry_run: m.get_flag("dry-run"),
        quiet: m.get_flag("quiet"),
        command,
    }))
}

fn parse_umount(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match args::matches(&cli_tables::UMOUNT, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let mountpoint = args::paths(&m, "MOUNTPOINT").pop().ok_or_else(usage::umount_needs_mountpoint)?;
    Ok(Parsed::Umount(mountpoint))
}

fn parse_ctl(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match args::matches(&cli_tables::CTL, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let mountpoint = args::paths(&m, "MOUNTPOINT").pop();
    let request = args::paths(&m, "REQUEST").pop().map(|r| r.to_string_lossy().into_owned());
    let plan = args::paths(&m, "PLAN").pop();
    match (mountpoint, request.as_deref(), plan) {
        (Some(mp), Some("faults"), Some(plan)) => Ok(Parsed::Ctl(mp, "faults".into(), Some(plan))),
        (Some(mp), Some("log"), None) => Ok(Parsed::Ctl(mp, "log".into(), None)),
        (Some(mp), Some("power-cut"), None) => Ok(Parsed::Ctl(mp, "power-cut".into(), None)),
        _ => Err(usage::ctl_request()),
    }
}
