//! One input through the engine's stages: the one place where a file becomes its corrupted bytes and
//! report. Reading (from a file or standard input) and writing (to a file or standard output) happen
//! around it, so new options change one function.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use fracture_engine::stream::{self, FileSource, Source};
use fracture_engine::{Job, Options, Report, Value, MAX_INPUT};

use crate::read;

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
        let meta = std::fs::metadata(path).map_err(|e| io_text(&e))?;
        if meta.is_dir() {
            return Err("is a directory".into());
        }
        if meta.len() > MAX_INPUT {
            return Err(fracture_engine::EngineError::TooLarge(meta.len()).to_string());
        }
        check()?;
        let size = meta.len().max(1) as f64;
        let (bytes, sha256, counts) =
            read::read_measured(path, meta.len(), &mut |done| progress(SCAN * done as f64 / size))
                .map_err(|e| io_text(&e))?;
        Ok(Input { name: file_name(path), bytes, sha256, counts })
    }

    /// Standard input to its end, under `name`.
    pub fn read_stdin(name: &str) -> Result<Input, String> {
        let (bytes, sha256, counts) = read::read_stdin_measured(MAX_INPUT).map_err(|e| io_text(&e))?;
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

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| path.display().to_string())
}

pub fn io_text(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        std::io::ErrorKind::BrokenPipe => "standard output was closed".into(),
        _ => e.to_string(),
    }
}

/// An input read by position as it is corrupted (every mode, checksum fixing included), so memory
/// stays bounded whatever its size.
pub struct Streamed {
    pub name: String,
    src: Box<dyn Source + Send>,
    /// Standard input longer than `STDIN_IN_MEMORY`, copied to a temporary file removed on drop.
    spool: Option<PathBuf>,
}

impl Drop for Streamed {
    fn drop(&mut self) {
        if let Some(path) = &self.spool {
            let _ = std::fs::remove_file(path);
        }
    }
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
    let meta = std::fs::metadata(path).map_err(|e| io_text(&e))?;
    if meta.is_dir() {
        return Err("is a directory".into());
    }
    check()?;
    let src = FileSource::open(path).map_err(|e| io_text(&e))?;
    Ok(Opened::Stream(Streamed { name: file_name(path), src: Box::new(src), spool: None }))
}

/// Opens standard input: streamed from memory, or from a temporary copy past `STDIN_IN_MEMORY`.
pub fn open_stdin(name: &str, settings: &Settings) -> Result<Opened, String> {
    if settings.whole {
        return Input::read_stdin(name).map(|i| Opened::Whole(Box::new(i)));
    }
    let mut head = Vec::new();
    let mut stdin = std::io::stdin().lock();
    (&mut stdin).take(STDIN_IN_MEMORY + 1).read_to_end(&mut head).map_err(|e| io_text(&e))?;
    if head.len() as u64 <= STDIN_IN_MEMORY {
        return Ok(Opened::Stream(Streamed { name: name.to_string(), src: Box::new(Memory(head)), spool: None }));
    }
    let path = temp_path("stdin");
    let mut streamed =
        Streamed { name: name.to_string(), src: Box::new(Memory(Vec::new())), spool: Some(path.clone()) };
    let copied = std::fs::File::create(&path).and_then(|mut f| {
        f.write_all(&head)?;
        drop(head);
        std::io::copy(&mut stdin, &mut f)?;
        f.flush()
    });
    copied.map_err(|e| format!("cannot copy standard input to {}: {}", path.display(), io_text(&e)))?;
    streamed.src = Box::new(FileSource::open(&path).map_err(|e| io_text(&e))?);
    Ok(Opened::Stream(streamed))
}

