//! guaranteed_break's failure recipes, one module per format family (docs/engine.md states each one
//! byte by byte). A recipe first scatters intensity-scaled damage with the chunk streams, then breaks
//! the structure its family's parsers need, so that the structural break is always the last word.

mod aac;
mod avi;
mod bmp;
mod bzip2;
mod cab;
mod flac;
mod flv;
mod generic;
mod gif;
mod gzip;
mod ico;
mod isobmff;
mod jpeg;
mod matroska;
mod mp3;
mod msi;
mod ogg;
mod pdf;
mod pe;
mod png;
mod prims;
mod rar;
mod sevenzip;
mod shape;
mod svg;
mod tar;
mod text;
mod tiff;
mod wav;
mod webp;
mod wma;
mod xz;
mod zip;

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

type Apply = fn(&[u8], &mut Ctx) -> Broken;

/// Each family's strategy name and recipe.
fn recipe(family: Family) -> (&'static str, Apply) {
    match family {
        Family::Text => (text::STRATEGY, text::apply),
        Family::Zip => (zip::SHAPE.strategy, zip::apply),
        Family::Pdf => (pdf::SHAPE.strategy, pdf::apply),
        Family::Png => (png::SHAPE.strategy, png::apply),
        Family::Jpeg => (jpeg::SHAPE.strategy, jpeg::apply),
        Family::Gif => (gif::SHAPE.strategy, gif::apply),
        Family::Bmp => (bmp::SHAPE.strategy, bmp::apply),
        Family::Tiff => (tiff::SHAPE.strategy, tiff::apply),
        Family::Webp => (webp::SHAPE.strategy, webp::apply),
        Family::Ico => (ico::SHAPE.strategy, ico::apply),
        Family::Svg => (svg::STRATEGY, svg::apply),
        Family::IsoBmff => (isobmff::SHAPE.strategy, isobmff::apply),
        Family::Avi => (avi::SHAPE.strategy, avi::apply),
        Family::Matroska => (matroska::SHAPE.strategy, matroska::apply),
        Family::Flv => (flv::SHAPE.strategy, flv::apply),
        Family::Mp3 => (mp3::SHAPE.strategy, mp3::apply),
        Family::Wav => (wav::SHAPE.strategy, wav::apply),
        Family::Flac => (flac::SHAPE.strategy, flac::apply),
        Family::Ogg => (ogg::SHAPE.strategy, ogg::apply),
        Family::Aac => (aac::SHAPE.strategy, aac::apply),
        Family::Wma => (wma::SHAPE.strategy, wma::apply),
        Family::Pe => (pe::SHAPE.strategy, pe::apply),
        Family::Msi => (msi::SHAPE.strategy, msi::apply),
        Family::Rar => (rar::SHAPE.strategy, rar::apply),
        Family::SevenZip => (sevenzip::SHAPE.strategy, sevenzip::apply),
        Family::Tar => (tar::STRATEGY, tar::apply),
        Family::Gzip => (gzip::SHAPE.strategy, gzip::apply),
        Family::Bzip2 => (bzip2::SHAPE.strategy, bzip2::apply),
        Family::Xz => (xz::SHAPE.strategy, xz::apply),
        Family::Cab => (cab::SHAPE.strategy, cab::apply),
        Family::Generic => (generic::STRATEGY, generic::apply),
    }
}

/// The strategy name of `family`'s recipe (what the plan stage reports before the recipe runs).
pub fn strategy_for(family: Family) -> &'static str {
    recipe(family).0
}

/// Runs `family`'s recipe. Inputs of any length, including 0, are fine.
pub fn apply(family: Family, input: &[u8], ctx: &mut Ctx) -> Broken {
    (recipe(family).1)(input, ctx)
}

#[cfg(test)]
mod tests;
