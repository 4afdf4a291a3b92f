//! `fracture`: corrupt files from the command line, byte-identical to the browser and the npm CLI.
//! Usage and exit codes: docs/contract.md, section 11.3, and README.md (and `fracture --help`).

mod args;
mod changes;
mod host_fields;
mod minimize;
mod names;
mod pdf;
mod process;
mod read;
mod report_text;
mod reports;
mod session;
mod ui;
mod ui_modes;
mod zip;

use std::path::Path;
use std::process::ExitCode;

use fracture_engine::Report;

use args::{Args, Parsed, STDIN};
use process::{Input, Settings};
use ui::Ui;

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match args::parse(&argv) {
        Ok(Parsed::Run(a)) => run(a),
        Ok(Parsed::Minimize(o)) => minimize::run(o),
        Ok(Parsed::Print(text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("fracture: {msg} (see fracture --help)");
            ExitCode::from(2)
        }
    }
}

/// One corrupted file, kept for the ZIP.
struct Done {
    out_name: String,
    data: Vec<u8>,
    report: Report,
}

/// The seed of variant `j` of file `i`: seed + i * count + j (None past u64; the engine refuses
/// anything past MAX_SEED with its own message).
fn seed_of(a: &Args, i: usize, j: u64) -> Option<u64> {
    (i as u64).checked_mul(a.count)?.checked_add(j)?.checked_add(a.seed)
}

