//! Command-line arguments. How a line is read (its options, their values and the positionals, by
//! engine-data/cli.toml's tables) and what is decided about them (ranges, the mode's options, the
//! combinations refused, in which order) is fracture_host::args, which the npm CLI calls too: what
//! stays here is handing over the arguments' bytes and taking each path's back as the system gave it.
//!
//! The parsed options are owned here and handed to the commands, which never reach back: the
//! corrupting command's (`corrupt`), `minimize`, `diagnose` and `bench` (`tools`), `run` and `merge`
//! (`run`). `fracture mount`, `umount`, `ctl` and `run --mount` read their own options (their fault
//! plans and power models are the mount's types) through [`Read`] and the shared steps below.

use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

use fracture_engine::{Mode, Options};
use fracture_host::args::{self as decide, Given, Place, Print, Side, Tokens};

use crate::cli_shape::Command;
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
    /// `fracture run --mount SOURCE ...`: its options, the program and whether `--` was given, for the
    /// mount to read (crate::mount::options::parse_campaign).
    RunOnMount(Read, Vec<OsString>, bool),
    /// A usage error: the line to print (exit 2).
    Refused(String),
    /// `--help` or `--version`: the text to print on stdout.
    Print(String),
}

/// A command line as fracture_host::args read it, and the arguments its places point into.
pub struct Read {
    argv: Vec<OsString>,
    table: &'static Command,
    pub tokens: Tokens,
}

impl Read {
    fn os(&self, p: Place) -> &OsStr {
        OsStr::from_bytes(&self.argv[p.arg].as_bytes()[p.at..])
    }

    /// What the decisions read.
    pub fn given(&self) -> &Given {
        &self.tokens.given
    }

    /// Whether option `name` was given.
    pub fn has(&self, name: &str) -> bool {
        self.tokens.given.has(name)
    }

    /// Option `name`'s value (its last), when given.
    pub fn text(&self, name: &str) -> Option<String> {
        self.tokens.given.text(name).map(str::to_string)
    }

    /// Every value of repeatable option `name`.
    pub fn list(&self, name: &str) -> Vec<String> {
        self.tokens.given.list(name)
    }

    /// Option `name`'s value as a path, with its bytes as given.
    pub fn path(&self, name: &str) -> Option<PathBuf> {
        self.tokens.last(name).map(|p| PathBuf::from(self.os(p)))
    }

    /// The paths positional `name` takes.
    pub fn paths(&self, name: &str) -> Vec<PathBuf> {
        self.tokens.positional(self.table, name).into_iter().map(|i| PathBuf::from(&self.argv[i])).collect()
    }
}

/// Reads `argv` as `table` (a command that reads its own line: the mount's); help and version
/// come back as text to print, a refusal as its message.
pub(crate) fn read(table: &'static Command, argv: &[OsString]) -> Result<Result<Read, String>, String> {
    let bytes: Vec<&[u8]> = argv.iter().map(|a| a.as_bytes()).collect();
    let tokens = decide::tokenise(table, &bytes, Side::Native)?;
    Ok(match tokens.print {
        Some(p) => Err(printed(table, p)),
        None => Ok(Read { argv: argv.to_vec(), table, tokens }),
    })
}

fn printed(table: &Command, p: Print) -> String {
    match p {
        Print::Help => crate::cli_tables::help(table.name).to_string(),
        Print::Version => fracture_host::args::version_text(),
    }
}

/// The arguments, or the line that refuses them (`fracture: MESSAGE (see COMMAND --help)`).
pub fn parse(argv: &[OsString]) -> Parsed {
    let bytes: Vec<&[u8]> = argv.iter().map(|a| a.as_bytes()).collect();
    let line = match decide::read(&bytes, Side::Native) {
        Ok(line) => line,
        Err(refused) => return Parsed::Refused(refused.line()),
    };
    let (sub, table) = (line.sub.name, line.sub.table);
    if let Some(p) = line.tokens.print {
        return Parsed::Print(printed(table, p));
    }
    let program: Option<Vec<OsString>> = line.program.map(|k| argv[k..].to_vec());
    let r = Read { argv: argv.to_vec(), table, tokens: line.tokens };
    let parsed = match sub {
        Some("minimize") => tools::parse_minimize(&r),
        Some("bench") => tools::parse_bench(&r),
        Some("run") => run::parse_run(r, program),
        Some("merge") => run::parse_merge(&r),
        Some("diagnose") => tools::parse_diagnose(&r),
        _ => corrupt::parse_fracture(&r),
    };
    parsed.unwrap_or_else(|msg| Parsed::Refused(usage::refusal(sub, &msg)))
}

/// The number of cores: `--jobs`' default.
pub(crate) fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The steps `fracture mount` and `run --mount` share with the other commands (crate::mount::options).
pub(crate) fn jobs(r: &Read) -> Result<usize, String> {
    decide::jobs(r.given(), cores())
}

pub(crate) fn count(r: &Read) -> Result<u64, String> {
    decide::count(r.given())
}

pub(crate) fn seed(r: &Read) -> Result<Option<u64>, String> {
    decide::seed(r.given())
}

pub(crate) fn corruption(r: &Read) -> Result<(Mode, u32, Options), String> {
    let c = decide::corruption(r.given())?;
    Ok((c.mode, c.intensity, c.options))
}

/// A seed below 2147483647, as the UI draws them, from the OS's randomness (std's hasher keys).
pub fn random_seed() -> u64 {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    let mut h = RandomState::new().build_hasher();
    h.write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos()).unwrap_or(0));
    h.finish() % 2_147_483_647
}
