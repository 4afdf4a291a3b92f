//! One input through the engine's stages: the one place where a file becomes its corrupted bytes and
//! report. Reading (from a file or standard input) and writing (to a file or standard output) happen
//! around it, so new options change one function.

use std::io::{Read, Write};
use std::path::Path;
use std::time::Instant;

use fracture_engine::stream::{self, FileSource, Source};
use fracture_engine::{Args, Job, Options, Report, Value, MAX_INPUT, MAX_STREAMED};

use crate::output::PrivateDir;
use crate::read::{self, too_large, Snapshot};
use fracture_host::plan::Checksums;

/// An input, read and measured: its bytes, SHA-256 and byte-value counts (the scan stage reuses them,
/// and every variant of the input shares them).
#[derive(Clone)]
pub struct Input {
    pub name: String,
    pub bytes: Vec<u8>,
    sha256: String,
    counts: [u64; 256],
}

/// Progress fractions of one input, as the stages reach them (docs/contract.md, section 11.1).
pub type OnProgress<'a> = &'a mut dyn FnMut(f64);

/// Where the scan stage ends: reading counts as its part.
const SCAN: f64 = 0.15;

impl Input {
    /// A file, read while it is hashed and counted. `check` refuses bad arguments (seed + i past the
    /// limit, say) before a large file is read.
    pub fn read_file(
        path: &Path,
        check: impl FnOnce() -> Result<(), String>,
        progress: OnProgress,
    ) -> Result<Input, String> {
        let (file, len) = open_input(path)?;
        check()?;
        let size = len.max(1) as f64;
        let (bytes, sha256, counts) =
            read::read_measured(file, &mut |done| progress(SCAN * done as f64 / size)).map_err(|e| io_text(&e))?;
        Ok(Input { name: file_name(path), bytes, sha256, counts })
    }

    /// A file's bytes, checked as `read_file` checks them but not measured (fracture_host's
    /// `Files::read_input`: the host crate hashes what it needs).
    pub fn read_bytes(path: &Path) -> Result<Vec<u8>, String> {
        read::read_whole(open_input(path)?.0).map_err(|e| io_text(&e))
    }

    /// A file's bytes already read and hashed (a campaign's input, read by fracture_host's plan).
    pub fn of(path: &Path, bytes: Vec<u8>, sha256: String) -> Input {
        let mut counts = [0u64; 256];
        for &b in &bytes {
            counts[usize::from(b)] += 1;
        }
        Input { name: file_name(path), bytes, sha256, counts }
    }

    /// Standard input to its end, under `name`.
    pub fn read_stdin(name: &str) -> Result<Input, String> {
        let (bytes, sha256, counts) = read::read_stdin_measured(stdin_limit(MAX_INPUT)).map_err(|e| io_text(&e))?;
        Ok(Input { name: name.to_string(), bytes, sha256, counts })
    }
}

/// The engine's settings for a run (the seed is per input).
pub struct Settings<'a> {
    pub mode: &'a str,
    pub intensity: u32,
    /// Byte ranges and checksum fixing (checked against the mode when the arguments were parsed).
    pub options: &'a Options,
    /// Read every input whole even where the mode streams (`--pdf`).
    pub whole: bool,
}

/// An input after the scan, plan, corrupt and verify stages; the report is made as it is written.
pub struct Corrupted {
    job: Job,
    t0: Instant,
    ops_ms: f64,
}

/// Runs `input` through the stages with `seed`; every failure is one line of text.
pub fn corrupt(input: Input, settings: &Settings, seed: u64, progress: OnProgress) -> Result<Corrupted, String> {
    let t0 = Instant::now();
    let Input { name, bytes, sha256, counts } = input;
    let mut job = Job::scan_measured(bytes, &name, settings.mode, settings.intensity, seed, sha256, counts)
        .and_then(|job| job.with_options(settings.options))
        .map_err(|e| e.to_string())?;
    progress(SCAN);
    job.plan();
    progress(0.35);
    let t1 = Instant::now();
    job.corrupt();
    let ops_ms = ms(t1.elapsed());
    progress(0.7);
    job.verify();
    progress(0.85);
    Ok(Corrupted { job, t0, ops_ms })
}

impl Corrupted {
    pub fn output(&self) -> &[u8] {
        self.job.output()
    }

    pub fn into_output(self) -> Vec<u8> {
        self.job.into_output()
    }

