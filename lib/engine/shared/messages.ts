// Generated from engine-data/messages.toml by scripts/gen-engine-data.mjs; do not edit.
// What the hosts say about files and outputs, word for word as engine-rs/host/src/messages.rs says it.

/** {path} is {what}, not a regular file */
export const notRegular = (path: string, what: string): string => `${path} is ${what}, not a regular file`;

/** output {path} is a directory */
export const outputIsDirectory = (path: string): string => `output ${path} is a directory`;

/** output {path} is {what}, not a regular file */
export const outputNotRegular = (path: string, what: string): string => `output ${path} is ${what}, not a regular file`;

/** output {path} is the input {input} */
export const outputIsInput = (path: string, input: string): string => `output ${path} is the input ${input}`;

/** outputs {first} and {second} are the same file */
export const outputsSameFile = (first: string, second: string): string =>
  `outputs ${first} and ${second} are the same file`;

/** the file changed while it was being read */
export const changedWhileRead = (): string => `the file changed while it was being read`;

/** Input too large: more than {limit} bytes on standard input */
export const stdinTooLarge = (limit: string): string => `Input too large: more than ${limit} bytes on standard input`;

/** cannot copy standard input to a temporary file: {why} */
export const cannotCopyStdin = (why: string): string => `cannot copy standard input to a temporary file: ${why}`;

/** cannot create output directory {path}: {why} */
export const cannotCreateOutDir = (path: string, why: string): string =>
  `cannot create output directory ${path}: ${why}`;

/** cannot write {path}: {why} */
export const cannotWrite = (path: string, why: string): string => `cannot write ${path}: ${why}`;

/** cannot create {path}: {why} */
export const cannotCreate = (path: string, why: string): string => `cannot create ${path}: ${why}`;

/** cannot read {path}: {why} */
export const cannotRead = (path: string, why: string): string => `cannot read ${path}: ${why}`;

/** {path} is {problem} */
export const benchOldUnusable = (path: string, problem: string): string => `${path} is ${problem}`;

/** cannot start {program}: {why} */
export const cannotStart = (program: string, why: string): string => `cannot start ${program}: ${why}`;

/** {path} changed while it was being zipped */
export const changedWhileZipped = (path: string): string => `${path} changed while it was being zipped`;

/** {file} -> {destination} ({size} bytes, seed {seed}) */
export const fileLine = (file: string, destination: string, size: string, seed: string): string =>
  `${file} -> ${destination} (${size} bytes, seed ${seed})`;

/** {file} (seed {seed}) */
export const variantLabel = (file: string, seed: string): string => `${file} (seed ${seed})`;

/** standard output */
export const standardOutput = (): string => `standard output`;

/** {path} is empty: there is nothing to diagnose */
export const diagnoseEmpty = (path: string): string => `${path} is empty: there is nothing to diagnose`;

/** nothing to repair: no damage found in {path} can be undone (docs/damage.md) */
export const nothingToRepair = (path: string): string =>
  `nothing to repair: no damage found in ${path} can be undone (docs/damage.md)`;

/** cannot write standard output: {why} */
export const cannotWriteStdout = (why: string): string => `cannot write standard output: ${why}`;

/** cannot create a temporary directory: {why} */
export const cannotCreateTemp = (why: string): string => `cannot create a temporary directory: ${why}`;

/** fracture: interrupted; the temporary files are removed */
export const interruptedTemporaries = (): string => `fracture: interrupted; the temporary files are removed`;

/** fracture bench: {row}/{rows} {mode} {engine} {input} {size} */
export const benchProgress = (
  row: string,
  rows: string,
  mode: string,
  engine: string,
  input: string,
  size: string,
): string => `fracture bench: ${row}/${rows} ${mode} ${engine} ${input} ${size}`;

/** {path} ({count} files + session report) */
export const zipLine = (path: string, count: string): string => `${path} (${count} files + session report)`;

/** no such file */
export const ioNotFound = (): string => `no such file`;

/** permission denied */
export const ioPermissionDenied = (): string => `permission denied`;

/** is a directory */
export const ioIsDirectory = (): string => `is a directory`;

/** standard output was closed */
export const ioStdoutClosed = (): string => `standard output was closed`;

/** a file of that name exists */
export const ioExists = (): string => `a file of that name exists`;

