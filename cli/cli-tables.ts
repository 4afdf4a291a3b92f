// Generated from engine-data/cli.toml by scripts/gen-engine-data.mjs; do not edit.
// The command lines' options and help texts, as engine-rs/cli/src/cli_tables.rs has them.

export const FRACTURE_ABOUT = 'Corrupts copies of FILEs deterministically; the originals are never changed.';
/** The help of FILE, the corrupting command's positional. */
export const FRACTURE_FILE = 'the files to corrupt; - reads standard input and writes the result to standard output';
/** The subcommands and the exit status, after the options. */
export const FRACTURE_AFTER =
  "Commands:\n  minimize  the fewest changed bytes that still make a command fail (fracture minimize --help)\n  bench     the engine's speed per mode on inputs made from a seed (fracture bench --help)\n  run       feed variants to a program and report what crashed or hung (fracture run --help)\n  merge     merge the directories of campaign shards into one (fracture merge --help)\n  agree     the engines give the same bytes and reports for FILEs and seeds (npm CLI; fracture agree --help)\n\nExit status: 0 all files corrupted, 1 a file failed (the others are still written), 2 usage error.";
/** The corrupting command's options, in the order `--help` lists them. */
export const FRACTURE_OPTIONS = {
  mode: {
    value: 'M',
    help: 'byte_flip (default), header_preserve_flip, truncate_insert, shuffle_blocks, guaranteed_break, interrupted_transfer, bad_sectors, bit_rot, or a UI name: quick_scramble, stealth_corruption, cut_replace, jumble_sections, interrupted_download',
  },
  intensity: { value: 'N', help: '0-100 (default 80)' },
  seed: {
    value: 'S',
    help: '0-9007199254740991 (default random, always printed); variant j of file i uses S + i * N + j',
  },
  count: {
    value: 'N',
    help: 'variants of every FILE (default 1, at most 1000000); with N > 1 they are named {base}_corrupted_{seed}{.ext}',
  },
  only: {
    value: 'A:B',
    repeatable: true,
    help: "change bytes only in [A, B) (repeatable): byte offsets, B exclusive, 0x hex allowed, negative counts from the end, an empty end is the file's (--only=-4096:); or a selector FORMAT:PATH of the file's structure map (png:IDAT/data)",
  },
  protect: { value: 'A:B', repeatable: true, help: 'never change bytes in [A, B) (repeatable; the same form)' },
  'fix-checksums': {
    help: 'recompute the checksums that cover stored bytes (PNG chunks, STORED ZIP entries, tar headers, Ogg pages, FLAC frames) after the damage, so readers reach it. --only, --protect and --fix-checksums: byte_flip, header_preserve_flip, bad_sectors and bit_rot',
  },
  member: {
    value: 'GLOB',
    help: 'corrupt only the members of a ZIP-family or tar archive whose names match GLOB (* and ? within a path segment, ** across segments), each as a file of its own, and keep the archive valid',
  },
  out: { value: 'DIR', help: 'output directory (default ./corrupted): DIR/{base}_corrupted{.ext}' },
  name: { value: 'NAME', help: 'the name FILE - goes by, for format detection and reports (default stdin)' },
  engine: {
    value: 'E',
    npmOnly: true,
    help: 'wasm (default: the WebAssembly engine the browser runs) or ts (the reference engine)',
  },
  report: { help: 'also write DIR/{name}_corruption_report.json ({name}_{seed}_corruption_report.json with N > 1)' },
  pdf: {
    help: 'also write DIR/{name}_corruption_report.pdf, named as --report names the JSON; with --zip the session report PDF goes into the ZIP too',
  },
  json: { help: 'print one report per line on stdout (on stderr when a FILE is -)' },
  zip: { value: 'FILE', help: 'also write a batch ZIP with every corrupted file and the session report' },
  quiet: { help: 'no progress bars and no per-file lines (errors and the seed line still print)' },
  'dry-run': {
    help: 'print the plan (each input, how it is read, each output and its seed) and write nothing; with --json as one JSON object',
  },
  help: { short: 'h', help: 'print this help' },
  version: { short: 'V', help: 'print the version' },
} as const;

export const MINIMIZE_ABOUT =
  'Finds a file that differs from ORIGINAL in as few bytes as possible while the test command still fails on it, starting from CORRUPTED (same length). The result is 1-minimal: restoring any one of its changed bytes makes the test pass.';
export const MINIMIZE_ORIGINAL = 'the file the test passes on';
export const MINIMIZE_CORRUPTED = 'a corrupted copy of it, of the same length, that the test fails on';
export const MINIMIZE_AFTER =
  'The test is run by /bin/sh exactly as written, with your rights: give it only commands you would type yourself. {} becomes the path of a temporary copy named like CORRUPTED (letters, digits and ._- kept, others made _), in a directory of its own per parallel test, quoted for the shell only if the path needs it; a test without {} reads the file on standard input. Failing is a non-zero exit, a signal, or running past --timeout; its output is discarded. Temporary files are removed at the end and on Ctrl-C.\n\nExit status: 0 minimised, 1 the test passes on CORRUPTED or fails on ORIGINAL (or a file error), 2 usage error.';
/** `fracture minimize`'s options, in the order `--help` lists them. */
export const MINIMIZE_OPTIONS = {
  test: {
    value: 'CMD',
    help: "the test, run by /bin/sh: {} is the candidate file's path (without {}: it is standard input)",
  },
  out: { value: 'FILE', help: 'where to write the result (default {base}_minimized{.ext} beside CORRUPTED)' },
  timeout: { value: 'MS', help: 'a test running longer has failed (default 10000)' },
  jobs: { value: 'N', help: 'tests run at once (default: the number of cores)' },
  quiet: { help: 'no progress lines' },
  help: { short: 'h', help: 'print this help' },
} as const;
