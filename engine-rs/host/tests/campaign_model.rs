//! The campaign model's records (docs/campaigns.md, sections 3, 4 and 6) on cases whose answers are
//! written out here: the spec's own examples, the rules' order, the quoting of replays, runs.jsonl
//! read back, and the baseline (section 2). These were cli/campaign.test.ts's cases when the npm CLI
//! had a twin of the model; both command lines now call this one.

use fracture_host::campaign::crashes::program_replay;
use fracture_host::campaign::outcome::{classify, crash_id, normalise, report_lines, signal_name, Rules};
use fracture_host::campaign::record::{program_word, Run};
use fracture_host::campaign::{Campaign, InputRecord, Ledger, Outcome, Status};

fn none() -> Rules {
    Rules { crash_exit: Vec::new(), pattern: None }
}

#[test]
fn normalises_the_specs_example_numbers_and_blanks_in_one_pass() {
    assert_eq!(
        normalise("==4711==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000011 at pc 0x4c3f2e"),
        "==N==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x? at pc 0x?"
    );
    assert_eq!(normalise("  #12 \t 0xAbC in f /x.c:9  "), "#N 0x? in f /x.c:N");
    // 0x without hex digits is a number then a letter; a leading 0 of a number is part of it.
    assert_eq!(normalise("0x 007x1"), "Nx NxN");
}

