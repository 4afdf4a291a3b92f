//! Streaming (native builds): a file of any size through the stages in bounded memory, with the same
//! output bytes and report as `corrupt_with` on the whole buffer.
//!
//! Every mode but guaranteed_break (below) decides its output from the length, the first 64 KiB
//! and positions alone (docs/contract.md, section 4): the flips, bit_rot and bad_sectors key each 64 KiB
//! chunk's draws by its position, truncate_insert and interrupted_transfer splice or cut at planned
//! offsets, and shuffle_blocks reads its moved blocks with positioned reads. So the output is made
//! piece by piece. Three threads overlap the work: one reads (and hashes and counts the input), one
//! corrupts (on both cores), one hashes and counts the output and writes it. byte_flip's verify
//! verdict reads the output's first 1,024 bytes, which come from the first chunk, and for csv, tsv
//! and json its byte counts, which a first pass without writing measures.
//!
//! guaranteed_break streams too (`breaking.rs`): its recipes' steps are positional or in-order scans
//! that hold back a few bytes between pieces. Checksum fixing streams into a file it then patches in
//! place (`fix.rs`).

use std::io::{self, Write};
use std::sync::mpsc::sync_channel;
use std::time::Instant;

use crate::args::Checked;
use crate::describe::{describe, describe_truncate, Executed};
use crate::entropy::byte_counts;
use crate::entropy::entropy_of_counts;
use crate::error::{EngineError, MAX_STREAMED};
use crate::formats::{detect, Family};
use crate::heuristic::looks_corrupted_parts;
use crate::job::Job;
use crate::modes::{flip, sectors, shuffle, truncate, Mode};
use crate::name::extension_of;
use crate::options::Options;
use crate::plan::Plan;
use crate::region::Region;
use crate::report::Report;
use crate::rng::Stream;
use crate::sha::Hasher as Sha256Hasher;

/// Bytes per piece: a multiple of the 64 KiB chunk, so no chunk, sector or block spans two pieces.
/// A piece that fits the core's L2 cache is still there when the next thread takes it: 1 MiB pieces
/// in 4 buffers measured 0.59 s against 0.64 s for 4 MiB in 5 (200 MiB byte_flip, medians of 6 side
/// by side; 2 MiB 0.60 s, 512 KiB 0.64 s, 3 to 12 buffers alike).
pub const PIECE: usize = 1 << 20;
/// Pieces in flight between the three threads: the memory bound is about this many pieces.
const BUFFERS: usize = 4;
/// The reader and the writer read, hash, count and write a piece in blocks of this many bytes, so
/// that hashing and counting find each block in the cache rather than in memory. With 4 MiB pieces,
/// 64 KiB, 256 KiB and 1 MiB blocks measured alike, all about 30% less CPU per process than whole
/// pieces (200 MiB byte_flip: 1.07 s against 1.45-1.56 s).
const BLOCK: usize = 256 << 10;

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

/// How the output's bytes come from the input's.
enum Layout {
    /// Output byte i is input byte i, then edited; shuffle_blocks also replaces its moved blocks.
    Same { shuffle: Option<std::sync::Mutex<Shuffler>> },
    /// A prefix of the input (the output's length is the cut).
    Prefix,
    /// `input[0, start)`, then `inserted` bytes of the plan stream, then `input[start + removed, n)`.
    Spliced { start: u64, removed: u64, inserted: u64 },
}

/// shuffle_blocks' plan as the output reaches it (docs/contract.md, section 6.4): the window the
/// output is in and the plan stream to go on from, so at most one window's plan is in memory. A
/// piece before the current window (out of order) starts the windows again from the first.
struct Shuffler {
    plan: shuffle::ShufflePlan,
    windows: shuffle::Windows,
    current: Option<shuffle::WindowPlan>,
}

impl Shuffler {
    fn new(plan: shuffle::ShufflePlan) -> Shuffler {
        Shuffler { windows: plan.windows(), plan, current: None }
    }

    /// Window `w`'s plan (None past the last window).
    fn window(&mut self, w: u64) -> Option<&shuffle::WindowPlan> {
        if self.current.as_ref().is_some_and(|c| c.index > w) {
            self.windows = self.plan.windows();
            self.current = None;
        }
        while self.current.as_ref().is_none_or(|c| c.index < w) {
            self.current = Some(self.windows.next()?);
        }
        self.current.as_ref()
    }
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
    let n = job.n;
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
        Plan::Shuffle(p) => {
            (Layout::Same { shuffle: Some(std::sync::Mutex::new(Shuffler::new(p.clone()))) }, Edit::None, n)
        }
        Plan::Interrupted { cut, .. } => (Layout::Prefix, Edit::None, *cut),
        Plan::Truncate(_) | Plan::Break(_) => {
            unreachable!("truncate_insert is planned above; guaranteed_break runs in breaking.rs")
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
                    flip::flip_allowed_chunks(part, start, allowed, *k, *seed, from..=to, *action);
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
        add_counts(&mut self.counts, bytes);
    }

