//! guaranteed_break's failure recipes, one module per format family (docs/engine.md states each one
//! byte by byte). A recipe first scatters intensity-scaled damage with the chunk streams, then breaks
//! the structure its family's parsers need, so that the structural break is always the last word.

mod generic;
mod prims;
mod text;

pub use prims::{scatter, scatter_count};

use crate::formats::Family;
use crate::rng::{Stream, PLAN_STREAM};

/// What a recipe may use besides the input.
pub struct Ctx {
    pub seed: u64,
    pub intensity: u32,
    /// The plan stream of `seed`, for decisions about the whole file.
    pub plan: Stream,
}

impl Ctx {
    pub fn new(seed: u64, intensity: u32) -> Self {
        Ctx { seed, intensity, plan: Stream::new(seed, PLAN_STREAM) }
    }
}

/// A recipe's output: the bytes, its strategy name and one readable sentence of what it did.
pub struct Broken {
    pub data: Vec<u8>,
    pub strategy: &'static str,
    pub recipe: String,
}

/// The strategy name of `family`'s recipe (what the plan stage reports before the recipe runs).
pub fn strategy_for(family: Family) -> &'static str {
    match family {
        Family::Text => text::STRATEGY,
        _ => generic::STRATEGY,
    }
}

/// Runs `family`'s recipe. Inputs of any length, including 0, are fine.
pub fn apply(family: Family, input: &[u8], ctx: &mut Ctx) -> Broken {
    match family {
        Family::Text => text::apply(input, ctx),
        _ => generic::apply(input, ctx),
    }
}
