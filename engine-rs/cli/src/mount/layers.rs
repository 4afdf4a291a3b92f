//! The two layers of a mount, as overlayfs keeps them: SOURCE below, never written, and the upper
//! directory above, which takes every write, creation, rename and deletion (copy on write). A name
//! deleted from below is hidden by a whiteout in the upper directory, a directory made again over a
//! deleted one is marked opaque, as aufs marks them: an empty file `.wh.NAME` and a file
//! `.wh..wh..opq` (docs/mount.md, "The upper directory"). Names starting with `.wh.` are the mount's
//! own and never shown.

use std::ffi::{OsStr, OsString};
use std::fs::{File, Metadata};
use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

const WHITEOUT: &[u8] = b".wh.";
const OPAQUE: &str = ".wh..wh..opq";

/// SOURCE: a directory, or one file shown alone in the mount's root.
#[derive(Clone)]
pub enum Lower {
    Dir(PathBuf),
    File { name: OsString, path: PathBuf },
}

/// Where a name was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layer {
    Upper,
    Lower,
}

pub struct Layers {
    pub lower: Lower,
    pub upper: PathBuf,
}

/// Whether a name is the mount's own (whiteouts, the opaque mark, temporary copies).
pub fn reserved(name: &OsStr) -> bool {
    name.as_bytes().starts_with(WHITEOUT)
}

fn whiteout_name(name: &OsStr) -> OsString {
    let mut w = OsString::from(".wh.");
    w.push(name);
    w
}

impl Layers {
    pub fn upper_path(&self, rel: &Path) -> PathBuf {
        self.upper.join(rel)
    }

    /// The path below, where SOURCE has one.
    pub fn lower_path(&self, rel: &Path) -> Option<PathBuf> {
        match &self.lower {
            Lower::Dir(root) => Some(root.join(rel)),
            Lower::File { name, path } => (rel.as_os_str() == name.as_os_str()).then(|| path.clone()),
        }
    }

    /// Whether the upper directory hides `rel` below: a whiteout for it, or its directory is opaque.
    fn hidden(&self, rel: &Path) -> bool {
        let (Some(parent), Some(name)) = (rel.parent(), rel.file_name()) else { return false };
        let up = self.upper_path(parent);
        std::fs::symlink_metadata(up.join(whiteout_name(name))).is_ok() || up.join(OPAQUE).exists()
    }

    /// The entry at `rel` and its layer: the upper one first, then the lower one unless hidden.
    pub fn find(&self, rel: &Path) -> Option<(Layer, Metadata)> {
        if rel.file_name().is_some_and(reserved) {
            return None;
        }
        if let Ok(m) = std::fs::symlink_metadata(self.upper_path(rel)) {
            return Some((Layer::Upper, m));
        }
        if self.hidden(rel) {
            return None;
        }
        let m = std::fs::symlink_metadata(self.lower_path(rel)?).ok()?;
        Some((Layer::Lower, m))
    }

    /// The entries of the directory `rel`, the upper ones first, then those below that are neither
    /// hidden nor shadowed; names only, in no set order.
    pub fn list(&self, rel: &Path) -> io::Result<Vec<(OsString, Metadata)>> {
        let mut out = Vec::new();
        let mut hidden = std::collections::HashSet::new();
        let mut opaque = false;
        let up = self.upper_path(rel);
        if let Ok(entries) = std::fs::read_dir(&up) {
            for e in entries.flatten() {
                let name = e.file_name();
                if let Some(w) = name.as_bytes().strip_prefix(WHITEOUT) {
                    if name == OPAQUE {
                        opaque = true;
                    } else {
                        hidden.insert(OsStr::from_bytes(w).to_os_string());
                    }
                    continue;
                }
                if let Ok(m) = e.metadata() {
                    hidden.insert(name.clone());
                    out.push((name, m));
                }
            }
        }
        if opaque {
            return Ok(out);
        }
        match &self.lower {
            Lower::Dir(root) => {
                if let Ok(entries) = std::fs::read_dir(root.join(rel)) {
                    for e in entries.flatten() {
                        let name = e.file_name();
                        if hidden.contains(&name) || reserved(&name) {
                            continue;
                        }
                        if let Ok(m) = std::fs::symlink_metadata(e.path()) {
                            out.push((name, m));
                        }
                    }
                }
            }
            Lower::File { name, path } => {
                if rel.as_os_str().is_empty() && !hidden.contains(name) {
                    if let Ok(m) = std::fs::symlink_metadata(path) {
                        out.push((name.clone(), m));
                    }
                }
            }
        }
        Ok(out)
    }

    /// Makes `rel` (a directory) and its parents exist above, each with the mode of the one below.
    pub fn upper_dir(&self, rel: &Path) -> io::Result<()> {
        let mut at = PathBuf::new();
        for part in rel.components() {
            at.push(part);
            let up = self.upper_path(&at);
            if std::fs::symlink_metadata(&up).is_ok() {
                continue;
            }
            let below = self.lower_path(&at).map(std::fs::symlink_metadata);
            let mode = match below {
                Some(Ok(m)) if m.is_dir() => m.mode() & 0o7777,
                _ => return Err(io::Error::from_raw_os_error(libc::ENOENT)),
            };
            std::fs::create_dir(&up)?;
            std::fs::set_permissions(&up, std::fs::Permissions::from_mode(mode))?;
        }
        Ok(())
    }