/// A new path in the system's temporary directory for this process's `what` (the caller removes it).
fn temp_path(what: &str) -> PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!("fracture-{what}-{}-{nanos}", std::process::id()))
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

    /// The arguments' checks for this input, before its output is created.
    pub fn check(&self, settings: &Settings, seed: u64) -> Result<(), String> {
        stream::check(self.src.size(), settings.mode, settings.intensity, seed, settings.options)
            .map_err(|e| e.to_string())
    }

    /// Whether the run fixes checksums, and so needs its output as a file (`corrupt_fixed_into`).
    pub fn fixes(settings: &Settings) -> bool {
        settings.options.fix_checksums
    }

    /// Corrupts the input into `out`, a file open for reading and writing, fixing its checksums there.
    pub fn corrupt_fixed_into(
        &self,
        settings: &Settings,
        seed: u64,
        out: &std::fs::File,
        progress: OnProgress,
    ) -> Result<Report, stream::StreamError> {
        stream::corrupt_fixed(
            self.src.as_ref(),
            out,
            &self.name,
            settings.mode,
            settings.intensity,
            seed,
            settings.options,
            &mut |done, total| progress(if total == 0 { 1.0 } else { done as f64 / total as f64 }),
        )
    }

    /// Corrupts the input into `sink` (reading, corrupting, measuring and writing overlap). With
    /// checksum fixing the output is made in a temporary file (as large as the output), then copied.
    pub fn corrupt_into(
        &self,
        settings: &Settings,
        seed: u64,
        sink: &mut (dyn Write + Send),
        progress: OnProgress,
    ) -> Result<Report, stream::StreamError> {
        if Self::fixes(settings) {
            let path = temp_path("out");
            let file = std::fs::File::options().read(true).write(true).create_new(true).open(&path);
            let mut file = file.map_err(stream::StreamError::Io)?;
            let report = self.corrupt_fixed_into(settings, seed, &file, progress).and_then(|report| {
                use std::io::{Seek, SeekFrom};
                file.seek(SeekFrom::Start(0)).map_err(stream::StreamError::Io)?;
                std::io::copy(&mut file, sink).map_err(stream::StreamError::Write)?;
                sink.flush().map_err(stream::StreamError::Write)?;
                Ok(report)
            });
            let _ = std::fs::remove_file(&path);
            return report;
        }
        self.corrupt_unfixed_into(settings, seed, sink, progress)
    }

    fn corrupt_unfixed_into(
        &self,
        settings: &Settings,
        seed: u64,
        sink: &mut (dyn Write + Send),
        progress: OnProgress,
    ) -> Result<Report, stream::StreamError> {
        stream::corrupt_stream(
            self.src.as_ref(),
            &self.name,
            settings.mode,
            settings.intensity,
            seed,
            settings.options,
            sink,
            &mut |done, total| progress(if total == 0 { 1.0 } else { done as f64 / total as f64 }),
        )
    }
}

/// Old outputs being deleted on threads of their own: joined when dropped, so that none is left
/// behind when the process ends.
#[derive(Default)]
pub struct Discarded(Vec<std::thread::JoinHandle<()>>);

impl Drop for Discarded {
    fn drop(&mut self) {
        for handle in self.0.drain(..) {
            let _ = handle.join();
        }
    }
}

/// Creates the output file at `path` (readable too when `read`: checksum fixing patches it). An
/// existing regular file there is not truncated in place but renamed aside and deleted on a thread
/// of its own while the new one is written: on ext4, truncating 200 MiB takes about 45 ms inside
/// open(), and a file truncated and written again is flushed when it is closed (the file system's
/// guard for replace-by-truncate, auto_da_alloc), both on the run's critical path. A new file has
/// neither cost. Where the rename fails, the file is truncated as before.
pub fn create_output(path: &Path, read: bool, discarded: &mut Discarded) -> std::io::Result<std::fs::File> {
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_file()) {
        let mut aside = path.as_os_str().to_owned();
        aside.push(format!(".fracture-old-{}-{}", std::process::id(), discarded.0.len()));
        let aside = PathBuf::from(aside);
        if std::fs::rename(path, &aside).is_ok() {
            discarded.0.push(std::thread::spawn(move || {
                let _ = std::fs::remove_file(aside);
            }));
        }
    }
    std::fs::File::options().read(read).write(true).create(true).truncate(true).open(path)
}
