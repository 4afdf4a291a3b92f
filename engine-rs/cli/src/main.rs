//! `fracture`: corrupt files from the command line, byte-identical to the browser and the npm CLI.
//! Usage and exit codes: docs/contract.md, section 11.3, and docs/usage.md (and `fracture --help`).

mod args;
mod changes;
mod display;
mod minimize;
mod names;
mod output;
mod pdf;
mod plan;
mod process;
mod read;
mod report_text;
mod reports;
mod session;
mod ui;
mod zip;

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use fracture_engine::stream::StreamError;
use fracture_engine::Report;
use fracture_host::{host_fields, ui_modes};

use args::{Args, Parsed, STDIN};
use process::{Input, Opened, Settings};
use ui::Ui;

fn main() -> ExitCode {
    output::init();
    let code = start();
    output::finish();
    code
}

fn start() -> ExitCode {
    let argv: Vec<OsString> = std::env::args_os().skip(1).collect();
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
    data: zip::Data,
    report: Report,
    /// The permission bits its input grants.
    allowed: u32,
}

/// The outputs of one variant of one FILE, named before anything is written.
struct Planned {
    /// Its output's name and path (none for standard input: standard output).
    out: Option<(OsString, PathBuf)>,
    report: Option<PathBuf>,
    pdf: Option<PathBuf>,
}

/// One FILE's outputs: its variants', and the permission bits it grants (None: not a regular file
/// when planned, or standard input that is not one).
struct FilePlan {
    variants: Vec<Planned>,
    allowed: Option<u32>,
}

