//! guaranteed_break's failure recipes (docs/contract.md, section 6.5). A recipe first scatters
//! intensity-scaled damage with the chunk sequences, then breaks the structure its family's parsers
//! need, so that the structural break is always the last word.
//!
//! Most families' recipe is the shape (`shape.rs`) run on their row of `tables.rs`, which is
//! generated from engine-data/formats.toml. A family with a step of its own inside the shape, or a
//! recipe of its own, has a module here, and `own` below names it.

pub mod breaking;
mod cab;
mod flv;
mod generic;
mod ico;
mod msi;
mod pe;
mod prims;
mod rar;
mod sevenzip;
pub mod shape;
mod steps;
mod tables;
mod tar;
mod text;
mod xz;

pub use prims::{scatter, scatter_count};

use crate::formats::Family;

/// What a recipe may use besides the input (each recipe draws from the seed's streams itself).
pub struct Ctx {
    pub seed: u64,
    pub intensity: u32,
}

impl Ctx {
    pub fn new(seed: u64, intensity: u32) -> Self {
        Ctx { seed, intensity }
    }
}

/// A recipe's output: the bytes and one readable sentence of what it did.
pub struct Broken {
    pub data: Vec<u8>,
    pub recipe: String,
}

/// `family`'s shape row, if its recipe is the shape.
pub fn tables_shape(family: Family) -> Option<&'static shape::Shape> {
    tables::shape(family)
}

/// The strategy name of `family`'s recipe (the report's `strategy`).
pub fn strategy_for(family: Family) -> &'static str {
    tables::strategy(family)
}

/// Runs `family`'s recipe. Inputs of any length, including 0, are fine.
pub fn apply(family: Family, input: &[u8], ctx: &mut Ctx) -> Broken {
    apply_into(family, input, ctx, Vec::new())
}

/// `apply` writing into `out`'s memory (cleared; reused when large enough).
pub fn apply_into(family: Family, input: &[u8], ctx: &mut Ctx, out: Vec<u8>) -> Broken {
    let (data, recipe) = breaking::apply_whole_into(family, input, ctx.intensity, ctx.seed, out);
    Broken { data, recipe }
}

/// Whether `family`'s recipe has hand-written code: a recipe of its own (text, svg, tar, generic), or
/// the shape with a step of its own.
#[cfg(test)]
fn own(family: Family) -> bool {
    matches!(
        family,
        Family::Text
            | Family::Svg
            | Family::Tar
            | Family::Generic
            | Family::Ico
            | Family::Flv
            | Family::Pe
            | Family::Msi
            | Family::Rar
            | Family::SevenZip
            | Family::Xz
            | Family::Cab
    )
}

#[cfg(test)]
mod tests;
