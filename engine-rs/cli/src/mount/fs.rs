//! The FUSE requests, routed to the view (crate::mount::view, namespace, data): each answer is the
//! view's result or its errno.

use std::ffi::OsStr;
use std::path::Path;
use std::time::SystemTime;

use fuser::{
    BsdFileFlags, Errno, FileHandle, Filesystem, FopenFlags, Generation, INodeNo, KernelConfig, LockOwner, OpenFlags,
    RenameFlags, ReplyAttr, ReplyCreate, ReplyData, ReplyDirectory, ReplyEmpty, ReplyEntry, ReplyOpen, ReplyStatfs,
    ReplyWrite, Request, TimeOrNow, WriteFlags,
};

use std::collections::HashMap;
use std::fs::File;
use std::sync::{Arc, Mutex};

use fuser::{BackingId, InitFlags};

use super::namespace::Changes;
use super::view::{Handle, View, TTL};

pub struct Fs {
    pub view: std::sync::Arc<View>,
    /// Whether the kernel reads and writes passthrough files itself (Linux 6.9 and later, as root).
    passthrough: bool,
    io: Mutex<HashMap<u64, Io>>,
}

/// An inode's I/O mode while it has open handles: the kernel refuses (EIO) a cached open of an inode
/// open in passthrough, and the reverse, so the first open decides until the last closes.
struct Io {
    /// The backing file's id and identity (device, inode) when the inode is in passthrough.
    passthrough: Option<(Arc<BackingId>, (u64, u64))>,
    handles: Vec<u64>,
}

fn identity(f: &File) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt;
    f.metadata().ok().map(|m| (m.dev(), m.ino()))
}

impl Fs {
    pub fn new(view: std::sync::Arc<View>) -> Fs {
        Fs { view, passthrough: false, io: Mutex::default() }
    }

    /// Answers an open: passthrough when the view offers a file for it and the inode is not open in
    /// cached mode; cached otherwise (a passthrough inode whose new open has no file to offer gets
    /// direct I/O, which the kernel allows beside it).
    fn answer(&self, ino: u64, fh: u64, flags: FopenFlags, direct: Option<Arc<File>>, reply: ReplyOpen) {
        let mut io = self.io.lock().unwrap_or_else(|p| p.into_inner());
        let entry = io.entry(ino).or_insert(Io { passthrough: None, handles: Vec::new() });
        if entry.handles.is_empty() && self.passthrough {
            entry.passthrough = direct.as_ref().and_then(|f| {
                let id = reply.open_backing(&**f).ok()?;
                Some((Arc::new(id), identity(f)?))
            });
        }
        entry.handles.push(fh);
        match &entry.passthrough {
            // The same backing file: passthrough too.
            Some((id, same)) if direct.as_ref().and_then(|f| identity(f)).as_ref() == Some(same) => {
                reply.opened_passthrough(FileHandle(fh), flags, id)
            }
            // Another file behind the same inode (copied up since): through the mount, uncached.
            Some(_) => reply.opened(FileHandle(fh), flags | FopenFlags::FOPEN_DIRECT_IO),
            None => reply.opened(FileHandle(fh), flags),
        }
    }

    fn closed(&self, ino: u64, fh: u64) {
        let mut io = self.io.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(entry) = io.get_mut(&ino) {
            entry.handles.retain(|&h| h != fh);
            if entry.handles.is_empty() {
                io.remove(&ino);
            }
        }
    }
}

fn entry(reply: ReplyEntry, r: Result<fuser::FileAttr, Errno>) {
    match r {
        Ok(attr) => reply.entry(&TTL, &attr, Generation(0)),
        Err(e) => reply.error(e),
    }
}

fn empty(reply: ReplyEmpty, r: Result<(), Errno>) {
    match r {
        Ok(()) => reply.ok(),
        Err(e) => reply.error(e),
    }
}

