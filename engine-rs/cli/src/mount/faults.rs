//! The fault engine: which rule, if any, fires on an operation. Every decision is a function of the
//! seed, the rules and the operation (its kind, the file's path, offset, length and its number among
//! that file's operations of its kind), never of a shared random stream, so the same operations give
//! the same faults whatever the threads, read sizes and timing (docs/contract.md, section 15).

use std::collections::HashMap;
use std::sync::Mutex;

use super::rules::{Effect, Op, Rule, Trigger};

/// One operation as the mount sees it.
#[derive(Clone, Copy, Debug)]
pub struct Operation<'a> {
    pub op: Op,
    /// The path inside the mount, without a leading `/`.
    pub path: &'a str,
    pub offset: u64,
    pub len: u64,
}

/// A fault to inject: the rule (its index and text, or the replayed log line's), the effect, and
/// the operation's number among the file's operations of its kind (`seq`, from 1).
#[derive(Clone, Debug, PartialEq)]
pub struct Fired {
    pub rule: String,
    pub effect: Effect,
    pub seq: u64,
    /// For `after=` on a write that crosses the limit: the bytes that still fit (a short write).
    pub fits: Option<u64>,
}

/// A fault recorded in a log, injected again by `--replay`: the `seq`th `op` on `path`.
#[derive(Clone, Debug, PartialEq)]
pub struct Replayed {
    pub op: Op,
    pub path: String,
    pub seq: u64,
    pub rule: String,
    pub effect: Effect,
}

/// The byte spans a selector names in one file (resolved once, when the file is first touched).
pub type Spans = Vec<(u64, u64)>;

#[derive(Default)]
struct Counters {
    /// Operations per (kind, path): `seq`.
    seq: HashMap<(Op, String), u64>,
    /// Matching operations per (rule, path): `nth=`.
    nth: HashMap<(usize, String), u64>,
    /// Bytes written through the mount: `after=`.
    written: u64,
    /// Selector spans per (rule, path).
    spans: HashMap<(usize, String), Spans>,
}

pub struct Faults {
    seed: u64,
    plan: Mutex<Plan>,
    counters: Mutex<Counters>,
}

/// The rules in force (`fracture ctl ... faults` replaces them) or the faults of a replayed log.
enum Plan {
    Rules(Vec<Rule>),
    Replay(Vec<Replayed>),
}

impl Faults {
    pub fn new(seed: u64, rules: Vec<Rule>) -> Faults {
        Faults { seed, plan: Mutex::new(Plan::Rules(rules)), counters: Mutex::default() }
    }

    pub fn replaying(seed: u64, faults: Vec<Replayed>) -> Faults {
        Faults { seed, plan: Mutex::new(Plan::Replay(faults)), counters: Mutex::default() }
    }

    /// Replaces the rules; their `nth=` counts and selector spans start again, `seq` goes on.
    pub fn set_rules(&self, rules: Vec<Rule>) {
        *lock(&self.plan) = Plan::Rules(rules);
        let mut c = lock(&self.counters);
        c.nth.clear();
        c.spans.clear();
    }

    /// Whether some rule (or replayed fault) of kind `op` could name `path`: such files are opened
    /// for direct I/O, so that each of the program's reads and writes reaches the mount.
    pub fn watches(&self, op: Op, path: &str) -> bool {
        match &*lock(&self.plan) {
            Plan::Rules(rules) => rules.iter().any(|r| r.op.covers(op) && r.names(path)),
            Plan::Replay(faults) => faults.iter().any(|f| f.op == op && f.path == path),
        }
    }

    /// Whether an fsync rule with `drop` could name `path`.
    pub fn drops(&self, path: &str) -> bool {
        match &*lock(&self.plan) {
            Plan::Rules(rules) => rules.iter().any(|r| r.effect == Effect::Drop && r.names(path)),
            Plan::Replay(faults) => faults.iter().any(|f| f.effect == Effect::Drop && f.path == path),
        }
    }

