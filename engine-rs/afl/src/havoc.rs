//! Havoc inside the structure map: AFL-style small edits (bit flips, interesting values, small
//! arithmetic, random bytes, the map's own tokens, copies within the input) at positions the
//! structure map allows, then the checksums fixed as `--fix-checksums` fixes them. The length
//! never changes, so the fix walks the input's layout exactly as the engine's does.

use fracture_engine::checksums;
use fracture_engine::formats::Family;
use fracture_engine::rng::Sequence;
use fracture_engine::structure::{map_bytes, Role};

/// AFL++'s interesting values (afl-fuzz's `INTERESTING_8`, `_16`, `_32`), as unsigned.
const INTERESTING_8: [u8; 9] = [0x80, 0xFF, 0, 1, 16, 32, 64, 100, 127];
const INTERESTING_16: [u16; 10] = [0x8000, 0xFF7F, 128, 255, 256, 512, 1000, 1024, 4096, 32767];
const INTERESTING_32: [u32; 8] = [0x8000_0000, 0xFA00_00FA, 0xFFFF_7FFF, 32768, 65535, 65536, 100_663_045, 0x7FFF_FFFF];

/// What havoc needs from the input, computed once per distinct input (`Layout::of`): where edits
/// may go and which byte strings are the format's tokens.
#[derive(Debug, Clone, Default)]
pub struct Layout {
    /// `[start, end)` spans an edit may touch: every region but the checksums (the fix rewrites
    /// those), or the whole input for a family without a map.
    pub spans: Vec<(usize, usize)>,
    /// Running totals of the spans' lengths, for drawing a position uniformly over them.
    pub ends: Vec<usize>,
    /// The bytes of the input's `magic` regions (signatures, chunk types, markers), at most 64.
    pub tokens: Vec<Vec<u8>>,
}

impl Layout {
    pub fn of(family: Family, input: &[u8]) -> Layout {
        let mut layout = Layout::default();
        for region in map_bytes(family, input) {
            let (start, end) = (region.start as usize, region.end as usize);
            if start >= end {
                continue;
            }
            if region.role == Role::Magic && end - start <= 16 && layout.tokens.len() < 64 {
                let token = input[start..end].to_vec();
                if !layout.tokens.contains(&token) {
                    layout.tokens.push(token);
                }
            }
            if region.role != Role::Checksum {
                layout.spans.push((start, end));
            }
        }
        if layout.spans.is_empty() && !input.is_empty() {
            layout.spans.push((0, input.len()));
        }
        let mut total = 0;
        layout.ends = layout
            .spans
            .iter()
            .map(|(s, e)| {
                total += e - s;
                total
            })
            .collect();
        layout
    }

    fn total(&self) -> usize {
        self.ends.last().copied().unwrap_or(0)
    }

    /// A position drawn uniformly over the spans.
    fn position(&self, draws: &mut Sequence) -> usize {
        let at = draws.below_wide(self.total() as u64) as usize;
        let i = self.ends.partition_point(|&end| end <= at);
        let before = if i == 0 { 0 } else { self.ends[i - 1] };
        self.spans[i].0 + (at - before)
    }
}

/// How many edits one havoc call stacks: 1, 2, 4, 8 or 16, as AFL++'s havoc stacks them.
pub fn stack(draws: &mut Sequence) -> u32 {
    1 << draws.below(5)
}

