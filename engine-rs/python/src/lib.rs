//! `fracture._native`: the engine core for the Python package (engine-rs/python/python/fracture).
//! The Python layer checks the arguments' types and ranges with the command line's messages; this
//! module runs the engine with the GIL released and returns the report as the CLI's `--json` text,
//! host fields included (`fracture_host::host_fields`), so the two are equal by construction.
//!
//! `corrupt_file` follows docs/cli.md, "Nothing lost": never onto the input (same device and inode,
//! symlinks followed), a temporary file created exclusively with mode 0600 in the destination's
//! directory, given the input's permissions (less the umask) and renamed onto the final name.

use fracture_host::messages;
use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::os::unix::fs::{MetadataExt, OpenOptionsExt, PermissionsExt};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use fracture_engine::stream::{self, FileSource, Source, StreamError};
use fracture_engine::{Args, EngineError, Job, Mode, Options, Ranges, Report, Value};
use fracture_host::{host_fields, mode_from_name};
use pyo3::exceptions::{PyOSError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::PyBytes;

fn value_error(e: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(e.to_string())
}

/// The engine's arguments, from the dict `fracture` builds after its own checks (`_settings`).
#[derive(FromPyObject)]
#[pyo3(from_item_all)]
struct Settings {
    mode: String,
    intensity: u32,
    seed: u64,
    only: Vec<String>,
    protect: Vec<String>,
    fix_checksums: bool,
    member: Option<String>,
    direction: Option<String>,
    charset: Option<String>,
    bom: Option<String>,
    block_size: Option<String>,
}

impl Settings {
    fn options(&mut self) -> Options {
        let ranges = Ranges { only: std::mem::take(&mut self.only), protect: std::mem::take(&mut self.protect) };
        Options {
            ranges,
            fix_checksums: self.fix_checksums,
            member: self.member.take(),
            direction: self.direction.take(),
            charset: self.charset.take(),
            bom: self.bom.take(),
            block_size: self.block_size.take(),
        }
    }
}

/// The mode's engine name, from an engine name or a UI value; then the checks of the scan stage and
/// of the options (docs/contract.md, section 2), in the CLI's order.
fn checked(mode: &str, intensity: u32, seed: u64, options: &Options) -> Result<Mode, EngineError> {
    let mode = mode_from_name(mode)?;
    fracture_engine::check_args(mode.name(), intensity, seed)?;
    fracture_engine::check_options(mode, options)?;
    fracture_engine::check_variant(mode, options)?;
    Ok(mode)
}

fn ms(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

/// The report as the CLI prints it with `--json`: the engine's fields, then the host fields.
fn json(mut report: Report) -> String {
    host_fields::add(&mut report, None);
    report.to_json()
}

/// corrupt(data, name, settings) -> (bytes, report JSON)
#[pyfunction]
fn corrupt<'py>(
    py: Python<'py>,
    data: PyBackedBytes,
    name: String,
    mut settings: Settings,
) -> PyResult<(Bound<'py, PyBytes>, String)> {
    let options = settings.options();
    let Settings { mode, intensity, seed, .. } = settings;
    let (output, report) = py
        .detach(move || -> Result<(Vec<u8>, String), EngineError> {
            let mode = checked(&mode, intensity, seed, &options)?;
            let t0 = Instant::now();
            let mut job = Job::scan(data.to_vec(), &name, mode.name(), intensity, seed)?.with_options(&options)?;
            drop(data);
            job.plan();
            let t1 = Instant::now();
            job.corrupt();
            let ops_ms = ms(t1.elapsed());
            job.verify();
            job.drop_input();
            let mut report = job.report(0.0, 0.0);
            report.set("time_ms", Value::Num(ms(t0.elapsed())));
            report.set("ops_ms", Value::Num(ops_ms));
            Ok((job.into_output(), json(report)))
        })
        .map_err(value_error)?;
    Ok((PyBytes::new(py, &output), report))
}

/// check(settings): the CLI's checks alone (ValueError).
#[pyfunction]
fn check(mut settings: Settings) -> PyResult<()> {
    let options = settings.options();
    checked(&settings.mode, settings.intensity, settings.seed, &options).map(|_| ()).map_err(value_error)
}

/// The engine modes, in the contract's order.
#[pyfunction]
fn modes() -> Vec<&'static str> {
    Mode::ALL.iter().map(|m| m.name()).collect()
}