    fn finish(self) -> (String, [u64; 256]) {
        (self.sha.hex(), self.counts)
    }
}

/// Corrupts `src` (named `name`) into `sink` and returns the report, as `corrupt_with` would for the
/// whole input; `time_ms` is the run's time and `ops_ms` the corrupt work's. `progress` hears the
/// output bytes done and the output's length after each piece. Refuses checksum fixing
/// (`corrupt_fixed` streams it into a file) with an I/O error of kind `Unsupported`.
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
    planned_job(n, "", mode, intensity, seed, options)?;
    Ok(())
}

fn unsupported() -> io::Error {
    io::Error::new(io::ErrorKind::Unsupported, "checksum fixing streams only into a file (corrupt_fixed)")
}

/// The scan stage's checks and the options' (section 2), for an `n`-byte input.
fn planned_job(
    n: u64,
    name: &str,
    mode: &str,
    intensity: u32,
    seed: u64,
    options: &Options,
) -> Result<Job, EngineError> {
    let args = Checked::new(mode, intensity, seed)?;
    if n > MAX_STREAMED {
        return Err(EngineError::TooLargeStreamed(n));
    }
    let ext = extension_of(name);
    let mut job = Job::unplanned(Vec::new(), n, name, ext, args, Family::Generic);
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
    let mut job = planned_job(n, name, mode, intensity, seed, options)?;
    if options.fix_checksums {
        return Err(unsupported().into());
    }
    let mode_v = job.mode;
    let mut head = vec![0u8; n.min(flip::CHUNK as u64) as usize];
    src.read_at(0, &mut head)?;
    job.family = detect(&head, &job.ext);
    if mode_v == Mode::GuaranteedBreak {
        return breaking::run(src, job, &head, sink, progress, piece, t0);
    }

    let mut run = prepare(&job, intensity, seed);
    // The verify stage (section 8.2), decided before anything is written: byte_flip's output either
    // looks corrupted, or the run is the escalated one (intensity 100, seed + 1).
    if mode_v == Mode::ByteFlip && n > 0 && !first_output_looks_corrupted(src, &run.edit, &head, n, &job.ext, piece)? {
        run = prepare(&job, 100, seed + 1);
        job.escalated = true;
    }

    let (zeroed, ops_ms, input_measure, output_measure) = write_pieces(src, &mut run, sink, progress, piece, true)?;
    let (time_ms, ops_ms) = timings(t0, ops_ms);
    Ok(finish(job, &run, zeroed, input_measure.finish(), output_measure.finish(), time_ms, ops_ms))
}

/// The report's `time_ms` (since `t0`) and `ops_ms`, in milliseconds to three decimals.
pub(super) fn timings(t0: Instant, ops_ms: f64) -> (f64, f64) {
    ((t0.elapsed().as_secs_f64() * 1e6).round() / 1e3, (ops_ms * 1e3).round() / 1e3)
}

/// Writes `run`'s output to `sink` in pieces; returns bad_sectors' zeroed bytes, the corrupt work's
/// time, and the input's and the output's measures (the output's empty unless `measure_output`).
fn write_pieces(
    src: &dyn Source,
    run: &mut Run,
    sink: &mut (dyn Write + Send),
    progress: &mut dyn FnMut(u64, u64),
    piece: usize,
    measure_output: bool,
) -> Result<(u64, f64, Measure, Measure), StreamError> {
    let n = src.size();
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
                // Hashed, counted and written a block at a time, while the block is in the cache.
                for block in buf[..len].chunks(BLOCK) {
                    if measure_output {
                        m.add(block);
                    }
                    sink.write_all(block)?;
                }
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
    Ok((zeroed, ops_ms, input_measure, output_measure))
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
                for (j, block) in part.chunks_mut(BLOCK).enumerate() {
                    src.read_at(from + (j * BLOCK) as u64, block)?;
                    m.add(block);
                }
            }
            (Some(from), ..) => src.read_at(from, part)?,
            (None, ..) => fill.as_mut().ok_or_else(|| io::Error::other("no fill stream"))?.next(part),
        }
    }
    Ok(())
}

/// One run of an output piece: `len` bytes at offset `at` of the piece, read from the input at
/// `from`, or (None) the next inserted bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Segment {
    pub at: usize,
    pub from: Option<u64>,
    pub len: usize,
}

