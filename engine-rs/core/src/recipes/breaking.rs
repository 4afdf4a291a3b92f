//! A recipe run piece by piece, for files of any size (docs/engine.md, Streaming). The whole-buffer
//! `apply` runs the same code over one piece, so the two cannot drift.
//!
//! Every step is either keyed by position, or a left-to-right scan with a little state:
//! - `before` reads each piece of the input, in order, before anything changes it: tar's header
//!   test (inside its own 512-byte block) and flv's tag walk (which carries its position);
//! - the scatter flips 64 KiB chunks by their own sequences (`scatter`, or `scatter_plan` for a caller
//!   that spreads the chunks over threads);
//! - `after` changes the planned ranges (structure steps, planned from the first 64 KiB or the
//!   length, and the ranges `before` found), zeroes the header, and destroys text's delimiters;
//! - `finish` runs the scans (signatures, then syncs, then start codes) over a window: the bytes a
//!   scan cannot decide yet (a signature's first byte too near the end) are held back and come
//!   first in the next window. Text's cut drops the end, and its 4 bytes of poison come first.

use super::prims::{kill_start_codes_from, kill_syncs_from, overwrite_signatures_from, scatter_count, Signature};
use super::shape::{Done, Shape, Syncs};
use super::steps::{Op, Range, Structure};
use super::{cab, flv, generic, ico, msi, pe, rar, sevenzip, tables, tar, text, xz};
use crate::formats::Family;
use crate::modes::flip::{self, flip_allowed_chunks, Action, CHUNK};
use crate::region::ByteSet;
use crate::rng::{Sequence, ESCALATION_SEQUENCE};

/// Bytes a window may need before the piece: the held-back bytes of the scans (at most the longest
/// signature plus 2) and text's 4 bytes of poison. Buffers keep this much room at their front.
pub const HEADROOM: usize = 64;

enum Kind {
    Shape { shape: &'static Shape, extra: String, walk: Option<flv::Walk> },
    Tar { headers: u64 },
    Text { cut: u64, destroyed: u64 },
    Generic { h: u64 },
}

/// Escalation's extra overwrite (docs/contract.md, section 8): bytes 9, 19, 29, ... take the low
/// byte of the next word of sequence 2^64-1, in order.
pub struct Escalation {
    rng: Sequence,
    next: u64,
}

impl Escalation {
    /// `seed`: the escalated run's seed (the original seed + 1).
    pub fn new(seed: u64) -> Escalation {
        Escalation { rng: Sequence::new(seed, ESCALATION_SEQUENCE), next: 9 }
    }

