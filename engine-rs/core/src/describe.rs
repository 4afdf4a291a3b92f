//! The describe stage's words: a plan's report fields, strategy and sentence, which the whole-buffer
//! path and the streamed one both use (a stream describes its plan without holding its bytes).

use crate::modes::{flip, sectors, shuffle, BIT_ROT_ONE_IN};
use crate::plan::Plan;
use crate::report::Value;

/// A plan carried out: the output bytes (empty when a stream wrote them), the mode's report fields,
/// the strategy and the sentence.
pub(crate) struct Executed {
    pub data: Vec<u8>,
    pub fields: Vec<(&'static str, Value)>,
    pub strategy: &'static str,
    pub recipe: String,
}

pub(crate) const EMPTY_RECIPE: &str = "The file is empty, so no byte was changed.";

/// A plan's report fields, strategy and sentence for an `n`-byte input, without its bytes (which a
/// stream writes as it goes). `zeroed`: bad_sectors' count of bytes set to zero. Not for `Break`,
/// whose sentence comes from running the recipe.
pub(crate) fn describe(plan: &Plan, n: u64, zeroed: u64) -> Executed {
    let sentence = |text: String| if n == 0 { EMPTY_RECIPE.to_string() } else { text };
    let (fields, strategy, recipe) = match plan {
        Plan::Flip { h, k, preserve, .. } | Plan::Allowed { action: flip::Action::Flip, h, k, preserve, .. } => {
            return flip_executed_len(Vec::new(), n, *h, *k, *preserve)
        }
        Plan::Allowed { allowed, k, intensity, .. } => {
            let d = BIT_ROT_ONE_IN[*intensity as usize];
            let bits = 8 * allowed.total();
            (
                vec![("bits_flipped", Value::Int(*k)), ("one_in_bits", Value::Int(u64::from(d)))],
                "bit_rot",
                sentence(format!("Flipped one bit in each of {k} bytes (1 in {d} of the {bits} bits that may change); every changed byte differs from the original in exactly one bit.")),
            )
        }
        Plan::Sectors { allowed, z, .. } => {
            let eligible = allowed.blocks(sectors::SECTOR as u64).total();
            (
                vec![
                    ("sectors_zeroed", Value::Int(*z)),
                    ("bytes_zeroed", Value::Int(zeroed)),
                    ("sector_size", Value::Int(sectors::SECTOR as u64)),
                ],
                "bad_sectors",
                sentence(format!("Zeroed {z} of {eligible} 4096-byte sectors ({zeroed} bytes), as unreadable sectors of a failing disk read back.")),
            )
        }
        Plan::Interrupted { cut, lost } => (
            vec![("cut_at", Value::Int(*cut)), ("bytes_lost", Value::Int(*lost))],
            "interrupted_transfer",
            sentence(format!("Cut the file short at byte {cut} of {n}, as an interrupted download leaves it: the last {lost} bytes are missing.")),
        ),
        Plan::Truncate(p) => {
            return describe_truncate(n, p.removed as u64, p.remove_start as u64, p.inserted as u64)
        }
        Plan::Shuffle(p) => {
            let k = p.shuffled;
            let recipe = if n == 0 {
                EMPTY_RECIPE.to_string()
            } else if k == 0 {
                "The file has fewer than two whole 4096-byte blocks, so no block was moved.".to_string()
            } else {
                format!("Moved {k} of {} whole 4096-byte blocks into each other's places; the {}-byte tail stayed where it was.", p.block_count, n - p.block_count * shuffle::SHUFFLE_BLOCK_BYTES as u64)
            };
            (
                vec![("shuffled_blocks", Value::Int(k)), ("block_size", Value::Int(shuffle::SHUFFLE_BLOCK_BYTES as u64))],
                "shuffle_blocks",
                recipe,
            )
        }
        Plan::Break(_) => unreachable!("guaranteed_break is described by its recipe"),
    };
    Executed { data: Vec::new(), fields, strategy, recipe }
}

pub(crate) fn describe_truncate(n: u64, removed: u64, start: u64, inserted: u64) -> Executed {
    Executed {
        data: Vec::new(),
        fields: vec![
            ("removed", Value::Int(removed)),
            ("inserted", Value::Int(inserted)),
            ("remove_start", Value::Int(start)),
        ],
        strategy: "truncate_insert",
        recipe: if n == 0 {
            EMPTY_RECIPE.to_string()
        } else {
            format!("Removed {removed} bytes at offset {start} and inserted {inserted} random bytes in their place.")
        },
    }
}

/// `flip_executed` for an `n`-byte input (a stream's `data` is empty).
pub(crate) fn flip_executed_len(data: Vec<u8>, n: u64, h: usize, k: u64, preserve: bool) -> Executed {
    let recipe = if n == 0 {
        EMPTY_RECIPE.to_string()
    } else {
        format!("Changed {k} of {n} bytes after a {h}-byte header: about 30% set to random values, the rest XORed with a random non-zero mask.")
    };
    let strategy = if preserve { "header_preserve_flip" } else { "byte_flip" };
    Executed { data, fields: vec![("ops", Value::Int(k)), ("preserve_header", Value::Int(h as u64))], strategy, recipe }
}
