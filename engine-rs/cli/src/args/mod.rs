//! Command-line arguments, read by clap. Every command's options, help text and usage errors come
//! from engine-data/cli.toml (`fracture_host::cli_tables`, generated, as cli/cli-tables.ts is), and
//! what is decided about them (ranges, the mode's options, the combinations refused, in which order)
//! is fracture_host::args, which the npm CLI calls too: what stays here is clap, and handing what it
//! read over as a `Given`. clap's own errors are several lines; each is reduced to the one line
//! `fracture: <message> (see fracture --help)` that the npm CLI prints for the same mistake.
//!
//! The parsed options are owned here and handed to the commands, which never reach back: the
//! corrupting command's (`corrupt`), `minimize`, `diagnose` and `bench` (`tools`), `run` and `merge`
//! (`run`). `fracture mount`, `umount`, `ctl` and `run --mount` parse their own options (their fault
//! plans and power models are the mount's types) with the shared steps below.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::parser::ValueSource;
use clap::{Arg, ArgAction, ArgMatches, Command};
use fracture_engine::{Mode, Options};
use fracture_host::args::{self as decide, Given};

use crate::cli_shape::{CliOption, Positional};
use crate::cli_tables::usage;

mod corrupt;
mod run;
mod tools;

pub use corrupt::Args;
pub use run::{MergeOptions, RunOptions};
pub use tools::{BenchOptions, DiagnoseOptions, MinimizeOptions};

pub use fracture_host::args::{crash_codes, integer, timeout_ms, MAX_COUNT, MAX_TIMEOUT_SECONDS, STDIN};

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

/// The largest benchmark input, in bytes.
pub const MAX_BENCH_SIZE: u64 = 2048 << 20;
pub const MAX_RUNS: u64 = 100;

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

/// What clap read from the line, as fracture_host::args takes it: every option given on the line
/// (not a default; a path lossily, as only whether it is given is decided there) and the positionals.
pub(crate) fn given(table: &crate::cli_shape::Command, m: &ArgMatches) -> Given {
    let positional = |id: &str| table.positionals.iter().any(|p| p.name == id);
    let mut g = options_of(m, |id| !positional(id));
    for p in table.positionals {
        g.positionals.extend(paths(m, p.name).iter().map(|f| f.to_string_lossy().into_owned()));
    }
    g
}

/// The options given on the line (those `keep` keeps), with their values; a flag has none.
fn options_of(m: &ArgMatches, keep: impl Fn(&str) -> bool) -> Given {
    let mut g = Given::default();
    for id in m.ids().map(|id| id.as_str()).filter(|id| keep(id)) {
        if m.value_source(id) != Some(ValueSource::CommandLine) {
            continue;
        }
        let values = match m.try_get_one::<bool>(id) {
            Ok(_) => Vec::new(),
            Err(_) => m.get_raw(id).into_iter().flatten().map(|v| v.to_string_lossy().into_owned()).collect(),
        };
        g.options.push((id.to_string(), values));
    }
    g
}

/// The number of cores: `--jobs`' default.
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The steps `fracture mount` and `run --mount` share with the other commands (crate::mount::options),
/// over clap's matches.
pub(crate) fn jobs(m: &ArgMatches) -> Result<usize, String> {
    decide::jobs(&options_of(m, |_| true), cores())
}

pub(crate) fn count(m: &ArgMatches) -> Result<u64, String> {
    decide::count(&options_of(m, |_| true))
}

pub(crate) fn seed(m: &ArgMatches) -> Result<Option<u64>, String> {
    decide::seed(&options_of(m, |_| true))
}

pub(crate) fn corruption(m: &ArgMatches) -> Result<(Mode, u32, Options), String> {
    let c = decide::corruption(&options_of(m, |_| true))?;
    Ok((c.mode, c.intensity, c.options))
}

pub(crate) fn paths(m: &ArgMatches, id: &str) -> Vec<PathBuf> {
    m.get_many::<PathBuf>(id).map(|v| v.cloned().collect()).unwrap_or_default()
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
