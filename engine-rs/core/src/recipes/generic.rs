//! Any other file: invert the first 16 bytes, flip max(64, n/100) bytes after them, plus the
//! intensity-scaled scatter.

use super::{scatter_count, Broken, Ctx};
use crate::modes::flip::flip_region;

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    let n = input.len();
    let mut data = input.to_vec();
    let h = n.min(16);
    let k = ((n as u64 / 100).max(64) + scatter_count(n, h, ctx.intensity)).min((n - h) as u64);
    flip_region(&mut data, h, k, ctx.seed);
    super::prims::invert(&mut data, 0, h);
    Broken { data, recipe: format!("Inverted the first {h} bytes and changed {k} bytes after them.") }
}
