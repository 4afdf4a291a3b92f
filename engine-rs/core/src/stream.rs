//! Streaming (native builds): a file of any size through the stages in bounded memory, with the same
//! output bytes and report as `corrupt_with` on the whole buffer.
//!
//! Every mode but guaranteed_break decides its output from the length, the first 64 KiB and
//! positions alone (docs/contract.md, section 4): the flips, bit_rot and bad_sectors key each 64 KiB
//! chunk's draws by its position, truncate_insert and interrupted_transfer splice or cut at planned
//! offsets, and shuffle_blocks reads its moved blocks with positioned reads. So the output is made
//! piece by piece. Three threads overlap the work: one reads (and hashes and counts the input), one
//! corrupts (on both cores), one hashes and counts the output and writes it. byte_flip's verify
//! verdict reads the output's first 1,024 bytes, which come from the first chunk, and for csv, tsv
//! and json its byte counts, which a first pass without writing measures.
//!
//! guaranteed_break's recipes scan the whole file for signatures and walk its structure, and checksum
//! fixing walks the corrupted output: both keep the whole-buffer path (`streams` says which).

use std::io::{self, Write};
use std::sync::mpsc::sync_channel;
use std::time::Instant;

use crate::entropy::entropy_of_counts;
use crate::heuristic::looks_corrupted_parts;
use crate::rng::Stream;
use crate::{
    byte_counts, check_args, describe, describe_truncate, detect, extension_of, flip, sectors, shuffle, truncate,
    EngineError, Executed, Job, Mode, Options, ParsedRanges, Plan, Region, Report, Sha256Hasher, MAX_STREAMED,
};

/// Bytes per piece: a multiple of the 64 KiB chunk, so no chunk, sector or block spans two pieces.
pub const PIECE: usize = 4 << 20;
/// Pieces in flight between the three threads: the memory bound is about this many pieces.
const BUFFERS: usize = 5;

/// An input read by position.
pub trait Source: Sync {
    fn size(&self) -> u64;
    /// Fills `buf` with the bytes from `pos`; fewer bytes than asked is an error.
    fn read_at(&self, pos: u64, buf: &mut [u8]) -> io::Result<()>;
}

/// Bytes in memory as a source (tests, and callers that already hold the input).
pub struct Bytes<'a>(pub &'a [u8]);

impl Source for Bytes<'_> {
    fn size(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        let from = usize::try_from(pos).map_err(|_| changed())?;
        let part = self.0.get(from..from + buf.len()).ok_or_else(changed)?;
        buf.copy_from_slice(part);
        Ok(())
    }
}

/// A file as a source; its size is taken when it is opened.
pub struct FileSource {
    file: std::fs::File,
    len: u64,
}

impl FileSource {
    pub fn open(path: &std::path::Path) -> io::Result<FileSource> {
        let file = std::fs::File::open(path)?;
        let len = file.metadata()?.len();
        Ok(FileSource { file, len })
    }

    pub fn new(file: std::fs::File) -> io::Result<FileSource> {
        let len = file.metadata()?.len();
        Ok(FileSource { file, len })
    }
}

impl Source for FileSource {
    fn size(&self) -> u64 {
        self.len
    }

    #[cfg(unix)]
    fn read_at(&self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        use std::os::unix::fs::FileExt;
        self.file.read_exact_at(buf, pos).map_err(eof_is_change)
    }

    #[cfg(not(unix))]
    fn read_at(&self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = &self.file;
        file.seek(SeekFrom::Start(pos))?;
        file.read_exact(buf).map_err(eof_is_change)
    }
}

fn eof_is_change(e: io::Error) -> io::Error {
    if e.kind() == io::ErrorKind::UnexpectedEof {
        changed()
    } else {
        e
    }
}

fn changed() -> io::Error {
    io::Error::other("the file changed while it was being read")
}

/// Why a streamed run failed: the caller's arguments, reading the source, or writing the sink.
#[derive(Debug)]
pub enum StreamError {
    Engine(EngineError),
    Io(io::Error),
    Write(io::Error),
}

