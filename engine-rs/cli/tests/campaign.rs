//! `fracture run` and `fracture merge` as users meet them: the built binary as a subprocess, against
//! the target programs of tests/campaign, with every seed's expected outcome computed here from the
//! variant that `fracture --seed` writes (docs/campaigns.md).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_fracture");

fn target(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/campaign").join(name).to_string_lossy().into_owned()
}

struct Scratch {
    dir: tempfile::TempDir,
}

impl Scratch {
    fn new() -> Scratch {
        let s = Scratch { dir: tempfile::tempdir().unwrap() };
        std::fs::create_dir(s.path().join("tmp")).unwrap();
        s
    }

    fn path(&self) -> &Path {
        self.dir.path()
    }

    fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(BIN);
        c.args(args).current_dir(self.path()).env("TMPDIR", self.path().join("tmp")).stdin(Stdio::null());
        c
    }

    fn run(&self, args: &[&str]) -> Output {
        let out = self.command(args).output().unwrap();
        // Nothing of the private directory is left, however the run ended.
        assert_eq!(std::fs::read_dir(self.path().join("tmp")).unwrap().count(), 0, "{args:?}");
        out
    }

    fn write(&self, name: &str, bytes: &[u8]) {
        std::fs::write(self.path().join(name), bytes).unwrap();
    }

    fn read(&self, name: &str) -> Vec<u8> {
        std::fs::read(self.path().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
    }

    fn json(&self, name: &str) -> Value {
        serde_json::from_slice(&self.read(name)).unwrap()
    }

    /// runs.jsonl's lines, parsed.
    fn runs(&self, dir: &str) -> Vec<Value> {
        let text = String::from_utf8(self.read(&format!("{dir}/runs.jsonl"))).unwrap();
        // The fields in the spec's order, read from the text: serde_json's map keeps the order only
        // when another crate of the workspace turns its preserve_order feature on.
        for line in text.lines() {
            let at: Vec<usize> = FIELDS.iter().map(|f| line.find(&format!("\"{f}\":")).expect(f)).collect();
            assert!(at.windows(2).all(|w| w[0] < w[1]), "fields out of order: {line}");
        }
        assert!(text.is_empty() || text.ends_with('\n'));
        text.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
    }

    /// The variants `fracture --seed S --count N` writes: (file, seed) -> bytes.
    fn variants(&self, extra: &[&str], seed: u64, count: u64, files: &[&str]) -> BTreeMap<(String, u64), Vec<u8>> {
        let (s, n) = (seed.to_string(), count.to_string());
        let mut args = vec!["--seed", &s, "--count", &n, "--out", "gen", "--quiet"];
        args.extend(extra);
        args.extend(files);
        let out = self.run(&args);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let mut map = BTreeMap::new();
        for (i, f) in files.iter().enumerate() {
            for j in 0..count {
                let sd = seed + i as u64 * count + j;
                let (base, ext) = f.rsplit_once('.').unwrap();
                map.insert((f.to_string(), sd), self.read(&format!("gen/{base}_corrupted_{sd}.{ext}")));
            }
        }
        std::fs::remove_dir_all(self.path().join("gen")).unwrap();
        map
    }
}

fn bytes(n: usize, mut x: u32) -> Vec<u8> {
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            (x >> 16) as u8
        })
        .collect()
}

fn sha256(bytes: &[u8]) -> String {
    let mut h = fracture_engine::Sha256Hasher::default();
    h.update(bytes);
    h.hex()
}

fn id(signature: &str) -> String {
    sha256(signature.as_bytes())[..12].to_string()
}

const PANIC: &str = "crashed\nexit 101\nthread 'main' panicked at src/parse.rs:N:N:\nindex out of bounds: the len is N but the index is N";

/// runs.jsonl's fields, in the order docs/campaigns.md gives.
const FIELDS: [&str; 8] =
    ["file", "seed", "outcome", "exit_code", "signal", "duration_ms", "variant_sha256", "crash_id"];
