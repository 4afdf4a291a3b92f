//! Minimisation of a unique crash (docs/campaigns.md, section 9): `fracture minimize`'s ddmin
//! (crate::minimize::ddmin, its budget) where a candidate fails when the program gives the crash's
//! signature on it. Each round's candidates run in parallel on the job slots; the first failing one
//! in order wins, so the result does not depend on timing.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::minimize::{budget, ddmin, Found};

use super::outcome::{classify, Rules};
use super::runner::Runner;

struct Tester<'a> {
    runner: &'a Runner,
    rules: &'a Rules,
    name: &'a str,
    signature: &'a str,
    original: &'a [u8],
    variant: &'a [u8],
    known: HashMap<Vec<u64>, bool>,
    left: u64,
    spent: bool,
}

impl Tester<'_> {
    /// Whether each set gives the signature (None: not run, past the first failure or the budget).
    fn batch(&mut self, sets: &[Vec<u64>], stop_early: bool) -> Vec<Option<bool>> {
        let mut results: Vec<Option<bool>> = sets.iter().map(|s| self.known.get(s).copied()).collect();
        let first_known = results.iter().position(|r| *r == Some(true)).filter(|_| stop_early);
        let todo: Vec<usize> =
            (0..sets.len()).filter(|&i| results[i].is_none() && first_known.is_none_or(|f| i < f)).collect();
        struct Shared {
            next: usize,
            best: Option<usize>,
            left: u64,
        }
        let shared = Mutex::new(Shared { next: 0, best: first_known, left: self.left });
        let done: Mutex<Vec<(usize, bool)>> = Mutex::new(Vec::new());
        let workers = self.runner.slots.len().min(todo.len());
        std::thread::scope(|scope| {
            for slot in 0..workers {
                let (shared, done, todo) = (&shared, &done, &todo);
                let (runner, rules, name, signature, original, variant) =
                    (self.runner, self.rules, self.name, self.signature, self.original, self.variant);
                scope.spawn(move || loop {
                    if super::interrupted() {
                        break;
                    }
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
                        bytes[p as usize] = variant[p as usize];
                    }
                    let Ok(exit) = runner.run(slot, name, &bytes) else { break };
                    let same = classify(&exit.status, &exit.stderr, rules).signature.as_deref() == Some(signature);
                    if same && stop_early {
                        let mut s = shared.lock().unwrap_or_else(|p| p.into_inner());
                        if s.best.is_none_or(|b| i < b) {
                            s.best = Some(i);
                        }
                    }
                    done.lock().unwrap_or_else(|p| p.into_inner()).push((i, same));
                });
            }
        });
        self.left = shared.into_inner().unwrap_or_else(|p| p.into_inner()).left;
        for (i, same) in done.into_inner().unwrap_or_else(|p| p.into_inner()) {
            if !super::interrupted() {
                self.known.insert(sets[i].clone(), same);
                results[i] = Some(same);
            }
        }
        results
    }

    fn first_failing(&mut self, sets: &[Vec<u64>]) -> Found {
        let results = self.batch(sets, true);
        match results.iter().position(|r| *r == Some(true)) {
            Some(k) => Found::Fails(k),
            None if results.iter().any(Option::is_none) => {
                self.spent = true;
                Found::Spent
            }
            None => Found::Passes,
        }
    }
}

/// The 1-minimal file (unless the budget ran out) that differs from `original` in the fewest bytes
/// of `variant` and still gives `signature`; None when the lengths differ, the variant does not give
/// its signature again, the original gives it too, or the campaign was interrupted.
pub fn shrink(
    runner: &Runner,
    rules: &Rules,
    name: &str,
    original: &[u8],
    variant: &[u8],
    signature: &str,
) -> Option<Vec<u8>> {
    if original.len() != variant.len() {
        return None;
    }
    let changed: Vec<u64> = (0..original.len()).filter(|&i| original[i] != variant[i]).map(|i| i as u64).collect();
    if changed.is_empty() {
        return None;
    }
    let mut tester = Tester {
        runner,
        rules,
        name,
        signature,
        original,
        variant,
        known: HashMap::new(),
        left: budget(changed.len() as u64),
        spent: false,
    };
    let pre = tester.batch(&[changed.clone(), Vec::new()], false);
    if pre != [Some(true), Some(false)] {
        return None;
    }
    let mut runs: Vec<Vec<u64>> = Vec::new();
    for &p in &changed {
        match runs.last_mut() {
            Some(run) if run.last() == Some(&(p - 1)) => run.push(p),
            _ => runs.push(vec![p]),
        }
    }
    let kept = ddmin(runs, &mut |c| tester.first_failing(c), &mut |_| {});
    let bytes: Vec<Vec<u64>> = kept.into_iter().flatten().map(|p| vec![p]).collect();
    let kept: Vec<u64> = if tester.spent {
        bytes.into_iter().flatten().collect()
    } else {
        ddmin(bytes, &mut |c| tester.first_failing(c), &mut |_| {}).into_iter().flatten().collect()
    };
    if super::interrupted() {
        return None;
    }
    let mut result = original.to_vec();
    for &p in &kept {
        result[p as usize] = variant[p as usize];
    }
    Some(result)
}
