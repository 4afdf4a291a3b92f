//! Command-line arguments, parsed by clap. Every command's options, help text and usage errors come
//! from engine-data/cli.toml (`cli_tables`, generated, as cli/cli-tables.ts is); what stays here is
//! when each check runs. clap's own errors are several lines; each is reduced to the one line
//! `fracture: <message> (see fracture --help)` that the npm CLI prints for the same mistake.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, Command};
use fracture_engine::{check_options, check_variant, Mode, Options, MAX_SEED};

use crate::cli_shape::{CliOption, Positional};
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

/// The FILE that means standard input (and output).
pub const STDIN: &str = "-";
pub const MAX_COUNT: u64 = 1_000_000;

impl Args {
    pub fn mode_name(&self) -> &str {
        &self.mode
    }
}

pub enum Parsed {
    Run(Args),
    Minimize(crate::minimize::Options),
    Bench(crate::bench::Options),
    Campaign(crate::campaign::Options),
    Merge(crate::campaign::MergeOptions),
    Diagnose(crate::diagnose::Options),
    Mount(crate::mount::Options),
    Umount(PathBuf),
    /// `fracture ctl MOUNTPOINT REQUEST [PLAN]`.
    Ctl(PathBuf, String, Option<PathBuf>),
    MountCampaign(crate::mount::campaign::CampaignOptions),
    PowerLoop(crate::mount::powerloop::LoopOptions),
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
    let sub = argv
        .first()
        .and_then(|a| a.to_str())
        .filter(|a| ["minimize", "bench", "run", "merge", "diagnose", "mount", "umount", "ctl"].contains(a));
    let parsed = match sub {
        Some("minimize") => parse_minimize(&argv[1..]),
        Some("bench") => parse_bench(&argv[1..]),
        Some("run") => parse_run(&argv[1..]),
        Some("merge") => parse_merge(&argv[1..]),
        Some("diagnose") => parse_diagnose(&argv[1..]),
        Some("mount") => crate::mount::options::parse_mount(&argv[1..]),
        Some("umount") => crate::mount::options::parse_umount(&argv[1..]),
        Some("ctl") => crate::mount::options::parse_ctl(&argv[1..]),
        _ => parse_fracture(argv),
    };
    parsed.unwrap_or_else(|msg| Parsed::Refused(refusal(sub, &msg)))
}

/// A usage error's line, pointing at the help of the command that refused it (`None`: the corrupting
/// command).
pub fn refusal(sub: Option<&str>, msg: &str) -> String {
    usage::line(msg, sub.map_or("fracture".to_string(), |s| format!("fracture {s}")))
}