/// `(UI value, engine mode)` pairs, which `mode` takes as well.
#[pyfunction]
fn ui_modes() -> Vec<(&'static str, &'static str)> {
    fracture_host::ui_modes::UI_VALUES.iter().map(|(ui, m)| (*ui, m.name())).collect()
}

/// The engine's version, as reports name it (`fracture-engine/1`).
#[pyfunction]
fn engine_version() -> &'static str {
    fracture_engine::ENGINE_VERSION
}

/// What a file is, when it is not a regular file (docs/cli.md, "Special inputs").
fn kind(meta: &std::fs::Metadata) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    let t = meta.file_type();
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_char_device() {
        "a character device"
    } else if t.is_block_device() {
        "a block device"
    } else if t.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

/// The path a write to `path` lands on: `path`, or the file its symlinks name (followed to the end,
/// which need not exist yet). Relative link targets are read from the link's directory.
fn final_target(path: &Path) -> io::Result<PathBuf> {
    let mut p = path.to_path_buf();
    for _ in 0..40 {
        match std::fs::symlink_metadata(&p) {
            Ok(m) if m.file_type().is_symlink() => {
                let target = std::fs::read_link(&p)?;
                p = match p.parent() {
                    Some(dir) if target.is_relative() => dir.join(target),
                    _ => target,
                };
            }
            _ => return Ok(p),
        }
    }
    Err(io::Error::other(format!("{}: too many levels of symbolic links", path.display())))
}

/// The process's umask, read without changing it (Linux: /proc/self/status), else 022.
fn umask() -> u32 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find_map(|l| l.strip_prefix("Umask:").and_then(|v| u32::from_str_radix(v.trim(), 8).ok()))
        })
        .unwrap_or(0o022)
}

/// A new temporary file in `dir`, created exclusively with mode 0600: `.fracture-{pid}-{n}-{random}.tmp`.
fn temp_file(dir: &Path) -> io::Result<(PathBuf, File)> {
    use std::collections::hash_map::RandomState;
    use std::hash::{BuildHasher, Hasher};
    static COUNT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    loop {
        let n = COUNT.fetch_add(1, Ordering::Relaxed);
        let mut h = RandomState::new().build_hasher();
        h.write_u64(n);
        let path = dir.join(format!(".fracture-{}-{n}-{:08x}.tmp", std::process::id(), h.finish() as u32));
        match File::options().read(true).write(true).create_new(true).mode(0o600).open(&path) {
            Ok(f) => return Ok((path, f)),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
}

/// A sink that fails once `stop` is set (Ctrl-C in the calling thread).
struct Stoppable<'a, W: Write> {
    inner: W,
    stop: &'a AtomicBool,
}

impl<W: Write> Write for Stoppable<'_, W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.stop.load(Ordering::Relaxed) {
            // Not ErrorKind::Interrupted, which write_all retries.
            return Err(io::Error::other("interrupted"));
        }
        self.inner.write(buf)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// What went wrong in `corrupt_file`: an argument (ValueError), or I/O (OSError).
enum Failure {
    Value(String),
    Io(io::Error, Option<PathBuf>),
    Py(PyErr),
}

