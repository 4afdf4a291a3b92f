//! What a command the host crate runs whole asks of its platform (issue 40: host logic written once,
//! thin shells; docs/architecture.md, "Commands written once"). Each command line implements `Files`
//! once: the native CLI with std (engine-rs/cli/src/files.rs), the npm CLI with node:fs through the
//! campaigns' module (cli/files.ts). The command's steps, refusals, lines and exit code are the host
//! crate's, so the two cannot drift. Paths are bytes, as the system gives them (both command lines
//! take any name); a `Fault` is a failed call's reason in engine-data/messages.toml's `io_*` words.

/// A failed call's reason (each shell's `io_text`: "No such file or directory", ...).
pub type Fault = String;

/// A regular file as a plan sees it: its device, inode, size and permission bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Identity {
    pub device: u64,
    pub inode: u64,
    pub size: u64,
    pub mode: u32,
}

impl Identity {
    /// The key the claims compare: device and inode.
    pub fn key(&self) -> Vec<u8> {
        format!("{}:{}", self.device, self.inode).into_bytes()
    }
}

/// What a shell found at a FILE (or at standard input) when it looked.
pub enum Looked {
    /// A regular file.
    Regular(Identity),
    /// Not a regular file: what it is (`a FIFO`, ...). Standard input may be one; a FILE may not.
    Special(String),
    /// Nothing that could be looked at: the FILE fails in its turn, with no outputs.
    Missing,
}

/// The file operations of a command, synchronous.
pub trait Files {
    /// What is at `path` (through symlinks): a regular file and its identity, something else, or
    /// nothing that can be looked at.
    fn look(&mut self, path: &[u8]) -> Looked;
    /// What standard input (`output` false) or standard output is, as `look` says of a path.
    fn standard(&mut self, output: bool) -> Looked;
    /// An output at `path` as the plan's claims compare it (fracture_host::output_plan): its key and,
    /// when something is there that is not a regular file, what it is.
    fn identify(&mut self, path: &[u8]) -> (Vec<u8>, Option<String>);
    /// An input's bytes, read whole.
    fn read_input(&mut self, path: &[u8]) -> Result<Vec<u8>, Fault>;
    /// Whether something is at `path` that is not an empty directory.
    fn occupied(&mut self, path: &[u8]) -> bool;
    /// The file's bytes; None when nothing is at `path`.
    fn read(&mut self, path: &[u8]) -> Result<Option<Vec<u8>>, Fault>;
    /// The permission bits of what is at `path` (0o600 when they cannot be read).
    fn permissions(&mut self, path: &[u8]) -> u32;
    /// The directory `path` and its parents, as needed.
    fn create_dir_all(&mut self, path: &[u8]) -> Result<(), Fault>;
    /// Up to `len` bytes of the file at `path` from `offset` on (fewer at its end).
    fn read_at(&mut self, path: &[u8], offset: u64, len: usize) -> Result<Vec<u8>, Fault>;
    /// An output begun: a new temporary file beside `path` (mode 0600), which `put` fills and
    /// `commit` renames over `path` with the permissions `allowed` grants that the umask leaves
    /// (every output's rule, docs/cli.md, "Nothing lost"); `discard` removes it. Its handle.
    fn create(&mut self, path: &[u8], allowed: u32) -> Result<u32, Fault>;
    fn put(&mut self, output: u32, bytes: &[u8]) -> Result<(), Fault>;
    /// The output whole: renamed over its path (its temporary file removed when that fails).
    fn commit(&mut self, output: u32) -> Result<(), Fault>;
    fn discard(&mut self, output: u32);
    /// `bytes` written to `path` through a temporary file (`create`, `put`, `commit`).
    fn write(&mut self, path: &[u8], bytes: &[u8], allowed: u32) -> Result<(), Fault> {
        let output = self.create(path, allowed)?;
        match self.put(output, bytes) {
            Ok(()) => self.commit(output),
            Err(why) => {
                self.discard(output);
                Err(why)
            }
        }
    }
    /// `bytes` added at the end of the file at `path` (a campaign's runs.jsonl, a run at a time).
    fn append(&mut self, path: &[u8], bytes: &[u8]) -> Result<(), Fault>;
    /// The file at `path` removed, if it is there (a failure is not one: it was to go anyway).
    fn remove(&mut self, path: &[u8]);
    /// `text` on standard error, as it is (a progress line redrawn).
    fn err(&mut self, text: &str);
    /// A line on standard error.
    fn err_line(&mut self, line: &str) {
        self.err(&format!("{line}\n"));
    }
}

/// `message` (messages::cannot_write, cannot_read, ...) about `path` and the system's reason: what a
/// command says when a call of `Files` fails.
pub fn cannot(message: fn(&str, &str) -> String, path: &[u8]) -> impl FnOnce(Fault) -> String + '_ {
    move |why| message(&crate::display::bytes(path), &why)
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

/// Files in memory, for the tests of what the host crate runs through `Files`.
#[cfg(test)]
pub(crate) mod memory {
    use std::collections::BTreeMap;

    use super::{Fault, Files};
    use super::{Identity, Looked};