fn parse_minimize(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match matches(&cli_tables::MINIMIZE, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let text = |id: &str| m.get_one::<String>(id).cloned();
    let timeout_ms = match text("timeout") {
        Some(v) => {
            integer(&v, MAX_TIMEOUT_MS).filter(|n| *n > 0).ok_or_else(|| usage::minimize_timeout(MAX_TIMEOUT_MS, &v))?
        }
        None => 10_000,
    };
    let jobs = jobs(&m)?;
    let Some(test) = text("test") else {
        return Err(usage::minimize_needs_test());
    };
    let (original, corrupted) = match (paths(&m, "ORIGINAL").pop(), paths(&m, "CORRUPTED").pop()) {
        (Some(o), Some(c)) => (o, c),
        _ => return Err(usage::minimize_needs_files()),
    };
    Ok(Parsed::Minimize(crate::minimize::Options {
        test,
        original,
        corrupted,
        out: m.get_one::<PathBuf>("out").cloned(),
        timeout_ms,
        jobs,
        quiet: m.get_flag("quiet"),
    }))
}

fn parse_diagnose(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match matches(&cli_tables::DIAGNOSE, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let Some(file) = paths(&m, "FILE").pop() else { return Err(usage::diagnose_needs_file()) };
    Ok(Parsed::Diagnose(crate::diagnose::Options {
        file,
        original: m.get_one::<PathBuf>("original").cloned(),
        repair: m.get_one::<PathBuf>("repair").cloned(),
        json: m.get_flag("json"),
    }))
}

/// `--jobs`: 1 to MAX_JOBS, by default the number of cores.
pub(crate) fn jobs(m: &ArgMatches) -> Result<usize, String> {
    match m.get_one::<String>("jobs") {
        Some(v) => Ok(integer(v, MAX_JOBS).filter(|n| *n > 0).ok_or_else(|| usage::jobs(MAX_JOBS, v))? as usize),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// A size: MiB, or KiB with a K suffix.
fn bench_size(v: &str) -> Option<usize> {
    let (digits, unit) = match v.strip_suffix(['K', 'k']) {
        Some(d) => (d, 1u64 << 10),
        None => (v, 1u64 << 20),
    };
    integer(digits, MAX_BENCH_SIZE / unit).map(|n| (n * unit) as usize).filter(|n| *n > 0)
}

fn parse_bench(argv: &[OsString]) -> Result<Parsed, String> {
    use fracture_engine::bench::Input;
    let m = match matches(&cli_tables::BENCH, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let text = |id: &str| m.get_one::<String>(id).cloned();
    let items = |v: String| v.split(',').map(str::to_string).collect::<Vec<_>>();
    let sizes = match text("sizes") {
        Some(v) => items(v.clone())
            .iter()
            .map(|s| bench_size(s))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| usage::sizes(&v))?,
        None => vec![16 << 20],
    };
    let modes = match text("modes") {
        Some(v) => items(v)
            .iter()
            .map(|s| fracture_host::mode_from_name(s).map_err(|_| usage::mode(s)))
            .collect::<Result<_, _>>()?,
        None => Mode::ALL.to_vec(),
    };
    let inputs: Vec<Input> = match text("inputs") {
        Some(v) => {
            items(v).iter().map(|s| Input::parse(s).map_err(|_| usage::bench_input(s))).collect::<Result<_, _>>()?
        }
        None => Input::ALL.to_vec(),
    };
    for input in &inputs {
        for size in &sizes {
            fracture_engine::bench::check_size(*input, *size)?;
        }
    }
    let intensity = intensity(&m)?;
    let runs = match text("runs") {
        Some(v) => integer(&v, MAX_RUNS).filter(|n| *n > 0).ok_or_else(|| usage::runs(MAX_RUNS, &v))? as usize,
        None => 5,
    };
    let seed = seed(&m)?.unwrap_or(1);
    let max_slowdown = match text("max-slowdown") {
        Some(v) => {
            v.parse::<f64>().ok().filter(|r| r.is_finite() && *r >= 1.0).ok_or_else(|| usage::max_slowdown(&v))?
        }
        None => 1.25,
    };
    Ok(Parsed::Bench(crate::bench::Options {
        sizes,
        modes,
        inputs,
        intensity,
        runs,
        seed,
        json: m.get_flag("json"),
        compare: m.get_one::<PathBuf>("compare").cloned(),
        max_slowdown,
    }))
}

fn parse_fracture(argv: &[OsString]) -> Result<Parsed, String> {
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

fn intensity(m: &ArgMatches) -> Result<u32, String> {
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

fn parse_run(argv: &[OsString]) -> Result<Parsed, String> {
    let split = argv.iter().position(|a| a == "--");
    let (options, program) = match split {
        Some(k) => (&argv[..k], argv[k + 1..].to_vec()),
        None => (argv, Vec::new()),
    };
    let m = match matches(&cli_tables::RUN, options)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let text = |id: &str| m.get_one::<String>(id).cloned();
    #[cfg(target_os = "linux")]
    if m.get_one::<PathBuf>("mount").is_some() {
        return crate::mount::options::parse_campaign(&m, program, split.is_some());
    }
    for id in ["files", "fault", "faults", "power-cut", "check", "max", "keep-trees", "sector", "torn-fill"] {
        if m.value_source(id) == Some(clap::parser::ValueSource::CommandLine) {
            return Err(usage::mount_only(format!("--{id}")));
        }
    }
    let (mode, intensity, engine) = corruption(&m)?;
    let seed = seed(&m)?;
    let count = count(&m)?;
    let jobs = jobs(&m)?;
    let timeout_ms = match text("timeout") {
        Some(v) => timeout_ms(&v).ok_or_else(|| usage::run_timeout(MAX_TIMEOUT_SECONDS, &v))?,
        None => 10_000,
    };
    let shard = match text("shard") {
        Some(v) => {
            let parsed = v.split_once('/').and_then(|(k, m)| Some((integer(k, MAX_COUNT)?, integer(m, MAX_COUNT)?)));
            Some(parsed.filter(|&(k, m)| k >= 1 && k <= m).ok_or_else(|| usage::shard(MAX_COUNT, &v))?)
        }
        None => None,
    };
    let crash_exit = match text("crash-exit") {
        Some(v) => crash_codes(&v).ok_or_else(|| usage::crash_exit(&v))?,
        None => Vec::new(),
    };
    let files = paths(&m, "FILE");
    if files.iter().any(|f| f.as_os_str() == STDIN) {
        return Err(usage::stdin_in_campaign());
    }
    if files.is_empty() {
        return Err(usage::no_input_files());
    }
    if split.is_none() || program.is_empty() {
        return Err(usage::run_needs_program());
    }
    Ok(Parsed::Campaign(crate::campaign::Options {
        mode: mode.name().to_string(),
        intensity,
        engine,
        seed,
        count,
        jobs,
        timeout_ms,
        out: m.get_one::<PathBuf>("out").cloned().unwrap_or_else(|| PathBuf::from("campaign")),
        shard,
        crash_exit,
        crash_pattern: text("crash-pattern"),
        resume: m.get_flag("resume"),
        minimize: !m.get_flag("no-minimize"),
        baseline: !m.get_flag("no-baseline"),
        quiet: m.get_flag("quiet"),
        files,
        program,
    }))
}

fn parse_merge(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match matches(&cli_tables::MERGE, argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let dirs = paths(&m, "DIR");
    if dirs.is_empty() {
        return Err(usage::merge_needs_dirs());
    }
    let Some(out) = m.get_one::<PathBuf>("out").cloned() else {
        return Err(usage::merge_needs_out());
    };
    Ok(Parsed::Merge(crate::campaign::MergeOptions { dirs, out, quiet: m.get_flag("quiet") }))
}

#[cfg(test)]
mod campaign_tests {
    use super::*;

    #[test]
    fn timeouts_and_codes() {
        assert_eq!(
            [timeout_ms("10"), timeout_ms("0.5"), timeout_ms("2.25"), timeout_ms("0.001")],
            [Some(10000), Some(500), Some(2250), Some(1)]
        );
        for bad in ["0", "0.0", "1.", ".5", "1.2345", "-1", "86400.001", "1e3", ""] {
            assert_eq!(timeout_ms(bad), None, "{bad}");
        }
        assert_eq!(crash_codes("139,134,200-202,134"), Some(vec![134, 139, 200, 201, 202]));
        for bad in ["0", "256", "5-3", "", "1,,2", "a"] {
            assert_eq!(crash_codes(bad), None, "{bad}");
        }
    }
}