/// What a run should record: (outcome, exit_code, signal, signature).
type Expected = (&'static str, Value, Value, Option<String>);

/// target.sh's rule, from the variant's bytes.
fn target_rule(v: &[u8], pattern: bool) -> Expected {
    let sum: u64 = v.iter().map(|&b| u64::from(b)).sum();
    match sum % 5 {
        0 => ("accepted", 0.into(), Value::Null, None),
        1 if pattern => ("crashed", 3.into(), Value::Null, Some("crashed\nexit 3\nbad header".into())),
        1 => ("rejected", 3.into(), Value::Null, None),
        2 => ("crashed", Value::Null, "SIGSEGV".into(), Some("crashed\nsignal SIGSEGV".into())),
        3 => ("hung", Value::Null, Value::Null, Some("hung\ntimeout".into())),
        _ => ("crashed", 101.into(), Value::Null, Some(PANIC.into())),
    }
}

/// Checks each line against the rule, in file-then-seed order; the expected exit code.
fn check_runs(runs: &[Value], variants: &BTreeMap<(String, u64), Vec<u8>>, rule: &dyn Fn(&[u8]) -> Expected) -> i32 {
    assert_eq!(runs.len(), variants.len());
    let mut failed = false;
    for (run, ((file, seed), v)) in runs.iter().zip(variants) {
        let (outcome, exit_code, signal, signature) = rule(v);
        let mut keys: Vec<&str> = run.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        let mut fields = FIELDS.to_vec();
        fields.sort_unstable();
        assert_eq!(keys, fields);
        assert_eq!(run["file"], file.as_str());
        assert_eq!(run["seed"], *seed);
        assert_eq!(run["outcome"], outcome, "seed {seed}");
        assert_eq!(run["exit_code"], exit_code, "seed {seed}");
        assert_eq!(run["signal"], signal, "seed {seed}");
        assert_eq!(run["variant_sha256"], sha256(v));
        assert_eq!(run["crash_id"], signature.as_deref().map_or(Value::Null, |s| id(s).into()), "seed {seed}");
        failed |= signature.is_some();
    }
    i32::from(failed)
}

#[test]
fn every_seed_gets_the_outcome_its_bytes_call_for() {
    let s = Scratch::new();
    s.write("a.bin", &bytes(200, 1));
    s.write("b.dat", &bytes(150, 2));
    let variants = s.variants(&[], 100, 12, &["a.bin", "b.dat"]);
    let program = target("target.sh");
    // The originals' own outcomes are not what this checks (the cross test does): no baselines.
    let common = [
        "--seed",
        "100",
        "--count",
        "12",
        "--timeout",
        "2",
        "--jobs",
        "4",
        "--no-minimize",
        "--no-baseline",
        "a.bin",
        "b.dat",
    ];
    // With {} (the path) and without (standard input): the same outcomes.
    for (dir, tail) in [("c1", vec!["--", &program, "{}"]), ("c2", vec!["--", &program])] {
        let mut args = vec!["run", "--out", dir];
        args.extend(common);
        args.extend(&tail);
        let out = s.run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        let runs = s.runs(dir);
        let code = check_runs(&runs, &variants, &|v| target_rule(v, false));
        assert_eq!(out.status.code(), Some(code), "{stderr}");
        assert!(stderr.starts_with("fracture: run: seed 100 (variant j of file i uses seed 100 + i * 12 + j)\n"));
        // campaign.json: counts, and each unique failure's first variant kept under crashes/ID/.
        let c = s.json(&format!("{dir}/campaign.json"));
        assert_eq!(c["version"], 1);
        assert_eq!(c["planned"], 24);
        assert_eq!(c["complete"], true);
        assert_eq!(c["shard"], Value::Null);
        for o in ["accepted", "rejected", "crashed", "hung"] {
            assert_eq!(c["counts"][o], runs.iter().filter(|r| r["outcome"] == o).count(), "{o}");
        }
        let crashes = c["crashes"].as_array().unwrap();
        let mut ids: Vec<&str> = runs.iter().filter_map(|r| r["crash_id"].as_str()).collect();
        ids.dedup();
        let mut unique = ids.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(crashes.len(), unique.len());
        for e in crashes {
            let of_id: Vec<&Value> = runs.iter().filter(|r| r["crash_id"] == e["id"]).collect();
            let first = of_id[0];
            assert_eq!(e["seed"], first["seed"]);
            assert_eq!(e["seeds"], Value::Array(of_id.iter().map(|r| r["seed"].clone()).collect()));
            assert_eq!(e["minimized"], Value::Null);
            let file = first["file"].as_str().unwrap().to_string();
            let kept = s.read(&format!("{dir}/{}", e["variant"].as_str().unwrap()));
            assert_eq!(kept, variants[&(file, first["seed"].as_u64().unwrap())]);
            assert_eq!(id(e["signature"].as_str().unwrap()), e["id"]);
            // The replay makes the same bytes with the plain CLI.
            let corrupt = e["replay"]["corrupt"].as_str().unwrap();
            let replay = Command::new("sh")
                .arg("-c")
                .arg(corrupt.replacen("fracture", BIN, 1) + " --out replayed --quiet")
                .current_dir(s.path())
                .output()
                .unwrap();
            assert!(replay.status.success());
            let name = Path::new(e["variant"].as_str().unwrap()).file_name().unwrap().to_string_lossy().into_owned();
            let base = name.rsplit_once("_corrupted_").unwrap().0;
            let ext = name.rsplit_once('.').unwrap().1;
            assert_eq!(s.read(&format!("replayed/{base}_corrupted.{ext}")), kept);
            std::fs::remove_dir_all(s.path().join("replayed")).unwrap();
        }
        let summary = String::from_utf8(s.read(&format!("{dir}/summary.md"))).unwrap();
        assert!(summary.starts_with("# Fracture campaign\n\n- Command: `fracture run --mode byte_flip"));
        assert!(summary.contains("- Runs: 24 of 24\n"));
    }
}

#[test]
fn crash_patterns_and_exit_codes_make_crashes() {
    let s = Scratch::new();
    s.write("a.bin", &bytes(120, 3));
    let variants = s.variants(&[], 5, 10, &["a.bin"]);
    let program = target("target.sh");
    let out = s.run(&[
        "run",
        "--seed",
        "5",
        "--count",
        "10",
        "--timeout",
        "2",
        "--jobs",
        "4",
        "--no-minimize",
        "--crash-pattern",
        "bad h.*r",
        "a.bin",
        "--",
        &program,
        "{}",
    ]);
    let code = check_runs(&s.runs("campaign"), &variants, &|v| target_rule(v, true));
    assert_eq!(out.status.code(), Some(code));
    // --crash-exit 3 turns the rejections into crashes of their own signature ("exit 3" and the line).
    let out = s.run(&[
        "run",
        "--seed",
        "5",
        "--count",
        "10",
        "--timeout",
        "2",
        "--jobs",
        "4",
        "--no-minimize",
        "--crash-exit",
        "3,200-201",
        "--out",
        "c3",
        "a.bin",
        "--",
        &program,
        "{}",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let runs = s.runs("c3");
    for (run, v) in runs.iter().zip(variants.values()) {
        if target_rule(v, false).0 == "rejected" {
            assert_eq!(run["outcome"], "crashed");
            assert_eq!(run["crash_id"], id("crashed\nexit 3"));
        }
    }
    let c = s.json("c3/campaign.json");
    assert_eq!(c["options"]["crash_exit"], serde_json::json!([3, 200, 201]));
    let command: Vec<&str> = c["command"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    assert!(command.windows(2).any(|w| w == ["--crash-exit", "3,200,201"]));
}

#[test]
fn shards_merged_equal_the_single_run() {
    let s = Scratch::new();
    s.write("a.png", &bytes(160, 4));
    s.write("b.bin", &bytes(90, 5));
    let program = target("target.sh");
    let base = ["--seed", "7", "--count", "9", "--timeout", "2", "--jobs", "4", "--no-minimize"];
    let run = |out: &str, shard: Option<&str>| {
        let mut args = vec!["run", "--out", out];
        args.extend(base);
        if let Some(k) = shard {
            args.extend(["--shard", k]);
        }
        args.extend(["a.png", "b.bin", "--", &program, "{}"]);
        s.run(&args).status.code()
    };
    let single = run("all", None);
    for k in 1..=3 {
        run(&format!("s{k}"), Some(&format!("{k}/3")));
        let shard = s.json(&format!("s{k}/campaign.json"));
        assert_eq!(shard["shard"], serde_json::json!([k, 3]));
        assert_eq!(shard["planned"], 6);
        for r in s.runs(&format!("s{k}")) {
            assert_eq!((r["seed"].as_u64().unwrap() - 7) % 3, k - 1);
        }
    }
    let merged = s.run(&["merge", "s1", "s2", "s3", "--out", "merged"]);
    assert_eq!(merged.status.code(), single);
    assert_eq!(s.read("merged/campaign.json"), s.read("all/campaign.json"));
    assert_eq!(s.read("merged/summary.md"), s.read("all/summary.md"));
    let strip = |runs: Vec<Value>| -> Vec<Value> {
        runs.into_iter()
            .map(|mut r| {
                r.as_object_mut().unwrap().remove("duration_ms");
                r
            })
            .collect()
    };
    assert_eq!(strip(s.runs("merged")), strip(s.runs("all")));
    let c = s.json("all/campaign.json");
    for e in c["crashes"].as_array().unwrap() {
        let v = e["variant"].as_str().unwrap();
        assert_eq!(s.read(&format!("merged/{v}")), s.read(&format!("all/{v}")));
    }
    // Merging into a directory that holds something, or shards of another campaign: usage errors.
    assert_eq!(s.run(&["merge", "s1", "--out", "all"]).status.code(), Some(2));
    let other = ["run", "--out", "other", "--seed", "8", "--count", "2", "--no-minimize", "a.png", "--", "true"];
    assert_eq!(s.run(&other).status.code(), Some(0));
    assert_eq!(s.run(&["merge", "s1", "other", "--out", "m2"]).status.code(), Some(2));
}

#[test]
fn crashes_are_minimised_to_the_bytes_that_matter() {
    let s = Scratch::new();
    let input: Vec<u8> = (0..64).map(|i| (i * 2) as u8).collect();
    s.write("e.bin", &input);
    let options = ["--mode", "header_preserve_flip", "--intensity", "100"];
    let variants = s.variants(&options, 1, 40, &["e.bin"]);
    let crashing: Vec<u64> =
        variants.iter().filter(|(_, v)| v[3] % 2 == 1 && v[5] % 2 == 1).map(|((_, seed), _)| *seed).collect();
    assert!(!crashing.is_empty());
    let mut args = vec!["run"];
    args.extend(options);
    let program = target("marker.sh");
    args.extend(["--seed", "1", "--count", "40", "--jobs", "2", "e.bin", "--", &program, "{}"]);
    let out = s.run(&args);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let c = s.json("campaign/campaign.json");
    let crashes = c["crashes"].as_array().unwrap();
    assert_eq!(crashes.len(), 1);
    let e = &crashes[0];
    assert_eq!(e["id"], id("crashed\nsignal SIGABRT"));
    assert_eq!(e["seeds"], serde_json::json!(crashing));
    assert_eq!(e["minimized_changes"], 2);
    let first = &variants[&("e.bin".to_string(), crashing[0])];
    let mut expected = input.clone();
    expected[3] = first[3];
    expected[5] = first[5];
    assert_eq!(
        e["minimized"],
        format!("crashes/{}/e_corrupted_{}_minimized.bin", e["id"].as_str().unwrap(), crashing[0])
    );
    assert_eq!(s.read(&format!("campaign/{}", e["minimized"].as_str().unwrap())), expected);
}

/// With --no-baseline a crash the original gives too is recorded as new; the minimiser's first round
/// runs the original as well, finds it, and says so instead of minimising to nothing.
#[test]
fn a_crash_the_original_gives_too_is_not_minimised() {
    let s = Scratch::new();
    let mut input: Vec<u8> = (0..64).map(|i| (i * 2) as u8).collect();
    (input[3], input[5]) = (7, 9);
    s.write("o.bin", &input);
    let program = target("marker.sh");
    let args = ["run", "--mode", "header_preserve_flip", "--intensity", "100", "--seed", "1", "--count", "10"];
    let out = s.run(&[&args[..], &["--no-baseline", "o.bin", "--", &program, "{}"]].concat());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let e = &s.json("campaign/campaign.json")["crashes"][0];
    assert!(e["minimized"].is_null());
    let line =
        format!("fracture: run: {}: the original gives this signature too; not minimised", e["id"].as_str().unwrap());
    assert!(err.lines().any(|l| l == line), "{err}");
}

#[test]
fn ctrl_c_leaves_a_campaign_that_resume_completes() {
    let s = Scratch::new();
    let input: Vec<u8> = (0..64).map(|i| (i * 2) as u8).collect();
    s.write("e.bin", &input);
    let options = ["--mode", "header_preserve_flip", "--intensity", "100"];
    let variants = s.variants(&options, 1, 40, &["e.bin"]);
    let program = target("marker.sh");
    // Each run takes 0.1 s at least, so the interrupt comes mid-campaign.
    let slow = ["/bin/sh", "-c", "sleep 0.1; exec \"$0\" \"$1\"", program.as_str(), "{}"];
    let mut args = vec!["run"];
    args.extend(options);
    args.extend(["--count", "40", "--jobs", "2", "--no-minimize", "e.bin", "--"]);
    args.extend(slow);
    let mut first = args.clone();
    first.splice(1..1, ["--seed", "1"]);
    let child = s.command(&first).stderr(Stdio::piped()).spawn().unwrap();
    std::thread::sleep(Duration::from_millis(900));
    // SAFETY: kill() with a pid this test started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(String::from_utf8_lossy(&out.stderr).ends_with("fracture: run: interrupted; continue with --resume\n"));
    assert_eq!(std::fs::read_dir(s.path().join("tmp")).unwrap().count(), 0);
    let done = s.runs("campaign");
    assert!(!done.is_empty() && done.len() < 40, "{} runs", done.len());
    let c = s.json("campaign/campaign.json");
    assert_eq!(c["complete"], false);
    assert_eq!(c["counts"]["accepted"].as_u64().unwrap() + c["counts"]["crashed"].as_u64().unwrap(), done.len() as u64);
    // Without --resume the directory is refused; a different campaign too.
    assert_eq!(s.run(&first).status.code(), Some(2));
    let mut other = first.clone();
    other.splice(1..1, ["--resume", "--timeout", "3"]);
    assert_eq!(s.run(&other).status.code(), Some(2));
    // --resume without --seed takes the recorded one, and runs only what is missing.
    let mut resume = args.clone();
    resume.insert(1, "--resume");
    let out = s.run(&resume);
    let runs = s.runs("campaign");
    let rule = |v: &[u8]| {
        if v[3] % 2 == 1 && v[5] % 2 == 1 {
            ("crashed", Value::Null, "SIGABRT".into(), Some("crashed\nsignal SIGABRT".to_string()))
        } else {
            ("accepted", 0.into(), Value::Null, None)
        }
    };
    let code = check_runs(&runs, &variants, &rule);
    assert_eq!(out.status.code(), Some(code));
    for r in &done {
        assert!(runs.contains(r), "a recorded run was run again: {r}");
    }
    assert_eq!(s.json("campaign/campaign.json")["complete"], true);
}

#[test]
fn exit_codes_and_usage_errors() {
    let s = Scratch::new();
    s.write("a.bin", &bytes(50, 6));
    let ok = s.run(&["run", "--count", "5", "--out", "fine", "a.bin", "--", "true"]);
    assert_eq!(ok.status.code(), Some(0));
    assert_eq!(s.runs("fine").len(), 5);
    for args in [
        vec!["run", "a.bin"],
        vec!["run", "a.bin", "--"],
        vec!["run", "--", "true"],
        vec!["run", "--shard", "0/3", "a.bin", "--", "true"],
        vec!["run", "--shard", "4/3", "a.bin", "--", "true"],
        vec!["run", "--timeout", "0", "a.bin", "--", "true"],
        vec!["run", "--crash-exit", "300", "a.bin", "--", "true"],
        vec!["run", "--crash-pattern", "(", "a.bin", "--", "true"],
        vec!["run", "--zip", "x.zip", "a.bin", "--", "true"],
        vec!["run", "-", "--", "true"],
        vec!["run", "missing.bin", "--", "true"],
        vec!["run", "--resume", "a.bin", "--", "true"],
        vec!["run", "--out", "fine", "a.bin", "--", "true"],
        vec!["merge", "fine"],
    ] {
        let out = s.run(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.starts_with("fracture: ") && stderr.trim_end().ends_with("--help)"), "{stderr}");
    }
    assert!(!s.path().join("campaign").exists());
    // An input where DIR's files go is refused, and kept.
    s.write("summary.md", b"notes");
    let out = s.run(&["run", "--out", ".", "a.bin", "summary.md", "--", "true"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("is the input summary.md"));
    assert_eq!(s.read("summary.md"), b"notes");
    // A program that cannot be started stops the campaign: exit 1.
    let out = s.run(&["run", "--out", "bad", "a.bin", "--", "/nonexistent/program"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start /nonexistent/program"));
    let help = s.run(&["run", "--help"]);
    assert!(help.status.success() && String::from_utf8_lossy(&help.stdout).contains("--crash-pattern"));
}

#[test]
fn what_the_program_leaves_behind_is_killed_with_it() {
    let s = Scratch::new();
    s.write("a.bin", &bytes(40, 7));
    // A child left running after the program exits, and one under a program that hangs: each would
    // leave a file a second later if it were still alive. A child that leaves the group and keeps the
    // pipes open does not hold the run up.
    let left = "(sleep 1; touch left) & exit 0";
    let hung = "(sleep 1; touch hung) & sleep 30";
    let escaped = "setsid sleep 3 & exit 0";
    for (dir, script, timeout, outcome) in
        [("c1", left, "5", "accepted"), ("c2", hung, "0.3", "hung"), ("c3", escaped, "5", "accepted")]
    {
        let started = std::time::Instant::now();
        let out = s.run(&[
            "run",
            "--count",
            "2",
            "--timeout",
            timeout,
            "--no-minimize",
            "--no-baseline",
            "--out",
            dir,
            "a.bin",
            "--",
            "/bin/sh",
            "-c",
            script,
        ]);
        assert!(started.elapsed() < Duration::from_millis(2500), "{dir}: {:?}", started.elapsed());
        assert_eq!(out.status.code(), Some(i32::from(outcome == "hung")), "{}", String::from_utf8_lossy(&out.stderr));
        for r in s.runs(dir) {
            assert_eq!(r["outcome"], outcome);
        }
    }
    std::thread::sleep(Duration::from_millis(1500));
    assert!(!s.path().join("left").exists());
    assert!(!s.path().join("hung").exists());
}
