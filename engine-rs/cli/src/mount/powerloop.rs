//! `fracture run --power-cut MODEL --mount SOURCE --check CHECKER -- PROGRAM` (docs/mount.md, "The
//! power-cut loop"): PROGRAM runs once to count its durability points K; then, for each cut point
//! (each durability point, and after the program ends; a seeded sample of `--max` of them when there
//! are more), it runs again on a fresh mount whose power is cut there, and CHECKER (a shell command)
//! runs on what the disk holds after the cut, on a mount of its own without faults. CHECKER's outcome
//! is the run's: accepted (exit 0), rejected, crashed or hung; failures are grouped by the operation at
//! the cut and CHECKER's signature, each with the commands that replay it.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use super::cut;
use super::faults::Faults;
use super::options::LoopOptions;
use super::power::At;
use super::powerrecord::{at_text, write_state, Campaign, CutRun};
use super::trial::{Ran, Setting, Trial};
use crate::campaign::outcome::{crash_id, normalise, Outcome, Rules};
use crate::display;

static STOPPED: AtomicBool = AtomicBool::new(false);

fn on_interrupt(_signal: i32) {
    STOPPED.store(true, Ordering::SeqCst);
    crate::reaper::kill_all();
}

/// The checker's signature: its outcome, exit or signal, and its first line of standard error.
fn signature(ran: &Ran) -> String {
    let cause = match (&ran.signal, ran.exit_code) {
        (Some(s), _) => format!("signal {s}"),
        (None, Some(c)) => format!("exit {c}"),
        _ => "timeout".into(),
    };
    let first = String::from_utf8_lossy(&ran.exit.stderr).lines().find(|l| !l.trim().is_empty()).map(normalise);
    format!("{}\n{cause}{}", ran.outcome.name(), first.map(|l| format!("\n{l}")).unwrap_or_default())
}

/// What was happening at the cut, without its numbers (`fsync of doc.txt.tmp`), to group failures.
fn operation(during: &str) -> String {
    let op = during.split_once(", ").map_or(during, |(_, rest)| rest);
    normalise(op)
}

/// `max` of the cut points, drawn from the seed (a partial Fisher-Yates shuffle), in order.
fn sample(points: Vec<At>, max: u64, seed: u64) -> Vec<At> {
    let mut idx: Vec<usize> = (0..points.len()).collect();
    let m = (max as usize).min(points.len());
    for j in 0..m {
        let r = j + (cut::draw(seed, cut::Model::Reorder, j as u64, "sample") % (points.len() - j) as u64) as usize;
        idx.swap(j, r);
    }
    let mut chosen: Vec<usize> = idx[..m].to_vec();
    chosen.sort_unstable();
    chosen.into_iter().map(|i| points[i]).collect()
}

/// A copy of a tree (files, directories, symlinks), for the checker to work on.
fn copy_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for e in std::fs::read_dir(from)? {
        let e = e?;
        let (src, dst) = (e.path(), to.join(e.file_name()));
        let m = std::fs::symlink_metadata(&src)?;
        if m.is_dir() {
            copy_tree(&src, &dst)?;
        } else if m.file_type().is_symlink() {
            std::os::unix::fs::symlink(std::fs::read_link(&src)?, &dst)?;
        } else {
            std::fs::copy(&src, &dst)?;
        }
    }
    std::fs::set_permissions(to, std::fs::metadata(from)?.permissions())
}

struct Loop<'a> {
    o: &'a LoopOptions,
    trial: Trial<'a>,
    seed: u64,
    checker: Vec<OsString>,
}

