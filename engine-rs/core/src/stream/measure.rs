//! What a stream measures as the bytes go by: SHA-256 and byte-value counts, and the timings.

use std::time::Instant;

use crate::entropy::byte_counts;
use crate::sha::Hasher as Sha256Hasher;

/// SHA-256 and byte-value counts of bytes that go by in order.
pub(crate) struct Measure {
    sha: Sha256Hasher,
    counts: [u64; 256],
}

impl Default for Measure {
    fn default() -> Self {
        Measure { sha: Sha256Hasher::default(), counts: [0; 256] }
    }
}

impl Measure {
    pub(crate) fn add(&mut self, bytes: &[u8]) {
        self.sha.update(bytes);
        add_counts(&mut self.counts, bytes);
    }

    pub(crate) fn finish(self) -> (String, [u64; 256]) {
        (self.sha.hex(), self.counts)
    }
}

pub(crate) fn add_counts(total: &mut [u64; 256], bytes: &[u8]) {
    for (t, c) in total.iter_mut().zip(byte_counts(bytes)) {
        *t += c;
    }
}

/// The report's `time_ms` (since `t0`) and `ops_ms`, in milliseconds to three decimals.
pub(crate) fn timings(t0: Instant, ops_ms: f64) -> (f64, f64) {
    ((t0.elapsed().as_secs_f64() * 1e6).round() / 1e3, (ops_ms * 1e3).round() / 1e3)
}
