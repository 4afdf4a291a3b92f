//! Streaming with checksum fixing (docs/contract.md, section 4.1): the corruption is written to a
//! file, the walk of section 6.10 then fixes its fields in place by positional reads and writes (the
//! same walk as the whole-buffer path, over files), and the fixed output is read once for its SHA-256,
//! byte counts and byte_flip's verify verdict. An escalation writes and fixes the output again.

use std::fs::File;
use std::io::{self, Seek, SeekFrom};
use std::time::Instant;

use super::error::{unsupported, StreamError};
use super::layout::prepare;
use super::measure::{timings, Measure};
use super::pipeline::{write_pieces, Measured};
use super::report::finish;
use super::run::{planned_job, read_head, PIECE};
use super::source::{Source, SourceAt};
use crate::args::Args;
use crate::checksums::{fix_positional_observed, Positional};
use crate::heuristic::looks_corrupted_parts;
use crate::modes::Mode;
use crate::report::Report;
use crate::structure::{map_positional, Tally};

/// A file read and written by position (the output being fixed).
pub struct FileAt<'a>(pub &'a File);

impl Positional for FileAt<'_> {
    fn size(&self) -> u64 {
        self.0.metadata().map_or(0, |m| m.len())
    }

    #[cfg(unix)]
    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        std::os::unix::fs::FileExt::read_exact_at(self.0, buf, pos)
    }

    #[cfg(unix)]
    fn write_at(&mut self, pos: u64, bytes: &[u8]) -> io::Result<()> {
        std::os::unix::fs::FileExt::write_all_at(self.0, bytes, pos)
    }

    #[cfg(not(unix))]
    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        use std::io::Read;
        let mut f = self.0;
        f.seek(SeekFrom::Start(pos))?;
        f.read_exact(buf)
    }

    #[cfg(not(unix))]
    fn write_at(&mut self, pos: u64, bytes: &[u8]) -> io::Result<()> {
        use std::io::Write;
        let mut f = self.0;
        f.seek(SeekFrom::Start(pos))?;
        f.write_all(bytes)
    }
}

/// Corrupts `src` into `out` (a file open for reading and writing, which ends up the output's
/// length) with checksum fixing, and returns the report, as `corrupt_with` would for the whole input.
/// Memory stays the pieces in flight and the walk's read-ahead windows; the cost is one more read of
/// the output for the walk's CRCs (at most) and one for its SHA-256.
pub fn corrupt_fixed(
    src: &dyn Source,
    out: &File,
    args: &Args,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Report, StreamError> {
    fixed_in_pieces(src, out, args, progress, PIECE)
}

/// `corrupt_fixed` with pieces of `piece` bytes (tests use small ones).
pub(crate) fn fixed_in_pieces(
    src: &dyn Source,
    out: &File,
    args: &Args,
    progress: &mut dyn FnMut(u64, u64),
    piece: usize,
) -> Result<Report, StreamError> {
    let t0 = Instant::now();
    let n = src.size();
    let mut job = planned_job(n, args)?;
    let (intensity, seed) = (args.intensity, args.seed);
    if job.mode == Mode::GuaranteedBreak || !args.options.fix_checksums {
        return Err(unsupported().into());
    }
    read_head(src, &mut job)?;
    let map = map_positional(job.family, SourceAt(src))?;
    job.select_with(&map)?;
    let mut tally = Tally::new(map);
    let protected = (!job.ranges.protect.is_empty()).then(|| job.ranges.protected(n));
    let mut ops_ms = 0.0;
    let mut attempt = (intensity, seed);
    loop {
        let mut run = prepare(&job, attempt.0, attempt.1);
        let mut sink = out;
        sink.seek(SeekFrom::Start(0)).map_err(StreamError::Write)?;
        // The fixed output is measured below, so the write pass leaves its hash and counts alone.
        // Progress: the write pass is the first half, measuring the fixed output the second.
        let mut first_half = |done: u64, total: u64| progress(done, 2 * total);
        let (done, ops, input, _) =
            write_pieces(src, &mut run, &mut sink, &mut first_half, piece, Measured::Input, None)?;
        out.set_len(run.out_len).map_err(StreamError::Write)?;
        let t = Instant::now();
        // The hits (section 14.2) are counted on the fixed output, below, with the fields the fix
        // recomputed heard here.
        tally.clear();
        let fixed = if n == 0 {
            None
        } else {
            let mut repair = |at: u64, input: &[u8], value: &[u8]| tally.repair(at, input, value);
            Some(fix_positional_observed(
                job.family,
                SourceAt(src),
                FileAt(out),
                protected.as_ref(),
                Some(&mut repair),
            )?)
        };
        ops_ms += ops + t.elapsed().as_secs_f64() * 1e3;
        let out_len = run.out_len;
        let mut second_half = |done: u64| progress(out_len + done, 2 * out_len);
        let (sha, counts, out_head) = measure_file(out, out_len, piece, &mut second_half, src, &mut tally)?;
        // The verify stage (section 8.2) judges the fixed output.
        if job.mode == Mode::ByteFlip
            && n > 0
            && !job.escalated
            && !looks_corrupted_parts(&out_head, n, &job.ext, &|b| counts[usize::from(b)])
        {
            job.escalated = true;
            attempt = (100, seed + 1);
            continue;
        }
        job.fixed = fixed;
        job.tally = Some(tally);
        let (time_ms, ops_ms) = timings(t0, ops_ms);
        return Ok(finish(job, &run, &done, input.finish(), (sha, counts), time_ms, ops_ms));
    }
}

/// The output file's SHA-256, byte counts and first 1,024 bytes; `progress` hears the bytes read.
/// `tally` counts the bytes that differ from the input's (`src`, the same length).
fn measure_file(
    out: &File,
    len: u64,
    piece: usize,
    progress: &mut dyn FnMut(u64),
    src: &dyn Source,
    tally: &mut Tally,
) -> Result<(String, [u64; 256], Vec<u8>), StreamError> {
    let mut m = Measure::default();
    let mut buf = vec![0u8; piece];
    let mut input = vec![0u8; piece];
    let mut head = Vec::new();
    let mut pos = 0;
    let mut file = FileAt(out);
    while pos < len {
        let part = (len - pos).min(piece as u64) as usize;
        file.read_at(pos, &mut buf[..part]).map_err(StreamError::Write)?;
        if pos == 0 {
            head = buf[..part.min(1024)].to_vec();
        }
        m.add(&buf[..part]);
        if src.size() == len {
            src.read_at(pos, &mut input[..part])?;
            tally.diff(pos, &input[..part], &buf[..part]);
        }
        pos += part as u64;
        progress(pos);
    }
    let (sha, counts) = m.finish();
    Ok((sha, counts, head))
}

#[cfg(test)]
mod tests;