/** a part of the path is not a directory */
export const ioNotDirectory = (): string => `a part of the path is not a directory`;

/** no space left on the device */
export const ioNoSpace = (): string => `no space left on the device`;

/** file too large */
export const ioTooLarge = (): string => `file too large`;

/** read-only file system */
export const ioReadOnly = (): string => `read-only file system`;

/** input/output error */
export const ioFailed = (): string => `input/output error`;

/** too many levels of symbolic links */
export const ioLinkLoop = (): string => `too many levels of symbolic links`;

/** file name too long */
export const ioNameTooLong = (): string => `file name too long`;

/** device or resource busy */
export const ioBusy = (): string => `device or resource busy`;

/** too many open files */
export const ioTooManyOpen = (): string => `too many open files`;

/** the file is a running program */
export const ioTextBusy = (): string => `the file is a running program`;

/** system error {errno} */
export const ioErrno = (errno: string): string => `system error ${errno}`;

/** a directory */
export const kindDirectory = (): string => `a directory`;

/** a FIFO */
export const kindFifo = (): string => `a FIFO`;

/** a character device */
export const kindCharacterDevice = (): string => `a character device`;

/** a block device */
export const kindBlockDevice = (): string => `a block device`;

/** a socket */
export const kindSocket = (): string => `a socket`;

/** a special file */
export const kindSpecial = (): string => `a special file`;

/** fracture: seed {seed} (file i uses seed + i) */
export const seedLine = (seed: string): string => `fracture: seed ${seed} (file i uses seed + i)`;

/** fracture: seed {seed} (variant j of file i uses seed + i * {count} + j) */
export const seedLineCount = (seed: string, count: string): string =>
  `fracture: seed ${seed} (variant j of file i uses seed + i * ${count} + j)`;

/** fracture: plan (dry run: nothing is read or written) */
export const planHeader = (): string => `fracture: plan (dry run: nothing is read or written)`;

/** fracture: run: seed {seed} (variant j of file i uses seed {seed} + i * {count} + j) */
export const runSeed = (seed: string, count: string): string =>
  `fracture: run: seed ${seed} (variant j of file i uses seed ${seed} + i * ${count} + j)`;

/** fracture: run: {file} already fails unmodified ({outcome}, {cause}): failures with that signature are marked pre-existing and not minimised */
export const runBaselineFails = (file: string, outcome: string, cause: string): string =>
  `fracture: run: ${file} already fails unmodified (${outcome}, ${cause}): failures with that signature are marked pre-existing and not minimised`;

/** fracture: run: {file} is rejected unmodified: its variants test the program's refusal */
export const runBaselineRejected = (file: string): string =>
  `fracture: run: ${file} is rejected unmodified: its variants test the program's refusal`;

/** {done}/{planned} runs, {rate} runs/s, {accepted} accepted, {rejected} rejected, {crashed} crashed, {hung} hung */
export const runProgress = (
  done: string,
  planned: string,
  rate: string,
  accepted: string,
  rejected: string,
  crashed: string,
  hung: string,
): string =>
  `${done}/${planned} runs, ${rate} runs/s, ${accepted} accepted, ${rejected} rejected, ${crashed} crashed, ${hung} hung`;

/** {runs} runs: {accepted} accepted, {rejected} rejected, {crashed} crashed, {hung} hung */
export const runCounts = (runs: string, accepted: string, rejected: string, crashed: string, hung: string): string =>
  `${runs} runs: ${accepted} accepted, ${rejected} rejected, ${crashed} crashed, ${hung} hung`;

/** {count} unique */
export const runUnique = (count: string): string => `${count} unique`;

/** {count} unique ({pre_existing} pre-existing) */
export const runUniquePreExisting = (count: string, preExisting: string): string =>
  `${count} unique (${preExisting} pre-existing)`;

/** fracture: {command}: {counts}; {unique} -> {summary} */
export const runClosing = (command: string, counts: string, unique: string, summary: string): string =>
  `fracture: ${command}: ${counts}; ${unique} -> ${summary}`;

/** fracture: run: interrupted; continue with --resume */
export const runInterrupted = (): string => `fracture: run: interrupted; continue with --resume`;

/** interrupted: run again with --resume */
export const runInterruptedNote = (): string => `interrupted: run again with --resume`;

/** fracture: run: minimizing {id} ({changed} bytes changed) */
export const runMinimizing = (id: string, changed: string): string =>
  `fracture: run: minimizing ${id} (${changed} bytes changed)`;

