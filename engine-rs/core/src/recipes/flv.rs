use super::prims::clamp;
use super::steps::{Op, Range};

/// The FLV header is 9 bytes; the tag chain starts right after it.
const HEADER: u64 = 9;
/// Tag header: type (1), data size (3, big-endian), timestamp (4), stream id (3).
const TAG_HEADER: u64 = 11;

/// Where the walk stands.
#[derive(Clone, Copy)]
enum At {
    /// At the PreviousTagSize field at this position.
    Field(u64),
    /// Past the tag header at this position, waiting for its data size.
    Size(u64),
    Done,
}

/// The walk down the input's tag chain, fed the input's pieces in order (before any change). A
/// field's ranges are known before its data size is read, so they are added while the piece that
/// holds their start is still to be changed.
pub struct Walk {
    n: u64,
    at: At,
    /// The last 3 input bytes of the previous piece, and where they were: a data size can straddle.
    tail: [u8; 3],
    tail_at: u64,
    tags: u64,
}

impl Walk {
    pub fn new(n: u64) -> Walk {
        Walk { n, at: At::Field(HEADER), tail: [0; 3], tail_at: 0, tags: 0 }
    }

    /// Walks as far as `input` (the input's bytes from `pos`) allows, adding the ranges to zero.
    pub fn feed(&mut self, input: &[u8], pos: u64, out: &mut Vec<Range>) {
        let n = self.n;
        let end = pos + input.len() as u64;
        let (tail, tail_at) = (self.tail, self.tail_at);
        let byte = |at: u64| if at >= pos { input[(at - pos) as usize] } else { tail[(at - tail_at) as usize] };
        loop {
            match self.at {
                At::Done => break,
                At::Field(p) if p + 4 > n => self.at = At::Done,
                At::Field(p) if p >= end => break,
                At::Field(p) => {
                    out.push(Range::new(Op::Zero, clamp(n, p, 4))); // PreviousTagSize
                    let t = p + 4;
                    if t + TAG_HEADER > n {
                        self.at = At::Done;
                    } else {
                        out.push(Range::new(Op::Zero, clamp(n, t, 4))); // tag type and data size
                        self.tags += 1;
                        self.at = At::Size(t);
                    }
                }
                At::Size(t) if t + 4 > end => break,
                At::Size(t) => {
                    let size = (t + 1..t + 4).fold(0u64, |v, at| (v << 8) | u64::from(byte(at)));
                    self.at = At::Field(t + TAG_HEADER + size);
                }
            }
        }
        let from = end.saturating_sub(3);
        for (i, at) in (from..end).enumerate() {
            self.tail[i] = byte(at);
        }
        self.tail_at = from;
    }

    pub fn extra(&self) -> String {
        format!(", zeroed the type and size of {} tags and every PreviousTagSize field", self.tags)
    }
}
