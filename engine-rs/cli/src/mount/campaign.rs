//! `fracture run --mount SOURCE ... -- COMMAND`: a campaign of mounts (docs/mount.md, "Campaigns").
//! Run k mounts SOURCE afresh with seed S + k (its corruption and its `p=` draws follow the seed),
//! runs COMMAND (`{}` in its arguments is the mount's path) and classifies the run as `fracture run`
//! does (crate::campaign::outcome). Each unique failure is shrunk to the fewest injected faults that
//! still give its signature (ddmin over its log's faults, each test a replayed mount), and its replay
//! is `fracture mount ... --replay` with the shrunk log.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

use super::faults::{Faults, Replayed};
use super::rules::Rule;
use super::trial::{Ran, Setting, Trial};
use super::Corruption;
use crate::campaign::outcome::{crash_id, Outcome, Rules};
use crate::campaign::record::{program_word, Json};
use crate::display;

/// `fracture run --mount`'s options, as parsed (crate::mount::options).
pub struct CampaignOptions {
    pub source: PathBuf,
    pub corruption: Option<Corruption>,
    pub rules: Vec<Rule>,
    pub seed: Option<u64>,
    pub count: u64,
    pub jobs: usize,
    pub timeout_ms: u64,
    pub out: PathBuf,
    pub crash_exit: Vec<i32>,
    pub crash_pattern: Option<regex::Regex>,
    pub minimize: bool,
    pub quiet: bool,
    pub program: Vec<OsString>,
}

static STOPPED: AtomicBool = AtomicBool::new(false);

fn on_interrupt(_signal: i32) {
    STOPPED.store(true, Ordering::SeqCst);
    crate::reaper::kill_all();
}

/// Tests ddmin may run per failure.
const SHRINK_BUDGET: usize = 200;

/// The faults a run's log records.
fn faults_of(log: &str) -> Vec<Replayed> {
    super::replay::parse(log, "log").map(|r| r.faults).unwrap_or_default()
}

/// A failure's shrunk log: the run's first line, then only the kept faults' lines.
fn log_with(log: &str, kept: &[Replayed]) -> String {
    let mut lines = log.lines();
    let mut out = lines.next().map(|l| format!("{l}\n")).unwrap_or_default();
    for line in lines {
        let Ok(v) = serde_json::from_str::<serde_json::Value>(line) else { continue };
        if v["event"] != "fault" {
            continue;
        }
        let same = |f: &&Replayed| v["op"] == f.op.name() && v["path"] == f.path.as_str() && v["seq"] == f.seq;
        if kept.iter().any(|f| same(&f)) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// One run as runs.jsonl records it.
struct Run {
    seed: u64,
    outcome: Outcome,
    exit_code: Option<i32>,
    signal: Option<String>,
    duration_ms: u64,
    faults: u64,
    crash_id: Option<String>,
}

impl Run {
    fn line(&self) -> String {
        Json::Obj(vec![
            ("seed", self.seed.into()),
            ("outcome", self.outcome.name().into()),
            ("exit_code", self.exit_code.map_or(Json::Null, |c| Json::Int(i64::from(c)))),
            ("signal", self.signal.clone().into()),
            ("duration_ms", self.duration_ms.into()),
            ("faults", self.faults.into()),
            ("crash_id", self.crash_id.clone().into()),
        ])
        .compact()
    }
}

/// A campaign's options and the trial its runs share.
struct Bench<'a> {
    o: &'a CampaignOptions,
    trial: Trial<'a>,
}

impl Bench<'_> {
    fn run(&self, slot: &Path, seed: u64, faults: Faults) -> Result<Ran, String> {
        self.trial.run(slot, Setting { seed, faults, upper: None, power: None, notes: None }, &self.o.program)
    }
}

struct Failure {
    id: String,
    outcome: Outcome,
    signature: String,
    seeds: Vec<u64>,
    faults: u64,
    minimized: Option<u64>,
}