/// `edits` edits of `out` (a copy of the input) at positions `layout` allows.
pub fn edit(draws: &mut Sequence, layout: &Layout, out: &mut [u8], edits: u32) {
    if layout.total() == 0 {
        return;
    }
    for _ in 0..edits {
        let at = layout.position(draws);
        let room = out.len() - at;
        match draws.below(10) {
            0 => out[at] ^= 1 << draws.below(8),
            1 => out[at] = INTERESTING_8[draws.below(9) as usize],
            2 if room >= 2 => {
                let v = INTERESTING_16[draws.below(10) as usize];
                let bytes = if draws.below(2) == 0 { v.to_le_bytes() } else { v.to_be_bytes() };
                out[at..at + 2].copy_from_slice(&bytes);
            }
            3 if room >= 4 => {
                let v = INTERESTING_32[draws.below(8) as usize];
                let bytes = if draws.below(2) == 0 { v.to_le_bytes() } else { v.to_be_bytes() };
                out[at..at + 4].copy_from_slice(&bytes);
            }
            4 => {
                let delta = 1 + draws.below(35) as u8;
                out[at] = if draws.below(2) == 0 { out[at].wrapping_add(delta) } else { out[at].wrapping_sub(delta) };
            }
            5 if room >= 4 => {
                // A 32-bit big-endian field (lengths, sizes, counts in most formats) nudged.
                let v = u32::from_be_bytes([out[at], out[at + 1], out[at + 2], out[at + 3]]);
                let delta = 1 + draws.below(35);
                let v = if draws.below(2) == 0 { v.wrapping_add(delta) } else { v.wrapping_sub(delta) };
                out[at..at + 4].copy_from_slice(&v.to_be_bytes());
            }
            6 if !layout.tokens.is_empty() => {
                let token = &layout.tokens[draws.below(layout.tokens.len() as u32) as usize];
                let n = token.len().min(room);
                out[at..at + n].copy_from_slice(&token[..n]);
            }
            7 => {
                // A short run of the input copied over another place.
                let from = draws.below_wide(out.len() as u64) as usize;
                let n = (1 + draws.below(16) as usize).min(room).min(out.len() - from);
                out.copy_within(from..from + n, at);
            }
            _ => out[at] = draws.below(256) as u8,
        }
    }
}

/// Havoc on `input` into `out`: the edits, then the family's checksums fixed (when it has any).
pub fn mutate(draws: &mut Sequence, family: Family, layout: &Layout, input: &[u8], edits: u32, out: &mut Vec<u8>) {
    out.clear();
    out.extend_from_slice(input);
    edit(draws, layout, out, edits);
    if !checksums::kinds(family).is_empty() {
        checksums::fix(family, input, out, None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png() -> Vec<u8> {
        let mut p = b"\x89PNG\r\n\x1a\n".to_vec();
        for (kind, data) in [(&b"IHDR"[..], &[0u8, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0][..]), (b"IEND", &[])] {
            p.extend_from_slice(&(data.len() as u32).to_be_bytes());
            let start = p.len();
            p.extend_from_slice(kind);
            p.extend_from_slice(data);
            let crc = crc32(&p[start..]);
            p.extend_from_slice(&crc.to_be_bytes());
        }
        p
    }

    fn crc32(bytes: &[u8]) -> u32 {
        let mut c = 0xFFFF_FFFFu32;
        for &b in bytes {
            c ^= u32::from(b);
            for _ in 0..8 {
                c = (c >> 1) ^ (0xEDB8_8320 & (c & 1).wrapping_neg());
            }
        }
        !c
    }

    #[test]
    fn spans_leave_out_checksums_and_tokens_come_from_magic() {
        let p = png();
        let layout = Layout::of(Family::Png, &p);
        // IHDR's CRC (bytes 29 to 33) and IEND's (41 to 45) are outside every span.
        for (s, e) in &layout.spans {
            assert!(*e <= 29 || *s >= 33, "{s}..{e}");
        }
        assert!(layout.tokens.contains(&b"IHDR".to_vec()) && layout.tokens.contains(&b"IEND".to_vec()));
    }

    #[test]
    fn havoc_keeps_length_and_crcs() {
        let p = png();
        let layout = Layout::of(Family::Png, &p);
        let mut draws = Sequence::new(5, 0);
        let mut out = Vec::new();
        let mut changed = 0;
        for _ in 0..200 {
            let edits = stack(&mut draws);
            mutate(&mut draws, Family::Png, &layout, &p, edits, &mut out);
            assert_eq!(out.len(), p.len());
            // The CRCs at the input's chunk positions hold.
            assert_eq!(u32::from_be_bytes(out[29..33].try_into().unwrap()), crc32(&out[12..29]));
            assert_eq!(u32::from_be_bytes(out[41..45].try_into().unwrap()), crc32(&out[37..41]));
            changed += usize::from(out != p);
        }
        assert!(changed > 180, "{changed}");
    }
}
