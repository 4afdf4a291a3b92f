//! SHA-256 as lower-case hex, for the report's checksums: at once, or fed piece by piece (the worker
//! hashes a large file in the pieces it reads and writes, so no piece of work holds a second copy).
//!
//! Natively the digest comes from ring (BoringSSL's assembly: on a CPU without the SHA extensions its
//! AVX/SSSE3 code ran 1.4-2.3 times as fast as sha2's portable Rust, and a report hashes its input
//! and its output, the larger part of a run's work; docs/performance.md). In WebAssembly, where ring
//! would need a C toolchain for wasm32, it comes from sha2, whose SIMD128 backend (0.11 on) the
//! modules are built with. Both compute the same standard digest;
//! the tests below and the golden vectors pin it.

/// The digest of `bytes` at once, as lower-case hex.
pub fn hex_digest(bytes: &[u8]) -> String {
    let mut h = Hasher::default();
    h.update(bytes);
    h.hex()
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
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone)]
pub struct Hasher(ring::digest::Context);

#[cfg(not(target_arch = "wasm32"))]
impl Default for Hasher {
    fn default() -> Self {
        Hasher(ring::digest::Context::new(&ring::digest::SHA256))
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Hasher {
    pub fn update(&mut self, bytes: &[u8]) {
        self.0.update(bytes);
    }

    /// The digest of everything fed, as lower-case hex.
    pub fn hex(self) -> String {
        hex(self.0.finish().as_ref())
    }
}

/// A SHA-256 fed piece after piece.
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Default)]
pub struct Hasher(sha2::Sha256);

#[cfg(target_arch = "wasm32")]
impl Hasher {
    pub fn update(&mut self, bytes: &[u8]) {
        sha2::Digest::update(&mut self.0, bytes);
    }

    /// The digest of everything fed, as lower-case hex.
    pub fn hex(self) -> String {
        hex(&sha2::Digest::finalize(self.0))
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

    #[test]
    fn the_native_backend_agrees_with_sha2_and_the_standard_vectors() {
        use sha2::Digest;
        assert_eq!(hex_digest(b"abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(hex_digest(b""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        for len in [1usize, 55, 56, 63, 64, 65, 1000, 65_537] {
            let bytes: Vec<u8> = (0..len as u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
            assert_eq!(hex_digest(&bytes), hex(&sha2::Sha256::digest(&bytes)), "{len}");
        }
    }
}