/// Every output of the run, checked against the inputs and each other (docs/cli.md, "Plan, then
/// write").
fn plan(a: &Args) -> Result<Vec<FilePlan>, String> {
    let mut p = plan::Plan::default();
    let mut allowed = Vec::with_capacity(a.files.len());
    for file in &a.files {
        allowed.push(if file.as_os_str() == STDIN { p.stdin() } else { p.input(file)? });
    }
    let mut out_names = names::Dedup::default();
    let mut report_names = names::Dedup::default();
    let mut pdf_names = names::Dedup::default();
    let mut planned = Vec::with_capacity(a.files.len());
    for (i, file) in a.files.iter().enumerate() {
        let stdin = file.as_os_str() == STDIN;
        let name: &OsStr = if stdin { OsStr::new(&a.name) } else { file.file_name().unwrap_or(file.as_os_str()) };
        let mut variants = Vec::new();
        if stdin {
            p.stdout()?;
        }
        if stdin || allowed[i].is_some() {
            for j in 0..a.count {
                let seed = seed_of(a, i, j).unwrap_or(u64::MAX);
                let out = (!stdin).then(|| {
                    let named = if a.count > 1 { names::variant_name(name, seed) } else { names::corrupted_name(name) };
                    let out_name = out_names.claim(&named);
                    let path = a.out.join(&out_name);
                    (out_name, path)
                });
                if let Some((_, path)) = &out {
                    p.output(path)?;
                }
                let report_name =
                    if a.count > 1 { names::variant_report_name(name, seed) } else { names::report_name(name) };
                let report = a.report.then(|| a.out.join(report_names.claim(&report_name)));
                if let Some(path) = &report {
                    p.output(path)?;
                }
                let pdf = a.pdf.then(|| a.out.join(pdf_names.claim(&names::pdf_name(&report_name))));
                if let Some(path) = &pdf {
                    p.output(path)?;
                }
                variants.push(Planned { out, report, pdf });
            }
        }
        planned.push(FilePlan { variants, allowed: allowed[i] });
    }
    if let Some(zip) = &a.zip {
        p.output(zip)?;
    }
    Ok(planned)
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
    let planned = match plan(&a) {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("fracture: {msg} (see fracture --help)");
            return ExitCode::from(2);
        }
    };
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
    let mut done: Vec<Done> = Vec::new();
    let mut failed = 0usize;
    for (i, file) in a.files.iter().enumerate() {
        let shown = display::path(file);
        let fail = |ui: &Ui, msg: &str| ui.err(&format!("fracture: {shown}: {msg}"));
        let first_seed = seed_of(&a, i, 0);
        let FilePlan { variants, allowed } = &planned[i];
        // What the outputs of this input may grant (standard input that is not a file restricts nothing).
        let allowed = allowed.unwrap_or(0o777);
        ui.start(&shown, sizes[i]);
        let read = if file.as_os_str() == STDIN {
            process::open_stdin(&a.name, &settings).inspect(|input| ui.grow(input.size()))
        } else {
            let check = || {
                if variants.is_empty() {
                    // Not a readable file when the run was planned, but one now.
                    return Err(read::CHANGED.to_string());
                }
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
        for (j, planned) in (0..a.count).zip(variants) {
            let (size, whole) = match input.as_ref() {
                Some(Opened::Whole(i)) => (i.bytes.len() as u64, true),
                Some(Opened::Stream(s)) => (s.size(), false),
                None => break,
            };
            let seed = seed_of(&a, i, j).unwrap_or(u64::MAX);
            if j > 0 {
                ui.start(&format!("{shown} (seed {seed})"), size);
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
            // The input read must not have changed meanwhile.
            let unchanged = || streamed.map_or(Ok(()), |s| s.unchanged());
            let (destination, written, out_path) = match &planned.out {
                None => {
                    let written = produce(&mut std::io::stdout(), &mut ui)
                        .map_err(|f| match f {
                            Fault::Write(e) => format!("cannot write standard output: {}", process::io_text(&e)),
                            Fault::Read(msg) => msg,
                        })
                        .and_then(|report| unchanged().map(|()| report));
                    ("standard output".to_string(), written, None)
                }
                Some((_, out_path)) => {
                    if let Err(msg) = out_dir.ensure() {
                        ui.finish();
                        eprintln!("fracture: {msg}");
                        return ExitCode::from(1);
                    }
                    let cannot = |e: &std::io::Error| {
                        format!("cannot write {}: {}", display::path(out_path), process::io_text(e))
                    };
                    // Checksum fixing patches the output in place, so it works on the file itself.
                    let fixing = streamed.filter(|_| process::Streamed::fixes(&settings));
                    let written = match output::create(out_path, output::mode(allowed)) {
                        Err(e) => Err(cannot(&e)),
                        Ok(pending) => {
                            let written = match fixing {
                                Some(s) => s
                                    .corrupt_fixed_into(&settings, seed, pending.file(), &mut |p| ui.progress(p))
                                    .map_err(|e| match e {
                                        StreamError::Write(e) => cannot(&e),
                                        StreamError::Io(e) => process::io_text(&e),
                                        e => e.to_string(),
                                    }),
                                None => {
                                    // Large writes: the stream hands over whole pieces, and the file takes them as they are.
                                    let mut f = std::io::BufWriter::with_capacity(1 << 20, pending.file());
                                    produce(&mut f, &mut ui)
                                        .and_then(|report| f.flush().map(|()| report).map_err(Fault::Write))
                                        .map_err(|fault| match fault {
                                            Fault::Write(e) => cannot(&e),
                                            Fault::Read(msg) => msg,
                                        })
                                }
                            };
                            // A failure drops the temporary file: the final name keeps what it had.
                            written
                                .and_then(|report| unchanged().map(|()| report))
                                .and_then(|report| pending.commit().map(|()| report).map_err(|e| cannot(&e)))
                        }
                    };
                    (display::path(out_path), written, Some(out_path.clone()))
                }
            };
            let report = match written {
                Ok(mut report) => {
                    host_fields::add(&mut report);
                    // The report's filename lost the bytes that are not UTF-8; the replay keeps them.
                    let raw = file.file_name().filter(|n| file.as_os_str() != STDIN && n.to_str().is_none());
                    if let Some(raw) = raw {
                        host_fields::set_replay_name(&mut report, raw.as_encoded_bytes());
                    }
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
            if let Some(report_path) = &planned.report {
                let written = out_dir.ensure().and_then(|()| {
                    output::write(report_path, (report.to_json_pretty() + "\n").as_bytes(), output::mode(allowed))
                        .map_err(|e| format!("cannot write {}: {}", display::path(report_path), process::io_text(&e)))
                });
                if let Err(msg) = written {
                    fail(&ui, &msg);
                    failed += 1;
                    ui.done();
                    continue;
                }
            }
            if let Some(pdf_path) = &planned.pdf {
                let written = out_dir.ensure().and_then(|()| {
                    let output = corrupted.as_ref().map_or(&[][..], |c| c.output());
                    let bytes = original.as_deref().unwrap_or(&[]);
                    reports::write_file_pdf(pdf_path, bytes, output, &report, output::mode(allowed))
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
                line(&ui, &format!("{shown} -> {destination} ({size} bytes, seed {seed})"));
            }
            if a.zip.is_some() {
                // Streamed outputs go into the ZIP from their files, so memory stays bounded.
                let data = match (corrupted, out_path) {
                    (Some(c), _) => zip::Data::Bytes(c.into_output()),
                    (None, Some(path)) => zip::Data::File(path),
                    (None, None) => zip::Data::Bytes(Vec::new()),
                };
                done.push(Done { data, report, allowed });
            }
            ui.done();
        }
    }
    ui.finish();
    if let Some(zip_path) = &a.zip {
        // Entry names by the rule of docs/contract.md, section 11.6 (names::archive_names), from each
        // report's filename and seed.
        let names = session::entry_names(started, done.iter().map(|d| &d.report), a.count > 1);
        let files: Vec<(&str, &Report)> = names.iter().zip(&done).map(|(n, d)| (n.as_str(), &d.report)).collect();
        let session = session::session_report(started, a.mode_name(), a.intensity, a.seed, &files);
        let session_json = session.to_json();
        let session_pdf = a.pdf.then(|| pdf::session_report(&session, std::time::SystemTime::now()));
        let mut entries: Vec<(String, zip::Entry)> =
            names.iter().zip(&done).map(|(n, d)| (n.clone(), d.data.entry())).collect();
        entries.push((session::report_name(started), zip::Entry::Bytes(session_json.as_bytes())));
        if let Some(pdf) = &session_pdf {
            entries.push((session::pdf_name(started), zip::Entry::Bytes(pdf)));
        }
        // The ZIP holds every input's bytes: it grants what all of them grant.
        let allowed = done.iter().fold(0o777, |m, d| m & d.allowed);
        if let Err(e) = zip::write_file(zip_path, &entries, output::mode(allowed)) {
            eprintln!("fracture: cannot write {}: {e}", display::path(zip_path));
            return ExitCode::from(1);
        }
        if !a.json && !a.quiet {
            println!("{} ({} files + session report)", display::path(zip_path), done.len());
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
                format!("cannot create output directory {}: {}", display::path(self.path), process::io_text(&e))
            })?;
            self.ready = true;
        }
        Ok(())
    }
}
