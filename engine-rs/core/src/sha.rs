//! SHA-256 as lower-case hex, for the report's checksums: at once, or fed piece by piece (the worker
//! hashes a large file in the pieces it reads and writes, so no piece of work holds a second copy).

use sha2::{Digest, Sha256};

pub fn hex_digest(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

fn hex(digest: &[u8]) -> String {
    let mut s = String::with_capacity(64);
    for &b in digest {
        s.push(char::from_digit(u32::from(b >> 4), 16).unwrap_or('0'));
        s.push(char::from_digit(u32::from(b & 15), 16).unwrap_or('0'));
    }
    s
}

/// A SHA-256 fed piece after piece.
#[derive(Clone, Default)]
pub struct Hasher(Sha256);

impl Hasher {
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The digest of everything fed, as lower-case hex.
    pub fn hex(self) -> String {
        hex(&self.0.finalize())
    }
}

/// A SHA-256 of a byte sequence fed front to back: `bytes[..done]` has been hashed so far.
#[derive(Clone, Default)]
pub struct Progressive {
    inner: Hasher,
    done: usize,
}

impl Progressive {
    /// Hashes `bytes[done..end]` (nothing if `end` is not past what is done). `bytes` must be the same
    /// sequence each time.
    pub fn advance(&mut self, bytes: &[u8], end: usize) {
        let end = end.min(bytes.len());
        if end > self.done {
            self.inner.update(&bytes[self.done..end]);
            self.done = end;
        }
    }

    /// The digest of all of `bytes`, hashing what is left.
    pub fn finish(&self, bytes: &[u8]) -> String {
        let mut rest = self.clone();
        rest.advance(bytes, bytes.len());
        rest.inner.hex()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progressive_equals_at_once_for_any_split() {
        let bytes: Vec<u8> = (0..200_003u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
        let whole = hex_digest(&bytes);
        assert_eq!(whole.len(), 64);
        for step in [1usize, 63, 64, 65, 4096, 65_537, 200_003] {
            let mut p = Progressive::default();
            let mut at = 0;
            while at < bytes.len() {
                at = (at + step).min(bytes.len());
                p.advance(&bytes, at);
                // Going back or standing still hashes nothing twice.
                p.advance(&bytes, at / 2);
            }
            assert_eq!(p.finish(&bytes), whole, "step {step}");
        }
        let mut half = Progressive::default();
        half.advance(&bytes, 100_000);
        assert_eq!(half.finish(&bytes), whole, "finish hashes the rest");
        assert_eq!(Progressive::default().finish(b""), hex_digest(b""));
    }
}
