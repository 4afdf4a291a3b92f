//! The streamed run's plan: how the output's bytes come from the input's (`Layout`), the edit made
//! in place on each piece (`Edit`), and where each output piece's bytes are read from (`segments`).

use crate::describe::Outcome;
use crate::job::Job;
use crate::modes::misdirect::MisdirectPlan;
use crate::modes::{flip, sectors, seven, shuffle, truncate, Mode};
use crate::plan::Plan;
use crate::region::ByteSet;
use crate::rng::Sequence;

/// Blocks of the output read from elsewhere in the input, by positioned reads.
pub(crate) enum Moves {
    /// shuffle_blocks' moved blocks, planned a window at a time as the output reaches them.
    Shuffle(Box<std::sync::Mutex<Shuffler>>),
    /// misdirected_write's writes, each chunk's drawn when its piece is read.
    Misdirect(Box<MisdirectPlan>),
}

/// How the output's bytes come from the input's.
pub(crate) enum Layout {
    /// Output byte i is input byte i, then edited; shuffle_blocks and misdirected_write also replace
    /// some blocks with others (`moves`).
    Same { moves: Option<Moves> },
    /// A prefix of the input (the output's length is the cut).
    Prefix,
    /// `input[0, start)`, then `inserted` bytes of the plan sequence, then `input[start + removed, n)`.
    Spliced { start: u64, removed: u64, inserted: u64 },
}

/// shuffle_blocks' plan as the output reaches it (docs/contract.md, section 6.4): the window the
/// output is in and the plan sequence to go on from, so at most one window's plan is in memory. A
/// piece before the current window (out of order) starts the windows again from the first.
pub(crate) struct Shuffler {
    plan: shuffle::ShufflePlan,
    windows: shuffle::Windows,
    current: Option<shuffle::WindowPlan>,
}

impl Shuffler {
    pub(crate) fn new(plan: shuffle::ShufflePlan) -> Shuffler {
        Shuffler { windows: plan.windows(), plan, current: None }
    }

    /// Window `w`'s plan (None past the last window).
    fn window(&mut self, w: u64) -> Option<&shuffle::WindowPlan> {
        if self.current.as_ref().is_some_and(|c| c.index > w) {
            self.windows = self.plan.windows();
            self.current = None;
        }
        while self.current.as_ref().is_none_or(|c| c.index < w) {
            // The window before is freed before the next is planned: one window's plan at a time.
            self.current = None;
            self.current = Some(self.windows.next()?);
        }
        self.current.as_ref()
    }
}

/// The edit made in place on each piece of a `Same` layout.
pub(crate) enum Edit {
    None,
    Flip { allowed: ByteSet, k: u64, seed: u64, action: flip::Action },
    Sectors { allowed: ByteSet, z: u64, seed: u64 },
    SevenBit { allowed: ByteSet, intensity: u32, seed: u64 },
}

pub(crate) struct Run {
    pub(crate) layout: Layout,
    pub(crate) edit: Edit,
    pub(crate) out_len: u64,
    /// The plan, for the report's fields once bad_sectors' zeroed bytes are counted (None: truncate).
    pub(crate) plan: Option<Plan>,
    /// truncate_insert: the plan sequence, whose next bytes are the inserted ones.
    pub(crate) fill: Option<Sequence>,
}

