//! Running a planned campaign as fracture_host::campaign::drive says, step by step (the npm CLI's
//! cli/run/execute.ts takes the same steps): the baselines, then the slice's unrecorded runs on
//! `--jobs` threads, then the minimiser's rounds (crate::minimize::drive) on the crashes it names.
//! This shell makes the variants, runs PROGRAM on the job slots and keeps the clock; DIR is
//! consistent whenever this returns.

use std::io::IsTerminal;
use std::sync::atomic::AtomicBool;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use fracture_host::campaign::dir::Ran;
use fracture_host::campaign::drive::Drive;
use fracture_host::messages;

use super::interrupted;
use super::plan::Slots;
use super::runner::Runner;
use super::Options;
use crate::files::StdFiles;
use crate::minimize::{drive, Outcome};

/// The job slots (private directories) and the runner over them.
fn runner(o: &Options, timeout_ms: u64) -> Result<(crate::output::PrivateDir, Runner), String> {
    let temp = crate::output::PrivateDir::create("fracture-run-")
        .map_err(|e| messages::cannot_create_temp(&crate::process::io_text(&e)))?;
    let base = std::fs::canonicalize(temp.path()).unwrap_or_else(|_| temp.path().to_path_buf());
    let mut slots = Vec::new();
    for s in 0..o.decided.jobs {
        let slot = base.join(s.to_string());
        std::fs::create_dir(&slot).map_err(|e| super::cannot(messages::cannot_create, &slot, &e))?;
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

/// The campaign, step by step as fracture_host's `Drive` says; the exit code, or the failure that
/// stopped it (DIR is consistent either way). An interrupted campaign returns early.
pub(super) fn execute(o: &Options, d: &mut Drive, slots: &Slots) -> Result<u8, String> {
    let files = &mut StdFiles::default();
    d.open(files)?;
    let (temp, runner) = runner(o, d.ledger.campaign.timeout_ms)?;
    for i in d.baselines() {
        let exit = runner.run(0, &slots[i].0, &slots[i].1.bytes)?;
        if interrupted() {
            return Ok(0);
        }
        d.baseline(i, &exit.status, &exit.stderr);
    }
    let clock = Instant::now();
    let now = || clock.elapsed().as_secs_f64() * 1000.0;
    d.begin(std::io::stderr().is_terminal(), now(), files)?;
    if interrupted() {
        return Ok(0);
    }
    let failure = run_all(o, d, &runner, slots, &now);
    d.runs_ended(now(), files)?;
    if let Some(msg) = failure {
        return Err(msg);
    }
    let originals: Vec<&[u8]> = slots.iter().map(|(_, input)| &input.bytes[..]).collect();
    while let Some((i, mut machine)) = d.next_crash(&originals, files).filter(|_| !interrupted()) {
        let test = |slot: usize, bytes: &[u8], _cancel: &AtomicBool| {
            let exit = runner.run(slot, &slots[i].0, bytes)?;
            Ok(Some(if d.reproduces(&exit.status, &exit.stderr) {
                Outcome::Fail(String::new())
            } else {
                Outcome::Pass
            }))
        };
        if !drive(&mut machine, runner.slots.len(), &test, &interrupted, &mut |_| {})? {
            return Ok(0);
        }
        d.shrunk(&machine, files)?;
    }
    drop(temp);
    d.close(files)
}

/// The slice's unrecorded runs on the job slots; the first failure that stopped them.
fn run_all(
    o: &Options,
    d: &mut Drive,
    runner: &Runner,
    slots: &Slots,
    now: &(dyn Fn() -> f64 + Sync),
) -> Option<String> {
    let c = d.ledger.campaign.clone();
    let settings = crate::process::Settings {
        mode: &c.mode,
        intensity: c.intensity,
        options: &o.decided.corruption.options,
        whole: true,
    };
    let modes: Vec<u32> = (0..slots.len()).map(|i| d.mode(i)).collect();
    let drive = Mutex::new(d);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for slot in 0..runner.slots.len() {
            let (drive, failure, settings, modes) = (&drive, &failure, &settings, &modes);
            scope.spawn(move || loop {
                if interrupted() || crate::minimize::lock(failure).is_some() {
                    break;
                }
                let Some(job) = crate::minimize::lock(drive).next_run() else { break };
                let step = || -> Result<(), String> {
                    let (name, input) = &slots[job.input];
                    let corrupted = crate::process::corrupt(input.clone(), settings, job.seed, &mut |_| {})?;
                    let bytes = corrupted.output();
                    let exit = runner.run(slot, name, bytes)?;
                    let mut d = crate::minimize::lock(drive);
                    // A run that Ctrl-C killed is not recorded.
                    if interrupted() {
                        return Ok(());
                    }
                    let ran = Ran {
                        variant: bytes,
                        input_mode: modes[job.input],
                        status: &exit.status,
                        stdout: &exit.stdout,
                        stderr: &exit.stderr,
                        duration_ms: exit.duration_ms,
                    };
                    d.ran(job.r, &ran, now(), &mut StdFiles::default())
                };
                if let Err(msg) = step() {
                    crate::minimize::lock(failure).get_or_insert(msg);
                    break;
                }
            });
        }
    });
    failure.into_inner().unwrap_or_else(|p| p.into_inner())
}
