//! Command-line arguments, parsed by clap. The corrupting command's and `minimize`'s options and help
//! texts come from engine-data/cli.toml (`cli_tables`, generated, as cli/cli-tables.ts is). clap's
//! own errors are several lines; each is reduced to the one line `fracture: <message> (see fracture
//! --help)` that the npm CLI prints for the same mistake.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Arg, ArgAction, ArgMatches, Command};
use fracture_engine::{check_options, Mode, Options, MAX_SEED};

use crate::cli_tables::{
    CliOption, FRACTURE_ABOUT, FRACTURE_AFTER, FRACTURE_FILE, FRACTURE_OPTIONS, MINIMIZE_ABOUT, MINIMIZE_AFTER,
    MINIMIZE_CORRUPTED, MINIMIZE_OPTIONS, MINIMIZE_ORIGINAL,
};

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
    /// A usage error of a subcommand: the line to print (exit 2).
    Refused(String),
    /// `--help` or `--version`: the text to print on stdout.
    Print(String),
}

/// A value option: takes the next argument whatever it looks like (`--seed -1` is a bad seed, not a
/// missing one), as the npm CLI does.
fn value(name: &'static str, value_name: &'static str, help: &'static str) -> Arg {
    Arg::new(name).long(name).value_name(value_name).allow_hyphen_values(true).help(help)
}

/// A value option naming a file: any bytes the system allows.
fn path(arg: Arg) -> Arg {
    arg.value_parser(clap::value_parser!(PathBuf))
}

fn flag(name: &'static str, help: &'static str) -> Arg {
    Arg::new(name).long(name).action(ArgAction::SetTrue).help(help)
}

fn files(name: &'static str, help: &'static str) -> Arg {
    let arg = Arg::new(name).value_name(name).help(help).value_parser(clap::value_parser!(PathBuf));
    if name == "FILE" {
        arg.num_args(0..)
    } else {
        arg
    }
}

fn command() -> Command {
    Command::new("fracture")
        .about(FRACTURE_ABOUT)
        .after_help(FRACTURE_AFTER)
        .version(version())
        .disable_version_flag(true)
        .disable_help_flag(true)
        .args_override_self(true)
        // The same width on every terminal, so the text is the same everywhere.
        .term_width(100)
        .args(FRACTURE_OPTIONS.iter().map(option))
        .arg(files("FILE", FRACTURE_FILE))
}

/// An option of engine-data/cli.toml as clap takes it. One the npm CLI alone has (`--engine`) is
/// known here only to say why it does not apply, and left out of the help.
fn option(o: &CliOption) -> Arg {
    let arg = match (o.name, o.value) {
        ("help", _) => Arg::new("help").long("help").action(ArgAction::Help).help(o.help),
        ("version", _) => Arg::new("version").long("version").action(ArgAction::Version).help(o.help),
        (name, "") => flag(name, o.help),
        (name, value_name) => value(name, value_name, o.help),
    };
    let arg = if let Some(c) = o.short { arg.short(c) } else { arg };
    let arg = if o.repeatable { arg.action(ArgAction::Append) } else { arg };
    let arg = if o.path { path(arg) } else { arg };
    if o.npm_only {
        arg.hide(true)
    } else {
        arg
    }
}

fn version() -> &'static str {
    // Built once per run; clap wants a 'static text.
    Box::leak(format!("{} ({})", env!("CARGO_PKG_VERSION"), fracture_engine::ENGINE_VERSION).into_boxed_str())
}

fn minimize_command() -> Command {
    Command::new("minimize")
        .bin_name("fracture minimize")
        .about(MINIMIZE_ABOUT)
        .after_help(MINIMIZE_AFTER)
        .disable_help_flag(true)
        .args_override_self(true)
        .term_width(100)
        .args(MINIMIZE_OPTIONS.iter().map(option))
        .arg(files("ORIGINAL", MINIMIZE_ORIGINAL))
        .arg(files("CORRUPTED", MINIMIZE_CORRUPTED))
}

/// Runs clap; help and version come back as text to print.
fn matches(command: Command, name: &str, argv: &[OsString]) -> Result<Result<ArgMatches, String>, String> {
    match command.try_get_matches_from(std::iter::once(OsString::from(name)).chain(argv.iter().cloned())) {
        Ok(m) => Ok(Ok(m)),
        Err(e) => match e.kind() {
            ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => Ok(Err(e.to_string())),
            _ => Err(one_line(&e)),
        },
    }
}

