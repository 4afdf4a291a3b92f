//! Bytes through the mount: opening, reading (a SOURCE file as it is, or its corrupted variant),
//! writing above, fsync; each operation first asks the fault engine (crate::mount::faults), and
//! what it injects is logged.

use std::fs::File;
use std::os::unix::fs::{FileExt, MetadataExt, OpenOptionsExt};
use std::path::Path;
use std::sync::Arc;

use fuser::{Errno, FileAttr, FopenFlags};

use super::faults::Operation;
use super::layers::Layer;
use super::rules::{Effect, Op};
use super::view::{errno, Backing, Handle, View};

/// What an operation does once the fault engine has been asked.
pub enum Outcome {
    Go,
    /// Read or write only this many bytes.
    Short(u64),
    /// fsync: drop the unsynced writes and fail.
    Drop,
}

impl View {
    /// Asks the fault engine about an operation, logs what it injects, and turns it into an errno or
    /// an outcome; a delay happens here.
    pub fn fault(&self, op: Op, rel: &Path, offset: u64, len: u64, pid: u32) -> Result<Outcome, Errno> {
        let path = super::nodes::shown(rel);
        let o = Operation { op, path: &path, offset, len };
        let (_, fired) = self.shared.faults.check(&o, &mut |sel| self.spans(rel, sel));
        let Some(f) = fired else { return Ok(Outcome::Go) };
        let outcome = match (&f.effect, f.fits) {
            (Effect::Errno(..), Some(k)) if k > 0 => Ok(Outcome::Short(k)),
            (Effect::Errno(_, n), _) => Err(Errno::from_i32(*n)),
            (Effect::Short(n), _) => Ok(Outcome::Short(n.map_or(len / 2, u64::from).min(len))),
            (Effect::Delay(ms), _) => {
                std::thread::sleep(std::time::Duration::from_millis(*ms));
                Ok(Outcome::Go)
            }
            (Effect::Drop, _) => Ok(Outcome::Drop),
            // The power is cut here: the operation fails, and the mount with it.
            (Effect::PowerCut, _) => Err(Errno::EIO),
        };
        let returned = match &outcome {
            Ok(Outcome::Short(k)) => Some(*k),
            _ => None,
        };
        self.shared.log_fault(&o, &f, returned, pid, self.hits_lost(rel, offset, len, op.ranged()));
        if f.effect == Effect::PowerCut {
            if let Some(p) = &self.shared.power {
                p.cut(None, &format!("{} of {} (rule {})", op.name(), path, f.rule), &self.shared.log);
            }
        }
        outcome
    }

    /// A selector's byte spans in the file `rel` as SOURCE or the upper directory holds it.
    fn spans(&self, rel: &Path, sel: &str) -> Vec<(u64, u64)> {
        let regions = self.map_of(rel);
        fracture_engine::options::Selector::parse(sel).ok().and_then(|s| s.resolve(&regions).ok()).unwrap_or_default()
    }

    /// Opens a file: its handle, FUSE's open flags, and the file the kernel may read directly
    /// (passthrough, crate::mount::fs) when nothing the mount does needs to see its reads and writes:
    /// a SOURCE file or a made variant, or an upper file when writes are not held; no rule watches it
    /// and no read is logged.
    pub fn open(&self, ino: u64, flags: i32, pid: u32) -> Result<(u64, FopenFlags, Option<Arc<File>>), Errno> {
        let rel = self.path(fuser::INodeNo(ino))?;
        let (layer, m, _) = self.stat(ino, &rel)?;
        if m.is_dir() {
            return Err(Errno::EISDIR);
        }
        self.fault(Op::Open, &rel, 0, 0, pid)?;
        let writes = flags & libc::O_ACCMODE != libc::O_RDONLY || flags & libc::O_TRUNC != 0;
        let backing = if writes || layer == Layer::Upper {
            if layer == Layer::Lower {
                self.copy_up(ino, &rel)?;
            }
            Backing::Upper(Arc::new(self.open_upper(&rel)?))
        } else if let Some(v) = self.variant(ino, &rel) {
            Backing::Variant(v)
        } else {
            match self.layers.lower_path(&rel).map(File::open) {
                Some(Ok(f)) => Backing::Lower(Arc::new(f)),
                Some(Err(e)) => {
                    let why = crate::process::io_text(&e);
                    self.shared.log_error(&rel, "open", &why);
                    Backing::Unreadable(why)
                }
                None => return Err(Errno::ENOENT),
            }
        };
        let sync = flags & (libc::O_SYNC | libc::O_DSYNC) != 0;
        let open_flags = self.open_flags(&rel);
        let direct = match &backing {
            _ if !open_flags.is_empty() => None,
            Backing::Lower(f) => Some(f.clone()),
            Backing::Upper(f) if self.journal().is_none() => Some(f.clone()),
            Backing::Variant(v) if !self.shared.logging() => v.made().map(Arc::new),
            _ => None,
        };
        let fh = self.add_handle(Handle::File { ino, backing, sync });
        Ok((fh, open_flags, direct))
    }

