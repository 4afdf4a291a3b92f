//! The minimiser's rounds (docs/cli.md, "The minimiser"; docs/campaigns.md, section 9) as a state
//! machine the shells drive: `fracture minimize` and a campaign's crashes, in both command lines.
//!
//! Delta debugging (Zeller's ddmin) first over runs of changed bytes, then over the single bytes left.
//! The machine says which candidate files to test; the shell runs them (as many at once as it has job
//! slots) and reports whether each failed. The first failing candidate in order wins, so the result
//! does not depend on timing. It is 1-minimal (restoring any one remaining byte makes the test pass)
//! unless the run budget (O(n log n) test runs for n changed bytes) is spent first.
//!
//! A round: `start` hands out its candidates in order until none is left to start (the budget, or an
//! earlier candidate that failed, stops the rest); `finish` (or `abandon`) reports each; when every
//! started test has been reported, `end_round` moves on. `events` says what to print.

use std::collections::HashMap;

/// Why a pair of files cannot be minimised.
#[derive(Debug, PartialEq)]
pub enum Refusal {
    Lengths {
        original: u64,
        corrupted: u64,
    },
    Identical,
    /// The test passes on CORRUPTED (or, in a campaign, the variant no longer gives its signature).
    Passes,
    /// The test fails on ORIGINAL too; how it failed.
    FailsOnOriginal(String),
}

/// What the shell may print as the rounds go.
#[derive(Debug, PartialEq)]
pub enum Event {
    /// This many changed bytes are left.
    Kept(usize),
    /// The runs are done; single bytes now.
    ByteByByte,
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Stage {
    Check,
    Runs,
    Bytes,
    Done,
}

/// Test runs at most, for `n` changed bytes: 2 · n · ceil(log2(n + 1)) (ddmin alone is quadratic in
/// the worst case). The two precondition runs count too.
pub fn budget(n: u64) -> u64 {
    2 * n * u64::from(u64::BITS - n.leading_zeros())
}

pub struct Shrinker {
    original: Vec<u8>,
    corrupted: Vec<u8>,
    changed: Vec<u64>,
    budget: u64,
    started: u64,
    spent: bool,
    known: HashMap<Vec<u64>, bool>,
    stage: Stage,
    /// ddmin's current units and granularity.
    units: Vec<Vec<u64>>,
    n: usize,
    /// The round: each candidate's unit indices and positions, results, failures' descriptions.
    parts: Vec<Vec<usize>>,
    sets: Vec<Vec<u64>>,
    results: Vec<Option<bool>>,
    how: Vec<String>,
    queue: Vec<usize>,
    next: usize,
    stop_early: bool,
    /// The first failing candidate found in this round.
    best: Option<usize>,
    events: Vec<Event>,
    last_kept: usize,
    refusal: Option<Refusal>,
}

/// Maximal runs of consecutive positions.
fn runs_of(positions: &[u64]) -> Vec<Vec<u64>> {
    let mut runs: Vec<Vec<u64>> = Vec::new();
    for &p in positions {
        match runs.last_mut() {
            Some(run) if run.last() == Some(&(p - 1)) => run.push(p),
            _ => runs.push(vec![p]),
        }
    }
    runs
}

impl Shrinker {
    /// The machine for CORRUPTED against ORIGINAL; its first round tests both (the preconditions).
    pub fn new(original: Vec<u8>, corrupted: Vec<u8>) -> Result<Shrinker, Refusal> {
        if original.len() != corrupted.len() {
            return Err(Refusal::Lengths { original: original.len() as u64, corrupted: corrupted.len() as u64 });
        }
        let changed: Vec<u64> =
            (0..original.len()).filter(|&i| original[i] != corrupted[i]).map(|i| i as u64).collect();
        if changed.is_empty() {
            return Err(Refusal::Identical);
        }
        let mut s = Shrinker {
            budget: budget(changed.len() as u64),
            units: runs_of(&changed),
            last_kept: changed.len(),
            original,
            corrupted,
            changed,
            started: 0,
            spent: false,
            known: HashMap::new(),
            stage: Stage::Check,
            n: 2,
            parts: Vec::new(),
            sets: Vec::new(),
            results: Vec::new(),
            how: Vec::new(),
            queue: Vec::new(),
            next: 0,
            stop_early: false,
            best: None,
            events: Vec::new(),
            refusal: None,
        };
        s.begin(vec![s.changed.clone(), Vec::new()], Vec::new(), false);
        Ok(s)
    }

    /// The changed bytes, and the runs they make.
    pub fn changed(&self) -> (usize, usize) {
        (self.changed.len(), runs_of(&self.changed).len())
    }

