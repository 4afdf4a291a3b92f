//! `fracture minimize`: the fewest changed bytes of CORRUPTED that still make a command fail.
//!
//! Delta debugging (Zeller's ddmin) first over runs of changed bytes, then over the single bytes left;
//! each round's candidates are tested in parallel and the first failing one in order wins, so the
//! result does not depend on timing (the npm CLI, cli/minimize.ts, does the same and gets the same
//! file). The result is 1-minimal: restoring any one remaining byte makes the command pass, unless the
//! run budget (`budget`: O(n log n) test runs for n changed bytes) is spent first; then the smallest
//! failing file found so far is written, and the last line says so.

use crate::args::MinimizeOptions as Options;
use fracture_host::messages;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What Ctrl-C must clean up: the temporary directory and the tests' process groups.
static RUNNING: Mutex<Option<(PathBuf, HashSet<i32>)>> = Mutex::new(None);

fn lock_running() -> std::sync::MutexGuard<'static, Option<(PathBuf, HashSet<i32>)>> {
    RUNNING.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

pub fn run(o: Options) -> ExitCode {
    // Plan, then write: the output may be neither input nor a directory (docs/cli.md, "Nothing lost").
    let out = o.out.clone().unwrap_or_else(|| minimized_path(&o.corrupted));
    let mut plan = crate::plan::Claims::default();
    let planned = plan.input(&o.original).and_then(|a| Ok((a, plan.input(&o.corrupted)?))).and_then(|modes| {
        plan.output(&out)?;
        Ok(modes)
    });
    let allowed = match planned {
        Ok((a, b)) => a.map_or(0o777, |i| i.mode) & b.map_or(0o777, |i| i.mode),
        Err(msg) => {
            eprintln!("{}", crate::cli_tables::usage::refusal(Some("minimize"), &msg));
            return ExitCode::from(2);
        }
    };
    match minimize(&o, &out, allowed) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("fracture: minimize: {msg}");
            ExitCode::from(1)
        }
    }
}

fn read(path: &Path) -> Result<Vec<u8>, String> {
    std::fs::read(path).map_err(|e| format!("{}: {}", crate::display::path(path), crate::process::io_text(&e)))
}

/// Minimises into `out`, a file granting no more than `allowed`.
fn minimize(o: &Options, out: &Path, allowed: u32) -> Result<String, String> {
    let original = read(&o.original)?;
    let corrupted = read(&o.corrupted)?;
    if original.len() != corrupted.len() {
        return Err(messages::minimize_lengths(&original.len().to_string(), &corrupted.len().to_string()));
    }
    let changed: Vec<u64> = (0..original.len()).filter(|&i| original[i] != corrupted[i]).map(|i| i as u64).collect();
    if changed.is_empty() {
        return Err(messages::minimize_identical());
    }
    let runs = runs_of(&changed);
    let say = |text: String| {
        if !o.quiet {
            eprintln!("fracture: minimize: {text}");
        }
    };
    say(messages::minimize_start(&changed.len().to_string(), &runs.len().to_string()));

    let temp = TempDir::create()?;
    crate::output::on_signal(on_signal);
    let budget = budget(changed.len() as u64);
    let mut tester = Tester::new(o, &temp.path, &original, &corrupted, budget)?;
    // Preconditions, tested together: CMD must fail on CORRUPTED and pass on ORIGINAL.
    let outcomes = tester.outcomes(&[changed.clone(), Vec::new()]);
    match &outcomes[0] {
        Outcome::Pass => return Err(messages::minimize_passes()),
        Outcome::Fail(_) => {}
    }
    if let Outcome::Fail(how) = &outcomes[1] {
        return Err(messages::minimize_fails_on_original(how));
    }

    let mut last = changed.len();
    let mut report = |positions: usize| {
        if positions != last {
            last = positions;
            say(messages::minimize_progress(&positions.to_string()));
        }
    };
    // Runs first: a corrupting mode changes bytes in runs, and dropping a whole run is one test.
    let run_units: Vec<Vec<u64>> = runs.iter().map(|&(start, end)| (start..end).collect()).collect();
    let kept = ddmin(run_units, &mut |c| tester.first_failing(c), &mut report);
    let bytes: Vec<Vec<u64>> = kept.into_iter().flatten().map(|p| vec![p]).collect();
    let kept: Vec<u64> = if tester.spent {
        bytes.into_iter().flatten().collect()
    } else {
        say(messages::minimize_bytes());
        ddmin(bytes, &mut |c| tester.first_failing(c), &mut report).into_iter().flatten().collect()
    };

    let mut result = original.clone();
    for &p in &kept {
        result[p as usize] = corrupted[p as usize];
    }
    let shown = crate::display::path(out);
    crate::output::write(out, &result, crate::output::mode(allowed))
        .map_err(|e| fracture_host::messages::cannot_write(&shown, &crate::process::io_text(&e)))?;
    let spent = if tester.spent { messages::minimize_spent(&budget.to_string()) } else { String::new() };
    Ok(messages::minimize_done(&shown, &kept.len().to_string(), &changed.len().to_string(), &spent))
}

