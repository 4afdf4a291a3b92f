//! Chunk-level changes to a PNG, which keep it a sequence of well-formed chunks: resize a chunk's
//! data (its length field follows), duplicate or drop a chunk, splice in a chunk of another
//! corpus entry (AFL++'s splice partner), or give a chunk another type from the format's
//! dictionary. Every CRC is then recomputed over the output's own layout, so the decoder reads
//! the changed chunk rather than stopping at its checksum.

use fracture_engine::checksums;
use fracture_engine::formats::Family;
use fracture_engine::rng::Sequence;

const SIGNATURE: &[u8; 8] = b"\x89PNG\r\n\x1a\n";

/// Chunk types of the PNG specification (third edition) and APNG: the dictionary a retype draws
/// from, besides the types the input and its splice partner hold.
pub const CHUNK_TYPES: [&[u8; 4]; 24] = [
    b"IHDR", b"PLTE", b"IDAT", b"IEND", b"tRNS", b"cHRM", b"gAMA", b"iCCP", b"sBIT", b"sRGB", b"cICP", b"mDCV",
    b"cLLI", b"tEXt", b"zTXt", b"iTXt", b"bKGD", b"hIST", b"pHYs", b"sPLT", b"eXIf", b"tIME", b"acTL", b"fcTL",
];

/// The kinds of chunk change, as `afl_custom_describe` names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChunkOp {
    Resize,
    Duplicate,
    Drop,
    Splice,
    Retype,
}

impl ChunkOp {
    pub fn name(self) -> &'static str {
        match self {
            ChunkOp::Resize => "chunk_resize",
            ChunkOp::Duplicate => "chunk_duplicate",
            ChunkOp::Drop => "chunk_drop",
            ChunkOp::Splice => "chunk_splice",
            ChunkOp::Retype => "chunk_retype",
        }
    }
}

/// The `[start, end)` of each whole chunk (length, type, data, CRC) after the signature, up to the
/// first that does not fit.
pub fn chunks(png: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    if !png.starts_with(SIGNATURE) {
        return out;
    }
    let mut p = 8;
    while p + 12 <= png.len() {
        let len = u32::from_be_bytes([png[p], png[p + 1], png[p + 2], png[p + 3]]) as usize;
        if len > png.len() - p - 12 {
            break;
        }
        out.push((p, p + 12 + len));
        p += 12 + len;
    }
    out
}

/// Whether `input` is a PNG with at least one whole chunk: the chunk changes apply.
pub fn applies(input: &[u8]) -> bool {
    !chunks(input).is_empty()
}

/// One chunk change of `input` (a PNG `applies` accepts) into `out`, with `partner` (another corpus
/// entry, possibly empty) for splicing and retyping. Returns the change made.
pub fn mutate(draws: &mut Sequence, input: &[u8], partner: &[u8], out: &mut Vec<u8>) -> ChunkOp {
    let own = chunks(input);
    let theirs = chunks(partner);
    let op = match draws.below(5) {
        0 => ChunkOp::Resize,
        1 => ChunkOp::Duplicate,
        2 if own.len() > 1 => ChunkOp::Drop,
        3 if !theirs.is_empty() => ChunkOp::Splice,
        4 => ChunkOp::Retype,
        _ => ChunkOp::Resize,
    };
    let (start, end) = own[draws.below(own.len() as u32) as usize];
    out.clear();
    match op {
        ChunkOp::Resize => {
            let len = end - start - 12;
            out.extend_from_slice(&input[..start + 8]);
            let delta = 1 + draws.below(16) as usize;
            let at = start + 8 + draws.below_wide(len as u64 + 1) as usize;
            let new_len = if draws.below(2) == 0 || len == 0 {
                out.extend_from_slice(&input[start + 8..at]);
                draws.fill_into(out, delta);
                out.extend_from_slice(&input[at..end - 4]);
                len + delta
            } else {
                let cut = delta.min(end - 4 - at);
                out.extend_from_slice(&input[start + 8..at]);
                out.extend_from_slice(&input[at + cut..end - 4]);
                len - cut
            };
            out[start..start + 4].copy_from_slice(&(new_len as u32).to_be_bytes());
            out.extend_from_slice(&[0; 4]);
            out.extend_from_slice(&input[end..]);
        }
        ChunkOp::Duplicate => {
            out.extend_from_slice(&input[..end]);
            out.extend_from_slice(&input[start..]);
        }
        ChunkOp::Drop => {
            out.extend_from_slice(&input[..start]);
            out.extend_from_slice(&input[end..]);
        }
        ChunkOp::Splice => {
            let (s, e) = theirs[draws.below(theirs.len() as u32) as usize];
            // Before or instead of the chosen chunk.
            let replace = draws.below(2) == 0;
            out.extend_from_slice(&input[..start]);
            out.extend_from_slice(&partner[s..e]);
            out.extend_from_slice(&input[if replace { end } else { start }..]);
        }
        ChunkOp::Retype => {
            let mut types: Vec<[u8; 4]> = CHUNK_TYPES.iter().map(|t| **t).collect();
            for &(s, _) in &theirs {
                let t = [partner[s + 4], partner[s + 5], partner[s + 6], partner[s + 7]];
                if !types.contains(&t) {
                    types.push(t);
                }
            }
            let t = types[draws.below(types.len() as u32) as usize];
            out.extend_from_slice(input);
            out[start + 4..start + 8].copy_from_slice(&t);
        }
    }
    fix_own_layout(out);
    op
}

