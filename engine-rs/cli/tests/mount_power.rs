//! Power cuts under real programs (docs/mount.md, "Power cuts"): the loop finds the empty or torn
//! file that a saver without fsync leaves, as ALICE (OSDI 2014) describes, and passes the safe saver at
//! every cut point; SQLite with synchronous=FULL keeps every committed transaction at every cut, and
//! with synchronous=OFF the loop finds one lost; git's classification is the same run to run; the
//! same cut gives the same tree.

mod mount_common;

use mount_common::*;

/// A saver of doc.txt inside the mount: `inplace` (truncate and write, no fsync), `rename` (a temporary
/// file renamed over it, the directory fsynced but not the file) or `safe` (the file fsynced before
/// the rename, then the directory).
const SAVER: &str = r#"
import os, sys
kind, d = sys.argv[1], os.environ['FRACTURE_MOUNT']
data = (b"new contents, longer than the old ones\n") * 300
if kind == 'inplace':
    fd = os.open(d + '/doc.txt', os.O_WRONLY | os.O_TRUNC)
    os.write(fd, data); os.close(fd)
else:
    fd = os.open(d + '/doc.txt.tmp', os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    os.write(fd, data)
    if kind == 'safe': os.fsync(fd)
    os.close(fd)
    os.rename(d + '/doc.txt.tmp', d + '/doc.txt')
    dfd = os.open(d, os.O_RDONLY); os.fsync(dfd); os.close(dfd)
"#;

/// Accepts doc.txt old or wholly new; says what it found otherwise.
const CHECK: &str = r#"
import sys
b = open(sys.argv[1] + '/doc.txt', 'rb').read()
if b == b'old contents\n' or b == b"new contents, longer than the old ones\n" * 300: sys.exit(0)
sys.exit('doc.txt is neither old nor new: empty' if not b else 'doc.txt is neither old nor new: partial')
"#;

fn loop_json(p: &Place, out: &str, args: &[&str], program: &[&str]) -> serde_json::Value {
    let all = [&["run", "--mount", "src", "--out", out, "--seed", "3", "--quiet"][..], args, &["--"], program].concat();
    let r = p.fracture(&all);
    let stderr = String::from_utf8_lossy(&r.stderr);
    assert!(matches!(r.status.code(), Some(0 | 1)), "{stderr}");
    let json = std::fs::read(p.path(&format!("{out}/campaign.json")));
    serde_json::from_slice(&json.unwrap_or_else(|e| panic!("{out}/campaign.json: {e}; stderr: {stderr}"))).unwrap()
}

fn signatures(c: &serde_json::Value) -> Vec<String> {
    c["failures"].as_array().unwrap().iter().map(|f| f["signature"].as_str().unwrap().to_string()).collect()
}

#[test]
fn savers_without_fsync_lose_the_file_and_the_safe_one_never_does() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::write(p.path("src/doc.txt"), "old contents\n").unwrap();
    std::fs::write(p.path("saver.py"), SAVER).unwrap();
    std::fs::write(p.path("check.py"), CHECK).unwrap();
    let check = format!("python3 {} {{}}", p.path("check.py").display());
    let saver = |kind: &'static str| -> Vec<String> {
        vec!["python3".into(), p.path("saver.py").display().to_string(), kind.into()]
    };
    let run = |kind: &'static str, model: &str| {
        let program = saver(kind);
        let program: Vec<&str> = program.iter().map(String::as_str).collect();
        loop_json(&p, &format!("{kind}-{model}"), &["--power-cut", model, "--check", &check], &program)
    };
    // The rename saver: the rename is durable (the directory's fsync), its data is not.
    let lost = run("rename", "lose_unsynced");
    assert_eq!(lost["durability_points"], 1);
    assert!(signatures(&lost).iter().any(|s| s.ends_with("empty")), "{lost}");
    let torn = run("rename", "torn");
    assert!(signatures(&torn).iter().any(|s| s.ends_with("partial") || s.ends_with("empty")), "{torn}");
    // In place, without fsync: a torn write leaves part of the new over the old.
    let inplace = run("inplace", "torn");
    assert_eq!(inplace["durability_points"], 0);
    assert!(signatures(&inplace).iter().any(|s| s.ends_with("partial")), "{inplace}");
    // The safe saver passes every cut point under both models.
    for model in ["lose_unsynced", "torn", "reorder"] {
        let safe = run("safe", model);
        assert_eq!(safe["durability_points"], 2);
        assert_eq!(
            (safe["counts"]["accepted"].as_u64(), safe["failures"].as_array().unwrap().len()),
            (Some(3), 0),
            "{model}: {safe}"
        );
    }
    assert_eq!(std::fs::read(p.path("src/doc.txt")).unwrap(), b"old contents\n", "SOURCE is never written");
    assert!(!p.path("safe-torn/trees").exists(), "trees are kept only when asked");
}

