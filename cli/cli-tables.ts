// Generated from engine-data/cli.toml by scripts/gen-engine-data.mjs; do not edit.
// The npm CLI's help texts and the usage errors, as engine-rs/host/src/cli_tables.rs has them.

/** Each command's help, as `fracture COMMAND --help` prints it (the npm CLI's own options in it). */
export const HELP: Record<string, string> = {
  fracture:
    "Corrupts copies of FILEs deterministically; the originals are never changed.\n\nUsage: fracture [OPTIONS] [FILE]...\n\nArguments:\n  [FILE]...  the files to corrupt; - reads standard input and writes the result to standard output\n\nOptions:\n      --mode <M>        byte_flip (default), header_preserve_flip, truncate_insert, shuffle_blocks,\n                        guaranteed_break, interrupted_transfer, bad_sectors, bit_rot, text_transfer,\n                        seven_bit, charset_roundtrip, misdirected_write, or a UI name:\n                        quick_scramble, stealth_corruption, cut_replace, jumble_sections,\n                        interrupted_download\n      --intensity <N>   0-100 (default 80)\n      --seed <S>        0-9007199254740991 (default random, always printed); variant j of file i\n                        uses S + i * N + j\n      --count <N>       variants of every FILE (default 1, at most 1000000); with N > 1 they are\n                        named {base}_corrupted_{seed}{.ext}\n      --only <A:B>      change bytes only in [A, B) (repeatable): byte offsets, B exclusive, 0x hex\n                        allowed, negative counts from the end, an empty end is the file's\n                        (--only=-4096:); or a selector FORMAT:PATH of the file's structure map\n                        (png:IDAT/data)\n      --protect <A:B>   never change bytes in [A, B) (repeatable; the same form)\n      --fix-checksums   recompute the checksums that cover stored bytes (PNG chunks, STORED ZIP\n                        entries, tar headers, Ogg pages, FLAC frames) after the damage, so readers\n                        reach it. --only, --protect and --fix-checksums: byte_flip,\n                        header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write\n      --member <GLOB>   corrupt only the members of a ZIP-family or tar archive whose names match\n                        GLOB (* and ? within a path segment, ** across segments), each as a file of\n                        its own, and keep the archive valid\n      --direction <D>   text_transfer: lf_to_crlf or crlf_to_lf (default: the seed chooses);\n                        charset_roundtrip: to_utf8 (default) or from_utf8\n      --charset <C>     charset_roundtrip: cp1252 (default) or latin1\n      --bom <B>         charset_roundtrip: keep (default), add or strip a UTF-8 BOM at the start\n      --block-size <B>  misdirected_write: 4096 (default) or 512\n      --out <DIR>       output directory (default ./corrupted): DIR/{base}_corrupted{.ext}\n      --name <NAME>     the name FILE - goes by, for format detection and reports (default stdin)\n      --engine <E>      wasm (default: the WebAssembly engine the browser runs) or ts (the reference\n                        engine)\n      --report          also write DIR/{name}_corruption_report.json\n                        ({name}_{seed}_corruption_report.json with N > 1)\n      --pdf             also write DIR/{name}_corruption_report.pdf, named as --report names the\n                        JSON; with --zip the session report PDF goes into the ZIP too\n      --json            print one report per line on stdout (on stderr when a FILE is -)\n      --zip <FILE>      also write a batch ZIP with every corrupted file and the session report\n      --quiet           no progress bars and no per-file lines (errors and the seed line still\n                        print)\n      --dry-run         print the plan (each input, how it is read, each output and its seed) and\n                        write nothing; with --json as one JSON object\n  -h, --help            print this help\n  -V, --version         print the version\n\nCommands:\n  minimize  the fewest changed bytes that still make a command fail (fracture minimize --help)\n  bench     the engine's speed per mode on inputs made from a seed (fracture bench --help)\n  run       feed variants to a program and report what crashed or hung (fracture run --help)\n  merge     merge the directories of campaign shards into one (fracture merge --help)\n  diagnose  which known damage explains a file, with its evidence (fracture diagnose --help)\n  mount     show files through a FUSE mount that corrupts reads and injects seeded I/O faults (native CLI; fracture mount --help)\n  umount    end a Fracture mount, also one whose process was killed (native CLI)\n  ctl       change a running mount's faults or read its log (native CLI; fracture ctl --help)\n  agree     the engines give the same bytes and reports for FILEs and seeds (npm CLI; fracture agree --help)\n\nExit status: 0 all files corrupted, 1 a file failed (the others are still written), 2 usage error.\n",
  minimize:
    "Finds a file that differs from ORIGINAL in as few bytes as possible while the test command still\nfails on it, starting from CORRUPTED (same length). The result is 1-minimal: restoring any one of\nits changed bytes makes the test pass.\n\nUsage: fracture minimize [OPTIONS] [ORIGINAL] [CORRUPTED]\n\nArguments:\n  [ORIGINAL]   the file the test passes on\n  [CORRUPTED]  a corrupted copy of it, of the same length, that the test fails on\n\nOptions:\n      --test <CMD>    the test, run by /bin/sh: {} is the candidate file's path (without {}: it is\n                      standard input)\n      --out <FILE>    where to write the result (default {base}_minimized{.ext} beside CORRUPTED)\n      --timeout <MS>  a test running longer has failed (default 10000)\n      --jobs <N>      tests run at once (default: the number of cores)\n      --quiet         no progress lines\n  -h, --help          print this help\n\nThe test is run by /bin/sh exactly as written, with your rights: give it only commands you would\ntype yourself. {} becomes the path of a temporary copy named like CORRUPTED (letters, digits and ._-\nkept, others made _), in a directory of its own per parallel test, quoted for the shell only if the\npath needs it; a test without {} reads the file on standard input. Failing is a non-zero exit, a\nsignal, or running past --timeout; its output is discarded. Temporary files are removed at the end\nand on Ctrl-C.\n\nExit status: 0 minimised, 1 the test passes on CORRUPTED or fails on ORIGINAL (or a file error), 2\nusage error.\n",
  bench:
    "Times the engine on each mode with inputs made from the seed (random bytes and a PNG), the same\nsuite and JSON in the native CLI, the npm CLI and the /benchmark page (docs/benchmark.md). Timed:\nthe engine streaming the input from memory on one core (the reference engine: one whole-buffer\ncall), its output copied out; not timed: making the input.\n\nUsage: fracture bench [OPTIONS]\n\nOptions:\n      --sizes <LIST>      input sizes in MiB, comma-separated; 64K is KiB (default 16, at most 2048\n                          MiB)\n      --modes <LIST>      modes, comma-separated (default all twelve)\n      --inputs <LIST>     random, png or both, comma-separated (default random,png)\n      --intensity <N>     0-100 (default 80)\n      --runs <N>          timed runs per row, 1-100 (default 5); the table shows their median and\n                          range\n      --seed <S>          makes the inputs and seeds the engine (default 1)\n      --engine <E>        wasm, ts or both (default both)\n      --ts-max-mib <N>    the reference engine's rows run at most N MiB (default 16)\n      --json              print the result as one JSON object (docs/benchmark.md) instead of the\n                          table\n      --compare <OLD>     a JSON result to compare with: the ratio new / old per row\n      --max-slowdown <R>  with --compare, exit 1 when a row's ratio is above R (default 1.25)\n  -h, --help              print this help\n\nExit status: 0 done, 1 a row is slower than OLD by more than --max-slowdown (or the engine failed),\n2 usage error.\n",
  run: "Feeds each variant of FILEs to PROGRAM and records what happened: accepted (exit 0), rejected\n(another exit), crashed (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP or SIGSYS; an exit code\nin --crash-exit; a sanitizer report, a Rust panic or --crash-pattern on standard error) or hung\n(still running at --timeout: its process group is killed). Variant j of file i uses seed S + i * N +\nj, the bytes `fracture --seed S --count N` writes for it.\n\nUsage: fracture run [OPTIONS] FILE... -- PROGRAM [ARGS]...\n\nArguments:\n  FILE...            the files whose variants PROGRAM gets\n  PROGRAM [ARGS]...  the program under test and its arguments, after --\n\nOptions:\n      --mode <M>               byte_flip (default), header_preserve_flip, truncate_insert,\n                               shuffle_blocks, guaranteed_break, interrupted_transfer, bad_sectors,\n                               bit_rot, text_transfer, seven_bit, charset_roundtrip,\n                               misdirected_write, or a UI name: quick_scramble, stealth_corruption,\n                               cut_replace, jumble_sections, interrupted_download\n      --intensity <N>          0-100 (default 80)\n      --only <A:B>             change bytes only in [A, B) (repeatable): byte offsets, B exclusive,\n                               0x hex allowed, negative counts from the end, an empty end is the\n                               file's (--only=-4096:); or a selector FORMAT:PATH of the file's\n                               structure map (png:IDAT/data)\n      --protect <A:B>          never change bytes in [A, B) (repeatable; the same form)\n      --fix-checksums          recompute the checksums that cover stored bytes (PNG chunks, STORED\n                               ZIP entries, tar headers, Ogg pages, FLAC frames) after the damage,\n                               so readers reach it. --only, --protect and --fix-checksums:\n                               byte_flip, header_preserve_flip, bad_sectors, bit_rot, seven_bit and\n                               misdirected_write\n      --seed <S>               0-9007199254740991 (default random, always printed; with --resume the\n                               campaign's)\n      --count <N>              variants of every FILE (default 1, at most 1000000); variant j of\n                               file i uses S + i * N + j\n      --jobs <J>               runs at once (default: the number of cores)\n      --timeout <SECONDS>      a run still going after this is hung (default 10; up to 3 decimals)\n      --out <DIR>              the campaign directory (default ./campaign)\n      --shard <K/M>            run only slice K of M (the runs whose index r = i * N + j has r % M\n                               == K - 1)\n      --crash-exit <CODES>     exit codes that count as crashes: 1-255 and ranges A-B,\n                               comma-separated (134,139,200-210; default none)\n      --crash-pattern <REGEX>  a standard-error line matching REGEX is a crash\n      --resume                 continue the campaign in DIR, skipping the runs it recorded\n      --mount <SOURCE>         instead of variants of FILEs, run PROGRAM on a fresh fracture mount\n                               of SOURCE each time, run k with seed S + k; {} is the mount's path;\n                               --fault, --faults and --files as fracture mount takes them (native\n                               CLI; docs/mount.md)\n      --files <GLOB>           with --mount: corrupt only the files whose path matches GLOB\n      --fault <RULE>           with --mount: a fault rule OP:GLOB:TRIGGER:EFFECT (repeatable;\n                               fracture mount --help)\n      --faults <PLAN>          with --mount: the rules of a TOML plan\n      --power-cut <MODEL>      with --mount: the power-cut loop. PROGRAM runs once to count its\n                               durability points, then again for each (and after it ends; --max of\n                               them at most), its power cut there as MODEL says (lose_unsynced,\n                               torn, reorder, lost_write or misdirected), and --check judges what\n                               the disk holds\n      --check <CHECKER>        with --power-cut: a shell command run on a mount of what a cut left\n                               ({} its path): exit 0 accepts it. It and PROGRAM share\n                               $FRACTURE_NOTES, the cut's own directory outside the mount, for what\n                               PROGRAM reported done\n      --max <N>                with --power-cut: at most N cut points, a seeded sample (default all)\n      --keep-trees             with --power-cut: keep each cut's upper directory in DIR/trees/K\n      --sector <BYTES>         with --power-cut: the sector of torn writes and the block of lost and\n                               misdirected ones, 512 or 4096 (default 4096)\n      --torn-fill <FILL>       with --power-cut: what a torn write's missing sectors hold, zeros\n                               (default) or old\n      --no-minimize            do not minimise the unique crashes\n      --no-baseline            do not run each FILE unmodified first (by default a failure the\n                               original shows too is marked pre-existing, counted apart and not\n                               minimised)\n      --quiet                  no progress line and no closing line (errors and the seed line still\n                               print)\n  -h, --help                   print this help\n\nPROGRAM runs directly (no shell) with your rights, in its own process group. {} in ARGS becomes the\nvariant's path (a file named like the input, in a private temporary directory); without {} the\nvariant is PROGRAM's standard input. DIR gets runs.jsonl (a line per run), campaign.json, summary.md\nand crashes/ID/ with each unique crash's first variant, its minimised file and its output. Ctrl-C\nstops cleanly; --resume continues. Specification: docs/campaigns.md.\n\nExit status: 0 nothing crashed or hung, 1 something did (or the campaign could not go on), 2 usage\nerror.\n",
  merge:
    "Merges the directories of the shards of one campaign (fracture run --shard K/M) into one, equal to a\nsingle run over all of them.\n\nUsage: fracture merge [OPTIONS] DIR...\n\nArguments:\n  DIR...  the shards' campaign directories\n\nOptions:\n      --out <DIR>  the merged campaign's directory (absent or empty)\n      --quiet      no closing line\n  -h, --help       print this help\n\nExit status: 0 nothing crashed or hung, 1 something did, 2 usage error.\n",
  diagnose:
    "Says which known damage explains FILE, with its evidence and a confidence: a text-mode transfer (LF\nto CRLF or back), a 7-bit transport, a charset round trip, a byte order mark added or removed, a\ncut, sectors read back as zeros, a block written at another block's place, a damaged signature,\nchecksums that no longer match, data after the format's end. Damage it cannot name is called\nunknown, never guessed. With --original, every difference is classified and the diagnosis says\nwhether the causes explain them all. FILE is only read: nothing is written unless --repair is given.\n\nUsage: fracture diagnose [OPTIONS] FILE\n\nArguments:\n  [FILE]  the file to diagnose\n\nOptions:\n      --original <FILE>  the file as it was before the damage: every difference is classified (the\n                         sizes may differ)\n      --repair <OUT>     write FILE with the reversible damage undone to OUT (never onto an input;\n                         through a temporary file renamed into place)\n      --json             print the diagnosis as one JSON object: file, size, family, causes (cause,\n                         confidence, evidence, ...), unknown, explained, original, notes\n  -h, --help             print this help\n\ndocs/damage.md says what each cause is, which tools cause it and what diagnose looks for.\n\nExit status: 0 no damage found, 1 damage found (or a file could not be read), 2 usage error.\n",
  agree:
    "Runs the WebAssembly engine, the TypeScript reference engine and, with --native, the native binary\non each FILE with each seed and the same corruption options, and compares their output bytes and\nreports (timings aside). Prints one line per FILE and seed.\n\nUsage: fracture agree [OPTIONS] [FILE]...\n\nArguments:\n  [FILE]...  the files to run the engines on (they are only read)\n\nOptions:\n      --mode <M>        byte_flip (default), header_preserve_flip, truncate_insert, shuffle_blocks,\n                        guaranteed_break, interrupted_transfer, bad_sectors, bit_rot, text_transfer,\n                        seven_bit, charset_roundtrip, misdirected_write, or a UI name:\n                        quick_scramble, stealth_corruption, cut_replace, jumble_sections,\n                        interrupted_download\n      --intensity <N>   0-100 (default 80)\n      --only <A:B>      change bytes only in [A, B) (repeatable): byte offsets, B exclusive, 0x hex\n                        allowed, negative counts from the end, an empty end is the file's\n                        (--only=-4096:); or a selector FORMAT:PATH of the file's structure map\n                        (png:IDAT/data)\n      --protect <A:B>   never change bytes in [A, B) (repeatable; the same form)\n      --fix-checksums   recompute the checksums that cover stored bytes (PNG chunks, STORED ZIP\n                        entries, tar headers, Ogg pages, FLAC frames) after the damage, so readers\n                        reach it. --only, --protect and --fix-checksums: byte_flip,\n                        header_preserve_flip, bad_sectors, bit_rot, seven_bit and misdirected_write\n      --seeds <A..B>    the seeds, A to B inclusive, each run on every FILE (default 0..2; a single\n                        S is S..S; at most 1000000 seeds)\n      --native <PATH>   also run this native fracture binary (as a subprocess, writing to a\n                        temporary directory) and compare it\n      --engines <LIST>  the engines compared, comma-separated, at least two of wasm, ts and native\n                        (default wasm,ts, and native with --native); leave ts out for files past\n                        4294967295 bytes or to keep memory bounded\n      --json            print one JSON object per FILE and seed on stdout instead of a line of text\n  -h, --help            print this help\n\nThe WebAssembly engine streams every file as the corrupting command does, and its output is compared\npiece by piece as it is made; the native output is written to a temporary directory and read back in\npieces; the reference engine holds the file and its output in memory.\n\nExit status: 0 all engines agree on every FILE and seed, 1 some differ (the line names the first\ndiffering byte offset and the report fields that differ) or a run failed, 2 usage error.\n",
};

