//! Command-line arguments, parsed by clap. Every command's options, help text and usage errors come
//! from engine-data/cli.toml (`cli_tables`, generated, as cli/cli-tables.ts is); what stays here is
//! when each check runs. clap's own errors are several lines; each is reduced to the one line
//! `fracture: <message> (see fracture --help)` that the npm CLI prints for the same mistake.
//!
//! The parsed options are owned here and handed to the commands, which never reach back: the
//! corrupting command's (`corrupt`), `minimize`, `diagnose` and `bench` (`tools`), `run` and `merge`
//! (`run`). `fracture mount`, `umount`, `ctl` and `run --mount` parse their own options (their fault
//! plans and power models are the mount's types) with the shared steps below.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, Command};
use fracture_engine::{check_options, check_variant, Mode, Options, MAX_SEED};

use crate::cli_shape::{CliOption, Positional};
use crate::cli_tables::usage;

mod corrupt;
mod run;
mod tools;

pub use corrupt::Args;
pub use run::{MergeOptions, RunOptions};
pub use tools::{BenchOptions, DiagnoseOptions, MinimizeOptions};

/// The FILE that means standard input (and output).
pub const STDIN: &str = "-";
pub const MAX_COUNT: u64 = 1_000_000;

pub enum Parsed {
    Run(Args),
    Minimize(MinimizeOptions),
    Bench(BenchOptions),
    Campaign(RunOptions),
    Merge(MergeOptions),
    Diagnose(DiagnoseOptions),
    /// `fracture run --mount SOURCE ...`: its matches, the program and whether `--` was given, for the
    /// mount to parse (crate::mount::options::parse_campaign).
    RunOnMount(ArgMatches, Vec<OsString>, bool),
    /// A usage error: the line to print (exit 2).
    Refused(String),
    /// `--help` or `--version`: the text to print on stdout.
    Print(String),
}

/// A command of engine-data/cli.toml as clap takes it. clap prints the generated help as it is;
/// each value option takes the next argument whatever it looks like (`--seed -1` is a bad seed, not a
/// missing one), as the npm CLI does. An option the npm CLI alone has is known here only to be refused
/// (`npm_only`).
fn command(name: &'static str, table: &crate::cli_shape::Command) -> Command {
    Command::new(name)
        .override_help(table.help)
        .version(version())
        .disable_version_flag(true)
        .disable_help_flag(true)
        .args_override_self(true)
        .args(table.options.iter().map(option))
        .args(table.positionals.iter().map(positional))
}

fn option(o: &CliOption) -> Arg {
    let arg = Arg::new(o.name).long(o.name);
    let arg = match (o.name, o.value) {
        ("help", _) => arg.action(ArgAction::Help),
        ("version", _) => arg.action(ArgAction::Version),
        (_, "") => arg.action(ArgAction::SetTrue),
        (_, value_name) => arg.value_name(value_name).allow_hyphen_values(true),
    };
    let arg = if let Some(c) = o.short { arg.short(c) } else { arg };
    let arg = if o.repeatable { arg.action(ArgAction::Append) } else { arg };
    if o.path {
        arg.value_parser(clap::value_parser!(PathBuf))
    } else {
        arg
    }
}

fn positional(p: &Positional) -> Arg {
    let arg = Arg::new(p.name).value_name(p.name).value_parser(clap::value_parser!(PathBuf));
    if p.many {
        arg.num_args(0..)
    } else {
        arg
    }
}

fn version() -> &'static str {
    // Built once per run; clap wants a 'static text.
    Box::leak(format!("{} ({})", env!("CARGO_PKG_VERSION"), fracture_engine::ENGINE_VERSION).into_boxed_str())
}

/// Runs clap on a command of engine-data/cli.toml; help and version come back as text to print. An
/// option of the npm CLI's alone is refused once the line is read.
pub(crate) fn matches(
    table: &crate::cli_shape::Command,
    argv: &[OsString],
) -> Result<Result<ArgMatches, String>, String> {
    match command("fracture", table)
        .try_get_matches_from(std::iter::once(OsString::from("fracture")).chain(argv.iter().cloned()))
    {
        Ok(m) => match table.options.iter().find(|o| o.npm_only && m.value_source(o.name).is_some()) {
            Some(o) => Err(usage::npm_only(format!("--{}", o.name))),
            None => Ok(Ok(m)),
        },
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Ok(Err(e.to_string())),
            _ => Err(one_line(&e)),
        },
    }
}

pub const MAX_TIMEOUT_MS: u64 = 86_400_000;
pub const MAX_JOBS: u64 = 1024;
/// The largest benchmark input, in bytes.
pub const MAX_BENCH_SIZE: u64 = 2048 << 20;
pub const MAX_RUNS: u64 = 100;
/// `fracture run --timeout`'s largest value, in seconds.
pub const MAX_TIMEOUT_SECONDS: u64 = 86_400;

/// The arguments, or the line that refuses them (`fracture: MESSAGE (see COMMAND --help)`).
pub fn parse(argv: &[OsString]) -> Parsed {
    // The subcommand is the first argument or nothing (a file called minimize: ./minimize).
    let sub =
        argv.first().and_then(|a| a.to_str()).filter(|a| ["minimize", "bench", "run", "merge", "diagnose"].contains(a));
    let parsed = match sub {
        Some("minimize") => tools::parse_minimize(&argv[1..]),
        Some("bench") => tools::parse_bench(&argv[1..]),
        Some("run") => run::parse_run(&argv[1..]),
        Some("merge") => run::parse_merge(&argv[1..]),
        Some("diagnose") => tools::parse_diagnose(&argv[1..]),
        _ => corrupt::parse_fracture(argv),
    };
    parsed.unwrap_or_else(|msg| Parsed::Refused(usage::refusal(sub, &msg)))
}

