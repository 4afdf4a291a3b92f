//! guaranteed_break streamed: the recipe's `Breaker` (recipes/breaking.rs) piece by piece. Its reads
//! of the input and its scans go in order in the edit stage; the scatter splits over both cores. A
//! piece's buffer keeps `HEADROOM` bytes in front, where the bytes the scans held back from the last
//! piece (and text's poison, once) are put, so the writer writes one slice without a memmove.

use std::io::{self, Write};
use std::sync::mpsc::sync_channel;
use std::time::Instant;

use super::error::StreamError;
use super::layout::Edit;
use super::measure::{add_counts, timings, Measure};
use super::pipeline::{BUFFERS, CACHE_BLOCK_BYTES};
use super::report::measured_report;
use super::source::Source;
use crate::describe::{Executed, EMPTY_RECIPE};
use crate::entropy::byte_counts;
use crate::formats::Family;
use crate::heuristic::looks_corrupted_parts;
use crate::job::Job;
use crate::modes::flip;
use crate::recipes::breaking::{Breaker, HEADROOM};
use crate::report::Report;
use crate::structure::InOrder;

/// The run's breaker: the first attempt, or the escalated one (section 8) when generic's first
/// output would not look corrupted. Generic changes bytes by position alone, so the output's first
/// 1,000 bytes are the first chunk's; its byte counts are never needed (csv, tsv and json are text
/// by their extension, so never generic).
pub(crate) fn breaker(job: &mut Job, head: &[u8]) -> Breaker {
    let (n, family) = (job.n, job.family);
    let first = Breaker::new(family, n, head, job.intensity, job.seed);
    if n == 0 || family != Family::Generic {
        return first;
    }
    let mut probe = Breaker::new(family, n, head, job.intensity, job.seed);
    let mut out = head.to_vec();
    probe.before(head, 0);
    probe.scatter(&mut out, 0);
    probe.after(&mut out, 0);
    let counts = byte_counts(&out);
    if looks_corrupted_parts(&out, n, &job.ext, &|b| counts[usize::from(b)]) {
        return first;
    }
    job.escalated = true;
    Breaker::new(family, n, head, 100, job.seed + 1).escalated()
}

/// One piece through the breaker after its input was read into `buf[HEADROOM..HEADROOM + len]`
/// (and measured): the positional steps (`scatter` does the scatter), then the scans over the held
/// back bytes and the piece. Returns the slice of `buf` to write; `carry` becomes the bytes held back.
pub(crate) fn break_piece(
    b: &mut Breaker,
    buf: &mut [u8],
    len: usize,
    pos: u64,
    carry: &mut Vec<u8>,
    scatter: impl FnOnce(&Breaker, &mut [u8], u64),
) -> (usize, usize) {
    let piece = &mut buf[HEADROOM..HEADROOM + len];
    b.before(piece, pos);
    scatter(b, piece, pos);
    b.after(piece, pos);
    let c = carry.len();
    let prefix = b.prefix();
    assert!(c + prefix.len() <= HEADROOM, "held back more than the headroom");
    let start = HEADROOM - c;
    buf[start..HEADROOM].copy_from_slice(carry);
    buf[start - prefix.len()..start].copy_from_slice(prefix);
    let last = pos + len as u64 == b.n();
    let (emit, keep) = b.finish(&mut buf[start..HEADROOM + len], pos - c as u64, last);
    carry.clear();
    carry.extend_from_slice(&buf[start + keep..HEADROOM + len]);
    (start - prefix.len(), start + emit)
}