impl std::fmt::Display for StreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StreamError::Engine(e) => e.fmt(f),
            StreamError::Io(e) | StreamError::Write(e) => e.fmt(f),
        }
    }
}

impl From<EngineError> for StreamError {
    fn from(e: EngineError) -> Self {
        StreamError::Engine(e)
    }
}

impl From<io::Error> for StreamError {
    fn from(e: io::Error) -> Self {
        StreamError::Io(e)
    }
}

/// Whether `corrupt_stream` takes this mode and these options: every mode but guaranteed_break,
/// without checksum fixing. An unknown mode streams (to its error).
pub fn streams(mode: &str, options: &Options) -> bool {
    !matches!(Mode::parse(mode), Ok(Mode::GuaranteedBreak)) && !options.fix_checksums
}

/// How the output's bytes come from the input's.
enum Layout {
    /// Output byte i is input byte i, then edited; shuffle_blocks also replaces its moved blocks.
    Same { shuffle: Option<(Vec<u32>, Vec<u32>)> },
    /// A prefix of the input (the output's length is the cut).
    Prefix,
    /// `input[0, start)`, then `inserted` bytes of the plan stream, then `input[start + removed, n)`.
    Spliced { start: u64, removed: u64, inserted: u64 },
}

/// The edit made in place on each piece of a `Same` layout.
enum Edit {
    None,
    Flip { allowed: Region, k: u64, seed: u64, action: flip::Action },
    Sectors { allowed: Region, z: u64, seed: u64 },
}

struct Run {
    layout: Layout,
    edit: Edit,
    out_len: u64,
    /// The plan, for the report's fields once bad_sectors' zeroed bytes are counted (None: truncate).
    plan: Option<Plan>,
    /// truncate_insert: the plan stream, whose next bytes are the inserted ones.
    fill: Option<Stream>,
}

fn prepare(job: &Job, intensity: u32, seed: u64) -> Run {
    let n = job.n as u64;
    if job.mode == Mode::TruncateInsert {
        let (l, rng) = truncate::plan_lengths(n, intensity, seed);
        return Run {
            layout: Layout::Spliced { start: l.remove_start, removed: l.removed, inserted: l.inserted },
            edit: Edit::None,
            out_len: n - l.removed + l.inserted,
            plan: None,
            fill: Some(rng),
        };
    }
    let plan = job.make_plan(intensity, seed);
    let same = |edit| (Layout::Same { shuffle: None }, edit, n);
    let (layout, edit, out_len) = match &plan {
        Plan::Flip { h, k, seed, .. } => {
            same(Edit::Flip { allowed: Region::span(*h as u64, n), k: *k, seed: *seed, action: flip::Action::Flip })
        }
        Plan::Allowed { action, allowed, k, seed, .. } => {
            same(Edit::Flip { allowed: allowed.clone(), k: *k, seed: *seed, action: *action })
        }
        Plan::Sectors { allowed, z, seed } => same(Edit::Sectors { allowed: allowed.clone(), z: *z, seed: *seed }),
        Plan::Shuffle(p) => (Layout::Same { shuffle: Some((p.slots.clone(), p.perm.clone())) }, Edit::None, n),
        Plan::Interrupted { cut, .. } => (Layout::Prefix, Edit::None, *cut),
        Plan::Truncate(_) | Plan::Break(_) => {
            unreachable!("truncate_insert is planned above; guaranteed_break does not stream")
        }
    };
    Run { layout, edit, out_len, plan: Some(plan), fill: None }
}