impl Loop<'_> {
    fn faults(&self) -> Faults {
        Faults::new(self.seed, self.o.rules.clone())
    }

    /// One cut point: the program cut there, then the checker on a copy of the tree.
    fn cut_at(&self, slot: &Path, trees: &Path, at: At) -> Result<CutRun, String> {
        let tree = trees.join(at_text(at));
        let notes = fresh_notes(slot, &at_text(at))?;
        let setting = Setting {
            seed: self.seed,
            faults: self.faults(),
            upper: Some(tree.clone()),
            power: Some((self.o.power, Some(at))),
            notes: Some(notes.clone()),
        };
        // A failure ends the loop, and the slot's directory goes with the loop's temporary one.
        let ran = self.trial.run(slot, setting, &self.o.program)?;
        let scratch = slot.join(format!("check-{}", at_text(at)));
        copy_tree(&tree, &scratch).map_err(|e| format!("cannot copy {}: {e}", tree.display()))?;
        let setting = Setting {
            seed: self.seed,
            faults: Faults::new(self.seed, Vec::new()),
            upper: Some(scratch.clone()),
            power: None,
            notes: Some(notes.clone()),
        };
        let checked = self.trial.run(slot, setting, &self.checker);
        let _ = std::fs::remove_dir_all(&scratch);
        let _ = std::fs::remove_dir_all(&notes);
        if !self.o.keep_trees {
            let _ = std::fs::remove_dir_all(&tree);
        }
        let checked = checked?;
        let during = ran.cut.as_ref().map(|c| c.during.clone());
        let failure = (checked.outcome != Outcome::Accepted).then(|| {
            let key = format!("{}\n{}", operation(during.as_deref().unwrap_or("no cut")), signature(&checked));
            crash_id(&key)
        });
        Ok(CutRun {
            at,
            tree_sha256: ran.cut.as_ref().map(|c| c.tree_sha256.clone()),
            during,
            outcome: checked.outcome,
            exit_code: checked.exit_code,
            signal: checked.signal.clone(),
            duration_ms: checked.exit.duration_ms,
            failure: failure.inspect(|id| {
                let _ = save_failure(&self.o.out, id, &checked);
            }),
        })
    }
}

/// A cut's notes directory (`FRACTURE_NOTES`, docs/mount.md), empty: outside every mount, private to
/// the job slot, so the cuts that run side by side never read each other's notes.
fn fresh_notes(slot: &Path, name: &str) -> Result<PathBuf, String> {
    let notes = slot.join(format!("notes-{name}"));
    let _ = std::fs::remove_dir_all(&notes);
    std::fs::create_dir(&notes).map_err(|e| format!("cannot create {}: {e}", notes.display()))?;
    Ok(notes)
}

fn save_failure(dir: &Path, id: &str, ran: &Ran) -> std::io::Result<()> {
    let path = dir.join("failures").join(id);
    if path.exists() {
        return Ok(());
    }
    std::fs::create_dir_all(&path)?;
    let mode = crate::output::mode(0o666);
    crate::output::write(&path.join("stdout.txt"), &ran.exit.stdout, mode)?;
    crate::output::write(&path.join("stderr.txt"), &ran.exit.stderr, mode)?;
    crate::output::write(&path.join("signature.txt"), signature(ran).as_bytes(), mode)
}

pub fn run(o: LoopOptions) -> ExitCode {
    let source = match std::fs::canonicalize(&o.source) {
        Ok(s) => s,
        Err(e) => {
            eprintln!(
                "{}",
                crate::cli_tables::usage::refusal(
                    Some("run"),
                    &format!("{}: {}", display::path(&o.source), crate::process::io_text(&e))
                )
            );
            return ExitCode::from(2);
        }
    };
    if o.out.join("campaign.json").exists() || o.out.join("runs.jsonl").exists() {
        eprintln!(
            "{}",
            crate::cli_tables::usage::refusal(
                Some("run"),
                &crate::cli_tables::usage::campaign_exists(display::path(&o.out))
            )
        );
        return ExitCode::from(2);
    }
    if let Err(msg) = super::checks::environment() {
        eprintln!("fracture: {msg}");
        return ExitCode::from(2);
    }
    let seed = o.seed.unwrap_or_else(crate::args::random_seed);
    eprintln!("fracture: run: seed {seed}, power cuts by {}", o.power.model.name());
    let trial = Trial {
        source_is_dir: source.is_dir(),
        source,
        corruption: o.corruption.clone(),
        rules: &o.rules,
        timeout: Duration::from_millis(o.timeout_ms),
        classify: Rules { crash_exit: o.classify.crash_exit.clone(), pattern: o.classify.pattern.clone() },
    };
    let checker = vec![OsString::from("sh"), OsString::from("-c"), OsString::from(&o.check)];
    let l = Loop { o: &o, trial, seed, checker };
    crate::output::on_interrupt(on_interrupt);
    match execute(&l) {
        Ok(code) => code,
        Err(msg) => {
            eprintln!("fracture: run: {msg}");
            ExitCode::from(1)
        }
    }
}

