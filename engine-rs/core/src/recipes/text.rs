//! Text, source and config files: scramble, destroy every delimiter, quote and bracket, cut the end,
//! and put a NUL and bytes that are never valid UTF-8 in front. Strict UTF-8 decoding fails on the
//! first four bytes, and no CSV, JSON, XML or YAML reader can resynchronise on structure that is gone.

use super::{scatter, Broken, Ctx};

/// NUL, then 0xC0 (never valid in UTF-8), 0xFF (never valid) and 0x80 (a lone continuation byte).
pub const POISON: [u8; 4] = [0x00, 0xC0, 0xFF, 0x80];

/// Bytes that carry structure in text formats; each becomes 0xFF.
pub const STRUCTURAL: &[u8] = b",;\t|\"'`{}[]()<>:=";

pub fn apply(input: &[u8], ctx: &mut Ctx) -> Broken {
    let n = input.len();
    let mut data = input.to_vec();
    let scrambled = scatter(&mut data, 0, ctx.intensity, ctx.seed);
    let mut destroyed = 0usize;
    for b in data.iter_mut() {
        if STRUCTURAL.contains(b) {
            *b = 0xFF;
            destroyed += 1;
        }
    }
    // At least max(50 bytes, 10%), plus up to a further 25% with intensity.
    let cut = ((n / 10).max(50) + (n as u64 * u64::from(ctx.intensity) / 400) as usize).min(n);
    data.truncate(n - cut);
    let mut out = Vec::with_capacity(POISON.len() + data.len());
    out.extend_from_slice(&POISON);
    out.extend_from_slice(&data);
    Broken {
        data: out,
        recipe: format!(
            "Prepended a NUL and invalid UTF-8 bytes, scrambled {scrambled} bytes, replaced {destroyed} delimiter, quote and bracket bytes with 0xFF and cut the last {cut} bytes."
        ),
    }
}
