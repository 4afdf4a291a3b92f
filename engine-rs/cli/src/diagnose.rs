//! `fracture diagnose FILE [--original ORIGINAL] [--json] [--repair OUT]`: the shell around
//! engine-rs/diagnose (which decides and words everything): the files planned as every command plans
//! them (docs/cli.md, "Plan, then write"; fracture_host::output_plan::claim_files), read by position, the diagnosis printed, the repair
//! written through a temporary file.

use crate::args::DiagnoseOptions as Options;
use fracture_diagnose::Positional;
use fracture_host::messages;
use fracture_host::output_plan::claim_files;
use std::fs::File;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::process::ExitCode;

/// A file read by position; its size as it was when opened.
struct Opened {
    file: File,
    size: u64,
}

impl Positional for Opened {
    fn size(&self) -> u64 {
        self.size
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> std::io::Result<()> {
        self.file.read_exact_at(buf, pos).map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => std::io::Error::other(messages::changed_while_read()),
            _ => e,
        })
    }

    fn write_at(&mut self, _pos: u64, _bytes: &[u8]) -> std::io::Result<()> {
        Err(std::io::Error::other("diagnose never writes to its inputs"))
    }
}

fn refuse(msg: &str) -> ExitCode {
    eprintln!("{}", crate::cli_tables::usage::refusal(Some("diagnose"), msg));
    ExitCode::from(2)
}

fn fail(msg: &str) -> ExitCode {
    eprintln!("fracture: diagnose: {msg}");
    ExitCode::from(1)
}

fn open(path: &Path) -> Result<Opened, String> {
    let shown = crate::display::path(path);
    let file = File::open(path).map_err(|e| format!("{shown}: {}", crate::process::io_text(&e)))?;
    let size = file.metadata().map_err(|e| format!("{shown}: {}", crate::process::io_text(&e)))?.len();
    Ok(Opened { file, size })
}

pub fn run(o: Options) -> ExitCode {
    // Plan, then write: inputs must be regular files, the repair must land on neither of them.
    let inputs: Vec<&[u8]> =
        std::iter::once(&o.file).chain(o.original.as_ref()).map(|p| p.as_os_str().as_bytes()).collect();
    let outputs: Vec<&[u8]> = o.repair.iter().map(|p| p.as_os_str().as_bytes()).collect();
    let allowed = match claim_files(&inputs, &outputs, &mut crate::files::StdFiles::default()) {
        Ok(allowed) => allowed,
        Err(msg) => return refuse(&msg),
    };
    let mut file = match open(&o.file) {
        Ok(f) => f,
        Err(msg) => return fail(&msg),
    };
    let shown = crate::display::path(&o.file);
    if file.size == 0 {
        return fail(&messages::diagnose_empty(&shown));
    }
    let mut original = match o.original.as_deref().map(open).transpose() {
        Ok(f) => f,
        Err(msg) => return fail(&msg),
    };
    let original_shown = o.original.as_deref().map(crate::display::path).unwrap_or_default();
    let against = original.as_mut().map(|f| (f as &mut dyn Positional, original_shown.as_str()));
    let d = match fracture_diagnose::diagnose(&mut file, &shown, against) {
        Ok(d) => d,
        Err(e) => return fail(&format!("{shown}: {}", crate::process::io_text(&e))),
    };
    let printed = if o.json { fracture_diagnose::json(&d) } else { fracture_diagnose::text(&d) };
    if std::io::stdout().write_all(printed.as_bytes()).is_err() {
        return ExitCode::from(1);
    }
    if let Some(out) = &o.repair {
        if let Err(msg) = repair(&mut file, &d, out, allowed) {
            return fail(&msg);
        }
    }
    ExitCode::from(u8::from(d.damaged()))
}

fn repair(file: &mut Opened, d: &fracture_diagnose::Diagnosis, out: &Path, allowed: u32) -> Result<(), String> {
    let shown = crate::display::path(out);
    let plan = fracture_diagnose::repair_plan(d, file).map_err(|e| crate::process::io_text(&e))?;
    let Some(plan) = plan else { return Err(messages::nothing_to_repair(&d.file)) };
    let cannot = |e: std::io::Error| messages::cannot_write(&shown, &crate::process::io_text(&e));
    let pending = crate::output::create(out, crate::output::mode(allowed)).map_err(cannot)?;
    let mut sink = pending.file();
    let written = fracture_diagnose::repair(file, &plan, &mut |bytes| sink.write_all(bytes)).map_err(cannot)?;
    pending.commit().map_err(cannot)?;
    eprint!("{}", fracture_diagnose::repaired(&shown, &plan, written));
    Ok(())
}
