//! The structural steps a family's own module plans for its recipe: byte ranges to zero or invert
//! (`Range`), and a family's step inside the shape (`Structure`). Below `breaking`, which runs them.

use super::prims::clamp;
use super::shape::Shape;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    Zero,
    Invert,
}

/// `op` on the file's bytes `[start, end)`.
#[derive(Clone, Copy, Debug)]
pub struct Range {
    pub(crate) op: Op,
    pub(crate) start: u64,
    pub(crate) end: u64,
}

impl Range {
    /// From a (start, len) pair as `clamp` gives it.
    pub fn new(op: Op, (start, len): (u64, u64)) -> Range {
        Range { op, start, end: start + len }
    }

    /// Applies the range's part inside `buf`, the file's bytes from `pos`.
    pub(crate) fn apply(&self, buf: &mut [u8], pos: u64) {
        let end = pos + buf.len() as u64;
        let (s, e) = (self.start.max(pos), self.end.min(end));
        if s >= e {
            return;
        }
        let part = &mut buf[(s - pos) as usize..(e - pos) as usize];
        match self.op {
            Op::Zero => part.fill(0),
            Op::Invert => part.iter_mut().for_each(|b| *b = !*b),
        }
    }
}

/// A family's own structural step inside the shape: its ranges and the words it adds to the sentence.
#[derive(Default)]
pub struct Structure {
    pub ranges: Vec<Range>,
    pub extra: String,
}

impl Structure {
    pub fn one(op: Op, start: u64, len: u64, extra: String) -> Structure {
        Structure { ranges: vec![Range::new(op, (start, len))], extra }
    }

    pub fn push(&mut self, op: Op, start: u64, len: u64) {
        self.ranges.push(Range::new(op, (start, len)));
    }

    /// The archive families whose header fields follow the signature (cab, msi, rar): up to `max`
    /// bytes right after the header inverted; the sentence says `, inverted the next {len} {what}`.
    pub fn invert_after_header(shape: &Shape, n: u64, max: u64, what: &str) -> Structure {
        let (start, len) = clamp(n, shape.header as u64, max);
        Structure::one(Op::Invert, start, len, format!(", inverted the next {len} {what}"))
    }
}
