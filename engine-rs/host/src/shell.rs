//! What a command the host crate runs whole asks of its platform (issue 40: host logic written once,
//! thin shells; docs/architecture.md, "Commands written once"). Each command line implements `Files`
//! once: the native CLI with std (engine-rs/cli/src/files.rs), the npm CLI with node:fs through the
//! campaigns' module (cli/files.ts). The command's steps, refusals, lines and exit code are the host
//! crate's, so the two cannot drift. Paths are bytes, as the system gives them (both command lines
//! take any name); a `Fault` is a failed call's reason in engine-data/messages.toml's `io_*` words.

/// A failed call's reason (each shell's `io_text`: "No such file or directory", ...).
pub type Fault = String;

/// The file operations of a command, synchronous.
pub trait Files {
    /// Whether something is at `path` that is not an empty directory.
    fn occupied(&mut self, path: &[u8]) -> bool;
    /// The file's bytes; None when nothing is at `path`.
    fn read(&mut self, path: &[u8]) -> Result<Option<Vec<u8>>, Fault>;
    /// The permission bits of what is at `path` (0o600 when they cannot be read).
    fn permissions(&mut self, path: &[u8]) -> u32;
    /// The directory `path` and its parents, as needed.
    fn create_dir_all(&mut self, path: &[u8]) -> Result<(), Fault>;
    /// `bytes` written to a temporary file beside `path` and renamed over it, with the permissions
    /// `allowed` grants that the umask leaves (every output's rule, docs/cli.md, "Nothing lost").
    fn write(&mut self, path: &[u8], bytes: &[u8], allowed: u32) -> Result<(), Fault>;
    /// The file at `path` removed, if it is there (a failure is not one: it was to go anyway).
    fn remove(&mut self, path: &[u8]);
    /// A line on standard error.
    fn err_line(&mut self, line: &str);
}

/// `dir` then `names`, as Rust's `Path::join` joins relative names on Unix: a `/` unless what comes
/// before ends with one, nothing normalised (DIR's files print as they always did: `./summary.md`).
pub fn join(dir: &[u8], names: &[&str]) -> Vec<u8> {
    let mut path = dir.to_vec();
    for name in names {
        if !path.is_empty() && !path.ends_with(b"/") {
            path.push(b'/');
        }
        path.extend_from_slice(name.as_bytes());
    }
    path
}

#[cfg(test)]
mod tests {
    use super::join;

    #[test]
    fn joins_as_path_join() {
        assert_eq!(join(b"dir", &["crashes", "a2fc820b9db1"]), b"dir/crashes/a2fc820b9db1");
        assert_eq!(join(b"dir/", &["x"]), b"dir/x");
        assert_eq!(join(b".", &["summary.md"]), b"./summary.md");
        assert_eq!(join(b"", &["x"]), b"x");
        assert_eq!(join(b"\xff", &["x"]), b"\xff/x");
    }
}