#[test]
fn sqlite_full_keeps_every_commit_and_off_loses_one() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    let sql = std::process::Command::new("sqlite3")
        .arg(p.path("src/t.db"))
        .arg("PRAGMA journal_mode=WAL; CREATE TABLE t(x);")
        .output();
    assert!(sql.expect("sqlite3").status.success());
    // The program inserts four rows, each in its own sqlite3 run, and notes each commit outside the
    // mount, in the cut's own notes directory (FRACTURE_NOTES: the cuts run side by side, so a log
    // they shared would mix them); the checker wants the database whole and every noted commit in it.
    let program = ": > \"$FRACTURE_NOTES/committed\"; for i in 1 2 3 4; do sqlite3 \"$FRACTURE_MOUNT/t.db\" \"PRAGMA synchronous=$SYNC; INSERT INTO t VALUES($i);\" > /dev/null || exit 1; echo $i >> \"$FRACTURE_NOTES/committed\"; done";
    let check = "[ \"$(sqlite3 {}/t.db 'PRAGMA integrity_check')\" = ok ] || { echo 'integrity_check failed' >&2; exit 1; }; for i in $(cat \"$FRACTURE_NOTES/committed\" 2>/dev/null); do [ \"$(sqlite3 {}/t.db \"SELECT count(*) FROM t WHERE x=$i\")\" = 1 ] || { echo \"committed transaction $i is missing\" >&2; exit 1; }; done";
    for (sync, loses) in [("FULL", false), ("OFF", true)] {
        let script = format!("SYNC={sync}; {program}");
        let c = loop_json(
            &p,
            &format!("sqlite-{sync}"),
            &["--power-cut", "lose_unsynced", "--check", check],
            &["sh", "-c", &script],
        );
        if loses {
            assert_eq!(c["durability_points"], 0, "synchronous=OFF never fsyncs");
            assert!(signatures(&c).iter().any(|s| s.contains("committed transaction N is missing")), "{c}");
            // The failure's two replay commands, run as summary.md gives them, lose the commit again.
            let replay = &c["failures"][0]["replay"];
            let dir = p.path("replay");
            for d in ["TREE", "MNT", "NOTES"] {
                std::fs::create_dir_all(dir.join(d)).unwrap();
            }
            let path =
                format!("{}:{}", std::path::Path::new(BIN).parent().unwrap().display(), std::env::var("PATH").unwrap());
            let sh = |command: &str| {
                std::process::Command::new("sh")
                    .args(["-c", command])
                    .current_dir(&dir)
                    .env("PATH", &path)
                    .output()
                    .unwrap()
            };
            let cut = sh(replay[0].as_str().unwrap());
            assert!(cut.status.success(), "{replay}: {}", String::from_utf8_lossy(&cut.stderr));
            assert_eq!(std::fs::read_to_string(dir.join("NOTES/committed")).unwrap(), "1\n2\n3\n4\n");
            let check = sh(replay[1].as_str().unwrap());
            assert_eq!(check.status.code(), Some(1), "{replay}");
            assert!(String::from_utf8_lossy(&check.stderr).contains("committed transaction 1 is missing"), "{replay}");
        } else {
            assert!(c["durability_points"].as_u64().unwrap() >= 4, "{c}");
            assert_eq!(c["failures"].as_array().unwrap().len(), 0, "{c}");
            assert_eq!(c["counts"]["accepted"], c["planned"]);
        }
    }
}