    /// An output begun: its path, its bytes so far and its permissions.
    type Pending = (Vec<u8>, Vec<u8>, u32);

    /// A file's bytes and permissions, or the fault reading it gives.
    pub(crate) type File = Result<(Vec<u8>, u32), Fault>;

    /// Each path's file; every write and line kept.
    #[derive(Default)]
    pub(crate) struct Memory {
        pub files: BTreeMap<Vec<u8>, File>,
        pub writes: Vec<String>,
        pub lines: Vec<String>,
        /// Outputs begun, by handle, until committed or discarded.
        pending: Vec<Option<Pending>>,
        /// A file that changes once `read_at` has been called this many more times: its path and
        /// new bytes.
        pub change: Option<(usize, String, Vec<u8>)>,
    }

    impl Memory {
        pub fn add(&mut self, path: &str, bytes: &[u8]) {
            self.files.insert(path.as_bytes().to_vec(), Ok((bytes.to_vec(), 0o644)));
        }

        /// The bytes at `path`, if a file is there.
        pub fn get(&self, path: &str) -> Option<Vec<u8>> {
            self.files.get(path.as_bytes()).and_then(|f| f.as_ref().ok()).map(|f| f.0.clone())
        }
    }

    /// A file's identity: its path's place among the paths (a key no other file has).
    fn inode(path: &[u8]) -> u64 {
        path.iter().fold(1469598103934665603u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(1099511628211))
    }

    impl Files for Memory {
        fn look(&mut self, path: &[u8]) -> Looked {
            match self.files.get(path) {
                Some(Ok((bytes, mode))) => {
                    Looked::Regular(Identity { device: 0, inode: inode(path), size: bytes.len() as u64, mode: *mode })
                }
                _ => Looked::Missing,
            }
        }
        fn standard(&mut self, _output: bool) -> Looked {
            Looked::Special("a FIFO".into())
        }
        fn identify(&mut self, path: &[u8]) -> (Vec<u8>, Option<String>) {
            match self.look(path) {
                Looked::Regular(id) => (id.key(), None),
                _ => (format!("path:{}", String::from_utf8_lossy(path)).into_bytes(), None),
            }
        }
        fn read_input(&mut self, path: &[u8]) -> Result<Vec<u8>, Fault> {
            self.read(path)?.ok_or_else(crate::messages::io_not_found)
        }
        fn occupied(&mut self, path: &[u8]) -> bool {
            self.files.keys().any(|k| k.starts_with(path))
        }
        fn read(&mut self, path: &[u8]) -> Result<Option<Vec<u8>>, Fault> {
            self.files.get(path).cloned().map(|f| f.map(|(bytes, _)| bytes)).transpose()
        }
        fn permissions(&mut self, path: &[u8]) -> u32 {
            self.files.get(path).and_then(|f| f.as_ref().ok()).map_or(0o600, |f| f.1)
        }
        fn create_dir_all(&mut self, _: &[u8]) -> Result<(), Fault> {
            Ok(())
        }
        fn read_at(&mut self, path: &[u8], offset: u64, len: usize) -> Result<Vec<u8>, Fault> {
            if let Some((_, path, bytes)) = self.change.take_if(|(after, _, _)| *after == 0) {
                self.add(&path, &bytes);
            }
            if let Some((after, _, _)) = &mut self.change {
                *after -= 1;
            }
            let bytes = self.read(path)?.ok_or_else(crate::messages::io_not_found)?;
            let start = (offset as usize).min(bytes.len());
            Ok(bytes[start..(start + len).min(bytes.len())].to_vec())
        }
        fn create(&mut self, path: &[u8], allowed: u32) -> Result<u32, Fault> {
            self.pending.push(Some((path.to_vec(), Vec::new(), allowed)));
            Ok(self.pending.len() as u32 - 1)
        }
        fn put(&mut self, output: u32, bytes: &[u8]) -> Result<(), Fault> {
            let pending = self.pending.get_mut(output as usize).and_then(Option::as_mut);
            pending.ok_or_else(|| "no such output".to_string())?.1.extend_from_slice(bytes);
            Ok(())
        }
        fn commit(&mut self, output: u32) -> Result<(), Fault> {
            let taken = self.pending.get_mut(output as usize).and_then(Option::take);
            let (path, bytes, allowed) = taken.ok_or_else(|| "no such output".to_string())?;
            self.writes.push(String::from_utf8_lossy(&path).into_owned());
            self.files.insert(path, Ok((bytes, allowed)));
            Ok(())
        }
        fn discard(&mut self, output: u32) {
            self.pending.get_mut(output as usize).map(Option::take);
        }
        fn append(&mut self, path: &[u8], bytes: &[u8]) -> Result<(), Fault> {
            let file = self.files.entry(path.to_vec()).or_insert_with(|| Ok((Vec::new(), 0o644)));
            file.as_mut().map(|f| f.0.extend_from_slice(bytes)).map_err(|e| e.clone())
        }
        fn remove(&mut self, path: &[u8]) {
            self.files.remove(path);
        }
        fn err(&mut self, text: &str) {
            self.lines.push(text.strip_suffix('\n').unwrap_or(text).to_string());
        }
    }
}
