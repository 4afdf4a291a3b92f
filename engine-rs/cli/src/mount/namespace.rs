//! Names through the mount: lookups, attributes, directories, creations, renames and removals, each
//! applied above (crate::mount::layers) and never below.

use std::ffi::OsStr;
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::path::Path;
use std::time::SystemTime;

use fuser::{Errno, FileAttr, FileType, TimeOrNow};

use super::journal::Held;
use super::layers::{reserved, Layer};
use super::rules::Op;
use super::view::{errno, kind, View};

/// What `setattr` asks to change.
pub struct Changes {
    pub mode: Option<u32>,
    pub uid: Option<u32>,
    pub gid: Option<u32>,
    pub size: Option<u64>,
    pub atime: Option<TimeOrNow>,
    pub mtime: Option<TimeOrNow>,
    pub fh: Option<u64>,
}

fn when(t: TimeOrNow) -> SystemTime {
    match t {
        TimeOrNow::SpecificTime(t) => t,
        TimeOrNow::Now => SystemTime::now(),
    }
}

impl View {
    pub fn lookup(&self, parent: u64, name: &OsStr) -> Result<FileAttr, Errno> {
        let (rel, ino) = self.child(fuser::INodeNo(parent), name)?;
        Ok(self.stat(ino, &rel)?.2)
    }

    pub fn getattr(&self, ino: u64) -> Result<FileAttr, Errno> {
        let rel = self.path(fuser::INodeNo(ino))?;
        Ok(self.stat(ino, &rel)?.2)
    }

    pub fn setattr(&self, ino: u64, c: Changes) -> Result<FileAttr, Errno> {
        let rel = self.path(fuser::INodeNo(ino))?;
        let (layer, m, _) = self.stat(ino, &rel)?;
        if layer == Layer::Lower {
            if m.is_dir() {
                self.layers.upper_dir(&rel).map_err(|e| errno(&e))?;
            } else {
                self.copy_up(ino, &rel)?;
            }
        }
        let up = self.layers.upper_path(&rel);
        if let Some(mode) = c.mode {
            std::fs::set_permissions(&up, std::fs::Permissions::from_mode(mode & 0o7777)).map_err(|e| errno(&e))?;
            if !m.is_dir() {
                self.hold(Held::Chmod { id: self.id_of(&rel), mode: mode & 0o7777 });
            }
        }
        if c.uid.is_some() || c.gid.is_some() {
            std::os::unix::fs::lchown(&up, c.uid, c.gid).map_err(|e| errno(&e))?;
        }
        if let Some(size) = c.size {
            self.truncate(ino, &rel, size, c.fh)?;
        }
        if c.atime.is_some() || c.mtime.is_some() {
            let file = std::fs::File::options().write(true).open(&up).or_else(|_| std::fs::File::open(&up));
            let file = file.map_err(|e| errno(&e))?;
            let mut times = std::fs::FileTimes::new();
            if let Some(t) = c.atime {
                times = times.set_accessed(when(t));
            }
            if let Some(t) = c.mtime {
                times = times.set_modified(when(t));
            }
            file.set_times(times).map_err(|e| errno(&e))?;
        }
        Ok(self.stat(ino, &rel)?.2)
    }

    pub fn readlink(&self, ino: u64) -> Result<Vec<u8>, Errno> {
        use std::os::unix::ffi::OsStrExt;
        let rel = self.path(fuser::INodeNo(ino))?;
        let path = match self.layers.find(&rel) {
            Some((Layer::Upper, _)) => self.layers.upper_path(&rel),
            Some((Layer::Lower, _)) => self.layers.lower_path(&rel).ok_or(Errno::ENOENT)?,
            None => return Err(Errno::ENOENT),
        };
        Ok(std::fs::read_link(path).map_err(|e| errno(&e))?.as_os_str().as_bytes().to_vec())
    }

    /// Checks a new name and makes its directory exist above.
    fn new_entry(&self, parent: u64, name: &OsStr) -> Result<(std::path::PathBuf, u64), Errno> {
        if reserved(name) {
            return Err(Errno::EINVAL);
        }
        let (rel, ino) = self.child(fuser::INodeNo(parent), name)?;
        if self.layers.find(&rel).is_some() {
            return Err(Errno::EEXIST);
        }
        self.layers.upper_dir(rel.parent().unwrap_or(Path::new(""))).map_err(|e| errno(&e))?;
        Ok((rel, ino))
    }