/// `corrupt_in_pieces` for guaranteed_break: the output is written as it is made.
pub(crate) fn run(
    src: &dyn Source,
    mut job: Job,
    head: &[u8],
    sink: &mut (dyn Write + Send),
    progress: &mut dyn FnMut(u64, u64),
    piece: usize,
    t0: Instant,
) -> Result<Report, StreamError> {
    let n = job.n;
    let mut b = breaker(&mut job, head);
    let mut tally = job.tally.take();
    let out_len = if n == 0 { 0 } else { b.out_len() };
    let (region, k, seed) = b.scatter_plan();
    let scatter = Edit::Flip { allowed: region, k, seed, action: flip::Action::Flip };
    let mut ops_ms = 0.0;
    let (free_tx, free_rx) = sync_channel::<Vec<u8>>(BUFFERS);
    for _ in 0..BUFFERS {
        free_tx.send(vec![0u8; HEADROOM + piece]).map_err(|_| io::Error::other("buffers"))?;
    }
    let (full_tx, full_rx) = sync_channel::<(u64, Vec<u8>, usize)>(1);
    let (done_tx, done_rx) = sync_channel::<(Vec<u8>, usize, usize)>(1);
    let (input, output) = std::thread::scope(|scope| -> Result<_, StreamError> {
        let reader = scope.spawn(move || -> io::Result<Measure> {
            let mut m = Measure::default();
            let mut pos = 0u64;
            while pos < n {
                let Ok(mut buf) = free_rx.recv() else { break };
                let len = (n - pos).min(piece as u64) as usize;
                // Read and measured a block at a time, while each block is in the cache.
                for (j, block) in buf[HEADROOM..HEADROOM + len].chunks_mut(CACHE_BLOCK_BYTES).enumerate() {
                    src.read_at(pos + (j * CACHE_BLOCK_BYTES) as u64, block)?;
                    m.add(block);
                }
                if full_tx.send((pos, buf, len)).is_err() {
                    break;
                }
                pos += len as u64;
            }
            Ok(m)
        });
        let writer = scope.spawn(move || -> io::Result<Measure> {
            let mut m = Measure::default();
            for (buf, start, end) in done_rx {
                for block in buf[start..end].chunks(CACHE_BLOCK_BYTES) {
                    m.add(block);
                    sink.write_all(block)?;
                }
                let _ = free_tx.send(buf);
            }
            sink.flush()?;
            Ok(m)
        });
        let mut carry = Vec::with_capacity(HEADROOM);
        let mut written = 0u64;
        // The hits (section 14.2): the output's bytes against the input's at the same offsets, when
        // the recipe keeps the length (the report stage counts the others).
        let same = out_len == n;
        let mut in_order = InOrder::default();
        for (pos, mut buf, len) in full_rx {
            let t = Instant::now();
            if same && tally.is_some() {
                in_order.input(&buf[HEADROOM..HEADROOM + len]);
            }
            let (start, end) = break_piece(&mut b, &mut buf, len, pos, &mut carry, |_, part, pos| {
                scatter.apply(part, pos);
            });
            if let (true, Some(t)) = (same, tally.as_mut()) {
                in_order.output(t, &buf[start..end]);
            }
            ops_ms += t.elapsed().as_secs_f64() * 1e3;
            written += (end - start) as u64;
            progress(written, out_len);
            if done_tx.send((buf, start, end)).is_err() {
                break;
            }
        }
        drop(done_tx);
        let join = |r: std::thread::Result<io::Result<Measure>>| r.unwrap_or_else(|p| std::panic::resume_unwind(p));
        let output = join(writer.join());
        let input = join(reader.join())?;
        Ok((input, output.map_err(StreamError::Write)?))
    })?;
    if n == 0 {
        progress(0, 0);
    }
    job.tally = tally;
    let (time_ms, ops_ms) = timings(t0, ops_ms);
    Ok(report(job, &b, out_len, input.finish(), output.finish(), time_ms, ops_ms))
}

/// The report once the output is written, from both sides' SHA-256 and byte counts.
pub(crate) fn report(
    job: Job,
    b: &Breaker,
    out_len: u64,
    input: (String, [u64; 256]),
    output: (String, [u64; 256]),
    time_ms: f64,
    ops_ms: f64,
) -> Report {
    let recipe = if job.n == 0 { EMPTY_RECIPE.to_string() } else { b.recipe() };
    let described = Executed { data: Vec::new(), fields: Vec::new(), strategy: b.strategy(), recipe };
    measured_report(job, described, out_len, input, output, time_ms, ops_ms)
}

/// guaranteed_break in the caller-driven `Streaming`: the breaker and the bytes it holds back.
pub(crate) struct Breaking {
    pub b: Breaker,
    carry: Vec<u8>,
}

impl Breaking {
    pub fn new(b: Breaker) -> Breaking {
        Breaking { b, carry: Vec::with_capacity(HEADROOM) }
    }

    /// The output bytes that the input piece `piece` at `pos` completes (pieces in order).
    pub fn piece(&mut self, piece: &[u8], pos: u64, counts_out: &mut [u64; 256]) -> Vec<u8> {
        let mut buf = vec![0u8; HEADROOM + piece.len()];
        buf[HEADROOM..].copy_from_slice(piece);
        let (start, end) = break_piece(&mut self.b, &mut buf, piece.len(), pos, &mut self.carry, |b, part, pos| {
            b.scatter(part, pos);
        });
        buf.truncate(end);
        buf.drain(..start);
        add_counts(counts_out, &buf);
        buf
    }
}
