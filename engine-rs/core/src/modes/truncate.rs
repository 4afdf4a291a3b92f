//! truncate_insert: cut a span and put random bytes of a random length in its place.

use crate::rng::{Sequence, PLAN_SEQUENCE};

pub struct TruncatePlan {
    pub removed: usize,
    pub remove_start: usize,
    /// How many random bytes go in: the plan sequence's next bytes after the lengths' draws, made by
    /// `apply` straight into the output (never held apart: up to half the input at intensity 100).
    pub inserted: usize,
    n: u64,
    intensity: u32,
    seed: u64,
}

/// span = min(n, max(1, n*intensity/200)); start and the inserted bytes come from the plan sequence.
pub fn plan(n: usize, intensity: u32, seed: u64) -> TruncatePlan {
    let (p, _) = plan_lengths(n as u64, intensity, seed);
    TruncatePlan {
        removed: p.removed as usize,
        remove_start: p.remove_start as usize,
        inserted: p.inserted as usize,
        n: n as u64,
        intensity,
        seed,
    }
}

/// The plan's numbers without its inserted bytes, which are the returned sequence's next bytes
/// (`Sequence::fill`): a stream writes them as it goes instead of holding up to half the file.
pub struct Lengths {
    pub removed: u64,
    pub remove_start: u64,
    pub inserted: u64,
}

/// The draws use `below_wide` (docs/contract.md, section 6.3), which is `below` for every bound
/// below 2^32, so inputs up to 4 GiB keep their bytes and longer ones are defined.
pub fn plan_lengths(n: u64, intensity: u32, seed: u64) -> (Lengths, Sequence) {
    let mut rng = Sequence::new(seed, PLAN_SEQUENCE);
    if n == 0 {
        return (Lengths { removed: 0, remove_start: 0, inserted: 0 }, rng);
    }
    let span = (n * u64::from(intensity) / 200).max(1).min(n);
    let start = rng.below_wide(n - span + 1);
    let ins = rng.below_wide(span + 1);
    (Lengths { removed: span, remove_start: start, inserted: ins }, rng)
}

pub fn apply(input: &[u8], plan: &TruncatePlan) -> Vec<u8> {
    apply_into(input, plan, Vec::new())
}

/// `apply` writing into `out` (cleared; its memory reused when large enough).
pub fn apply_into(input: &[u8], plan: &TruncatePlan, mut out: Vec<u8>) -> Vec<u8> {
    let (start, end) = (plan.remove_start, plan.remove_start + plan.removed);
    let (_, mut rng) = plan_lengths(plan.n, plan.intensity, plan.seed);
    out.clear();
    out.reserve_exact(input.len() - plan.removed + plan.inserted);
    out.extend_from_slice(&input[..start]);
    rng.fill_into(&mut out, plan.inserted);
    out.extend_from_slice(&input[end..]);
    out
}