/// Test runs at most, for `n` changed bytes: 2 · n · ceil(log2(n + 1)) (ddmin alone is quadratic in
/// the worst case). The two precondition runs count too.
pub fn budget(n: u64) -> u64 {
    2 * n * u64::from(u64::BITS - n.leading_zeros())
}

/// What a round of candidates came to.
pub enum Found {
    /// The index of the first candidate, in order, that fails.
    Fails(usize),
    /// Every candidate passes.
    Passes,
    /// The run budget ran out before a failing candidate was found.
    Spent,
}

/// Maximal runs of consecutive positions, as `[start, end)`.
fn runs_of(positions: &[u64]) -> Vec<(u64, u64)> {
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for &p in positions {
        match runs.last_mut() {
            Some(last) if last.1 == p => last.1 = p + 1,
            _ => runs.push((p, p + 1)),
        }
    }
    runs
}

/// `{base}_minimized{.ext}` beside CORRUPTED (`{name}_minimized.bin` without an extension).
pub fn minimized_path(corrupted: &Path) -> PathBuf {
    let name = corrupted.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let named = match name.rfind('.') {
        Some(i) if i > 0 => format!("{}_minimized{}", &name[..i], &name[i..]),
        _ => format!("{name}_minimized.bin"),
    };
    corrupted.with_file_name(named)
}

/// ddmin over `units` (each a set of positions): the smallest list of units found whose union still
/// fails. `first_failing` gets the round's candidates in order and says which is the first that fails
/// (or that the run budget is spent: then the units kept so far are the answer). `progress` hears the
/// number of positions kept after each reduction.
pub fn ddmin(
    units: Vec<Vec<u64>>,
    first_failing: &mut dyn FnMut(&[Vec<u64>]) -> Found,
    progress: &mut dyn FnMut(usize),
) -> Vec<Vec<u64>> {
    let mut c = units;
    let mut n = 2usize;
    while c.len() >= 2 {
        let len = c.len();
        let bounds: Vec<(usize, usize)> = (0..n).map(|k| (k * len / n, (k + 1) * len / n)).collect();
        let mut candidates: Vec<Vec<usize>> = bounds.iter().map(|&(a, b)| (a..b).collect()).collect();
        // With two parts each complement is the other part: already a candidate.
        if n > 2 {
            candidates.extend(bounds.iter().map(|&(a, b)| (0..len).filter(|i| *i < a || *i >= b).collect()));
        }
        let sets: Vec<Vec<u64>> =
            candidates.iter().map(|units| units.iter().flat_map(|&u| c[u].iter().copied()).collect()).collect();
        match first_failing(&sets) {
            Found::Fails(k) => {
                let kept: Vec<Vec<u64>> = candidates[k].iter().map(|&u| std::mem::take(&mut c[u])).collect();
                c = kept;
                n = if k < n { 2 } else { (n - 1).max(2) };
                progress(c.iter().map(Vec::len).sum());
            }
            Found::Passes if n < len => n = (2 * n).min(len),
            Found::Passes | Found::Spent => break,
        }
    }
    c
}

enum Outcome {
    Pass,
    /// How it failed: `exit 1`, `killed by signal 11`, `timed out after 10000 ms`.
    Fail(String),
}

/// Runs the test on candidate files, `jobs` at a time, each in a temporary slot of its own.
struct Tester<'a> {
    template: &'a str,
    timeout: Duration,
    jobs: usize,
    slots: Vec<PathBuf>,
    original: &'a [u8],
    corrupted: &'a [u8],
    known: HashMap<Vec<u64>, bool>,
    /// Test runs started, and the most that may be.
    runs: u64,
    budget: u64,
    /// Whether a round stopped for the budget.
    spent: bool,
}

