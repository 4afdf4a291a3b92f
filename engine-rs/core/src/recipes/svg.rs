//! SVG. It is XML text: the text recipe's steps (poisoned start, every `<`, `>`, quote and other
//! delimiter destroyed, end cut) leave no element for any XML parser to find.

use super::{text, Broken, Ctx};

pub const STRATEGY: &str = "svg_markup_poison";

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    Broken { strategy: STRATEGY, ..text::apply(input, ctx) }
}
