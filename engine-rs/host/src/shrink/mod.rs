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
//! started test has been reported, `end_round` moves on. `events` says what to print, and the texts
//! (`start_line`, `Event::text`, `Refusal::text`, `Shrunk::line`) come from engine-data/messages.toml.
//! The shells: engine-rs/cli/src/minimize.rs and cli/minimize.ts (through engine-rs/host-wasm), and
//! the campaigns' crashes in both.

pub mod command;
pub mod names;

use std::collections::HashMap;

use crate::messages;

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

impl Refusal {
    /// What `fracture minimize` says (after "fracture: minimize: ").
    pub fn text(&self) -> String {
        match self {
            Refusal::Lengths { original, corrupted } => {
                messages::minimize_lengths(&original.to_string(), &corrupted.to_string())
            }
            Refusal::Identical => messages::minimize_identical(),
            Refusal::Passes => messages::minimize_passes(),
            Refusal::FailsOnOriginal(how) => messages::minimize_fails_on_original(how),
        }
    }
}

/// What the shell may print as the rounds go.
#[derive(Debug, PartialEq)]
pub enum Event {
    /// This many changed bytes are left.
    Kept(usize),
    /// The runs are done; single bytes now.
    ByteByByte,
}

impl Event {
    /// The progress line's text (after "fracture: minimize: ").
    pub fn text(&self) -> String {
        match self {
            Event::Kept(n) => messages::minimize_progress(&n.to_string()),
            Event::ByteByByte => messages::minimize_bytes(),
        }
    }
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
    /// Files of different lengths, or identical ones, are refused at once: no round, `result` says why.
    pub fn new(original: Vec<u8>, corrupted: Vec<u8>) -> Shrinker {
        let refusal = if original.len() != corrupted.len() {
            Some(Refusal::Lengths { original: original.len() as u64, corrupted: corrupted.len() as u64 })
        } else {
            None
        };
        let changed: Vec<u64> = match refusal {
            Some(_) => Vec::new(),
            None => (0..original.len()).filter(|&i| original[i] != corrupted[i]).map(|i| i as u64).collect(),
        };
        let refusal = refusal.or(changed.is_empty().then_some(Refusal::Identical));
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
            refusal,
        };
        if s.refusal.is_some() {
            s.stage = Stage::Done;
        } else {
            s.begin(vec![s.changed.clone(), Vec::new()], Vec::new(), false);
        }
        s
    }

    /// Why the files cannot be minimised, known before any test (different lengths, identical).
    pub fn refused(&self) -> Option<&Refusal> {
        self.refusal.as_ref()
    }

    /// What `fracture minimize` says first (after "fracture: minimize: ").
    pub fn start_line(&self) -> String {
        let (changed, runs) = self.changed();
        messages::minimize_start(&changed.to_string(), &runs.to_string())
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
        Some((i, self.candidate(i)))
    }

    /// Candidate `id` of this round: ORIGINAL with its changes.
    pub fn candidate(&self, id: usize) -> Vec<u8> {
        let mut bytes = self.original.clone();
        for &p in &self.sets[id] {
            bytes[p as usize] = self.corrupted[p as usize];
        }
        bytes
    }

    /// Test runs started so far.
    pub fn started(&self) -> u64 {
        self.started
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
        Ok(Shrunk { bytes, kept, changed: self.changed.len(), spent: self.spent, budget: self.budget })
    }
}

pub struct Shrunk {
    pub bytes: Vec<u8>,
    pub kept: usize,
    pub changed: usize,
    pub spent: bool,
    pub budget: u64,
}

impl Shrunk {
    /// `fracture minimize`'s last line, for the output shown as `shown`.
    pub fn line(&self, shown: &str) -> String {
        let spent = if self.spent { messages::minimize_spent(&self.budget.to_string()) } else { String::new() };
        messages::minimize_done(shown, &self.kept.to_string(), &self.changed.to_string(), &spent)
    }
}
