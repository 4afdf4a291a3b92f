//! The conversions that change the length (text_transfer and charset_roundtrip), piece by piece: a
//! `Transcoder` takes the input's pieces in order and writes the output's bytes, holding back the few
//! bytes a piece's end leaves undecided (a CR whose pair is in the next piece, a UTF-8 character cut
//! in two). The whole buffer is one piece, so a stream and a whole run are the same code.

use super::charset::{self, Bom, Charset, Transcode, BOM};
pub use super::fraction::Counts;
use super::fraction::{Draws, Piece, Sink};
use super::transfer::{self, LineEnding};

/// What a length-changing mode converts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conversion {
    Transfer(LineEnding),
    Charset { way: Transcode, charset: Charset, bom: Bom },
}

/// A conversion run over an `n`-byte input, fed its pieces in order.
pub struct Transcoder {
    conversion: Conversion,
    n: u64,
    draws: Draws,
    counts: Counts,
    /// Input bytes held back from the last piece, the first at offset `held_at`.
    held: Vec<u8>,
    held_at: u64,
    /// The input byte before the next bytes to convert.
    prev: Option<u8>,
    /// Whether the BOM variant changed the start (a BOM added, or one found and stripped).
    bom_changed: bool,
    /// Whether the start was seen (the BOM variant is done once).
    started: bool,
}

impl Transcoder {
    pub fn new(conversion: Conversion, n: u64, intensity: u32, seed: u64) -> Transcoder {
        Transcoder {
            conversion,
            n,
            draws: Draws::new(seed, intensity),
            counts: Counts::default(),
            held: Vec::new(),
            held_at: 0,
            prev: None,
            bom_changed: false,
            started: false,
        }
    }

    pub fn conversion(&self) -> Conversion {
        self.conversion
    }

    pub fn counts(&self) -> Counts {
        self.counts
    }

    pub fn bom_changed(&self) -> bool {
        self.bom_changed
    }

    /// The input's piece at `pos` (pieces in order, each starting where the one before ended),
    /// converted into `out`; `hit` hears each converted unit's input bytes. The last piece writes
    /// what was held back.
    pub fn feed(&mut self, piece: &[u8], pos: u64, out: &mut Vec<u8>, hit: &mut dyn FnMut(u64, u64)) {
        let last = pos + piece.len() as u64 >= self.n;
        let joined;
        let (data, base) = if self.held.is_empty() {
            (piece, pos)
        } else {
            joined = [&self.held[..], piece].concat();
            (&joined[..], self.held_at)
        };
        let mut from = 0;
        if !self.started && self.n > 0 {
            self.started = true;
            if let Conversion::Charset { bom, .. } = self.conversion {
                match bom {
                    Bom::Add => {
                        out.extend_from_slice(&BOM);
                        hit(0, 1);
                        self.bom_changed = true;
                    }
                    Bom::Strip if data.starts_with(&BOM) => {
                        from = BOM.len();
                        hit(0, 3);
                        self.bom_changed = true;
                    }
                    _ => {}
                }
            }
        }
        let step = Piece { data, base, from, last, prev: self.prev };
        let mut sink = Sink { draws: &mut self.draws, out, c: &mut self.counts, hit };
        let keep = match self.conversion {
            Conversion::Transfer(dir) => transfer::convert(dir, &step, &mut sink),
            Conversion::Charset { way, charset, .. } => charset::convert(way, charset, &step, &mut sink),
        };
        if keep > 0 {
            self.prev = Some(data[keep - 1]);
        }
        let held = data[keep..].to_vec();
        self.held = held;
        self.held_at = base + keep as u64;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(conversion: Conversion, input: &[u8], intensity: u32, piece: usize) -> (Vec<u8>, Counts, Vec<(u64, u64)>) {
        let mut t = Transcoder::new(conversion, input.len() as u64, intensity, 9);
        let (mut out, mut hits) = (Vec::new(), Vec::new());
        let mut pos = 0;
        while pos < input.len() || (pos == 0 && input.is_empty()) {
            let end = (pos + piece).min(input.len());
            t.feed(&input[pos..end], pos as u64, &mut out, &mut |a, b| hits.push((a, b)));
            pos = end;
            if input.is_empty() {
                break;
            }
        }
        (out, t.counts(), hits)
    }

    #[test]
    fn line_endings_convert_as_the_tools_do() {
        let input = b"a\nb\r\nc\rd\n\r\r\n\n\r";
        let lf = Conversion::Transfer(LineEnding::LfToCrlf);
        let crlf = Conversion::Transfer(LineEnding::CrlfToLf);
        // vsftpd's ASCII download: a CR before each LF that has none before it.
        assert_eq!(run(lf, input, 100, 1 << 20).0, b"a\r\nb\r\nc\rd\r\n\r\r\n\r\n\r");
        // dos2unix: the CR of each CR LF pair dropped, lone CRs kept.
        assert_eq!(run(crlf, input, 100, 1 << 20).0, b"a\nb\nc\rd\n\r\n\n\r");
        let (_, c, hits) = run(crlf, input, 100, 1 << 20);
        assert_eq!((c.units, c.converted), (2, 2));
        assert_eq!(hits, [(3, 4), (10, 11)]);
    }

    #[test]
    fn pieces_of_any_size_give_the_whole_buffers_bytes() {
        let mut x = 0x9E37_79B9u32;
        let input: Vec<u8> = (0..300_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                // Many CRs, LFs and bytes above 0x7F.
                [b'\r', b'\n', 0xC3, 0xE2, 0x82, 0xAC, (x >> 8) as u8, b'a'][(x % 8) as usize]
            })
            .collect();
        let conversions = [
            Conversion::Transfer(LineEnding::LfToCrlf),
            Conversion::Transfer(LineEnding::CrlfToLf),
            Conversion::Charset { way: Transcode::ToUtf8, charset: Charset::Cp1252, bom: Bom::Add },
            Conversion::Charset { way: Transcode::FromUtf8, charset: Charset::Latin1, bom: Bom::Strip },
            Conversion::Charset { way: Transcode::FromUtf8, charset: Charset::Cp1252, bom: Bom::Keep },
        ];
        for conversion in conversions {
            for intensity in [0, 37, 100] {
                let whole = run(conversion, &input, intensity, input.len());
                for piece in [65536, 131072] {
                    assert_eq!(run(conversion, &input, intensity, piece), whole, "{conversion:?} {intensity} {piece}");
                }
            }
        }
    }
}