impl From<Failure> for PyErr {
    fn from(f: Failure) -> PyErr {
        match f {
            Failure::Value(msg) => PyValueError::new_err(msg),
            Failure::Io(e, Some(path)) => match e.raw_os_error() {
                // The errno's subclass (FileNotFoundError, PermissionError, ...) with the path as its
                // filename, as open() raises them.
                Some(errno) => {
                    let text = e.to_string();
                    let text = text.split(" (os error").next().unwrap_or(&text).to_string();
                    let err = PyErr::from(e);
                    Python::attach(|py| {
                        err.get_type(py)
                            .call1((errno, text, path.display().to_string()))
                            .map(PyErr::from_value)
                            .unwrap_or(err)
                    })
                }
                None => PyOSError::new_err(format!("{}: {e}", path.display())),
            },
            Failure::Io(e, None) => PyErr::from(e),
            Failure::Py(e) => e,
        }
    }
}

/// An I/O error about `path`.
fn io_at(path: &Path) -> impl Fn(io::Error) -> Failure + '_ {
    move |e| Failure::Io(e, Some(path.to_path_buf()))
}

fn stream_failure(e: StreamError, src: &Path, dst: &Path) -> Failure {
    match e {
        StreamError::Engine(e) => Failure::Value(e.to_string()),
        StreamError::Io(e) => Failure::Io(e, Some(src.to_path_buf())),
        StreamError::Write(e) => Failure::Io(e, Some(dst.to_path_buf())),
    }
}

/// corrupt_file(src, dst, name, settings) -> report JSON
#[pyfunction]
fn corrupt_file(
    py: Python<'_>,
    src: PathBuf,
    dst: PathBuf,
    name: Option<String>,
    mut settings: Settings,
) -> PyResult<String> {
    let options = settings.options();
    let Settings { mode, intensity, seed, .. } = settings;
    let mode = checked(&mode, intensity, seed, &options).map_err(value_error)?;
    py.detach(|| run_file(&src, &dst, name, mode, intensity, seed, &options)).map_err(PyErr::from)
}

fn run_file(
    src: &Path,
    dst: &Path,
    name: Option<String>,
    mode: Mode,
    intensity: u32,
    seed: u64,
    options: &Options,
) -> Result<String, Failure> {
    // The input: a regular file (symlinks followed), identified by device and inode.
    let meta = std::fs::metadata(src).map_err(io_at(src))?;
    if !meta.is_file() {
        return Err(Failure::Value(messages::not_regular(&src.display().to_string(), kind(&meta))));
    }
    let file = File::open(src).map_err(io_at(src))?;
    let opened = file.metadata().map_err(io_at(src))?;
    if !opened.is_file() || (opened.dev(), opened.ino()) != (meta.dev(), meta.ino()) {
        return Err(Failure::Io(io::Error::other(messages::changed_while_read()), Some(src.into())));
    }
    // The output: where the write lands, symlinks followed; never a directory, never the input.
    let target = final_target(dst).map_err(io_at(dst))?;
    if let Ok(m) = std::fs::metadata(&target) {
        if m.is_dir() {
            return Err(Failure::Value(messages::output_is_directory(&dst.display().to_string())));
        }
        if !m.is_file() {
            return Err(Failure::Value(messages::output_not_regular(&dst.display().to_string(), kind(&m))));
        }
        if (m.dev(), m.ino()) == (opened.dev(), opened.ino()) {
            return Err(Failure::Value(messages::output_is_input(
                &dst.display().to_string(),
                &src.display().to_string(),
            )));
        }
    }
    // `member` rebuilds the archive around its members: the file is read whole (at most 4294967295 bytes).
    let whole = match options.member {
        Some(_) => {
            let mut bytes = Vec::new();
            (&file).read_to_end(&mut bytes).map_err(io_at(src))?;
            Some(bytes)
        }
        None => None,
    };
    let source = FileSource::new(file).map_err(io_at(src))?;
    if whole.is_none() {
        stream::check(source.size(), &Args { name: "", mode: mode.name(), intensity, seed, options })
            .map_err(|e| stream_failure(e, src, dst))?;
    }
    let name = name.unwrap_or_else(|| {
        src.file_name().map_or_else(|| src.display().to_string(), |n| n.to_string_lossy().into_owned())
    });
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let (tmp, out) = temp_file(&dir).map_err(io_at(&dir))?;
    let written = run_interruptible(|stop| {
        let args = Args { name: &name, mode: mode.name(), intensity, seed, options };
        match whole {
            Some(bytes) => write_whole(bytes, &out, &args),
            None => write_output(&source, &out, &args, stop),
        }
    })
    .and_then(|r| r.map_err(|e| stream_failure(e, src, dst)))
    .and_then(|report| {
        // The input's permissions, less the umask, no broader than a new file's.
        let perm = (0o666 & !umask()) & (meta.mode() & 0o777);
        out.set_permissions(std::fs::Permissions::from_mode(perm)).map_err(io_at(dst))?;
        drop(out);
        std::fs::rename(&tmp, &target).map_err(io_at(dst))?;
        Ok(report)
    });
    if written.is_err() {
        // Nothing half-written is left behind, and the final name is as it was.
        let _ = std::fs::remove_file(&tmp);
    }
    written.map(json)
}