pub const MAX_TIMEOUT_MS: u64 = 86_400_000;
pub const MAX_JOBS: u64 = 1024;

fn parse_minimize(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match matches(minimize_command(), "fracture minimize", argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let text = |id: &str| m.get_one::<String>(id).cloned();
    let timeout_ms = match text("timeout") {
        Some(v) => integer(&v, MAX_TIMEOUT_MS)
            .filter(|n| *n > 0)
            .ok_or(format!("Timeout must be an integer from 1 to {MAX_TIMEOUT_MS} (milliseconds), got {v}"))?,
        None => 10_000,
    };
    let jobs = match text("jobs") {
        Some(v) => integer(&v, MAX_JOBS)
            .filter(|n| *n > 0)
            .ok_or(format!("Jobs must be an integer from 1 to {MAX_JOBS}, got {v}"))? as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let Some(test) = text("test") else {
        return Err("minimize needs --test CMD".into());
    };
    let (original, corrupted) = match (paths(&m, "ORIGINAL").pop(), paths(&m, "CORRUPTED").pop()) {
        (Some(o), Some(c)) => (o, c),
        _ => return Err("minimize needs ORIGINAL and CORRUPTED".into()),
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

const BENCH_ABOUT: &str = "\
Times the native engine on each mode with inputs made from the seed (random bytes and a PNG), the \
same suite and JSON as the /benchmark page and the npm CLI's fracture bench (docs/benchmark.md). \
Timed: one engine call on bytes in memory, its output included; not timed: making the input.";
const BENCH_AFTER: &str = "\
Exit status: 0 done, 1 a row is slower than OLD by more than --max-slowdown (or the engine failed), \
2 usage error.";

/// The largest benchmark input, in bytes.
pub const MAX_BENCH_SIZE: u64 = 2048 << 20;
pub const MAX_RUNS: u64 = 100;

fn bench_command() -> Command {
    Command::new("bench")
        .bin_name("fracture bench")
        .about(BENCH_ABOUT)
        .after_help(BENCH_AFTER)
        .disable_help_flag(true)
        .args_override_self(true)
        .term_width(100)
        .arg(value("sizes", "LIST", "input sizes in MiB, comma-separated; 64K is KiB (default 16, at most 2048 MiB)"))
        .arg(value("modes", "LIST", "modes, comma-separated (default all eight)"))
        .arg(value("inputs", "LIST", "random, png or both, comma-separated (default random,png)"))
        .arg(value("intensity", "N", "0-100 (default 80)"))
        .arg(value("runs", "N", "timed runs per row, 1-100 (default 5); the table shows their median and range"))
        .arg(value("seed", "S", "makes the inputs and seeds the engine (default 1)"))
        .arg(flag("json", "print the result as one JSON object (docs/benchmark.md) instead of the table"))
        .arg(path(value("compare", "OLD", "a JSON result to compare with: the ratio new / old per row")))
        .arg(value("max-slowdown", "R", "with --compare, exit 1 when a row's ratio is above R (default 1.25)"))
        .arg(Arg::new("help").short('h').long("help").action(ArgAction::Help).help("print this help"))
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
    let m = match matches(bench_command(), "fracture bench", argv)? {
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
            .ok_or(format!("Sizes must be MiB from 1 to 2048 (or KiB as 64K), comma-separated, got {v}"))?,
        None => vec![16 << 20],
    };
    let modes = match text("modes") {
        Some(v) => items(v)
            .iter()
            .map(|s| fracture_host::mode_from_name(s).map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?,
        None => Mode::ALL.to_vec(),
    };
    let inputs: Vec<Input> = match text("inputs") {
        Some(v) => items(v).iter().map(|s| Input::parse(s)).collect::<Result<_, _>>()?,
        None => Input::ALL.to_vec(),
    };
    for input in &inputs {
        if let Some(size) = sizes.iter().find(|s| **s < input.min_size()) {
            return Err(format!("A {} input needs at least {} bytes, not {size}", input.name(), input.min_size()));
        }
    }
    let intensity = match text("intensity") {
        Some(v) => integer(&v, 100).ok_or(format!("Intensity must be an integer from 0 to 100, got {v}"))? as u32,
        None => 80,
    };
    let runs = match text("runs") {
        Some(v) => integer(&v, MAX_RUNS)
            .filter(|n| *n > 0)
            .ok_or(format!("Runs must be an integer from 1 to {MAX_RUNS}, got {v}"))? as usize,
        None => 5,
    };
    let seed = match text("seed") {
        Some(v) => integer(&v, MAX_SEED).ok_or(format!("Seed must be an integer from 0 to {MAX_SEED}, got {v}"))?,
        None => 1,
    };
    let max_slowdown = match text("max-slowdown") {
        Some(v) => v
            .parse::<f64>()
            .ok()
            .filter(|r| r.is_finite() && *r >= 1.0)
            .ok_or(format!("Max slowdown must be a number of at least 1, got {v}"))?,
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

pub fn parse(argv: &[OsString]) -> Result<Parsed, String> {
    // The subcommand is the first argument or nothing (a file called minimize: ./minimize).
    if argv.first().is_some_and(|a| a == "minimize") {
        return parse_minimize(&argv[1..]);
    }
    if argv.first().is_some_and(|a| a == "bench") {
        return parse_bench(&argv[1..]);
    }
    for (name, parse) in [("run", parse_run as fn(&[OsString]) -> Result<Parsed, String>), ("merge", parse_merge)] {
        if argv.first().is_some_and(|a| a == name) {
            return Ok(parse(&argv[1..])
                .unwrap_or_else(|msg| Parsed::Refused(format!("fracture: {msg} (see fracture {name} --help)"))));
        }
    }
    let m = match matches(command(), "fracture", argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    if m.contains_id("engine") && m.get_one::<String>("engine").is_some() {
        return Err("--engine is an option of the npm CLI (npx fracture); this is the native engine".into());
    }
    let text = |id: &str| m.get_one::<String>(id).cloned();
    let (mode, intensity) = mode_intensity(&m)?;
    let seed = seed(&m)?.unwrap_or_else(random_seed);
    let count = count(&m)?;
    let options = ranges(&m, mode)?;
    let files = paths(&m, "FILE");
    let zip = m.get_one::<PathBuf>("zip").cloned();
    let name = text("name");
    if let Some(name) = &name {
        check_name(name)?;
    }
    check_combination(&files, count, zip.is_some(), name.is_some())?;
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

fn count(m: &ArgMatches) -> Result<u64, String> {
    match m.get_one::<String>("count") {
        Some(v) => integer(v, MAX_COUNT)
            .filter(|n| *n > 0)
            .ok_or(format!("Count must be an integer from 1 to {MAX_COUNT}, got {v}")),
        None => Ok(1),
    }
}

fn seed(m: &ArgMatches) -> Result<Option<u64>, String> {
    match m.get_one::<String>("seed") {
        Some(v) => {
            integer(v, MAX_SEED).map(Some).ok_or(format!("Seed must be an integer from 0 to {MAX_SEED}, got {v}"))
        }
        None => Ok(None),
    }
}

/// The corruption options' mode and intensity.
fn mode_intensity(m: &ArgMatches) -> Result<(Mode, u32), String> {
    let text = |id: &str| m.get_one::<String>(id).cloned();
    let mode = match text("mode") {
        Some(v) => fracture_host::mode_from_name(&v).map_err(|e| e.to_string())?,
        None => Mode::ByteFlip,
    };
    let intensity = match text("intensity") {
        Some(v) => integer(&v, 100).ok_or(format!("Intensity must be an integer from 0 to 100, got {v}"))? as u32,
        None => 80,
    };
    Ok((mode, intensity))
}

/// The ranges and checksum fixing, checked against the mode.
fn ranges(m: &ArgMatches, mode: Mode) -> Result<Options, String> {
    let list = |id: &str| m.get_many::<String>(id).map(|v| v.cloned().collect()).unwrap_or_default();
    let mut options = Options { fix_checksums: m.get_flag("fix-checksums"), ..Options::default() };
    (options.ranges.only, options.ranges.protect) = (list("only"), list("protect"));
    options.member = m.get_one::<String>("member").cloned();
    if options.member.as_deref() == Some("") {
        return Err("--member needs a glob, such as word/document.xml or '**/*.xml'".into());
    }
    // The mode takes the options given, and every range reads (docs/contract.md, section 2, checks 5-8).
    check_options(mode, &options).map_err(|e| e.to_string())?;
    Ok(options)
}

/// `--name` is a base name: not empty, `.` or `..`, without `/`, `\\`, NUL or a control character.
fn check_name(name: &str) -> Result<(), String> {
    let bad = |c: char| matches!(c, '/' | '\\') || (c as u32) < 0x20 || c == '\u{7F}';
    if name.is_empty() || name == "." || name == ".." || name.chars().any(bad) {
        return Err(format!(
            "--name must be a file name, not a path or a name with control characters: {}",
            crate::display::bytes(name.as_bytes())
        ));
    }
    Ok(())
}

/// The combinations that cannot work, each refused with its reason (the npm CLI checks the same, in
/// the same order).
fn check_combination(files: &[PathBuf], count: u64, zip: bool, name: bool) -> Result<(), String> {
    let stdin = files.iter().filter(|f| f.as_os_str() == STDIN).count();
    if files.is_empty() {
        return Err("no input files".into());
    }
    if stdin > 1 {
        return Err("- (standard input) can be given only once".into());
    }
    if stdin == 1 && zip {
        return Err("--zip cannot be used with - (the corrupted bytes go to standard output)".into());
    }
    if stdin == 1 && count > 1 {
        return Err("--count above 1 cannot be used with - (standard output holds one file)".into());
    }
    if stdin == 0 && name {
        return Err("--name names standard input: it needs - among the FILEs".into());
    }
    Ok(())
}

fn paths(m: &ArgMatches, id: &str) -> Vec<PathBuf> {
    m.get_many::<PathBuf>(id).map(|v| v.cloned().collect()).unwrap_or_default()
}

/// Decimal digits only (no sign, no spaces), at most `max`.
fn integer(v: &str, max: u64) -> Option<u64> {
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
        ErrorKind::UnknownArgument if !option().starts_with('-') => format!("unexpected argument {}", option()),
        ErrorKind::UnknownArgument => format!("unknown option {}", option()),
        ErrorKind::InvalidValue if context(ContextKind::InvalidValue).is_empty() => {
            format!("option {} needs a value", option())
        }
        ErrorKind::TooManyValues | ErrorKind::NoEquals => {
            format!("option {} takes no value", option())
        }
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

const RUN_ABOUT: &str = "\
Feeds each variant of FILEs to PROGRAM and records what happened: accepted (exit 0), rejected (another \
exit), crashed (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP or SIGSYS; an exit code in \
--crash-exit; a sanitizer report, a Rust panic or --crash-pattern on standard error) or hung (still \
running at --timeout: its process group is killed). Variant j of file i uses seed S + i * N + j, the \
bytes `fracture --seed S --count N` writes for it.";
const RUN_AFTER: &str = "\
PROGRAM runs directly (no shell) with your rights, in its own process group. {} in ARGS becomes the \
variant's path (a file named like the input, in a private temporary directory); without {} the variant \
is PROGRAM's standard input. DIR gets runs.jsonl (a line per run), campaign.json, summary.md and \
crashes/ID/ with each unique crash's first variant, its minimised file and its output. Ctrl-C stops \
cleanly; --resume continues. Specification: docs/campaigns.md.

Exit status: 0 nothing crashed or hung, 1 something did (or the campaign could not go on), 2 usage error.";
const MERGE_ABOUT: &str = "Merges the directories of a campaign's shards into one campaign, as one run over all \
of them would have made it.";
const MERGE_AFTER: &str = "Exit status: 0 nothing crashed or hung, 1 something did, 2 usage error.";

fn run_command() -> Command {
    let c = Command::new("run")
        .bin_name("fracture run")
        .about(RUN_ABOUT)
        .after_help(RUN_AFTER)
        .override_usage("fracture run [OPTIONS] FILE... -- PROGRAM [ARGS...]")
        .disable_help_flag(true)
        .args_override_self(true)
        .term_width(100);
    let base = command();
    let mut args: Vec<Arg> = ["mode", "intensity", "only", "protect", "fix-checksums"]
        .iter()
        .filter_map(|id| base.get_arguments().find(|a| a.get_id() == *id).cloned())
        .collect();
    args.extend([
        value("seed", "S", "0-9007199254740991 (default random, always printed; with --resume the recorded one)"),
        value("count", "N", "variants of every FILE (default 1); variant j of file i uses S + i * N + j"),
        value("jobs", "J", "runs at once (default: the number of cores)"),
        value("timeout", "SECONDS", "a run still going after this is hung (default 10; up to 3 decimals)"),
        path(value("out", "DIR", "the campaign directory (default ./campaign)")),
        value("shard", "K/M", "run only the K-th of M disjoint slices of the runs (1-based)"),
        value("crash-exit", "CODES", "exit codes that are crashes: 1-255, commas and ranges (134,139,200-210)"),
        value("crash-pattern", "REGEX", "a line of standard error matching REGEX is a crash"),
        flag("resume", "continue the campaign in DIR, skipping the runs it recorded"),
        flag("no-minimize", "do not minimise the unique crashes"),
        flag("quiet", "no progress line and no closing line"),
        Arg::new("help").short('h').long("help").action(ArgAction::Help).help("print this help"),
        files("FILE", "the files whose variants PROGRAM gets"),
    ]);
    // In this order in the help, the corrupting options first (they keep their place in `fracture --help`).
    c.args(args.into_iter().enumerate().map(|(k, a)| a.display_order(k)))
}

fn merge_command() -> Command {
    Command::new("merge")
        .bin_name("fracture merge")
        .about(MERGE_ABOUT)
        .after_help(MERGE_AFTER)
        .disable_help_flag(true)
        .args_override_self(true)
        .term_width(100)
        .arg(path(value("out", "DIR", "the merged campaign's directory (absent or empty)")))
        .arg(flag("quiet", "no closing line"))
        .arg(Arg::new("help").short('h').long("help").action(ArgAction::Help).help("print this help"))
        .arg(
            Arg::new("DIR")
                .value_name("DIR")
                .num_args(0..)
                .value_parser(clap::value_parser!(PathBuf))
                .help("the shards' campaign directories"),
        )
}

/// `--timeout` in seconds, up to 3 decimals: milliseconds.
fn timeout_ms(v: &str) -> Option<u64> {
    let (whole, frac) = v.split_once('.').unwrap_or((v, ""));
    if v.ends_with('.') || frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let ms =
        integer(whole, 86_400)? * 1000 + if frac.is_empty() { 0 } else { format!("{frac:0<3}").parse::<u64>().ok()? };
    (ms > 0 && ms <= 86_400_000).then_some(ms)
}

/// `--crash-exit`: sorted distinct codes from `134,139,200-210`.
fn crash_codes(v: &str) -> Option<Vec<i32>> {
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
    let m = match matches(run_command(), "fracture run", options)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let text = |id: &str| m.get_one::<String>(id).cloned();
    let (mode, intensity) = mode_intensity(&m)?;
    let seed = seed(&m)?;
    let count = count(&m)?;
    let engine = ranges(&m, mode)?;
    let jobs = match text("jobs") {
        Some(v) => integer(&v, MAX_JOBS)
            .filter(|n| *n > 0)
            .ok_or(format!("Jobs must be an integer from 1 to {MAX_JOBS}, got {v}"))? as usize,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let timeout_ms = match text("timeout") {
        Some(v) => timeout_ms(&v).ok_or(format!(
            "Timeout must be a number of seconds above 0 and at most 86400, with up to 3 decimals, got {v}"
        ))?,
        None => 10_000,
    };
    let shard = match text("shard") {
        Some(v) => {
            let parsed = v.split_once('/').and_then(|(k, m)| Some((integer(k, 1_000_000)?, integer(m, 1_000_000)?)));
            Some(
                parsed
                    .filter(|&(k, m)| k >= 1 && k <= m)
                    .ok_or(format!("Shard must be K/M with 1 <= K <= M <= 1000000, got {v}"))?,
            )
        }
        None => None,
    };
    let crash_exit = match text("crash-exit") {
        Some(v) => crash_codes(&v)
            .ok_or(format!("--crash-exit must be codes 1-255 and ranges A-B, comma-separated, got {v}"))?,
        None => Vec::new(),
    };
    let files = paths(&m, "FILE");
    if files.is_empty() {
        return Err("no input files".into());
    }
    if files.iter().any(|f| f.as_os_str() == STDIN) {
        return Err("- (standard input) cannot be a campaign input".into());
    }
    if split.is_none() || program.is_empty() {
        return Err("run needs -- PROGRAM [ARGS...] after the FILEs".into());
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
        quiet: m.get_flag("quiet"),
        files,
        program,
    }))
}

fn parse_merge(argv: &[OsString]) -> Result<Parsed, String> {
    let m = match matches(merge_command(), "fracture merge", argv)? {
        Ok(m) => m,
        Err(text) => return Ok(Parsed::Print(text)),
    };
    let dirs = paths(&m, "DIR");
    if dirs.is_empty() {
        return Err("merge needs at least one DIR".into());
    }
    let Some(out) = m.get_one::<PathBuf>("out").cloned() else {
        return Err("merge needs --out DIR".into());
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