#[test]
fn ids_are_the_first_12_hex_digits_of_the_signatures_sha256() {
    let id = crash_id("hung\ntimeout");
    assert_eq!(id.len(), 12);
    assert!(id.bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
    assert_ne!(crash_id("crashed\nsignal SIGSEGV"), crash_id("crashed\nsignal SIGBUS"));
}

#[test]
fn judges_in_the_order_of_section_3() {
    let sig = |s: &Status, e: &str, r: &Rules| classify(s, e.as_bytes(), r);
    let hung = sig(&Status::Timeout, "", &none());
    assert_eq!((hung.outcome, hung.signature.as_deref()), (Outcome::Hung, Some("hung\ntimeout")));
    assert_eq!(sig(&Status::Signal(11), "", &none()).signature.as_deref(), Some("crashed\nsignal SIGSEGV"));
    assert_eq!(sig(&Status::Signal(9), "", &none()).outcome, Outcome::Rejected);
    assert_eq!(sig(&Status::Code(0), "", &none()).outcome, Outcome::Accepted);
    let exit3 = Rules { crash_exit: vec![3], pattern: None };
    assert_eq!(sig(&Status::Code(3), "", &exit3).signature.as_deref(), Some("crashed\nexit 3"));
    // A report crashes whatever the exit code, 0 included; its lines join the signature.
    let panic = "noise\r\nthread 'main' panicked at src/a.rs:10:5:\r\nindex 7 out of range\nmore\n";
    assert_eq!(
        sig(&Status::Code(0), panic, &none()).signature.as_deref(),
        Some("crashed\nexit 0\nthread 'main' panicked at src/a.rs:N:N:\nindex N out of range")
    );
    let oops = Rules { crash_exit: Vec::new(), pattern: Some(regex::Regex::new("^oops").unwrap()) };
    assert_eq!(sig(&Status::Code(1), "oops: bad\n", &oops).signature.as_deref(), Some("crashed\nexit 1\noops: bad"));
}

#[test]
fn takes_a_sanitizer_report_before_a_panic_with_at_most_three_frames_after_it() {
    let lines = [
        "thread 'x' panicked at a.rs:1:1",
        "x.c:3: runtime error: signed integer overflow",
        "not a frame",
        "    #0 0x1 in a",
        "#1 0x2 in b",
        "  #2 0x3 in c",
        "  #3 0x4 in d",
    ];
    let got = report_lines(lines.join("\n").as_bytes(), &none()).unwrap();
    assert_eq!(got, [lines[1], lines[3], lines[4], lines[5]]);
    let nothing = Rules { crash_exit: Vec::new(), pattern: Some(regex::Regex::new("nothing").unwrap()) };
    assert_eq!(report_lines(b"plain", &nothing), None);
}

#[test]
fn names_signals_as_linux_does_and_quotes_replays_by_the_program_rule() {
    assert_eq!([6, 29, 31, 34].map(signal_name), ["SIGABRT", "SIGIO", "SIGSYS", "SIG34"]);
    assert_eq!(
        [program_word("a/b.c:d=e@f%g+h,i-j"), program_word(""), program_word("it's"), program_word("{}")],
        ["a/b.c:d=e@f%g+h,i-j", "''", "'it'\\''s'", "'{}'"]
    );
    let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    assert_eq!(
        program_replay(&words(&["prog", "--in={}", "x y"]), "crashes/1/a.png"),
        "prog --in=crashes/1/a.png 'x y'"
    );
    assert_eq!(program_replay(&words(&["prog"]), "crashes/1/a b.png"), "prog < 'crashes/1/a b.png'");
}

#[test]
fn drops_lines_of_runs_jsonl_that_do_not_parse() {
    let good = r#"{"file":"a","seed":1,"outcome":"accepted","exit_code":0,"signal":null,"duration_ms":3,"variant_sha256":"x","crash_id":null}"#;
    assert!(Run::parse(good).is_some());
    assert!(Run::parse(r#"{"file":"#).is_none());
    assert!(Run::parse(&good[..40]).is_none());
    assert!(Run::parse(&good.replace("\"accepted\"", "\"fine\"")).is_none());
}

fn campaign(baseline: bool) -> Campaign {
    Campaign {
        inputs: vec![InputRecord { file: "in/a.bin".into(), size: 4, sha256: "00".into(), baseline: None }],
        mode: "byte_flip".into(),
        intensity: 80,
        only: Vec::new(),
        protect: Vec::new(),
        fix_checksums: false,
        timeout_ms: 1000,
        crash_exit: Vec::new(),
        crash_pattern: None,
        minimize: true,
        baseline,
        program: vec!["prog".into()],
        seed: 7,
        count: 3,
        shard: None,
    }
}

/// Section 2, "Baseline": a failure with the original's signature is pre-existing (counted apart,
/// not minimised, no exit 1); another failure is new.
#[test]
fn failures_the_original_shows_too_are_pre_existing() {
    let mut ledger = Ledger::new(campaign(true));
    assert_eq!(ledger.baselines_needed(), [0]);
    ledger.set_baseline(0, &Status::Signal(6), b"");
    assert_eq!(
        ledger.baseline_lines(),
        ["fracture: run: in/a.bin already fails unmodified (crashed, signal SIGABRT): failures with that signature are marked pre-existing and not minimised"]
    );
    ledger.record(0, &Status::Signal(6), b"", 1, "aa");
    ledger.record(1, &Status::Code(0), b"", 1, "bb");
    assert_eq!(ledger.counts().pre_existing, 1);
    assert!(ledger.entries()[0].pre_existing);
    assert!(ledger.to_minimize().is_empty());
    assert_eq!(ledger.exit_code(), 0);
    ledger.record(2, &Status::Signal(11), b"", 1, "cc");
    assert_eq!(ledger.exit_code(), 1);
    assert_eq!(ledger.to_minimize().len(), 1);
    let json: serde_json::Value = serde_json::from_str(&ledger.campaign_json()).unwrap();
    assert_eq!(json["inputs"][0]["baseline"]["outcome"], "crashed");
    assert_eq!(json["inputs"][0]["baseline"]["signature"], "crashed\nsignal SIGABRT");
    assert_eq!(json["counts"]["pre_existing"], 1);
    assert!(ledger.summary_md().contains("- Original `in/a.bin`: crashed, signal SIGABRT\n"));
}

#[test]
fn no_baseline_runs_none_and_marks_nothing() {
    let mut ledger = Ledger::new(campaign(false));
    assert!(ledger.baselines_needed().is_empty());
    ledger.record(0, &Status::Signal(6), b"", 1, "aa");
    assert!(!ledger.entries()[0].pre_existing);
    assert_eq!(ledger.exit_code(), 1);
    assert!(ledger.campaign.command().contains(&"--no-baseline".to_string()));
}
