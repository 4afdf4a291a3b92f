//! Reading a command line by engine-data/cli.toml's tables, written once for both command lines
//! (issue 40): the native CLI hands over its arguments' bytes, the npm CLI the same bytes through
//! the outputs module, and both get the same [`Tokens`] or the same refusal. What is read:
//!
//! - `--name value` and `--name=value`; a value option takes the next argument whatever it looks
//!   like (`--seed -1` is a bad seed, not a missing one); a flag takes no value (`--json=1` is refused);
//! - short letters (`-h`, `-V`), alone or grouped (`-hV`);
//! - `-` alone is a positional (standard input), and after `--` every argument is one;
//! - an option given twice counts its last value, a repeatable one every value in order;
//! - `--help` and `--version` end the reading: the shell prints its help or version, whatever follows;
//! - the first mistake, in the order given, refuses the line: an unknown option, an option of the
//!   other command line's alone, a missing value, a flag with a value, a value that is not UTF-8
//!   (a path's value may be any bytes), a positional the command has no place for.
//!
//! Values are handed back as places in the arguments (an argument's index and the byte where its
//! value starts), so each shell takes a path's exact bytes from its own arguments (an `OsString`
//! natively, a string whose escaped bytes stand for a name's bytes in the npm CLI): what comes
//! before a value is always ASCII (`--name=`, `-x`), so the byte is also the string's index.

use super::Given;
use crate::cli_shape::{CliOption, Command};
use crate::cli_tables::{self, usage};

/// The command line reading: each refuses the options the other has alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Native,
    Npm,
}

/// `--help` or `--version`, which the shell answers with its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Print {
    Help,
    Version,
}

/// What `--version` prints, in every command line: the workspace's version and the engine's.
pub fn version_text() -> String {
    format!("fracture {} ({})\n", env!("CARGO_PKG_VERSION"), fracture_engine::ENGINE_VERSION)
}

/// Where a value is: argument `arg` from byte `at` on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Place {
    pub arg: usize,
    pub at: usize,
}

/// What a command line holds.
#[derive(Clone, Debug, Default)]
pub struct Tokens {
    /// What the decisions read (values as text, lossily where a path is not UTF-8).
    pub given: Given,
    /// Each value given, in order, by its option's long name.
    pub values: Vec<(&'static str, Place)>,
    /// The positional arguments (their indices), in order.
    pub positionals: Vec<usize>,
    pub print: Option<Print>,
}

impl Tokens {
    /// The place of an option's value (its last), when given.
    pub fn last(&self, name: &str) -> Option<Place> {
        self.values.iter().rev().find(|(n, _)| *n == name).map(|(_, p)| *p)
    }

    /// Every place of a repeatable option's values, in order.
    pub fn all(&self, name: &str) -> Vec<Place> {
        self.values.iter().filter(|(n, _)| *n == name).map(|(_, p)| *p).collect()
    }

    /// The positionals `command`'s positional `name` takes: one, or with `many` the rest.
    pub fn positional(&self, command: &Command, name: &str) -> Vec<usize> {
        let Some(k) = command.positionals.iter().position(|p| p.name == name) else { return Vec::new() };
        let end = if command.positionals[k].many { self.positionals.len() } else { k + 1 };
        self.positionals.get(k..end.min(self.positionals.len())).unwrap_or_default().to_vec()
    }
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// The one reading of a command line: `args`, each argument's bytes.
struct Reader<'a> {
    command: &'a Command,
    args: &'a [&'a [u8]],
    side: Side,
    tokens: Tokens,
}

