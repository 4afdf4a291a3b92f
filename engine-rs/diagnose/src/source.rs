//! Reading a file by position (the core's `Positional`: a file natively, a host's reads in
//! WebAssembly) in pieces, so memory stays a piece whatever the file's size.

use fracture_engine::checksums::Positional;
use std::io;

/// The piece read at a time by the passes over a whole file.
pub const PIECE: usize = 1 << 20;

/// A `&mut dyn Positional` as a value the core's generic walks take.
pub struct Dyn<'a>(pub &'a mut dyn Positional);

impl Positional for Dyn<'_> {
    fn size(&self) -> u64 {
        self.0.size()
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        self.0.read_at(pos, buf)
    }

    fn write_at(&mut self, _pos: u64, _bytes: &[u8]) -> io::Result<()> {
        // Diagnose never writes to what it reads; the checksum walk's writes land here and vanish.
        Ok(())
    }
}

/// Hands every piece of `src` to `f` in order, with its offset.
pub fn each_piece(src: &mut dyn Positional, mut f: impl FnMut(u64, &[u8])) -> io::Result<()> {
    let n = src.size();
    let mut buf = vec![0u8; PIECE.min(n as usize)];
    let mut pos = 0;
    while pos < n {
        let len = (n - pos).min(PIECE as u64) as usize;
        src.read_at(pos, &mut buf[..len])?;
        f(pos, &buf[..len]);
        pos += len as u64;
    }
    Ok(())
}

/// The bytes `[at, at + len)` clipped to the end.
pub fn read_clipped(src: &mut dyn Positional, at: u64, len: usize) -> io::Result<Vec<u8>> {
    let n = src.size();
    let len = (n.saturating_sub(at)).min(len as u64) as usize;
    let mut buf = vec![0u8; len];
    if len > 0 {
        src.read_at(at, &mut buf)?;
    }
    Ok(buf)
}

/// A byte count as people read it: `412 bytes`, `1,048,576 bytes`.
pub fn bytes(n: u64) -> String {
    format!("{} {}", thousands(n), if n == 1 { "byte" } else { "bytes" })
}

/// The core's digit grouping, which the hosts' reports use too.
pub use fracture_engine::thousands;

/// `n` things, singular or plural.
pub fn count(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", thousands(n), if n == 1 { one } else { many })
}

/// A memory source (tests, the whole-buffer hosts).
pub struct Memory<'a>(pub &'a [u8]);

impl Positional for Memory<'_> {
    fn size(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        let at = pos as usize;
        match self.0.get(at..at + buf.len()) {
            Some(b) => {
                buf.copy_from_slice(b);
                Ok(())
            }
            None => Err(io::Error::new(io::ErrorKind::UnexpectedEof, "read past the end")),
        }
    }

    fn write_at(&mut self, _pos: u64, _bytes: &[u8]) -> io::Result<()> {
        Err(io::Error::other("read-only"))
    }
}
