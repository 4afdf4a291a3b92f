//! Hits (section 14.2): which regions of the map a run changed, and what each change should cause.
//!
//! A `Tally` holds the map and, per region, the bytes changed, the first changed offset and the
//! bytes a checksum fix rewrote. Runs feed it as they go: `diff` compares input and output bytes at
//! the same offsets (the modes that keep the length), `span` marks input bytes cut, removed or moved
//! (section 14.2 says which, per mode), and `repair` hears each checksum field the fix recomputed.
//! Memory is the map's (at most 8,193 regions), whatever the input's size.

use super::map::{Region, Role, Soft};
use super::why;
use crate::report::Value;

/// What a change should cause in a reader that checks what the format defines, weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Expect {
    Ignored,
    MayAccept,
    Reject,
}

impl Expect {
    pub fn name(self) -> &'static str {
        match self {
            Expect::Ignored => "ignored",
            Expect::MayAccept => "may_accept",
            Expect::Reject => "reject",
        }
    }
}

/// `expect_overall` when no region changed.
pub const UNCHANGED: &str = "unchanged";

/// One hit: a region with at least one changed byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    pub path: String,
    pub changed_bytes: u64,
    pub first: u64,
    pub expect: Expect,
    pub why: &'static str,
}

/// The map and what a run did to each of its regions.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    regions: Vec<Region>,
    changed: Vec<u64>,
    first: Vec<u64>,
    /// Changed bytes outside the region's unchecked spots (`Soft`): all of them where it has none.
    hard: Vec<u64>,
    repaired: Vec<u64>,
    recomputed: Vec<bool>,
}

impl Tally {
    pub fn new(regions: Vec<Region>) -> Tally {
        let r = regions.len();
        Tally {
            regions,
            changed: vec![0; r],
            first: vec![u64::MAX; r],
            hard: vec![0; r],
            repaired: vec![0; r],
            recomputed: vec![false; r],
        }
    }

    pub fn regions(&self) -> &[Region] {
        &self.regions
    }

    /// Forgets every change (a run that starts again: escalation).
    pub fn clear(&mut self) {
        self.changed.fill(0);
        self.first.fill(u64::MAX);
        self.hard.fill(0);
        self.repaired.fill(0);
        self.recomputed.fill(false);
    }

