//! What the command lines decide about their arguments, written once (issue 40): how a line is read
//! (`tokens`: the options, their values and the positionals, by engine-data/cli.toml's tables), the
//! numbers and their ranges, the corruption options checked against the mode, the combinations each
//! command refuses, and in which order. The native CLI hands over its arguments' bytes, the npm CLI
//! the same through engine-rs/outputs-wasm, and both get what was given as a [`Given`] (and where
//! each value is, for the paths); a refusal here is the message, which the shell prints as its one
//! line (`cli_tables::usage::refusal`).

mod bench;
mod json;
mod tokens;

pub use bench::{bench, Bench, MAX_BENCH_SIZE, MAX_RUNS, TS_MAX_BYTES};
pub use json::decide_json;
pub use tokens::{command_of, read, tokenise, version_text, Line, Place, Print, Refused, Side, Sub, Tokens};

use fracture_engine::{check_options, check_variant, Mode, Options, MAX_SEED};

use crate::cli_tables::usage;

/// The FILE that means standard input (and output).
pub const STDIN: &str = "-";
pub const MAX_COUNT: u64 = 1_000_000;
pub const MAX_JOBS: u64 = 1024;
/// `fracture minimize --timeout`'s largest value, in milliseconds.
pub const MAX_TIMEOUT_MS: u64 = 86_400_000;
/// `fracture run --timeout`'s largest value, in seconds.
pub const MAX_TIMEOUT_SECONDS: u64 = 86_400;

/// What a command line's tokeniser read.
#[derive(Clone, Debug, Default)]
pub struct Given {
    /// Each option given, by its long name, with its values in order (none for a flag). An option
    /// that does not repeat counts its last value.
    pub options: Vec<(String, Vec<String>)>,
    /// The positional arguments as text; only `-` and their number are read here, so a name that is
    /// not UTF-8 may come lossily.
    pub positionals: Vec<String>,
    /// `fracture run`: how many words follow `--` (the program and its arguments), when it is given.
    pub program: Option<usize>,
}

impl Given {
    pub fn has(&self, name: &str) -> bool {
        self.options.iter().any(|(n, _)| n == name)
    }

    /// The option's value (its last), when given.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.options.iter().rev().find(|(n, _)| n == name).and_then(|(_, v)| v.last()).map(String::as_str)
    }

    /// Every value of a repeatable option, in order.
    pub fn list(&self, name: &str) -> Vec<String> {
        self.options.iter().filter(|(n, _)| n == name).flat_map(|(_, v)| v.iter().cloned()).collect()
    }
}

/// Decimal digits only (no sign, no spaces), at most `max`.
pub fn integer(v: &str, max: u64) -> Option<u64> {
    if v.is_empty() || !v.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    v.parse::<u64>().ok().filter(|n| *n <= max)
}

/// `--seed`, when given.
pub fn seed(g: &Given) -> Result<Option<u64>, String> {
    g.text("seed").map(|v| integer(v, MAX_SEED).ok_or_else(|| usage::seed(MAX_SEED, v))).transpose()
}

/// `--count`: 1 to MAX_COUNT, 1 when not given.
pub fn count(g: &Given) -> Result<u64, String> {
    match g.text("count") {
        Some(v) => integer(v, MAX_COUNT).filter(|n| *n > 0).ok_or_else(|| usage::count(MAX_COUNT, v)),
        None => Ok(1),
    }
}

/// `--jobs`: 1 to MAX_JOBS, by default `cores`.
pub fn jobs(g: &Given, cores: usize) -> Result<usize, String> {
    match g.text("jobs") {
        Some(v) => Ok(integer(v, MAX_JOBS).filter(|n| *n > 0).ok_or_else(|| usage::jobs(MAX_JOBS, v))? as usize),
        None => Ok(cores),
    }
}

/// `--intensity`: 0 to 100, 80 when not given.
pub fn intensity(g: &Given) -> Result<u32, String> {
    match g.text("intensity") {
        Some(v) => Ok(integer(v, 100).ok_or_else(|| usage::intensity(v))? as u32),
        None => Ok(80),
    }
}

/// A run's corruption: the mode, the intensity and the options the engine checks against the mode.
#[derive(Clone, Debug)]
pub struct Corruption {
    pub mode: Mode,
    pub intensity: u32,
    pub options: Options,
}

