//! `fracture`: corrupt files from the command line, byte-identical to the browser and the npm CLI.
//! Usage and exit codes: docs/contract.md, section 11.3, and docs/usage.md (and `fracture --help`).

mod args;
mod bench;
mod campaign;
use fracture_host::{cli_shape, cli_tables};
mod diagnose;
mod display;
mod files;
mod io_reasons;
mod minimize;
#[cfg(target_os = "linux")]
mod mount;
mod output;
mod plan;
mod process;
mod read;
mod reaper;
mod reports;
mod session;
mod ui;

use fracture_host::messages;
use std::ffi::OsString;
use std::io::Write;
use std::path::Path;
use std::process::ExitCode;

use fracture_engine::stream::StreamError;
use fracture_engine::Report;
use fracture_host::batch::{BatchZip, Entry};
use fracture_host::host_fields;
use fracture_host::session::{Session, SessionFile, SessionStart};
use std::os::unix::ffi::OsStrExt;

use args::{Args, Parsed, STDIN};
use plan::Checksums;
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
    // The reaper (reaper.rs), started by `fracture run` and `fracture minimize` themselves.
    if argv.len() == 1 && argv[0] == reaper::REAPER_ARG {
        return reaper::reap();
    }
    // The mount's commands parse their own options (their fault plans and power models are its types).
    #[cfg(target_os = "linux")]
    if let Some(sub @ ("mount" | "umount" | "ctl")) = argv.first().and_then(|a| a.to_str()) {
        return mount::start(sub, mount::options::parse(sub, &argv[1..]));
    }
    match args::parse(&argv) {
        Parsed::Run(a) => run(a),
        Parsed::Minimize(o) => minimize::run(o),
        Parsed::Bench(o) => bench::run(o),
        Parsed::Campaign(o) => campaign::run(o),
        Parsed::Merge(o) => campaign::merge(o),
        Parsed::Diagnose(o) => diagnose::run(o),
        #[cfg(target_os = "linux")]
        Parsed::RunOnMount(m, program, split) => {
            mount::start("run", mount::options::parse_campaign(&m, program, split))
        }
        #[cfg(not(target_os = "linux"))]
        Parsed::RunOnMount(..) => {
            eprintln!("{}", cli_tables::usage::refusal(Some("run"), "--mount needs Linux (FUSE)"));
            ExitCode::from(2)
        }
        Parsed::Refused(line) => {
            eprintln!("{line}");
            ExitCode::from(2)
        }
        Parsed::Print(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
    }
}

/// One corrupted file, kept for the ZIP.
struct Done {
    /// Its bytes, or the file it was streamed to.
    data: Entry,
    report: Report,
    /// The permission bits its input grants.
    allowed: u32,
}

/// Why writing an output failed: the sink, or reading the input (already one line of text).
enum Fault {
    Write(std::io::Error),
    Read(String),
}

/// Why a variant did not finish: it failed (the batch goes on), or the output directory could not be
/// made (the run stops with exit 1).
enum Failed {
    File(String),
    Stop(String),
}

impl From<String> for Failed {
    fn from(msg: String) -> Failed {
        Failed::File(msg)
    }
}

fn report_size(report: &Report) -> u64 {
    match report.get("result_size") {
        Some(fracture_engine::Value::Int(n)) => *n,
        _ => 0,
    }
}

/// Plan, then execute, then emit (docs/cli.md, "One shape: plan, execute, emit").
fn run(a: Args) -> ExitCode {
    let plan = match plan::make(&a) {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("{}", cli_tables::usage::refusal(None, &msg));
            return ExitCode::from(2);
        }
    };
    if a.decided.dry_run {
        let shown = plan.dry_run(&a.decided);
        print!("{}", if a.decided.json { shown.json() } else { shown.text() });
        return ExitCode::SUCCESS;
    }
    // The session's start names and dates the batch ZIP, and SOURCE_DATE_EPOCH dates the PDFs; a
    // malformed one is refused before anything is written.
    let started = match (a.zip.is_some() || a.decided.pdf).then(session::start).transpose() {
        Ok(started) => started.filter(|_| a.zip.is_some()),
        Err(line) => {
            eprintln!("fracture: {line}");
            return ExitCode::from(2);
        }
    };
    if a.decided.count == 1 {
        eprintln!("{}", messages::seed_line(&a.decided.seed.to_string()));
    } else {
        eprintln!("{}", messages::seed_line_count(&a.decided.seed.to_string(), &a.decided.count.to_string()));
    }
    match Execution::new(&a).execute(&plan) {
        Ok((done, failed)) => emit(&a, started, &done, failed),
        Err(msg) => {
            eprintln!("fracture: {msg}");
            ExitCode::from(1)
        }
    }
}