pub fn run(o: CampaignOptions) -> ExitCode {
    let refuse = |msg: String| {
        eprintln!("{}", crate::cli_tables::usage::refusal(Some("run"), &msg));
        ExitCode::from(2)
    };
    let source = match std::fs::canonicalize(&o.source) {
        Ok(s) => s,
        Err(e) => return refuse(format!("{}: {}", display::path(&o.source), crate::process::io_text(&e))),
    };
    let source_is_dir = source.is_dir();
    if o.out.join("campaign.json").exists() || o.out.join("runs.jsonl").exists() {
        return refuse(crate::cli_tables::usage::campaign_exists(display::path(&o.out)));
    }
    if std::fs::canonicalize(&o.out).is_ok_and(|d| d.starts_with(&source)) {
        return refuse(format!("--out {}: must not be inside SOURCE", display::path(&o.out)));
    }
    if let Err(msg) = super::checks::environment() {
        eprintln!("fracture: {msg}");
        return ExitCode::from(2);
    }
    let seed = o.seed.unwrap_or_else(crate::args::random_seed);
    eprintln!("fracture: run: seed {seed} (run k mounts with seed {seed} + k)");
    let classify = Rules { crash_exit: o.crash_exit.clone(), pattern: o.crash_pattern.clone() };
    let trial = Trial {
        source,
        source_is_dir,
        corruption: o.corruption.clone(),
        rules: &o.rules,
        timeout: Duration::from_millis(o.timeout_ms),
        classify,
    };
    let bench = Bench { o: &o, trial };
    crate::output::on_interrupt(on_interrupt);
    match execute(&bench, seed) {
        Ok((runs, unique)) => {
            if STOPPED.load(Ordering::SeqCst) {
                eprintln!("fracture: run: interrupted; the runs so far are in {}", display::path(&o.out));
                return ExitCode::from(130);
            }
            let count = |x: Outcome| runs.iter().filter(|r| r.outcome == x).count();
            if !o.quiet {
                eprintln!(
                    "fracture: run: {} runs: {} accepted, {} rejected, {} crashed, {} hung; {unique} unique -> {}",
                    runs.len(),
                    count(Outcome::Accepted),
                    count(Outcome::Rejected),
                    count(Outcome::Crashed),
                    count(Outcome::Hung),
                    display::path(&o.out.join("summary.md"))
                );
            }
            if runs.iter().any(|r| r.outcome.failed()) {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(msg) => {
            eprintln!("fracture: run: {msg}");
            ExitCode::from(1)
        }
    }
}

fn execute(b: &Bench, seed: u64) -> Result<(Vec<Run>, usize), String> {
    let o = b.o;
    let dir = &o.out;
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", display::path(dir)))?;
    let temp = crate::output::PrivateDir::create("fracture-run-")
        .map_err(|e| fracture_host::messages::cannot_create_temp(&crate::process::io_text(&e)))?;
    let slots = mount_slots(&temp, o.jobs.min(o.count as usize).max(1))?;
    let runs_path = dir.join("runs.jsonl");
    let append =
        std::fs::File::create(&runs_path).map_err(|e| format!("cannot write {}: {e}", display::path(&runs_path)))?;
    let state = Mutex::new((Vec::<Run>::new(), HashMap::<String, (u64, String)>::new(), append));
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    std::thread::scope(|scope| {
        for slot in &slots {
            let (state, next, failure) = (&state, &next, &failure);
            scope.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::SeqCst) as u64;
                if k >= o.count || STOPPED.load(Ordering::SeqCst) || failure.lock().is_ok_and(|f| f.is_some()) {
                    break;
                }
                let s = seed + k;
                let step = || -> Result<(), String> {
                    let ran = b.run(slot, s, Faults::new(s, o.rules.clone()))?;
                    let faults = faults_of(&ran.log).len() as u64;
                    let id = ran.signature.as_deref().map(crash_id);
                    let run = Run {
                        seed: s,
                        outcome: ran.outcome,
                        exit_code: ran.exit_code,
                        signal: ran.signal.clone(),
                        duration_ms: ran.exit.duration_ms,
                        faults,
                        crash_id: id.clone(),
                    };
                    let mut st = state.lock().unwrap_or_else(|p| p.into_inner());
                    if STOPPED.load(Ordering::SeqCst) {
                        return Ok(());
                    }
                    if let Some(id) = &id {
                        if st.1.get(id).is_none_or(|(old, _)| s < *old) {
                            save_failure(dir, id, &ran)?;
                            st.1.insert(id.clone(), (s, ran.log.clone()));
                        }
                    }
                    st.2.write_all(format!("{}\n", run.line()).as_bytes()).map_err(|e| e.to_string())?;
                    st.0.push(run);
                    Ok(())
                };
                if let Err(msg) = step() {
                    failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(msg);
                    break;
                }
            });
        }
    });
    if let Some(msg) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(msg);
    }
    let (mut runs, reps, _) = state.into_inner().unwrap_or_else(|p| p.into_inner());
    runs.sort_by_key(|r| r.seed);
    let failures = failures_of(b, &slots[0], &runs, reps)?;
    drop(temp);
    write_state(b, seed, &runs, &failures)?;
    Ok((runs, failures.len()))
}