/// Where the output's bytes `[pos, pos + len)` come from, in order; later segments overwrite earlier
/// ones (shuffle_blocks' moved blocks over the piece read in place).
fn segments(layout: &Layout, pos: u64, len: usize) -> Vec<Segment> {
    let end = pos + len as u64;
    let mut out = Vec::new();
    match layout {
        Layout::Same { shuffle } => {
            out.push(Segment { at: 0, from: Some(pos), len });
            if let Some(shuffler) = shuffle {
                let mut sh = shuffler.lock().unwrap_or_else(|e| e.into_inner());
                let block = shuffle::BLOCK as u64;
                let (from_block, to_block) = (pos.div_ceil(block), end.div_ceil(block).min(sh.plan.block_count));
                let window = sh.plan.window();
                for w in
                    (from_block < to_block).then(|| from_block / window..=(to_block - 1) / window).into_iter().flatten()
                {
                    let Some(plan) = sh.window(w) else { break };
                    let base = plan.first * block;
                    let first = plan.slots.partition_point(|&s| base + u64::from(s) * block < pos);
                    for (slot, source) in plan.slots[first..].iter().zip(&plan.perm[first..]) {
                        let at = base + u64::from(*slot) * block;
                        if at >= end {
                            break;
                        }
                        let from = Some(base + u64::from(*source) * block);
                        out.push(Segment { at: (at - pos) as usize, from, len: shuffle::BLOCK });
                    }
                }
            }
        }
        Layout::Prefix => out.push(Segment { at: 0, from: Some(pos), len }),
        Layout::Spliced { start, removed, inserted } => {
            // Three runs of output: the kept head, the inserted bytes, the kept tail.
            let ins_end = start + inserted;
            let mut add = |a: u64, b: u64, from: Option<u64>| {
                if a < b {
                    out.push(Segment { at: (a - pos) as usize, from, len: (b - a) as usize });
                }
            };
            add(pos, end.min(*start), Some(pos));
            add(pos.max(*start), end.min(ins_end), None);
            let a = pos.max(ins_end);
            add(a, end, Some(a + removed - inserted));
        }
    }
    out
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
fn counts_needed(ext: &str, n: u64, head: &[u8]) -> bool {
    matches!(ext, "csv" | "tsv" | "json") && n > head.len() as u64
}

/// The verdict from the edited head, and the output's counts when `counts_needed`.
fn head_verdict(edit: &Edit, head: &[u8], n: u64, ext: &str, counts: Option<&[u64; 256]>) -> bool {
    let mut out_head = head.to_vec();
    edit.apply(&mut out_head, 0);
    let counts = counts.copied().unwrap_or_else(|| byte_counts(&out_head));
    looks_corrupted_parts(&out_head, n, ext, &|b| counts[usize::from(b)])
}

fn add_counts(total: &mut [u64; 256], bytes: &[u8]) {
    for (t, c) in total.iter_mut().zip(byte_counts(bytes)) {
        *t += c;
    }
}

/// The report once the output is written: the mode's fields (bad_sectors' zeroed bytes counted as
/// the pieces went by) and both sides' SHA-256 and byte counts.
fn finish(
    job: Job,
    run: &Run,
    zeroed: u64,
    input: (String, [u64; 256]),
    output: (String, [u64; 256]),
    time_ms: f64,
    ops_ms: f64,
) -> Report {
    let n = job.n;
    let described: Executed = match (&run.plan, &run.layout) {
        (Some(plan), _) => describe(plan, n, zeroed),
        (None, Layout::Spliced { start, removed, inserted }) => describe_truncate(n, *removed, *start, *inserted),
        (None, _) => unreachable!("only truncate_insert has no plan"),
    };
    measured_report(job, described, run.out_len, input, output, time_ms, ops_ms)
}

/// The report from the mode's fields and both sides' SHA-256 and byte counts.
fn measured_report(
    mut job: Job,
    described: Executed,
    out_len: u64,
    input: (String, [u64; 256]),
    output: (String, [u64; 256]),
    time_ms: f64,
    ops_ms: f64,
) -> Report {
    job.before_entropy = entropy_of_counts(&input.1, job.n);
    job.sha_before = input.0;
    job.set(described);
    job.report_of(out_len, entropy_of_counts(&output.1, out_len), output.0, time_ms, ops_ms)
}

/// One input streamed by a caller that reads and writes for itself (the npm CLI, through
/// WebAssembly): it asks `segments` which input bytes make each output piece, reads them, hands the
/// piece to `edit`, and hashes both sides with its own SHA-256; the byte counts are taken here.
pub struct Streaming {
    job: Job,
    run: Run,
    head: Vec<u8>,
    fill: Option<Filler>,
    zeroed: u64,
    counts_in: [u64; 256],
    counts_out: [u64; 256],
    /// byte_flip's first attempt's output counts, while a counting pass runs (csv, tsv, json).
    counting: Option<[u64; 256]>,
    seed: u64,
    /// guaranteed_break: the caller hands input pieces to `break_piece` instead of `edit`.
    breaking: Option<breaking::Breaking>,
}

impl Streaming {
    /// `head`: the input's first min(n, 65,536) bytes. Refuses what `corrupt_stream` refuses, with
    /// the same errors; with checksum fixing, see `fixes`.
    pub fn new(
        n: u64,
        head: &[u8],
        name: &str,
        mode: &str,
        intensity: u32,
        seed: u64,
        options: &Options,
    ) -> Result<Streaming, StreamError> {
        let mut job = planned_job(n, name, mode, intensity, seed, options)?;
        let want = n.min(flip::CHUNK as u64) as usize;
        if head.len() < want {
            return Err(changed().into());
        }
        let head = head[..want].to_vec();
        job.family = detect(&head, &job.ext);
        let mut breaking = None;
        let run = if job.mode == Mode::GuaranteedBreak {
            let b = breaking::breaker(&mut job, &head);
            let out_len = if n == 0 { 0 } else { b.out_len() };
            breaking = Some(breaking::Breaking::new(b));
            Run { layout: Layout::Same { shuffle: None }, edit: Edit::None, out_len, plan: None, fill: None }
        } else {
            prepare(&job, intensity, seed)
        };
        let mut s = Streaming {
            job,
            run,
            head,
            fill: None,
            zeroed: 0,
            counts_in: [0; 256],
            counts_out: [0; 256],
            counting: None,
            seed,
            breaking,
        };
        // With fixing, the verdict is the fixed output's (`judge`).
        if s.job.mode == Mode::ByteFlip && n > 0 && !s.job.fix_checksums {
            if counts_needed(&s.job.ext, n, &s.head) {
                s.counting = Some([0; 256]);
            } else {
                s.decide();
            }
        }
        Ok(s)
    }

    /// Whether the caller must first hand every input piece, in order, to `count`, then call `decide`.
    pub fn counting_pass(&self) -> bool {
        self.counting.is_some()
    }

    /// A piece of the input from `pos` for the counting pass (it is edited; the caller drops it).
    pub fn count(&mut self, buf: &mut [u8], pos: u64) {
        self.run.edit.apply(buf, pos);
        if let Some(c) = self.counting.as_mut() {
            add_counts(c, buf);
        }
    }

    /// Settles byte_flip's verify verdict: the run becomes the escalated one (intensity 100,
    /// seed + 1) if the first attempt would not look corrupted.
    pub fn decide(&mut self) {
        let n = self.job.n;
        let counts = self.counting.take();
        if !head_verdict(&self.run.edit, &self.head, n, &self.job.ext, counts.as_ref()) {
            self.run = prepare(&self.job, 100, self.seed + 1);
            self.job.escalated = true;
        }
    }

    pub fn out_len(&self) -> u64 {
        self.run.out_len
    }

    /// Whether the first segment of every piece is the input's bytes at the piece's own position, in
    /// order, so the caller can measure the input from it (before `edit`); otherwise the caller reads
    /// the input in order on its own for `count_input` and its hash.
    pub fn measures_in_place(&self) -> bool {
        matches!(self.run.layout, Layout::Same { .. })
    }

    /// Where the output's bytes `[pos, pos + len)` come from (`pos` a multiple of 65,536).
    pub fn segments(&self, pos: u64, len: usize) -> Vec<Segment> {
        segments(&self.run.layout, pos, len)
    }

    /// The next inserted bytes (truncate_insert), for the segments without a source, in order.
    pub fn fill(&mut self, out: &mut [u8]) {
        if self.fill.is_none() {
            self.fill = self.run.fill.take().map(Filler::new);
        }
        if let Some(f) = self.fill.as_mut() {
            f.next(out);
        }
    }

    /// Edits the output piece at `pos` in place.
    pub fn edit(&mut self, buf: &mut [u8], pos: u64) {
        self.zeroed += self.run.edit.apply(buf, pos);
    }

    /// Whether the run is guaranteed_break: the caller hands each input piece (`segments` reads it in
    /// place), in order, to `break_piece` and writes what it returns, instead of calling `edit`.
    pub fn breaks(&self) -> bool {
        self.breaking.is_some()
    }

    /// guaranteed_break: the output bytes the input piece at `pos` completes (its output counts are
    /// taken here). Some bytes may wait for the next piece; the last piece returns the rest.
    pub fn break_piece(&mut self, piece: &[u8], pos: u64) -> Vec<u8> {
        match self.breaking.as_mut() {
            Some(b) => b.piece(piece, pos, &mut self.counts_out),
            None => Vec::new(),
        }
    }

    pub fn count_input(&mut self, bytes: &[u8]) {
        add_counts(&mut self.counts_in, bytes);
    }

    pub fn count_output(&mut self, bytes: &[u8]) {
        add_counts(&mut self.counts_out, bytes);
    }

    /// Whether pieces may be edited by several runs made with the same arguments, each its own share,
    /// their tallies then added into one (`tally`, `add_tally`): the flips, bit_rot and bad_sectors,
    /// whose edits are keyed by position alone, once any counting pass is over.
    pub fn piecewise(&self) -> bool {
        self.counting.is_none()
            && matches!(self.run.layout, Layout::Same { shuffle: None })
            && matches!(self.run.edit, Edit::Flip { .. } | Edit::Sectors { .. })
    }

    /// What the pieces so far added up to: the input's and the output's byte counts, the bytes zeroed.
    pub fn tally(&self) -> ([u64; 256], [u64; 256], u64) {
        (self.counts_in, self.counts_out, self.zeroed)
    }

    /// Adds another run's `tally` (of other pieces) to this one's.
    pub fn add_tally(&mut self, counts_in: &[u64; 256], counts_out: &[u64; 256], zeroed: u64) {
        for (t, c) in self.counts_in.iter_mut().zip(counts_in) {
            *t += c;
        }
        for (t, c) in self.counts_out.iter_mut().zip(counts_out) {
            *t += c;
        }
        self.zeroed += zeroed;
    }

    /// Whether the run fixes checksums: once every piece is written, the caller hands its input and
    /// its output file to `fix`, then every byte of the fixed output in order to `count_output`
    /// (and its own SHA-256), then the output's first bytes to `judge`.
    pub fn fixes(&self) -> bool {
        self.job.fix_checksums
    }

    /// Whether the run was asked to fix checksums and `fix` has not run on its output yet: its
    /// report would describe an output whose checksums were never fixed.
    pub fn unfixed(&self) -> bool {
        self.job.fix_checksums && self.job.n > 0 && self.job.fixed.is_none()
    }

    /// Fixes the written output's checksums in place (docs/contract.md, section 6.10), and forgets
    /// the output counts taken so far: the fixed output's are counted next.
    pub fn fix(
        &mut self,
        input: impl crate::checksums::Positional,
        output: impl crate::checksums::Positional,
    ) -> io::Result<()> {
        self.counts_out = [0; 256];
        if self.job.n == 0 {
            return Ok(());
        }
        let protected = (!self.job.ranges.protect.is_empty()).then(|| self.job.ranges.protected(self.job.n));
        let fixed = crate::checksums::fix_positional(self.job.family, input, output, protected.as_ref())?;
        self.job.fixed = Some(fixed);
        Ok(())
    }

    /// byte_flip's verify verdict on the fixed output (`head`: its first min(n, 1,024) bytes, with
    /// its counts taken): true when the run escalates, and the caller must write, fix, count and
    /// judge again, from the start (every count is reset).
    pub fn judge(&mut self, head: &[u8]) -> bool {
        let n = self.job.n;
        let counts = self.counts_out;
        if self.job.mode != Mode::ByteFlip
            || n == 0
            || self.job.escalated
            || looks_corrupted_parts(head, n, &self.job.ext, &|b| counts[usize::from(b)])
        {
            return false;
        }
        self.run = prepare(&self.job, 100, self.seed + 1);
        self.job.escalated = true;
        self.job.fixed = None;
        self.fill = None;
        self.zeroed = 0;
        self.counts_in = [0; 256];
        self.counts_out = [0; 256];
        true
    }

    /// The report, from the SHA-256s the caller computed.
    pub fn report(self, sha_in: String, sha_out: String, time_ms: f64, ops_ms: f64) -> Report {
        let (input, output) = ((sha_in, self.counts_in), (sha_out, self.counts_out));
        if let Some(b) = &self.breaking {
            return breaking::report(self.job, &b.b, self.run.out_len, input, output, time_ms, ops_ms);
        }
        finish(self.job, &self.run, self.zeroed, input, output, time_ms, ops_ms)
    }
}

mod breaking;
mod fix;
pub use fix::{corrupt_fixed, FileAt};

#[cfg(test)]
mod tests;