/// Every chunk CRC of `png` recomputed over its own layout.
pub fn fix_own_layout(png: &mut [u8]) {
    let layout = png.to_vec();
    checksums::fix(Family::Png, &layout, png, None);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
        out.extend_from_slice(&(data.len() as u32).to_be_bytes());
        out.extend_from_slice(kind);
        out.extend_from_slice(data);
        out.extend_from_slice(&[0; 4]);
    }

    fn png(extra: &[u8]) -> Vec<u8> {
        let mut p = SIGNATURE.to_vec();
        chunk(&mut p, b"IHDR", &[0, 0, 0, 2, 0, 0, 0, 2, 8, 3, 0, 0, 0]);
        chunk(&mut p, b"PLTE", &[1, 2, 3, 4, 5, 6]);
        chunk(&mut p, b"tEXt", extra);
        chunk(&mut p, b"IDAT", &[0x78, 1, 2, 3]);
        chunk(&mut p, b"IEND", &[]);
        fix_own_layout(&mut p);
        p
    }

    fn crcs_hold(p: &[u8]) -> bool {
        let copy = p.to_vec();
        let mut fixed = p.to_vec();
        fix_own_layout(&mut fixed);
        fixed == copy
    }

    #[test]
    fn every_change_leaves_whole_chunks_with_valid_crcs() {
        let input = png(b"Comment\0one");
        let partner = png(b"Title\0another entry");
        let mut draws = Sequence::new(3, 0);
        let mut out = Vec::new();
        let mut seen = Vec::new();
        for _ in 0..500 {
            let op = mutate(&mut draws, &input, &partner, &mut out);
            if !seen.contains(&op) {
                seen.push(op);
            }
            let cs = chunks(&out);
            assert_eq!(cs.last().map(|c| c.1), Some(out.len()), "{op:?} left a partial chunk");
            assert!(crcs_hold(&out), "{op:?} left a bad CRC");
        }
        assert_eq!(seen.len(), 5, "{seen:?}");
    }

    #[test]
    fn resize_reaches_lengths_off_a_multiple_of_three() {
        let input = png(b"x");
        let mut draws = Sequence::new(11, 0);
        let mut out = Vec::new();
        let mut odd_palette = false;
        for _ in 0..2000 {
            if mutate(&mut draws, &input, &[], &mut out) == ChunkOp::Resize {
                let plte = chunks(&out).into_iter().find(|&(s, _)| &out[s + 4..s + 8] == b"PLTE");
                odd_palette |= plte.is_some_and(|(s, e)| (e - s - 12) % 3 != 0);
            }
        }
        assert!(odd_palette);
    }
}
