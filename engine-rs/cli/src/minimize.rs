//! `fracture minimize`: the fewest changed bytes of CORRUPTED that still make a command fail.
//!
//! The rounds (ddmin over runs of changed bytes, then single bytes; the run budget; the first
//! failing candidate in order wins) are fracture_host::shrink's, which the npm CLI drives too
//! (cli/minimize.ts, through engine-rs/host-wasm), so both print the same lines and write the same
//! file. This is the shell: the files, the tests on `--jobs` threads (`drive`, also a campaign's
//! crashes), their timeouts and process groups, Ctrl-C, the output through a temporary file.

use crate::args::MinimizeOptions as Options;
use crate::reaper::kill_group;
use fracture_host::campaign::outcome::{test_failure, Status};
use fracture_host::messages;
use fracture_host::shrink::{command, names, Event, Shrinker};
use std::collections::HashMap;
use std::io::Write;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What Ctrl-C must remove besides the tests' process groups (crate::reaper keeps those): the
/// temporary directory.
static TEMP: Mutex<Option<PathBuf>> = Mutex::new(None);

fn lock_temp() -> std::sync::MutexGuard<'static, Option<PathBuf>> {
    TEMP.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

pub fn run(o: Options) -> ExitCode {
    // The files planned and read, the machine made, the result written: fracture_host's (the npm
    // CLI's too); the tests between are this shell's.
    let bytes = |p: &Path| p.as_os_str().as_bytes().to_vec();
    let (original, corrupted, out) = (bytes(&o.original), bytes(&o.corrupted), o.out.as_deref().map(bytes));
    let mut files = crate::files::StdFiles::default();
    let done = command::open(&original, &corrupted, out.as_deref(), &mut files)
        .and_then(|mut m| minimize(&o, &mut m.machine).map_err(|e| command::failed(&e)).map(|()| m))
        .and_then(|m| m.output.write(&m.machine, &mut files));
    match done {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(stop) => {
            eprintln!("{}", stop.line);
            ExitCode::from(stop.code)
        }
    }
}

/// Runs the machine's tests on `--jobs` job slots (threads, each with a file of its own).
fn minimize(o: &Options, m: &mut Shrinker) -> Result<(), String> {
    let say = |text: String| {
        if !o.decided.quiet {
            eprintln!("{}", messages::minimize_line(&text));
        }
    };
    say(m.start_line());

    let temp = TempDir::create()?;
    crate::output::on_signal(on_signal);
    let name = names::slot_name(o.corrupted.as_os_str().as_bytes());
    let mut slots = Vec::new();
    for j in 0..o.decided.jobs.max(1) {
        let dir = temp.path.join(j.to_string());
        std::fs::create_dir(&dir)
            .map_err(|e| messages::cannot_create(&crate::display::path(&dir), &crate::process::io_text(&e)))?;
        slots.push(dir.join(&name));
    }
    let timeout = Duration::from_millis(o.decided.timeout_ms);
    let test = |slot: usize, bytes: &[u8], cancel: &AtomicBool| {
        Ok(run_test(&o.decided.test, &slots[slot], bytes, timeout, cancel))
    };
    drive(m, slots.len(), &test, &|| false, &mut |e| say(e.text()))?;
    Ok(())
}

/// How a test of a candidate ended.
pub enum Outcome {
    Pass,
    /// How it failed: `exit 1`, `killed by signal 11`, `timed out after 10000 ms`.
    Fail(String),
}

pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|p| p.into_inner())
}

/// Tests one candidate in job slot `slot` (None: cancelled, as `cancel` asked; Err: it could not be
/// run, which ends the minimisation).
pub type Test<'a> = dyn Fn(usize, &[u8], &AtomicBool) -> Result<Option<Outcome>, String> + Sync + 'a;

