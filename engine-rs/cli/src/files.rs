//! The native CLI's `fracture_host::shell::Files`: std's calls on the bytes of each path, outputs
//! through crate::output (a temporary file beside the target, then a rename).

use std::collections::HashMap;
use std::ffi::OsStr;
use std::fs::{FileType, Metadata};
use std::os::fd::AsFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Component, Path, PathBuf};

use fracture_host::messages;
use fracture_host::shell::{Fault, Files, Identity, Looked};

use crate::process::io_text;

/// std's files; the real paths of the directories the claims resolved are kept (`Outputs`), and
/// the outputs begun (crate::output's temporary files) by handle.
#[derive(Default)]
pub struct StdFiles {
    outputs: Outputs,
    pending: HashMap<u32, crate::output::Pending>,
    next: u32,
}

fn at(path: &[u8]) -> &Path {
    Path::new(OsStr::from_bytes(path))
}

impl Files for StdFiles {
    fn look(&mut self, path: &[u8]) -> Looked {
        look(std::fs::metadata(at(path)).ok())
    }

    fn standard(&mut self, output: bool) -> Looked {
        let owned = if output {
            std::io::stdout().as_fd().try_clone_to_owned()
        } else {
            std::io::stdin().as_fd().try_clone_to_owned()
        };
        let owned = owned.ok();
        look(owned.and_then(|fd| std::fs::File::from(fd).metadata().ok()))
    }

    fn identify(&mut self, path: &[u8]) -> (Vec<u8>, Option<String>) {
        self.outputs.identify(at(path))
    }

    fn read_input(&mut self, path: &[u8]) -> Result<Vec<u8>, Fault> {
        crate::process::Input::read_bytes(at(path))
    }

    fn occupied(&mut self, path: &[u8]) -> bool {
        at(path).exists() && std::fs::read_dir(at(path)).map_or(true, |mut d| d.next().is_some())
    }

    fn read(&mut self, path: &[u8]) -> Result<Option<Vec<u8>>, Fault> {
        match std::fs::read(at(path)) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(io_text(&e)),
        }
    }

    fn permissions(&mut self, path: &[u8]) -> u32 {
        std::fs::metadata(at(path)).map_or(0o600, |m| m.mode() & 0o777)
    }

    fn create_dir_all(&mut self, path: &[u8]) -> Result<(), Fault> {
        std::fs::create_dir_all(at(path)).map_err(|e| io_text(&e))
    }

    fn read_at(&mut self, path: &[u8], offset: u64, len: usize) -> Result<Vec<u8>, Fault> {
        let file = std::fs::File::open(at(path)).map_err(|e| io_text(&e))?;
        let mut buf = vec![0u8; len];
        let mut got = 0;
        while got < len {
            match std::os::unix::fs::FileExt::read_at(&file, &mut buf[got..], offset + got as u64) {
                Ok(0) => break,
                Ok(n) => got += n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(io_text(&e)),
            }
        }
        buf.truncate(got);
        Ok(buf)
    }

    fn create(&mut self, path: &[u8], allowed: u32) -> Result<u32, Fault> {
        let pending = crate::output::create(at(path), crate::output::mode(allowed)).map_err(|e| io_text(&e))?;
        self.next += 1;
        self.pending.insert(self.next, pending);
        Ok(self.next)
    }

    fn put(&mut self, output: u32, bytes: &[u8]) -> Result<(), Fault> {
        let pending = self.pending.get(&output).ok_or("no such output")?;
        std::io::Write::write_all(&mut pending.file(), bytes).map_err(|e| io_text(&e))
    }

    fn commit(&mut self, output: u32) -> Result<(), Fault> {
        let pending = self.pending.remove(&output).ok_or("no such output")?;
        pending.commit().map_err(|e| io_text(&e))
    }

    fn discard(&mut self, output: u32) {
        self.pending.remove(&output);
    }

    fn append(&mut self, path: &[u8], bytes: &[u8]) -> Result<(), Fault> {
        let file = std::fs::File::options().append(true).open(at(path));
        file.and_then(|mut f| std::io::Write::write_all(&mut f, bytes)).map_err(|e| io_text(&e))
    }

    fn remove(&mut self, path: &[u8]) {
        let _ = std::fs::remove_file(at(path));
    }

    fn err(&mut self, text: &str) {
        eprint!("{text}");
    }
}

fn identity(m: &Metadata) -> Identity {
    Identity { device: m.dev(), inode: m.ino(), size: m.len(), mode: m.mode() & 0o777 }
}

/// `a directory`, `a FIFO`, ... for a file that is not a regular one.
fn kind(t: FileType) -> Option<String> {
    let kind = if t.is_file() {
        return None;
    } else if t.is_dir() {
        messages::kind_directory
    } else if t.is_fifo() {
        messages::kind_fifo
    } else if t.is_char_device() {
        messages::kind_character_device
    } else if t.is_block_device() {
        messages::kind_block_device
    } else if t.is_socket() {
        messages::kind_socket
    } else {
        messages::kind_special
    };
    Some(kind())
}

/// What is at an input: a regular file, something else, or nothing that can be looked at.
pub(crate) fn look(m: Option<Metadata>) -> Looked {
    match m {
        None => Looked::Missing,
        Some(m) => match kind(m.file_type()) {
            Some(what) => Looked::Special(what),
            None => Looked::Regular(identity(&m)),
        },
    }
}

/// Outputs as the claims compare them: an existing file by device and inode (through symlinks), one
/// not there yet by the real path it will have. Real paths of directories already resolved are kept
/// (every output of a run shares one).
#[derive(Default)]
pub struct Outputs {
    parents: HashMap<PathBuf, PathBuf>,
}

impl Outputs {
    /// The output at `path`: its key and, when it exists and is not a regular file, what it is.
    pub fn identify(&mut self, path: &Path) -> (Vec<u8>, Option<String>) {
        match std::fs::metadata(path) {
            Ok(m) => (identity(&m).key(), kind(m.file_type())),
            Err(_) => ([&b"path:"[..], self.resolve(path).as_os_str().as_bytes()].concat(), None),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_not_there_yet_are_named_by_their_real_place() {
        let root = tempfile::tempdir().unwrap();
        let base = root.path();
        std::fs::create_dir(base.join("real")).unwrap();
        std::os::unix::fs::symlink(base.join("real"), base.join("link")).unwrap();
        let mut outputs = Outputs::default();
        let a = outputs.identify(&base.join("link/new/x.bin"));
        let b = outputs.identify(&base.join("real/new/../new/./x.bin"));
        assert_eq!(a, b);
        let real = std::fs::canonicalize(base).unwrap().join("real/new/x.bin");
        assert_eq!(a.0, [&b"path:"[..], real.as_os_str().as_bytes()].concat());
        // An existing file, reached through the link, by its inode; a directory says what it is.
        std::fs::write(base.join("real/in.txt"), "x").unwrap();
        let m = std::fs::metadata(base.join("real/in.txt")).unwrap();
        assert_eq!(
            outputs.identify(&base.join("link/in.txt")),
            (format!("{}:{}", m.dev(), m.ino()).into_bytes(), None)
        );
        assert_eq!(outputs.identify(base).1.as_deref(), Some("a directory"));
    }
}