    /// Writes the output to `sink` while another thread makes the report (whose entropy and SHA-256
    /// read the same bytes), so neither waits for the other.
    pub fn write_and_report(&self, sink: &mut dyn Write) -> (std::io::Result<()>, Report) {
        let (written, (mut report, ended)) = std::thread::scope(|scope| {
            let report = scope.spawn(|| (self.job.report(0.0, 0.0), Instant::now()));
            let written = sink.write_all(self.job.output()).and_then(|()| sink.flush());
            (written, report.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        });
        report.set("time_ms", Value::Num(ms(ended - self.t0)));
        report.set("ops_ms", Value::Num(self.ops_ms));
        (written, report)
    }
}

fn ms(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// Opens an input that must be a regular file (the plan checked it; this catches a swap since).
fn open_regular(path: &Path) -> Result<std::fs::File, String> {
    let file = std::fs::File::open(path).map_err(|e| io_text(&e))?;
    let meta = file.metadata().map_err(|e| io_text(&e))?;
    if meta.is_dir() {
        return Err("is a directory".into());
    }
    if !meta.is_file() {
        return Err("not a regular file".into());
    }
    Ok(file)
}

/// The limit on standard input: `max`, or less when FRACTURE_STDIN_LIMIT says so (a testing aid:
/// the scenarios of tests/fs reach the limit with a few bytes).
pub fn stdin_limit(max: u64) -> u64 {
    std::env::var("FRACTURE_STDIN_LIMIT").ok().and_then(|v| v.parse::<u64>().ok()).map_or(max, |n| n.min(max))
}

/// The engine's name for a file: its name, each byte that is not part of valid UTF-8 made U+FFFD.
fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| path.display().to_string())
}

/// The system's reason, as both command lines word it (engine-data/messages.toml).
/// A FILE opened to be read whole, and its length: refused past the engine's limit.
fn open_input(path: &Path) -> Result<(std::fs::File, u64), String> {
    let file = open_regular(path)?;
    let len = file.metadata().map_err(|e| io_text(&e))?.len();
    if len > MAX_INPUT {
        return Err(fracture_engine::EngineError::TooLarge(len).to_string());
    }
    Ok((file, len))
}

pub fn io_text(e: &std::io::Error) -> String {
    use fracture_host::messages as m;
    use std::io::ErrorKind as K;
    // An error that wraps the system's (tempfile's, with the path it tried) keeps only its kind.
    let by_kind = || match e.kind() {
        K::NotFound => Some(libc::ENOENT),
        K::PermissionDenied => Some(libc::EACCES),
        K::AlreadyExists => Some(libc::EEXIST),
        K::NotADirectory => Some(libc::ENOTDIR),
        K::StorageFull => Some(libc::ENOSPC),
        K::ReadOnlyFilesystem => Some(libc::EROFS),
        _ => None,
    };
    let Some(errno) = e.raw_os_error().or_else(by_kind) else {
        return if e.kind() == K::BrokenPipe { m::io_stdout_closed() } else { e.to_string() };
    };
    crate::io_reasons::said(errno).unwrap_or_else(|| m::io_errno(&errno.to_string()))
}

/// An input read by position as it is corrupted (every mode, checksum fixing included), so memory
/// stays bounded whatever its size.
pub struct Streamed {
    pub name: String,
    src: Box<dyn Source + Send>,
    /// The file read and what it was when opened: it must be the same when the output is done.
    origin: Option<(std::fs::File, Snapshot)>,
    /// Standard input longer than `STDIN_IN_MEMORY`, copied to a private directory removed on drop.
    _spool: Option<PrivateDir>,
}

/// Standard input up to this long is held in memory; longer, it is copied to a temporary file.
const STDIN_IN_MEMORY: u64 = 16 << 20;

/// An input ready for its variants: streamed, or read whole (`--pdf`).
pub enum Opened {
    Whole(Box<Input>),
    Stream(Streamed),
}

impl Opened {
    pub fn size(&self) -> u64 {
        match self {
            Opened::Whole(input) => input.bytes.len() as u64,
            Opened::Stream(s) => s.size(),
        }
    }
}

/// Opens a file: streamed, or read whole (`Input::read_file`) when `settings.whole` (`--pdf`).
pub fn open_file(
    path: &Path,
    settings: &Settings,
    check: impl FnOnce() -> Result<(), String>,
    progress: OnProgress,
) -> Result<Opened, String> {
    if settings.whole {
        return Input::read_file(path, check, progress).map(|i| Opened::Whole(Box::new(i)));
    }
    let file = open_regular(path)?;
    let before = Snapshot::of(&file.metadata().map_err(|e| io_text(&e))?);
    check()?;
    let src = FileSource::new(file.try_clone().map_err(|e| io_text(&e))?).map_err(|e| io_text(&e))?;
    Ok(Opened::Stream(Streamed {
        name: file_name(path),
        src: Box::new(src),
        origin: Some((file, before)),
        _spool: None,
    }))
}