/** fracture: run: {id}: {kept} bytes */
export const runMinimized = (id: string, kept: string): string => `fracture: run: ${id}: ${kept} bytes`;

/** fracture: run: {id}: the variant no longer gives its signature; not minimised */
export const runFlaky = (id: string): string =>
  `fracture: run: ${id}: the variant no longer gives its signature; not minimised`;

/** fracture: run: {id}: the original gives this signature too; not minimised */
export const runOriginalToo = (id: string): string =>
  `fracture: run: ${id}: the original gives this signature too; not minimised`;

/** ORIGINAL is {original} bytes and CORRUPTED {corrupted} bytes: only files of the same length can be minimised (byte_flip, header_preserve_flip and shuffle_blocks keep the length) */
export const minimizeLengths = (original: string, corrupted: string): string =>
  `ORIGINAL is ${original} bytes and CORRUPTED ${corrupted} bytes: only files of the same length can be minimised (byte_flip, header_preserve_flip and shuffle_blocks keep the length)`;

/** CORRUPTED is identical to ORIGINAL: nothing to minimise */
export const minimizeIdentical = (): string => `CORRUPTED is identical to ORIGINAL: nothing to minimise`;

/** the test passes on CORRUPTED: there is no failure to keep */
export const minimizePasses = (): string => `the test passes on CORRUPTED: there is no failure to keep`;

/** the test fails on ORIGINAL too ({how}): it must pass on ORIGINAL and fail on CORRUPTED */
export const minimizeFailsOnOriginal = (how: string): string =>
  `the test fails on ORIGINAL too (${how}): it must pass on ORIGINAL and fail on CORRUPTED`;

/** CORRUPTED differs from ORIGINAL in {changed} bytes ({runs} runs) */
export const minimizeStart = (changed: string, runs: string): string =>
  `CORRUPTED differs from ORIGINAL in ${changed} bytes (${runs} runs)`;

/** {kept} bytes differ */
export const minimizeProgress = (kept: string): string => `${kept} bytes differ`;

/** now byte by byte */
export const minimizeBytes = (): string => `now byte by byte`;

/** {path}: {kept} bytes differ from ORIGINAL (was {changed}{spent}) */
export const minimizeDone = (path: string, kept: string, changed: string, spent: string): string =>
  `${path}: ${kept} bytes differ from ORIGINAL (was ${changed}${spent})`;

/** ; run budget of {budget} tests spent: not 1-minimal */
export const minimizeSpent = (budget: string): string => `; run budget of ${budget} tests spent: not 1-minimal`;

/** fracture: minimize: {text} */
export const minimizeLine = (text: string): string => `fracture: minimize: ${text}`;

/** fracture: minimize: interrupted; the temporary files are removed */
export const minimizeInterrupted = (): string => `fracture: minimize: interrupted; the temporary files are removed`;

/** exit {code} */
export const minimizeExit = (code: string): string => `exit ${code}`;

/** killed by signal {signal} */
export const minimizeSignal = (signal: string): string => `killed by signal ${signal}`;

/** timed out after {ms} ms */
export const minimizeTimeout = (ms: string): string => `timed out after ${ms} ms`;

/** cannot start /bin/sh: {why} */
export const minimizeCannotStart = (why: string): string => `cannot start /bin/sh: ${why}`;

/** The system's reasons by Node's `code` (the `[errno]` table; natively engine-rs/cli/src/io_reasons.rs). */
export const IO_REASONS: Readonly<Record<string, () => string>> = {
  ENOENT: ioNotFound,
  EACCES: ioPermissionDenied,
  EPERM: ioPermissionDenied,
  EISDIR: ioIsDirectory,
  EPIPE: ioStdoutClosed,
  EEXIST: ioExists,
  ENOTDIR: ioNotDirectory,
  ENOSPC: ioNoSpace,
  EDQUOT: ioNoSpace,
  EFBIG: ioTooLarge,
  EROFS: ioReadOnly,
  EIO: ioFailed,
  ELOOP: ioLinkLoop,
  ENAMETOOLONG: ioNameTooLong,
  EBUSY: ioBusy,
  EMFILE: ioTooManyOpen,
  ENFILE: ioTooManyOpen,
  ETXTBSY: ioTextBusy,
};
