//! A file read forward with a little look-ahead, a piece at a time (the aligned comparison).

use crate::source::PIECE;
use fracture_engine::checksums::Positional;
use std::io;

pub struct Cursor<'a> {
    src: &'a mut dyn Positional,
    buf: Vec<u8>,
    /// The file offset of `buf[0]`.
    start: u64,
    pos: usize,
    n: u64,
}

impl<'a> Cursor<'a> {
    pub fn new(src: &'a mut dyn Positional) -> Cursor<'a> {
        let n = src.size();
        Cursor { src, buf: Vec::new(), start: 0, pos: 0, n }
    }

    /// The offset of the next byte.
    pub fn at(&self) -> u64 {
        self.start + self.pos as u64
    }

    /// Makes at least `k` bytes (or all that are left) available after the next byte.
    fn fill(&mut self, k: usize) -> io::Result<()> {
        if self.pos + k <= self.buf.len() || self.start + self.buf.len() as u64 >= self.n {
            return Ok(());
        }
        self.buf.drain(..self.pos);
        self.start += self.pos as u64;
        self.pos = 0;
        let have = self.buf.len();
        let more = (self.n - self.start - have as u64).min(PIECE.max(k) as u64) as usize;
        self.buf.resize(have + more, 0);
        self.src.read_at(self.start + have as u64, &mut self.buf[have..])
    }

    /// The byte `k` after the next one (0: the next).
    pub fn peek(&mut self, k: usize) -> io::Result<Option<u8>> {
        self.fill(k + 1)?;
        Ok(self.buf.get(self.pos + k).copied())
    }

    /// Makes the next byte available (unless at the end).
    pub fn ready(&mut self) -> io::Result<()> {
        self.fill(1)
    }

    /// The buffered bytes from the next one on.
    pub fn buffered(&self) -> &[u8] {
        &self.buf[self.pos..]
    }

    pub fn advance(&mut self, k: usize) {
        self.pos += k;
    }

    pub fn left(&self) -> u64 {
        self.n - self.at()
    }
}
