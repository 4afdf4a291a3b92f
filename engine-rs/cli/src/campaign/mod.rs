//! `fracture run` and `fracture merge`: the native shell around the campaign model, which
//! fracture_host::campaign holds for both command lines (docs/campaigns.md is the specification).
//! This shell hands over the arguments and its files (`plan`), makes the variants and runs the
//! program on the job slots as the model's steps say (`execute`), and calls `merge`. It decides
//! nothing the npm CLI would have to decide again.

pub(crate) mod exec;
mod execute;
mod merge;
mod plan;
pub(crate) mod runner;

use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicI32, Ordering};

pub use crate::args::{MergeOptions, RunOptions as Options};
pub(crate) use fracture_host::campaign::{outcome, record};
use fracture_host::messages;
pub use merge::merge;

/// The signal that interrupted the campaign (0: none).
static INTERRUPTED: AtomicI32 = AtomicI32::new(0);

fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst) != 0
}

/// Heard by crate::output's signal thread: no new run starts and the running programs are killed; the
/// campaign then ends by its usual path, writing a consistent DIR.
fn on_interrupt(signal: i32) {
    INTERRUPTED.store(signal, Ordering::SeqCst);
    crate::reaper::kill_all();
}

/// `message` (messages::cannot_write, cannot_create, ...) about `path` and the system's reason.
fn cannot(message: fn(&str, &str) -> String, path: &Path, e: &std::io::Error) -> String {
    message(&crate::display::path(path), &crate::process::io_text(e))
}

pub fn run(o: Options) -> ExitCode {
    let (mut drive, slots) = match plan::plan(&o) {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("{}", crate::cli_tables::usage::refusal(Some("run"), &msg));
            return ExitCode::from(2);
        }
    };
    crate::output::on_interrupt(on_interrupt);
    let result = execute::execute(&o, &mut drive, &slots);
    let signal = INTERRUPTED.load(Ordering::SeqCst);
    match result {
        Err(msg) => {
            eprintln!("fracture: run: {msg}");
            ExitCode::from(1)
        }
        Ok(_) if signal != 0 => {
            eprintln!("{}", messages::run_interrupted());
            ExitCode::from((128 + signal) as u8)
        }
        Ok(code) => ExitCode::from(code),
    }
}