impl<'a> Tester<'a> {
    fn new(
        o: &'a Options,
        temp: &Path,
        original: &'a [u8],
        corrupted: &'a [u8],
        budget: u64,
    ) -> Result<Tester<'a>, String> {
        let name = safe_name(&o.corrupted);
        let jobs = o.jobs.max(1);
        let mut slots = Vec::with_capacity(jobs);
        for j in 0..jobs {
            let dir = temp.join(j.to_string());
            std::fs::create_dir(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
            slots.push(dir.join(&name));
        }
        Ok(Tester {
            template: &o.test,
            timeout: Duration::from_millis(o.timeout_ms),
            jobs,
            slots,
            original,
            corrupted,
            known: HashMap::new(),
            runs: 0,
            budget,
            spent: false,
        })
    }

    /// Every candidate's outcome (the preconditions).
    fn outcomes(&mut self, sets: &[Vec<u64>]) -> Vec<Outcome> {
        let results = self.run_batch(sets, false);
        results.into_iter().map(|r| r.unwrap_or(Outcome::Pass)).collect()
    }

    /// The first candidate, in order, on which the test fails. Candidates are started in order, so
    /// when the budget stops them, those run are the first ones: a failure among them is the first.
    fn first_failing(&mut self, sets: &[Vec<u64>]) -> Found {
        let results = self.run_batch(sets, true);
        match results.iter().position(|r| matches!(r, Some(Outcome::Fail(_)))) {
            Some(k) => Found::Fails(k),
            // Nothing failed, so nothing was cancelled: a candidate not run was stopped by the budget.
            None if results.iter().any(Option::is_none) => {
                self.spent = true;
                Found::Spent
            }
            None => Found::Passes,
        }
    }

    /// Outcomes of `sets` (None: not run, because an earlier candidate failed and `stop_early`).
    fn run_batch(&mut self, sets: &[Vec<u64>], stop_early: bool) -> Vec<Option<Outcome>> {
        let mut results: Vec<Option<Outcome>> = sets
            .iter()
            .map(|s| self.known.get(s).map(|&fail| if fail { Outcome::Fail(String::new()) } else { Outcome::Pass }))
            .collect();
        let first_known_fail = results.iter().position(|r| matches!(r, Some(Outcome::Fail(_))));
        let todo: Vec<usize> = (0..sets.len())
            .filter(|&i| results[i].is_none() && !(stop_early && first_known_fail.is_some_and(|f| i > f)))
            .collect();
        struct Shared {
            next: usize,
            best: Option<usize>,
            /// Runs the budget still allows.
            left: u64,
        }
        let left = self.budget.saturating_sub(self.runs);
        let shared = Mutex::new(Shared { next: 0, best: first_known_fail.filter(|_| stop_early), left });
        let cancel: Vec<AtomicBool> = sets.iter().map(|_| AtomicBool::new(false)).collect();
        let done: Mutex<Vec<(usize, Option<Outcome>)>> = Mutex::new(Vec::new());
        std::thread::scope(|scope| {
            for slot in &self.slots[..self.jobs.min(todo.len())] {
                let (shared, cancel, done, todo) = (&shared, &cancel, &done, &todo);
                let (template, timeout, original, corrupted) =
                    (self.template, self.timeout, self.original, self.corrupted);
                scope.spawn(move || loop {
                    let i = {
                        let mut s = shared.lock().unwrap_or_else(|p| p.into_inner());
                        let Some(&i) = todo.get(s.next) else { break };
                        if (stop_early && s.best.is_some_and(|b| i > b)) || s.left == 0 {
                            break;
                        }
                        s.next += 1;
                        s.left -= 1;
                        i
                    };
                    let mut bytes = original.to_vec();
                    for &p in &sets[i] {
                        bytes[p as usize] = corrupted[p as usize];
                    }
                    let outcome = run_test(template, slot, &bytes, timeout, &cancel[i]);
                    if stop_early && matches!(outcome, Some(Outcome::Fail(_))) {
                        let mut s = shared.lock().unwrap_or_else(|p| p.into_inner());
                        if s.best.is_none_or(|b| i < b) {
                            s.best = Some(i);
                            // Later candidates cannot win any more: stop them.
                            for c in &cancel[i + 1..] {
                                c.store(true, Ordering::SeqCst);
                            }
                        }
                    }
                    done.lock().unwrap_or_else(|p| p.into_inner()).push((i, outcome));
                });
            }
        });
        self.runs = self.budget - shared.into_inner().unwrap_or_else(|p| p.into_inner()).left;
        for (i, outcome) in done.into_inner().unwrap_or_else(|p| p.into_inner()) {
            if let Some(o) = &outcome {
                self.known.insert(sets[i].clone(), matches!(o, Outcome::Fail(_)));
            }
            results[i] = outcome;
        }
        results
    }
}

