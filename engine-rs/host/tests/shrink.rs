//! The minimiser's rounds (fracture_host::shrink) driven as the shells drive them: one candidate at a
//! time, or several at once finished out of order with the superseded ones abandoned (job slots).

use fracture_host::shrink::{budget, Event, Refusal, Shrinker};

/// Where `b` differs from `a`.
fn diff(a: &[u8], b: &[u8]) -> Vec<usize> {
    (0..a.len()).filter(|&i| a[i] != b[i]).collect()
}

struct Driven {
    result: Result<Vec<u8>, Refusal>,
    spent: bool,
    runs: u64,
    events: Vec<Event>,
}

/// Drives the machine with `jobs` slots: each round starts up to `jobs` candidates, then finishes
/// them last first (as a slow early test would), abandoning those a failure made useless.
fn drive(original: &[u8], corrupted: &[u8], jobs: usize, fails: &dyn Fn(&[u8]) -> bool) -> Driven {
    let mut m = Shrinker::new(original.to_vec(), corrupted.to_vec());
    let (mut runs, mut events) = (0, Vec::new());
    if m.refused().is_none() {
        loop {
            loop {
                let mut running = Vec::new();
                while running.len() < jobs {
                    match m.start() {
                        Some(c) => running.push(c),
                        None => break,
                    }
                }
                if running.is_empty() {
                    break;
                }
                runs += running.len() as u64;
                for (id, bytes) in running.into_iter().rev() {
                    if m.superseded(id) {
                        m.abandon(id);
                    } else {
                        m.finish(id, fails(&bytes), "exit 1");
                    }
                }
            }
            let over = m.end_round();
            events.extend(m.events());
            if over {
                break;
            }
        }
    }
    let (result, spent) = match m.result() {
        Ok(s) => (Ok(s.bytes), s.spent),
        Err(Refusal::FailsOnOriginal(how)) => (Err(Refusal::FailsOnOriginal(how.clone())), false),
        Err(Refusal::Passes) => (Err(Refusal::Passes), false),
        Err(Refusal::Identical) => (Err(Refusal::Identical), false),
        Err(&Refusal::Lengths { original, corrupted }) => (Err(Refusal::Lengths { original, corrupted }), false),
    };
    Driven { result, spent, runs, events }
}

/// 1-minimal: the result fails, and restoring any one of its changed bytes makes the test pass.
fn assert_one_minimal(original: &[u8], result: &[u8], fails: &dyn Fn(&[u8]) -> bool) {
    assert!(fails(result));
    for p in diff(original, result) {
        let mut b = result.to_vec();
        b[p] = original[p];
        assert!(!fails(&b), "still fails without byte {p}");
    }
}

#[test]
fn keeps_exactly_what_the_failure_needs_and_is_one_minimal() {
    let original = vec![0u8; 64];
    let mut corrupted = original.clone();
    for p in [3, 4, 5, 17, 30, 31, 50, 63] {
        corrupted[p] = 0xff;
    }
    let fails = |b: &[u8]| b[4] == 0xff && b[50] == 0xff;
    let d = drive(&original, &corrupted, 1, &fails);
    let result = d.result.unwrap();
    assert_eq!(diff(&original, &result), [4, 50]);
    assert!(!d.spent);
    assert!(d.runs <= budget(8));
    assert_one_minimal(&original, &result, &fails);
    assert_eq!(d.events.last(), Some(&Event::Kept(2)));
    assert!(d.events.contains(&Event::ByteByByte));
}

#[test]
fn runs_first_then_bytes_as_the_shells_print_it() {
    // Three runs of changed bytes; the failure needs bytes 7, 101 and 640 (one in each).
    let original = vec![0u8; 1100];
    let mut corrupted = original.clone();
    for p in (0..40).chain(100..103).chain(500..900).chain([1000, 1002, 1004]) {
        corrupted[p] = 1;
    }
    let fails = |b: &[u8]| b[7] == 1 && b[101] == 1 && b[640] == 1;
    let m = Shrinker::new(original.clone(), corrupted.clone());
    assert_eq!(m.start_line(), "CORRUPTED differs from ORIGINAL in 446 bytes (6 runs)");
    let d = drive(&original, &corrupted, 1, &fails);
    let result = d.result.unwrap();
    assert_eq!(diff(&original, &result), [7, 101, 640]);
    // The runs come down to the three that hold the failure, then byte by byte to the three bytes.
    let texts: Vec<String> = d.events.iter().map(Event::text).collect();
    let bytes_at = texts.iter().position(|t| t == "now byte by byte").unwrap();
    assert_eq!(texts[bytes_at - 1], "443 bytes differ");
    assert_eq!(texts.last().unwrap(), "3 bytes differ");
}

