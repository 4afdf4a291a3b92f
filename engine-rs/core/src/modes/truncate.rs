//! truncate_insert: cut a span and put random bytes of a random length in its place.

use crate::rng::{Stream, PLAN_STREAM};

pub struct TruncatePlan {
    pub removed: usize,
    pub remove_start: usize,
    pub inserted: Vec<u8>,
}

/// span = min(n, max(1, n*intensity/200)); start and the inserted bytes come from the plan stream.
pub fn plan(n: usize, intensity: u32, seed: u64) -> TruncatePlan {
    if n == 0 {
        return TruncatePlan { removed: 0, remove_start: 0, inserted: Vec::new() };
    }
    let span = ((n as u64 * u64::from(intensity) / 200) as usize).max(1).min(n);
    let mut rng = Stream::new(seed, PLAN_STREAM);
    let start = rng.below((n - span + 1) as u32) as usize;
    let ins = rng.below((span + 1) as u32) as usize;
    TruncatePlan { removed: span, remove_start: start, inserted: rng.fill(ins) }
}

pub fn apply(input: &[u8], plan: &TruncatePlan) -> Vec<u8> {
    let (start, end) = (plan.remove_start, plan.remove_start + plan.removed);
    let mut data = Vec::with_capacity(input.len() - plan.removed + plan.inserted.len());
    data.extend_from_slice(&input[..start]);
    data.extend_from_slice(&plan.inserted);
    data.extend_from_slice(&input[end..]);
    data
}
