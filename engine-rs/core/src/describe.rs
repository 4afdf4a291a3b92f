//! The describe stage's words: a plan's report fields, strategy and sentence, which the whole-buffer
//! path and the streamed one both use (a stream describes its plan without holding its bytes).

use crate::modes::charset::{Bom, Transcode};
use crate::modes::transcode::{Conversion, Counts};
use crate::modes::transfer::LineEnding;
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

/// What a run counted as it went, for the fields that depend on the bytes: bad_sectors' bytes set to
/// zero, the conversion modes' units (section 6.12), and whether the BOM variant changed the start.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Outcome {
    pub zeroed: u64,
    pub counts: Counts,
    pub bom_changed: bool,
}

impl Outcome {
    pub(crate) fn add(&mut self, other: &Outcome) {
        self.zeroed += other.zeroed;
        self.counts.units += other.counts.units;
        self.counts.converted += other.counts.converted;
        self.counts.dropped += other.counts.dropped;
        self.bom_changed |= other.bom_changed;
    }
}

/// A plan's report fields, strategy and sentence for an `n`-byte input, without its bytes (which a
/// stream writes as it goes), from what the run counted. Not for `Break`, whose sentence comes from
/// running the recipe.
pub(crate) fn describe(plan: &Plan, n: u64, done: &Outcome) -> Executed {
    let zeroed = done.zeroed;
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
        Plan::SevenBit { .. } => {
            let Counts { units, converted, .. } = done.counts;
            (
                vec![("high_bytes", Value::Int(units)), ("converted", Value::Int(converted))],
                "seven_bit",
                sentence(format!("Cleared the high bit of {converted} of {units} bytes above 0x7F, as a 7-bit transport clears it.")),
            )
        }
        Plan::Misdirect(p) => {
            let (z, b, eligible) = (p.z, p.block, p.eligible.total());
            let recipe = if p.blocks < 2 {
                format!("The file has fewer than two whole {b}-byte blocks, so no block was misdirected.")
            } else if z == 0 {
                format!("No whole {b}-byte block holds a byte that may change, so no block was misdirected.")
            } else {
                format!("Overwrote {z} of {eligible} whole {b}-byte blocks with copies of other blocks of the same file, as misdirected writes leave them: the data each of them held is lost.")
            };
            (
                vec![("blocks_misdirected", Value::Int(z)), ("block_size", Value::Int(b))],
                "misdirected_write",
                sentence(recipe),
            )
        }
        Plan::Transcode { conversion, .. } => {
            let (fields, strategy, recipe) = describe_conversion(*conversion, done);
            (fields, strategy, sentence(recipe))
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

/// text_transfer's and charset_roundtrip's fields, strategy and sentence (docs/contract.md, sections
/// 6.13 and 6.15).
fn describe_conversion(conversion: Conversion, done: &Outcome) -> (Vec<(&'static str, Value)>, &'static str, String) {
    let Counts { units, converted, dropped } = done.counts;
    match conversion {
        Conversion::Transfer(dir) => {
            let recipe = match dir {
                LineEnding::LfToCrlf => format!("Converted {converted} of {units} LF line endings to CRLF, as a text-mode (ASCII) transfer to a CRLF system converts them: the file grew by {converted} bytes."),
                LineEnding::CrlfToLf => format!("Converted {converted} of {units} CRLF line endings to LF, as a text-mode (ASCII) transfer to an LF system converts them: the file shrank by {converted} bytes."),
            };
            (
                vec![
                    ("direction", Value::Str(dir.name().into())),
                    ("line_endings", Value::Int(units)),
                    ("converted", Value::Int(converted)),
                ],
                "text_transfer",
                recipe,
            )
        }
        Conversion::Charset { way, charset, bom } => {
            let label = charset.label();
            let mut recipe = match way {
                Transcode::ToUtf8 => format!("Read {converted} of {units} bytes above 0x7F as {label} and wrote them back as UTF-8"),
                Transcode::FromUtf8 => format!("Read {converted} of {units} UTF-8 characters and stray bytes above 0x7F as UTF-8 and wrote them back as {label}"),
            };
            if dropped > 0 {
                let what = if way == Transcode::ToUtf8 { "character" } else { "byte" };
                recipe.push_str(&format!("; {dropped} of them have no {label} {what} and were dropped"));
            }
            recipe.push('.');
            match (bom, done.bom_changed) {
                (Bom::Add, _) => recipe.push_str(" Added a UTF-8 BOM (EF BB BF) at the start."),
                (Bom::Strip, true) => recipe.push_str(" Stripped the UTF-8 BOM (EF BB BF) at the start."),
                (Bom::Strip, false) => recipe.push_str(" The file had no UTF-8 BOM to strip."),
                (Bom::Keep, _) => {}
            }
            (
                vec![
                    ("direction", Value::Str(way.name().into())),
                    ("charset", Value::Str(charset.name().into())),
                    ("bom", Value::Str(bom.name().into())),
                    ("characters", Value::Int(units)),
                    ("converted", Value::Int(converted)),
                    ("dropped", Value::Int(dropped)),
                ],
                "charset_roundtrip",
                recipe,
            )
        }
    }
}