/// An empty mountpoint for each job, in the campaign's private temporary directory.
pub(super) fn mount_slots(temp: &crate::output::PrivateDir, jobs: usize) -> Result<Vec<PathBuf>, String> {
    let mut slots = Vec::new();
    for s in 0..jobs {
        let mnt = temp.path().join(s.to_string());
        std::fs::create_dir(&mnt).map_err(|e| format!("cannot create {}: {e}", mnt.display()))?;
        slots.push(std::fs::canonicalize(&mnt).unwrap_or(mnt));
    }
    Ok(slots)
}

/// Each crash id's failure, in the order of their first seeds, minimised (with `slot` as the
/// mountpoint) unless `--no-minimize` or a signal said otherwise.
fn failures_of(
    b: &Bench,
    slot: &Path,
    runs: &[Run],
    reps: HashMap<String, (u64, String)>,
) -> Result<Vec<Failure>, String> {
    let (o, dir) = (b.o, &b.o.out);
    let mut failures: Vec<Failure> = Vec::new();
    let mut reps: Vec<(String, (u64, String))> = reps.into_iter().collect();
    reps.sort_by_key(|(_, (s, _))| *s);
    for (id, (rep, log)) in reps {
        let of_id: Vec<&Run> = runs.iter().filter(|r| r.crash_id.as_deref() == Some(id.as_str())).collect();
        let first = of_id[0];
        let signature = std::fs::read_to_string(dir.join(format!("crashes/{id}/signature.txt"))).unwrap_or_default();
        let faults = faults_of(&log);
        let mut f = Failure {
            id: id.clone(),
            outcome: first.outcome,
            signature: signature.clone(),
            seeds: of_id.iter().map(|r| r.seed).collect(),
            faults: faults.len() as u64,
            minimized: None,
        };
        if o.minimize && !STOPPED.load(Ordering::SeqCst) {
            f.minimized = shrink(b, slot, rep, &log, &faults, &signature, dir, &id)?;
        }
        failures.push(f);
    }
    Ok(failures)
}

fn save_failure(dir: &Path, id: &str, ran: &Ran) -> Result<(), String> {
    let crash = dir.join("crashes").join(id);
    std::fs::create_dir_all(&crash).map_err(|e| format!("cannot create {}: {e}", display::path(&crash)))?;
    let mode = crate::output::mode(0o666);
    for (name, bytes) in [
        ("log.jsonl", ran.log.as_bytes()),
        ("stdout.txt", &ran.exit.stdout[..]),
        ("stderr.txt", &ran.exit.stderr[..]),
        ("signature.txt", ran.signature.as_deref().unwrap_or_default().as_bytes()),
    ] {
        let path = crash.join(name);
        crate::output::write(&path, bytes, mode).map_err(|e| format!("cannot write {}: {e}", display::path(&path)))?;
    }
    Ok(())
}

