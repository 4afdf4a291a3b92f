//! Running a planned campaign: each input unmodified first (its baseline), then the slice's
//! unrecorded runs on `--jobs` threads, each handed to the ledger as it ends and written as the
//! ledger says; then the minimiser on the crashes the ledger names. DIR is consistent whenever
//! this returns.

use std::io::{IsTerminal, Write};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fracture_host::campaign::dir::{CampaignDir, Ran};
use fracture_host::campaign::progress::RunProgress;
use fracture_host::campaign::Ledger;
use fracture_host::messages;
use fracture_host::shrink::{Refusal, Shrinker};

use super::plan::{Loaded, Planned};
use super::runner::Runner;
use super::shrink::Shrunk;
use super::{cannot, interrupted, Options};
use crate::files::StdFiles;

/// The state the runs share: the ledger, runs.jsonl open for appending, the progress line (on a
/// terminal, without --quiet) and its clock.
struct Store<'a> {
    dir: &'a mut CampaignDir,
    ledger: &'a mut Ledger,
    append: std::fs::File,
    progress: Option<RunProgress>,
    clock: Instant,
}

impl Store<'_> {
    fn ms(&self) -> f64 {
        self.clock.elapsed().as_secs_f64() * 1000.0
    }
}

impl Store<'_> {
    /// Records run index `r`: its crash's files first when the ledger keeps it (fracture_host's
    /// CampaignDir), then its line.
    fn record(&mut self, r: u64, variant: &[u8], exit: &super::exec::Exit, mode: u32) -> Result<(), String> {
        let ran = Ran {
            variant,
            input_mode: mode,
            status: &exit.status,
            stdout: &exit.stdout,
            stderr: &exit.stderr,
            duration_ms: exit.duration_ms,
        };
        let now = self.ms();
        let (line, outcome) = self.dir.record(self.ledger, r, &ran, now, &mut StdFiles::default())?;
        let path = Path::new(std::ffi::OsStr::from_bytes(self.dir.path())).join("runs.jsonl");
        self.append.write_all(line.as_bytes()).map_err(|e| cannot(messages::cannot_write, &path, &e))?;
        let now = self.ms();
        if let Some(line) = self.progress.as_mut().and_then(|p| p.count(outcome, now)) {
            eprint!("{line}");
        }
        Ok(())
    }
}

/// The job slots (private directories) and the runner over them.
fn runner(o: &Options, timeout_ms: u64) -> Result<(crate::output::PrivateDir, Runner), String> {
    let temp = crate::output::PrivateDir::create("fracture-run-")
        .map_err(|e| messages::cannot_create_temp(&crate::process::io_text(&e)))?;
    let base = std::fs::canonicalize(temp.path()).unwrap_or_else(|_| temp.path().to_path_buf());
    let mut slots = Vec::new();
    for s in 0..o.decided.jobs {
        let slot = base.join(s.to_string());
        std::fs::create_dir(&slot).map_err(|e| cannot(messages::cannot_create, &slot, &e))?;
        slots.push(slot);
    }
    let runner = Runner {
        program: o.program[0].clone(),
        args: o.program[1..].to_vec(),
        braces: super::runner::has_braces(&o.program[1..]),
        timeout: Duration::from_millis(timeout_ms),
        slots,
    };
    Ok((temp, runner))
}

/// Each input the program has not yet seen unmodified, run once (docs/campaigns.md, "Baseline").
fn baselines(ledger: &mut Ledger, runner: &Runner, loaded: &[Loaded]) -> Result<(), String> {
    for i in ledger.baselines_needed() {
        if interrupted() {
            break;
        }
        let exit = runner.run(0, &loaded[i].slot_name, &loaded[i].input.bytes)?;
        if !interrupted() {
            ledger.set_baseline(i, &exit.status, &exit.stderr);
        }
    }
    Ok(())
}

pub(super) fn execute(o: &Options, p: &mut Planned) -> Result<(), String> {
    let dir = o.out.as_path();
    std::fs::create_dir_all(dir).map_err(|e| cannot(messages::cannot_create, dir, &e))?;
    let (ledger, loaded) = (&mut p.ledger, &p.loaded);
    let mut state = CampaignDir::new(dir.as_os_str().as_bytes());
    state.write_state(ledger, &mut StdFiles::default())?;
    let (temp, runner) = runner(o, ledger.campaign.timeout_ms)?;
    baselines(ledger, &runner, loaded)?;
    state.write_state(ledger, &mut StdFiles::default())?;
    for line in ledger.baseline_lines() {
        eprintln!("{line}");
    }
    let c = &ledger.campaign;
    eprintln!("{}", messages::run_seed(&c.seed.to_string(), &c.count.to_string()));
    if interrupted() {
        return Ok(());
    }
    let failure = run_all(o, ledger, &runner, loaded, &mut state)?;
    state.write_state(ledger, &mut StdFiles::default())?;
    if let Some(msg) = failure {
        return Err(msg);
    }
    if !interrupted() && minimize_all(o, ledger, &runner, loaded, &mut state)? {
        state.write_state(ledger, &mut StdFiles::default())?;
    }
    drop(temp);
    Ok(())
}

