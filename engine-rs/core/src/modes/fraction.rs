//! The draw of the conversion modes (docs/contract.md, section 6.12): text_transfer, seven_bit and
//! charset_roundtrip convert every unit at intensity 100 and a seeded fraction of them below it. A
//! unit's draw comes from the sequence of the chunk its first byte lies in, in the units' order, so
//! a stream that meets the units piece by piece draws exactly what the whole buffer does. Also what
//! every conversion step reads and writes (`Piece`, `Sink`) and counts (`Counts`).

use super::flip::CHUNK;
use crate::rng::{chunk_sequence, Sequence};

/// Whether each unit converts, asked in increasing order of the units' first bytes.
pub struct Draws {
    seed: u64,
    intensity: u32,
    /// The chunk whose sequence `rng` is, and the sequence (None before the first draw).
    chunk: u64,
    rng: Option<Sequence>,
}

impl Draws {
    pub fn new(seed: u64, intensity: u32) -> Draws {
        Draws { seed, intensity, chunk: u64::MAX, rng: None }
    }

    /// Whether every unit converts without a draw (intensity 100) or none does (intensity 0).
    pub fn settled(&self) -> Option<bool> {
        match self.intensity {
            100 => Some(true),
            0 => Some(false),
            _ => None,
        }
    }

    /// Whether the unit whose first byte is at `p` converts: `below(100) < intensity` on the sequence
    /// of p's chunk, the next draw of that sequence.
    #[inline]
    pub fn converts(&mut self, p: u64) -> bool {
        if let Some(all) = self.settled() {
            return all;
        }
        let c = p / CHUNK as u64;
        if c != self.chunk || self.rng.is_none() {
            self.chunk = c;
            self.rng = Some(Sequence::new(self.seed, chunk_sequence(c)));
        }
        match self.rng.as_mut() {
            Some(rng) => rng.below(100) < self.intensity,
            None => false,
        }
    }
}

/// The units met, converted, and converted to nothing (a character the charset lacks).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    pub units: u64,
    pub converted: u64,
    pub dropped: u64,
}

/// The bytes a conversion step reads: `data` is the input from offset `base`, converted from index
/// `from`; `last` when it ends the input; `prev` the input byte before it.
pub(crate) struct Piece<'a> {
    pub data: &'a [u8],
    pub base: u64,
    pub from: usize,
    pub last: bool,
    pub prev: Option<u8>,
}

/// Where a conversion step writes: the output, the draws, the counts, and each converted unit's input
/// bytes `[from, to)` (the hits, docs/contract.md section 14.2).
pub(crate) struct Sink<'a, 'h> {
    pub draws: &'a mut Draws,
    pub out: &'a mut Vec<u8>,
    pub c: &'a mut Counts,
    pub hit: &'a mut (dyn FnMut(u64, u64) + 'h),
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_chunk_draws_from_its_own_sequence_in_order() {
        let mut d = Draws::new(7, 40);
        let got: Vec<bool> = [3u64, 9, 65536, 65537, 200_000].iter().map(|&p| d.converts(p)).collect();
        let mut s0 = Sequence::new(7, 1);
        let mut s1 = Sequence::new(7, 2);
        let mut s3 = Sequence::new(7, 4);
        let want =
            vec![s0.below(100) < 40, s0.below(100) < 40, s1.below(100) < 40, s1.below(100) < 40, s3.below(100) < 40];
        assert_eq!(got, want);
        assert!(Draws::new(7, 100).converts(5) && !Draws::new(7, 0).converts(5));
    }
}
