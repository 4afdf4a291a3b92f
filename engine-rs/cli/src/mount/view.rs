//! The mount's state shared by its threads (`View`): the layers, the inode numbers, the open files,
//! the corrupted variants, and what the kernel is told of each file (`attr`). The FUSE requests are
//! in `namespace.rs` (names) and `data.rs` (bytes); `fs.rs` routes them.

use std::collections::HashMap;
use std::ffi::OsStr;
use std::fs::{File, Metadata};
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use fuser::{Errno, FileAttr, FileType, INodeNo};

use super::layers::{Layer, Layers};
use super::nodes::{shown, Nodes};
use super::variant::Variant;
use super::Shared;

/// How long the kernel may keep names and attributes.
pub const TTL: Duration = Duration::from_secs(1);

/// What an open file reads from and writes to.
#[derive(Clone)]
pub enum Backing {
    /// A SOURCE file, shown as it is (read only).
    Lower(Arc<File>),
    /// A SOURCE file's corrupted variant (read only).
    Variant(Arc<Variant>),
    /// A file of the upper directory (read and write).
    Upper(Arc<File>),
    /// A SOURCE file that cannot be read: every read fails with EIO, and the log says why.
    Unreadable(String),
}

pub enum Handle {
    /// `sync`: opened with O_SYNC or O_DSYNC, so each write is durable when it returns.
    File { ino: u64, backing: Backing, sync: bool },
    /// A directory listing, taken when it was opened: (name, inode, kind).
    Dir(Vec<(std::ffi::OsString, u64, FileType)>),
}

pub struct View {
    pub shared: Arc<Shared>,
    pub layers: Layers,
    nodes: Mutex<Nodes>,
    /// Per inode: its variant, or None when the file is not corrupted (decided once).
    variants: Mutex<HashMap<u64, Option<Arc<Variant>>>>,
    handles: Mutex<HashMap<u64, Handle>>,
    next_fh: AtomicU64,
    pub cache_dir: PathBuf,
    /// New files and directories belong to the caller when the mount runs as root.
    pub root: bool,
    pub maps: super::hits::Maps,
}

pub fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

pub fn errno(e: &std::io::Error) -> Errno {
    Errno::from_i32(e.raw_os_error().unwrap_or(libc::EIO))
}

fn time(secs: i64, nsec: i64) -> SystemTime {
    if secs >= 0 {
        UNIX_EPOCH + Duration::new(secs as u64, nsec as u32)
    } else {
        UNIX_EPOCH - Duration::from_secs(secs.unsigned_abs())
    }
}

pub fn kind(m: &Metadata) -> FileType {
    let t = m.file_type();
    if t.is_dir() {
        FileType::Directory
    } else if t.is_symlink() {
        FileType::Symlink
    } else if t.is_fifo() {
        FileType::NamedPipe
    } else if t.is_socket() {
        FileType::Socket
    } else if t.is_char_device() {
        FileType::CharDevice
    } else if t.is_block_device() {
        FileType::BlockDevice
    } else {
        FileType::RegularFile
    }
}

impl View {
    pub fn new(shared: Arc<Shared>, layers: Layers, cache_dir: PathBuf) -> View {
        View {
            shared,
            layers,
            nodes: Mutex::default(),
            variants: Mutex::default(),
            handles: Mutex::default(),
            next_fh: AtomicU64::new(1),
            cache_dir,
            // SAFETY: geteuid has no preconditions.
            root: unsafe { libc::geteuid() } == 0,
            maps: super::hits::Maps::default(),
        }
    }

    /// The path of `ino`; after a power cut, every request fails here with EIO.
    pub fn path(&self, ino: INodeNo) -> Result<PathBuf, Errno> {
        if self.shared.power.as_ref().is_some_and(|p| p.frozen()) {
            return Err(Errno::EIO);
        }
        lock(&self.nodes).path(ino.0).ok_or(Errno::ESTALE)
    }

    /// The journal of held operations, when writes are held (power cuts, `drop`).
    pub fn journal(&self) -> Option<&super::journal::Journal> {
        self.shared.journal.as_deref()
    }

    /// Holds a name operation, when writes are held.
    pub fn hold(&self, op: super::journal::Held) {
        if let Some(j) = self.journal() {
            j.hold(op);
        }
    }

    /// The identity the journal gives the upper file at `rel`: its inode number in the view.
    pub fn id_of(&self, rel: &Path) -> u64 {
        std::fs::symlink_metadata(self.layers.upper_path(rel)).map_or(0, |m| m.ino())
    }

    pub fn child(&self, parent: INodeNo, name: &OsStr) -> Result<(PathBuf, u64), Errno> {
        let rel = self.path(parent)?.join(name);
        let ino = lock(&self.nodes).child(parent.0, name);
        Ok((rel, ino))
    }