/// Runs `work` on a thread of its own while this one (the caller's, without the GIL) checks for
/// signals every 50 ms: Ctrl-C sets the flag `work` watches and comes back as KeyboardInterrupt once
/// `work` has stopped.
fn run_interruptible<T: Send>(work: impl FnOnce(&AtomicBool) -> T + Send) -> Result<T, Failure> {
    let stop = AtomicBool::new(false);
    let mut signal: Option<PyErr> = None;
    let done = std::thread::scope(|scope| {
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let stop = &stop;
        let worker = scope.spawn(move || {
            let r = work(stop);
            let _ = tx.send(());
            r
        });
        while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(Duration::from_millis(50)) {
            if signal.is_none() {
                if let Err(e) = Python::attach(|py| py.check_signals()) {
                    stop.store(true, Ordering::Relaxed);
                    signal = Some(e);
                }
            }
        }
        worker.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic))
    });
    match signal {
        Some(e) => Err(Failure::Py(e)),
        None => Ok(done),
    }
}

/// The engine's whole-buffer run of `bytes` into `out` (`member`).
fn write_whole(bytes: Vec<u8>, out: &File, args: &Args) -> Result<Report, StreamError> {
    let t0 = Instant::now();
    let mut job = Job::scan(bytes, args.name, args.mode, args.intensity, args.seed)
        .and_then(|job| job.with_options(args.options))
        .map_err(StreamError::Engine)?;
    job.plan();
    job.corrupt();
    job.verify();
    job.drop_input();
    let mut report = job.report(0.0, 0.0);
    let mut sink = BufWriter::new(out);
    sink.write_all(job.output()).and_then(|()| sink.flush()).map_err(StreamError::Write)?;
    report.set("time_ms", Value::Num(ms(t0.elapsed())));
    Ok(report)
}

/// The engine's streamed run of `src` into `out`, as the native CLI makes it: checksum fixing
/// patches the output file in place; every other run streams through a 1 MiB buffer.
fn write_output(src: &FileSource, out: &File, args: &Args, stop: &AtomicBool) -> Result<Report, StreamError> {
    let mut progress = |_: u64, _: u64| {};
    if args.options.fix_checksums {
        return stream::corrupt_fixed(src, out, args, &mut progress);
    }
    let mut sink = Stoppable { inner: BufWriter::with_capacity(1 << 20, out), stop };
    let report = stream::corrupt_stream(src, args, &mut sink, &mut progress)?;
    sink.flush().map_err(StreamError::Write)?;
    Ok(report)
}

mod diagnose;

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(diagnose::diagnose_file, m)?)?;
    m.add_function(wrap_pyfunction!(diagnose::diagnose_bytes, m)?)?;
    m.add_function(wrap_pyfunction!(corrupt, m)?)?;
    m.add_function(wrap_pyfunction!(corrupt_file, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(modes, m)?)?;
    m.add_function(wrap_pyfunction!(ui_modes, m)?)?;
    m.add_function(wrap_pyfunction!(engine_version, m)?)?;
    m.add("MAX_SEED", fracture_engine::MAX_SEED)?;
    Ok(())
}