impl Edit {
    /// Edits `part`, the output's bytes from `pos` (a multiple of the chunk size); returns the bytes
    /// zeroed (bad_sectors). Large parts are split over two threads at a chunk boundary.
    fn apply(&self, part: &mut [u8], pos: u64) -> u64 {
        match self {
            Edit::None => 0,
            Edit::Sectors { allowed, z, seed } => sectors::zero_sectors_in(part, pos, allowed, *z, *seed),
            Edit::Flip { allowed, k, seed, action } => {
                let (Some(&(lo, _)), Some(&(_, hi))) = (allowed.spans().first(), allowed.spans().last()) else {
                    return 0;
                };
                if *k == 0 || part.is_empty() {
                    return 0;
                }
                let chunk = flip::CHUNK as u64;
                let end = pos + part.len() as u64;
                let first = (lo / chunk).max(pos / chunk);
                let last = ((hi - 1) / chunk).min((end - 1) / chunk);
                if first > last {
                    return 0;
                }
                let run = |part: &mut [u8], from: u64, to: u64, start: u64| {
                    flip::flip_allowed_chunks(
                        part,
                        start as usize,
                        allowed,
                        *k,
                        *seed,
                        from as usize..=to as usize,
                        *action,
                    );
                };
                if last > first && parallel() {
                    let mid = first + (last - first).div_ceil(2);
                    let (left, right) = part.split_at_mut((mid * chunk - pos) as usize);
                    std::thread::scope(|scope| {
                        scope.spawn(|| run(right, mid, last, mid * chunk));
                        run(left, first, mid - 1, pos);
                    });
                } else {
                    run(part, first, last, pos);
                }
                0
            }
        }
    }
}

fn parallel() -> bool {
    std::thread::available_parallelism().map_or(1, |p| p.get()) > 1
}

/// SHA-256 and byte-value counts of bytes that go by in order.
struct Measure {
    sha: Sha256Hasher,
    counts: [u64; 256],
}

impl Default for Measure {
    fn default() -> Self {
        Measure { sha: Sha256Hasher::default(), counts: [0; 256] }
    }
}

impl Measure {
    fn add(&mut self, bytes: &[u8]) {
        self.sha.update(bytes);
        for (total, n) in self.counts.iter_mut().zip(byte_counts(bytes)) {
            *total += n;
        }
    }

    fn finish(self) -> (String, [u64; 256]) {
        (self.sha.hex(), self.counts)
    }
}