#[test]
fn git_is_classified_the_same_run_to_run() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    let git = |args: &[&str], dir: &std::path::Path| {
        let out = std::process::Command::new("git")
            .args(args)
            .current_dir(dir)
            .env("GIT_CONFIG_NOSYSTEM", "1")
            .output()
            .unwrap();
        assert!(out.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&out.stderr));
    };
    git(&["init", "-q", "repo"], &p.src());
    let repo = p.path("src/repo");
    std::fs::write(repo.join("a"), "a\n").unwrap();
    git(&["-c", "user.email=t@t", "-c", "user.name=t", "add", "a"], &repo);
    git(&["-c", "user.email=t@t", "-c", "user.name=t", "commit", "-qm", "one"], &repo);
    let program = "cd \"$FRACTURE_MOUNT/repo\" && echo b > b && git add b && GIT_AUTHOR_DATE=@0 GIT_COMMITTER_DATE=@0 git -c user.email=t@t -c user.name=t -c core.fsync=all commit -qm two";
    let check = "cd {}/repo && git fsck --full";
    let once = |out: &str| {
        let c = loop_json(&p, out, &["--power-cut", "lose_unsynced", "--check", check], &["sh", "-c", program]);
        let runs = std::fs::read_to_string(p.path(&format!("{out}/runs.jsonl"))).unwrap();
        runs.lines()
            .map(|l| {
                let v: serde_json::Value = serde_json::from_str(l).unwrap();
                // Git's index holds file times, so the trees' hashes differ run to run; what is
                // durable at each cut, and so the checker's verdict, does not.
                format!("{} {}", v["cut"], v["outcome"])
            })
            .chain([c["durability_points"].to_string()])
            .collect::<Vec<_>>()
    };
    let (a, b) = (once("git-1"), once("git-2"));
    assert!(a.len() >= 2, "{a:?}");
    assert_eq!(a, b);
}

#[test]
fn the_same_cut_gives_the_same_tree_and_bad_input_one_line() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::write(p.path("src/doc.txt"), "old contents\n").unwrap();
    std::fs::write(p.path("saver.py"), SAVER).unwrap();
    let cut = |up: &str, seed: &str| {
        let log = format!("{up}.log");
        let args = [
            "mount",
            "src",
            "mnt",
            "--seed",
            seed,
            "--power-cut",
            "torn",
            "--sector",
            "512",
            "--power-cut-at",
            "end",
            "--upper",
            up,
            "--log",
            &log,
        ];
        let saver = p.path("saver.py").display().to_string();
        let all = [&args[..], &["--", "python3", &saver, "rename"]].concat();
        let out = p.fracture(&all);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let line = String::from_utf8_lossy(&out.stderr).into_owned();
        line.rsplit("sha256 ").next().unwrap().trim().to_string()
    };
    let (a, b) = (cut("up1", "9"), cut("up2", "9"));
    assert_eq!(a.len(), 64);
    assert_eq!(a, b, "the same run, model, seed and cut point: the same tree");
    assert_eq!(std::fs::read(p.path("up1/doc.txt")).unwrap(), std::fs::read(p.path("up2/doc.txt")).unwrap());
    let cuts: Vec<_> = log_lines(&p.path("up1.log")).into_iter().filter(|l| l["event"] == "cut").collect();
    assert_eq!(cuts[0]["tree_sha256"].as_str(), Some(a.as_str()));
    // Bad input: one line each, nothing mounted.
    let cases: [(&[&str], &str); 4] = [
        (&["mount", "src", "mnt", "--power-cut", "melt"], "Unknown power-cut model: melt"),
        (&["mount", "src", "mnt", "--power-cut-at", "3"], "--power-cut-at needs --power-cut MODEL"),
        (&["run", "--mount", "src", "--power-cut", "torn", "--", "true"], "--power-cut needs --check CHECKER"),
        (&["mount", "src", "mnt", "--power-cut", "torn", "--sector", "1000"], "--sector is 512 or 4096, got 1000"),
    ];
    for (args, want) in cases {
        let out = p.fracture(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            String::from_utf8_lossy(&out.stderr).contains(want),
            "{args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // A cut asked for past the program's end, and a checker that cannot run.
    let late = p.fracture(&["mount", "src", "mnt", "--power-cut", "torn", "--power-cut-at", "99", "--", "true"]);
    assert_eq!(late.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&late.stderr).contains("no power cut: the program ended before durability point 99")
    );
    let missing = p.fracture(&[
        "run",
        "--mount",
        "src",
        "--power-cut",
        "torn",
        "--check",
        "no-such-checker {}",
        "--out",
        "c",
        "--",
        "true",
    ]);
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr)
        .contains("the checker does not accept SOURCE as it is (rejected, exit 127"));
    // A writable shared mmap is said in the log.
    let mapper = "import mmap, os; f = open(os.environ['FRACTURE_MOUNT'] + '/doc.txt', 'r+b'); m = mmap.mmap(f.fileno(), 0); m[0:3] = b'OLD'; m.flush(); m.close()";
    let out =
        p.fracture(&["mount", "src", "mnt", "--power-cut", "torn", "--log", "mmap.log", "--", "python3", "-c", mapper]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(log_lines(&p.path("mmap.log")).iter().any(|l| l["event"] == "mmap" && l["path"] == "doc.txt"));
    assert_eq!(std::fs::read(p.path("src/doc.txt")).unwrap(), b"old contents\n");
    assert_no_mount(&p.mnt());
}
