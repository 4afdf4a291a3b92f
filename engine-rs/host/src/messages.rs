// Generated from engine-data/messages.toml by scripts/gen-engine-data.mjs; do not edit.

//! What the hosts say about files and outputs, word for word as lib/engine/shared/messages.ts says it.

/// {path} is {what}, not a regular file
pub fn not_regular(path: &str, what: &str) -> String {
    format!("{path} is {what}, not a regular file")
}

/// output {path} is a directory
pub fn output_is_directory(path: &str) -> String {
    format!("output {path} is a directory")
}

/// output {path} is {what}, not a regular file
pub fn output_not_regular(path: &str, what: &str) -> String {
    format!("output {path} is {what}, not a regular file")
}

/// output {path} is the input {input}
pub fn output_is_input(path: &str, input: &str) -> String {
    format!("output {path} is the input {input}")
}

/// outputs {first} and {second} are the same file
pub fn outputs_same_file(first: &str, second: &str) -> String {
    format!("outputs {first} and {second} are the same file")
}

/// the file changed while it was being read
pub fn changed_while_read() -> String {
    "the file changed while it was being read".to_string()
}

/// Input too large: more than {limit} bytes on standard input
pub fn stdin_too_large(limit: &str) -> String {
    format!("Input too large: more than {limit} bytes on standard input")
}

/// cannot copy standard input to a temporary file: {why}
pub fn cannot_copy_stdin(why: &str) -> String {
    format!("cannot copy standard input to a temporary file: {why}")
}

/// cannot create output directory {path}: {why}
pub fn cannot_create_out_dir(path: &str, why: &str) -> String {
    format!("cannot create output directory {path}: {why}")
}

/// cannot write {path}: {why}
pub fn cannot_write(path: &str, why: &str) -> String {
    format!("cannot write {path}: {why}")
}

/// cannot create {path}: {why}
pub fn cannot_create(path: &str, why: &str) -> String {
    format!("cannot create {path}: {why}")
}

/// cannot read {path}: {why}
pub fn cannot_read(path: &str, why: &str) -> String {
    format!("cannot read {path}: {why}")
}

/// {path} is {problem}
pub fn bench_old_unusable(path: &str, problem: &str) -> String {
    format!("{path} is {problem}")
}

/// cannot start {program}: {why}
pub fn cannot_start(program: &str, why: &str) -> String {
    format!("cannot start {program}: {why}")
}

/// {path} changed while it was being zipped
pub fn changed_while_zipped(path: &str) -> String {
    format!("{path} changed while it was being zipped")
}

/// {file} -> {destination} ({size} bytes, seed {seed})
pub fn file_line(file: &str, destination: &str, size: &str, seed: &str) -> String {
    format!("{file} -> {destination} ({size} bytes, seed {seed})")
}

/// {file} (seed {seed})
pub fn variant_label(file: &str, seed: &str) -> String {
    format!("{file} (seed {seed})")
}

/// standard output
pub fn standard_output() -> String {
    "standard output".to_string()
}

/// {path} is empty: there is nothing to diagnose
pub fn diagnose_empty(path: &str) -> String {
    format!("{path} is empty: there is nothing to diagnose")
}

/// nothing to repair: no damage found in {path} can be undone (docs/damage.md)
pub fn nothing_to_repair(path: &str) -> String {
    format!("nothing to repair: no damage found in {path} can be undone (docs/damage.md)")
}

/// cannot write standard output: {why}
pub fn cannot_write_stdout(why: &str) -> String {
    format!("cannot write standard output: {why}")
}

/// cannot create a temporary directory: {why}
pub fn cannot_create_temp(why: &str) -> String {
    format!("cannot create a temporary directory: {why}")
}

/// fracture: interrupted; the temporary files are removed
pub fn interrupted_temporaries() -> String {
    "fracture: interrupted; the temporary files are removed".to_string()
}

/// fracture bench: {row}/{rows} {mode} {engine} {input} {size}
pub fn bench_progress(row: &str, rows: &str, mode: &str, engine: &str, input: &str, size: &str) -> String {
    format!("fracture bench: {row}/{rows} {mode} {engine} {input} {size}")
}

/// {path} ({count} files + session report)
pub fn zip_line(path: &str, count: &str) -> String {
    format!("{path} ({count} files + session report)")
}

/// no such file
pub fn io_not_found() -> String {
    "no such file".to_string()
}

/// permission denied
pub fn io_permission_denied() -> String {
    "permission denied".to_string()
}

