//! Plan, then write (docs/cli.md, "Plan, then write"): every input and every planned output is
//! identified before anything is written, and the run is refused when an output would land on an
//! input, on another output, or on a directory, or when an input is not a regular file.

use std::collections::HashMap;
use std::fs::{FileType, Metadata};
use std::os::fd::AsFd;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Component, Path, PathBuf};

use crate::display;

/// What a path names: a file by device and inode, or (not there yet) the path it will be created at.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Id {
    Node(u64, u64),
    Path(PathBuf),
}

fn node(m: &Metadata) -> Id {
    Id::Node(m.dev(), m.ino())
}

/// `a directory`, `a FIFO`, ... for a file that is not a regular one.
fn kind(t: FileType) -> Option<&'static str> {
    if t.is_file() {
        None
    } else if t.is_dir() {
        Some("a directory")
    } else if t.is_fifo() {
        Some("a FIFO")
    } else if t.is_char_device() {
        Some("a character device")
    } else if t.is_block_device() {
        Some("a block device")
    } else if t.is_socket() {
        Some("a socket")
    } else {
        Some("a special file")
    }
}

/// The inputs and outputs seen so far; each check returns the refusal's text.
#[derive(Default)]
pub struct Plan {
    inputs: Vec<(Id, String)>,
    outputs: HashMap<Id, String>,
    /// Real paths of output directories already resolved (every output of a run shares one).
    parents: HashMap<PathBuf, PathBuf>,
}

impl Plan {
    /// An input FILE: its mode bits when it is a regular file (None when it cannot be read now: its
    /// own error comes when it is opened), refused when it is anything else.
    pub fn input(&mut self, path: &Path) -> Result<Option<u32>, String> {
        let Ok(m) = std::fs::metadata(path) else { return Ok(None) };
        if let Some(what) = kind(m.file_type()) {
            return Err(format!("{} is {what}, not a regular file", display::path(path)));
        }
        self.inputs.push((node(&m), display::path(path)));
        Ok(Some(m.mode() & 0o777))
    }

    /// Standard input as an input: its mode bits when it is a regular file (it then counts as an input).
    pub fn stdin(&mut self) -> Option<u32> {
        let m = fd_metadata(std::io::stdin().as_fd())?;
        m.is_file().then(|| {
            self.inputs.push((node(&m), "standard input".into()));
            m.mode() & 0o777
        })
    }

    /// Standard output as an output (when it is a regular file).
    pub fn stdout(&mut self) -> Result<(), String> {
        match fd_metadata(std::io::stdout().as_fd()) {
            Some(m) if m.is_file() => self.claim(node(&m), "standard output".into()),
            _ => Ok(()),
        }
    }

    /// A planned output file at `path`.
    pub fn output(&mut self, path: &Path) -> Result<(), String> {
        let shown = display::path(path);
        let id = match std::fs::metadata(path) {
            Ok(m) => {
                if let Some(what) = kind(m.file_type()) {
                    return Err(match what {
                        "a directory" => format!("output {shown} is a directory"),
                        what => format!("output {shown} is {what}, not a regular file"),
                    });
                }
                node(&m)
            }
            Err(_) => Id::Path(self.resolve(path)),
        };
        self.claim(id, shown)
    }

    fn claim(&mut self, id: Id, shown: String) -> Result<(), String> {
        if let Some((_, input)) = self.inputs.iter().find(|(i, _)| *i == id) {
            return Err(format!("output {shown} is the input {input}"));
        }
        if let Some(other) = self.outputs.get(&id) {
            return Err(format!("outputs {other} and {shown} are the same file"));
        }
        self.outputs.insert(id, shown);
        Ok(())
    }

    /// The path a file that does not exist yet will have: its directory's real path (as far as it
    /// exists; the rest as written) and its name.
    fn resolve(&mut self, path: &Path) -> PathBuf {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let (Some(dir), Some(name)) = (absolute.parent(), absolute.file_name()) else { return absolute };
        if let Some(real) = self.parents.get(dir) {
            return real.join(name);
        }
        // The longest part that exists, made real; the rest (which has no symlinks: it does not exist)
        // taken as written, `..` going up one.
        let mut existing = dir.to_path_buf();
        let mut rest = Vec::new();
        let mut real = loop {
            match std::fs::canonicalize(&existing) {
                Ok(real) => break real,
                Err(_) => match existing.components().next_back() {
                    Some(Component::Normal(n)) => rest.push(n.to_os_string()),
                    Some(Component::ParentDir) => rest.push("..".into()),
                    Some(Component::CurDir) => {}
                    _ => break existing,
                },
            }
            existing.pop();
        };
        for part in rest.into_iter().rev() {
            if part == ".." {
                real.pop();
            } else {
                real.push(part);
            }
        }
        self.parents.insert(dir.to_path_buf(), real.clone());
        real.join(name)
    }
}

fn fd_metadata(fd: std::os::fd::BorrowedFd) -> Option<Metadata> {
    let owned = fd.try_clone_to_owned().ok()?;
    std::fs::File::from(owned).metadata().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_not_there_yet_are_named_by_their_real_place() {
        let root = tempfile::tempdir().unwrap();
        let base = root.path();
        std::fs::create_dir(base.join("real")).unwrap();
        std::os::unix::fs::symlink(base.join("real"), base.join("link")).unwrap();
        let mut plan = Plan::default();
        let a = plan.resolve(&base.join("link/new/x.bin"));
        let b = plan.resolve(&base.join("real/new/../new/./x.bin"));
        assert_eq!(a, b);
        assert_eq!(a, std::fs::canonicalize(base).unwrap().join("real/new/x.bin"));
        plan.output(&base.join("link/new/x.bin")).unwrap();
        let same = plan.output(&base.join("real/new/../new/x.bin")).unwrap_err();
        assert!(same.starts_with("outputs ") && same.ends_with(" are the same file"), "{same}");
        // An existing file, reached through the link: the same inode as the input.
        std::fs::write(base.join("real/in.txt"), "x").unwrap();
        let mut plan = Plan::default();
        plan.input(&base.join("real/in.txt")).unwrap();
        let on_input = plan.output(&base.join("link/in.txt")).unwrap_err();
        assert!(on_input.ends_with(&format!("is the input {}", base.join("real/in.txt").display())), "{on_input}");
        assert!(plan.output(base).unwrap_err().ends_with("is a directory"));
    }
}