/// Drives the machine's rounds to their end on `jobs` threads: each takes the next candidate the
/// machine hands out, tests it and reports it; a failure cancels the running candidates it makes
/// useless. `events` hears the progress. Ok(false) when `stop` (Ctrl-C in a campaign) ended it first.
pub fn drive(
    m: &mut Shrinker,
    jobs: usize,
    test: &Test,
    stop: &(dyn Fn() -> bool + Sync),
    events: &mut dyn FnMut(Event),
) -> Result<bool, String> {
    loop {
        let failure: Mutex<Option<String>> = Mutex::new(None);
        let running: Mutex<HashMap<usize, Arc<AtomicBool>>> = Mutex::new(HashMap::new());
        let machine = Mutex::new(&mut *m);
        std::thread::scope(|scope| {
            for slot in 0..jobs {
                let (failure, running, machine) = (&failure, &running, &machine);
                scope.spawn(move || loop {
                    if stop() || lock(failure).is_some() {
                        break;
                    }
                    let cancel = Arc::new(AtomicBool::new(false));
                    let Some((id, bytes)) = lock(machine).start() else { break };
                    lock(running).insert(id, cancel.clone());
                    let tested = test(slot, &bytes, &cancel);
                    let mut machine = lock(machine);
                    let mut running = lock(running);
                    running.remove(&id);
                    match tested {
                        Ok(Some(outcome)) if !stop() => {
                            let how = match &outcome {
                                Outcome::Pass => None,
                                Outcome::Fail(how) => Some(how.as_str()),
                            };
                            machine.finish(id, how.is_some(), how.unwrap_or(""));
                            // Later candidates cannot win any more: stop them.
                            for (&j, c) in running.iter() {
                                if machine.superseded(j) {
                                    c.store(true, Ordering::SeqCst);
                                }
                            }
                        }
                        Ok(_) => machine.abandon(id),
                        Err(msg) => {
                            machine.abandon(id);
                            lock(failure).get_or_insert(msg);
                        }
                    }
                });
            }
        });
        if let Some(msg) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
            return Err(msg);
        }
        if stop() {
            return Ok(false);
        }
        let over = m.end_round();
        for e in m.events() {
            events(e);
        }
        if over {
            return Ok(true);
        }
    }
}

/// One test on `bytes`, written to `file`. None when cancelled.
fn run_test(template: &str, file: &Path, bytes: &[u8], timeout: Duration, cancel: &AtomicBool) -> Option<Outcome> {
    let shown = || crate::display::path(file);
    if let Err(e) = std::fs::File::create(file).and_then(|mut f| f.write_all(bytes)) {
        return Some(Outcome::Fail(messages::cannot_write(&shown(), &crate::process::io_text(&e))));
    }
    // `{}` is the file's path; a command without `{}` reads the file on standard input.
    let (script, stdin) = match names::test_script(template, &file.to_string_lossy()) {
        Some(script) => (script, Stdio::null()),
        None => match std::fs::File::open(file) {
            Ok(f) => (template.to_string(), Stdio::from(f)),
            Err(e) => return Some(Outcome::Fail(messages::cannot_read(&shown(), &crate::process::io_text(&e)))),
        },
    };
    // Killed outright (SIGKILL), this process runs no handler: the reaper kills the group then.
    let spawned = crate::reaper::spawn_group(
        Command::new("/bin/sh")
            .arg("-c")
            .arg(&script)
            .stdin(stdin)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .process_group(0),
    );
    let mut child = match spawned {
        Ok(c) => c,
        Err(e) => return Some(Outcome::Fail(messages::minimize_cannot_start(&crate::process::io_text(&e)))),
    };
    let group = child.id() as i32;
    let started = Instant::now();
    let outcome = loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                let status = status.code().map_or(Status::Signal(status.signal().unwrap_or(0)), Status::Code);
                break Some(test_failure(&status, 0).map_or(Outcome::Pass, Outcome::Fail));
            }
            Ok(None) => {}
            Err(e) => break Some(Outcome::Fail(format!("cannot wait for the test: {e}"))),
        }
        if cancel.load(Ordering::SeqCst) {
            break None;
        }
        if started.elapsed() >= timeout {
            break test_failure(&Status::Timeout, timeout.as_millis() as u64).map(Outcome::Fail);
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    // Whatever the shell started and left behind goes with it.
    kill_group(group);
    let _ = child.wait();
    crate::reaper::ended(group);
    outcome
}

/// The temporary directory, removed when dropped (and by the interrupt handler).
struct TempDir {
    path: PathBuf,
}

impl TempDir {
    fn create() -> Result<TempDir, String> {
        // Private (mode 0700), under a name no other process has.
        use std::os::unix::fs::PermissionsExt;
        let private = std::fs::Permissions::from_mode(0o700);
        let dir = tempfile::Builder::new().prefix("fracture-minimize-").permissions(private).tempdir();
        let path = dir.map_err(|e| messages::cannot_create_temp(&crate::process::io_text(&e)))?.keep();
        *lock_temp() = Some(path.clone());
        Ok(TempDir { path })
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        *lock_temp() = None;
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Ctrl-C, SIGTERM or SIGHUP (crate::output hears them): the running tests' groups are killed (they are
/// not in the terminal's foreground group, so the terminal's Ctrl-C never reaches them) and the
/// temporary files removed.
fn on_signal() {
    crate::reaper::kill_all();
    if let Some(dir) = lock_temp().take() {
        let _ = std::fs::remove_dir_all(dir);
    }
    eprintln!("{}", messages::minimize_interrupted());
}