    /// Counts the operation and returns the fault to inject, if any. `spans` resolves a selector
    /// against the file (called at most once per rule and file).
    pub fn check(&self, o: &Operation, spans: &mut dyn FnMut(&str) -> Spans) -> (u64, Option<Fired>) {
        let plan = lock(&self.plan);
        let mut c = lock(&self.counters);
        let seq = {
            let n = c.seq.entry((o.op, o.path.to_string())).or_insert(0);
            *n += 1;
            *n
        };
        let written_before = c.written;
        if o.op == Op::Write {
            c.written += o.len;
        }
        let fired = match &*plan {
            Plan::Replay(faults) => faults
                .iter()
                .find(|f| f.op == o.op && f.path == o.path && f.seq == seq)
                .map(|f| Fired { rule: f.rule.clone(), effect: f.effect.clone(), seq, fits: None }),
            Plan::Rules(rules) => {
                let mut fired = None;
                for (i, rule) in rules.iter().enumerate() {
                    if !rule.op.covers(o.op) || !rule.names(o.path) {
                        continue;
                    }
                    let nth = {
                        let n = c.nth.entry((i, o.path.to_string())).or_insert(0);
                        *n += 1;
                        *n
                    };
                    let fires = match &rule.trigger {
                        Trigger::Nth(n) => nth == *n,
                        Trigger::Offset(at) => o.op.ranged() && touches(o, *at, *at + 1),
                        Trigger::Sel(text) => {
                            o.op.ranged() && {
                                let key = (i, o.path.to_string());
                                if !c.spans.contains_key(&key) {
                                    let resolved = spans(text);
                                    c.spans.insert(key.clone(), resolved);
                                }
                                c.spans[&key].iter().any(|&(a, b)| touches(o, a, b))
                            }
                        }
                        Trigger::After(limit) => written_before + if o.op == Op::Write { o.len } else { 0 } > *limit,
                        Trigger::P(p) => draw(self.seed, i, o, seq) < *p,
                    };
                    if fires && fired.is_none() {
                        // A write that crosses the limit writes what fits (a disk that fills mid-write).
                        let fits = match rule.trigger {
                            Trigger::After(limit) if o.op == Op::Write && written_before < limit => {
                                Some(limit - written_before)
                            }
                            _ => None,
                        };
                        fired = Some(Fired { rule: rule.to_string(), effect: rule.effect.clone(), seq, fits });
                    }
                }
                fired
            }
        };
        // What a failed write did not write does not count.
        if let Some(f) = &fired {
            if o.op == Op::Write && matches!(f.effect, Effect::Errno(..)) {
                c.written = written_before + f.fits.unwrap_or(0);
            }
        }
        (seq, fired)
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Whether the operation's bytes `[offset, offset + len)` meet `[a, b)` (an empty read at `a` counts).
fn touches(o: &Operation, a: u64, b: u64) -> bool {
    let end = o.offset + o.len.max(1);
    o.offset < b && a < end
}

/// `p=`'s draw: the first 8 bytes of SHA-256 over `fracture-fault/1`, the seed, the rule's index,
/// the operation's kind, path, offset, length and number, as a fraction of 2^64.
pub fn draw(seed: u64, rule: usize, o: &Operation, seq: u64) -> f64 {
    let text = format!("fracture-fault/1\n{seed}\n{rule}\n{}\n{}\n{}\n{}\n{seq}", o.op.name(), o.path, o.offset, o.len);
    let mut h = fracture_engine::Sha256Hasher::default();
    h.update(text.as_bytes());
    let hex = h.hex();
    let word = u64::from_str_radix(&hex[..16], 16).unwrap_or(0);
    word as f64 / 18_446_744_073_709_551_616.0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn op(op: Op, path: &str, offset: u64, len: u64) -> Operation<'_> {
        Operation { op, path, offset, len }
    }

    fn no_spans(_: &str) -> Spans {
        Vec::new()
    }

    #[test]
    fn nth_counts_per_file() {
        let f = Faults::new(1, vec![Rule::parse("read:*.db:nth=3:EIO").unwrap()]);
        let mut fired = Vec::new();
        for k in 0..5 {
            for path in ["a.db", "b.db", "c.txt"] {
                let (seq, hit) = f.check(&op(Op::Read, path, k * 10, 10), &mut no_spans);
                if hit.is_some() {
                    fired.push((path, seq));
                }
            }
        }
        assert_eq!(fired, [("a.db", 3), ("b.db", 3)]);
    }

    #[test]
    fn offsets_selectors_and_limits() {
        let f = Faults::new(1, vec![Rule::parse("read:*:offset=100:EIO").unwrap()]);
        assert!(f.check(&op(Op::Read, "x", 0, 100), &mut no_spans).1.is_none());
        assert!(f.check(&op(Op::Read, "x", 96, 8), &mut no_spans).1.is_some());
        assert!(f.check(&op(Op::Read, "x", 100, 1), &mut no_spans).1.is_some());
        let f = Faults::new(1, vec![Rule::parse("read:*:sel=png:IDAT#1:short").unwrap()]);
        let mut resolved = 0;
        let mut spans = |text: &str| {
            assert_eq!(text, "png:IDAT#1");
            resolved += 1;
            vec![(50, 60)]
        };
        assert!(f.check(&op(Op::Read, "p.png", 0, 50), &mut spans).1.is_none());
        assert!(f.check(&op(Op::Read, "p.png", 59, 10), &mut spans).1.is_some());
        assert_eq!(resolved, 1);
        let f = Faults::new(1, vec![Rule::parse("write:*:after=100:ENOSPC").unwrap()]);
        assert!(f.check(&op(Op::Write, "x", 0, 60), &mut no_spans).1.is_none());
        let crossing = f.check(&op(Op::Write, "x", 60, 60), &mut no_spans).1.unwrap();
        assert_eq!(crossing.fits, Some(40));
        let full = f.check(&op(Op::Write, "x", 100, 10), &mut no_spans).1.unwrap();
        assert_eq!(full.fits, None);
    }

    #[test]
    fn probability_is_a_function_of_the_operation() {
        let rules = vec![Rule::parse("read:*:p=0.25:EIO").unwrap()];
        let run = |order: &[u64]| {
            let f = Faults::new(9, rules.clone());
            let mut fired: Vec<u64> = order
                .iter()
                .filter_map(|&k| f.check(&op(Op::Read, &format!("f{k}"), 4096 * k, 4096), &mut no_spans).1.map(|_| k))
                .collect();
            fired.sort_unstable();
            fired
        };
        let forward: Vec<u64> = (0..400).collect();
        let backward: Vec<u64> = (0..400).rev().collect();
        let a = run(&forward);
        assert_eq!(a, run(&backward), "the order of operations on different files changes nothing");
        assert!((70..130).contains(&a.len()), "about a quarter fire: {}", a.len());
        let other_seed = Faults::new(10, rules.clone());
        let b: Vec<u64> = forward
            .iter()
            .filter_map(|&k| {
                other_seed.check(&op(Op::Read, &format!("f{k}"), 4096 * k, 4096), &mut no_spans).1.map(|_| k)
            })
            .collect();
        assert_ne!(a, b, "another seed, other faults");
    }

    #[test]
    fn the_draw_is_the_contracts() {
        // docs/contract.md, section 15.2's example.
        let o = op(Op::Read, "data.db", 16384, 4096);
        assert!((draw(99, 0, &o, 5) - 0.9772983920747398).abs() < 1e-15);
    }

    #[test]
    fn replays_hit_the_same_operation() {
        let f = Faults::replaying(
            0,
            vec![Replayed {
                op: Op::Fsync,
                path: "d/x.db".into(),
                seq: 2,
                rule: "fsync:*:nth=2:EIO".into(),
                effect: Effect::Errno("EIO", libc::EIO),
            }],
        );
        let hits: Vec<bool> =
            (0..3).map(|_| f.check(&op(Op::Fsync, "d/x.db", 0, 0), &mut no_spans).1.is_some()).collect();
        assert_eq!(hits, [false, true, false]);
        assert!(f.watches(Op::Fsync, "d/x.db") && !f.watches(Op::Read, "d/x.db"));
    }
}