/// Opens standard input: streamed from memory, or from a private copy past `STDIN_IN_MEMORY`; either
/// way no more than the limit is read.
pub fn open_stdin(name: &str, settings: &Settings) -> Result<Opened, String> {
    if settings.whole {
        return Input::read_stdin(name).map(|i| Opened::Whole(Box::new(i)));
    }
    let max = stdin_limit(MAX_STREAMED);
    let mut head = Vec::new();
    let mut stdin = std::io::stdin().lock();
    (&mut stdin).take(STDIN_IN_MEMORY.min(max) + 1).read_to_end(&mut head).map_err(|e| io_text(&e))?;
    if head.len() as u64 > max {
        return Err(too_large(max));
    }
    if head.len() as u64 <= STDIN_IN_MEMORY {
        return Ok(Opened::Stream(Streamed {
            name: name.to_string(),
            src: Box::new(Memory(head)),
            origin: None,
            _spool: None,
        }));
    }
    let cannot = |e: std::io::Error| fracture_host::messages::cannot_copy_stdin(&io_text(&e));
    let spool = PrivateDir::create("fracture-stdin-").map_err(cannot)?;
    let (_, mut file) = spool.file("input").map_err(cannot)?;
    let copied = (|| {
        file.write_all(&head)?;
        let rest = max - head.len() as u64;
        drop(head);
        let n = std::io::copy(&mut (&mut stdin).take(rest + 1), &mut file)?;
        file.flush()?;
        Ok(n > rest)
    })();
    if copied.map_err(cannot)? {
        return Err(too_large(max));
    }
    let src = FileSource::new(file).map_err(|e| io_text(&e))?;
    Ok(Opened::Stream(Streamed { name: name.to_string(), src: Box::new(src), origin: None, _spool: Some(spool) }))
}

struct Memory(Vec<u8>);

impl Source for Memory {
    fn size(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&self, pos: u64, buf: &mut [u8]) -> std::io::Result<()> {
        stream::Bytes(&self.0).read_at(pos, buf)
    }
}

impl Streamed {
    pub fn size(&self) -> u64 {
        self.src.size()
    }

    /// The engine's arguments for this input.
    fn args<'a>(&'a self, settings: &Settings<'a>, seed: u64) -> Args<'a> {
        Args { name: &self.name, mode: settings.mode, intensity: settings.intensity, seed, options: settings.options }
    }

    /// The arguments' checks for this input, selectors resolved, before its output is created.
    pub fn check(&self, settings: &Settings, seed: u64) -> Result<(), String> {
        stream::check_input(&*self.src, &self.args(settings, seed)).map_err(|e| match e {
            stream::StreamError::Io(e) => io_text(&e),
            e => e.to_string(),
        })
    }

    /// Fails when the file read is no longer what it was when opened (size, modification time, inode).
    pub fn unchanged(&self) -> Result<(), String> {
        if let Some((file, before)) = &self.origin {
            let now = file.metadata().map_err(|e| io_text(&e))?;
            if Snapshot::of(&now) != *before {
                return Err(fracture_host::messages::changed_while_read());
            }
        }
        Ok(())
    }

    /// Corrupts the input into `out`, a file open for reading and writing, fixing its checksums there.
    pub fn corrupt_fixed_into(
        &self,
        settings: &Settings,
        seed: u64,
        out: &std::fs::File,
        progress: OnProgress,
    ) -> Result<Report, stream::StreamError> {
        stream::corrupt_fixed(self.src.as_ref(), out, &self.args(settings, seed), &mut |done, total| {
            progress(if total == 0 { 1.0 } else { done as f64 / total as f64 })
        })
    }

    /// Corrupts the input into `sink` (reading, corrupting, measuring and writing overlap). On the
    /// checksum route `ThroughTemporaryFile` (fracture_host::plan::checksums) the output is made in a temporary file
    /// (as large as the output), then copied.
    pub fn corrupt_into(
        &self,
        settings: &Settings,
        seed: u64,
        checksums: Checksums,
        sink: &mut (dyn Write + Send),
        progress: OnProgress,
    ) -> Result<Report, stream::StreamError> {
        if checksums != Checksums::Unfixed {
            // A file with no name, in the system's temporary directory: nothing to remove, however the
            // run ends.
            let mut file = tempfile::tempfile().map_err(stream::StreamError::Io)?;
            let report = self.corrupt_fixed_into(settings, seed, &file, progress).and_then(|report| {
                use std::io::{Seek, SeekFrom};
                file.seek(SeekFrom::Start(0)).map_err(stream::StreamError::Io)?;
                std::io::copy(&mut file, sink).map_err(stream::StreamError::Write)?;
                sink.flush().map_err(stream::StreamError::Write)?;
                Ok(report)
            });
            return report;
        }
        self.corrupt_unfixed_into(settings, seed, sink, progress)
    }

    /// Corrupts the input into `sink` for a run that shows no report: the same bytes, without the
    /// SHA-256s and byte counts only the report shows (`stream::write_stream`); returns the output's
    /// length. Checksum fixing goes through `corrupt_into`.
    pub fn write_unreported(
        &self,
        settings: &Settings,
        seed: u64,
        sink: &mut (dyn Write + Send),
        progress: OnProgress,
    ) -> Result<u64, stream::StreamError> {
        stream::write_stream(self.src.as_ref(), &self.args(settings, seed), sink, &mut |done, total| {
            progress(if total == 0 { 1.0 } else { done as f64 / total as f64 })
        })
    }

    fn corrupt_unfixed_into(
        &self,
        settings: &Settings,
        seed: u64,
        sink: &mut (dyn Write + Send),
        progress: OnProgress,
    ) -> Result<Report, stream::StreamError> {
        stream::corrupt_stream(self.src.as_ref(), &self.args(settings, seed), sink, &mut |done, total| {
            progress(if total == 0 { 1.0 } else { done as f64 / total as f64 })
        })
    }
}