/// Shrinks a failure's faults and writes `crashes/ID/minimized.jsonl`; the faults kept, or None when
/// the failure did not come back with all of them (a flaky program) or no fault was injected.
#[allow(clippy::too_many_arguments)]
fn shrink(
    b: &Bench,
    mountpoint: &Path,
    seed: u64,
    log: &str,
    faults: &[Replayed],
    signature: &str,
    dir: &Path,
    id: &str,
) -> Result<Option<u64>, String> {
    if !b.o.quiet {
        eprintln!("fracture: run: minimizing {id} ({} faults)", faults.len());
    }
    let mut error = None;
    let mut fails = |subset: &[Replayed]| -> bool {
        if STOPPED.load(Ordering::SeqCst) || error.is_some() {
            return false;
        }
        match b.run(mountpoint, seed, Faults::replaying(seed, subset.to_vec())) {
            Ok(ran) => ran.signature.as_deref() == Some(signature),
            Err(msg) => {
                error = Some(msg);
                false
            }
        }
    };
    if !fails(faults) {
        return error.map_or(Ok(None), Err);
    }
    let (kept, _) = super::ddmin::ddmin(faults, SHRINK_BUDGET, &mut fails);
    if let Some(msg) = error {
        return Err(msg);
    }
    let path = dir.join(format!("crashes/{id}/minimized.jsonl"));
    crate::output::write(&path, log_with(log, &kept).as_bytes(), crate::output::mode(0o666))
        .map_err(|e| format!("cannot write {}: {e}", display::path(&path)))?;
    if !b.o.quiet {
        eprintln!("fracture: run: {id}: {} faults", kept.len());
    }
    Ok(Some(kept.len() as u64))
}

/// The words of the mount command a failure's replay runs (MNT: a directory to mount on).
fn replay_words(b: &Bench, log: &str) -> String {
    let mut words = vec!["fracture".to_string(), "mount".into(), program_word(&display::path(&b.trial.source))];
    words.push("MNT".into());
    words.push("--replay".into());
    words.push(program_word(log));
    words.push("--".into());
    for (k, w) in b.o.program.iter().enumerate() {
        let w = w.to_string_lossy();
        words.push(program_word(&if k == 0 { w.into_owned() } else { w.replace("{}", "MNT") }));
    }
    words.join(" ")
}

fn write_state(b: &Bench, seed: u64, runs: &[Run], failures: &[Failure]) -> Result<(), String> {
    let mut lines = String::new();
    for r in runs {
        lines += &r.line();
        lines.push('\n');
    }
    let (json, summary) = (campaign_json(b, seed, runs, failures), summary_md(b, seed, runs, failures));
    let mode = crate::output::mode(0o666);
    for (name, text) in [("runs.jsonl", lines), ("campaign.json", json), ("summary.md", summary)] {
        let path = b.o.out.join(name);
        crate::output::write(&path, text.as_bytes(), mode)
            .map_err(|e| format!("cannot write {}: {e}", display::path(&path)))?;
    }
    Ok(())
}