    /// Direct I/O for a file that a read or write rule watches, or whose writes a rule may drop, so
    /// each of the program's reads and writes reaches the mount one for one.
    fn open_flags(&self, rel: &Path) -> FopenFlags {
        let path = super::nodes::shown(rel);
        let f = &self.shared.faults;
        if f.watches(Op::Read, &path) || f.watches(Op::Write, &path) || (self.journal().is_some() && f.drops(&path)) {
            FopenFlags::FOPEN_DIRECT_IO
        } else {
            FopenFlags::empty()
        }
    }

    fn open_upper(&self, rel: &Path) -> Result<File, Errno> {
        File::options().read(true).write(true).open(self.layers.upper_path(rel)).map_err(|e| errno(&e))
    }

    #[allow(clippy::too_many_arguments)]
    pub fn create(
        &self,
        parent: u64,
        name: &std::ffi::OsStr,
        mode: u32,
        flags: i32,
        uid: u32,
        gid: u32,
        pid: u32,
    ) -> Result<(FileAttr, u64, FopenFlags), Errno> {
        if super::layers::reserved(name) {
            return Err(Errno::EINVAL);
        }
        let (rel, ino) = self.child(fuser::INodeNo(parent), name)?;
        self.fault(Op::Open, &rel, 0, 0, pid)?;
        self.layers.upper_dir(rel.parent().unwrap_or(Path::new(""))).map_err(|e| errno(&e))?;
        let up = self.layers.upper_path(&rel);
        let file = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .mode(mode & 0o7777)
            .open(&up)
            .map_err(|e| errno(&e))?;
        self.own(&up, uid, gid);
        self.layers.unwhiteout(&rel, false).map_err(|e| errno(&e))?;
        self.hold(super::journal::Held::Create { rel: rel.clone(), id: self.id_of(&rel), mode: mode & 0o7777 });
        self.forget_variant(ino);
        let sync = flags & (libc::O_SYNC | libc::O_DSYNC) != 0;
        let fh = self.add_handle(Handle::File { ino, backing: Backing::Upper(Arc::new(file)), sync });
        Ok((self.stat(ino, &rel)?.2, fh, self.open_flags(&rel)))
    }

    pub fn read(&self, ino: u64, fh: u64, offset: u64, size: u32, pid: u32) -> Result<Vec<u8>, Errno> {
        let (_, backing, _) = self.backing(fh)?;
        let rel = self.path(fuser::INodeNo(ino))?;
        let mut len = u64::from(size);
        match self.fault(Op::Read, &rel, offset, len, pid)? {
            Outcome::Short(k) => len = k,
            Outcome::Go | Outcome::Drop => {}
        }
        let mut buf = vec![0u8; len as usize];
        let n = match &backing {
            Backing::Lower(f) | Backing::Upper(f) => read_full(f, &mut buf, offset).map_err(|e| errno(&e))?,
            Backing::Variant(v) => {
                let n = v.read_at(offset, &mut buf).map_err(|why| {
                    self.shared.log_error(&rel, "read", &why);
                    Errno::EIO
                })?;
                if self.shared.logging() {
                    self.log_corrupted_read(&rel, v.name(), offset, &buf[..n]);
                }
                n
            }
            Backing::Unreadable(why) => {
                self.shared.log_error(&rel, "read", why);
                return Err(Errno::EIO);
            }
        };
        buf.truncate(n);
        Ok(buf)
    }

