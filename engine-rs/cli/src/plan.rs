//! Plan, then write (docs/cli.md, "Plan, then write"): every input and every planned output is
//! identified before anything is written, and the run is refused when an output would land on an
//! input, on another output, or on a directory, or when an input is not a regular file. The plan and
//! its claims are fracture_host::plan's (the npm CLI's too); this shell looks at the files.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::fs::{FileType, Metadata};
use std::os::fd::AsFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Component, Path, PathBuf};

use fracture_host::messages;
use fracture_host::output_plan;
pub use fracture_host::plan::{Checksums, Identity, Input, Plan, Variant};
use fracture_host::plan::{Looked, Planner};

use crate::args::{Args, STDIN};
use crate::display;

/// A planned path (bytes, as the plan holds it) as a path.
pub fn path(bytes: &[u8]) -> &Path {
    Path::new(OsStr::from_bytes(bytes))
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

/// The files of a plan made here (`fracture run`, `minimize`, `diagnose`): each looked at here, the
/// claims decided by fracture_host::output_plan; each check returns the refusal's text.
#[derive(Default)]
pub struct Claims {
    decided: output_plan::Claims,
    outputs: Outputs,
}

impl Claims {
    /// An input FILE: its identity when it is a regular file (None when it cannot be read now: its
    /// own error comes when it is opened), refused when it is anything else.
    pub fn input(&mut self, path: &Path) -> Result<Option<Identity>, String> {
        match look(std::fs::metadata(path).ok()) {
            Looked::Missing => Ok(None),
            Looked::Special(what) => Err(messages::not_regular(&display::path(path), &what)),
            Looked::Regular(id) => {
                self.decided.input(&id.key(), &display::path(path));
                Ok(Some(id))
            }
        }
    }

    /// A planned output file at `path`.
    pub fn output(&mut self, path: &Path) -> Result<(), String> {
        let (key, kind) = self.outputs.identify(path);
        self.decided.output(&key, kind.as_deref(), &display::path(path))
    }
}

/// Plans the run of `a`; the refusal's text when an output would land on an input, on another output
/// or on a directory, or when a FILE is not a regular file.
pub fn make(a: &Args) -> Result<Plan, String> {
    let mut planner = Planner::new(&a.decided, a.out.as_os_str().as_bytes(), true);
    for file in &a.files {
        let looked = if file.as_os_str() == STDIN {
            look(fd_metadata(std::io::stdin().as_fd()))
        } else {
            look(std::fs::metadata(file).ok())
        };
        planner.input(file.as_os_str().as_bytes(), looked)?;
    }
    if let Some(zip) = &a.zip {
        planner.zip(zip.as_os_str().as_bytes());
    }
    let mut outputs = Outputs::default();
    for k in 0..planner.outputs().len() {
        let id = match &planner.outputs()[k] {
            Some(p) => Some(outputs.identify(path(p))),
            // Standard output counts when it is a regular file.
            None => {
                fd_metadata(std::io::stdout().as_fd()).filter(Metadata::is_file).map(|m| (identity(&m).key(), None))
            }
        };
        planner.claim(k, id.as_ref().map(|(key, kind)| (&key[..], kind.as_deref())))?;
    }
    Ok(planner.finish())
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

    fn run_args(argv: &[&str]) -> Args {
        let argv: Vec<std::ffi::OsString> = argv.iter().map(Into::into).collect();
        match crate::args::parse(&argv) {
            crate::args::Parsed::Run(a) => a,
            _ => panic!("not a run: {argv:?}"),
        }
    }

    #[test]
    fn the_shell_looks_at_every_file_it_plans() {
        let root = tempfile::tempdir().unwrap();
        let input = root.path().join("in.txt");
        std::fs::write(&input, "hello").unwrap();
        let (i, o) = (input.to_str().unwrap(), root.path().join("out"));
        let missing = root.path().join("nope");
        let plan = make(&run_args(&["--out", o.to_str().unwrap(), i, missing.to_str().unwrap()])).unwrap();
        let m = std::fs::metadata(&input).unwrap();
        let id = plan.inputs[0].identity.unwrap();
        assert_eq!((id.size, id.device, id.inode, id.mode), (5, m.dev(), m.ino(), m.mode() & 0o777));
        assert_eq!(plan.inputs[0].variants[0].out.as_deref(), Some(o.join("in_corrupted.txt").as_os_str().as_bytes()));
        assert!(plan.inputs[1].identity.is_none() && plan.inputs[1].variants.is_empty());
        // An output on an input (the ZIP here, by a hard link), and a directory as an input.
        std::fs::hard_link(&input, root.path().join("z.zip")).unwrap();
        let z = root.path().join("z.zip");
        assert!(make(&run_args(&["--zip", z.to_str().unwrap(), i])).err().is_some_and(|e| e.contains("is the input")));
        let dir = make(&run_args(&[root.path().to_str().unwrap()])).unwrap_err();
        assert!(dir.ends_with("is a directory, not a regular file"), "{dir}");
    }
}