    pub fn budget(&self) -> u64 {
        self.budget
    }

    fn begin(&mut self, sets: Vec<Vec<u64>>, parts: Vec<Vec<usize>>, stop_early: bool) {
        self.results = sets.iter().map(|s| self.known.get(s).copied()).collect();
        self.how = vec![String::new(); sets.len()];
        self.best = if stop_early { self.results.iter().position(|r| *r == Some(true)) } else { None };
        self.queue =
            (0..sets.len()).filter(|&i| self.results[i].is_none() && self.best.is_none_or(|b| i < b)).collect();
        self.next = 0;
        self.sets = sets;
        self.parts = parts;
        self.stop_early = stop_early;
    }

    /// The next candidate to test in this round: its id and its bytes (ORIGINAL with the candidate's
    /// changes). None when nothing more is to start in this round.
    pub fn start(&mut self) -> Option<(usize, Vec<u8>)> {
        let &i = self.queue.get(self.next)?;
        if self.stage == Stage::Done
            || self.started >= self.budget
            || (self.stop_early && self.best.is_some_and(|b| i > b))
        {
            return None;
        }
        self.next += 1;
        self.started += 1;
        let mut bytes = self.original.clone();
        for &p in &self.sets[i] {
            bytes[p as usize] = self.corrupted[p as usize];
        }
        Some((i, bytes))
    }

    /// A test started earlier in this round that failed would make this one's result useless.
    pub fn superseded(&self, id: usize) -> bool {
        self.stop_early && self.best.is_some_and(|b| b < id)
    }

    /// Test `id` ended: whether it failed, and how (for the precondition's message).
    pub fn finish(&mut self, id: usize, failed: bool, how: &str) {
        self.known.insert(self.sets[id].clone(), failed);
        self.results[id] = Some(failed);
        if failed {
            self.how[id] = how.to_string();
            if self.stop_early && self.best.is_none_or(|b| id < b) {
                self.best = Some(id);
            }
        }
    }

    /// Test `id` was stopped before it ended (an earlier candidate failed): it has no result.
    pub fn abandon(&mut self, _id: usize) {}

    /// Every test started in this round has been reported: the next round begins. True when the
    /// minimisation is over (then `result`).
    pub fn end_round(&mut self) -> bool {
        match self.stage {
            Stage::Check => self.end_check(),
            Stage::Runs | Stage::Bytes => self.end_ddmin_round(),
            Stage::Done => {}
        }
        self.stage == Stage::Done
    }

    fn end_check(&mut self) {
        if self.results[0] != Some(true) {
            self.refusal = Some(Refusal::Passes);
        } else if self.results[1] == Some(true) {
            self.refusal = Some(Refusal::FailsOnOriginal(self.how[1].clone()));
        }
        if self.refusal.is_some() {
            self.stage = Stage::Done;
            return;
        }
        self.stage = Stage::Runs;
        self.plan_ddmin_round();
    }

    /// ddmin's round for the current units and granularity, or the end of the stage.
    fn plan_ddmin_round(&mut self) {
        let len = self.units.len();
        if len < 2 {
            self.end_stage();
            return;
        }
        let n = self.n;
        let bounds: Vec<(usize, usize)> = (0..n).map(|k| (k * len / n, (k + 1) * len / n)).collect();
        let mut parts: Vec<Vec<usize>> = bounds.iter().map(|&(a, b)| (a..b).collect()).collect();
        // With two parts each complement is the other part: already a candidate.
        if n > 2 {
            parts.extend(bounds.iter().map(|&(a, b)| (0..len).filter(|i| *i < a || *i >= b).collect()));
        }
        let sets = parts.iter().map(|p| p.iter().flat_map(|&u| self.units[u].iter().copied()).collect()).collect();
        self.begin(sets, parts, true);
    }

    fn end_ddmin_round(&mut self) {
        let len = self.units.len();
        match self.results.iter().position(|r| *r == Some(true)) {
            Some(k) => {
                let kept: Vec<Vec<u64>> = self.parts[k].iter().map(|&u| std::mem::take(&mut self.units[u])).collect();
                self.units = kept;
                self.n = if k < self.n { 2 } else { (self.n - 1).max(2) };
                let positions = self.units.iter().map(Vec::len).sum();
                if positions != self.last_kept {
                    self.last_kept = positions;
                    self.events.push(Event::Kept(positions));
                }
                self.plan_ddmin_round();
            }
            // Nothing failed, so nothing was stopped early: a candidate not run was stopped by the budget.
            None if self.results.iter().any(Option::is_none) => {
                self.spent = true;
                self.end_stage();
            }
            None if self.n < len => {
                self.n = (2 * self.n).min(len);
                self.plan_ddmin_round();
            }
            None => self.end_stage(),
        }
    }

