//! The corrupt stage on a whole buffer: a plan carried out on the input's bytes.

use crate::describe::{describe, flip_executed_len, Executed, Outcome, EMPTY_RECIPE};
use crate::modes::transcode::Transcoder;
use crate::modes::{copy_into, flip, sectors, seven, shuffle, truncate};
use crate::plan::Plan;
use crate::recipes;

/// A flip plan carried out on `data`, which becomes the output.
pub(crate) fn flip_owned(mut data: Vec<u8>, h: usize, k: u64, preserve: bool, seed: u64) -> Executed {
    flip::flip_region(&mut data, h, k, seed);
    flip_executed(data, h, k, preserve)
}

/// The outcome of a flip plan, however its chunks were done.
pub(crate) fn flip_executed(data: Vec<u8>, h: usize, k: u64, preserve: bool) -> Executed {
    let n = data.len() as u64;
    flip_executed_len(data, n, h, k, preserve)
}

/// `plan` carried out on `input`; the output is written into `spare`'s memory (empty: a new buffer).
/// `hit` hears the input bytes `[from, to)` the modes whose hits are not their changed bytes
/// (text_transfer, charset_roundtrip; docs/contract.md, section 14.2) converted.
pub(crate) fn execute(
    plan: &Plan,
    input: &[u8],
    intensity: u32,
    seed: u64,
    spare: Vec<u8>,
    hit: &mut dyn FnMut(u64, u64),
) -> Executed {
    let n = input.len();
    let data = match plan {
        Plan::Flip { h, k, preserve, seed, .. } => {
            return flip_owned(copy_into(spare, input), *h, *k, *preserve, *seed)
        }
        Plan::Allowed { action, allowed, k, seed, .. } => {
            let mut data = copy_into(spare, input);
            flip::flip_allowed(&mut data, allowed, *k, *seed, *action);
            data
        }
        Plan::Sectors { allowed, z, seed } => {
            let mut data = copy_into(spare, input);
            let zeroed = sectors::zero_sectors(&mut data, allowed, *z, *seed);
            let mut e = describe(plan, n as u64, &Outcome { zeroed, ..Outcome::default() });
            e.data = data;
            return e;
        }
        Plan::SevenBit { allowed, intensity, seed } => {
            let mut data = copy_into(spare, input);
            let counts = seven::clear_high_bits_in(&mut data, 0, allowed, *intensity, *seed);
            let mut e = describe(plan, n as u64, &Outcome { counts, ..Outcome::default() });
            e.data = data;
            return e;
        }
        Plan::Misdirect(p) => {
            let mut data = copy_into(spare, input);
            p.apply(input, &mut data);
            data
        }
        Plan::Transcode { conversion, intensity, seed } => {
            let mut t = Transcoder::new(*conversion, n as u64, *intensity, *seed);
            let mut data = spare;
            data.clear();
            if n > 0 {
                t.feed(input, 0, &mut data, hit);
            }
            let done = Outcome { counts: t.counts(), bom_changed: t.bom_changed(), ..Outcome::default() };
            let mut e = describe(plan, n as u64, &done);
            e.data = data;
            return e;
        }
        Plan::Interrupted { cut, .. } => copy_into(spare, &input[..*cut as usize]),
        Plan::Truncate(p) => truncate::apply_into(input, p, spare),
        Plan::Shuffle(p) => shuffle::apply_into(input, p, spare),
        Plan::Break(family) => {
            if n == 0 {
                return Executed {
                    data: Vec::new(),
                    fields: Vec::new(),
                    strategy: recipes::strategy_for(*family),
                    recipe: EMPTY_RECIPE.to_string(),
                };
            }
            let mut ctx = recipes::Ctx::new(seed, intensity);
            let b = recipes::apply_into(*family, input, &mut ctx, spare);
            return Executed {
                data: b.data,
                fields: Vec::new(),
                strategy: recipes::strategy_for(*family),
                recipe: b.recipe,
            };
        }
    };
    let mut e = describe(plan, n as u64, &Outcome::default());
    e.data = data;
    e
}