/// Corrupts `src` (named `name`) into `sink` and returns the report, as `corrupt_with` would for the
/// whole input; `time_ms` is the run's time and `ops_ms` the corrupt work's. `progress` hears the
/// output bytes done and the output's length after each piece. Refuses guaranteed_break and checksum
/// fixing (`streams`) with an I/O error of kind `Unsupported`.
#[allow(clippy::too_many_arguments)]
pub fn corrupt_stream(
    src: &dyn Source,
    name: &str,
    mode: &str,
    intensity: u32,
    seed: u64,
    options: &Options,
    sink: &mut (dyn Write + Send),
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Report, StreamError> {
    corrupt_in_pieces(src, name, mode, intensity, seed, options, sink, progress, PIECE)
}

/// The checks `corrupt_stream` makes before it reads anything (section 2's, in order, for an `n`-byte
/// input): a caller runs them before it creates the output.
pub fn check(n: u64, mode: &str, intensity: u32, seed: u64, options: &Options) -> Result<(), StreamError> {
    new_job(n, "", mode, intensity, seed, options).map(|_| ())
}

fn new_job(n: u64, name: &str, mode: &str, intensity: u32, seed: u64, options: &Options) -> Result<Job, StreamError> {
    let mode_v = check_args(mode, intensity, seed)?;
    if n > MAX_STREAMED {
        return Err(EngineError::TooLargeStreamed(n).into());
    }
    if !streams(mode, options) {
        return Err(
            io::Error::new(io::ErrorKind::Unsupported, "guaranteed_break and checksum fixing do not stream").into()
        );
    }
    let ext = extension_of(name);
    let mut job = Job {
        input: Vec::new(),
        n: usize::try_from(n).map_err(|_| EngineError::TooLargeStreamed(n))?,
        name: name.to_string(),
        ext,
        mode: mode_v,
        intensity,
        seed,
        family: crate::Family::Generic,
        before_entropy: 0.0,
        sha_before: String::new(),
        plan: None,
        output: Vec::new(),
        fields: Vec::new(),
        strategy: "",
        recipe: String::new(),
        escalated: false,
        escalate_early: false,
        ranges: ParsedRanges::default(),
        free: None,
        fix_checksums: false,
    };
    job.set_options(options)?;
    Ok(job)
}

/// `corrupt_stream` with pieces of `piece` bytes (a multiple of the chunk size; tests use small ones
/// to cross many piece boundaries).
#[allow(clippy::too_many_arguments)]
fn corrupt_in_pieces(
    src: &dyn Source,
    name: &str,
    mode: &str,
    intensity: u32,
    seed: u64,
    options: &Options,
    sink: &mut (dyn Write + Send),
    progress: &mut dyn FnMut(u64, u64),
    piece: usize,
) -> Result<Report, StreamError> {
    debug_assert!(piece % flip::CHUNK == 0 && piece > 0);
    let t0 = Instant::now();
    let n = src.size();
    let mut job = new_job(n, name, mode, intensity, seed, options)?;
    let mode_v = job.mode;
    let mut head = vec![0u8; n.min(flip::CHUNK as u64) as usize];
    src.read_at(0, &mut head)?;
    job.family = detect(&head, &job.ext);

    let mut run = prepare(&job, intensity, seed);
    // The verify stage (section 8.2), decided before anything is written: byte_flip's output either
    // looks corrupted, or the run is the escalated one (intensity 100, seed + 1).
    if mode_v == Mode::ByteFlip && n > 0 && !first_output_looks_corrupted(src, &run.edit, &head, n, &job.ext, piece)? {
        run = prepare(&job, 100, seed + 1);
        job.escalated = true;
    }

    let same = matches!(run.layout, Layout::Same { .. });
    let out_len = run.out_len;
    let mut zeroed = 0u64;
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
            let mut measure = same.then(Measure::default);
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
        let measurer = (!same).then(|| scope.spawn(|| measure_all(src, piece)));
        let writer = scope.spawn(move || -> io::Result<Measure> {
            let mut m = Measure::default();
            for (buf, len) in done_rx {
                m.add(&buf[..len]);
                sink.write_all(&buf[..len])?;
                let _ = free_tx.send(buf);
            }
            sink.flush()?;
            Ok(m)
        });
        for (pos, mut buf, len) in full_rx {
            let t = Instant::now();
            zeroed += run.edit.apply(&mut buf[..len], pos);
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
    let (sha_in, counts_in) = input_measure.finish();
    let (sha_out, counts_out) = output_measure.finish();
    job.before_entropy = entropy_of_counts(&counts_in, n);
    job.sha_before = sha_in;
    let described: Executed = match (&run.plan, &run.layout) {
        (Some(plan), _) => describe(plan, n, zeroed),
        (None, Layout::Spliced { start, removed, inserted }) => describe_truncate(n, *removed, *start, *inserted),
        (None, _) => unreachable!("only truncate_insert has no plan"),
    };
    job.set(described);
    let time_ms = (t0.elapsed().as_secs_f64() * 1e6).round() / 1e3;
    let ops_ms = (ops_ms * 1e3).round() / 1e3;
    Ok(job.report_of(out_len, entropy_of_counts(&counts_out, out_len), sha_out, time_ms, ops_ms))
}

/// The output's bytes `[pos, pos + buf.len())` before the edit; `measure` hears the input's bytes
/// when the layout reads them in order.
fn read_output(
    src: &dyn Source,
    layout: &Layout,
    fill: Option<&mut Filler>,
    pos: u64,
    buf: &mut [u8],
    measure: Option<&mut Measure>,
) -> io::Result<()> {
    match layout {
        Layout::Same { shuffle } => {
            src.read_at(pos, buf)?;
            if let Some(m) = measure {
                m.add(buf);
            }
            if let Some((slots, perm)) = shuffle {
                let block = shuffle::BLOCK as u64;
                let end = pos + buf.len() as u64;
                let from = slots.partition_point(|&s| u64::from(s) * block < pos);
                for (slot, source) in slots[from..].iter().zip(&perm[from..]) {
                    let at = u64::from(*slot) * block;
                    if at >= end {
                        break;
                    }
                    let o = (at - pos) as usize;
                    src.read_at(u64::from(*source) * block, &mut buf[o..o + shuffle::BLOCK])?;
                }
            }
        }
        Layout::Prefix => src.read_at(pos, buf)?,
        Layout::Spliced { start, removed, inserted } => {
            let (start, removed, inserted) = (*start, *removed, *inserted);
            let end = pos + buf.len() as u64;
            // Three runs of output: kept head, inserted bytes, kept tail.
            let head_end = start;
            let ins_end = start + inserted;
            if pos < head_end {
                let to = end.min(head_end);
                src.read_at(pos, &mut buf[..(to - pos) as usize])?;
            }
            if end > head_end && pos < ins_end {
                let (a, b) = (pos.max(head_end), end.min(ins_end));
                let filler = fill.ok_or_else(|| io::Error::other("no fill stream"))?;
                filler.next(&mut buf[(a - pos) as usize..(b - pos) as usize]);
            }
            if end > ins_end {
                let a = pos.max(ins_end);
                src.read_at(a - inserted + removed, &mut buf[(a - pos) as usize..])?;
            }
        }
    }
    Ok(())
}

/// `Stream::fill`'s bytes handed out in order, in any number of calls.
struct Filler {
    rng: Stream,
    word: [u8; 4],
    used: usize,
}

impl Filler {
    fn new(rng: Stream) -> Filler {
        Filler { rng, word: [0; 4], used: 4 }
    }

    fn next(&mut self, out: &mut [u8]) {
        let mut i = 0;
        while i < out.len() && self.used < 4 {
            out[i] = self.word[self.used];
            self.used += 1;
            i += 1;
        }
        let mut words = out[i..].chunks_exact_mut(4);
        for w in &mut words {
            w.copy_from_slice(&self.rng.u32().to_le_bytes());
        }
        let rest = words.into_remainder();
        if !rest.is_empty() {
            self.word = self.rng.u32().to_le_bytes();
            let r = rest.len();
            rest.copy_from_slice(&self.word[..r]);
            self.used = r;
        }
    }
}

/// The input's SHA-256 and byte counts, read in order.
fn measure_all(src: &dyn Source, piece: usize) -> io::Result<Measure> {
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

/// byte_flip's verdict on its first attempt: the first 1,024 output bytes come from the first chunk
/// (`head`, edited); csv, tsv and json also count byte values over the whole output, measured here
/// by a pass that edits without writing.
fn first_output_looks_corrupted(
    src: &dyn Source,
    edit: &Edit,
    head: &[u8],
    n: u64,
    ext: &str,
    piece: usize,
) -> io::Result<bool> {
    let mut out_head = head.to_vec();
    edit.apply(&mut out_head, 0);
    let counts = if !matches!(ext, "csv" | "tsv" | "json") {
        [0u64; 256]
    } else if n == out_head.len() as u64 {
        byte_counts(&out_head)
    } else {
        let mut counts = [0u64; 256];
        let mut buf = vec![0u8; piece];
        let mut pos = 0;
        while pos < n {
            let len = (n - pos).min(piece as u64) as usize;
            src.read_at(pos, &mut buf[..len])?;
            edit.apply(&mut buf[..len], pos);
            for (total, c) in counts.iter_mut().zip(byte_counts(&buf[..len])) {
                *total += c;
            }
            pos += len as u64;
        }
        counts
    };
    Ok(looks_corrupted_parts(&out_head, n, ext, &|b| counts[usize::from(b)]))
}

#[cfg(test)]
mod tests;
