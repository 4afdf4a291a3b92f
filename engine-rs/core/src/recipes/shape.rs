//! The shape most binary recipes share (docs/contract.md, section 6.5.4): scatter(0), the family's
//! own step if it has one, zero the family's fixed header at offset 0, overwrite every signature its
//! readers resynchronise on, then the sync step. Each family's row is in `tables.rs`.

use super::prims::Signature;

/// One family's row of the shape.
pub struct Shape {
    /// Bytes zeroed at offset 0, and what they are (for the recipe sentence).
    pub header: usize,
    pub header_text: &'static str,
    /// Signatures overwritten anywhere in the file, and what they are.
    pub signatures: &'static [Signature],
    pub signatures_text: &'static str,
    /// The last step, on resynchronisation points that are byte pairs rather than signatures.
    pub syncs: Syncs,
}

pub enum Syncs {
    None,
    /// JPEG markers: every 0xFF followed by 0xC0-0xFE becomes 0x00.
    JpegMarkers,
    /// Audio and video: every 0xFF followed by 0xE0-0xFF becomes 0x00 (MPEG audio, ADTS and FLAC frame
    /// syncs), then every video start code is broken (`kill_start_codes`).
    Media,
}

/// What a shape did, for recipes that add a step of their own before the sentence is written.
pub struct Done {
    pub scrambled: u64,
    pub signatures: u64,
    pub syncs: u64,
    pub start_codes: u64,
}

impl Shape {
    /// The recipe sentence: `Scrambled {k} bytes, zeroed the first {h} bytes ({header_text}){extra}`,
    /// then `, overwrote {s} {signatures_text}` when there is a signature list, then
    /// `, zeroed {f} JPEG markers` (JPEG) or `, zeroed {f} frame syncs and broke {c} start codes`
    /// (audio and video), then `.`
    pub fn sentence(&self, n: u64, done: &Done, extra: &str) -> String {
        let h = (self.header as u64).min(n);
        let mut s =
            format!("Scrambled {} bytes, zeroed the first {h} bytes ({}){extra}", done.scrambled, self.header_text);
        if !self.signatures.is_empty() {
            s.push_str(&format!(", overwrote {} {}", done.signatures, self.signatures_text));
        }
        match self.syncs {
            Syncs::None => {}
            Syncs::JpegMarkers => s.push_str(&format!(", zeroed {} JPEG markers", done.syncs)),
            Syncs::Media => {
                s.push_str(&format!(", zeroed {} frame syncs and broke {} start codes", done.syncs, done.start_codes))
            }
        }
        s.push('.');
        s
    }
}