    pub fn mkdir(&self, parent: u64, name: &OsStr, mode: u32, uid: u32, gid: u32) -> Result<FileAttr, Errno> {
        let (rel, ino) = self.new_entry(parent, name)?;
        let up = self.layers.upper_path(&rel);
        std::fs::DirBuilder::new().mode(mode & 0o7777).create(&up).map_err(|e| errno(&e))?;
        self.own(&up, uid, gid);
        self.layers.unwhiteout(&rel, true).map_err(|e| errno(&e))?;
        self.hold(Held::Mkdir { rel: rel.clone(), mode: mode & 0o7777 });
        Ok(self.stat(ino, &rel)?.2)
    }

    pub fn symlink(&self, parent: u64, name: &OsStr, target: &Path, uid: u32, gid: u32) -> Result<FileAttr, Errno> {
        let (rel, ino) = self.new_entry(parent, name)?;
        let up = self.layers.upper_path(&rel);
        std::os::unix::fs::symlink(target, &up).map_err(|e| errno(&e))?;
        self.own(&up, uid, gid);
        self.layers.unwhiteout(&rel, false).map_err(|e| errno(&e))?;
        self.hold(Held::Symlink { rel: rel.clone(), target: target.to_path_buf() });
        Ok(self.stat(ino, &rel)?.2)
    }

    pub fn link(&self, ino: u64, new_parent: u64, new_name: &OsStr) -> Result<FileAttr, Errno> {
        let rel = self.path(fuser::INodeNo(ino))?;
        let (layer, m, _) = self.stat(ino, &rel)?;
        if m.is_dir() {
            return Err(Errno::EPERM);
        }
        let (new_rel, new_ino) = self.new_entry(new_parent, new_name)?;
        if layer == Layer::Lower {
            self.copy_up(ino, &rel)?;
        }
        std::fs::hard_link(self.layers.upper_path(&rel), self.layers.upper_path(&new_rel)).map_err(|e| errno(&e))?;
        self.layers.unwhiteout(&new_rel, false).map_err(|e| errno(&e))?;
        self.hold(Held::Link { id: self.id_of(&rel), rel: new_rel.clone() });
        Ok(self.stat(new_ino, &new_rel)?.2)
    }

    /// Removes a name: above if it is there, and hidden below if SOURCE has it.
    pub fn unlink(&self, parent: u64, name: &OsStr, pid: u32) -> Result<(), Errno> {
        let (rel, ino) = self.child(fuser::INodeNo(parent), name)?;
        let (layer, m, _) = self.stat(ino, &rel)?;
        if m.is_dir() {
            return Err(Errno::EISDIR);
        }
        self.fault(Op::Unlink, &rel, 0, 0, pid)?;
        if layer == Layer::Upper {
            std::fs::remove_file(self.layers.upper_path(&rel)).map_err(|e| errno(&e))?;
        }
        self.layers.whiteout(&rel).map_err(|e| errno(&e))?;
        self.hold(Held::Unlink { rel: rel.clone() });
        self.forget_variant(ino);
        self.nodes().forget_name(parent, name);
        Ok(())
    }

    pub fn rmdir(&self, parent: u64, name: &OsStr) -> Result<(), Errno> {
        let (rel, ino) = self.child(fuser::INodeNo(parent), name)?;
        let (_, m, _) = self.stat(ino, &rel)?;
        if !m.is_dir() {
            return Err(Errno::ENOTDIR);
        }
        if !self.layers.list(&rel).map_err(|e| errno(&e))?.is_empty() {
            return Err(Errno::from_i32(libc::ENOTEMPTY));
        }
        self.layers.remove_upper_dir(&rel).map_err(|e| errno(&e))?;
        self.layers.whiteout(&rel).map_err(|e| errno(&e))?;
        self.hold(Held::Rmdir { rel: rel.clone() });
        self.nodes().forget_name(parent, name);
        Ok(())
    }

