//! text_transfer: line endings converted as a text-mode (ASCII) transfer converts them
//! (docs/contract.md, section 6.13). LF to CRLF puts a CR before every LF the input does not already
//! have one before (vsftpd's ASCII download, git's `eol=crlf`); CRLF to LF drops the CR of every
//! CR LF pair and keeps a lone CR (dos2unix, vsftpd's ASCII upload).

use super::fraction::{Piece, Sink};
use crate::rng::{Sequence, PLAN_SEQUENCE};

const CR: u8 = 0x0D;
const LF: u8 = 0x0A;

/// The direction of a line-ending conversion.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineEnding {
    LfToCrlf,
    CrlfToLf,
}

impl LineEnding {
    pub fn name(self) -> &'static str {
        match self {
            LineEnding::LfToCrlf => "lf_to_crlf",
            LineEnding::CrlfToLf => "crlf_to_lf",
        }
    }

    pub fn parse(text: &str) -> Option<LineEnding> {
        [LineEnding::LfToCrlf, LineEnding::CrlfToLf].into_iter().find(|d| d.name() == text)
    }

    /// The direction the seed chooses when none is given: `below(2)` on the plan sequence, 0 for LF
    /// to CRLF.
    pub fn drawn(seed: u64) -> LineEnding {
        if Sequence::new(seed, PLAN_SEQUENCE).below(2) == 0 {
            LineEnding::LfToCrlf
        } else {
            LineEnding::CrlfToLf
        }
    }
}

/// Converts the line endings of the piece into the sink. Returns the index from which bytes are held
/// back for the next piece (a CR at the end, whose pair is not known yet), `data.len()` when none is.
pub(crate) fn convert(dir: LineEnding, piece: &Piece, sink: &mut Sink) -> usize {
    let Piece { data, base, from, last, prev } = *piece;
    let Sink { draws, out, c, hit } = sink;
    let mut copied = from;
    let mut i = from;
    match dir {
        LineEnding::LfToCrlf => {
            while let Some(k) = data[i..].iter().position(|&b| b == LF) {
                let p = i + k;
                let before = if p == 0 { prev } else { Some(data[p - 1]) };
                if before != Some(CR) {
                    c.units += 1;
                    let at = base + p as u64;
                    if draws.converts(at) {
                        out.extend_from_slice(&data[copied..p]);
                        out.push(CR);
                        copied = p;
                        c.converted += 1;
                        hit(at, at + 1);
                    }
                }
                i = p + 1;
            }
        }
        LineEnding::CrlfToLf => {
            while let Some(k) = data[i..].iter().position(|&b| b == CR) {
                let p = i + k;
                if p + 1 == data.len() {
                    if last {
                        break;
                    }
                    out.extend_from_slice(&data[copied..p]);
                    return p;
                }
                if data[p + 1] == LF {
                    c.units += 1;
                    let at = base + p as u64;
                    if draws.converts(at) {
                        out.extend_from_slice(&data[copied..p]);
                        copied = p + 1;
                        c.converted += 1;
                        hit(at, at + 1);
                    }
                }
                i = p + 1;
            }
        }
    }
    out.extend_from_slice(&data[copied..]);
    data.len()
}