/// campaign.json's text (docs/mount.md, "Campaigns").
fn campaign_json(b: &Bench, seed: u64, runs: &[Run], failures: &[Failure]) -> String {
    let o = b.o;
    let count = |x: Outcome| runs.iter().filter(|r| r.outcome == x).count() as u64;
    let text = |v: &[String]| Json::Arr(v.iter().map(|s| s.as_str().into()).collect());
    let rules: Vec<String> = o.rules.iter().map(|r| r.to_string()).collect();
    let program: Vec<String> = o.program.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    let entry = |f: &Failure| {
        let log = format!("crashes/{}/log.jsonl", f.id);
        let minimized = f.minimized.map(|_| format!("crashes/{}/minimized.jsonl", f.id));
        Json::Obj(vec![
            ("id", f.id.as_str().into()),
            ("outcome", f.outcome.name().into()),
            ("signature", f.signature.as_str().into()),
            ("seed", f.seeds[0].into()),
            ("seeds", Json::Arr(f.seeds.iter().map(|&s| s.into()).collect())),
            ("faults", f.faults.into()),
            ("log", log.as_str().into()),
            ("minimized", minimized.clone().into()),
            ("minimized_faults", f.minimized.into()),
            ("replay", replay_words(b, minimized.as_deref().unwrap_or(&log)).into()),
        ])
    };
    let corruption = o.corruption.as_ref().map_or(Json::Null, |c| {
        Json::Obj(vec![
            ("mode", c.mode.as_str().into()),
            ("intensity", u64::from(c.intensity).into()),
            ("only", text(&c.options.ranges.only)),
            ("protect", text(&c.options.ranges.protect)),
            ("fix_checksums", Json::Bool(c.options.fix_checksums)),
            ("member", c.options.member.clone().into()),
            ("files", text(&c.files)),
        ])
    });
    let json = Json::Obj(vec![
        ("version", Json::Int(1)),
        ("kind", "mount".into()),
        ("source", display::path(&b.trial.source).into()),
        ("corruption", corruption),
        ("rules", text(&rules)),
        ("program", text(&program)),
        ("timeout_ms", o.timeout_ms.into()),
        ("seed", seed.into()),
        ("count", o.count.into()),
        ("planned", o.count.into()),
        ("complete", Json::Bool(runs.len() as u64 == o.count)),
        ("counts", Json::Obj(Outcome::ALL.iter().map(|&x| (x.name(), count(x).into())).collect())),
        ("crashes", Json::Arr(failures.iter().map(entry).collect())),
    ]);
    json.pretty()
}

/// summary.md's text.
fn summary_md(b: &Bench, seed: u64, runs: &[Run], failures: &[Failure]) -> String {
    let o = b.o;
    let count = |x: Outcome| runs.iter().filter(|r| r.outcome == x).count() as u64;
    let rules: Vec<String> = o.rules.iter().map(|r| r.to_string()).collect();
    let mut summary = format!(
        "# Fracture mount campaign\n\n- Source: `{}`\n- Rules: {}\n- Runs: {} of {} (seeds {seed} to {})\n- Accepted {}, rejected {}, crashed {}, hung {}\n- Unique failures: {}\n",
        display::path(&b.trial.source),
        if rules.is_empty() { "none".to_string() } else { rules.iter().map(|r| format!("`{r}`")).collect::<Vec<_>>().join(", ") },
        runs.len(),
        o.count,
        seed + o.count.saturating_sub(1),
        count(Outcome::Accepted),
        count(Outcome::Rejected),
        count(Outcome::Crashed),
        count(Outcome::Hung),
        failures.len()
    );
    for f in failures {
        let faults = match f.minimized {
            Some(n) => format!("{} injected, {n} needed", f.faults),
            None => format!("{} injected, not minimised", f.faults),
        };
        let log = match f.minimized {
            Some(_) => format!("crashes/{}/minimized.jsonl", f.id),
            None => format!("crashes/{}/log.jsonl", f.id),
        };
        summary += &format!(
            "\n## {}: {}\n\n- Seeds: {}\n- Faults: {faults}\n- Signature:\n\n```\n{}\n```\n\nReplay (inside DIR, with MNT an empty directory):\n\n```sh\n{}\n```\n",
            f.id,
            f.outcome.name(),
            f.seeds.iter().map(u64::to_string).collect::<Vec<_>>().join(", "),
            f.signature,
            replay_words(b, &log)
        );
    }
    summary
}