/// The corruption options, checked in this order: the mode, the intensity, then --member, --only,
/// --protect, --fix-checksums, --direction, --charset, --bom and --block-size against the mode
/// (docs/contract.md, section 2, checks 5 to 8f). Options a command does not have are simply not given.
pub fn corruption(g: &Given) -> Result<Corruption, String> {
    let mode = match g.text("mode") {
        Some(v) => crate::mode_from_name(v).map_err(|_| usage::mode(v))?,
        None => Mode::ByteFlip,
    };
    let intensity = intensity(g)?;
    let text = |name: &str| g.text(name).map(str::to_string);
    let mut options = Options { fix_checksums: g.has("fix-checksums"), ..Options::default() };
    (options.ranges.only, options.ranges.protect) = (g.list("only"), g.list("protect"));
    options.member = text("member");
    if options.member.as_deref() == Some("") {
        return Err(usage::member());
    }
    (options.direction, options.charset, options.bom) = (text("direction"), text("charset"), text("bom"));
    options.block_size = text("block-size");
    check_options(mode, &options).map_err(|e| e.to_string())?;
    check_variant(mode, &options).map_err(|e| e.to_string())?;
    Ok(Corruption { mode, intensity, options })
}

/// `fracture [OPTIONS] FILE...`: what the corrupting command decides.
#[derive(Clone, Debug)]
pub struct Corrupting {
    pub corruption: Corruption,
    /// `--seed`, or `random_seed` when it is not given.
    pub seed: u64,
    /// Variants of every file: variant j of file i uses seed + i * count + j.
    pub count: u64,
    /// The name `-` (standard input) goes by for detection and reports.
    pub name: String,
    pub report: bool,
    pub pdf: bool,
    pub json: bool,
    pub quiet: bool,
    pub dry_run: bool,
}

/// The corrupting command's arguments; `random_seed` stands for a seed not given.
pub fn corrupting(g: &Given, random_seed: u64) -> Result<Corrupting, String> {
    let corruption = corruption(g)?;
    let seed = seed(g)?.unwrap_or(random_seed);
    let count = count(g)?;
    let name = g.text("name");
    check_combination(&g.positionals, count, g.has("zip"), name.is_some())?;
    if let Some(name) = name {
        check_name(name)?;
    }
    Ok(Corrupting {
        corruption,
        seed,
        count,
        name: name.unwrap_or("stdin").to_string(),
        report: g.has("report"),
        pdf: g.has("pdf"),
        json: g.has("json"),
        quiet: g.has("quiet"),
        dry_run: g.has("dry-run"),
    })
}

/// `--name` is a base name: not empty, `.` or `..`, without `/`, `\\`, NUL or a control character.
fn check_name(name: &str) -> Result<(), String> {
    let bad = |c: char| matches!(c, '/' | '\\') || (c as u32) < 0x20 || c == '\u{7F}';
    if name.is_empty() || name == "." || name == ".." || name.chars().any(bad) {
        return Err(usage::name(crate::display::bytes(name.as_bytes())));
    }
    Ok(())
}