    /// Moves a name, as overlayfs without redirects does: a file below is copied up first; a
    /// directory with content below cannot move (EXDEV: programs copy instead).
    pub fn rename(&self, from: (u64, &OsStr), to: (u64, &OsStr), flags: u32, pid: u32) -> Result<(), Errno> {
        let (src, src_ino) = self.child(fuser::INodeNo(from.0), from.1)?;
        if reserved(to.1) || flags & libc::RENAME_WHITEOUT != 0 {
            return Err(Errno::EINVAL);
        }
        let (dst, dst_ino) = self.child(fuser::INodeNo(to.0), to.1)?;
        let (_, sm, _) = self.stat(src_ino, &src)?;
        let target = self.layers.find(&dst);
        self.fault(Op::Rename, &src, 0, 0, pid)?;
        if sm.is_dir() && self.layers.has_lower(&src) {
            return Err(Errno::EXDEV);
        }
        if let Some((_, dm)) = &target {
            if flags & libc::RENAME_NOREPLACE != 0 {
                return Err(Errno::EEXIST);
            }
            if flags & libc::RENAME_EXCHANGE == 0 {
                match (sm.is_dir(), dm.is_dir()) {
                    (true, false) => return Err(Errno::ENOTDIR),
                    (false, true) => return Err(Errno::EISDIR),
                    (true, true) if !self.layers.list(&dst).map_err(|e| errno(&e))?.is_empty() => {
                        return Err(Errno::from_i32(libc::ENOTEMPTY))
                    }
                    _ => {}
                }
            } else if dm.is_dir() && self.layers.has_lower(&dst) {
                return Err(Errno::EXDEV);
            }
        } else if flags & libc::RENAME_EXCHANGE != 0 {
            return Err(Errno::ENOENT);
        }
        if !sm.is_dir() {
            self.copy_up(src_ino, &src)?;
        }
        self.layers.upper_dir(dst.parent().unwrap_or(Path::new(""))).map_err(|e| errno(&e))?;
        let (up_src, up_dst) = (self.layers.upper_path(&src), self.layers.upper_path(&dst));
        if flags & libc::RENAME_EXCHANGE != 0 {
            if !target.as_ref().is_some_and(|(_, m)| m.is_dir()) {
                self.copy_up(dst_ino, &dst)?;
            }
            rustix::fs::renameat_with(
                rustix::fs::CWD,
                &up_src,
                rustix::fs::CWD,
                &up_dst,
                rustix::fs::RenameFlags::EXCHANGE,
            )
            .map_err(|e| Errno::from_i32(e.raw_os_error()))?;
            self.hold(Held::Rename { from: src.clone(), to: dst.clone(), exchange: true });
            self.nodes().exchange(from, to);
            return Ok(());
        }
        let replaced_lower_dir = target.as_ref().is_some_and(|(l, m)| *l == Layer::Lower && m.is_dir());
        if matches!(&target, Some((Layer::Upper, m)) if m.is_dir()) {
            // An empty directory above: only whiteouts may be in it.
            self.layers.remove_upper_dir(&dst).map_err(|e| errno(&e))?;
        }
        self.layers.unwhiteout(&dst, false).map_err(|e| errno(&e))?;
        std::fs::rename(&up_src, &up_dst).map_err(|e| errno(&e))?;
        if replaced_lower_dir {
            self.layers.mark_opaque(&dst).map_err(|e| errno(&e))?;
        }
        self.layers.whiteout(&src).map_err(|e| errno(&e))?;
        self.hold(Held::Rename { from: src.clone(), to: dst.clone(), exchange: false });
        self.forget_variant(dst_ino);
        self.nodes().rename(from.0, from.1, to.0, to.1);
        Ok(())
    }

    /// The directory's entries (`.` and `..` first), numbered, for `readdir`.
    pub fn listing(&self, ino: u64) -> Result<Vec<(std::ffi::OsString, u64, FileType)>, Errno> {
        let rel = self.path(fuser::INodeNo(ino))?;
        let parent = match rel.parent() {
            Some(p) if !rel.as_os_str().is_empty() => {
                let p = p.to_path_buf();
                let mut n = self.nodes();
                // The parent's number: walk down from the root.
                let mut at = super::nodes::ROOT;
                for part in p.components() {
                    at = n.child(at, part.as_os_str());
                }
                at
            }
            _ => super::nodes::ROOT,
        };
        let mut out = vec![(".".into(), ino, FileType::Directory), ("..".into(), parent, FileType::Directory)];
        let entries = self.layers.list(&rel).map_err(|e| errno(&e))?;
        let mut n = self.nodes();
        for (name, m) in entries {
            let child = n.child(ino, &name);
            out.push((name, child, kind(&m)));
        }
        Ok(out)
    }

    /// fsync of a directory: a durability point, then its held name operations become durable.
    pub fn fsyncdir(&self, ino: u64, pid: u32) -> Result<(), Errno> {
        let rel = self.path(fuser::INodeNo(ino))?;
        self.fault(Op::Fsync, &rel, 0, 0, pid)?;
        self.durability_point(&format!("fsync of directory {}", super::nodes::shown(&rel)))?;
        if let Some(j) = self.journal() {
            j.sync_dir(&rel).map_err(|e| errno(&e))?;
        }
        Ok(())
    }

    pub fn statfs(&self) -> Result<rustix::fs::StatVfs, Errno> {
        rustix::fs::statvfs(&self.layers.upper).map_err(|e| Errno::from_i32(e.raw_os_error()))
    }
}