impl Reader<'_> {
    /// Option `o`, spelled `shown`, met at argument `i`; its value inline from byte `at`, if any.
    /// Returns the next argument to read.
    fn option(&mut self, o: &'static CliOption, shown: &str, i: usize, inline: Option<usize>) -> Result<usize, String> {
        if self.side == Side::Native && o.npm_only {
            return Err(usage::npm_only(shown));
        }
        if self.side == Side::Npm && o.native_only {
            return Err(usage::native_only_option(shown));
        }
        match o.name {
            "help" => self.tokens.print = Some(Print::Help),
            "version" => self.tokens.print = Some(Print::Version),
            _ => {}
        }
        if self.tokens.print.is_some() {
            return Ok(self.args.len());
        }
        if o.value.is_empty() {
            if inline.is_some() {
                return Err(usage::takes_no_value(shown));
            }
            self.tokens.given.options.push((o.name.to_string(), Vec::new()));
            return Ok(i + 1);
        }
        let (place, next) = match inline {
            Some(at) => (Place { arg: i, at }, i + 1),
            None if i + 1 < self.args.len() => (Place { arg: i + 1, at: 0 }, i + 2),
            None => return Err(usage::needs_value(shown)),
        };
        let bytes = &self.args[place.arg][place.at..];
        if !o.path && std::str::from_utf8(bytes).is_err() {
            return Err(usage::invalid_utf8());
        }
        self.tokens.given.options.push((o.name.to_string(), vec![lossy(bytes)]));
        self.tokens.values.push((o.name, place));
        Ok(next)
    }

    /// `--name` or `--name=value` at argument `i`.
    fn long(&mut self, i: usize) -> Result<usize, String> {
        let arg = &self.args[i][2..];
        let (name, inline) = match arg.iter().position(|&b| b == b'=') {
            Some(k) => (&arg[..k], Some(k + 3)),
            None => (arg, None),
        };
        let shown = format!("--{}", lossy(name));
        let found = self.command.options.iter().find(|o| o.name.as_bytes() == name);
        let o = found.ok_or_else(|| usage::unknown_option(&shown))?;
        self.option(o, &shown, i, inline)
    }

    /// `-x`, `-xyz` (flags grouped) or `-xVALUE` at argument `i`.
    fn short(&mut self, i: usize) -> Result<usize, String> {
        let arg = self.args[i];
        let mut k = 1;
        while k < arg.len() {
            let c = arg[k];
            let found = self.command.options.iter().find(|o| o.short.is_some_and(|s| s as u32 == c as u32));
            let Some(o) = found else {
                let letter = std::str::from_utf8(&arg[k..]).ok().and_then(|s| s.chars().next());
                return Err(usage::unknown_option(format!("-{}", letter.unwrap_or('\u{FFFD}'))));
            };
            let shown = format!("-{}", c as char);
            if !o.value.is_empty() {
                return self.option(o, &shown, i, (k + 1 < arg.len()).then_some(k + 1));
            }
            let next = self.option(o, &shown, i, None)?;
            if self.tokens.print.is_some() {
                return Ok(next);
            }
            k += 1;
        }
        Ok(i + 1)
    }

    fn positional(&mut self, i: usize) -> Result<(), String> {
        let room = self.command.positionals.iter().any(|p| p.many)
            || self.tokens.positionals.len() < self.command.positionals.len();
        if !room {
            return Err(usage::unexpected_argument(lossy(self.args[i])));
        }
        self.tokens.positionals.push(i);
        self.tokens.given.positionals.push(lossy(self.args[i]));
        Ok(())
    }
}

/// A command line's command: `None` for the corrupting command (`fracture [OPTIONS] FILE...`).
#[derive(Clone, Copy)]
pub struct Sub {
    pub name: Option<&'static str>,
    pub table: &'static Command,
}

/// The commands each side reads here (the native CLI's `mount`, `umount` and `ctl` read their own
/// lines first; the npm CLI refuses them).
const COMMANDS: [(&str, &Command, Option<Side>); 6] = [
    ("minimize", &cli_tables::MINIMIZE, None),
    ("bench", &cli_tables::BENCH, None),
    ("run", &cli_tables::RUN, None),
    ("merge", &cli_tables::MERGE, None),
    ("diagnose", &cli_tables::DIAGNOSE, None),
    ("agree", &cli_tables::AGREE, Some(Side::Npm)),
];
const NATIVE_COMMANDS: [&str; 3] = ["mount", "umount", "ctl"];

/// A refused line: the message, and the command whose help it points at (`None`: `fracture`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub sub: Option<&'static str>,
    pub message: String,
}

impl Refused {
    /// The one line printed: `fracture: MESSAGE (see COMMAND --help)`.
    pub fn line(&self) -> String {
        usage::refusal(self.sub, &self.message)
    }
}

/// The command `first` (the first argument) names: a subcommand is the first argument or nothing
/// (a file called minimize: `./minimize`). Err: a command of the other side's, refused.
pub fn command_of(first: Option<&[u8]>, side: Side) -> Result<Sub, Refused> {
    let first = first.and_then(|a| std::str::from_utf8(a).ok()).unwrap_or_default();
    if side == Side::Npm && NATIVE_COMMANDS.contains(&first) {
        return Err(Refused { sub: None, message: usage::native_only(first) });
    }
    Ok(match COMMANDS.iter().find(|(name, _, only)| *name == first && only.is_none_or(|s| s == side)) {
        Some((name, table, _)) => Sub { name: Some(name), table },
        None => Sub { name: None, table: &cli_tables::FRACTURE },
    })
}

/// A command line read: its command, what it holds, and with `run ... -- PROGRAM` where PROGRAM
/// starts (its words: `given.program`).
#[derive(Clone)]
pub struct Line {
    pub sub: Sub,
    pub tokens: Tokens,
    pub program: Option<usize>,
}

/// Reads a whole command line (`args`: each argument's bytes, the program's name not among them).
pub fn read(args: &[&[u8]], side: Side) -> Result<Line, Refused> {
    let sub = command_of(args.first().copied(), side)?;
    let start = usize::from(sub.name.is_some());
    // `fracture run OPTIONS FILE... -- PROGRAM [ARGS]...`: PROGRAM's words are not read here.
    let split = (sub.name == Some("run")).then(|| args.iter().position(|a| *a == b"--")).flatten();
    let end = split.unwrap_or(args.len());
    let mut tokens =
        tokenise_from(sub.table, args, start..end, side).map_err(|message| Refused { sub: sub.name, message })?;
    tokens.given.program = split.map(|k| args.len() - k - 1);
    Ok(Line { sub, tokens, program: split.map(|k| k + 1) })
}