pub(crate) fn prepare(job: &Job, intensity: u32, seed: u64) -> Run {
    let n = job.n;
    if job.mode == Mode::TruncateInsert {
        let (l, rng) = truncate::plan_lengths(n, intensity, seed);
        return Run {
            layout: Layout::Spliced { start: l.remove_start, removed: l.removed, inserted: l.inserted },
            edit: Edit::None,
            out_len: n - l.removed + l.inserted,
            plan: None,
            fill: Some(rng),
        };
    }
    let plan = job.make_plan(intensity, seed);
    let same = |edit| (Layout::Same { moves: None }, edit, n);
    let (layout, edit, out_len) = match &plan {
        Plan::Flip { h, k, seed, .. } => {
            same(Edit::Flip { allowed: ByteSet::span(*h as u64, n), k: *k, seed: *seed, action: flip::Action::Flip })
        }
        Plan::Allowed { action, allowed, k, seed, .. } => {
            same(Edit::Flip { allowed: allowed.clone(), k: *k, seed: *seed, action: *action })
        }
        Plan::Sectors { allowed, z, seed } => same(Edit::Sectors { allowed: allowed.clone(), z: *z, seed: *seed }),
        Plan::Shuffle(p) => {
            let shuffler = Box::new(std::sync::Mutex::new(Shuffler::new(p.clone())));
            (Layout::Same { moves: Some(Moves::Shuffle(shuffler)) }, Edit::None, n)
        }
        Plan::Misdirect(p) => (Layout::Same { moves: Some(Moves::Misdirect(Box::new(p.clone()))) }, Edit::None, n),
        Plan::SevenBit { allowed, intensity, seed } => {
            same(Edit::SevenBit { allowed: allowed.clone(), intensity: *intensity, seed: *seed })
        }
        Plan::Interrupted { cut, .. } => (Layout::Prefix, Edit::None, *cut),
        Plan::Truncate(_) | Plan::Break(_) | Plan::Transcode { .. } => {
            unreachable!("truncate_insert is planned above; guaranteed_break and the conversions run on their own")
        }
    };
    Run { layout, edit, out_len, plan: Some(plan), fill: None }
}

impl Edit {
    /// Edits `part`, the output's bytes from `pos` (a multiple of the chunk size); returns what it
    /// counted (bad_sectors' bytes zeroed, seven_bit's units). Large parts are split over two threads
    /// at a chunk boundary.
    pub(crate) fn apply(&self, part: &mut [u8], pos: u64) -> Outcome {
        match self {
            Edit::None => Outcome::default(),
            Edit::Sectors { allowed, z, seed } => {
                Outcome { zeroed: sectors::zero_sectors_in(part, pos, allowed, *z, *seed), ..Outcome::default() }
            }
            Edit::SevenBit { allowed, intensity, seed } => {
                let chunk = flip::CHUNK;
                let run = |part: &mut [u8], at: u64| seven::clear_high_bits_in(part, at, allowed, *intensity, *seed);
                let counts = if part.len() > chunk && parallel() {
                    let mid = part.len().div_ceil(2 * chunk) * chunk;
                    let (left, right) = part.split_at_mut(mid);
                    std::thread::scope(|scope| {
                        let r = scope.spawn(|| run(right, pos + mid as u64));
                        let mut c = run(left, pos);
                        let d = r.join().unwrap_or_else(|p| std::panic::resume_unwind(p));
                        c.units += d.units;
                        c.converted += d.converted;
                        c
                    })
                } else {
                    run(part, pos)
                };
                Outcome { counts, ..Outcome::default() }
            }
            Edit::Flip { allowed, k, seed, action } => {
                let none = Outcome::default();
                let (Some(&(lo, _)), Some(&(_, hi))) = (allowed.spans().first(), allowed.spans().last()) else {
                    return none;
                };
                if *k == 0 || part.is_empty() {
                    return none;
                }
                let chunk = flip::CHUNK as u64;
                let end = pos + part.len() as u64;
                let first = (lo / chunk).max(pos / chunk);
                let last = ((hi - 1) / chunk).min((end - 1) / chunk);
                if first > last {
                    return none;
                }
                let run = |part: &mut [u8], from: u64, to: u64, start: u64| {
                    flip::flip_allowed_chunks(part, start, allowed, *k, *seed, from..=to, *action);
                };
                if last > first && parallel() {
                    let mid = first + (last - first).div_ceil(2);
                    let (left, right) = part.split_at_mut((mid * chunk - pos) as usize);
                    std::thread::scope(|scope| {
                        scope.spawn(|| run(right, mid, last, mid * chunk));
                        run(left, first, mid - 1, pos);
                    });
                } else {
                    run(part, first, last, pos);
                }
                none
            }
        }
    }
}

pub(crate) fn parallel() -> bool {
    std::thread::available_parallelism().map_or(1, |p| p.get()) > 1
}

/// One run of an output piece: `len` bytes at offset `at` of the piece, read from the input at
/// `from`, or (None) the next inserted bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    pub at: usize,
    pub from: Option<u64>,
    pub len: usize,
}