    pub fn nodes(&self) -> MutexGuard<'_, Nodes> {
        lock(&self.nodes)
    }

    /// The corrupted variant of the SOURCE file `rel` (inode `ino`), when the mount corrupts it.
    pub fn variant(&self, ino: u64, rel: &Path) -> Option<Arc<Variant>> {
        let mut variants = lock(&self.variants);
        if let Some(v) = variants.get(&ino) {
            return v.clone();
        }
        let made = self.shared.corruption.as_ref().filter(|c| c.selects(&shown(rel))).and_then(|c| {
            let source = self.layers.lower_path(rel)?;
            let name = rel.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let seed = self.shared.file_seed(rel);
            let hear: Option<super::variant::OnReport> = self.shared.logging().then(|| {
                let (shared, rel, source) = (self.shared.clone(), rel.to_path_buf(), source.clone());
                let c = c.clone();
                Box::new(move |r: &fracture_engine::Report| shared.log_variant(&rel, &c, seed, &source, r))
                    as super::variant::OnReport
            });
            Variant::new(&source, &name, seed, c, &self.cache_dir, hear).ok()
        });
        variants.insert(ino, made.clone());
        made
    }

    /// The file's variant no longer shows (it was copied up, removed or replaced).
    pub fn forget_variant(&self, ino: u64) {
        lock(&self.variants).insert(ino, None);
    }

    /// The attributes the kernel sees: the layer's, with a corrupted file's length.
    pub fn attr(&self, ino: u64, rel: &Path, layer: Layer, m: &Metadata) -> Result<FileAttr, Errno> {
        let mut size = m.len();
        if layer == Layer::Lower && m.is_file() {
            if let Some(v) = self.variant(ino, rel) {
                size = v.len().map_err(|msg| {
                    self.shared.log_error(rel, "stat", &msg);
                    Errno::EIO
                })?;
            }
        }
        Ok(FileAttr {
            ino: INodeNo(ino),
            size,
            blocks: size.div_ceil(512),
            atime: time(m.atime(), m.atime_nsec()),
            mtime: time(m.mtime(), m.mtime_nsec()),
            ctime: time(m.ctime(), m.ctime_nsec()),
            crtime: UNIX_EPOCH,
            kind: kind(m),
            perm: (m.mode() & 0o7777) as u16,
            nlink: m.nlink() as u32,
            uid: m.uid(),
            gid: m.gid(),
            rdev: m.rdev() as u32,
            blksize: 4096,
            flags: 0,
        })
    }

    /// `rel`'s entry and attributes, or ENOENT.
    pub fn stat(&self, ino: u64, rel: &Path) -> Result<(Layer, Metadata, FileAttr), Errno> {
        let (layer, m) = self.layers.find(rel).ok_or(Errno::ENOENT)?;
        let attr = self.attr(ino, rel, layer, &m)?;
        Ok((layer, m, attr))
    }

    pub fn add_handle(&self, h: Handle) -> u64 {
        let fh = self.next_fh.fetch_add(1, Ordering::Relaxed);
        lock(&self.handles).insert(fh, h);
        fh
    }

    pub fn backing(&self, fh: u64) -> Result<(u64, Backing, bool), Errno> {
        match lock(&self.handles).get(&fh) {
            Some(Handle::File { ino, backing, sync }) => Ok((*ino, backing.clone(), *sync)),
            _ => Err(Errno::EBADF),
        }
    }

    pub fn with_dir<T>(
        &self,
        fh: u64,
        f: impl FnOnce(&[(std::ffi::OsString, u64, FileType)]) -> T,
    ) -> Result<T, Errno> {
        match lock(&self.handles).get(&fh) {
            Some(Handle::Dir(entries)) => Ok(f(entries)),
            _ => Err(Errno::EBADF),
        }
    }

    pub fn drop_handle(&self, fh: u64) {
        lock(&self.handles).remove(&fh);
    }

    /// Makes the SOURCE file `rel` an upper one: its bytes as the mount shows them (a variant's when
    /// corrupted) are copied above, and the variant stops showing.
    pub fn copy_up(&self, ino: u64, rel: &Path) -> Result<(), Errno> {
        if matches!(self.layers.find(rel), Some((Layer::Upper, _))) {
            return Ok(());
        }
        let variant = self.variant(ino, rel);
        let source = self.layers.lower_path(rel);
        let mut fill = |out: &mut File| -> std::io::Result<()> {
            match (&variant, &source) {
                (Some(v), _) => v.copy_to(out).map_err(std::io::Error::other),
                (None, Some(p)) => std::io::copy(&mut File::open(p)?, out).map(drop),
                (None, None) => Ok(()),
            }
        };
        self.layers.copy_up(rel, &mut fill).map_err(|e| errno(&e))?;
        if let Some(j) = self.journal() {
            j.copied_up(rel, &self.layers.upper_path(rel)).map_err(|e| errno(&e))?;
        }
        self.forget_variant(ino);
        Ok(())
    }

    /// Gives a new entry above to the caller (uid, gid) when the mount runs as root.
    pub fn own(&self, path: &Path, uid: u32, gid: u32) {
        if self.root {
            let _ = std::os::unix::fs::lchown(path, Some(uid), Some(gid));
        }
    }
}