    /// A write above; held until durable when writes are held. `cached`: the kernel writing back a
    /// page of a shared writable mmap (FUSE_WRITE_CACHE), which reaches the mount when the kernel
    /// chooses (msync, munmap, eviction): such a write counts as durable when it arrives.
    pub fn write(&self, ino: u64, fh: u64, offset: u64, data: &[u8], cached: bool, pid: u32) -> Result<u32, Errno> {
        let (_, backing, sync) = self.backing(fh)?;
        let Backing::Upper(file) = backing else { return Err(Errno::EBADF) };
        let rel = self.path(fuser::INodeNo(ino))?;
        let mut len = data.len() as u64;
        match self.fault(Op::Write, &rel, offset, len, pid)? {
            Outcome::Short(k) => len = k,
            Outcome::Go | Outcome::Drop => {}
        }
        let data = &data[..len as usize];
        file.write_all_at(data, offset).map_err(|e| errno(&e))?;
        if let Some(j) = self.journal() {
            let id = file.metadata().map_err(|e| errno(&e))?.ino();
            j.hold_write(id, offset, data).map_err(|e| errno(&e))?;
            if cached {
                self.shared.log_mmap(&rel);
                j.sync_file(id).map_err(|e| errno(&e))?;
            } else if sync {
                self.durability_point(&format!("O_SYNC write to {}", super::nodes::shown(&rel)))?;
                j.sync_file(id).map_err(|e| errno(&e))?;
            }
        }
        Ok(len as u32)
    }

    pub fn truncate(&self, _ino: u64, rel: &Path, size: u64, fh: Option<u64>) -> Result<(), Errno> {
        let file = match fh.map(|fh| self.backing(fh)) {
            Some(Ok((_, Backing::Upper(f), _))) => f,
            _ => Arc::new(self.open_upper(rel)?),
        };
        file.set_len(size).map_err(|e| errno(&e))?;
        if let Some(j) = self.journal() {
            j.hold(super::journal::Held::Truncate { id: file.metadata().map_err(|e| errno(&e))?.ino(), size });
        }
        Ok(())
    }

    /// A durability point (fsync, fdatasync, a directory's fsync, an O_SYNC write): counted, and
    /// where the power is cut at this point, the cut happens here, before it takes effect (EIO).
    pub fn durability_point(&self, during: &str) -> Result<(), Errno> {
        match &self.shared.power {
            Some(p) if p.point(during, &self.shared.log) => Err(Errno::EIO),
            _ => Ok(()),
        }
    }

    /// fsync or fdatasync (`data`): a durability point, then the file's held writes become durable,
    /// unless a rule fails the call (they stay held) or drops them.
    pub fn fsync(&self, ino: u64, fh: u64, data: bool, pid: u32) -> Result<(), Errno> {
        let rel = self.path(fuser::INodeNo(ino))?;
        let op = if data { Op::Fdatasync } else { Op::Fsync };
        let shown = super::nodes::shown(&rel);
        let file = match self.backing(fh) {
            Ok((_, Backing::Upper(f), _)) => Some(f),
            _ => None,
        };
        let id = file.as_ref().and_then(|f| f.metadata().ok()).map(|m| m.ino());
        match self.fault(op, &rel, 0, 0, pid)? {
            Outcome::Drop => {
                if let (Some(j), Some(id), Some(f)) = (self.journal(), id, &file) {
                    // The view shows what the disk holds: the last durable bytes.
                    let durable = j.drop_file(id);
                    let bytes = std::fs::read(durable).unwrap_or_default();
                    f.set_len(0).and_then(|()| f.write_all_at(&bytes, 0)).map_err(|e| errno(&e))?;
                }
                Err(Errno::EIO)
            }
            Outcome::Go | Outcome::Short(_) => {
                self.durability_point(&format!("{} of {shown}", op.name()))?;
                if let (Some(j), Some(id)) = (self.journal(), id) {
                    j.sync_file(id).map_err(|e| errno(&e))?;
                }
                Ok(())
            }
        }
    }

    pub fn fallocate(&self, fh: u64, offset: u64, length: u64, mode: i32) -> Result<(), Errno> {
        let (_, backing, _) = self.backing(fh)?;
        let Backing::Upper(f) = backing else { return Err(Errno::EBADF) };
        let flags = rustix::fs::FallocateFlags::from_bits_retain(mode as u32);
        rustix::fs::fallocate(&*f, flags, offset, length).map_err(|e| Errno::from_i32(e.raw_os_error()))
    }
}

/// Reads up to `buf.len()` bytes at `offset`, fewer only at the end of the file.
fn read_full(f: &File, buf: &mut [u8], offset: u64) -> std::io::Result<usize> {
    let mut done = 0;
    while done < buf.len() {
        match f.read_at(&mut buf[done..], offset + done as u64) {
            Ok(0) => break,
            Ok(n) => done += n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(done)
}
