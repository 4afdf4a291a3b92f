//! The shape of the command lines' tables that scripts/gen-engine-data.mjs writes into `cli_tables`
//! from engine-data/cli.toml: written here once, by hand, so the generated file holds only data.

/// An option: its long name, its value's name (empty for a flag), short letter, whether it repeats,
/// whether its value is a file's path, and whether it is one command line's alone.
pub struct CliOption {
    pub name: &'static str,
    pub value: &'static str,
    pub short: Option<char>,
    pub repeatable: bool,
    pub path: bool,
    pub npm_only: bool,
    /// The native CLI's alone: the npm CLI knows the name only to refuse it.
    pub native_only: bool,
}

/// A positional argument: its name, and whether it takes any number of values.
pub struct Positional {
    pub name: &'static str,
    pub many: bool,
}

/// A command: its options in the help's order, its positionals, and its name (its help text, laid
/// out, is `cli_tables::help(name)`).
pub struct Command {
    pub options: &'static [CliOption],
    pub positionals: &'static [Positional],
    pub name: &'static str,
}
