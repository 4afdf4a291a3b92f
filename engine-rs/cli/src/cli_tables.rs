// Generated from engine-data/cli.toml by scripts/gen-engine-data.mjs; do not edit.

//! The command lines' options and help texts, as cli/cli-tables.ts has them.

/// An option: its long name, its value's name (empty for a flag), short letter, help sentence,
/// whether it repeats, whether its value is a file's path, and whether it is the npm CLI's alone.
pub struct CliOption {
    pub name: &'static str,
    pub value: &'static str,
    pub short: Option<char>,
    pub help: &'static str,
    pub repeatable: bool,
    pub path: bool,
    pub npm_only: bool,
}

pub const FRACTURE_ABOUT: &str = "Corrupts copies of FILEs deterministically; the originals are never changed.";
/// The help of FILE, the corrupting command's positional.
pub const FRACTURE_FILE: &str = "the files to corrupt; - reads standard input and writes the result to standard output";
/// The subcommands and the exit status, after the options.
pub const FRACTURE_AFTER: &str = "Commands:\n  minimize  the fewest changed bytes that still make a command fail (fracture minimize --help)\n  bench     the engine's speed per mode on inputs made from a seed (fracture bench --help)\n  run       feed variants to a program and report what crashed or hung (fracture run --help)\n  merge     merge the directories of campaign shards into one (fracture merge --help)\n\nExit status: 0 all files corrupted, 1 a file failed (the others are still written), 2 usage error.";
/// The corrupting command's options, in the order `--help` lists them.
pub const FRACTURE_OPTIONS: [CliOption; 19] = [
    CliOption { name: "mode", value: "M", short: None, help: "byte_flip (default), header_preserve_flip, truncate_insert, shuffle_blocks, guaranteed_break, interrupted_transfer, bad_sectors, bit_rot, or a UI name: quick_scramble, stealth_corruption, cut_replace, jumble_sections, interrupted_download", repeatable: false, path: false, npm_only: false },
    CliOption { name: "intensity", value: "N", short: None, help: "0-100 (default 80)", repeatable: false, path: false, npm_only: false },
    CliOption { name: "seed", value: "S", short: None, help: "0-9007199254740991 (default random, always printed); variant j of file i uses S + i * N + j", repeatable: false, path: false, npm_only: false },
    CliOption { name: "count", value: "N", short: None, help: "variants of every FILE (default 1, at most 1000000); with N > 1 they are named {base}_corrupted_{seed}{.ext}", repeatable: false, path: false, npm_only: false },
    CliOption { name: "only", value: "A:B", short: None, help: "change bytes only in [A, B) (repeatable): byte offsets, B exclusive, 0x hex allowed, negative counts from the end, an empty end is the file's (--only=-4096:); or a selector FORMAT:PATH of the file's structure map (png:IDAT/data)", repeatable: true, path: false, npm_only: false },
    CliOption { name: "protect", value: "A:B", short: None, help: "never change bytes in [A, B) (repeatable; the same form)", repeatable: true, path: false, npm_only: false },
    CliOption { name: "fix-checksums", value: "", short: None, help: "recompute the checksums that cover stored bytes (PNG chunks, STORED ZIP entries, tar headers, Ogg pages, FLAC frames) after the damage, so readers reach it. --only, --protect and --fix-checksums: byte_flip, header_preserve_flip, bad_sectors and bit_rot", repeatable: false, path: false, npm_only: false },
    CliOption { name: "member", value: "GLOB", short: None, help: "corrupt only the members of a ZIP-family or tar archive whose names match GLOB (* and ? within a path segment, ** across segments), each as a file of its own, and keep the archive valid", repeatable: false, path: false, npm_only: false },
    CliOption { name: "out", value: "DIR", short: None, help: "output directory (default ./corrupted): DIR/{base}_corrupted{.ext}", repeatable: false, path: true, npm_only: false },
    CliOption { name: "name", value: "NAME", short: None, help: "the name FILE - goes by, for format detection and reports (default stdin)", repeatable: false, path: false, npm_only: false },
    CliOption { name: "engine", value: "E", short: None, help: "wasm (default: the WebAssembly engine the browser runs) or ts (the reference engine)", repeatable: false, path: false, npm_only: true },
    CliOption { name: "report", value: "", short: None, help: "also write DIR/{name}_corruption_report.json ({name}_{seed}_corruption_report.json with N > 1)", repeatable: false, path: false, npm_only: false },
    CliOption { name: "pdf", value: "", short: None, help: "also write DIR/{name}_corruption_report.pdf, named as --report names the JSON; with --zip the session report PDF goes into the ZIP too", repeatable: false, path: false, npm_only: false },
    CliOption { name: "json", value: "", short: None, help: "print one report per line on stdout (on stderr when a FILE is -)", repeatable: false, path: false, npm_only: false },
    CliOption { name: "zip", value: "FILE", short: None, help: "also write a batch ZIP with every corrupted file and the session report", repeatable: false, path: true, npm_only: false },
    CliOption { name: "quiet", value: "", short: None, help: "no progress bars and no per-file lines (errors and the seed line still print)", repeatable: false, path: false, npm_only: false },
    CliOption { name: "dry-run", value: "", short: None, help: "print the plan (each input, how it is read, each output and its seed) and write nothing; with --json as one JSON object", repeatable: false, path: false, npm_only: false },
    CliOption { name: "help", value: "", short: Some('h'), help: "print this help", repeatable: false, path: false, npm_only: false },
    CliOption { name: "version", value: "", short: Some('V'), help: "print the version", repeatable: false, path: false, npm_only: false },
];