    /// The regions that overlap `[from, to)`, with each overlap.
    fn overlaps(&self, from: u64, to: u64) -> impl Iterator<Item = (usize, u64, u64)> + '_ {
        let i = self.regions.partition_point(|r| r.end <= from);
        self.regions[i..]
            .iter()
            .take_while(move |r| r.start < to)
            .enumerate()
            .map(move |(j, r)| (i + j, r.start.max(from), r.end.min(to)))
    }

    fn count(&mut self, i: usize, changed: u64, first: u64, hard: u64) {
        if changed > 0 {
            self.changed[i] += changed;
            self.hard[i] += hard;
            self.first[i] = self.first[i].min(first);
        }
    }

    /// The same map with nothing counted (a part of a run counted elsewhere, then `merge`d).
    pub fn fresh(&self) -> Tally {
        Tally::new(self.regions.clone())
    }

    /// Adds the changes `other` (a `fresh` tally of the same map) counted.
    pub fn merge(&mut self, other: &Tally) {
        for (i, c, f, h) in other.counted() {
            self.add(i, c, f, h);
        }
    }

    /// `(region, changed bytes, first changed offset, changed bytes outside its unchecked spots)`
    /// for every region with a change.
    pub fn counted(&self) -> impl Iterator<Item = (usize, u64, u64, u64)> + '_ {
        (0..self.regions.len())
            .filter(|&i| self.changed[i] > 0)
            .map(|i| (i, self.changed[i], self.first[i], self.hard[i]))
    }

    /// Adds changes counted elsewhere in region `i` of the same map (`counted`); false when the map
    /// has no region `i`.
    pub fn add(&mut self, i: usize, changed: u64, first: u64, hard: u64) -> bool {
        if i >= self.regions.len() || hard > changed {
            return false;
        }
        self.count(i, changed, first, hard);
        true
    }

    /// The input's bytes `before` and the output's `after` at the same offset `pos`: every byte that
    /// differs is changed.
    pub fn diff(&mut self, pos: u64, before: &[u8], after: &[u8]) {
        let len = before.len().min(after.len());
        let spans: Vec<(usize, u64, u64)> = self.overlaps(pos, pos + len as u64).collect();
        for (i, a, b) in spans {
            let (x, y) =
                (&before[(a - pos) as usize..(b - pos) as usize], &after[(a - pos) as usize..(b - pos) as usize]);
            let Some(f) = x.iter().zip(y).position(|(p, q)| p != q) else { continue };
            let rest = mismatches(&x[f..], &y[f..]);
            let r = &self.regions[i];
            let hard = if r.soft == Soft::None {
                rest
            } else {
                let at = a + f as u64 - r.origin;
                x[f..]
                    .iter()
                    .zip(&y[f..])
                    .enumerate()
                    .filter(|&(k, (&p, &q))| p != q && !r.soft.allows(at + k as u64, p, q))
                    .count() as u64
            };
            self.count(i, rest, a + f as u64, hard);
        }
    }

    /// Every input byte of `[from, to)` is changed (cut, removed or moved).
    pub fn span(&mut self, from: u64, to: u64) {
        let spans: Vec<(usize, u64, u64)> = self.overlaps(from, to).collect();
        for (i, a, b) in spans {
            self.count(i, b - a, a, b - a);
        }
    }

    /// The checksum fix recomputed the field at `at` (its input bytes `input`, its new bytes `value`):
    /// its bytes that differ from the input are a repair, and the regions it lies in hold a
    /// recomputed checksum.
    pub fn repair(&mut self, at: u64, input: &[u8], value: &[u8]) {
        let spans: Vec<(usize, u64, u64)> = self.overlaps(at, at + value.len() as u64).collect();
        for (i, a, b) in spans {
            let (x, y) = (&input[(a - at) as usize..(b - at) as usize], &value[(a - at) as usize..(b - at) as usize]);
            self.repaired[i] += mismatches(x, y);
            self.recomputed[i] = true;
        }
    }

    /// The hits, in map order (section 14.2).
    pub fn hits(&self) -> Vec<Hit> {
        let fixed: std::collections::HashSet<&str> =
            self.regions.iter().zip(&self.recomputed).filter(|(_, &r)| r).map(|(r, _)| r.unit()).collect();
        let mut out = Vec::new();
        for (i, r) in self.regions.iter().enumerate() {
            let changed = self.changed[i];
            if changed == 0 {
                continue;
            }
            let (expect, why) = if self.repaired[i] >= changed {
                (Expect::MayAccept, why::REPAIRED)
            } else {
                match r.role {
                    Role::Magic | Role::Layout if r.soft != Soft::None && self.hard[i] == 0 => {
                        (Expect::MayAccept, r.soft.why())
                    }
                    Role::Magic => (Expect::Reject, why::MAGIC),
                    Role::Layout => (Expect::Reject, why::LAYOUT),
                    Role::Checksum => (Expect::Reject, why::CHECKSUM),
                    Role::Checked if fixed.contains(r.unit()) => (Expect::MayAccept, why::CHECKED_FIXED),
                    Role::Checked => (Expect::Reject, why::CHECKED),
                    Role::Payload => (Expect::MayAccept, why::PAYLOAD),
                    Role::Skipped => (Expect::Ignored, why::SKIPPED),
                }
            };
            out.push(Hit { path: r.path.clone(), changed_bytes: changed, first: self.first[i], expect, why });
        }
        out
    }

    /// The report's `structure`, `hits` and `expect_overall` (section 10.1, fields 22 to 24).
    pub fn fields(&self) -> [(&'static str, Value); 3] {
        self.fields_with(self.hits())
    }

    /// The same fields with `hits` in place of the tally's own (a member run's, section 6.11.4).
    pub fn fields_with(&self, hits: Vec<Hit>) -> [(&'static str, Value); 3] {
        let structure = self
            .regions
            .iter()
            .map(|r| {
                Value::Object(vec![
                    ("path", Value::Str(r.path.clone())),
                    ("start", Value::Int(r.start)),
                    ("end", Value::Int(r.end)),
                ])
            })
            .collect();
        let overall = hits.iter().map(|h| h.expect).max().map_or(UNCHANGED, Expect::name);
        let hits = hits
            .into_iter()
            .map(|h| {
                Value::Object(vec![
                    ("path", Value::Str(h.path)),
                    ("changed_bytes", Value::Int(h.changed_bytes)),
                    ("first", Value::Int(h.first)),
                    ("expect", Value::Str(h.expect.name().into())),
                    ("why", Value::Str(h.why.into())),
                ])
            })
            .collect();
        [
            ("structure", Value::List(structure)),
            ("hits", Value::List(hits)),
            ("expect_overall", Value::Str(overall.into())),
        ]
    }
}

/// Input and output bytes handed over in order, at different times (guaranteed_break streamed holds
/// some output back): the input bytes wait until the output at their offset comes, then `diff`.
#[derive(Default)]
pub struct InOrder {
    pending: Vec<u8>,
    /// The offset of `pending[0]`.
    at: u64,
}

impl InOrder {
    pub fn input(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
    }

    pub fn output(&mut self, tally: &mut Tally, bytes: &[u8]) {
        let len = bytes.len().min(self.pending.len());
        tally.diff(self.at, &self.pending[..len], &bytes[..len]);
        self.pending.drain(..len);
        self.at += len as u64;
    }
}

/// How many bytes of `x` and `y` differ (over the shorter). Counted 128 bytes at a time into a byte
/// (at most 128 fits), which the compiler turns into wide compares and adds: a whole-file count per
/// run on the streamed editing thread, where a count per byte into a u64 cost 12% of a 200 MiB
/// byte_flip's CPU time.
fn mismatches(x: &[u8], y: &[u8]) -> u64 {
    const BLOCK: usize = 128;
    let len = x.len().min(y.len());
    let (mut xs, mut ys) = (x[..len].chunks_exact(BLOCK), y[..len].chunks_exact(BLOCK));
    let mut n = 0u64;
    for (a, b) in (&mut xs).zip(&mut ys) {
        n += u64::from(a.iter().zip(b).map(|(p, q)| u8::from(p != q)).fold(0u8, u8::wrapping_add));
    }
    n + xs.remainder().iter().zip(ys.remainder()).filter(|(p, q)| p != q).count() as u64
}

#[cfg(test)]
mod tests {
    use super::mismatches;

    #[test]
    fn mismatches_counts_every_differing_byte_at_any_length() {
        let x: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 256) as u8).collect();
        for len in [0, 1, 127, 128, 129, 255, 256, 257, 1000] {
            for step in [1, 2, 3, 128, 500] {
                let mut y = x[..len].to_vec();
                for b in y.iter_mut().step_by(step) {
                    *b ^= 0x5a;
                }
                let want = x[..len].iter().zip(&y).filter(|(p, q)| p != q).count() as u64;
                assert_eq!(mismatches(&x[..len], &y), want, "len {len} step {step}");
                // A longer first side counts over the shorter only.
                assert_eq!(mismatches(&x, &y), want, "len {len} step {step}, x longer");
            }
        }
    }
}
