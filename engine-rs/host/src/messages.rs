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
