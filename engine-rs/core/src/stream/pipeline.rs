//! The three threads of a streamed run: one reads (and hashes and counts the input), one edits, one
//! hashes and counts the output and writes it, with a few pieces in flight between them.

use std::io::{self, Write};
use std::sync::mpsc::sync_channel;
use std::time::Instant;

use super::error::StreamError;
use super::layout::{segments, Filler, Layout, Moves, Run};
use super::measure::Measure;
use super::source::Source;
use crate::describe::Outcome;
use crate::structure::Tally;

/// Pieces in flight between the three threads: the memory bound is about this many pieces.
pub(crate) const BUFFERS: usize = 4;
/// The reader and the writer read, hash, count and write a piece in blocks of this many bytes, so
/// that hashing and counting find each block in the cache rather than in memory. With 4 MiB pieces,
/// 64 KiB, 256 KiB and 1 MiB blocks measured alike, all about 30% less CPU per process than whole
/// pieces (200 MiB byte_flip: 1.07 s against 1.45-1.56 s).
pub(crate) const CACHE_BLOCK_BYTES: usize = 256 << 10;

/// Which sides a streamed run measures (SHA-256 and byte counts) as the bytes go by.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Measured {
    /// Both: the report's `sha256_*` and entropies.
    Both,
    /// The input only (checksum fixing measures the output once it is fixed).
    Input,
    /// Neither: a caller that shows no report (`write_stream`).
    Neither,
}

/// Writes `run`'s output to `sink` in pieces; returns what the edits counted (bad_sectors' zeroed
/// bytes, seven_bit's units), the corrupt work's time, and the input's and the output's measures
/// (empty for a side `measured` leaves out).
/// `tally` (when given) counts each piece's changes (section 14.2): the edited bytes that differ
/// from the input's, or shuffle_blocks' moved blocks.
pub(crate) fn write_pieces(
    src: &dyn Source,
    run: &mut Run,
    sink: &mut (dyn Write + Send),
    progress: &mut dyn FnMut(u64, u64),
    piece: usize,
    measured: Measured,
    mut tally: Option<&mut Tally>,
) -> Result<(Outcome, f64, Measure, Measure), StreamError> {
    let measure_input = measured != Measured::Neither;
    let measure_output = measured == Measured::Both;
    let n = src.size();
    let same = matches!(run.layout, Layout::Same { .. });
    let out_len = run.out_len;
    let mut done = Outcome::default();
    let mut ops_ms = 0.0;
    let (free_tx, free_rx) = sync_channel::<Vec<u8>>(BUFFERS);
    for _ in 0..BUFFERS {
        free_tx.send(vec![0u8; piece]).map_err(|_| io::Error::other("buffers"))?;
    }
    let (full_tx, full_rx) = sync_channel::<(u64, Vec<u8>, usize)>(1);
    let (done_tx, done_rx) = sync_channel::<(Vec<u8>, usize)>(1);
    let layout = &run.layout;
    let mut fill = run.fill.take().map(Filler::new);
    let (input_measure, output_measure) = std::thread::scope(|scope| -> Result<_, StreamError> {
        let reader = scope.spawn(move || -> io::Result<Option<Measure>> {
            let mut measure = (same && measure_input).then(Measure::default);
            let mut pos = 0u64;
            while pos < out_len {
                let Ok(mut buf) = free_rx.recv() else { break };
                let len = (out_len - pos).min(piece as u64) as usize;
                read_output(src, layout, fill.as_mut(), pos, &mut buf[..len], measure.as_mut())?;
                if full_tx.send((pos, buf, len)).is_err() {
                    break;
                }
                pos += len as u64;
            }
            Ok(measure)
        });
        // Layouts that do not read the input in order measure it on a thread of their own.
        let measurer = (!same && measure_input).then(|| scope.spawn(|| measure_all(src, piece)));
        let writer = scope.spawn(move || -> io::Result<Measure> {
            let mut m = Measure::default();
            for (buf, len) in done_rx {
                // Hashed and counted a block at a time (each block in the cache for both), then written
                // whole: a write as long as the caller's buffer (the CLI's is one piece) goes straight
                // to the file rather than being copied into that buffer first.
                if measure_output {
                    for block in buf[..len].chunks(CACHE_BLOCK_BYTES) {
                        m.add(block);
                    }
                }
                sink.write_all(&buf[..len])?;
                let _ = free_tx.send(buf);
            }
            sink.flush()?;
            Ok(m)
        });
        let mut before = Vec::new();
        for (pos, mut buf, len) in full_rx {
            let t = Instant::now();
            let diffs = matches!(layout, Layout::Same { moves: None }) && tally.is_some();
            if diffs {
                before.clear();
                before.extend_from_slice(&buf[..len]);
            }
            done.add(&run.edit.apply(&mut buf[..len], pos));
            if let Some(t) = tally.as_deref_mut() {
                count_piece(t, layout, pos, &before, &buf[..len], diffs);
            }
            ops_ms += t.elapsed().as_secs_f64() * 1e3;
            progress(pos + len as u64, out_len);
            if done_tx.send((buf, len)).is_err() {
                break;
            }
        }
        drop(done_tx);
        let join = |r: std::thread::Result<io::Result<Measure>>| r.unwrap_or_else(|p| std::panic::resume_unwind(p));
        let written = join(writer.join());
        let read = reader.join().unwrap_or_else(|p| std::panic::resume_unwind(p))?;
        let input = match measurer {
            Some(m) => join(m.join())?,
            None => read.unwrap_or_default(),
        };
        Ok((input, written.map_err(StreamError::Write)?))
    })?;
    if n == 0 {
        progress(0, 0);
    }
    Ok((done, ops_ms, input_measure, output_measure))
}