/// The slice's unrecorded runs on the job slots; the first failure that stopped them.
fn run_all(
    o: &Options,
    ledger: &mut Ledger,
    runner: &Runner,
    loaded: &[Loaded],
    state: &mut CampaignDir,
) -> Result<Option<String>, String> {
    let dir = Path::new(std::ffi::OsStr::from_bytes(state.path()));
    let todo = ledger.todo();
    let counts = ledger.counts().by_outcome;
    let c = ledger.campaign.clone();
    let runs = dir.join("runs.jsonl");
    let append =
        std::fs::File::options().append(true).open(&runs).map_err(|e| cannot(messages::cannot_write, &runs, &e))?;
    let shown = !o.decided.quiet && std::io::stderr().is_terminal();
    let progress = shown.then(|| RunProgress::new(c.planned(), counts, 0.0));
    let store = Mutex::new(Store { dir: state, ledger, append, progress, clock: Instant::now() });
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let settings = crate::process::Settings {
        mode: &c.mode,
        intensity: c.intensity,
        options: &o.decided.corruption.options,
        whole: true,
    };
    std::thread::scope(|scope| {
        for slot in 0..o.decided.jobs.min(todo.len()) {
            let (store, next, failure, todo, settings, c) = (&store, &next, &failure, &todo, &settings, &c);
            scope.spawn(move || loop {
                if interrupted() || failure.lock().unwrap_or_else(|p| p.into_inner()).is_some() {
                    break;
                }
                let Some(&r) = todo.get(next.fetch_add(1, Ordering::SeqCst)) else { break };
                let (i, seed) = ((r / c.count) as usize, c.seed + r);
                let step = || -> Result<(), String> {
                    let input = &loaded[i];
                    let corrupted = crate::process::corrupt(input.input.clone(), settings, seed, &mut |_| {})?;
                    let bytes = corrupted.output();
                    let exit = runner.run(slot, &input.slot_name, bytes)?;
                    let mut s = store.lock().unwrap_or_else(|p| p.into_inner());
                    // A run that Ctrl-C killed is not recorded.
                    if interrupted() {
                        return Ok(());
                    }
                    s.record(r, bytes, &exit, input.mode)
                };
                if let Err(msg) = step() {
                    failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(msg);
                    break;
                }
            });
        }
    });
    let mut store = store.into_inner().unwrap_or_else(|p| p.into_inner());
    let now = store.ms();
    if let Some(line) = store.progress.as_mut().and_then(|p| p.end(now)) {
        eprint!("{line}");
    }
    Ok(failure.into_inner().unwrap_or_else(|p| p.into_inner()))
}

/// Minimises the crashes the ledger names (not pre-existing, not yet minimised); whether any was.
fn minimize_all(
    o: &Options,
    ledger: &mut Ledger,
    runner: &Runner,
    loaded: &[Loaded],
    state: &mut CampaignDir,
) -> Result<bool, String> {
    let dir = Path::new(std::ffi::OsStr::from_bytes(state.path())).to_path_buf();
    let mut shrunk = false;
    for e in ledger.to_minimize() {
        let Ok(variant) = std::fs::read(dir.join(&e.variant)) else { continue };
        let input = &loaded[e.file_index];
        let machine = Shrinker::new(input.input.bytes.clone(), variant);
        if matches!(machine.refused(), Some(Refusal::Lengths { .. })) {
            continue;
        }
        let say = |line: String| {
            if !o.decided.quiet {
                eprintln!("{line}");
            }
        };
        say(messages::run_minimizing(&e.id, &machine.changed().0.to_string()));
        let rules = ledger.campaign.rules();
        match super::shrink::shrink(runner, &rules, &input.slot_name, machine, &e.signature)? {
            Shrunk::File(result, kept) => {
                state.minimized(ledger, &e, &result, kept as u64, input.mode, &mut StdFiles::default())?;
                shrunk = true;
                say(messages::run_minimized(&e.id, &kept.to_string()));
            }
            Shrunk::Flaky => say(messages::run_flaky(&e.id)),
            Shrunk::OriginalToo => say(messages::run_original_too(&e.id)),
            Shrunk::Interrupted => break,
        }
    }
    Ok(shrunk)
}