/// The run as it executes the plan: what every file shares.
struct Execution<'a> {
    a: &'a Args,
    settings: Settings<'a>,
    ui: Ui,
    /// With `-` among the FILEs standard output carries its bytes, so every line goes to stderr.
    filter: bool,
    out_dir: OutDir<'a>,
    done: Vec<Done>,
    failed: usize,
}

impl<'a> Execution<'a> {
    fn new(a: &'a Args) -> Execution<'a> {
        // --pdf holds each input whole (fracture_host::plan::route): its change map compares the whole original and result.
        let settings = Settings {
            mode: a.decided.corruption.mode.name(),
            intensity: a.decided.corruption.intensity,
            options: &a.decided.corruption.options,
            whole: a.decided.pdf || a.decided.corruption.options.member.is_some(),
        };
        let total: u64 = a.files.iter().map(|f| input_size(f)).sum();
        Execution {
            a,
            settings,
            ui: Ui::new(!a.decided.quiet && !a.decided.json, total * a.decided.count),
            filter: a.files.iter().any(|f| f.as_os_str() == STDIN),
            out_dir: OutDir { path: &a.out, ready: false },
            done: Vec::new(),
            failed: 0,
        }
    }

    /// Every file of the plan, in order: the corrupted files kept for the ZIP and the failures'
    /// count, or the reason the run stopped.
    fn execute(mut self, plan: &plan::Plan) -> Result<(Vec<Done>, usize), String> {
        for input in &plan.inputs {
            self.file(input)?;
        }
        self.ui.finish();
        Ok((self.done, self.failed))
    }

    fn fail(&mut self, shown: &str, msg: &str) {
        self.ui.err(&format!("fracture: {shown}: {msg}"));
        self.failed += 1;
        self.ui.done();
    }

    /// One FILE: opened once, then each of its variants.
    fn file(&mut self, input: &plan::Input) -> Result<(), String> {
        let shown = display::bytes(&input.file);
        self.ui.start(&shown, input_size(plan::path(&input.file)));
        let mut opened = match self.open(input) {
            Ok(o) => Some(o),
            Err(msg) => {
                self.fail(&shown, &msg);
                self.failed += self.a.decided.count as usize - 1;
                return Ok(());
            }
        };
        for (j, variant) in input.variants.iter().enumerate() {
            let Some(size) = opened.as_ref().map(Opened::size) else { break };
            if j > 0 {
                self.ui.start(&messages::variant_label(&shown, &variant.seed.unwrap_or(u64::MAX).to_string()), size);
            }
            let last = j + 1 == input.variants.len();
            match self.variant(input, &mut opened, last, variant) {
                Ok(()) => {}
                Err(Failed::File(msg)) => self.fail(&shown, &msg),
                Err(Failed::Stop(msg)) => {
                    self.ui.finish();
                    return Err(msg);
                }
            }
        }
        Ok(())
    }

    /// Opens a FILE (or standard input) by its planned route, after the engine's checks of its first
    /// variant (fracture_host::plan::check_variant), so bad arguments are refused before a large file is read.
    fn open(&mut self, input: &plan::Input) -> Result<Opened, String> {
        if input.stdin {
            let ui = &mut self.ui;
            return process::open_stdin(&self.a.decided.name, &self.settings).inspect(|o| ui.grow(o.size()));
        }
        let check = || match input.variants.first() {
            // Not a readable file when the run was planned, but one now.
            None => Err(messages::changed_while_read()),
            Some(v) => fracture_host::plan::check_variant(
                self.a.decided.corruption.mode.name(),
                self.a.decided.corruption.intensity,
                v.seed,
            ),
        };
        let ui = &mut self.ui;
        process::open_file(plan::path(&input.file), &self.settings, check, &mut |f| ui.progress(f))
    }

    /// One variant: corrupted and written, its reports written, its line printed, kept for the ZIP.
    fn variant(
        &mut self,
        input: &plan::Input,
        opened: &mut Option<Opened>,
        last: bool,
        v: &plan::Variant,
    ) -> Result<(), Failed> {
        let seed = v.seed.unwrap_or(u64::MAX);
        let settings = &self.settings;
        // Whole inputs run their stages first (the last variant takes the bytes; the others work on
        // copies); streamed ones check their arguments first and run as they are written.
        let mut original: Option<Vec<u8>> = None;
        let corrupted = match (last, &*opened) {
            (_, Some(Opened::Stream(s))) => {
                s.check(settings, seed)?;
                None
            }
            (false, Some(Opened::Whole(i))) => Some(Input::clone(i)),
            (true, Some(Opened::Whole(_))) => match opened.take() {
                Some(Opened::Whole(i)) => Some(*i),
                _ => None,
            },
            (_, None) => return Err(Failed::File("no input".into())),
        };
        let corrupted = match corrupted {
            Some(this) => {
                // The PDF's change map compares against the original, which the engine may take over.
                original = v.pdf.is_some().then(|| this.bytes.clone());
                let ui = &mut self.ui;
                Some(process::corrupt(this, settings, seed, &mut |f| ui.progress(f))?)
            }
            None => None,
        };
        let streamed = match &*opened {
            Some(Opened::Stream(s)) => Some(s),
            _ => None,
        };
        // Only a report shown or kept, or standard input's (measured as it is read), needs the SHA-256s.
        let reported =
            self.a.decided.json || v.report.is_some() || v.pdf.is_some() || self.a.zip.is_some() || input.stdin;
        let (destination, mut report) =
            self.write_output(v, corrupted.as_ref(), streamed, seed, input.allowed(), reported)?;
        // The report's filename lost a name's bytes that are not UTF-8; the replay keeps them.
        let name = plan::path(&input.file).file_name().filter(|_| !input.stdin);
        host_fields::add(&mut report, name.map(|n| n.as_encoded_bytes()));
        self.ui.progress(1.0);
        let output = corrupted.as_ref().map_or(&[][..], |c| c.output());
        self.write_reports(v, &report, original.as_deref().unwrap_or(&[]), output, input.allowed())?;
        let shown = display::bytes(&input.file);
        let lines = if self.a.decided.json {
            vec![report.to_json()]
        } else if self.a.decided.quiet {
            Vec::new()
        } else {
            let size = report_size(&report).to_string();
            let mut lines = vec![messages::file_line(&shown, &destination, &size, &seed.to_string())];
            lines.extend(reports::hit_lines(&report));
            lines
        };
        for line in lines {
            if self.filter {
                self.ui.err(&line)
            } else {
                self.ui.out(&line)
            }
        }
        if self.a.zip.is_some() {
            // Streamed outputs go into the ZIP from their files, so memory stays bounded.
            let data = match (corrupted, &v.out) {
                (Some(c), _) => Entry::Bytes(c.into_output()),
                (None, Some(path)) => Entry::File(path.clone()),
                (None, None) => Entry::Bytes(Vec::new()),
            };
            self.done.push(Done { data, report, allowed: input.allowed() });
        }
        self.ui.done();
        Ok(())
    }

    /// Writes a variant's corrupted bytes to its planned destination: where they went (as the per-file
    /// line shows it) and the report.
    fn write_output(
        &mut self,
        v: &plan::Variant,
        corrupted: Option<&process::Corrupted>,
        streamed: Option<&process::Streamed>,
        seed: u64,
        allowed: u32,
        reported: bool,
    ) -> Result<(String, Report), Failed> {
        let settings = &self.settings;
        let ui = &mut self.ui;
        let stream_err = |e| match e {
            StreamError::Write(e) => Fault::Write(e),
            StreamError::Io(e) => Fault::Read(process::io_text(&e)),
            e => Fault::Read(e.to_string()),
        };
        // Writes the output to `sink`: the report, or the failure as one line.
        let mut produce = |sink: &mut (dyn std::io::Write + Send)| -> Result<Report, Fault> {
            match (corrupted, streamed) {
                (Some(c), _) => {
                    let (written, report) = c.write_and_report(sink);
                    written.map(|()| report).map_err(Fault::Write)
                }
                // No report shown or kept: the output's length is all the line needs.
                (None, Some(s)) if !reported && v.checksums == Checksums::Unfixed => s
                    .write_unreported(settings, seed, sink, &mut |f| ui.progress(f))
                    .map(|n| Report { fields: vec![("result_size", fracture_engine::Value::Int(n))] })
                    .map_err(stream_err),
                (None, Some(s)) => {
                    s.corrupt_into(settings, seed, v.checksums, sink, &mut |f| ui.progress(f)).map_err(stream_err)
                }
                (None, None) => Err(Fault::Read("no input".into())),
            }
        };
        // The input read must not have changed meanwhile.
        let unchanged = || streamed.map_or(Ok(()), |s| s.unchanged());
        let Some(out_path) = v.out.as_deref().map(plan::path) else {
            let report = produce(&mut std::io::stdout()).map_err(|f| match f {
                Fault::Write(e) => messages::cannot_write_stdout(&process::io_text(&e)),
                Fault::Read(msg) => msg,
            })?;
            unchanged()?;
            return Ok((messages::standard_output(), report));
        };
        self.out_dir.ensure().map_err(Failed::Stop)?;
        let cannot = |e: &std::io::Error| messages::cannot_write(&display::path(out_path), &process::io_text(e));
        let pending = output::create(out_path, output::mode(allowed)).map_err(|e| cannot(&e))?;
        let written = match (streamed, v.checksums) {
            // Checksum fixing patches the output in place, so it works on the file itself.
            (Some(s), Checksums::InOutputFile) => {
                let ui = &mut self.ui;
                s.corrupt_fixed_into(settings, seed, pending.file(), &mut |p| ui.progress(p)).map_err(|e| match e {
                    StreamError::Write(e) => cannot(&e),
                    StreamError::Io(e) => process::io_text(&e),
                    e => e.to_string(),
                })
            }
            _ => {
                // Large writes: the stream hands over whole pieces, and the file takes them as they are.
                let mut f = std::io::BufWriter::with_capacity(1 << 20, pending.file());
                produce(&mut f).and_then(|report| f.flush().map(|()| report).map_err(Fault::Write)).map_err(|fault| {
                    match fault {
                        Fault::Write(e) => cannot(&e),
                        Fault::Read(msg) => msg,
                    }
                })
            }
        };
        // A failure drops the temporary file: the final name keeps what it had.
        let report = written?;
        unchanged()?;
        pending.commit().map_err(|e| cannot(&e))?;
        Ok((display::path(out_path), report))
    }

    /// A variant's JSON and PDF reports, where the plan put them.
    fn write_reports(
        &mut self,
        v: &plan::Variant,
        report: &Report,
        original: &[u8],
        output: &[u8],
        allowed: u32,
    ) -> Result<(), Failed> {
        if let Some(report_path) = v.report.as_deref().map(plan::path) {
            self.out_dir.ensure()?;
            output::write(report_path, (report.to_json_pretty() + "\n").as_bytes(), output::mode(allowed))
                .map_err(|e| messages::cannot_write(&display::path(report_path), &process::io_text(&e)))?;
        }
        if let Some(pdf_path) = v.pdf.as_deref().map(plan::path) {
            self.out_dir.ensure()?;
            reports::write_file_pdf(pdf_path, original, output, report, output::mode(allowed))?;
        }
        Ok(())
    }
}

/// A FILE's size for the progress bars (0 when it is not a regular file, or standard input).
fn input_size(file: &Path) -> u64 {
    std::fs::metadata(file).ok().filter(|m| m.is_file()).map_or(0, |m| m.len())
}

/// What the run leaves besides its files: the batch ZIP and its line, and the exit code.
fn emit(a: &Args, started: Option<SessionStart>, done: &[Done], failed: usize) -> ExitCode {
    if let (Some(zip_path), Some(start)) = (&a.zip, started) {
        let files = done.iter().map(|d| SessionFile::from_report(&d.report)).collect();
        let mut batch = BatchZip::new(
            Session::new(
                start,
                a.decided.corruption.mode.name(),
                a.decided.corruption.intensity,
                a.decided.seed,
                a.decided.count > 1,
                files,
            ),
            a.decided.pdf,
        );
        let entries: Vec<&Entry> = done.iter().map(|d| &d.data).collect();
        // The ZIP holds every input's bytes: it grants what all of them grant.
        let allowed = done.iter().fold(0o777, |m, d| m & d.allowed);
        let (zip, made) = (zip_path.as_os_str().as_bytes(), session::report_made_ms());
        if let Err(line) = batch.write_to(zip, allowed, &entries, made, &mut files::StdFiles::default()) {
            eprintln!("fracture: {line}");
            return ExitCode::from(1);
        }
        if !a.decided.json && !a.decided.quiet {
            println!("{}", messages::zip_line(&display::path(zip_path), &done.len().to_string()));
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
            std::fs::create_dir_all(self.path)
                .map_err(|e| messages::cannot_create_out_dir(&display::path(self.path), &process::io_text(&e)))?;
            self.ready = true;
        }
        Ok(())
    }
}