/// Where the output's bytes `[pos, pos + len)` come from, in order; later segments overwrite earlier
/// ones (shuffle_blocks' moved blocks over the piece read in place).
pub(crate) fn segments(layout: &Layout, pos: u64, len: usize) -> Vec<Segment> {
    let end = pos + len as u64;
    let mut out = Vec::new();
    match layout {
        Layout::Same { moves } => {
            out.push(Segment { at: 0, from: Some(pos), len });
            if let Some(Moves::Misdirect(plan)) = moves {
                for (at, from, l) in plan.moves(pos, end) {
                    out.push(Segment { at: (at - pos) as usize, from: Some(from), len: l as usize });
                }
            }
            if let Some(Moves::Shuffle(shuffler)) = moves {
                let mut sh = shuffler.lock().unwrap_or_else(|e| e.into_inner());
                let block = shuffle::SHUFFLE_BLOCK_BYTES as u64;
                let (from_block, to_block) = (pos.div_ceil(block), end.div_ceil(block).min(sh.plan.block_count));
                let window = sh.plan.window();
                for w in
                    (from_block < to_block).then(|| from_block / window..=(to_block - 1) / window).into_iter().flatten()
                {
                    let Some(plan) = sh.window(w) else { break };
                    let base = plan.first * block;
                    let first = plan.slots.partition_point(|&s| base + u64::from(s) * block < pos);
                    for (slot, source) in plan.slots[first..].iter().zip(&plan.perm[first..]) {
                        let at = base + u64::from(*slot) * block;
                        if at >= end {
                            break;
                        }
                        let from = Some(base + u64::from(*source) * block);
                        out.push(Segment { at: (at - pos) as usize, from, len: shuffle::SHUFFLE_BLOCK_BYTES });
                    }
                }
            }
        }
        Layout::Prefix => out.push(Segment { at: 0, from: Some(pos), len }),
        Layout::Spliced { start, removed, inserted } => {
            // Three runs of output: the kept head, the inserted bytes, the kept tail.
            let ins_end = start + inserted;
            let mut add = |a: u64, b: u64, from: Option<u64>| {
                if a < b {
                    out.push(Segment { at: (a - pos) as usize, from, len: (b - a) as usize });
                }
            };
            add(pos, end.min(*start), Some(pos));
            add(pos.max(*start), end.min(ins_end), None);
            let a = pos.max(ins_end);
            add(a, end, Some(a + removed - inserted));
        }
    }
    out
}

/// `Sequence::fill`'s bytes handed out in order, in any number of calls.
pub(crate) struct Filler {
    rng: Sequence,
    word: [u8; 4],
    used: usize,
}

impl Filler {
    pub(crate) fn new(rng: Sequence) -> Filler {
        Filler { rng, word: [0; 4], used: 4 }
    }

    pub(crate) fn next(&mut self, out: &mut [u8]) {
        let mut i = 0;
        while i < out.len() && self.used < 4 {
            out[i] = self.word[self.used];
            self.used += 1;
            i += 1;
        }
        let mut words = out[i..].chunks_exact_mut(4);
        for w in &mut words {
            w.copy_from_slice(&self.rng.u32().to_le_bytes());
        }
        let rest = words.into_remainder();
        if !rest.is_empty() {
            self.word = self.rng.u32().to_le_bytes();
            let r = rest.len();
            rest.copy_from_slice(&self.word[..r]);
            self.used = r;
        }
    }
}

/// misdirected_write's changed bytes (docs/contract.md, section 14.2), counted from the input read by
/// position before the pieces go: each destination's bytes against its source's, which the output
/// holds there. A chunk's writes at a time, so memory stays one block pair whatever the size.
pub(crate) fn misdirect_hits(
    layout: &Layout,
    n: u64,
    input: &mut impl crate::checksums::Positional,
    t: &mut crate::structure::Tally,
) -> std::io::Result<()> {
    let Layout::Same { moves: Some(Moves::Misdirect(plan)) } = layout else { return Ok(()) };
    if plan.z == 0 {
        return Ok(());
    }
    let chunk = flip::CHUNK as u64;
    let (mut dest, mut src) = (vec![0u8; plan.block as usize], vec![0u8; plan.block as usize]);
    for c in 0..n.div_ceil(chunk) {
        for (at, from, len) in plan.moves(c * chunk, ((c + 1) * chunk).min(n)) {
            let len = len as usize;
            input.read_at(at, &mut dest[..len])?;
            input.read_at(from, &mut src[..len])?;
            t.diff(at, &dest[..len], &src[..len]);
        }
    }
    Ok(())
}
