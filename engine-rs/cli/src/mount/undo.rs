//! What fsync's `drop` needs: every write and truncation of an upper file since its last durable
//! point, with the bytes and length it replaced, so that a dropping fsync puts the file back as it
//! was at that point (as Linux drops dirty pages after a writeback error; docs/mount.md). The old
//! bytes go to a private file, so memory holds only the records.

use std::collections::HashMap;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::sync::Mutex;

/// One change: the bytes at `offset` it replaced (`len` of them, kept at `at` in the undo file) and
/// the file's length before it.
struct Record {
    offset: u64,
    len: u64,
    at: u64,
    size_before: u64,
}

pub struct Undo {
    file: File,
    end: Mutex<u64>,
    records: Mutex<HashMap<u64, Vec<Record>>>,
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Undo {
    pub fn new(dir: &std::path::Path) -> std::io::Result<Undo> {
        Ok(Undo { file: tempfile::tempfile_in(dir)?, end: Mutex::new(0), records: Mutex::default() })
    }

    /// Keeps what writing `len` bytes at `offset` of `target` (inode `ino`), or truncating it to
    /// `offset` (`len` 0, `truncate`), is about to replace.
    pub fn keep(&self, ino: u64, target: &File, offset: u64, len: u64, truncate: bool) -> std::io::Result<()> {
        let size_before = target.metadata()?.len();
        let end = if truncate { size_before } else { (offset + len).min(size_before) };
        let old_len = end.saturating_sub(offset);
        let mut old = vec![0u8; old_len as usize];
        if old_len > 0 {
            target.read_exact_at(&mut old, offset)?;
        }
        let at = {
            let mut e = lock(&self.end);
            let at = *e;
            *e += old_len;
            at
        };
        self.file.write_all_at(&old, at)?;
        lock(&self.records).entry(ino).or_default().push(Record { offset, len: old_len, at, size_before });
        Ok(())
    }

    /// The file reached a durable point: nothing of it is to be undone.
    pub fn durable(&self, ino: u64) {
        lock(&self.records).remove(&ino);
    }

    /// Puts `target` back as it was at its last durable point; returns the changes undone.
    pub fn drop_since_durable(&self, ino: u64, target: &File) -> std::io::Result<usize> {
        let records = lock(&self.records).remove(&ino).unwrap_or_default();
        for r in records.iter().rev() {
            let mut old = vec![0u8; r.len as usize];
            self.file.read_exact_at(&mut old, r.at)?;
            target.set_len(r.size_before.max(r.offset + r.len))?;
            target.write_all_at(&old, r.offset)?;
            target.set_len(r.size_before)?;
        }
        Ok(records.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_drop_restores_the_last_durable_state() {
        let dir = tempfile::tempdir().unwrap();
        let u = Undo::new(dir.path()).unwrap();
        let f = tempfile::tempfile().unwrap();
        f.write_all_at(b"durable!", 0).unwrap();
        u.durable(7);
        u.keep(7, &f, 4, 8, false).unwrap();
        f.write_all_at(b"NEW BYTES", 4).unwrap();
        u.keep(7, &f, 2, 0, true).unwrap();
        f.set_len(2).unwrap();
        u.keep(7, &f, 0, 3, false).unwrap();
        f.write_all_at(b"xyz", 0).unwrap();
        assert_eq!(u.drop_since_durable(7, &f).unwrap(), 3);
        let mut back = vec![0u8; f.metadata().unwrap().len() as usize];
        f.read_exact_at(&mut back, 0).unwrap();
        assert_eq!(back, b"durable!");
        assert_eq!(u.drop_since_durable(7, &f).unwrap(), 0, "nothing left to drop");
    }
}