/// CORRUPTED's file name with only letters, digits, `.`, `_` and `-` (others become `_`), so that
/// tools that look at the extension see it and the path needs no quoting.
pub fn safe_name(corrupted: &Path) -> String {
    let name = corrupted.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let safe: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() || "._-".contains(c) { c } else { '_' }).collect();
    if safe.is_empty() || safe.starts_with('-') {
        format!("input{safe}")
    } else {
        safe
    }
}

/// `path` as one shell word: as it is when it has only safe characters, else single-quoted.
fn shell_word(path: &Path) -> String {
    let s = path.display().to_string();
    if s.chars().all(|c| c.is_ascii_alphanumeric() || "._-/".contains(c)) {
        s
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// One test on `bytes`, written to `file`. None when cancelled.
fn run_test(template: &str, file: &Path, bytes: &[u8], timeout: Duration, cancel: &AtomicBool) -> Option<Outcome> {
    if let Err(e) = std::fs::File::create(file).and_then(|mut f| f.write_all(bytes)) {
        return Some(Outcome::Fail(format!("cannot write {}: {e}", file.display())));
    }
    // `{}` is the file's path; a command without `{}` reads the file on standard input.
    let (script, stdin) = if template.contains("{}") {
        (template.replace("{}", &shell_word(file)), Stdio::null())
    } else {
        match std::fs::File::open(file) {
            Ok(f) => (template.to_string(), Stdio::from(f)),
            Err(e) => return Some(Outcome::Fail(format!("cannot read {}: {e}", file.display()))),
        }
    };
    let mut child = match Command::new("/bin/sh")
        .arg("-c")
        .arg(&script)
        .stdin(stdin)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
    {
        Ok(c) => c,
        Err(e) => return Some(Outcome::Fail(format!("cannot start /bin/sh: {e}"))),
    };
    let group = child.id() as i32;
    if let Some((_, groups)) = lock_running().as_mut() {
        groups.insert(group);
    }
    let started = Instant::now();
    let outcome = loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                break Some(match (status.code(), status.signal()) {
                    (Some(0), _) => Outcome::Pass,
                    (Some(code), _) => Outcome::Fail(format!("exit {code}")),
                    (None, Some(signal)) => Outcome::Fail(format!("killed by signal {signal}")),
                    (None, None) => Outcome::Fail("stopped".into()),
                });
            }
            Ok(None) => {}
            Err(e) => break Some(Outcome::Fail(format!("cannot wait for the test: {e}"))),
        }
        if cancel.load(Ordering::SeqCst) {
            break None;
        }
        if started.elapsed() >= timeout {
            break Some(Outcome::Fail(format!("timed out after {} ms", timeout.as_millis())));
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    // Whatever the shell started and left behind goes with it.
    kill_group(group);
    let _ = child.wait();
    if let Some((_, groups)) = lock_running().as_mut() {
        groups.remove(&group);
    }
    outcome
}

fn kill_group(group: i32) {
    // SAFETY: kill() has no memory effects; a group that is already gone gives ESRCH, ignored.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
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
        let path = dir.map_err(|e| format!("cannot create a temporary directory: {e}"))?.keep();
        *lock_running() = Some((path.clone(), HashSet::new()));
        Ok(TempDir { path })
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        *lock_running() = None;
        let _ = std::fs::remove_dir_all(&self.path);
    }
}