/** The usage errors, each the one line `line` wraps. */
export const usage = {
  /** fracture: {message} (see {command} --help) */
  line: (message: string | number, command: string | number): string => `fracture: ${message} (see ${command} --help)`,
  /** unknown option {option} */
  unknownOption: (option: string | number): string => `unknown option ${option}`,
  /** unexpected argument {argument} */
  unexpectedArgument: (argument: string | number): string => `unexpected argument ${argument}`,
  /** option {option} needs a value */
  needsValue: (option: string | number): string => `option ${option} needs a value`,
  /** option {option} takes no value */
  takesNoValue: (option: string | number): string => `option ${option} takes no value`,
  /** invalid UTF-8 was detected in one or more arguments */
  invalidUtf8: (): string => `invalid UTF-8 was detected in one or more arguments`,
  /** {option} is an option of the npm CLI (npx fracture); this is the native engine */
  npmOnly: (option: string | number): string =>
    `${option} is an option of the npm CLI (npx fracture); this is the native engine`,
  /** {option} is an option of the native CLI (fracture, built from engine-rs with cargo build --release): it mounts a FUSE file system, which this one cannot */
  nativeOnlyOption: (option: string | number): string =>
    `${option} is an option of the native CLI (fracture, built from engine-rs with cargo build --release): it mounts a FUSE file system, which this one cannot`,
  /** {command} is a command of the native CLI (fracture, built from engine-rs with cargo build --release): it mounts a FUSE file system, which this one cannot */
  nativeOnly: (command: string | number): string =>
    `${command} is a command of the native CLI (fracture, built from engine-rs with cargo build --release): it mounts a FUSE file system, which this one cannot`,
  /** Unsupported corruption mode: {mode} */
  mode: (mode: string | number): string => `Unsupported corruption mode: ${mode}`,
  /** Intensity must be an integer from 0 to 100, got {value} */
  intensity: (value: string | number): string => `Intensity must be an integer from 0 to 100, got ${value}`,
  /** Seed must be an integer from 0 to {max}, got {value} */
  seed: (max: string | number, value: string | number): string =>
    `Seed must be an integer from 0 to ${max}, got ${value}`,
  /** Count must be an integer from 1 to {max}, got {value} */
  count: (max: string | number, value: string | number): string =>
    `Count must be an integer from 1 to ${max}, got ${value}`,
  /** --member needs a glob, such as word/document.xml or '**\/*.xml' */
  member: (): string => `--member needs a glob, such as word/document.xml or '**/*.xml'`,
  /** --name must be a file name, not a path or a name with control characters: {name} */
  name: (name: string | number): string =>
    `--name must be a file name, not a path or a name with control characters: ${name}`,
  /** no input files */
  noInputFiles: (): string => `no input files`,
  /** - (standard input) can be given only once */
  stdinTwice: (): string => `- (standard input) can be given only once`,
  /** --zip cannot be used with - (the corrupted bytes go to standard output) */
  zipWithStdin: (): string => `--zip cannot be used with - (the corrupted bytes go to standard output)`,
  /** --count above 1 cannot be used with - (standard output holds one file) */
  countWithStdin: (): string => `--count above 1 cannot be used with - (standard output holds one file)`,
  /** --name names standard input: it needs - among the FILEs */
  nameWithoutStdin: (): string => `--name names standard input: it needs - among the FILEs`,
  /** mount needs SOURCE and MOUNTPOINT */
  mountNeedsPaths: (): string => `mount needs SOURCE and MOUNTPOINT`,
  /** --mount runs PROGRAM on a mount of SOURCE: give no FILE with it */
  mountCampaignFiles: (): string => `--mount runs PROGRAM on a mount of SOURCE: give no FILE with it`,
  /** {option} is not for --mount campaigns */
  mountCampaignResume: (option: string | number): string => `${option} is not for --mount campaigns`,
  /** {option} needs --mount */
  mountOnly: (option: string | number): string => `${option} needs --mount`,
  /** {option} needs --power-cut */
  checkNeedsPowerCut: (option: string | number): string => `${option} needs --power-cut`,
  /** --power-cut needs --check CHECKER: the command that says whether what a cut left is sound */
  powerCutNeedsCheck: (): string =>
    `--power-cut needs --check CHECKER: the command that says whether what a cut left is sound`,
  /** Max must be an integer from 1 to {max}, got {value} */
  maxCuts: (max: string | number, value: string | number): string =>
    `Max must be an integer from 1 to ${max}, got ${value}`,
  /** --replay takes the seed, the corruption and the faults from its log: give none of them with it */
  replayAlone: (): string =>
    `--replay takes the seed, the corruption and the faults from its log: give none of them with it`,
  /** umount needs MOUNTPOINT */
  umountNeedsMountpoint: (): string => `umount needs MOUNTPOINT`,
  /** Unknown power-cut model: {value} (lose_unsynced, torn, reorder, lost_write or misdirected) */
  powerCutModel: (value: string | number): string =>
    `Unknown power-cut model: ${value} (lose_unsynced, torn, reorder, lost_write or misdirected)`,
  /** --power-cut-at takes a durability point from 1, or end, got {value} */
  powerCutAt: (value: string | number): string =>
    `--power-cut-at takes a durability point from 1, or end, got ${value}`,
  /** {option} needs --power-cut MODEL */
  powerCutNeedsModel: (option: string | number): string => `${option} needs --power-cut MODEL`,
  /** --sector is 512 or 4096, got {value} */
  sector: (value: string | number): string => `--sector is 512 or 4096, got ${value}`,
  /** --torn-fill is zeros or old, got {value} */
  tornFill: (value: string | number): string => `--torn-fill is zeros or old, got ${value}`,
  /** ctl needs MOUNTPOINT and a request: faults PLAN, log, or power-cut */
  ctlRequest: (): string => `ctl needs MOUNTPOINT and a request: faults PLAN, log, or power-cut`,
  /** Jobs must be an integer from 1 to {max}, got {value} */
  jobs: (max: string | number, value: string | number): string =>
    `Jobs must be an integer from 1 to ${max}, got ${value}`,
  /** Timeout must be an integer from 1 to {max} (milliseconds), got {value} */
  minimizeTimeout: (max: string | number, value: string | number): string =>
    `Timeout must be an integer from 1 to ${max} (milliseconds), got ${value}`,
  /** minimize needs --test CMD */
  minimizeNeedsTest: (): string => `minimize needs --test CMD`,
  /** minimize needs ORIGINAL and CORRUPTED */
  minimizeNeedsFiles: (): string => `minimize needs ORIGINAL and CORRUPTED`,
  /** Sizes must be MiB from 1 to 2048 (or KiB as 64K), comma-separated, got {value} */
  sizes: (value: string | number): string =>
    `Sizes must be MiB from 1 to 2048 (or KiB as 64K), comma-separated, got ${value}`,
  /** Runs must be an integer from 1 to {max}, got {value} */
  runs: (max: string | number, value: string | number): string =>
    `Runs must be an integer from 1 to ${max}, got ${value}`,
  /** Unknown input: {input} (random or png) */
  benchInput: (input: string | number): string => `Unknown input: ${input} (random or png)`,
  /** Max slowdown must be a number of at least 1, got {value} */
  maxSlowdown: (value: string | number): string => `Max slowdown must be a number of at least 1, got ${value}`,
  /** Timeout must be a number of seconds above 0 and at most {max}, with up to 3 decimals, got {value} */
  runTimeout: (max: string | number, value: string | number): string =>
    `Timeout must be a number of seconds above 0 and at most ${max}, with up to 3 decimals, got ${value}`,
  /** Shard must be K/M with 1 <= K <= M <= {max}, got {value} */
  shard: (max: string | number, value: string | number): string =>
    `Shard must be K/M with 1 <= K <= M <= ${max}, got ${value}`,
  /** --crash-exit must be exit codes from 1 to 255 and ranges A-B, comma-separated, got {value} */
  crashExit: (value: string | number): string =>
    `--crash-exit must be exit codes from 1 to 255 and ranges A-B, comma-separated, got ${value}`,
  /** --crash-pattern is not a valid regular expression: {why} */
  crashPattern: (why: string | number): string => `--crash-pattern is not a valid regular expression: ${why}`,
  /** - (standard input) cannot be a campaign input */
  stdinInCampaign: (): string => `- (standard input) cannot be a campaign input`,
  /** run needs -- PROGRAM [ARGS...] after the FILEs */
  runNeedsProgram: (): string => `run needs -- PROGRAM [ARGS...] after the FILEs`,
  /** --out {path} is not a directory */
  campaignOutNotDirectory: (path: string | number): string => `--out ${path} is not a directory`,
  /** {path} already holds a campaign: continue it with --resume, or choose another --out */
  campaignExists: (path: string | number): string =>
    `${path} already holds a campaign: continue it with --resume, or choose another --out`,
  /** --resume: cannot read {path}: {why} */
  resumeUnreadable: (path: string | number, why: string | number): string => `--resume: cannot read ${path}: ${why}`,
  /** cannot read {path}: {why} */
  campaignUnreadable: (path: string | number, why: string | number): string => `cannot read ${path}: ${why}`,
  /** {path} is not a campaign (campaign.json, version 1) */
  notACampaign: (path: string | number): string => `${path} is not a campaign (campaign.json, version 1)`,
  /** {path} is another campaign */
  anotherCampaign: (path: string | number): string => `${path} is another campaign`,
  /** {path} is another campaign: {why} */
  anotherCampaignBecause: (path: string | number, why: string | number): string =>
    `${path} is another campaign: ${why}`,
  /** --out {path} must be absent or an empty directory */
  mergeOutNotEmpty: (path: string | number): string => `--out ${path} must be absent or an empty directory`,
  /** seed {seed} has two different outcomes in the shards */
  twoOutcomes: (seed: string | number): string => `seed ${seed} has two different outcomes in the shards`,
  /** merge needs at least one DIR */
  mergeNeedsDirs: (): string => `merge needs at least one DIR`,
  /** merge needs --out DIR */
  mergeNeedsOut: (): string => `merge needs --out DIR`,
  /** diagnose needs one FILE */
  diagnoseNeedsFile: (): string => `diagnose needs one FILE`,
};
