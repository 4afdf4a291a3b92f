//! guaranteed_break's failure recipes (docs/contract.md, section 6.5). A recipe first scatters
//! intensity-scaled damage with the chunk streams, then breaks the structure its family's parsers
//! need, so that the structural break is always the last word.
//!
//! Most families' recipe is the shape (`shape.rs`) run on their row of `tables.rs`, which is
//! generated from engine-data/formats.toml. A family with a step of its own inside the shape, or a
//! recipe of its own, has a module here, and `own` below names it.

mod cab;
mod flv;
mod generic;
mod ico;
mod msi;
mod pe;
mod prims;
mod rar;
mod sevenzip;
mod shape;
mod tables;
mod tar;
mod text;
mod xz;

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

/// A recipe's output: the bytes and one readable sentence of what it did.
pub struct Broken {
    pub data: Vec<u8>,
    pub recipe: String,
}

type Apply = fn(&[u8], &mut Ctx) -> Broken;

/// The hand-written code of the families `tables::has_own_code` names: a recipe of their own (text,
/// svg, tar, generic), or the shape with a step of their own.
fn own(family: Family) -> Option<Apply> {
    Some(match family {
        // svg is text's recipe under another strategy name.
        Family::Text | Family::Svg => text::apply,
        Family::Tar => tar::apply,
        Family::Generic => generic::apply,
        Family::Ico => ico::apply,
        Family::Flv => flv::apply,
        Family::Pe => pe::apply,
        Family::Msi => msi::apply,
        Family::Rar => rar::apply,
        Family::SevenZip => sevenzip::apply,
        Family::Xz => xz::apply,
        Family::Cab => cab::apply,
        _ => return None,
    })
}

/// The strategy name of `family`'s recipe (the report's `strategy`).
pub fn strategy_for(family: Family) -> &'static str {
    tables::strategy(family)
}

/// Runs `family`'s recipe. Inputs of any length, including 0, are fine.
pub fn apply(family: Family, input: &[u8], ctx: &mut Ctx) -> Broken {
    match (own(family), tables::shape(family)) {
        (Some(apply), _) => apply(input, ctx),
        (None, Some(shape)) => shape.apply(input, ctx),
        // The generator gives every family without code of its own a shape row (tests hold it).
        (None, None) => generic::apply(input, ctx),
    }
}

#[cfg(test)]
mod tests;