    /// Puts `rel`, a file or symlink below, above: `fill` writes its bytes (the view's: a corrupted
    /// file's variant) into a temporary file beside it, which is then renamed into place.
    pub fn copy_up(&self, rel: &Path, fill: &mut dyn FnMut(&mut File) -> io::Result<()>) -> io::Result<()> {
        if std::fs::symlink_metadata(self.upper_path(rel)).is_ok() {
            return Ok(());
        }
        let below = self.lower_path(rel).ok_or_else(|| io::Error::from_raw_os_error(libc::ENOENT))?;
        let meta = std::fs::symlink_metadata(&below)?;
        if let Some(parent) = rel.parent() {
            self.upper_dir(parent)?;
        }
        let dest = self.upper_path(rel);
        if meta.file_type().is_symlink() {
            return std::os::unix::fs::symlink(std::fs::read_link(&below)?, &dest);
        }
        let dir = dest.parent().unwrap_or(&self.upper);
        let temp = tempfile::Builder::new().prefix(".wh..wh.copy.").tempfile_in(dir)?;
        let (mut file, temp) = temp.into_parts();
        fill(&mut file)?;
        file.set_permissions(std::fs::Permissions::from_mode(meta.mode() & 0o7777))?;
        let times = std::fs::FileTimes::new().set_accessed(meta.accessed()?).set_modified(meta.modified()?);
        file.set_times(times)?;
        temp.persist(&dest).map_err(|e| e.error)?;
        Ok(())
    }

    /// Hides `rel` below (after it was removed above, or instead of removing it).
    pub fn whiteout(&self, rel: &Path) -> io::Result<()> {
        let (Some(parent), Some(name)) = (rel.parent(), rel.file_name()) else { return Ok(()) };
        if self.lower_path(rel).is_none_or(|p| std::fs::symlink_metadata(p).is_err()) {
            return Ok(());
        }
        self.upper_dir(parent)?;
        File::create(self.upper_path(parent).join(whiteout_name(name))).map(drop)
    }

    /// Forgets the whiteout of `rel`, if any, before a new entry takes the name. A directory made
    /// where one below was deleted is marked opaque (`opaque`), so the old entries stay hidden.
    pub fn unwhiteout(&self, rel: &Path, opaque: bool) -> io::Result<()> {
        let (Some(parent), Some(name)) = (rel.parent(), rel.file_name()) else { return Ok(()) };
        let w = self.upper_path(parent).join(whiteout_name(name));
        if std::fs::remove_file(&w).is_ok() && opaque {
            File::create(self.upper_path(rel).join(OPAQUE))?;
        }
        Ok(())
    }

    /// Marks the directory `rel` above opaque: nothing below shows in it.
    pub fn mark_opaque(&self, rel: &Path) -> io::Result<()> {
        File::create(self.upper_path(rel).join(OPAQUE)).map(drop)
    }

    /// Removes a directory above (with the whiteouts it holds); the caller checked it is empty.
    pub fn remove_upper_dir(&self, rel: &Path) -> io::Result<()> {
        let up = self.upper_path(rel);
        match std::fs::symlink_metadata(&up) {
            Ok(_) => std::fs::remove_dir_all(&up),
            Err(_) => Ok(()),
        }
    }

    /// Whether `rel` has content below (a directory SOURCE holds, not only made above).
    pub fn has_lower(&self, rel: &Path) -> bool {
        !self.hidden(rel) && self.lower_path(rel).is_some_and(|p| std::fs::symlink_metadata(p).is_ok())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(l: &Layers, rel: &str) -> Vec<String> {
        let mut v: Vec<String> =
            l.list(Path::new(rel)).unwrap().into_iter().map(|(n, _)| n.to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn writes_go_above_and_whiteouts_hide_below() {
        let t = tempfile::tempdir().unwrap();
        let (src, up) = (t.path().join("src"), t.path().join("up"));
        std::fs::create_dir_all(src.join("d")).unwrap();
        std::fs::create_dir(&up).unwrap();
        std::fs::write(src.join("a"), "A").unwrap();
        std::fs::write(src.join("d/b"), "B").unwrap();
        let l = Layers { lower: Lower::Dir(src.clone()), upper: up.clone() };
        assert_eq!(names(&l, ""), ["a", "d"]);
        l.copy_up(Path::new("d/b"), &mut |f| std::io::Write::write_all(f, b"b2")).unwrap();
        assert_eq!(std::fs::read(up.join("d/b")).unwrap(), b"b2");
        assert_eq!(std::fs::read(src.join("d/b")).unwrap(), b"B", "SOURCE is never written");
        assert_eq!(l.find(Path::new("d/b")).unwrap().0, Layer::Upper);
        l.whiteout(Path::new("a")).unwrap();
        assert!(l.find(Path::new("a")).is_none());
        assert_eq!(names(&l, ""), ["d"]);
        assert!(l.find(Path::new(".wh.a")).is_none(), "the mount's own names are never shown");
        // A directory deleted and made again shows nothing of the old one.
        std::fs::remove_dir_all(up.join("d")).unwrap();
        l.whiteout(Path::new("d")).unwrap();
        std::fs::create_dir(up.join("d")).unwrap();
        l.unwhiteout(Path::new("d"), true).unwrap();
        assert_eq!(names(&l, "d"), Vec::<String>::new());
        assert_eq!(std::fs::read(src.join("a")).unwrap(), b"A");
    }

    #[test]
    fn one_file_shows_alone() {
        let t = tempfile::tempdir().unwrap();
        std::fs::write(t.path().join("x.png"), "P").unwrap();
        std::fs::write(t.path().join("other"), "O").unwrap();
        std::fs::create_dir(t.path().join("up")).unwrap();
        let l = Layers {
            lower: Lower::File { name: "x.png".into(), path: t.path().join("x.png") },
            upper: t.path().join("up"),
        };
        assert_eq!(names(&l, ""), ["x.png"]);
        assert!(l.find(Path::new("other")).is_none());
    }
}