/// The combinations that cannot work, each refused with its reason, in this order.
fn check_combination(files: &[String], count: u64, zip: bool, name: bool) -> Result<(), String> {
    let stdin = files.iter().filter(|f| *f == STDIN).count();
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

/// `fracture run` (a campaign, docs/campaigns.md): what it decides. Its `--crash-pattern` is checked
/// by each shell's regular expressions, which it then runs.
#[derive(Clone, Debug)]
pub struct Campaign {
    pub corruption: Corruption,
    /// Not given: random, or with --resume the one campaign.json records.
    pub seed: Option<u64>,
    pub count: u64,
    pub jobs: usize,
    pub timeout_ms: u64,
    pub shard: Option<(u64, u64)>,
    /// Sorted, distinct.
    pub crash_exit: Vec<i32>,
    pub crash_pattern: Option<String>,
    pub resume: bool,
    pub minimize: bool,
    /// Run each FILE unmodified first (`--no-baseline` turns it off).
    pub baseline: bool,
    pub quiet: bool,
}

/// The options only a campaign on a mount takes (`--mount`; the native CLI's own).
const MOUNT_ONLY: [&str; 9] =
    ["files", "fault", "faults", "power-cut", "check", "max", "keep-trees", "sector", "torn-fill"];

/// `fracture run`'s arguments (without `--mount`); `cores` is --jobs' default.
pub fn campaign(g: &Given, cores: usize) -> Result<Campaign, String> {
    if let Some(id) = MOUNT_ONLY.iter().find(|id| g.has(id)) {
        return Err(usage::mount_only(format!("--{id}")));
    }
    let corruption = corruption(g)?;
    let seed = seed(g)?;
    let count = count(g)?;
    let jobs = jobs(g, cores)?;
    let timeout_ms = match g.text("timeout") {
        Some(v) => timeout_ms(v).ok_or_else(|| usage::run_timeout(MAX_TIMEOUT_SECONDS, v))?,
        None => 10_000,
    };
    let shard = g.text("shard").map(|v| shard(v).ok_or_else(|| usage::shard(MAX_COUNT, v))).transpose()?;
    let crash_exit = match g.text("crash-exit") {
        Some(v) => crash_codes(v).ok_or_else(|| usage::crash_exit(v))?,
        None => Vec::new(),
    };
    if g.positionals.iter().any(|f| f == STDIN) {
        return Err(usage::stdin_in_campaign());
    }
    if g.positionals.is_empty() {
        return Err(usage::no_input_files());
    }
    if g.program.unwrap_or(0) == 0 {
        return Err(usage::run_needs_program());
    }
    Ok(Campaign {
        corruption,
        seed,
        count,
        jobs,
        timeout_ms,
        shard,
        crash_exit,
        crash_pattern: g.text("crash-pattern").map(str::to_string),
        resume: g.has("resume"),
        minimize: !g.has("no-minimize"),
        baseline: !g.has("no-baseline"),
        quiet: g.has("quiet"),
    })
}

/// `--shard K/N`: 1 <= K <= N <= MAX_COUNT.
fn shard(v: &str) -> Option<(u64, u64)> {
    let (k, n) = v.split_once('/')?;
    let (k, n) = (integer(k, MAX_COUNT)?, integer(n, MAX_COUNT)?);
    (k >= 1 && k <= n).then_some((k, n))
}

/// `--timeout` in seconds, up to 3 decimals: milliseconds, above 0 and at most a day.
pub fn timeout_ms(v: &str) -> Option<u64> {
    let (whole, frac) = v.split_once('.').unwrap_or((v, ""));
    if v.ends_with('.') || frac.len() > 3 || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let ms = integer(whole, MAX_TIMEOUT_SECONDS)? * 1000
        + if frac.is_empty() { 0 } else { format!("{frac:0<3}").parse::<u64>().ok()? };
    (ms > 0 && ms <= MAX_TIMEOUT_SECONDS * 1000).then_some(ms)
}

/// `--crash-exit`: sorted distinct codes from `134,139,200-210`.
pub fn crash_codes(v: &str) -> Option<Vec<i32>> {
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

/// `fracture merge DIR... --out OUT`: the directories and the output must be given.
pub fn merge(g: &Given) -> Result<bool, String> {
    if g.positionals.is_empty() {
        return Err(usage::merge_needs_dirs());
    }
    if !g.has("out") {
        return Err(usage::merge_needs_out());
    }
    Ok(g.has("quiet"))
}

/// `fracture minimize`: what it decides.
#[derive(Clone, Debug)]
pub struct Minimize {
    pub test: String,
    pub timeout_ms: u64,
    pub jobs: usize,
    pub quiet: bool,
}

/// `fracture minimize [OPTIONS] ORIGINAL CORRUPTED`; `cores` is --jobs' default.
pub fn minimize(g: &Given, cores: usize) -> Result<Minimize, String> {
    // A third positional is refused first, as a tokeniser refuses what it has no place for.
    if let Some(extra) = g.positionals.get(2) {
        return Err(usage::unexpected_argument(extra));
    }
    let timeout_ms = match g.text("timeout") {
        Some(v) => {
            integer(v, MAX_TIMEOUT_MS).filter(|n| *n > 0).ok_or_else(|| usage::minimize_timeout(MAX_TIMEOUT_MS, v))?
        }
        None => 10_000,
    };
    let jobs = jobs(g, cores)?;
    let Some(test) = g.text("test") else {
        return Err(usage::minimize_needs_test());
    };
    if g.positionals.len() < 2 {
        return Err(usage::minimize_needs_files());
    }
    Ok(Minimize { test: test.to_string(), timeout_ms, jobs, quiet: g.has("quiet") })
}

/// `fracture diagnose FILE`: one FILE; whether --json is given.
pub fn diagnose(g: &Given) -> Result<bool, String> {
    if let Some(extra) = g.positionals.get(1) {
        return Err(usage::unexpected_argument(extra));
    }
    if g.positionals.is_empty() {
        return Err(usage::diagnose_needs_file());
    }
    Ok(g.has("json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn given(options: &[(&str, &[&str])], positionals: &[&str]) -> Given {
        Given {
            options: options.iter().map(|(n, v)| (n.to_string(), v.iter().map(|s| s.to_string()).collect())).collect(),
            positionals: positionals.iter().map(|s| s.to_string()).collect(),
            program: None,
        }
    }

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
        assert_eq!(
            [shard("1/2"), shard("2/2"), shard("0/2"), shard("3/2"), shard("1/")],
            [Some((1, 2)), Some((2, 2)), None, None, None]
        );
    }

    #[test]
    fn the_last_value_counts_and_lists_keep_every_value() {
        let g = given(&[("seed", &["1"]), ("only", &["0:4"]), ("seed", &["2"]), ("only", &["8:9"])], &["a"]);
        assert_eq!(seed(&g), Ok(Some(2)));
        assert_eq!(g.list("only"), ["0:4", "8:9"]);
    }

    #[test]
    fn a_campaign_reads_back_as_it_was_decided() {
        let mut g =
            given(&[("mode", &["bit_rot"]), ("only", &["0:4"]), ("shard", &["2/3"]), ("crash-exit", &["7,3"])], &["a"]);
        g.program = Some(1);
        let c = campaign(&g, 2).unwrap();
        let back = Campaign::from_json(&c.to_json()).unwrap();
        assert_eq!(back.to_json(), c.to_json());
        assert_eq!(
            (back.shard, back.crash_exit, back.corruption.options.ranges.only),
            (Some((2, 3)), vec![3, 7], vec!["0:4".to_string()])
        );
    }

    #[test]
    fn refusals_come_in_the_documented_order() {
        // A bad mode is refused before a bad seed, a bad seed before the missing files.
        let g = given(&[("mode", &["nope"]), ("seed", &["x"])], &[]);
        assert_eq!(corrupting(&g, 1).unwrap_err(), usage::mode("nope"));
        let g = given(&[("seed", &["x"])], &[]);
        assert_eq!(corrupting(&g, 1).unwrap_err(), usage::seed(MAX_SEED, "x"));
        assert_eq!(corrupting(&given(&[], &[]), 1).unwrap_err(), usage::no_input_files());
        assert_eq!(corrupting(&given(&[("zip", &["z"])], &["-"]), 1).unwrap_err(), usage::zip_with_stdin());
        assert_eq!(corrupting(&given(&[("name", &["a/b"])], &["-"]), 1).unwrap_err(), usage::name("a/b"));
        let c = corrupting(&given(&[("count", &["3"])], &["a", "b"]), 7).unwrap();
        assert_eq!((c.seed, c.count, c.name.as_str(), c.corruption.intensity), (7, 3, "stdin", 80));
        assert_eq!(minimize(&given(&[], &["a", "b", "c"]), 2).unwrap_err(), usage::unexpected_argument("c"));
        assert_eq!(minimize(&given(&[], &["a", "b"]), 2).unwrap_err(), usage::minimize_needs_test());
        assert_eq!(campaign(&given(&[("fault", &["x"])], &[]), 2).unwrap_err(), usage::mount_only("--fault"));
        let mut run = given(&[], &["a"]);
        assert_eq!(campaign(&run, 2).unwrap_err(), usage::run_needs_program());
        run.program = Some(1);
        assert_eq!(campaign(&run, 3).map(|c| (c.jobs, c.timeout_ms, c.baseline)).unwrap(), (3, 10_000, true));
    }
}
