//! A streamed run driven here (the native CLI, the Python binding): `corrupt_stream` reads the
//! source and writes the sink through the pipeline, the checks first (`check`).

use std::io::Write;
use std::time::Instant;

use super::breaking;
use super::error::{unsupported, StreamError};
use super::layout::{misdirect_hits, prepare};
use super::measure::timings;
use super::pipeline::{write_pieces, Measured};
use super::report::{finish, Finished};
use super::source::{Source, SourceAt};
use super::transcoding;
use super::verdict::first_output_looks_corrupted;
use crate::args::{Args, Checked};
use crate::error::{EngineError, MAX_STREAMED};
use crate::formats::{detect, Family};
use crate::job::Job;
use crate::modes::{flip, Mode};
use crate::name::extension_of;
use crate::report::{Report, Value};
use crate::structure::{map_positional, Tally};

/// Bytes per piece: a multiple of the 64 KiB chunk, so no chunk, sector or block spans two pieces.
/// A piece that fits the core's L2 cache is still there when the next thread takes it: 1 MiB pieces
/// in 4 buffers measured 0.59 s against 0.64 s for 4 MiB in 5 (200 MiB byte_flip, medians of 6 side
/// by side; 2 MiB 0.60 s, 512 KiB 0.64 s, 3 to 12 buffers alike).
pub const PIECE: usize = 1 << 20;

/// Corrupts `src` (named `name`) into `sink` and returns the report, as `corrupt_with` would for the
/// whole input; `time_ms` is the run's time and `ops_ms` the corrupt work's. `progress` hears the
/// output bytes done and the output's length after each piece. Refuses checksum fixing
/// (`corrupt_fixed` streams it into a file) with an I/O error of kind `Unsupported`.
pub fn corrupt_stream(
    src: &dyn Source,
    args: &Args,
    sink: &mut (dyn Write + Send),
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Report, StreamError> {
    match corrupt_in_pieces(src, args, sink, progress, PIECE, Measured::Both)? {
        Finished::Report(report) => Ok(report),
        Finished::Written(_) => unreachable!("a measured run ends with its report"),
    }
}

/// `corrupt_stream` for a caller that shows no report (the native CLI without `--json`, `--report`,
/// `--pdf` or `--zip`): the same output bytes, without the input's and the output's SHA-256 and byte
/// counts, which only the report shows (a third of the run's work or more). byte_flip's verify
/// verdict is decided as before. Returns the output's length.
pub fn write_stream(
    src: &dyn Source,
    args: &Args,
    sink: &mut (dyn Write + Send),
    progress: &mut dyn FnMut(u64, u64),
) -> Result<u64, StreamError> {
    match corrupt_in_pieces(src, args, sink, progress, PIECE, Measured::Neither)? {
        Finished::Report(report) => match report.get("result_size") {
            Some(Value::Int(n)) => Ok(*n),
            _ => unreachable!("every report has its result_size"),
        },
        Finished::Written(n) => Ok(n),
    }
}

/// The checks `corrupt_stream` makes before it reads anything (section 2's, in order, for an `n`-byte
/// input): a caller runs them before it creates the output.
/// (The name does not matter to the checks.)
pub fn check(n: u64, args: &Args) -> Result<(), StreamError> {
    planned_job(n, args)?;
    Ok(())
}

/// `check`, and with selectors their resolution against `src`'s structure map (positional reads):
/// a run its selectors refuse (for another format, matching nothing) is refused before its output
/// exists, as a prepared streamed run of the WebAssembly engine refuses it.
pub fn check_input(src: &dyn Source, args: &Args) -> Result<(), StreamError> {
    let mut job = planned_job(src.size(), args)?;
    if !job.ranges.has_selectors() {
        return Ok(());
    }
    read_head(src, &mut job)?;
    job.select_with(&map_positional(job.family, SourceAt(src))?)?;
    Ok(())
}

/// The input's first chunk, and the family it tells the job (the scan stage's detection).
pub(crate) fn read_head(src: &dyn Source, job: &mut Job) -> std::io::Result<Vec<u8>> {
    let mut head = vec![0u8; src.size().min(flip::CHUNK as u64) as usize];
    src.read_at(0, &mut head)?;
    job.family = detect(&head, &job.ext);
    Ok(head)
}

/// The scan stage's checks and the options' (section 2), for an `n`-byte input.
pub(crate) fn planned_job(n: u64, args: &Args) -> Result<Job, EngineError> {
    let checked = Checked::new(args.mode, args.intensity, args.seed)?;
    if n > MAX_STREAMED {
        return Err(EngineError::TooLargeStreamed(n));
    }
    let ext = extension_of(args.name);
    let mut job = Job::unplanned(Vec::new(), n, args.name, ext, checked, Family::Generic);
    job.set_options(args.options)?;
    Ok(job)
}

/// `corrupt_stream` (`measured` both sides) or `write_stream` (neither) with pieces of `piece` bytes
/// (a multiple of the chunk size; tests use small ones to cross many piece boundaries).
pub(crate) fn corrupt_in_pieces(
    src: &dyn Source,
    args: &Args,
    sink: &mut (dyn Write + Send),
    progress: &mut dyn FnMut(u64, u64),
    piece: usize,
    measured: Measured,
) -> Result<Finished, StreamError> {
    debug_assert!(piece % flip::CHUNK == 0 && piece > 0);
    let t0 = Instant::now();
    let n = src.size();
    let mut job = planned_job(n, args)?;
    let (intensity, seed) = (args.intensity, args.seed);
    if args.options.fix_checksums {
        return Err(unsupported().into());
    }
    let mode_v = job.mode;
    let head = read_head(src, &mut job)?;
    // One structure map for the selectors and the hits; a run that makes no report (write_stream)
    // needs it only for selectors.
    let reported = measured != Measured::Neither || mode_v == Mode::GuaranteedBreak;
    if reported || job.ranges.has_selectors() {
        let map = map_positional(job.family, SourceAt(src))?;
        job.select_with(&map)?;
        job.tally = reported.then(|| Tally::new(map));
    }
    if mode_v == Mode::GuaranteedBreak {
        // Its scans and steps measure as they go; it is not split by `measured`.
        return breaking::run(src, job, &head, sink, progress, piece, t0).map(Finished::Report);
    }
    if matches!(mode_v, Mode::TextTransfer | Mode::CharsetRoundtrip) {
        return transcoding::run(src, job, sink, progress, piece, measured, t0);
    }

    let mut run = prepare(&job, intensity, seed);
    // The verify stage (section 8.2), decided before anything is written: byte_flip's output either
    // looks corrupted, or the run is the escalated one (intensity 100, seed + 1).
    if mode_v == Mode::ByteFlip && n > 0 && !first_output_looks_corrupted(src, &run.edit, &head, n, &job.ext, piece)? {
        run = prepare(&job, 100, seed + 1);
        job.escalated = true;
    }

    if let Some(t) = job.tally.as_mut() {
        misdirect_hits(&run.layout, n, &mut SourceAt(src), t)?;
    }
    let (done, ops_ms, input_measure, output_measure) =
        write_pieces(src, &mut run, sink, progress, piece, measured, job.tally.as_mut())?;
    if measured == Measured::Neither {
        return Ok(Finished::Written(run.out_len));
    }
    let (time_ms, ops_ms) = timings(t0, ops_ms);
    Ok(Finished::Report(finish(job, &run, &done, input_measure.finish(), output_measure.finish(), time_ms, ops_ms)))
}
