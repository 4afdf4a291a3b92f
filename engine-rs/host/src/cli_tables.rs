// Generated from engine-data/cli.toml by scripts/gen-engine-data.mjs; do not edit.

//! The command lines' options, help texts and usage errors, as cli/cli-tables.ts has them.

use crate::cli_shape::{CliOption, Command, Positional};

/// `fracture [OPTIONS] [FILE]...`
pub const FRACTURE: Command = Command {
    options: &[
        CliOption {
            name: "mode",
            value: "M",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "intensity",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "seed",
            value: "S",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "count",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "only",
            value: "A:B",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "protect",
            value: "A:B",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "fix-checksums",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "member",
            value: "GLOB",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "direction",
            value: "D",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "charset",
            value: "C",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "bom",
            value: "B",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "block-size",
            value: "B",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "out",
            value: "DIR",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "name",
            value: "NAME",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "engine",
            value: "E",
            short: None,
            repeatable: false,
            path: false,
            npm_only: true,
            native_only: false,
        },
        CliOption {
            name: "report",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "pdf",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "json",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "zip",
            value: "FILE",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "quiet",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "dry-run",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "help",
            value: "",
            short: Some('h'),
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "version",
            value: "",
            short: Some('V'),
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
    ],
    positionals: &[Positional { name: "FILE", many: true }],
    name: "fracture",
};

/// `fracture minimize [OPTIONS] [ORIGINAL] [CORRUPTED]`
pub const MINIMIZE: Command = Command {
    options: &[
        CliOption {
            name: "test",
            value: "CMD",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "out",
            value: "FILE",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "timeout",
            value: "MS",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "jobs",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "quiet",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "help",
            value: "",
            short: Some('h'),
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
    ],
    positionals: &[Positional { name: "ORIGINAL", many: false }, Positional { name: "CORRUPTED", many: false }],
    name: "minimize",
};

/// `fracture bench [OPTIONS]`
pub const BENCH: Command = Command {
    options: &[
        CliOption {
            name: "sizes",
            value: "LIST",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "modes",
            value: "LIST",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "inputs",
            value: "LIST",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "intensity",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "runs",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "seed",
            value: "S",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "engine",
            value: "E",
            short: None,
            repeatable: false,
            path: false,
            npm_only: true,
            native_only: false,
        },
        CliOption {
            name: "ts-max-mib",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: true,
            native_only: false,
        },
        CliOption {
            name: "json",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "compare",
            value: "OLD",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "max-slowdown",
            value: "R",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "help",
            value: "",
            short: Some('h'),
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
    ],
    positionals: &[],
    name: "bench",
};

/// `fracture run [OPTIONS] FILE... -- PROGRAM [ARGS]...`
pub const RUN: Command = Command {
    options: &[
        CliOption {
            name: "mode",
            value: "M",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "intensity",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "only",
            value: "A:B",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "protect",
            value: "A:B",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "fix-checksums",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "seed",
            value: "S",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "count",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "jobs",
            value: "J",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "timeout",
            value: "SECONDS",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "out",
            value: "DIR",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "shard",
            value: "K/M",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "crash-exit",
            value: "CODES",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "crash-pattern",
            value: "REGEX",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "resume",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "mount",
            value: "SOURCE",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: true,
        },
        CliOption {
            name: "files",
            value: "GLOB",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: true,
        },
        CliOption {
            name: "fault",
            value: "RULE",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: true,
        },
        CliOption {
            name: "faults",
            value: "PLAN",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: true,
        },
        CliOption {
            name: "power-cut",
            value: "MODEL",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: true,
        },
        CliOption {
            name: "check",
            value: "CHECKER",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: true,
        },
        CliOption {
            name: "max",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: true,
        },
        CliOption {
            name: "keep-trees",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: true,
        },
        CliOption {
            name: "sector",
            value: "BYTES",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: true,
        },
        CliOption {
            name: "torn-fill",
            value: "FILL",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: true,
        },
        CliOption {
            name: "no-minimize",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "no-baseline",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "quiet",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "help",
            value: "",
            short: Some('h'),
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
    ],
    positionals: &[Positional { name: "FILE", many: true }],
    name: "run",
};

/// `fracture merge [OPTIONS] DIR...`
pub const MERGE: Command = Command {
    options: &[
        CliOption {
            name: "out",
            value: "DIR",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "quiet",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "help",
            value: "",
            short: Some('h'),
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
    ],
    positionals: &[Positional { name: "DIR", many: true }],
    name: "merge",
};

/// `fracture diagnose [OPTIONS] FILE`
pub const DIAGNOSE: Command = Command {
    options: &[
        CliOption {
            name: "original",
            value: "FILE",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "repair",
            value: "OUT",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "json",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "help",
            value: "",
            short: Some('h'),
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
    ],
    positionals: &[Positional { name: "FILE", many: false }],
    name: "diagnose",
};

/// `fracture mount [OPTIONS] SOURCE MOUNTPOINT [-- COMMAND [ARGS]...]`
pub const MOUNT: Command = Command {
    options: &[
        CliOption {
            name: "mode",
            value: "M",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "intensity",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "only",
            value: "A:B",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "protect",
            value: "A:B",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "fix-checksums",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "member",
            value: "GLOB",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "files",
            value: "GLOB",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "seed",
            value: "S",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "fault",
            value: "RULE",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "faults",
            value: "PLAN",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "log",
            value: "FILE",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "upper",
            value: "DIR",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "replay",
            value: "LOG",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "power-cut",
            value: "MODEL",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "power-cut-at",
            value: "K",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "sector",
            value: "BYTES",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "torn-fill",
            value: "FILL",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "dry-run",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "quiet",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "help",
            value: "",
            short: Some('h'),
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
    ],
    positionals: &[Positional { name: "SOURCE", many: false }, Positional { name: "MOUNTPOINT", many: false }],
    name: "mount",
};

/// `fracture umount MOUNTPOINT`
pub const UMOUNT: Command = Command {
    options: &[CliOption {
        name: "help",
        value: "",
        short: Some('h'),
        repeatable: false,
        path: false,
        npm_only: false,
        native_only: false,
    }],
    positionals: &[Positional { name: "MOUNTPOINT", many: false }],
    name: "umount",
};

/// `fracture ctl MOUNTPOINT REQUEST [PLAN]`
pub const CTL: Command = Command {
    options: &[CliOption {
        name: "help",
        value: "",
        short: Some('h'),
        repeatable: false,
        path: false,
        npm_only: false,
        native_only: false,
    }],
    positionals: &[
        Positional { name: "MOUNTPOINT", many: false },
        Positional { name: "REQUEST", many: false },
        Positional { name: "PLAN", many: false },
    ],
    name: "ctl",
};

/// `fracture agree [OPTIONS] [FILE]...`
pub const AGREE: Command = Command {
    options: &[
        CliOption {
            name: "mode",
            value: "M",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "intensity",
            value: "N",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "only",
            value: "A:B",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "protect",
            value: "A:B",
            short: None,
            repeatable: true,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "fix-checksums",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "seeds",
            value: "A..B",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "native",
            value: "PATH",
            short: None,
            repeatable: false,
            path: true,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "engines",
            value: "LIST",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "json",
            value: "",
            short: None,
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
        CliOption {
            name: "help",
            value: "",
            short: Some('h'),
            repeatable: false,
            path: false,
            npm_only: false,
            native_only: false,
        },
    ],
    positionals: &[Positional { name: "FILE", many: true }],
    name: "agree",
};

/// Command `name`'s help text, as the native CLI prints it.
pub fn help(name: &str) -> &'static str {
    match name {
        "fracture" => "Corrupts copies of FILEs deterministically; the originals are never changed.\n\nUsage: fracture [OPTIONS] [FILE]...\n\nArguments:\n  [FILE]...  the files to corrupt; - reads standard input and writes the result to standard output\n\nOptions:\n      --mode <M>        byte_flip (default), header_preserve_flip, truncate_insert, shuffle_blocks,\n                        guaranteed_break, interrupted_transfer, bad_sectors, bit_rot, text_transfer,\n                        seven_bit, charset_roundtrip, misdirected_write, or a UI name:\n                        quick_scramble, stealth_corruption, cut_replace, jumble_sections,\n                        interrupted_download\n      --intensity <N>   0-100 (default 80)\n      --seed <S>        0-9007199254740991 (default random, always printed); variant j of file i\n                        uses S + i * N + j\n      --count <N>       variants of every FILE (default 1, at most 1000000); with N > 1 they are\n                        named {base}_corrupted_{seed}{.ext}\n      --only <A:B>      change bytes only in [A, B) (repeatable): byte offsets, B exclusive, 0x hex\n                        allowed, negative counts from the end, an empty end is the file's\n                        (--only=-4096:); or a selector FORMAT:PATH of the file's structure map\n                        (png:IDAT/data)\n      --protect <A:B>   never change bytes in [A, B) (repeatable; the same form)\n      --fix-checksums   recompute the checksums that cover stored bytes (PNG chunks, STORED ZIP\n                        entries, tar headers, Ogg pages, FLAC frames) after the damage, so readers\n                        reach it. --only, --protect and --fix-checksums: byte_flip,\n                        header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write\n      --member <GLOB>   corrupt only the members of a ZIP-family or tar archive whose names match\n                        GLOB (* and ? within a path segment, ** across segments), each as a file of\n                        its own, and keep the archive valid\n      --direction <D>   text_transfer: lf_to_crlf or crlf_to_lf (default: the seed chooses);\n                        charset_roundtrip: to_utf8 (default) or from_utf8\n      --charset <C>     charset_roundtrip: cp1252 (default) or latin1\n      --bom <B>         charset_roundtrip: keep (default), add or strip a UTF-8 BOM at the start\n      --block-size <B>  misdirected_write: 4096 (default) or 512\n      --out <DIR>       output directory (default ./corrupted): DIR/{base}_corrupted{.ext}\n      --name <NAME>     the name FILE - goes by, for format detection and reports (default stdin)\n      --report          also write DIR/{name}_corruption_report.json\n                        ({name}_{seed}_corruption_report.json with N > 1)\n      --pdf             also write DIR/{name}_corruption_report.pdf, named as --report names the\n                        JSON; with --zip the session report PDF goes into the ZIP too\n      --json            print one report per line on stdout (on stderr when a FILE is -)\n      --zip <FILE>      also write a batch ZIP with every corrupted file and the session report\n      --quiet           no progress bars and no per-file lines (errors and the seed line still\n                        print)\n      --dry-run         print the plan (each input, how it is read, each output and its seed) and\n                        write nothing; with --json as one JSON object\n  -h, --help            print this help\n  -V, --version         print the version\n\nCommands:\n  minimize  the fewest changed bytes that still make a command fail (fracture minimize --help)\n  bench     the engine's speed per mode on inputs made from a seed (fracture bench --help)\n  run       feed variants to a program and report what crashed or hung (fracture run --help)\n  merge     merge the directories of campaign shards into one (fracture merge --help)\n  diagnose  which known damage explains a file, with its evidence (fracture diagnose --help)\n  mount     show files through a FUSE mount that corrupts reads and injects seeded I/O faults (native CLI; fracture mount --help)\n  umount    end a Fracture mount, also one whose process was killed (native CLI)\n  ctl       change a running mount's faults or read its log (native CLI; fracture ctl --help)\n\nExit status: 0 all files corrupted, 1 a file failed (the others are still written), 2 usage error.\n",
        "minimize" => "Finds a file that differs from ORIGINAL in as few bytes as possible while the test command still\nfails on it, starting from CORRUPTED (same length). The result is 1-minimal: restoring any one of\nits changed bytes makes the test pass.\n\nUsage: fracture minimize [OPTIONS] [ORIGINAL] [CORRUPTED]\n\nArguments:\n  [ORIGINAL]   the file the test passes on\n  [CORRUPTED]  a corrupted copy of it, of the same length, that the test fails on\n\nOptions:\n      --test <CMD>    the test, run by /bin/sh: {} is the candidate file's path (without {}: it is\n                      standard input)\n      --out <FILE>    where to write the result (default {base}_minimized{.ext} beside CORRUPTED)\n      --timeout <MS>  a test running longer has failed (default 10000)\n      --jobs <N>      tests run at once (default: the number of cores)\n      --quiet         no progress lines\n  -h, --help          print this help\n\nThe test is run by /bin/sh exactly as written, with your rights: give it only commands you would\ntype yourself. {} becomes the path of a temporary copy named like CORRUPTED (letters, digits and ._-\nkept, others made _), in a directory of its own per parallel test, quoted for the shell only if the\npath needs it; a test without {} reads the file on standard input. Failing is a non-zero exit, a\nsignal, or running past --timeout; its output is discarded. Temporary files are removed at the end\nand on Ctrl-C.\n\nExit status: 0 minimised, 1 the test passes on CORRUPTED or fails on ORIGINAL (or a file error), 2\nusage error.\n",
        "bench" => "Times the engine on each mode with inputs made from the seed (random bytes and a PNG), the same\nsuite and JSON in the native CLI, the npm CLI and the /benchmark page (docs/benchmark.md). Timed:\nthe engine streaming the input from memory on one core (the reference engine: one whole-buffer\ncall), its output copied out; not timed: making the input.\n\nUsage: fracture bench [OPTIONS]\n\nOptions:\n      --sizes <LIST>      input sizes in MiB, comma-separated; 64K is KiB (default 16, at most 2048\n                          MiB)\n      --modes <LIST>      modes, comma-separated (default all twelve)\n      --inputs <LIST>     random, png or both, comma-separated (default random,png)\n      --intensity <N>     0-100 (default 80)\n      --runs <N>          timed runs per row, 1-100 (default 5); the table shows their median and\n                          range\n      --seed <S>          makes the inputs and seeds the engine (default 1)\n      --json              print the result as one JSON object (docs/benchmark.md) instead of the\n                          table\n      --compare <OLD>     a JSON result to compare with: the ratio new / old per row\n      --max-slowdown <R>  with --compare, exit 1 when a row's ratio is above R (default 1.25)\n  -h, --help              print this help\n\nExit status: 0 done, 1 a row is slower than OLD by more than --max-slowdown (or the engine failed),\n2 usage error.\n",
        "run" => "Feeds each variant of FILEs to PROGRAM and records what happened: accepted (exit 0), rejected\n(another exit), crashed (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP or SIGSYS; an exit code\nin --crash-exit; a sanitizer report, a Rust panic or --crash-pattern on standard error) or hung\n(still running at --timeout: its process group is killed). Variant j of file i uses seed S + i * N +\nj, the bytes `fracture --seed S --count N` writes for it.\n\nUsage: fracture run [OPTIONS] FILE... -- PROGRAM [ARGS]...\n\nArguments:\n  FILE...            the files whose variants PROGRAM gets\n  PROGRAM [ARGS]...  the program under test and its arguments, after --\n\nOptions:\n      --mode <M>               byte_flip (default), header_preserve_flip, truncate_insert,\n                               shuffle_blocks, guaranteed_break, interrupted_transfer, bad_sectors,\n                               bit_rot, text_transfer, seven_bit, charset_roundtrip,\n                               misdirected_write, or a UI name: quick_scramble, stealth_corruption,\n                               cut_replace, jumble_sections, interrupted_download\n      --intensity <N>          0-100 (default 80)\n      --only <A:B>             change bytes only in [A, B) (repeatable): byte offsets, B exclusive,\n                               0x hex allowed, negative counts from the end, an empty end is the\n                               file's (--only=-4096:); or a selector FORMAT:PATH of the file's\n                               structure map (png:IDAT/data)\n      --protect <A:B>          never change bytes in [A, B) (repeatable; the same form)\n      --fix-checksums          recompute the checksums that cover stored bytes (PNG chunks, STORED\n                               ZIP entries, tar headers, Ogg pages, FLAC frames) after the damage,\n                               so readers reach it. --only, --protect and --fix-checksums:\n                               byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and\n                               misdirected_write\n      --seed <S>               0-9007199254740991 (default random, always printed; with --resume the\n                               campaign's)\n      --count <N>              variants of every FILE (default 1, at most 1000000); variant j of\n                               file i uses S + i * N + j\n      --jobs <J>               runs at once (default: the number of cores)\n      --timeout <SECONDS>      a run still going after this is hung (default 10; up to 3 decimals)\n      --out <DIR>              the campaign directory (default ./campaign)\n      --shard <K/M>            run only slice K of M (the runs whose index r = i * N + j has r % M\n                               == K - 1)\n      --crash-exit <CODES>     exit codes that count as crashes: 1-255 and ranges A-B,\n                               comma-separated (134,139,200-210; default none)\n      --crash-pattern <REGEX>  a standard-error line matching REGEX is a crash\n      --resume                 continue the campaign in DIR, skipping the runs it recorded\n      --mount <SOURCE>         instead of variants of FILEs, run PROGRAM on a fresh fracture mount\n                               of SOURCE each time, run k with seed S + k; {} is the mount's path;\n                               --fault, --faults and --files as fracture mount takes them (native\n                               CLI; docs/mount.md)\n      --files <GLOB>           with --mount: corrupt only the files whose path matches GLOB\n      --fault <RULE>           with --mount: a fault rule OP:GLOB:TRIGGER:EFFECT (repeatable;\n                               fracture mount --help)\n      --faults <PLAN>          with --mount: the rules of a TOML plan\n      --power-cut <MODEL>      with --mount: the power-cut loop. PROGRAM runs once to count its\n                               durability points, then again for each (and after it ends; --max of\n                               them at most), its power cut there as MODEL says (lose_unsynced,\n                               torn, reorder, lost_write or misdirected), and --check judges what\n                               the disk holds\n      --check <CHECKER>        with --power-cut: a shell command run on a mount of what a cut left\n                               ({} its path): exit 0 accepts it. It and PROGRAM share\n                               $FRACTURE_NOTES, the cut's own directory outside the mount, for what\n                               PROGRAM reported done\n      --max <N>                with --power-cut: at most N cut points, a seeded sample (default all)\n      --keep-trees             with --power-cut: keep each cut's upper directory in DIR/trees/K\n      --sector <BYTES>         with --power-cut: the sector of torn writes and the block of lost and\n                               misdirected ones, 512 or 4096 (default 4096)\n      --torn-fill <FILL>       with --power-cut: what a torn write's missing sectors hold, zeros\n                               (default) or old\n      --no-minimize            do not minimise the unique crashes\n      --no-baseline            do not run each FILE unmodified first (by default a failure the\n                               original shows too is marked pre-existing, counted apart and not\n                               minimised)\n      --quiet                  no progress line and no closing line (errors and the seed line still\n                               print)\n  -h, --help                   print this help\n\nPROGRAM runs directly (no shell) with your rights, in its own process group. {} in ARGS becomes the\nvariant's path (a file named like the input, in a private temporary directory); without {} the\nvariant is PROGRAM's standard input. DIR gets runs.jsonl (a line per run), campaign.json, summary.md\nand crashes/ID/ with each unique crash's first variant, its minimised file and its output. Ctrl-C\nstops cleanly; --resume continues. Specification: docs/campaigns.md.\n\nExit status: 0 nothing crashed or hung, 1 something did (or the campaign could not go on), 2 usage\nerror.\n",
        "merge" => "Merges the directories of the shards of one campaign (fracture run --shard K/M) into one, equal to a\nsingle run over all of them.\n\nUsage: fracture merge [OPTIONS] DIR...\n\nArguments:\n  DIR...  the shards' campaign directories\n\nOptions:\n      --out <DIR>  the merged campaign's directory (absent or empty)\n      --quiet      no closing line\n  -h, --help       print this help\n\nExit status: 0 nothing crashed or hung, 1 something did, 2 usage error.\n",
        "diagnose" => "Says which known damage explains FILE, with its evidence and a confidence: a text-mode transfer (LF\nto CRLF or back), a 7-bit transport, a charset round trip, a byte order mark added or removed, a\ncut, sectors read back as zeros, a block written at another block's place, a damaged signature,\nchecksums that no longer match, data after the format's end. Damage it cannot name is called\nunknown, never guessed. With --original, every difference is classified and the diagnosis says\nwhether the causes explain them all. FILE is only read: nothing is written unless --repair is given.\n\nUsage: fracture diagnose [OPTIONS] FILE\n\nArguments:\n  [FILE]  the file to diagnose\n\nOptions:\n      --original <FILE>  the file as it was before the damage: every difference is classified (the\n                         sizes may differ)\n      --repair <OUT>     write FILE with the reversible damage undone to OUT (never onto an input;\n                         through a temporary file renamed into place)\n      --json             print the diagnosis as one JSON object: file, size, family, causes (cause,\n                         confidence, evidence, ...), unknown, explained, original, notes\n  -h, --help             print this help\n\ndocs/damage.md says what each cause is, which tools cause it and what diagnose looks for.\n\nExit status: 0 no damage found, 1 damage found (or a file could not be read), 2 usage error.\n",
        "mount" => "Shows SOURCE (a directory, or one file) at MOUNTPOINT through FUSE. With a corruption option, each\nfile read through the mount gives the bytes `fracture` writes for a copy of it; rules (--fault,\n--faults) inject seeded faults into the operations of the programs that use it. Writes, creations,\nrenames and deletions land in an upper directory: SOURCE is never written.\n\nUsage: fracture mount [OPTIONS] SOURCE MOUNTPOINT [-- COMMAND [ARGS]...]\n\nArguments:\n  [SOURCE]           the directory or file to show\n  [MOUNTPOINT]       an empty directory to mount on\n  COMMAND [ARGS]...  run with the mount in place, after --; the mount ends when it does, and\n                     Fracture exits with its status\n\nOptions:\n      --mode <M>           byte_flip (default), header_preserve_flip, truncate_insert,\n                           shuffle_blocks, guaranteed_break, interrupted_transfer, bad_sectors,\n                           bit_rot, text_transfer, seven_bit, charset_roundtrip, misdirected_write,\n                           or a UI name: quick_scramble, stealth_corruption, cut_replace,\n                           jumble_sections, interrupted_download\n      --intensity <N>      0-100 (default 80)\n      --only <A:B>         change bytes only in [A, B) (repeatable): byte offsets, B exclusive, 0x\n                           hex allowed, negative counts from the end, an empty end is the file's\n                           (--only=-4096:); or a selector FORMAT:PATH of the file's structure map\n                           (png:IDAT/data)\n      --protect <A:B>      never change bytes in [A, B) (repeatable; the same form)\n      --fix-checksums      recompute the checksums that cover stored bytes (PNG chunks, STORED ZIP\n                           entries, tar headers, Ogg pages, FLAC frames) after the damage, so\n                           readers reach it. --only, --protect and --fix-checksums: byte_flip,\n                           header_preserve_flip, bad_sectors, bit_rot, seven_bit and\n                           misdirected_write\n      --member <GLOB>      corrupt only the members of a ZIP-family or tar archive whose names match\n                           GLOB (* and ? within a path segment, ** across segments), each as a file\n                           of its own, and keep the archive valid\n      --files <GLOB>       corrupt only the files whose path matches GLOB (repeatable; by default\n                           every file once a corruption option is given; without one, files show as\n                           they are)\n      --seed <S>           0-9007199254740991 (default random, always printed): the seed of a file\n                           SOURCE; in a directory, a file's seed is S plus a hash of its path\n                           (--dry-run prints each)\n      --fault <RULE>       a fault rule OP:GLOB:TRIGGER:EFFECT (repeatable; below)\n      --faults <PLAN>      the rules of a TOML plan: [[fault]] tables (docs/mount.md)\n      --log <FILE>         write the settings, then every injected fault and every corrupted read,\n                           as JSON lines\n      --upper <DIR>        keep what programs write in DIR (default: a private directory, removed at\n                           the end)\n      --replay <LOG>       inject exactly the faults of a log again, with its seed and corruption\n      --power-cut <MODEL>  hold writes, creations, renames and unlinks until the program makes them\n                           durable (fsync; a directory's fsync for names), and cut the power as\n                           MODEL says: lose_unsynced, torn, reorder, lost_write or misdirected\n                           (docs/mount.md)\n      --power-cut-at <K>   cut the power at the Kth durability point of the run (an fsync,\n                           fdatasync, directory fsync or O_SYNC write, before it takes effect), or\n                           end: after the program ends; Fracture then exits 0 and prints the cut\n      --sector <BYTES>     the sector of torn writes and the block of lost and misdirected ones: 512\n                           or 4096 (default 4096)\n      --torn-fill <FILL>   what the sectors of a torn write that never came hold: zeros (default) or\n                           old (the bytes that were there)\n      --dry-run            print each corrupted file's seed and the fracture command that writes its\n                           bytes, and the rules; mount nothing\n      --quiet              no line when the mount is ready\n  -h, --help               print this help\n\nWithout COMMAND the mount stays until Ctrl-C, SIGTERM or fracture umount MOUNTPOINT. A rule is\nOP:GLOB:TRIGGER:EFFECT. OP: open, read, write, fsync, fdatasync, rename, unlink or any. GLOB: the\npath inside the mount (* and ? within a segment, ** across; without a / it matches the file's name).\nTRIGGER: nth=N (the Nth such operation on a file), offset=N (every operation touching that byte),\nsel=SELECTOR (a region of the file's structure map, png:IDAT#1), after=BYTES (once that many bytes\nwere written through the mount) or p=P (drawn from the seed and the operation, never from a shared\nstream). EFFECT: an errno (EIO, ENOSPC, EACCES, EROFS, EPERM, EDQUOT, EFBIG, ...), short or short=N,\ndelay=MS, or for fsync and fdatasync drop (the unsynced writes are lost and the call fails, as Linux\ndoes after a writeback error). Example: --fault 'read:*.db:nth=5:EIO'. Specification: docs/mount.md.\n\nExit status: the command's (128 + N when signal N ended it); without a command 0; 2 usage error, or\na mount that could not be made.\n",
        "umount" => "Ends a Fracture mount: asks its process to end and waits for it, or, when that process was killed,\nunmounts and removes the temporary directories it left.\n\nUsage: fracture umount MOUNTPOINT\n\nArguments:\n  [MOUNTPOINT]  where the mount is\n\nOptions:\n  -h, --help  print this help\n\nExit status: 0 the mount is gone, 1 not a Fracture mount (or it could not be unmounted), 2 usage\nerror.\n",
        "ctl" => "Talks to a running mount through its control socket (in a private directory of its user): faults\nPLAN replaces its rules with the plan's (- reads the plan from standard input); log prints its log\nso far; power-cut cuts the power now (a mount with --power-cut) and prints the cut.\n\nUsage: fracture ctl MOUNTPOINT REQUEST [PLAN]\n\nArguments:\n  [MOUNTPOINT]  where the mount is\n  [REQUEST]     faults, log or power-cut\n  [PLAN]        the TOML plan, for faults\n\nOptions:\n  -h, --help  print this help\n\nExit status: 0 done, 1 the mount refused the request or is not running, 2 usage error.\n",
        "agree" => "Runs the WebAssembly engine, the TypeScript reference engine and, with --native, the native binary\non each FILE with each seed and the same corruption options, and compares their output bytes and\nreports (timings aside). Prints one line per FILE and seed.\n\nUsage: fracture agree [OPTIONS] [FILE]...\n\nArguments:\n  [FILE]...  the files to run the engines on (they are only read)\n\nOptions:\n      --mode <M>        byte_flip (default), header_preserve_flip, truncate_insert, shuffle_blocks,\n                        guaranteed_break, interrupted_transfer, bad_sectors, bit_rot, text_transfer,\n                        seven_bit, charset_roundtrip, misdirected_write, or a UI name:\n                        quick_scramble, stealth_corruption, cut_replace, jumble_sections,\n                        interrupted_download\n      --intensity <N>   0-100 (default 80)\n      --only <A:B>      change bytes only in [A, B) (repeatable): byte offsets, B exclusive, 0x hex\n                        allowed, negative counts from the end, an empty end is the file's\n                        (--only=-4096:); or a selector FORMAT:PATH of the file's structure map\n                        (png:IDAT/data)\n      --protect <A:B>   never change bytes in [A, B) (repeatable; the same form)\n      --fix-checksums   recompute the checksums that cover stored bytes (PNG chunks, STORED ZIP\n                        entries, tar headers, Ogg pages, FLAC frames) after the damage, so readers\n                        reach it. --only, --protect and --fix-checksums: byte_flip,\n                        header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write\n      --seeds <A..B>    the seeds, A to B inclusive, each run on every FILE (default 0..2; a single\n                        S is S..S; at most 1000000 seeds)\n      --native <PATH>   also run this native fracture binary (as a subprocess, writing to a\n                        temporary directory) and compare it\n      --engines <LIST>  the engines compared, comma-separated, at least two of wasm, ts and native\n                        (default wasm,ts, and native with --native); leave ts out for files past\n                        4294967295 bytes or to keep memory bounded\n      --json            print one JSON object per FILE and seed on stdout instead of a line of text\n  -h, --help            print this help\n\nThe WebAssembly engine streams every file as the corrupting command does, and its output is compared\npiece by piece as it is made; the native output is written to a temporary directory and read back in\npieces; the reference engine holds the file and its output in memory.\n\nExit status: 0 all engines agree on every FILE and seed, 1 some differ (the line names the first\ndiffering byte offset and the report fields that differ) or a run failed, 2 usage error.\n",
        _ => "",
    }
}

/// The usage errors, each the one line `line` wraps.
pub mod usage {
    use std::fmt::Display;

    /// fracture: {message} (see {command} --help)
    pub fn line(message: impl Display, command: impl Display) -> String {
        format!("fracture: {message} (see {command} --help)")
    }

    /// unknown option {option}
    pub fn unknown_option(option: impl Display) -> String {
        format!("unknown option {option}")
    }

    /// unexpected argument {argument}
    pub fn unexpected_argument(argument: impl Display) -> String {
        format!("unexpected argument {argument}")
    }

    /// option {option} needs a value
    pub fn needs_value(option: impl Display) -> String {
        format!("option {option} needs a value")
    }

    /// option {option} takes no value
    pub fn takes_no_value(option: impl Display) -> String {
        format!("option {option} takes no value")
    }

    /// invalid UTF-8 was detected in one or more arguments
    pub fn invalid_utf8() -> String {
        "invalid UTF-8 was detected in one or more arguments".to_string()
    }

    /// {option} is an option of the npm CLI (npx fracture); this is the native engine
    pub fn npm_only(option: impl Display) -> String {
        format!("{option} is an option of the npm CLI (npx fracture); this is the native engine")
    }

    /// {option} is an option of the native CLI (fracture, built from engine-rs with cargo build --release): it mounts a FUSE file system, which this one cannot
    pub fn native_only_option(option: impl Display) -> String {
        format!("{option} is an option of the native CLI (fracture, built from engine-rs with cargo build --release): it mounts a FUSE file system, which this one cannot")
    }

    /// {command} is a command of the native CLI (fracture, built from engine-rs with cargo build --release): it mounts a FUSE file system, which this one cannot
    pub fn native_only(command: impl Display) -> String {
        format!("{command} is a command of the native CLI (fracture, built from engine-rs with cargo build --release): it mounts a FUSE file system, which this one cannot")
    }

    /// Unsupported corruption mode: {mode}
    pub fn mode(mode: impl Display) -> String {
        format!("Unsupported corruption mode: {mode}")
    }

    /// Intensity must be an integer from 0 to 100, got {value}
    pub fn intensity(value: impl Display) -> String {
        format!("Intensity must be an integer from 0 to 100, got {value}")
    }

    /// Seed must be an integer from 0 to {max}, got {value}
    pub fn seed(max: impl Display, value: impl Display) -> String {
        format!("Seed must be an integer from 0 to {max}, got {value}")
    }

    /// Count must be an integer from 1 to {max}, got {value}
    pub fn count(max: impl Display, value: impl Display) -> String {
        format!("Count must be an integer from 1 to {max}, got {value}")
    }

    /// --member needs a glob, such as word/document.xml or '**/*.xml'
    pub fn member() -> String {
        "--member needs a glob, such as word/document.xml or '**/*.xml'".to_string()
    }

    /// --name must be a file name, not a path or a name with control characters: {name}
    pub fn name(name: impl Display) -> String {
        format!("--name must be a file name, not a path or a name with control characters: {name}")
    }

    /// no input files
    pub fn no_input_files() -> String {
        "no input files".to_string()
    }

    /// - (standard input) can be given only once
    pub fn stdin_twice() -> String {
        "- (standard input) can be given only once".to_string()
    }

    /// --zip cannot be used with - (the corrupted bytes go to standard output)
    pub fn zip_with_stdin() -> String {
        "--zip cannot be used with - (the corrupted bytes go to standard output)".to_string()
    }

    /// --count above 1 cannot be used with - (standard output holds one file)
    pub fn count_with_stdin() -> String {
        "--count above 1 cannot be used with - (standard output holds one file)".to_string()
    }

    /// --name names standard input: it needs - among the FILEs
    pub fn name_without_stdin() -> String {
        "--name names standard input: it needs - among the FILEs".to_string()
    }

    /// mount needs SOURCE and MOUNTPOINT
    pub fn mount_needs_paths() -> String {
        "mount needs SOURCE and MOUNTPOINT".to_string()
    }

    /// --mount runs PROGRAM on a mount of SOURCE: give no FILE with it
    pub fn mount_campaign_files() -> String {
        "--mount runs PROGRAM on a mount of SOURCE: give no FILE with it".to_string()
    }

    /// {option} is not for --mount campaigns
    pub fn mount_campaign_resume(option: impl Display) -> String {
        format!("{option} is not for --mount campaigns")
    }

    /// {option} needs --mount
    pub fn mount_only(option: impl Display) -> String {
        format!("{option} needs --mount")
    }

    /// {option} needs --power-cut
    pub fn check_needs_power_cut(option: impl Display) -> String {
        format!("{option} needs --power-cut")
    }

    /// --power-cut needs --check CHECKER: the command that says whether what a cut left is sound
    pub fn power_cut_needs_check() -> String {
        "--power-cut needs --check CHECKER: the command that says whether what a cut left is sound".to_string()
    }

    /// Max must be an integer from 1 to {max}, got {value}
    pub fn max_cuts(max: impl Display, value: impl Display) -> String {
        format!("Max must be an integer from 1 to {max}, got {value}")
    }

    /// --replay takes the seed, the corruption and the faults from its log: give none of them with it
    pub fn replay_alone() -> String {
        "--replay takes the seed, the corruption and the faults from its log: give none of them with it".to_string()
    }

    /// umount needs MOUNTPOINT
    pub fn umount_needs_mountpoint() -> String {
        "umount needs MOUNTPOINT".to_string()
    }

    /// Unknown power-cut model: {value} (lose_unsynced, torn, reorder, lost_write or misdirected)
    pub fn power_cut_model(value: impl Display) -> String {
        format!("Unknown power-cut model: {value} (lose_unsynced, torn, reorder, lost_write or misdirected)")
    }

    /// --power-cut-at takes a durability point from 1, or end, got {value}
    pub fn power_cut_at(value: impl Display) -> String {
        format!("--power-cut-at takes a durability point from 1, or end, got {value}")
    }

    /// {option} needs --power-cut MODEL
    pub fn power_cut_needs_model(option: impl Display) -> String {
        format!("{option} needs --power-cut MODEL")
    }

    /// --sector is 512 or 4096, got {value}
    pub fn sector(value: impl Display) -> String {
        format!("--sector is 512 or 4096, got {value}")
    }

    /// --torn-fill is zeros or old, got {value}
    pub fn torn_fill(value: impl Display) -> String {
        format!("--torn-fill is zeros or old, got {value}")
    }

    /// ctl needs MOUNTPOINT and a request: faults PLAN, log, or power-cut
    pub fn ctl_request() -> String {
        "ctl needs MOUNTPOINT and a request: faults PLAN, log, or power-cut".to_string()
    }

    /// Jobs must be an integer from 1 to {max}, got {value}
    pub fn jobs(max: impl Display, value: impl Display) -> String {
        format!("Jobs must be an integer from 1 to {max}, got {value}")
    }

    /// Timeout must be an integer from 1 to {max} (milliseconds), got {value}
    pub fn minimize_timeout(max: impl Display, value: impl Display) -> String {
        format!("Timeout must be an integer from 1 to {max} (milliseconds), got {value}")
    }

    /// minimize needs --test CMD
    pub fn minimize_needs_test() -> String {
        "minimize needs --test CMD".to_string()
    }

    /// minimize needs ORIGINAL and CORRUPTED
    pub fn minimize_needs_files() -> String {
        "minimize needs ORIGINAL and CORRUPTED".to_string()
    }

    /// Sizes must be MiB from 1 to 2048 (or KiB as 64K), comma-separated, got {value}
    pub fn sizes(value: impl Display) -> String {
        format!("Sizes must be MiB from 1 to 2048 (or KiB as 64K), comma-separated, got {value}")
    }

    /// Runs must be an integer from 1 to {max}, got {value}
    pub fn runs(max: impl Display, value: impl Display) -> String {
        format!("Runs must be an integer from 1 to {max}, got {value}")
    }

    /// Unknown input: {input} (random or png)
    pub fn bench_input(input: impl Display) -> String {
        format!("Unknown input: {input} (random or png)")
    }

    /// Max slowdown must be a number of at least 1, got {value}
    pub fn max_slowdown(value: impl Display) -> String {
        format!("Max slowdown must be a number of at least 1, got {value}")
    }

    /// Timeout must be a number of seconds above 0 and at most {max}, with up to 3 decimals, got {value}
    pub fn run_timeout(max: impl Display, value: impl Display) -> String {
        format!("Timeout must be a number of seconds above 0 and at most {max}, with up to 3 decimals, got {value}")
    }

    /// Shard must be K/M with 1 <= K <= M <= {max}, got {value}
    pub fn shard(max: impl Display, value: impl Display) -> String {
        format!("Shard must be K/M with 1 <= K <= M <= {max}, got {value}")
    }

    /// --crash-exit must be exit codes from 1 to 255 and ranges A-B, comma-separated, got {value}
    pub fn crash_exit(value: impl Display) -> String {
        format!("--crash-exit must be exit codes from 1 to 255 and ranges A-B, comma-separated, got {value}")
    }

    /// --crash-pattern is not a valid regular expression: {why}
    pub fn crash_pattern(why: impl Display) -> String {
        format!("--crash-pattern is not a valid regular expression: {why}")
    }

    /// - (standard input) cannot be a campaign input
    pub fn stdin_in_campaign() -> String {
        "- (standard input) cannot be a campaign input".to_string()
    }

    /// run needs -- PROGRAM [ARGS...] after the FILEs
    pub fn run_needs_program() -> String {
        "run needs -- PROGRAM [ARGS...] after the FILEs".to_string()
    }

    /// --out {path} is not a directory
    pub fn campaign_out_not_directory(path: impl Display) -> String {
        format!("--out {path} is not a directory")
    }

    /// {path} already holds a campaign: continue it with --resume, or choose another --out
    pub fn campaign_exists(path: impl Display) -> String {
        format!("{path} already holds a campaign: continue it with --resume, or choose another --out")
    }

    /// --resume: cannot read {path}: {why}
    pub fn resume_unreadable(path: impl Display, why: impl Display) -> String {
        format!("--resume: cannot read {path}: {why}")
    }

    /// cannot read {path}: {why}
    pub fn campaign_unreadable(path: impl Display, why: impl Display) -> String {
        format!("cannot read {path}: {why}")
    }

    /// {path} is not a campaign (campaign.json, version 1)
    pub fn not_a_campaign(path: impl Display) -> String {
        format!("{path} is not a campaign (campaign.json, version 1)")
    }

    /// {path} is another campaign
    pub fn another_campaign(path: impl Display) -> String {
        format!("{path} is another campaign")
    }

    /// {path} is another campaign: {why}
    pub fn another_campaign_because(path: impl Display, why: impl Display) -> String {
        format!("{path} is another campaign: {why}")
    }

    /// --out {path} must be absent or an empty directory
    pub fn merge_out_not_empty(path: impl Display) -> String {
        format!("--out {path} must be absent or an empty directory")
    }

    /// seed {seed} has two different outcomes in the shards
    pub fn two_outcomes(seed: impl Display) -> String {
        format!("seed {seed} has two different outcomes in the shards")
    }

    /// merge needs at least one DIR
    pub fn merge_needs_dirs() -> String {
        "merge needs at least one DIR".to_string()
    }

    /// merge needs --out DIR
    pub fn merge_needs_out() -> String {
        "merge needs --out DIR".to_string()
    }

    /// diagnose needs one FILE
    pub fn diagnose_needs_file() -> String {
        "diagnose needs one FILE".to_string()
    }

    /// A refused command line's one line, pointing at the help of the command that refused it
    /// (`None`: the corrupting command).
    pub fn refusal(sub: Option<&str>, message: &str) -> String {
        match sub {
            Some(sub) => line(message, format!("fracture {sub}")),
            None => line(message, "fracture"),
        }
    }
}
