//! The shape most binary recipes share, as data: scatter(0), zero the family's fixed header at
//! offset 0, overwrite every signature its readers resynchronise on, and for frame-based audio kill
//! every frame sync. A family module is then one table row (docs/engine.md states each row).

use super::prims::{kill_syncs, overwrite_signatures, scatter, zero};
use super::{Broken, Ctx};

pub struct Shape {
    pub strategy: &'static str,
    /// Bytes zeroed at offset 0, and what they are (for the recipe sentence).
    pub header: usize,
    pub header_what: &'static str,
    /// Signatures overwritten anywhere in the file, and what they are.
    pub signatures: &'static [&'static [u8]],
    pub signatures_what: &'static str,
    /// `Some((lo, hi, what))`: then every 0xFF followed by a byte in lo..=hi becomes 0x00.
    pub syncs: Option<(u8, u8, &'static str)>,
}

/// What a shape did, for recipes that add a step of their own before the sentence is written.
pub struct Done {
    pub scrambled: u64,
    pub signatures: u64,
    pub syncs: u64,
}

impl Shape {
    /// scatter(0), then `structure` (a family's own structural step, on the scattered copy, reading
    /// positions from the untouched input), then the header, signatures and syncs.
    pub fn run(&self, input: &[u8], ctx: &Ctx, structure: impl FnOnce(&[u8], &mut Vec<u8>)) -> (Vec<u8>, Done) {
        let mut data = input.to_vec();
        let scrambled = scatter(&mut data, 0, ctx.intensity, ctx.seed);
        structure(input, &mut data);
        zero(&mut data, 0, self.header);
        let signatures = overwrite_signatures(&mut data, self.signatures);
        let syncs = match self.syncs {
            Some((lo, hi, _)) => kill_syncs(&mut data, lo, hi),
            None => 0,
        };
        (data, Done { scrambled, signatures, syncs })
    }

    /// The recipe sentence: `Scrambled {k} bytes, zeroed the first {h} bytes ({header_what}){extra}`,
    /// then `, overwrote {s} {signatures_what}` when there is a signature list, then
    /// `, zeroed {f} {syncs_what}` when syncs are killed, then `.`
    pub fn sentence(&self, n: usize, done: &Done, extra: &str) -> String {
        let h = self.header.min(n);
        let mut s = format!("Scrambled {} bytes, zeroed the first {h} bytes ({}){extra}", done.scrambled, self.header_what);
        if !self.signatures.is_empty() {
            s.push_str(&format!(", overwrote {} {}", done.signatures, self.signatures_what));
        }
        if let Some((_, _, what)) = self.syncs {
            s.push_str(&format!(", zeroed {} {what}", done.syncs));
        }
        s.push('.');
        s
    }

    /// A recipe that is only the shape.
    pub fn apply(&self, input: &[u8], ctx: &Ctx) -> Broken {
        let (data, done) = self.run(input, ctx, |_, _| {});
        Broken { data, strategy: self.strategy, recipe: self.sentence(input.len(), &done, "") }
    }
}