fn execute(l: &Loop) -> Result<ExitCode, String> {
    let o = l.o;
    std::fs::create_dir_all(&o.out).map_err(|e| format!("cannot create {}: {e}", display::path(&o.out)))?;
    let temp = crate::output::PrivateDir::create("fracture-run-")
        .map_err(|e| fracture_host::messages::cannot_create_temp(&crate::process::io_text(&e)))?;
    let trees = if o.keep_trees { o.out.join("trees") } else { temp.path().join("trees") };
    std::fs::create_dir_all(&trees).map_err(|e| format!("cannot create {}: {e}", trees.display()))?;
    let slots: Vec<PathBuf> = (0..o.jobs.max(1)).map(|s| temp.path().join(format!("slot{s}"))).collect();
    for s in &slots {
        std::fs::create_dir(s).map_err(|e| format!("cannot create {}: {e}", s.display()))?;
    }
    let (k, total, points) = cut_points(l, &slots[0], temp.path())?;
    let mut runs = cut_all(l, &slots, &trees, &points)?;
    runs.sort_by_key(|r| match r.at {
        At::Point(k) => k,
        At::End => u64::MAX,
    });
    drop(temp);
    let campaign = Campaign { o, source: &l.trial.source, seed: l.seed };
    write_state(&campaign, k, total, &runs)?;
    let failed = runs.iter().filter(|r| r.failure.is_some()).count();
    if !o.quiet {
        let ids: std::collections::BTreeSet<_> = runs.iter().filter_map(|r| r.failure.clone()).collect();
        eprintln!(
            "fracture: run: {} cuts: {} accepted, {failed} failed; {} unique -> {}",
            runs.len(),
            runs.len() - failed,
            ids.len(),
            display::path(&o.out.join("summary.md"))
        );
    }
    if STOPPED.load(Ordering::SeqCst) {
        return Ok(ExitCode::from(130));
    }
    Ok(if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The cuts to make: the checker must accept SOURCE as it is (or no cut can be judged), then the
/// program runs once, uncut, to count its durability points K; `--max` samples them. Returns K, the
/// number of cuts there are and the cuts chosen.
fn cut_points(l: &Loop, slot: &Path, temp: &Path) -> Result<(u64, usize, Vec<At>), String> {
    let o = l.o;
    // The checker must accept SOURCE as it is, or no cut can be judged.
    let notes = fresh_notes(slot, "source")?;
    let none =
        Setting { seed: l.seed, faults: Faults::new(l.seed, Vec::new()), upper: None, power: None, notes: Some(notes) };
    let base = l.trial.run(slot, none, &l.checker)?;
    if base.outcome != Outcome::Accepted {
        let why = String::from_utf8_lossy(&base.exit.stderr).lines().next().unwrap_or_default().to_string();
        return Err(format!(
            "the checker does not accept SOURCE as it is ({}): {why}",
            signature(&base).replace('\n', ", ")
        ));
    }
    // The program once, uncut: its durability points.
    let count_tree = temp.join("count");
    let notes = Some(fresh_notes(slot, "count")?);
    let setting =
        Setting { seed: l.seed, faults: l.faults(), upper: Some(count_tree), power: Some((o.power, None)), notes };
    let k = l.trial.run(slot, setting, &o.program)?.points;
    let mut points: Vec<At> = (1..=k).map(At::Point).collect();
    points.push(At::End);
    let total = points.len();
    if let Some(max) = o.max.filter(|&m| (m as usize) < total) {
        points = sample(points, max, l.seed);
    }
    if k == 0 {
        eprintln!("fracture: run: the program never makes anything durable (K = 0): only the cut after it ends");
    } else {
        eprintln!("fracture: run: the program makes K = {k} durability points: {} cuts of {total}", points.len());
    }
    Ok((k, total, points))
}

/// Every cut of `points`, on as many mountpoints as there are `slots`, in any order.
fn cut_all(l: &Loop, slots: &[PathBuf], trees: &Path, points: &[At]) -> Result<Vec<CutRun>, String> {
    let results: Mutex<Vec<CutRun>> = Mutex::new(Vec::new());
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for slot in slots {
            let (results, next, failure, points, trees) = (&results, &next, &failure, &points, &trees);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= points.len() || STOPPED.load(Ordering::SeqCst) || failure.lock().is_ok_and(|f| f.is_some()) {
                    break;
                }
                match l.cut_at(slot, trees, points[i]) {
                    Ok(r) if !STOPPED.load(Ordering::SeqCst) => {
                        results.lock().unwrap_or_else(|p| p.into_inner()).push(r)
                    }
                    Ok(_) => break,
                    Err(msg) => {
                        failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(msg);
                        break;
                    }
                }
            });
        }
    });
    if let Some(msg) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(msg);
    }
    Ok(results.into_inner().unwrap_or_else(|p| p.into_inner()))
}
