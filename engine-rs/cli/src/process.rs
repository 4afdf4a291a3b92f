//! One input through the engine's stages: the one place where a file becomes its corrupted bytes and
//! report. Reading (from a file or standard input) and writing (to a file or standard output) happen
//! around it, so new options change one function.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

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
