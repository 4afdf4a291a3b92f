//! `fracture run --power-cut MODEL --mount SOURCE --check CHECKER -- PROGRAM` (docs/mount.md, "The
//! power-cut loop"): PROGRAM runs once to count its durability points K; then, for each cut point
//! (each durability point, and after the program ends; a seeded sample of `--max` of them when there
//! are more), it runs again on a fresh mount whose power is cut there, and CHECKER (a shell command)
//! runs on what the disk holds after the cut, on a mount of its own without faults. CHECKER's outcome
//! is the run's: accepted (exit 0), rejected, crashed or hung; failures are grouped by the operation at
//! the cut and CHECKER's signature, each with the commands that replay it.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use super::cut::{self, Power};
use super::faults::Faults;
use super::power::At;
use super::rules::Rule;
use super::trial::{Ran, Setting, Trial};
use super::Corruption;
use crate::campaign::outcome::{crash_id, normalise, Outcome, Rules};
use crate::campaign::record::{program_word, Json};
use crate::display;

/// `fracture run --power-cut`'s options, as parsed (crate::mount::options).
pub struct LoopOptions {
    pub source: PathBuf,
    pub corruption: Option<Corruption>,
    pub rules: Vec<Rule>,
    pub power: Power,
    pub check: String,
    pub max: Option<u64>,
    pub keep_trees: bool,
    pub seed: Option<u64>,
    pub jobs: usize,
    pub timeout_ms: u64,
    pub out: PathBuf,
    pub classify: Rules,
    pub quiet: bool,
    pub program: Vec<OsString>,
}

static STOPPED: AtomicBool = AtomicBool::new(false);

fn on_interrupt(_signal: i32) {
    STOPPED.store(true, Ordering::SeqCst);
    crate::reaper::kill_all();
}

/// One cut point's run, as runs.jsonl records it.
struct CutRun {
    at: At,
    during: Option<String>,
    tree_sha256: Option<String>,
    outcome: Outcome,
    exit_code: Option<i32>,
    signal: Option<String>,
    duration_ms: u64,
    failure: Option<String>,
}

fn at_text(at: At) -> String {
    match at {
        At::Point(k) => k.to_string(),
        At::End => "end".into(),
    }
}