pub const MINIMIZE_ABOUT: &str = "Finds a file that differs from ORIGINAL in as few bytes as possible while the test command still fails on it, starting from CORRUPTED (same length). The result is 1-minimal: restoring any one of its changed bytes makes the test pass.";
pub const MINIMIZE_ORIGINAL: &str = "the file the test passes on";
pub const MINIMIZE_CORRUPTED: &str = "a corrupted copy of it, of the same length, that the test fails on";
pub const MINIMIZE_AFTER: &str = "The test is run by /bin/sh exactly as written, with your rights: give it only commands you would type yourself. {} becomes the path of a temporary copy named like CORRUPTED (letters, digits and ._- kept, others made _), in a directory of its own per parallel test, quoted for the shell only if the path needs it; a test without {} reads the file on standard input. Failing is a non-zero exit, a signal, or running past --timeout; its output is discarded. Temporary files are removed at the end and on Ctrl-C.\n\nExit status: 0 minimised, 1 the test passes on CORRUPTED or fails on ORIGINAL (or a file error), 2 usage error.";
/// `fracture minimize`'s options, in the order `--help` lists them.
pub const MINIMIZE_OPTIONS: [CliOption; 6] = [
    CliOption {
        name: "test",
        value: "CMD",
        short: None,
        help: "the test, run by /bin/sh: {} is the candidate file's path (without {}: it is standard input)",
        repeatable: false,
        path: false,
        npm_only: false,
    },
    CliOption {
        name: "out",
        value: "FILE",
        short: None,
        help: "where to write the result (default {base}_minimized{.ext} beside CORRUPTED)",
        repeatable: false,
        path: true,
        npm_only: false,
    },
    CliOption {
        name: "timeout",
        value: "MS",
        short: None,
        help: "a test running longer has failed (default 10000)",
        repeatable: false,
        path: false,
        npm_only: false,
    },
    CliOption {
        name: "jobs",
        value: "N",
        short: None,
        help: "tests run at once (default: the number of cores)",
        repeatable: false,
        path: false,
        npm_only: false,
    },
    CliOption {
        name: "quiet",
        value: "",
        short: None,
        help: "no progress lines",
        repeatable: false,
        path: false,
        npm_only: false,
    },
    CliOption {
        name: "help",
        value: "",
        short: Some('h'),
        help: "print this help",
        repeatable: false,
        path: false,
        npm_only: false,
    },
];
