//! `fracture`: corrupt files from the command line, byte-identical to the browser and the npm CLI.
//! Usage and exit codes: docs/contract.md, section 11.3 (and `fracture --help`).

mod args;
mod names;
mod read;
mod session;
mod ui_modes;
mod zip;

use std::io::Write;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use fracture_engine::{Job, Report, Value, MAX_INPUT};

use args::{Args, Parsed};

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let args = match args::parse(&argv) {
        Ok(Parsed::Run(a)) => a,
        Ok(Parsed::Print(text)) => {
            print!("{text}");
            return ExitCode::SUCCESS;
        }
        Err(msg) => {
            eprintln!("fracture: {msg} (see fracture --help)");
            return ExitCode::from(2);
        }
    };
    run(args)
}

/// One corrupted file, kept for the ZIP.
struct Done {
    out_name: String,
    data: Vec<u8>,
    report: Report,
}

fn run(a: Args) -> ExitCode {
    eprintln!("fracture: seed {} (file i uses seed + i)", a.seed);
    if let Err(e) = std::fs::create_dir_all(&a.out) {
        eprintln!("fracture: cannot create output directory {}: {e}", a.out.display());
        return ExitCode::from(1);
    }
    let started = std::time::SystemTime::now();
    let mut out_names = names::Dedup::default();
    let mut report_names = names::Dedup::default();
    let mut done: Vec<Done> = Vec::new();
    let mut failed = 0usize;
    let stdout = std::io::stdout();
    for (i, file) in a.files.iter().enumerate() {
        let seed = a.seed + i as u64;
        match corrupt_file(file, &a.mode, a.intensity, seed) {
            Ok(corrupted) => {
                let name = corrupted.name.clone();
                let out_name = out_names.claim(&names::corrupted_name(&name));
                let out_path = a.out.join(&out_name);
                let (written, report) = corrupted.write_and_report(&out_path);
                if let Err(e) = written {
                    eprintln!("fracture: {}: cannot write {}: {e}", file.display(), out_path.display());
                    failed += 1;
                    continue;
                }
                let data = corrupted.job.into_output();
                if a.report {
                    let report_path = a.out.join(report_names.claim(&names::report_name(&name)));
                    if let Err(e) = std::fs::write(&report_path, report.to_json_pretty() + "\n") {
                        eprintln!("fracture: {}: cannot write {}: {e}", file.display(), report_path.display());
                        failed += 1;
                        continue;
                    }
                }
                if a.json {
                    let _ = writeln!(stdout.lock(), "{}", report.to_json());
                } else {
                    let _ = writeln!(
                        stdout.lock(),
                        "{} -> {} ({} bytes, seed {seed})",
                        file.display(),
                        out_path.display(),
                        data.len()
                    );
                }
                if a.zip.is_some() {
                    done.push(Done { out_name, data, report });
                }
            }
            Err(msg) => {
                eprintln!("fracture: {}: {msg}", file.display());
                failed += 1;
            }
        }
    }
    if let Some(zip_path) = &a.zip {
        let files: Vec<(&str, &Report)> = done.iter().map(|d| (d.out_name.as_str(), &d.report)).collect();
        let session = session::session_report(started, a.mode_name(), a.intensity, a.seed, &files);
        let mut entries: Vec<(String, &[u8])> = done.iter().map(|d| (d.out_name.clone(), d.data.as_slice())).collect();
        let session_name = session::report_name(started);
        entries.push((session_name, session.as_bytes()));
        if let Err(e) = zip::write_file(zip_path, &entries) {
            eprintln!("fracture: cannot write {}: {e}", zip_path.display());
            return ExitCode::from(1);
        }
        if !a.json {
            println!("{} ({} files + session report)", zip_path.display(), done.len());
        }
    }
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// A file through the scan, plan, corrupt and verify stages; the report is made as it is written.
struct Corrupted {
    name: String,
    job: Job,
    t0: Instant,
    ops_ms: f64,
}

impl Corrupted {
    /// Writes the output to `path` while another thread makes the report (whose entropy and SHA-256
    /// read the same bytes), so neither waits for the other.
    fn write_and_report(&self, path: &Path) -> (std::io::Result<()>, Report) {
        let (written, (mut report, ended)) = std::thread::scope(|scope| {
            let report = scope.spawn(|| (self.job.report(0.0, 0.0), Instant::now()));
            let written = std::fs::write(path, self.job.output());
            (written, report.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
        });
        report.set("time_ms", Value::Num(ms(ended - self.t0)));
        report.set("ops_ms", Value::Num(self.ops_ms));
        (written, report)
    }
}

/// Reads and corrupts one file; every failure is one line of text.
fn corrupt_file(path: &Path, mode: &str, intensity: u32, seed: u64) -> Result<Corrupted, String> {
    let name = file_name(path);
    let meta = std::fs::metadata(path).map_err(|e| io_text(&e))?;
    if meta.is_dir() {
        return Err("is a directory".into());
    }
    if meta.len() > MAX_INPUT {
        return Err(fracture_engine::EngineError::TooLarge(meta.len()).to_string());
    }
    // Bad arguments (seed + i past the limit, say) are refused before a large file is read.
    fracture_engine::check_args(mode, intensity, seed).map_err(|e| e.to_string())?;
    let (input, sha256, counts) = read::read_measured(path, meta.len()).map_err(|e| io_text(&e))?;
    let t0 = Instant::now();
    let mut job = Job::scan_measured(input, &name, mode, intensity, seed, sha256, counts).map_err(|e| e.to_string())?;
    job.plan();
    let t1 = Instant::now();
    job.corrupt();
    let ops_ms = ms(t1.elapsed());
    job.verify();
    Ok(Corrupted { name, job, t0, ops_ms })
}

fn ms(d: std::time::Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

fn file_name(path: &Path) -> String {
    path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| path.display().to_string())
}

fn io_text(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => e.to_string(),
    }
}