impl CutRun {
    fn line(&self) -> String {
        Json::Obj(vec![
            ("cut", at_text(self.at).into()),
            ("during", self.during.clone().into()),
            ("tree_sha256", self.tree_sha256.clone().into()),
            ("outcome", self.outcome.name().into()),
            ("exit_code", self.exit_code.map_or(Json::Null, |c| Json::Int(i64::from(c)))),
            ("signal", self.signal.clone().into()),
            ("duration_ms", self.duration_ms.into()),
            ("failure", self.failure.clone().into()),
        ])
        .compact()
    }
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
    write_state(l, k, total, &runs)?;
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

/// The commands that replay a cut and its check, from one directory: TREE, MNT and NOTES empty
/// directories there (NOTES is the cut's FRACTURE_NOTES, which the check reads as the cut left it).
fn replay(l: &Loop, at: At) -> (String, String) {
    let o = l.o;
    let source = program_word(&display::path(&l.trial.source));
    let mut cut = format!(
        "FRACTURE_NOTES=NOTES fracture mount {source} MNT --seed {} --power-cut {} --power-cut-at {} --sector {} --torn-fill {} --upper TREE",
        l.seed,
        o.power.model.name(),
        at_text(at),
        o.power.sector,
        if o.power.fill == cut::Fill::Zeros { "zeros" } else { "old" }
    );
    for r in &o.rules {
        cut.push_str(&format!(" --fault {}", program_word(&r.to_string())));
    }
    cut.push_str(" --");
    for (i, w) in o.program.iter().enumerate() {
        let w = w.to_string_lossy();
        cut.push(' ');
        cut.push_str(&program_word(&if i == 0 { w.into_owned() } else { w.replace("{}", "MNT") }));
    }
    let check = format!(
        "FRACTURE_NOTES=NOTES fracture mount {source} MNT --upper TREE -- sh -c {}",
        program_word(&o.check.replace("{}", "MNT"))
    );
    (cut, check)
}

fn write_state(l: &Loop, k: u64, total: usize, runs: &[CutRun]) -> Result<(), String> {
    let mut groups: BTreeMap<String, Vec<&CutRun>> = BTreeMap::new();
    for r in runs {
        if let Some(id) = &r.failure {
            groups.entry(id.clone()).or_default().push(r);
        }
    }
    let mut lines = String::new();
    for r in runs {
        lines += &r.line();
        lines.push('\n');
    }
    let json = campaign_json(l, k, total, runs, &groups);
    let summary = summary_md(l, k, total, runs, &groups);
    let mode = crate::output::mode(0o666);
    for (name, text) in [("runs.jsonl", lines), ("campaign.json", json), ("summary.md", summary)] {
        let path = l.o.out.join(name);
        crate::output::write(&path, text.as_bytes(), mode)
            .map_err(|e| format!("cannot write {}: {e}", display::path(&path)))?;
    }
    Ok(())
}

/// Failed cuts by their failure's id.
type Groups<'a> = BTreeMap<String, Vec<&'a CutRun>>;

/// campaign.json's text (docs/mount.md, "Power cuts").
fn campaign_json(l: &Loop, k: u64, total: usize, runs: &[CutRun], groups: &Groups) -> String {
    let o = l.o;
    let count = |x: Outcome| runs.iter().filter(|r| r.outcome == x).count() as u64;
    let failures: Vec<Json> = groups
        .iter()
        .map(|(id, list)| {
            let first = list[0];
            let sig = std::fs::read_to_string(o.out.join(format!("failures/{id}/signature.txt"))).unwrap_or_default();
            let (cut, check) = replay(l, first.at);
            Json::Obj(vec![
                ("id", id.as_str().into()),
                ("outcome", first.outcome.name().into()),
                ("signature", sig.into()),
                ("during", first.during.clone().into()),
                ("cuts", Json::Arr(list.iter().map(|r| at_text(r.at).into()).collect())),
                ("replay", Json::Arr(vec![cut.into(), check.into()])),
            ])
        })
        .collect();
    let program: Vec<String> = o.program.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    let json = Json::Obj(vec![
        ("version", Json::Int(1)),
        ("kind", "power-cut".into()),
        ("source", display::path(&l.trial.source).into()),
        ("model", o.power.model.name().into()),
        ("sector", o.power.sector.into()),
        ("torn_fill", if o.power.fill == cut::Fill::Zeros { "zeros" } else { "old" }.into()),
        ("seed", l.seed.into()),
        ("program", Json::Arr(program.iter().map(|s| s.as_str().into()).collect())),
        ("check", o.check.as_str().into()),
        ("durability_points", k.into()),
        ("cut_points", (total as u64).into()),
        ("planned", (runs.len() as u64).into()),
        ("counts", Json::Obj(Outcome::ALL.iter().map(|&x| (x.name(), count(x).into())).collect())),
        ("failures", Json::Arr(failures)),
    ]);
    json.pretty()
}

/// summary.md's text.
fn summary_md(l: &Loop, k: u64, total: usize, runs: &[CutRun], groups: &Groups) -> String {
    let o = l.o;
    let count = |x: Outcome| runs.iter().filter(|r| r.outcome == x).count() as u64;
    let program: Vec<String> = o.program.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    let mut summary = format!(
        "# Fracture power-cut loop\n\n- Source: `{}`\n- Program: `{}`\n- Checker: `{}`\n- Model: {} (seed {}, sector {})\n- Durability points: {k}; cuts run: {} of {total}\n- Accepted {}, rejected {}, crashed {}, hung {}\n- Unique failures: {}\n",
        display::path(&l.trial.source),
        program.iter().map(|w| program_word(w)).collect::<Vec<_>>().join(" "),
        o.check,
        o.power.model.name(),
        l.seed,
        o.power.sector,
        runs.len(),
        count(Outcome::Accepted),
        count(Outcome::Rejected),
        count(Outcome::Crashed),
        count(Outcome::Hung),
        groups.len()
    );
    if groups.is_empty() {
        summary += "\nEvery cut left a tree the checker accepts.\n";
    }
    for (id, list) in groups {
        let first = list[0];
        let (cut, check) = replay(l, first.at);
        let sig = std::fs::read_to_string(o.out.join(format!("failures/{id}/signature.txt"))).unwrap_or_default();
        summary += &format!(
            "\n## {id}: {} after the cut {}\n\n- Cuts: {}\n- Checker's signature:\n\n```\n{sig}\n```\n\nReplay (TREE, MNT and NOTES empty directories):\n\n```sh\n{cut}\n{check}\n```\n",
            first.outcome.name(),
            first.during.as_deref().unwrap_or("(none)"),
            list.iter().map(|r| at_text(r.at)).collect::<Vec<_>>().join(", ")
        );
    }
    summary
}