    /// Overwrites the positions inside `buf` (the output's bytes from `pos`); pieces come in order.
    pub fn apply(&mut self, buf: &mut [u8], pos: u64) {
        let end = pos + buf.len() as u64;
        while self.next < end {
            buf[(self.next - pos) as usize] = self.rng.u32() as u8;
            self.next += 10;
        }
    }
}

/// One file's recipe in progress.
pub struct Breaker {
    family: Family,
    n: u64,
    seed: u64,
    /// The scatter: `k` positions of `[h, n)`.
    h: u64,
    k: u64,
    kind: Kind,
    /// Ranges still to change, in the order the recipe changes them.
    ranges: Vec<Range>,
    /// Bytes zeroed at offset 0 after the structure step (the shape's header).
    header: u64,
    signatures: &'static [Signature],
    syncs: Option<(u8, u8)>,
    start_codes: bool,
    /// Where each scan stands, as file positions, and what it has done.
    sig_at: u64,
    sync_at: u64,
    code_at: u64,
    done: Done,
    prefix_sent: bool,
    escalation: Option<Escalation>,
}

impl Breaker {
    /// `head`: the input's first min(n, 65,536) bytes.
    pub fn new(family: Family, n: u64, head: &[u8], intensity: u32, seed: u64) -> Breaker {
        let scatter0 = scatter_count(n, 0, intensity);
        let mut b = Breaker {
            family,
            n,
            seed,
            h: 0,
            k: scatter0,
            kind: Kind::Generic { h: 0 },
            ranges: Vec::new(),
            header: 0,
            signatures: &[],
            syncs: None,
            start_codes: false,
            sig_at: 0,
            sync_at: 0,
            code_at: 0,
            done: Done { scrambled: scatter0, signatures: 0, syncs: 0, start_codes: 0 },
            prefix_sent: false,
            escalation: None,
        };
        match family {
            Family::Text | Family::Svg => b.kind = Kind::Text { cut: text::cut(n, intensity), destroyed: 0 },
            Family::Tar => {
                b.kind = Kind::Tar { headers: 0 };
                b.signatures = tar::USTAR_SIGNATURE;
            }
            _ => match tables::shape(family) {
                Some(shape) => {
                    let structure = match family {
                        Family::Ico => ico::plan(head, n),
                        Family::Pe => pe::plan(head, n),
                        Family::SevenZip => sevenzip::plan(head, n),
                        Family::Xz => xz::plan(n),
                        Family::Cab => cab::plan(n),
                        Family::Msi => msi::plan(n),
                        Family::Rar => rar::plan(n),
                        _ => Structure::default(),
                    };
                    let walk = (family == Family::Flv).then(|| flv::Walk::new(n));
                    b.ranges = structure.ranges;
                    b.kind = Kind::Shape { shape, extra: structure.extra, walk };
                    b.header = shape.header as u64;
                    b.signatures = shape.signatures;
                    (b.syncs, b.start_codes) = match shape.syncs {
                        Syncs::None => (None, false),
                        Syncs::JpegMarkers => (Some((0xC0, 0xFE)), false),
                        Syncs::Media => (Some((0xE0, 0xFF)), true),
                    };
                }
                None => {
                    let (h, k) = generic::plan(n, intensity);
                    (b.h, b.k, b.done.scrambled) = (h, k, k);
                    b.kind = Kind::Generic { h };
                }
            },
        }
        b
    }

    /// Adds escalation's overwrite (the escalated run of generic, section 8) after the recipe.
    pub fn escalated(mut self) -> Breaker {
        self.escalation = Some(Escalation::new(self.seed));
        self
    }

    /// The input's length.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// The output's length.
    pub fn out_len(&self) -> u64 {
        match self.kind {
            Kind::Text { cut, .. } => text::POISON.len() as u64 + self.n - cut,
            _ => self.n,
        }
    }

    /// Reads the input's bytes `input` from `pos`, before they change. Pieces come in order, each
    /// starting at a multiple of 65,536.
    pub fn before(&mut self, input: &[u8], pos: u64) {
        match &mut self.kind {
            Kind::Tar { headers } => *headers += tar::headers(input, pos, self.n, &mut self.ranges),
            Kind::Shape { walk: Some(walk), .. } => walk.feed(input, pos, &mut self.ranges),
            _ => {}
        }
    }

    /// The scatter as a flip: `k` positions of `region`, drawn from the chunk sequences of `seed`.
    pub fn scatter_plan(&self) -> (ByteSet, u64, u64) {
        (ByteSet::span(self.h, self.n), self.k, self.seed)
    }

    /// The scatter on the file's bytes `buf` from `pos` (a multiple of 65,536), on this thread.
    pub fn scatter(&self, buf: &mut [u8], pos: u64) {
        if self.k == 0 || buf.is_empty() || self.h >= self.n {
            return;
        }
        let chunk = CHUNK as u64;
        let first = (pos / chunk).max(self.h / chunk);
        let last = (pos + buf.len() as u64 - 1) / chunk;
        if first <= last {
            let region = ByteSet::span(self.h, self.n);
            flip_allowed_chunks(buf, pos, &region, self.k, self.seed, first..=last, Action::Flip);
        }
    }

    /// The positional steps after the scatter, on the file's bytes `buf` from `pos`, in order.
    pub fn after(&mut self, buf: &mut [u8], pos: u64) {
        let end = pos + buf.len() as u64;
        for r in &self.ranges {
            r.apply(buf, pos);
        }
        self.ranges.retain(|r| r.end > end);
        if self.header > pos {
            Range { op: Op::Zero, start: 0, end: self.header }.apply(buf, pos);
        }
        match &mut self.kind {
            Kind::Text { destroyed, .. } => *destroyed += text::destroy(buf),
            Kind::Generic { h } => Range { op: Op::Invert, start: 0, end: *h }.apply(buf, pos),
            _ => {}
        }
        if let Some(e) = self.escalation.as_mut() {
            e.apply(buf, pos);
        }
    }