fn run(a: Args) -> ExitCode {
    if a.count == 1 {
        eprintln!("fracture: seed {} (file i uses seed + i)", a.seed);
    } else {
        eprintln!("fracture: seed {} (variant j of file i uses seed + i * {} + j)", a.seed, a.count);
    }
    // With `-` among the FILEs standard output carries its bytes, so every line goes to stderr.
    let filter = a.files.iter().any(|f| f.as_os_str() == STDIN);
    let settings = Settings { mode: &a.mode, intensity: a.intensity, options: &a.options };
    let sizes: Vec<u64> =
        a.files.iter().map(|f| std::fs::metadata(f).ok().filter(|m| m.is_file()).map_or(0, |m| m.len())).collect();
    let mut ui = Ui::new(!a.quiet && !a.json, sizes.iter().sum::<u64>() * a.count);
    let line = |ui: &Ui, text: &str| if filter { ui.err(text) } else { ui.out(text) };
    let started = std::time::SystemTime::now();
    let mut out_dir = OutDir { path: &a.out, ready: false };
    let mut out_names = names::Dedup::default();
    let mut report_names = names::Dedup::default();
    let mut pdf_names = names::Dedup::default();
    let mut done: Vec<Done> = Vec::new();
    let mut failed = 0usize;
    for (i, file) in a.files.iter().enumerate() {
        let fail = |ui: &Ui, msg: &str| ui.err(&format!("fracture: {}: {msg}", file.display()));
        let first_seed = seed_of(&a, i, 0);
        ui.start(&file.display().to_string(), sizes[i]);
        let read = if file.as_os_str() == STDIN {
            Input::read_stdin(&a.name).inspect(|input| ui.grow(input.bytes.len() as u64))
        } else {
            let check = || {
                let seed = first_seed.unwrap_or(u64::MAX);
                fracture_engine::check_args(&a.mode, a.intensity, seed).map(|_| ()).map_err(|e| e.to_string())
            };
            Input::read_file(file, check, &mut |f| ui.progress(f))
        };
        let mut input = match read {
            Ok(input) => Some(input),
            Err(msg) => {
                fail(&ui, &msg);
                failed += a.count as usize;
                ui.done();
                continue;
            }
        };
        for j in 0..a.count {
            // The last variant takes the bytes; the others work on copies.
            let this = if j + 1 < a.count { input.clone() } else { input.take() };
            let Some(this) = this else { break };
            let name = this.name.clone();
            let size = this.bytes.len() as u64;
            let seed = seed_of(&a, i, j).unwrap_or(u64::MAX);
            if j > 0 {
                ui.start(&format!("{} (seed {seed})", file.display()), size);
            }
            // The PDF's change map compares against the original, which the engine may take over.
            let original = a.pdf.then(|| this.bytes.clone());
            let corrupted = match process::corrupt(this, &settings, seed, &mut |f| ui.progress(f)) {
                Ok(c) => c,
                Err(msg) => {
                    fail(&ui, &msg);
                    failed += 1;
                    ui.done();
                    continue;
                }
            };
            let (out_name, destination, written) = if file.as_os_str() == STDIN {
                let (written, report) = corrupted.write_and_report(&mut std::io::stdout().lock());
                let written = written.map_err(|e| format!("cannot write standard output: {}", process::io_text(&e)));
                (String::new(), "standard output".to_string(), written.map(|()| report))
            } else {
                let out_name = out_names.claim(&if a.count > 1 {
                    names::variant_name(&name, seed)
                } else {
                    names::corrupted_name(&name)
                });
                if let Err(msg) = out_dir.ensure() {
                    ui.finish();
                    eprintln!("fracture: {msg}");
                    return ExitCode::from(1);
                }
                let out_path = a.out.join(&out_name);
                let written = std::fs::File::create(&out_path)
                    .and_then(|mut f| {
                        let (written, report) = corrupted.write_and_report(&mut f);
                        written.map(|()| report)
                    })
                    .map_err(|e| format!("cannot write {}: {}", out_path.display(), process::io_text(&e)));
                (out_name, out_path.display().to_string(), written)
            };
            let report = match written {
                Ok(mut report) => {
                    host_fields::add(&mut report);
                    report
                }
                Err(msg) => {
                    fail(&ui, &msg);
                    failed += 1;
                    ui.done();
                    continue;
                }
            };
            ui.progress(1.0);
            let report_name =
                if a.count > 1 { names::variant_report_name(&name, seed) } else { names::report_name(&name) };
            if a.report {
                let written = out_dir.ensure().and_then(|()| {
                    let report_path = a.out.join(report_names.claim(&report_name));
                    std::fs::write(&report_path, report.to_json_pretty() + "\n")
                        .map_err(|e| format!("cannot write {}: {}", report_path.display(), process::io_text(&e)))
                });
                if let Err(msg) = written {
                    fail(&ui, &msg);
                    failed += 1;
                    ui.done();
                    continue;
                }
            }
            if a.pdf {
                let written = out_dir.ensure().and_then(|()| {
                    let pdf_path = a.out.join(pdf_names.claim(&names::pdf_name(&report_name)));
                    reports::write_file_pdf(&pdf_path, original.as_deref().unwrap_or(&[]), corrupted.output(), &report)
                });
                if let Err(msg) = written {
                    fail(&ui, &msg);
                    failed += 1;
                    ui.done();
                    continue;
                }
            }
            let size = corrupted.output().len();
            if a.json {
                line(&ui, &report.to_json());
            } else if !a.quiet {
                line(&ui, &format!("{} -> {destination} ({size} bytes, seed {seed})", file.display()));
            }
            if a.zip.is_some() {
                done.push(Done { out_name, data: corrupted.into_output(), report });
            }
            ui.done();
        }
    }
    ui.finish();
    if let Some(zip_path) = &a.zip {
        let files: Vec<(&str, &Report)> = done.iter().map(|d| (d.out_name.as_str(), &d.report)).collect();
        let session = session::session_report(started, a.mode_name(), a.intensity, a.seed, &files);
        let session_json = session.to_json();
        let session_pdf = a.pdf.then(|| pdf::session_report(&session, std::time::SystemTime::now()));
        let mut entries: Vec<(String, &[u8])> = done.iter().map(|d| (d.out_name.clone(), d.data.as_slice())).collect();
        entries.push((session::report_name(started), session_json.as_bytes()));
        if let Some(pdf) = &session_pdf {
            entries.push((session::pdf_name(started), pdf));
        }
        if let Err(e) = zip::write_file(zip_path, &entries) {
            eprintln!("fracture: cannot write {}: {e}", zip_path.display());
            return ExitCode::from(1);
        }
        if !a.json && !a.quiet {
            println!("{} ({} files + session report)", zip_path.display(), done.len());
        }
    }
    if failed > 0 {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// The output directory, created when the first file is written to it (a run that only filters
/// standard input leaves no directory behind).
struct OutDir<'a> {
    path: &'a Path,
    ready: bool,
}

impl OutDir<'_> {
    fn ensure(&mut self) -> Result<(), String> {
        if !self.ready {
            std::fs::create_dir_all(self.path).map_err(|e| {
                format!("cannot create output directory {}: {}", self.path.display(), process::io_text(&e))
            })?;
            self.ready = true;
        }
        Ok(())
    }
}
