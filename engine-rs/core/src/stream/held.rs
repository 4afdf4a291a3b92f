//! A streamed run of an input held in memory, on the calling thread: `Streaming` driven here piece by
//! piece, as the JavaScript hosts drive it over a file (lib/engine/host/stream-driver.ts). The
//! benchmark's run (docs/benchmark.md) in every host: WebAssembly has no threads for
//! `corrupt_stream`'s pipeline, and natively the same code on one thread makes the figures compare.

use std::io::Write;

use super::driven::Streaming;
use super::error::StreamError;
use super::run::PIECE;
use super::source::{Bytes, SourceAt};
use crate::args::Args;
use crate::modes::flip;
use crate::report::Report;
use crate::sha::Hasher;

/// Corrupts `input` (named `args.name`) into `sink` in pieces of `PIECE` bytes and returns the report,
/// as `corrupt_stream` would (`time_ms` and `ops_ms` 0: the caller times it). Memory beside the input:
/// one piece, and guaranteed_break's output of one piece. Refuses checksum fixing as `Streaming` does.
pub fn corrupt_held(input: &[u8], args: &Args, sink: &mut dyn Write) -> Result<Report, StreamError> {
    let n = input.len();
    let src = Bytes(input);
    let mut s = Streaming::new(n as u64, &input[..n.min(flip::CHUNK)], args)?;
    s.select(SourceAt(&src))?;
    s.map(SourceAt(&src))?;
    let mut buf = vec![0u8; PIECE.min(n)];
    if s.counting_pass() {
        // byte_flip on csv, tsv and json: the verdict counts the first attempt's bytes first.
        for (i, p) in input.chunks(PIECE).enumerate() {
            let b = &mut buf[..p.len()];
            b.copy_from_slice(p);
            s.count(b, (i * PIECE) as u64);
        }
        s.decide();
    }
    let (mut sha_in, mut sha_out) = (Hasher::default(), Hasher::default());
    let mut put = |sha_out: &mut Hasher, bytes: &[u8]| {
        sha_out.update(bytes);
        sink.write_all(bytes).map_err(StreamError::Write)
    };
    if s.breaks() {
        // guaranteed_break: input pieces in, whatever output each completes out.
        for (i, p) in input.chunks(PIECE).enumerate() {
            sha_in.update(p);
            s.count_input(p);
            let done = s.break_piece(p, (i * PIECE) as u64);
            put(&mut sha_out, &done)?;
        }
        return Ok(s.report(sha_in.hex(), sha_out.hex(), 0.0, 0.0));
    }
    let in_place = s.measures_in_place();
    if !in_place {
        sha_in.update(input);
        s.count_input(input);
    }
    let out_len = s.out_len() as usize;
    let mut pos = 0;
    while pos < out_len {
        let len = PIECE.min(out_len - pos);
        let b = &mut buf[..len];
        for (i, seg) in s.segments(pos as u64, len).into_iter().enumerate() {
            let part = &mut b[seg.at..seg.at + seg.len];
            match seg.from {
                Some(f) => part.copy_from_slice(&input[f as usize..f as usize + seg.len]),
                None => s.fill(part),
            }
            // The input in order, measured before any moved block lands on it.
            if i == 0 && in_place {
                sha_in.update(b);
                s.count_input(b);
            }
        }
        s.edit(b, pos as u64);
        s.count_output(b);
        put(&mut sha_out, b)?;
        pos += len;
    }
    Ok(s.report(sha_in.hex(), sha_out.hex(), 0.0, 0.0))
}