    /// Bytes to write before the first window (text's poison), once.
    pub fn prefix(&mut self) -> &'static [u8] {
        if self.prefix_sent {
            return &[];
        }
        self.prefix_sent = true;
        match self.kind {
            Kind::Text { .. } => &text::POISON,
            _ => &[],
        }
    }

    /// Runs the scans over `win`, the file's bytes from `at`: the bytes held back last time, then
    /// the next piece after `after`. `last`: the window ends the file. Returns how many bytes of
    /// `win` to write, and from where to hold bytes back for the next window (`win.len()`: none).
    pub fn finish(&mut self, win: &mut [u8], at: u64, last: bool) -> (usize, usize) {
        let end = win.len();
        if let Kind::Text { cut, .. } = self.kind {
            let emit = (self.n - cut).saturating_sub(at).min(end as u64) as usize;
            return (emit, end);
        }
        let rel = |p: u64| (p - at) as usize;
        // `bound`: the bytes below it are final for the steps so far; `keep`: no scan has passed it.
        let mut bound = end;
        let mut keep = end;
        if !self.signatures.is_empty() {
            let (i, c) = overwrite_signatures_from(win, rel(self.sig_at), self.signatures, last);
            self.sig_at = at + i as u64;
            self.done.signatures += c;
            (bound, keep) = (i, i);
        }
        if let Some((lo, hi)) = self.syncs {
            let (i, c) = kill_syncs_from(win, rel(self.sync_at), bound, lo, hi);
            self.sync_at = at + i as u64;
            self.done.syncs += c;
            keep = keep.min(i);
            bound = if last { end } else { i };
        }
        if self.start_codes {
            let (i, c) = kill_start_codes_from(win, rel(self.code_at), bound);
            self.code_at = at + i as u64;
            self.done.start_codes += c;
            keep = keep.min(i);
        }
        let emit = if last { end } else { keep };
        (emit, emit)
    }

    /// The report's `strategy`.
    pub fn strategy(&self) -> &'static str {
        tables::strategy(self.family)
    }

    /// The recipe sentence, once every piece has been through `finish`.
    pub fn recipe(&self) -> String {
        let n = self.n;
        match &self.kind {
            Kind::Shape { shape, extra, walk } => {
                let extra = walk.as_ref().map_or_else(|| extra.clone(), |w| w.extra());
                shape.sentence(n, &self.done, &extra)
            }
            Kind::Tar { headers } => tar::sentence(self.done.scrambled, *headers, self.done.signatures),
            Kind::Text { cut, destroyed } => text::sentence(self.done.scrambled, *destroyed, *cut),
            Kind::Generic { h } => generic::sentence(*h, self.k),
        }
    }
}

/// The whole recipe on an input in memory: one piece, one window.
pub fn apply_whole(family: Family, input: &[u8], intensity: u32, seed: u64) -> (Vec<u8>, String) {
    apply_whole_into(family, input, intensity, seed, Vec::new())
}

/// `apply_whole` writing into `out`'s memory (cleared; reused when large enough).
pub fn apply_whole_into(family: Family, input: &[u8], intensity: u32, seed: u64, out: Vec<u8>) -> (Vec<u8>, String) {
    let n = input.len() as u64;
    let head = &input[..input.len().min(CHUNK)];
    let mut b = Breaker::new(family, n, head, intensity, seed);
    b.before(input, 0);
    let mut data = crate::modes::copy_into(out, input);
    let (region, k, s) = b.scatter_plan();
    flip::flip_allowed(&mut data, &region, k, s, Action::Flip);
    b.after(&mut data, 0);
    let (emit, _) = b.finish(&mut data, 0, true);
    data.truncate(emit);
    let prefix = b.prefix();
    if !prefix.is_empty() {
        data.splice(0..0, prefix.iter().copied());
    }
    (data, b.recipe())
}