/// `--jobs`: 1 to MAX_JOBS, by default the number of cores.
pub(crate) fn jobs(m: &ArgMatches) -> Result<usize, String> {
    match m.get_one::<String>("jobs") {
        Some(v) => Ok(integer(v, MAX_JOBS).filter(|n| *n > 0).ok_or_else(|| usage::jobs(MAX_JOBS, v))? as usize),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

pub(crate) fn count(m: &ArgMatches) -> Result<u64, String> {
    match m.get_one::<String>("count") {
        Some(v) => integer(v, MAX_COUNT).filter(|n| *n > 0).ok_or_else(|| usage::count(MAX_COUNT, v)),
        None => Ok(1),
    }
}

pub(crate) fn seed(m: &ArgMatches) -> Result<Option<u64>, String> {
    match m.get_one::<String>("seed") {
        Some(v) => integer(v, MAX_SEED).map(Some).ok_or_else(|| usage::seed(MAX_SEED, v)),
        None => Ok(None),
    }
}

pub(crate) fn intensity(m: &ArgMatches) -> Result<u32, String> {
    match m.get_one::<String>("intensity") {
        Some(v) => Ok(integer(v, 100).ok_or_else(|| usage::intensity(v))? as u32),
        None => Ok(80),
    }
}

/// The corruption options, checked in this order: the mode, the intensity, then --member, --only,
/// --protect, --fix-checksums, --direction, --charset, --bom and --block-size against the mode (the
/// npm CLI's `corruption` checks the same).
pub(crate) fn corruption(m: &ArgMatches) -> Result<(Mode, u32, Options), String> {
    let mode = match m.get_one::<String>("mode") {
        Some(v) => fracture_host::mode_from_name(v).map_err(|_| usage::mode(v))?,
        None => Mode::ByteFlip,
    };
    let intensity = intensity(m)?;
    let list = |id: &str| m.get_many::<String>(id).map(|v| v.cloned().collect()).unwrap_or_default();
    let mut options = Options { fix_checksums: m.get_flag("fix-checksums"), ..Options::default() };
    (options.ranges.only, options.ranges.protect) = (list("only"), list("protect"));
    // Only the corrupting command has --member.
    options.member = m.try_get_one::<String>("member").ok().flatten().cloned();
    if options.member.as_deref() == Some("") {
        return Err(usage::member());
    }
    // The conversion modes' and misdirected_write's options (only the corrupting command has them).
    let text = |id: &str| m.try_get_one::<String>(id).ok().flatten().cloned();
    (options.direction, options.charset, options.bom) = (text("direction"), text("charset"), text("bom"));
    options.block_size = text("block-size");
    // The mode takes the options given, and every range and value reads (docs/contract.md, section 2,
    // checks 5 to 8f).
    check_options(mode, &options).map_err(|e| e.to_string())?;
    check_variant(mode, &options).map_err(|e| e.to_string())?;
    Ok((mode, intensity, options))
}

pub(crate) fn paths(m: &ArgMatches, id: &str) -> Vec<PathBuf> {
    m.get_many::<PathBuf>(id).map(|v| v.cloned().collect()).unwrap_or_default()
}

/// Decimal digits only (no sign, no spaces), at most `max`.
pub(crate) fn integer(v: &str, max: u64) -> Option<u64> {
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse::<u64>().ok().filter(|n| *n <= max)
}

/// clap's error as the one line both CLIs print.
fn one_line(e: &clap::Error) -> String {
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        _ => String::new(),
    };
    // "--out <DIR>" -> "--out"
    let option = || context(ContextKind::InvalidArg).split([' ', '=']).next().unwrap_or_default().to_string();
    match e.kind() {
        ErrorKind::UnknownArgument if !option().starts_with('-') => usage::unexpected_argument(option()),
        ErrorKind::UnknownArgument => usage::unknown_option(option()),
        ErrorKind::InvalidValue if context(ContextKind::InvalidValue).is_empty() => usage::needs_value(option()),
        ErrorKind::TooManyValues | ErrorKind::NoEquals => usage::takes_no_value(option()),
        _ => {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        }
    }
}

/// A seed below 2147483647, as the UI draws them, from the OS's randomness (std's hasher keys).
pub fn random_seed() -> u64 {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut h = RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0));
    h.finish() % 2_147_483_647
}

/// `--timeout` in seconds, up to 3 decimals: milliseconds.
pub(crate) fn timeout_ms(v: &str) -> Option<u64> {
    let (whole, frac) = v.split_once('.').unwrap_or((v, ""));
    if v.ends_with('.') || frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let ms = integer(whole, MAX_TIMEOUT_SECONDS)? * 1000
        + if frac.is_empty() { 0 } else { format!("{frac:0<3}").parse::<u64>().ok()? };
    (ms > 0 && ms <= MAX_TIMEOUT_SECONDS * 1000).then_some(ms)
}

/// `--crash-exit`: sorted distinct codes from `134,139,200-210`.
pub(crate) fn crash_codes(v: &str) -> Option<Vec<i32>> {
    let mut codes = Vec::new();
    for item in v.split(',') {
        let (a, b) = item.split_once('-').unwrap_or((item, item));
        let (a, b) = (integer(a, 255)?, integer(b, 255)?);
        if a == 0 || a > b {
            return None;
        }
        codes.extend((a..=b).map(|c| c as i32));
    }
    codes.sort_unstable();
    codes.dedup();
    Some(codes)
}
