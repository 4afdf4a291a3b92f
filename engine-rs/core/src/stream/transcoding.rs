//! text_transfer and charset_roundtrip streamed: the input's pieces go through the mode's
//! `Transcoder` in order, each making some output of its own length (a few bytes may wait for the
//! next piece), which is written as it is made. The output's length is known once the last piece is.

use std::io::{self, Write};
use std::sync::mpsc::sync_channel;
use std::time::Instant;

use super::error::StreamError;
use super::measure::{timings, Measure};
use super::pipeline::{Measured, BUFFERS, CACHE_BLOCK_BYTES};
use super::report::{measured_report, Finished};
use super::source::Source;
use crate::describe::{describe, Outcome};
use crate::job::Job;
use crate::modes::transcode::Transcoder;
use crate::plan::Plan;
use crate::report::Report;
use crate::structure::Tally;

/// The run's plan and its transcoder.
pub(crate) fn transcoder(job: &Job) -> (Plan, Transcoder) {
    let plan = job.make_plan(job.intensity, job.seed);
    let Plan::Transcode { conversion, intensity, seed } = plan else {
        unreachable!("only text_transfer and charset_roundtrip transcode")
    };
    (plan, Transcoder::new(conversion, job.n, intensity, seed))
}

/// The counts a transcoder's fields come from.
pub(crate) fn outcome(t: &Transcoder) -> Outcome {
    Outcome { counts: t.counts(), bom_changed: t.bom_changed(), ..Outcome::default() }
}

/// One input piece at `pos` through the transcoder into `out` (cleared first); its converted units
/// are counted in `tally`.
pub(crate) fn piece(t: &mut Transcoder, bytes: &[u8], pos: u64, out: &mut Vec<u8>, tally: Option<&mut Tally>) {
    out.clear();
    match tally {
        Some(tally) => t.feed(bytes, pos, out, &mut |a, b| tally.span(a, b)),
        None => t.feed(bytes, pos, out, &mut |_, _| {}),
    }
}

/// The whole stream: read, converted and written on three threads, as the other modes'.
pub(crate) fn run(
    src: &dyn Source,
    mut job: Job,
    sink: &mut (dyn Write + Send),
    progress: &mut dyn FnMut(u64, u64),
    piece_len: usize,
    measured: Measured,
    t0: Instant,
) -> Result<Finished, StreamError> {
    let n = job.n;
    let (plan, mut t) = transcoder(&job);
    let mut tally = job.tally.take();
    let measure = measured != Measured::Neither;
    let mut ops_ms = 0.0;
    let (free_tx, free_rx) = sync_channel::<Vec<u8>>(BUFFERS);
    let (out_tx, out_rx) = sync_channel::<Vec<u8>>(BUFFERS);
    for _ in 0..BUFFERS {
        free_tx.send(vec![0u8; piece_len]).map_err(|_| io::Error::other("buffers"))?;
        out_tx.send(Vec::with_capacity(piece_len)).map_err(|_| io::Error::other("buffers"))?;
    }
    let (full_tx, full_rx) = sync_channel::<(u64, Vec<u8>, usize)>(1);
    let (done_tx, done_rx) = sync_channel::<Vec<u8>>(1);
    let mut written = 0u64;
    let (input, output) = std::thread::scope(|scope| -> Result<_, StreamError> {
        let reader = scope.spawn(move || -> io::Result<Measure> {
            let mut m = Measure::default();
            let mut pos = 0u64;
            while pos < n {
                let Ok(mut buf) = free_rx.recv() else { break };
                let len = (n - pos).min(piece_len as u64) as usize;
                for (j, block) in buf[..len].chunks_mut(CACHE_BLOCK_BYTES).enumerate() {
                    src.read_at(pos + (j * CACHE_BLOCK_BYTES) as u64, block)?;
                    if measure {
                        m.add(block);
                    }
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
            for buf in done_rx {
                for block in buf.chunks(CACHE_BLOCK_BYTES) {
                    if measure {
                        m.add(block);
                    }
                    sink.write_all(block)?;
                }
                let _ = out_tx.send(buf);
            }
            sink.flush()?;
            Ok(m)
        });
        for (pos, buf, len) in full_rx {
            let started = Instant::now();
            let Ok(mut out) = out_rx.recv() else { break };
            piece(&mut t, &buf[..len], pos, &mut out, tally.as_mut());
            let _ = free_tx.send(buf);
            ops_ms += started.elapsed().as_secs_f64() * 1e3;
            written += out.len() as u64;
            // The output's length is known only at the end: the input's progress until then.
            let read = pos + len as u64;
            if read == n {
                progress(written, written);
            } else {
                progress(read, n);
            }
            if done_tx.send(out).is_err() {
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
    if !measure {
        return Ok(Finished::Written(written));
    }
    job.tally = tally;
    let (time_ms, ops_ms) = timings(t0, ops_ms);
    Ok(Finished::Report(report(job, &plan, &t, written, input.finish(), output.finish(), (time_ms, ops_ms))))
}

/// The report once the output is written (`times`: the run's and the corrupt work's, in ms).
pub(crate) fn report(
    job: Job,
    plan: &Plan,
    t: &Transcoder,
    out_len: u64,
    input: (String, [u64; 256]),
    output: (String, [u64; 256]),
    (time_ms, ops_ms): (f64, f64),
) -> Report {
    let described = describe(plan, job.n, &outcome(t));
    measured_report(job, described, out_len, input, output, time_ms, ops_ms)
}
