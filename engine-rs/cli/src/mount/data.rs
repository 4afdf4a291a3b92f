//! Bytes through the mount: opening, reading (a SOURCE file as it is, or its corrupted variant),
//! writing above, fsync; each operation first asks the fault engine (crate::mount::faults), and
//! what it injects is logged.

use std::fs::File;
use std::os::unix::fs::{FileExt, OpenOptionsExt};
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
        };
        let returned = match &outcome {
            Ok(Outcome::Short(k)) => Some(*k),
            _ => None,
        };
        self.shared.log_fault(&o, &f, returned, pid, self.hits_lost(rel, offset, len, op.ranged()));
        outcome
    }

    /// A selector's byte spans in the file `rel` as SOURCE or the upper directory holds it.
    fn spans(&self, rel: &Path, sel: &str) -> Vec<(u64, u64)> {
        let regions = self.map_of(rel);
        fracture_engine::options::Selector::parse(sel).ok().and_then(|s| s.resolve(&regions).ok()).unwrap_or_default()
    }

    pub fn open(&self, ino: u64, flags: i32, pid: u32) -> Result<(u64, FopenFlags), Errno> {
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
        let fh = self.add_handle(Handle::File { ino, backing, sync });
        Ok((fh, self.open_flags(&rel)))
    }

    /// Direct I/O for a file that a read or write rule watches, or whose writes a rule may drop, so
    /// each of the program's reads and writes reaches the mount one for one.
    fn open_flags(&self, rel: &Path) -> FopenFlags {
        let path = super::nodes::shown(rel);
        let f = &self.shared.faults;
        if f.watches(Op::Read, &path) || f.watches(Op::Write, &path) || (self.undo.is_some() && f.drops(&path)) {
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

    pub fn write(&self, ino: u64, fh: u64, offset: u64, data: &[u8], pid: u32) -> Result<u32, Errno> {
        let (_, backing, sync) = self.backing(fh)?;
        let Backing::Upper(file) = backing else { return Err(Errno::EBADF) };
        let rel = self.path(fuser::INodeNo(ino))?;
        let mut len = data.len() as u64;
        if let Outcome::Short(k) = self.fault(Op::Write, &rel, offset, len, pid)? {
            len = k;
        }
        if let Some(undo) = &self.undo {
            undo.keep(ino, &file, offset, len, false).map_err(|e| errno(&e))?;
        }
        file.write_all_at(&data[..len as usize], offset).map_err(|e| errno(&e))?;
        if sync {
            self.durable(ino);
        }
        Ok(len as u32)
    }

    pub fn truncate(&self, ino: u64, rel: &Path, size: u64, fh: Option<u64>) -> Result<(), Errno> {
        let file = match fh.map(|fh| self.backing(fh)) {
            Some(Ok((_, Backing::Upper(f), _))) => f,
            _ => Arc::new(self.open_upper(rel)?),
        };
        if let Some(undo) = &self.undo {
            undo.keep(ino, &file, size, 0, true).map_err(|e| errno(&e))?;
        }
        file.set_len(size).map_err(|e| errno(&e))
    }

    /// fsync or fdatasync (`data`): the unsynced writes become durable, unless a rule fails the call
    /// (they stay unsynced) or drops them.
    pub fn fsync(&self, ino: u64, fh: u64, data: bool, pid: u32) -> Result<(), Errno> {
        let rel = self.path(fuser::INodeNo(ino))?;
        let op = if data { Op::Fdatasync } else { Op::Fsync };
        match self.fault(op, &rel, 0, 0, pid)? {
            Outcome::Drop => {
                if let (Some(undo), Ok((_, Backing::Upper(f), _))) = (&self.undo, self.backing(fh)) {
                    undo.drop_since_durable(ino, &f).map_err(|e| errno(&e))?;
                }
                Err(Errno::EIO)
            }
            _ => {
                self.durable(ino);
                Ok(())
            }
        }
    }

    fn durable(&self, ino: u64) {
        if let Some(undo) = &self.undo {
            undo.durable(ino);
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
