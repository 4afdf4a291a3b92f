//! `fracture`: corrupt files from the command line, byte-identical to the browser and the npm CLI.
//! Usage and exit codes: docs/contract.md, section 11.3, and docs/usage.md (and `fracture --help`).

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

use fracture_engine::stream::StreamError;
use fracture_engine::Report;

use args::{Args, Parsed, STDIN};
use process::{Input, Opened, Settings};
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
    data: zip::Data,
    report: Report,
}

/// Why writing an output failed: the sink, or reading the input (already one line of text).
enum Fault {
    Write(std::io::Error),
    Read(String),
}

fn report_size(report: &Report) -> u64 {
    match report.get("result_size") {
        Some(fracture_engine::Value::Int(n)) => *n,
        _ => 0,
    }
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
    // --pdf holds each input whole: its change map compares the whole original and result.
    let settings = Settings { mode: &a.mode, intensity: a.intensity, options: &a.options, whole: a.pdf };
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
    let mut discarded = process::Discarded::default();
    for (i, file) in a.files.iter().enumerate() {
        let fail = |ui: &Ui, msg: &str| ui.err(&format!("fracture: {}: {msg}", file.display()));
        let first_seed = seed_of(&a, i, 0);
        ui.start(&file.display().to_string(), sizes[i]);
        let read = if file.as_os_str() == STDIN {
            process::open_stdin(&a.name, &settings).inspect(|input| ui.grow(input.size()))
        } else {
            let check = || {
                let seed = first_seed.unwrap_or(u64::MAX);
                fracture_engine::check_args(&a.mode, a.intensity, seed).map(|_| ()).map_err(|e| e.to_string())
            };
            process::open_file(file, &settings, check, &mut |f| ui.progress(f))
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
            let (size, name, whole) = match input.as_ref() {
                Some(Opened::Whole(i)) => (i.bytes.len() as u64, i.name.clone(), true),
                Some(Opened::Stream(s)) => (s.size(), s.name.clone(), false),
                None => break,
            };
            let seed = seed_of(&a, i, j).unwrap_or(u64::MAX);
            if j > 0 {
                ui.start(&format!("{} (seed {seed})", file.display()), size);
            }
            // Whole inputs run their stages first; streamed ones check their arguments first and run
            // as they are written.
            let mut original: Option<Vec<u8>> = None;
            let corrupted = if whole {
                // The last variant takes the bytes; the others work on copies.
                let this = match (j + 1 < a.count, &input) {
                    (true, Some(Opened::Whole(i))) => Some(Input::clone(i)),
                    (false, _) => match input.take() {
                        Some(Opened::Whole(i)) => Some(*i),
                        _ => None,
                    },
                    _ => None,
                };
                let Some(this) = this else { break };
                // The PDF's change map compares against the original, which the engine may take over.
                original = a.pdf.then(|| this.bytes.clone());
                process::corrupt(this, &settings, seed, &mut |f| ui.progress(f)).map(Some)
            } else {
                match &input {
                    Some(Opened::Stream(s)) => s.check(&settings, seed).map(|()| None),
                    _ => break,
                }
            };
            let corrupted = match corrupted {
                Ok(c) => c,
                Err(msg) => {
                    fail(&ui, &msg);
                    failed += 1;
                    ui.done();
                    continue;
                }
            };
            let streamed = match &input {
                Some(Opened::Stream(s)) => Some(s),
                _ => None,
            };
            // Writes the output to `sink`: the report, or the failure as one line.
            let produce = |sink: &mut (dyn std::io::Write + Send), ui: &mut Ui| -> Result<Report, Fault> {
                match (&corrupted, streamed) {
                    (Some(c), _) => {
                        let (written, report) = c.write_and_report(sink);
                        written.map(|()| report).map_err(Fault::Write)
                    }
                    (None, Some(s)) => {
                        s.corrupt_into(&settings, seed, sink, &mut |f| ui.progress(f)).map_err(|e| match e {
                            StreamError::Write(e) => Fault::Write(e),
                            StreamError::Io(e) => Fault::Read(process::io_text(&e)),
                            e => Fault::Read(e.to_string()),
                        })
                    }
                    (None, None) => Err(Fault::Read("no input".into())),
                }
            };
            let (out_name, destination, written, out_path) = if file.as_os_str() == STDIN {
                let written = produce(&mut std::io::stdout(), &mut ui).map_err(|f| match f {
                    Fault::Write(e) => format!("cannot write standard output: {}", process::io_text(&e)),
                    Fault::Read(msg) => msg,
                });
                (String::new(), "standard output".to_string(), written, None)
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
                let cannot =
                    |e: &std::io::Error| format!("cannot write {}: {}", out_path.display(), process::io_text(e));
                // Checksum fixing patches the output in place, so it opens the file for reading too.
                let fixing = streamed.filter(|_| process::Streamed::fixes(&settings));
                let opened = process::create_output(&out_path, fixing.is_some(), &mut discarded);
                let written = match (opened, fixing) {
                    (Err(e), _) => Err(cannot(&e)),
                    (Ok(f), Some(s)) => {
                        s.corrupt_fixed_into(&settings, seed, &f, &mut |p| ui.progress(p)).map_err(|e| match e {
                            StreamError::Write(e) => cannot(&e),
                            StreamError::Io(e) => process::io_text(&e),
                            e => e.to_string(),
                        })
                    }
                    (Ok(f), None) => {
                        // Large writes: the stream hands over whole pieces, and the file takes them as they are.
                        let mut f = std::io::BufWriter::with_capacity(1 << 20, f);
                        produce(&mut f, &mut ui).map_err(|fault| match fault {
                            Fault::Write(e) => cannot(&e),
                            Fault::Read(msg) => msg,
                        })
                    }
                };
                if written.is_err() {
                    // Nothing half-written is left behind.
                    let _ = std::fs::remove_file(&out_path);
                }
                (out_name, out_path.display().to_string(), written, Some(out_path))
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
                    let output = corrupted.as_ref().map_or(&[][..], |c| c.output());
                    reports::write_file_pdf(&pdf_path, original.as_deref().unwrap_or(&[]), output, &report)
                });
                if let Err(msg) = written {
                    fail(&ui, &msg);
                    failed += 1;
                    ui.done();
                    continue;
                }
            }
            let size = report_size(&report);
            if a.json {
                line(&ui, &report.to_json());
            } else if !a.quiet {
                line(&ui, &format!("{} -> {destination} ({size} bytes, seed {seed})", file.display()));
            }
            if a.zip.is_some() {
                // Streamed outputs go into the ZIP from their files, so memory stays bounded.
                let data = match (corrupted, out_path) {
                    (Some(c), _) => zip::Data::Bytes(c.into_output()),
                    (None, Some(path)) => zip::Data::File(path),
                    (None, None) => zip::Data::Bytes(Vec::new()),
                };
                done.push(Done { out_name, data, report });
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
        let mut entries: Vec<(String, zip::Entry)> =
            done.iter().map(|d| (d.out_name.clone(), d.data.entry())).collect();
        entries.push((session::report_name(started), zip::Entry::Bytes(session_json.as_bytes())));
        if let Some(pdf) = &session_pdf {
            entries.push((session::pdf_name(started), zip::Entry::Bytes(pdf)));
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
