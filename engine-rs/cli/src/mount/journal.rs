//! What a power cut needs (docs/mount.md, "Power cuts"): the program's writes, creations, renames and
//! unlinks are held, in the order they came, and reach the disk (the upper directory) only when the
//! program makes them durable, as Linux does: fsync or fdatasync of a file (and O_SYNC or O_DSYNC
//! writes) for its data, fsync of the parent directory for a creation, link, rename or unlink. The
//! program meanwhile sees its own writes at once: the view is a private upper directory of its own.
//!
//! On the disk every regular file is a hard link to an object (`.wh..wh.fracture/obj/ID` inside the
//! upper directory, ID the view file's inode number): data made durable goes to the object, so a
//! file's data can be durable before its name is (an fsync before the directory's), as on a disk.
//! The objects' directory goes at the end; the names keep their data.

use std::fs::File;
use std::io;
use std::os::unix::fs::{FileExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use super::layers::Layers;

/// The objects' directory, inside the disk's upper directory (a name the mount never shows).
pub const OBJECTS: &str = ".wh..wh.fracture";

/// An operation as the journal holds it. `id`: the view file's inode number, which hard links share
/// and renames keep.
#[derive(Clone, Debug, PartialEq)]
pub enum Held {
    Write { id: u64, offset: u64, len: u64, at: u64 },
    Truncate { id: u64, size: u64 },
    Chmod { id: u64, mode: u32 },
    Create { rel: PathBuf, id: u64, mode: u32 },
    Mkdir { rel: PathBuf, mode: u32 },
    Symlink { rel: PathBuf, target: PathBuf },
    Link { id: u64, rel: PathBuf },
    Unlink { rel: PathBuf },
    Rmdir { rel: PathBuf },
    Rename { from: PathBuf, to: PathBuf, exchange: bool },
}

impl Held {
    /// The file whose data this is (writes, truncations, modes).
    pub fn data_of(&self) -> Option<u64> {
        match self {
            Held::Write { id, .. } | Held::Truncate { id, .. } | Held::Chmod { id, .. } => Some(*id),
            _ => None,
        }
    }

    /// The names a name operation touches.
    pub fn names(&self) -> Vec<&Path> {
        match self {
            Held::Create { rel, .. }
            | Held::Mkdir { rel, .. }
            | Held::Symlink { rel, .. }
            | Held::Link { rel, .. }
            | Held::Unlink { rel }
            | Held::Rmdir { rel } => vec![rel],
            Held::Rename { from, to, .. } => vec![from, to],
            _ => Vec::new(),
        }
    }

    /// The directories whose fsync makes this name operation durable.
    fn parents(&self) -> Vec<&Path> {
        self.names().into_iter().map(|p| p.parent().unwrap_or(Path::new(""))).collect()
    }
}

/// Whether two names are the same or one holds the other.
fn overlap(a: &Path, b: &Path) -> bool {
    a.starts_with(b) || b.starts_with(a)
}

/// Whether `later` needs `earlier` on the disk first: a name operation after one on the same name or
/// a directory around it; a file's data after the file's creation or link.
pub fn depends(later: &Held, earlier: &Held) -> bool {
    if let Some(id) = later.data_of() {
        return matches!(earlier, Held::Create { id: e, .. } | Held::Link { id: e, .. } if *e == id);
    }
    let (a, b) = (later.names(), earlier.names());
    a.iter().any(|x| b.iter().any(|y| overlap(x, y)))
}

/// One block a durable write changed, with the bytes it replaced (for lost and misdirected writes).
#[derive(Clone, Debug)]
pub struct BlockWrite {
    pub id: u64,
    pub block: u64,
    /// Where the block's bytes before the write are kept in the journal file, and how many there were.
    pub old_at: u64,
    pub old_len: u64,
    pub new_at: u64,
    pub new_len: u64,
}

#[derive(Default)]
pub struct State {
    pub pending: Vec<Held>,
    /// Durable block writes, in order.
    pub history: Vec<BlockWrite>,
    /// The journal file's end.
    end: u64,
}

pub struct Journal {
    /// SOURCE below and the disk's upper directory above.
    pub disk: Layers,
    objects: PathBuf,
    /// Held write payloads and replaced bytes.
    file: File,
    pub block: u64,
    pub state: Mutex<State>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Journal {
    pub fn new(disk: Layers, scratch: &Path, block: u64) -> io::Result<Journal> {
        let objects = disk.upper.join(OBJECTS).join("obj");
        std::fs::create_dir_all(&objects)?;
        Ok(Journal { disk, objects, file: tempfile::tempfile_in(scratch)?, block, state: Mutex::default() })
    }

    fn keep(&self, st: &mut State, bytes: &[u8]) -> io::Result<u64> {
        let at = st.end;
        self.file.write_all_at(bytes, at)?;
        st.end += bytes.len() as u64;
        Ok(at)
    }

    pub fn bytes(&self, at: u64, len: u64) -> io::Result<Vec<u8>> {
        let mut b = vec![0u8; len as usize];
        self.file.read_exact_at(&mut b, at)?;
        Ok(b)
    }

    /// Holds an operation (a write's bytes are kept here).
    pub fn hold(&self, op: Held) {
        lock(&self.state).pending.push(op);
    }

    pub fn hold_write(&self, id: u64, offset: u64, data: &[u8]) -> io::Result<()> {
        let mut st = lock(&self.state);
        let at = self.keep(&mut st, data)?;
        st.pending.push(Held::Write { id, offset, len: data.len() as u64, at });
        Ok(())
    }

    fn object(&self, id: u64) -> PathBuf {
        self.objects.join(id.to_string())
    }

    /// The object of `id`, made empty (mode 0600 until a Create or Chmod says otherwise) if missing.
    fn open_object(&self, id: u64) -> io::Result<File> {
        File::options().read(true).write(true).create(true).truncate(false).open(self.object(id))
    }

    /// A SOURCE file was copied up in the view: the disk holds the same bytes under the same name at
    /// once (the name was durable already, and copying changed nothing the program did).
    pub fn copied_up(&self, rel: &Path, view_file: &Path) -> io::Result<()> {
        let id = std::fs::metadata(view_file)?.ino();
        let obj = self.object(id);
        std::fs::copy(view_file, &obj)?;
        if let Some(parent) = rel.parent() {
            self.disk.upper_dir(parent)?;
        }
        let dest = self.disk.upper_path(rel);
        if std::fs::symlink_metadata(&dest).is_err() {
            std::fs::hard_link(&obj, &dest)?;
        }
        Ok(())
    }

    /// Makes durable the held data of file `id` (fsync, fdatasync, an O_SYNC write).
    pub fn sync_file(&self, id: u64) -> io::Result<()> {
        let mut st = lock(&self.state);
        let (now, later): (Vec<Held>, Vec<Held>) = st.pending.drain(..).partition(|op| op.data_of() == Some(id));
        st.pending = later;
        for op in now {
            self.apply(&mut st, &op)?;
        }
        Ok(())
    }

    /// Makes durable the held name operations in directory `dir` (its fsync), with the earlier ones
    /// they depend on.
    pub fn sync_dir(&self, dir: &Path) -> io::Result<()> {
        let mut st = lock(&self.state);
        let mut chosen = vec![false; st.pending.len()];
        for i in (0..st.pending.len()).rev() {
            let op = &st.pending[i];
            let wanted = op.data_of().is_none() && op.parents().contains(&dir);
            let needed = (i + 1..st.pending.len()).any(|j| chosen[j] && depends(&st.pending[j], op));
            chosen[i] = wanted || (needed && op.data_of().is_none());
        }
        self.apply_chosen(&mut st, &chosen)
    }

    /// Everything held becomes durable (the program ended and the mount ends cleanly).
    pub fn sync_all(&self) -> io::Result<()> {
        let mut st = lock(&self.state);
        let all = vec![true; st.pending.len()];
        self.apply_chosen(&mut st, &all)
    }

    /// Applies the chosen held operations in order and keeps the others held.
    pub fn apply_chosen(&self, st: &mut State, chosen: &[bool]) -> io::Result<()> {
        let pending = std::mem::take(&mut st.pending);
        for (op, &c) in pending.iter().zip(chosen) {
            if c {
                self.apply(st, op)?;
            } else {
                st.pending.push(op.clone());
            }
        }
        Ok(())
    }

    /// Drops file `id`'s held data (fsync's `drop`); returns the object's path to show from now on.
    pub fn drop_file(&self, id: u64) -> PathBuf {
        lock(&self.state).pending.retain(|op| op.data_of() != Some(id));
        self.object(id)
    }

    /// One held operation on the disk.
    pub fn apply(&self, st: &mut State, op: &Held) -> io::Result<()> {
        let d = &self.disk;
        let up = |rel: &Path| d.upper_path(rel);
        let parent = |rel: &Path| rel.parent().unwrap_or(Path::new("")).to_path_buf();
        match op {
            Held::Write { id, offset, len, at } => {
                let obj = self.open_object(*id)?;
                let data = self.bytes(*at, *len)?;
                self.remember(st, &obj, *id, *offset, &data)?;
                obj.write_all_at(&data, *offset)?;
            }
            Held::Truncate { id, size } => self.open_object(*id)?.set_len(*size)?,
            Held::Chmod { id, mode } => {
                self.open_object(*id)?.set_permissions(std::fs::Permissions::from_mode(*mode))?
            }
            Held::Create { rel, id, mode } => {
                d.upper_dir(&parent(rel))?;
                let obj = self.open_object(*id)?;
                obj.set_permissions(std::fs::Permissions::from_mode(*mode))?;
                let _ = std::fs::remove_file(up(rel));
                std::fs::hard_link(self.object(*id), up(rel))?;
                d.unwhiteout(rel, false)?;
            }
            Held::Link { id, rel } => {
                d.upper_dir(&parent(rel))?;
                self.open_object(*id)?;
                std::fs::hard_link(self.object(*id), up(rel))?;
                d.unwhiteout(rel, false)?;
            }
            Held::Mkdir { rel, mode } => {
                d.upper_dir(&parent(rel))?;
                std::fs::create_dir(up(rel))?;
                std::fs::set_permissions(up(rel), std::fs::Permissions::from_mode(*mode))?;
                d.unwhiteout(rel, true)?;
            }
            Held::Symlink { rel, target } => {
                d.upper_dir(&parent(rel))?;
                std::os::unix::fs::symlink(target, up(rel))?;
                d.unwhiteout(rel, false)?;
            }
            Held::Unlink { rel } => {
                let _ = std::fs::remove_file(up(rel));
                d.whiteout(rel)?;
            }
            Held::Rmdir { rel } => {
                d.remove_upper_dir(rel)?;
                d.whiteout(rel)?;
            }
            Held::Rename { from, to, exchange } => {
                d.upper_dir(&parent(to))?;
                if *exchange {
                    rustix::fs::renameat_with(
                        rustix::fs::CWD,
                        up(from),
                        rustix::fs::CWD,
                        up(to),
                        rustix::fs::RenameFlags::EXCHANGE,
                    )?;
                } else {
                    let replaced_lower_dir =
                        d.has_lower(to) && std::fs::symlink_metadata(up(from)).is_ok_and(|m| m.is_dir());
                    if std::fs::symlink_metadata(up(to)).is_ok_and(|m| m.is_dir()) {
                        d.remove_upper_dir(to)?;
                    }
                    d.unwhiteout(to, false)?;
                    std::fs::rename(up(from), up(to))?;
                    if replaced_lower_dir {
                        d.mark_opaque(to)?;
                    }
                    d.whiteout(from)?;
                }
            }
        }
        Ok(())
    }

    /// Keeps, for each block a durable write changes, the bytes it replaces and the ones it writes.
    fn remember(&self, st: &mut State, obj: &File, id: u64, offset: u64, data: &[u8]) -> io::Result<()> {
        let size = obj.metadata()?.len();
        let b = self.block;
        let mut pos = offset;
        let end = offset + data.len() as u64;
        while pos < end {
            let block = pos / b;
            let (from, to) = (block * b, ((block + 1) * b).min(end.max(size)));
            let old_len = to.min(size).saturating_sub(from);
            let mut old = vec![0u8; old_len as usize];
            if old_len > 0 {
                obj.read_exact_at(&mut old, from)?;
            }
            // The block as it will be: the old bytes with this write's over them.
            let mut new = old.clone();
            new.resize((to - from) as usize, 0);
            let (a, z) = (pos.max(from), end.min((block + 1) * b));
            new[(a - from) as usize..(z - from) as usize]
                .copy_from_slice(&data[(a - offset) as usize..(z - offset) as usize]);
            let old_at = self.keep(st, &old)?;
            let new_at = self.keep(st, &new)?;
            st.history.push(BlockWrite { id, block, old_at, old_len, new_at, new_len: new.len() as u64 });
            pos = z;
        }
        Ok(())
    }

    /// The file `id` on the disk, to write a cut's changes into.
    pub fn object_file(&self, id: u64) -> io::Result<File> {
        self.open_object(id)
    }

    /// Whether object `id` has a name on the disk (more than its own link).
    pub fn named(&self, id: u64) -> bool {
        std::fs::metadata(self.object(id)).is_ok_and(|m| m.nlink() > 1)
    }

    /// The objects' directory goes; the names keep their data.
    pub fn finish(&self) {
        let _ = std::fs::remove_dir_all(self.disk.upper.join(OBJECTS));
    }
}