/// is a directory
pub fn io_is_directory() -> String {
    "is a directory".to_string()
}

/// standard output was closed
pub fn io_stdout_closed() -> String {
    "standard output was closed".to_string()
}

/// a file of that name exists
pub fn io_exists() -> String {
    "a file of that name exists".to_string()
}

/// a part of the path is not a directory
pub fn io_not_directory() -> String {
    "a part of the path is not a directory".to_string()
}

/// no space left on the device
pub fn io_no_space() -> String {
    "no space left on the device".to_string()
}

/// file too large
pub fn io_too_large() -> String {
    "file too large".to_string()
}

/// read-only file system
pub fn io_read_only() -> String {
    "read-only file system".to_string()
}

/// input/output error
pub fn io_failed() -> String {
    "input/output error".to_string()
}

/// too many levels of symbolic links
pub fn io_link_loop() -> String {
    "too many levels of symbolic links".to_string()
}

/// file name too long
pub fn io_name_too_long() -> String {
    "file name too long".to_string()
}

/// device or resource busy
pub fn io_busy() -> String {
    "device or resource busy".to_string()
}

/// too many open files
pub fn io_too_many_open() -> String {
    "too many open files".to_string()
}

/// the file is a running program
pub fn io_text_busy() -> String {
    "the file is a running program".to_string()
}

/// system error {errno}
pub fn io_errno(errno: &str) -> String {
    format!("system error {errno}")
}

/// a directory
pub fn kind_directory() -> String {
    "a directory".to_string()
}

/// a FIFO
pub fn kind_fifo() -> String {
    "a FIFO".to_string()
}

/// a character device
pub fn kind_character_device() -> String {
    "a character device".to_string()
}

/// a block device
pub fn kind_block_device() -> String {
    "a block device".to_string()
}

/// a socket
pub fn kind_socket() -> String {
    "a socket".to_string()
}

/// a special file
pub fn kind_special() -> String {
    "a special file".to_string()
}

/// fracture: seed {seed} (file i uses seed + i)
pub fn seed_line(seed: &str) -> String {
    format!("fracture: seed {seed} (file i uses seed + i)")
}

/// fracture: seed {seed} (variant j of file i uses seed + i * {count} + j)
pub fn seed_line_count(seed: &str, count: &str) -> String {
    format!("fracture: seed {seed} (variant j of file i uses seed + i * {count} + j)")
}

/// fracture: plan (dry run: nothing is read or written)
pub fn plan_header() -> String {
    "fracture: plan (dry run: nothing is read or written)".to_string()
}

/// fracture: run: seed {seed} (variant j of file i uses seed {seed} + i * {count} + j)
pub fn run_seed(seed: &str, count: &str) -> String {
    format!("fracture: run: seed {seed} (variant j of file i uses seed {seed} + i * {count} + j)")
}

/// fracture: run: {file} already fails unmodified ({outcome}, {cause}): failures with that signature are marked pre-existing and not minimised
pub fn run_baseline_fails(file: &str, outcome: &str, cause: &str) -> String {
    format!("fracture: run: {file} already fails unmodified ({outcome}, {cause}): failures with that signature are marked pre-existing and not minimised")
}

/// fracture: run: {file} is rejected unmodified: its variants test the program's refusal
pub fn run_baseline_rejected(file: &str) -> String {
    format!("fracture: run: {file} is rejected unmodified: its variants test the program's refusal")
}

/// {done}/{planned} runs, {rate} runs/s, {accepted} accepted, {rejected} rejected, {crashed} crashed, {hung} hung
pub fn run_progress(
    done: &str,
    planned: &str,
    rate: &str,
    accepted: &str,
    rejected: &str,
    crashed: &str,
    hung: &str,
) -> String {
    format!("{done}/{planned} runs, {rate} runs/s, {accepted} accepted, {rejected} rejected, {crashed} crashed, {hung} hung")
}

/// {runs} runs: {accepted} accepted, {rejected} rejected, {crashed} crashed, {hung} hung
pub fn run_counts(runs: &str, accepted: &str, rejected: &str, crashed: &str, hung: &str) -> String {
    format!("{runs} runs: {accepted} accepted, {rejected} rejected, {crashed} crashed, {hung} hung")
}

/// {count} unique
pub fn run_unique(count: &str) -> String {
    format!("{count} unique")
}

