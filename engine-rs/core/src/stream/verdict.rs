//! The verify stage streamed (docs/contract.md, section 8.2): byte_flip's verdict on its first
//! attempt, decided before anything is written.

use std::io;

use super::layout::Edit;
use super::measure::add_counts;
use super::source::Source;

use crate::entropy::byte_counts;
use crate::heuristic::looks_corrupted_parts;

/// byte_flip's verdict on its first attempt: the first 1,024 output bytes come from the first chunk
/// (`head`, edited); csv, tsv and json also count byte values over the whole output, measured here
/// by a pass that edits without writing.
pub(crate) fn first_output_looks_corrupted(
    src: &dyn Source,
    edit: &Edit,
    head: &[u8],
    n: u64,
    ext: &str,
    piece: usize,
) -> io::Result<bool> {
    if !counts_needed(ext, n, head) {
        return Ok(head_verdict(edit, head, n, ext, None));
    }
    let mut counts = [0u64; 256];
    let mut buf = vec![0u8; piece];
    let mut pos = 0;
    while pos < n {
        let len = (n - pos).min(piece as u64) as usize;
        src.read_at(pos, &mut buf[..len])?;
        edit.apply(&mut buf[..len], pos);
        add_counts(&mut counts, &buf[..len]);
        pos += len as u64;
    }
    Ok(head_verdict(edit, head, n, ext, Some(&counts)))
}

/// Whether the verdict needs the whole output's byte counts (csv, tsv and json longer than `head`).
pub(crate) fn counts_needed(ext: &str, n: u64, head: &[u8]) -> bool {
    matches!(ext, "csv" | "tsv" | "json") && n > head.len() as u64
}

/// The verdict from the edited head, and the output's counts when `counts_needed`.
pub(crate) fn head_verdict(edit: &Edit, head: &[u8], n: u64, ext: &str, counts: Option<&[u64; 256]>) -> bool {
    let mut out_head = head.to_vec();
    edit.apply(&mut out_head, 0);
    let counts = counts.copied().unwrap_or_else(|| byte_counts(&out_head));
    looks_corrupted_parts(&out_head, n, ext, &|b| counts[usize::from(b)])
}