/// Random oracles (a set of bytes all needed, or any one of a few alone): the result is always
/// 1-minimal, and the same whatever the number of job slots.
#[test]
fn one_minimal_and_the_same_for_any_number_of_jobs() {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    for _ in 0..60 {
        let len = 50 + next(400) as usize;
        let original: Vec<u8> = (0..len).map(|_| next(256) as u8).collect();
        let mut corrupted = original.clone();
        let mut changed = Vec::new();
        for _ in 0..1 + next(60) {
            let (start, run) = (next(len as u64) as usize, 1 + next(6) as usize);
            for p in start..(start + run).min(len) {
                corrupted[p] = original[p] ^ (1 + next(255) as u8);
                changed.push(p);
            }
        }
        changed.sort_unstable();
        changed.dedup();
        let pick = |k: u64, next: &mut dyn FnMut(u64) -> u64| -> Vec<usize> {
            (0..k).map(|_| changed[next(changed.len() as u64) as usize]).collect()
        };
        let needed = pick(1 + next(4), &mut next);
        let alone = if next(2) == 0 { pick(1 + next(2), &mut next) } else { Vec::new() };
        let (o, c) = (original.clone(), corrupted.clone());
        let fails = move |b: &[u8]| needed.iter().all(|&p| b[p] == c[p]) || alone.iter().any(|&p| b[p] == c[p]);
        let fails_o = |b: &[u8]| b != o.as_slice() && fails(b);
        let one = drive(&original, &corrupted, 1, &fails_o);
        let four = drive(&original, &corrupted, 4, &fails_o);
        let result = one.result.unwrap();
        assert!(!one.spent);
        assert_one_minimal(&original, &result, &fails_o);
        assert_eq!(four.result.unwrap(), result);
    }
}

#[test]
fn refuses_what_cannot_be_minimised() {
    let lengths = Shrinker::new(vec![1], vec![1, 2]);
    assert_eq!(lengths.refused(), Some(&Refusal::Lengths { original: 1, corrupted: 2 }));
    assert_eq!(
        lengths.refused().unwrap().text(),
        "ORIGINAL is 1 bytes and CORRUPTED 2 bytes: only files of the same length can be minimised (byte_flip, header_preserve_flip and shuffle_blocks keep the length)"
    );
    let mut identical = Shrinker::new(vec![1, 2], vec![1, 2]);
    assert_eq!(identical.refused(), Some(&Refusal::Identical));
    assert!(identical.start().is_none());
    assert!(identical.end_round());
    assert_eq!(identical.result().err().unwrap().text(), "CORRUPTED is identical to ORIGINAL: nothing to minimise");
    let d = drive(&[0, 0], &[1, 1], 2, &|_| false);
    assert_eq!(d.result, Err(Refusal::Passes));
    assert_eq!(Refusal::Passes.text(), "the test passes on CORRUPTED: there is no failure to keep");
    // The original fails too: nothing to keep (a campaign's pre-existing failure).
    let d = drive(&[0, 0], &[1, 1], 2, &|_| true);
    assert_eq!(d.result, Err(Refusal::FailsOnOriginal("exit 1".into())));
    assert_eq!(
        Refusal::FailsOnOriginal("exit 3".into()).text(),
        "the test fails on ORIGINAL too (exit 3): it must pass on ORIGINAL and fail on CORRUPTED"
    );
}

/// An oracle that makes ddmin quadratic (it fails while a set of scattered positions is kept, so
/// ddmin removes one of the others per round) stops at the budget, says so, and the file still fails.
#[test]
fn a_quadratic_oracle_stops_at_the_budget_and_says_so() {
    let n = 400;
    let original = vec![0u8; 2 * n];
    let mut corrupted = original.clone();
    for u in 0..n {
        corrupted[2 * u] = 1;
    }
    let needed: Vec<usize> = (0..n).filter(|u| *u < n / 3 || u % 2 == 0).map(|u| 2 * u).collect();
    let fails = |b: &[u8]| needed.iter().all(|&p| b[p] == 1);
    let d = drive(&original, &corrupted, 1, &fails);
    assert!(d.spent);
    assert_eq!(d.runs, budget(n as u64));
    assert!(!d.events.contains(&Event::ByteByByte));
    let result = d.result.unwrap();
    assert!(fails(&result));
    assert!(diff(&original, &result).len() < n);
    let mut m = Shrinker::new(original.clone(), corrupted.clone());
    while let Some((id, bytes)) = m.start() {
        m.finish(id, fails(&bytes), "");
    }
    assert!(!m.end_round());
    // The last line says the budget was spent; a finished one does not.
    let shrunk = fracture_host::shrink::Shrunk { bytes: vec![], kept: 5, changed: 9, spent: true, budget: 36 };
    assert_eq!(
        shrunk.line("out.bin"),
        "out.bin: 5 bytes differ from ORIGINAL (was 9; run budget of 36 tests spent: not 1-minimal)"
    );
    let shrunk = fracture_host::shrink::Shrunk { spent: false, ..shrunk };
    assert_eq!(shrunk.line("out.bin"), "out.bin: 5 bytes differ from ORIGINAL (was 9)");
}

#[test]
fn the_budget_is_n_log_n() {
    assert_eq!([budget(1), budget(2), budget(3), budget(4), budget(100), budget(1000)], [2, 8, 12, 24, 1400, 20000]);
}