/// {count} unique ({pre_existing} pre-existing)
pub fn run_unique_pre_existing(count: &str, pre_existing: &str) -> String {
    format!("{count} unique ({pre_existing} pre-existing)")
}

/// fracture: {command}: {counts}; {unique} -> {summary}
pub fn run_closing(command: &str, counts: &str, unique: &str, summary: &str) -> String {
    format!("fracture: {command}: {counts}; {unique} -> {summary}")
}

/// fracture: run: interrupted; continue with --resume
pub fn run_interrupted() -> String {
    "fracture: run: interrupted; continue with --resume".to_string()
}

/// interrupted: run again with --resume
pub fn run_interrupted_note() -> String {
    "interrupted: run again with --resume".to_string()
}

/// fracture: run: minimizing {id} ({changed} bytes changed)
pub fn run_minimizing(id: &str, changed: &str) -> String {
    format!("fracture: run: minimizing {id} ({changed} bytes changed)")
}

/// fracture: run: {id}: {kept} bytes
pub fn run_minimized(id: &str, kept: &str) -> String {
    format!("fracture: run: {id}: {kept} bytes")
}

/// fracture: run: {id}: the variant no longer gives its signature; not minimised
pub fn run_flaky(id: &str) -> String {
    format!("fracture: run: {id}: the variant no longer gives its signature; not minimised")
}

/// fracture: run: {id}: the original gives this signature too; not minimised
pub fn run_original_too(id: &str) -> String {
    format!("fracture: run: {id}: the original gives this signature too; not minimised")
}

/// ORIGINAL is {original} bytes and CORRUPTED {corrupted} bytes: only files of the same length can be minimised (byte_flip, header_preserve_flip and shuffle_blocks keep the length)
pub fn minimize_lengths(original: &str, corrupted: &str) -> String {
    format!("ORIGINAL is {original} bytes and CORRUPTED {corrupted} bytes: only files of the same length can be minimised (byte_flip, header_preserve_flip and shuffle_blocks keep the length)")
}

/// CORRUPTED is identical to ORIGINAL: nothing to minimise
pub fn minimize_identical() -> String {
    "CORRUPTED is identical to ORIGINAL: nothing to minimise".to_string()
}

/// the test passes on CORRUPTED: there is no failure to keep
pub fn minimize_passes() -> String {
    "the test passes on CORRUPTED: there is no failure to keep".to_string()
}

/// the test fails on ORIGINAL too ({how}): it must pass on ORIGINAL and fail on CORRUPTED
pub fn minimize_fails_on_original(how: &str) -> String {
    format!("the test fails on ORIGINAL too ({how}): it must pass on ORIGINAL and fail on CORRUPTED")
}

/// CORRUPTED differs from ORIGINAL in {changed} bytes ({runs} runs)
pub fn minimize_start(changed: &str, runs: &str) -> String {
    format!("CORRUPTED differs from ORIGINAL in {changed} bytes ({runs} runs)")
}

/// {kept} bytes differ
pub fn minimize_progress(kept: &str) -> String {
    format!("{kept} bytes differ")
}

/// now byte by byte
pub fn minimize_bytes() -> String {
    "now byte by byte".to_string()
}

/// {path}: {kept} bytes differ from ORIGINAL (was {changed}{spent})
pub fn minimize_done(path: &str, kept: &str, changed: &str, spent: &str) -> String {
    format!("{path}: {kept} bytes differ from ORIGINAL (was {changed}{spent})")
}

/// ; run budget of {budget} tests spent: not 1-minimal
pub fn minimize_spent(budget: &str) -> String {
    format!("; run budget of {budget} tests spent: not 1-minimal")
}

/// fracture: minimize: {text}
pub fn minimize_line(text: &str) -> String {
    format!("fracture: minimize: {text}")
}

/// fracture: minimize: interrupted; the temporary files are removed
pub fn minimize_interrupted() -> String {
    "fracture: minimize: interrupted; the temporary files are removed".to_string()
}

/// exit {code}
pub fn minimize_exit(code: &str) -> String {
    format!("exit {code}")
}

/// killed by signal {signal}
pub fn minimize_signal(signal: &str) -> String {
    format!("killed by signal {signal}")
}

/// timed out after {ms} ms
pub fn minimize_timeout(ms: &str) -> String {
    format!("timed out after {ms} ms")
}

/// cannot start /bin/sh: {why}
pub fn minimize_cannot_start(why: &str) -> String {
    format!("cannot start /bin/sh: {why}")
}