impl Filesystem for Fs {
    fn init(&mut self, _req: &Request, config: &mut KernelConfig) -> std::io::Result<()> {
        // Large reads and writes: 1 MiB requests where the kernel allows them.
        let _ = config.set_max_readahead(1 << 20);
        let _ = config.set_max_write(1 << 20);
        // Files nothing needs to intercept are read by the kernel from their backing file.
        self.passthrough = std::env::var_os("FRACTURE_NO_PASSTHROUGH").is_none()
            && config.add_capabilities(InitFlags::FUSE_PASSTHROUGH).is_ok()
            && config.set_max_stack_depth(2).is_ok();
        Ok(())
    }

    fn lookup(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEntry) {
        entry(reply, self.view.lookup(parent.0, name));
    }

    fn getattr(&self, _req: &Request, ino: INodeNo, _fh: Option<FileHandle>, reply: ReplyAttr) {
        match self.view.getattr(ino.0) {
            Ok(attr) => reply.attr(&TTL, &attr),
            Err(e) => reply.error(e),
        }
    }

    fn setattr(
        &self,
        _req: &Request,
        ino: INodeNo,
        mode: Option<u32>,
        uid: Option<u32>,
        gid: Option<u32>,
        size: Option<u64>,
        atime: Option<TimeOrNow>,
        mtime: Option<TimeOrNow>,
        _ctime: Option<SystemTime>,
        fh: Option<FileHandle>,
        _crtime: Option<SystemTime>,
        _chgtime: Option<SystemTime>,
        _bkuptime: Option<SystemTime>,
        _flags: Option<BsdFileFlags>,
        reply: ReplyAttr,
    ) {
        let changes = Changes { mode, uid, gid, size, atime, mtime, fh: fh.map(|f| f.0) };
        match self.view.setattr(ino.0, changes) {
            Ok(attr) => reply.attr(&TTL, &attr),
            Err(e) => reply.error(e),
        }
    }

    fn readlink(&self, _req: &Request, ino: INodeNo, reply: ReplyData) {
        match self.view.readlink(ino.0) {
            Ok(target) => reply.data(&target),
            Err(e) => reply.error(e),
        }
    }

    fn mkdir(&self, req: &Request, parent: INodeNo, name: &OsStr, mode: u32, umask: u32, reply: ReplyEntry) {
        entry(reply, self.view.mkdir(parent.0, name, mode & !umask, req.uid(), req.gid()));
    }

    fn unlink(&self, req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEmpty) {
        empty(reply, self.view.unlink(parent.0, name, req.pid()));
    }

    fn rmdir(&self, _req: &Request, parent: INodeNo, name: &OsStr, reply: ReplyEmpty) {
        empty(reply, self.view.rmdir(parent.0, name));
    }

    fn symlink(&self, req: &Request, parent: INodeNo, link_name: &OsStr, target: &Path, reply: ReplyEntry) {
        entry(reply, self.view.symlink(parent.0, link_name, target, req.uid(), req.gid()));
    }

    fn rename(
        &self,
        req: &Request,
        parent: INodeNo,
        name: &OsStr,
        newparent: INodeNo,
        newname: &OsStr,
        flags: RenameFlags,
        reply: ReplyEmpty,
    ) {
        empty(reply, self.view.rename((parent.0, name), (newparent.0, newname), flags.bits(), req.pid()));
    }

    fn link(&self, _req: &Request, ino: INodeNo, newparent: INodeNo, newname: &OsStr, reply: ReplyEntry) {
        entry(reply, self.view.link(ino.0, newparent.0, newname));
    }

    fn open(&self, req: &Request, ino: INodeNo, flags: OpenFlags, reply: ReplyOpen) {
        match self.view.open(ino.0, flags.0, req.pid()) {
            Ok((fh, open_flags, direct)) => self.answer(ino.0, fh, open_flags, direct, reply),
            Err(e) => reply.error(e),
        }
    }

    fn read(
        &self,
        req: &Request,
        ino: INodeNo,
        fh: FileHandle,
        offset: u64,
        size: u32,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        reply: ReplyData,
    ) {
        match self.view.read(ino.0, fh.0, offset, size, req.pid()) {
            Ok(data) => reply.data(&data),
            Err(e) => reply.error(e),
        }
    }