/// A piece's changes (section 14.2): `after` against `before` (the input's bytes at `pos`) when
/// `diffs`, shuffle_blocks' moved blocks (the segments after the first), and nothing for the
/// layouts whose hits the report stage counts from the mode's fields, or misdirected_write, whose
/// changed bytes are counted from the input before the pieces (`misdirect_hits`).
pub(crate) fn count_piece(t: &mut Tally, layout: &Layout, pos: u64, before: &[u8], after: &[u8], diffs: bool) {
    if diffs {
        t.diff(pos, before, after);
    } else if matches!(layout, Layout::Same { moves: Some(Moves::Shuffle(_)) }) {
        for seg in segments(layout, pos, after.len()).iter().skip(1) {
            t.span(pos + seg.at as u64, pos + (seg.at + seg.len) as u64);
        }
    }
}

/// The output's bytes `[pos, pos + buf.len())` before the edit; `measure` hears the input's bytes
/// when the layout reads them in order (before shuffle_blocks' moved blocks replace some).
fn read_output(
    src: &dyn Source,
    layout: &Layout,
    mut fill: Option<&mut Filler>,
    pos: u64,
    buf: &mut [u8],
    mut measure: Option<&mut Measure>,
) -> io::Result<()> {
    for (i, seg) in segments(layout, pos, buf.len()).into_iter().enumerate() {
        let part = &mut buf[seg.at..seg.at + seg.len];
        match (seg.from, i, measure.as_mut(), layout) {
            // The input in order: measured a block at a time, right after each block is read, while
            // it is in the cache.
            (Some(from), 0, Some(m), Layout::Same { .. }) => {
                for (j, block) in part.chunks_mut(CACHE_BLOCK_BYTES).enumerate() {
                    src.read_at(from + (j * CACHE_BLOCK_BYTES) as u64, block)?;
                    m.add(block);
                }
            }
            (Some(from), ..) => src.read_at(from, part)?,
            (None, ..) => fill.as_mut().ok_or_else(|| io::Error::other("no fill stream"))?.next(part),
        }
    }
    Ok(())
}

/// The input's SHA-256 and byte counts, read in order.
pub(crate) fn measure_all(src: &dyn Source, piece: usize) -> io::Result<Measure> {
    let n = src.size();
    let mut m = Measure::default();
    let mut buf = vec![0u8; piece];
    let mut pos = 0;
    while pos < n {
        let len = (n - pos).min(piece as u64) as usize;
        src.read_at(pos, &mut buf[..len])?;
        m.add(&buf[..len]);
        pos += len as u64;
    }
    Ok(m)
}