/// Ctrl-C, SIGTERM or SIGHUP (crate::output hears them): the running tests' groups are killed (they are
/// not in the terminal's foreground group, so the terminal's Ctrl-C never reaches them) and the
/// temporary files removed.
fn on_signal() {
    if let Some((dir, groups)) = lock_running().take() {
        for &g in &groups {
            kill_group(g);
        }
        let _ = std::fs::remove_dir_all(dir);
    }
    eprintln!("fracture: minimize: interrupted; the temporary files are removed");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ddmin against an oracle: fails when all of `needed` are present, or any of `alone` is.
    fn minimise(changed: &[u64], needed: &[u64], alone: &[u64]) -> Vec<u64> {
        let fails = |set: &[u64]| needed.iter().all(|p| set.contains(p)) || alone.iter().any(|p| set.contains(p));
        let mut first = |sets: &[Vec<u64>]| sets.iter().position(|s| fails(s)).map_or(Found::Passes, Found::Fails);
        let runs: Vec<Vec<u64>> = runs_of(changed).iter().map(|&(a, b)| (a..b).collect()).collect();
        let kept = ddmin(runs, &mut first, &mut |_| {});
        let bytes = kept.into_iter().flatten().map(|p| vec![p]).collect();
        let mut kept: Vec<u64> = ddmin(bytes, &mut first, &mut |_| {}).into_iter().flatten().collect();
        kept.sort_unstable();
        // 1-minimal: without any one of them the oracle passes.
        assert!(fails(&kept));
        for i in 0..kept.len() {
            let mut less = kept.clone();
            less.remove(i);
            assert!(!fails(&less), "{kept:?} without {}", kept[i]);
        }
        kept
    }

    #[test]
    fn ddmin_keeps_exactly_what_the_failure_needs() {
        let changed: Vec<u64> = (0..40).chain(100..103).chain(500..900).chain([1000, 1002, 1004]).collect();
        assert_eq!(minimise(&changed, &[7, 101, 640], &[]), vec![7, 101, 640]);
        assert_eq!(minimise(&changed, &[1002], &[]), vec![1002]);
        // Two causes: one of them is kept, whole.
        let either = minimise(&changed, &[3, 4], &[888]);
        assert!(either == vec![888] || either == vec![3, 4], "{either:?}");
    }

    #[test]
    fn the_budget_is_n_log_n() {
        assert_eq!([budget(1), budget(2), budget(3), budget(4), budget(100)], [2, 8, 12, 24, 1400]);
    }

    /// An oracle that makes ddmin quadratic (it fails while a set of scattered positions is kept, so
    /// ddmin removes one of the others per round of tests) stops at the budget, with a failing set.
    #[test]
    fn a_quadratic_oracle_stops_at_the_budget() {
        let n = 400u64;
        let (mut runs, budget) = (0u64, budget(n));
        let needed: Vec<u64> = (0..n).filter(|i| *i < n / 3 || i % 2 == 0).collect();
        let fails = |set: &[u64]| needed.iter().all(|p| set.contains(p));
        let mut first = |sets: &[Vec<u64>]| {
            for (k, s) in sets.iter().enumerate() {
                if runs == budget {
                    return Found::Spent;
                }
                runs += 1;
                if fails(s) {
                    return Found::Fails(k);
                }
            }
            Found::Passes
        };
        let kept = ddmin((0..n).map(|p| vec![p]).collect(), &mut first, &mut |_| {});
        assert!(fails(&kept.concat()));
        assert_eq!(runs, budget);
        // Without the budget the same oracle costs far more.
        let mut unbounded = 0u64;
        let mut count = |sets: &[Vec<u64>]| {
            for (k, s) in sets.iter().enumerate() {
                unbounded += 1;
                if fails(s) {
                    return Found::Fails(k);
                }
            }
            Found::Passes
        };
        ddmin((0..n).map(|p| vec![p]).collect(), &mut count, &mut |_| {});
        assert!(unbounded > 2 * budget, "{unbounded} runs unbounded");
    }

    #[test]
    fn names_and_words() {
        assert_eq!(minimized_path(Path::new("d/a_corrupted.pdf")), PathBuf::from("d/a_corrupted_minimized.pdf"));
        assert_eq!(minimized_path(Path::new("README")), PathBuf::from("README_minimized.bin"));
        assert_eq!(safe_name(Path::new("d/ünï ✓.png")), "_n___.png");
        assert_eq!(safe_name(Path::new("-x")), "input-x");
        assert_eq!(shell_word(Path::new("/tmp/x/a.png")), "/tmp/x/a.png");
        assert_eq!(shell_word(Path::new("/tmp/it's/a.png")), "'/tmp/it'\\''s/a.png'");
        assert_eq!(runs_of(&[1, 2, 3, 7, 9, 10]), vec![(1, 4), (7, 8), (9, 11)]);
    }
}