    fn write(
        &self,
        req: &Request,
        ino: INodeNo,
        fh: FileHandle,
        offset: u64,
        data: &[u8],
        write_flags: WriteFlags,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        reply: ReplyWrite,
    ) {
        let cached = write_flags.contains(WriteFlags::FUSE_WRITE_CACHE);
        match self.view.write(ino.0, fh.0, offset, data, cached, req.pid()) {
            Ok(n) => reply.written(n),
            Err(e) => reply.error(e),
        }
    }

    fn flush(&self, _req: &Request, _ino: INodeNo, _fh: FileHandle, _lock_owner: LockOwner, reply: ReplyEmpty) {
        reply.ok();
    }

    fn release(
        &self,
        _req: &Request,
        ino: INodeNo,
        fh: FileHandle,
        _flags: OpenFlags,
        _lock_owner: Option<LockOwner>,
        _flush: bool,
        reply: ReplyEmpty,
    ) {
        self.closed(ino.0, fh.0);
        self.view.drop_handle(fh.0);
        reply.ok();
    }

    fn fsync(&self, req: &Request, ino: INodeNo, fh: FileHandle, datasync: bool, reply: ReplyEmpty) {
        empty(reply, self.view.fsync(ino.0, fh.0, datasync, req.pid()));
    }

    fn opendir(&self, _req: &Request, ino: INodeNo, _flags: OpenFlags, reply: ReplyOpen) {
        match self.view.listing(ino.0) {
            Ok(entries) => reply.opened(FileHandle(self.view.add_handle(Handle::Dir(entries))), FopenFlags::empty()),
            Err(e) => reply.error(e),
        }
    }

    fn readdir(&self, _req: &Request, _ino: INodeNo, fh: FileHandle, offset: u64, mut reply: ReplyDirectory) {
        let filled = self.view.with_dir(fh.0, |entries| {
            for (i, (name, ino, kind)) in entries.iter().enumerate().skip(offset as usize) {
                if reply.add(INodeNo(*ino), i as u64 + 1, *kind, name) {
                    break;
                }
            }
        });
        match filled {
            Ok(()) => reply.ok(),
            Err(e) => reply.error(e),
        }
    }

    fn releasedir(&self, _req: &Request, _ino: INodeNo, fh: FileHandle, _flags: OpenFlags, reply: ReplyEmpty) {
        self.view.drop_handle(fh.0);
        reply.ok();
    }

    fn fsyncdir(&self, req: &Request, ino: INodeNo, _fh: FileHandle, _datasync: bool, reply: ReplyEmpty) {
        empty(reply, self.view.fsyncdir(ino.0, req.pid()));
    }

    fn statfs(&self, _req: &Request, _ino: INodeNo, reply: ReplyStatfs) {
        match self.view.statfs() {
            Ok(s) => reply.statfs(
                s.f_blocks,
                s.f_bfree,
                s.f_bavail,
                s.f_files,
                s.f_ffree,
                s.f_bsize as u32,
                s.f_namemax as u32,
                s.f_frsize as u32,
            ),
            Err(e) => reply.error(e),
        }
    }

    fn create(
        &self,
        req: &Request,
        parent: INodeNo,
        name: &OsStr,
        mode: u32,
        umask: u32,
        flags: i32,
        reply: ReplyCreate,
    ) {
        match self.view.create(parent.0, name, mode & !umask, flags, req.uid(), req.gid(), req.pid()) {
            Ok((attr, fh, open_flags)) => {
                let mut io = self.io.lock().unwrap_or_else(|p| p.into_inner());
                let entry = io.entry(attr.ino.0).or_insert(Io { passthrough: None, handles: Vec::new() });
                entry.handles.push(fh);
                // A passthrough inode's new handle (the name made again) reads through the mount.
                let open_flags =
                    if entry.passthrough.is_some() { open_flags | FopenFlags::FOPEN_DIRECT_IO } else { open_flags };
                reply.created(&TTL, &attr, Generation(0), FileHandle(fh), open_flags)
            }
            Err(e) => reply.error(e),
        }
    }

    fn fallocate(
        &self,
        _req: &Request,
        _ino: INodeNo,
        fh: FileHandle,
        offset: u64,
        length: u64,
        mode: i32,
        reply: ReplyEmpty,
    ) {
        empty(reply, self.view.fallocate(fh.0, offset, length, mode));
    }
}