    fn end_stage(&mut self) {
        if self.stage == Stage::Runs && !self.spent {
            self.stage = Stage::Bytes;
            self.units = std::mem::take(&mut self.units).into_iter().flatten().map(|p| vec![p]).collect();
            self.n = 2;
            self.events.push(Event::ByteByByte);
            self.plan_ddmin_round();
        } else {
            self.stage = Stage::Done;
        }
    }

    /// What happened since the last call.
    pub fn events(&mut self) -> Vec<Event> {
        std::mem::take(&mut self.events)
    }

    /// The minimised file: ORIGINAL with the kept changes, how many were kept, and whether the budget
    /// ran out (then it is the smallest failing file found, not 1-minimal).
    pub fn result(&self) -> Result<Shrunk, &Refusal> {
        if let Some(r) = &self.refusal {
            return Err(r);
        }
        let mut bytes = self.original.clone();
        let mut kept = 0;
        for &p in self.units.iter().flatten() {
            bytes[p as usize] = self.corrupted[p as usize];
            kept += 1;
        }
        Ok(Shrunk { bytes, kept, changed: self.changed.len(), spent: self.spent })
    }
}

pub struct Shrunk {
    pub bytes: Vec<u8>,
    pub kept: usize,
    pub changed: usize,
    pub spent: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Drives the machine with a test that fails when `fails` says so, one candidate at a time.
    fn drive(original: &[u8], corrupted: &[u8], fails: &dyn Fn(&[u8]) -> bool) -> (Result<Vec<u8>, Refusal>, u64) {
        let mut m = match Shrinker::new(original.to_vec(), corrupted.to_vec()) {
            Ok(m) => m,
            Err(r) => return (Err(r), 0),
        };
        let mut runs = 0;
        loop {
            while let Some((id, bytes)) = m.start() {
                runs += 1;
                m.finish(id, fails(&bytes), "exit 1");
            }
            if m.end_round() {
                break;
            }
        }
        let result = match m.result() {
            Ok(s) => Ok(s.bytes),
            Err(Refusal::FailsOnOriginal(how)) => Err(Refusal::FailsOnOriginal(how.clone())),
            Err(Refusal::Passes) => Err(Refusal::Passes),
            Err(_) => unreachable!(),
        };
        (result, runs)
    }

    #[test]
    fn keeps_exactly_what_the_failure_needs_and_is_one_minimal() {
        let original = vec![0u8; 64];
        let mut corrupted = original.clone();
        for p in [3, 4, 5, 17, 30, 31, 50, 63] {
            corrupted[p] = 0xff;
        }
        let fails = |b: &[u8]| b[4] == 0xff && b[50] == 0xff;
        let (result, runs) = drive(&original, &corrupted, &fails);
        let result = result.unwrap();
        let kept: Vec<usize> = (0..64).filter(|&i| result[i] != original[i]).collect();
        assert_eq!(kept, [4, 50]);
        assert!(runs <= budget(8));
        // 1-minimal: restoring any one kept byte makes the test pass.
        for &p in &kept {
            let mut b = result.clone();
            b[p] = original[p];
            assert!(!fails(&b));
        }
    }

    #[test]
    fn refuses_what_cannot_be_minimised() {
        assert_eq!(Shrinker::new(vec![1], vec![1, 2]).err(), Some(Refusal::Lengths { original: 1, corrupted: 2 }));
        assert_eq!(Shrinker::new(vec![1, 2], vec![1, 2]).err(), Some(Refusal::Identical));
        let (r, _) = drive(&[0, 0], &[1, 1], &|_| false);
        assert_eq!(r, Err(Refusal::Passes));
        // The original fails the same way: nothing to keep (a campaign's pre-existing failure).
        let (r, _) = drive(&[0, 0], &[1, 1], &|_| true);
        assert_eq!(r, Err(Refusal::FailsOnOriginal("exit 1".into())));
    }

    #[test]
    fn a_quadratic_oracle_stops_at_the_budget() {
        let n = 200;
        let original = vec![0u8; n];
        let corrupted = vec![1u8; n];
        // Fails only with every byte: ddmin must try everything, and the budget stops it.
        let (result, runs) = drive(&original, &corrupted, &|b| b.iter().all(|&x| x == 1));
        assert_eq!(result.unwrap(), corrupted);
        assert!(runs <= budget(n as u64), "{runs} runs");
    }

    #[test]
    fn the_budget_is_n_log_n() {
        assert_eq!([budget(1), budget(2), budget(3), budget(1000)], [2, 8, 12, 20000]);
    }
}
