//! `fracture diagnose` as users meet it: the built binary as a subprocess on real files (PNG, JPEG,
//! ZIP, PDF, gzip, text made by ImageMagick, zip, qpdf, gzip) damaged by the real tools that damage
//! files in the wild (tests/damage/make-corpus.sh: unix2dos, dos2unix, an ASCII-mode FTP download
//! from vsftpd on loopback fetched by curl, tr, iconv, dd, truncate). Each must be named with the
//! right cause; the rate of right answers is printed (docs/damage.md records it). Then the outputs of
//! every other mode (no transfer cause claimed), the repair, and bad input.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_fracture");
const TRANSFER: [&str; 3] = ["text_transfer", "seven_bit", "charset_roundtrip"];

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The corpus, made once per run of this file, under Cargo's scratch directory for integration tests
/// (target/tmp): made afresh each run, and nothing is left in the system's temporary directory.
fn corpus() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("diagnose-corpus");
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let out = Command::new("bash")
            .arg(root().join("tests/damage/make-corpus.sh"))
            .arg(&dir)
            .stdin(Stdio::null())
            .output()
            .expect("bash");
        assert!(out.status.success(), "make-corpus.sh: {}", String::from_utf8_lossy(&out.stderr));
        dir
    })
}

fn diagnose(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN).arg("diagnose").args(args).current_dir(dir).stdin(Stdio::null()).output().unwrap()
}

fn json(out: &Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
    })
}

struct Row {
    file: String,
    original: String,
    tool: String,
    cause: String,
    direction: String,
    alone: bool,
}

fn manifest(dir: &Path) -> Vec<Row> {
    std::fs::read_to_string(dir.join("manifest.tsv"))
        .unwrap()
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            Row {
                file: f[0].into(),
                original: f[1].into(),
                tool: f[2].into(),
                cause: f[3].into(),
                direction: f[4].into(),
                alone: f[5] == "yes",
            }
        })
        .collect()
}

/// The first cause's name and direction, or `none`.
fn named(v: &Value) -> String {
    match v["causes"].as_array().and_then(|c| c.first()) {
        None => "none".into(),
        Some(c) => match c["direction"].as_str() {
            Some(d) if c["cause"] == "text_transfer" => format!("text_transfer/{d}"),
            _ => c["cause"].as_str().unwrap().into(),
        },
    }
}

fn expected(r: &Row) -> String {
    if r.cause == "text_transfer" {
        format!("text_transfer/{}", r.direction)
    } else {
        r.cause.clone()
    }
}

#[test]
fn real_damage_is_named_with_the_right_cause() {
    let dir = corpus();
    let rows = manifest(dir);
    let (mut alone_right, mut alone_total, mut with_right, mut with_total) = (0, 0, 0, 0);
    let mut wrong = Vec::new();
    for r in &rows {
        let want = expected(r);
        let out = diagnose(dir, &["--json", &r.file]);
        let v = json(&out);
        let got = named(&v);
        assert_eq!(out.status.code(), Some(if got == "none" { 0 } else { 1 }), "{}: exit code", r.file);
        // Alone, a file that carries no evidence (a DOS text from unix2dos) must not be blamed either.
        let right = if r.alone { got == want } else { got == "none" || got == want };
        alone_total += 1;
        if right {
            alone_right += 1;
        } else {
            wrong.push(format!("{} ({}): alone named {got}, expected {want}", r.file, r.tool));
        }
        if r.original != "-" {
            let v = json(&diagnose(dir, &["--json", "--original", &r.original, &r.file]));
            let got = named(&v);
            with_total += 1;
            if got == want && v["explained"] == true {
                with_right += 1;
            } else {
                wrong.push(format!(
                    "{} ({}): with the original named {got} (explained {}), expected {want}",
                    r.file, r.tool, v["explained"]
                ));
            }
        }
    }
    println!("diagnose on real damage: alone {alone_right} of {alone_total} right, with the original {with_right} of {with_total} right");
    for w in &wrong {
        println!("  missed: {w}");
    }
    // With the original every difference is classified; alone, a few files carry too little evidence
    // (docs/damage.md names them), but none may be blamed on a transfer that did not happen.
    assert_eq!(with_right, with_total, "{}", wrong.join("\n"));
    assert!(alone_right * 100 >= alone_total * 98, "{}", wrong.join("\n"));
    assert!(
        !wrong.iter().any(|w| TRANSFER.iter().any(|t| w.contains(&format!("alone named {t}")))),
        "{}",
        wrong.join("\n")
    );
}

#[test]
fn the_text_output_says_when_one_transform_explains_every_difference() {
    let dir = corpus();
    let out = diagnose(dir, &["--original", "text.txt", "text_txt.unix2dos"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Every difference is an LF to CRLF conversion: 400 line endings."), "{text}");
    let out = diagnose(dir, &["text.txt"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), "text.txt: 29,449 bytes, text: no known damage found\n");
}

/// The engine's own modes damage files in ways no transfer does: diagnose must never blame one.
#[test]
fn the_outputs_of_every_other_mode_are_never_called_a_transfer() {
    let dir = corpus();
    let out_dir = tempfile::tempdir().unwrap();
    let modes = [
        "byte_flip",
        "header_preserve_flip",
        "truncate_insert",
        "shuffle_blocks",
        "guaranteed_break",
        "interrupted_transfer",
        "bad_sectors",
        "bit_rot",
    ];
    let originals: Vec<String> = manifest(dir).into_iter().filter(|r| r.original == "-").map(|r| r.file).collect();
    let mut checked = 0;
    for mode in modes {
        for seed in ["1", "2"] {
            let o = out_dir.path().join(format!("{mode}-{seed}"));
            let mut args = vec!["--mode", mode, "--seed", seed, "--quiet", "--out", o.to_str().unwrap()];
            args.extend(originals.iter().map(String::as_str));
            let run = Command::new(BIN).args(&args).current_dir(dir).output().unwrap();
            assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
            for entry in std::fs::read_dir(&o).unwrap() {
                let path = entry.unwrap().path();
                let v = json(&diagnose(dir, &["--json", path.to_str().unwrap()]));
                for c in v["causes"].as_array().unwrap() {
                    assert!(
                        !TRANSFER.contains(&c["cause"].as_str().unwrap()),
                        "{mode} seed {seed}: {} called {}",
                        path.display(),
                        c
                    );
                }
                checked += 1;
            }
        }
    }
    println!("diagnose on {checked} outputs of the other modes: no transfer cause claimed");
    assert_eq!(checked, modes.len() * 2 * originals.len());
}