/// Reads `args` (each argument's bytes, the command's name not among them) by `command`'s table.
pub fn tokenise(command: &Command, args: &[&[u8]], side: Side) -> Result<Tokens, String> {
    tokenise_from(command, args, 0..args.len(), side)
}

/// Reads `args[range]`; the places it gives index `args`.
fn tokenise_from(
    command: &Command,
    args: &[&[u8]],
    range: std::ops::Range<usize>,
    side: Side,
) -> Result<Tokens, String> {
    let args = &args[..range.end];
    let mut r = Reader { command, args, side, tokens: Tokens::default() };
    let mut i = range.start;
    let mut options_end = false;
    while i < args.len() {
        let arg = args[i];
        if options_end || arg == b"-" || !arg.starts_with(b"-") {
            r.positional(i)?;
            i += 1;
        } else if arg == b"--" {
            options_end = true;
            i += 1;
        } else if arg.starts_with(b"--") {
            i = r.long(i)?;
        } else {
            i = r.short(i)?;
        }
    }
    Ok(r.tokens)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli_tables::{FRACTURE, MINIMIZE, RUN};

    fn read(command: &Command, line: &[&str], side: Side) -> Result<Tokens, String> {
        let args: Vec<&[u8]> = line.iter().map(|a| a.as_bytes()).collect();
        tokenise(command, &args, side)
    }

    #[test]
    fn values_come_back_as_places_and_the_last_one_counts() {
        let t =
            read(&FRACTURE, &["a", "--seed", "-1", "--seed=7", "--only", "0:1", "--only=2:3", "--json"], Side::Native)
                .unwrap();
        assert_eq!(t.last("seed"), Some(Place { arg: 3, at: 7 }));
        assert_eq!(t.all("only"), [Place { arg: 5, at: 0 }, Place { arg: 6, at: 7 }]);
        assert_eq!((t.given.text("seed"), t.given.list("only")), (Some("7"), vec!["0:1".into(), "2:3".into()]));
        assert!(t.given.has("json"));
        assert_eq!(t.positionals, [0]);
    }

    #[test]
    fn positionals_are_dash_after_double_dash_and_by_name() {
        let t = read(&FRACTURE, &["-", "--", "--weird", "-x"], Side::Native).unwrap();
        assert_eq!(t.given.positionals, ["-", "--weird", "-x"]);
        let t = read(&MINIMIZE, &["o", "c", "--test", "true"], Side::Native).unwrap();
        assert_eq!((t.positional(&MINIMIZE, "ORIGINAL"), t.positional(&MINIMIZE, "CORRUPTED")), (vec![0], vec![1]));
        assert_eq!(read(&MINIMIZE, &["a", "b", "c"], Side::Native).unwrap_err(), usage::unexpected_argument("c"));
    }

    #[test]
    fn the_first_mistake_refuses_the_line() {
        let refused = |line: &[&str], side| read(&FRACTURE, line, side).unwrap_err();
        assert_eq!(refused(&["a", "--nope", "--seed"], Side::Native), usage::unknown_option("--nope"));
        assert_eq!(refused(&["a", "--seed"], Side::Native), usage::needs_value("--seed"));
        assert_eq!(refused(&["--json=1"], Side::Native), usage::takes_no_value("--json"));
        assert_eq!(refused(&["-x"], Side::Npm), usage::unknown_option("-x"));
        assert_eq!(refused(&["--engine", "ts"], Side::Native), usage::npm_only("--engine"));
        assert!(read(&FRACTURE, &["--engine", "ts"], Side::Npm).is_ok());
        assert_eq!(read(&RUN, &["--mount=x"], Side::Npm).unwrap_err(), usage::native_only_option("--mount"));
        let bad: &[&[u8]] = &[b"--mode", b"\xff"];
        assert_eq!(tokenise(&FRACTURE, bad, Side::Native).unwrap_err(), usage::invalid_utf8());
        let path: &[&[u8]] = &[b"--out", b"\xff", b"\xfe"];
        let t = tokenise(&FRACTURE, path, Side::Native).unwrap();
        assert_eq!((t.last("out"), t.positionals.clone()), (Some(Place { arg: 1, at: 0 }), vec![2]));
    }

    #[test]
    fn help_and_version_end_the_reading() {
        assert_eq!(
            read(&FRACTURE, &["a", "--seed", "x", "-hV", "--nope"], Side::Npm).unwrap().print,
            Some(Print::Help)
        );
        assert_eq!(read(&FRACTURE, &["-V", "-h"], Side::Native).unwrap().print, Some(Print::Version));
        assert_eq!(read(&FRACTURE, &["--nope", "--help"], Side::Native).unwrap_err(), usage::unknown_option("--nope"));
    }
}
