//! `fracture mount`'s faults as programs meet them: the Nth read fails every time, Python sees short
//! reads and a full disk, SQLite survives a failed fsync, a log replays the same faults, a test changes
//! the plan at run time, and a campaign shrinks a failure to the faults it needs (docs/mount.md).

mod mount_common;

use mount_common::*;

/// Reads FILE in 4096-byte reads; prints `N:errno` for each failed read and `N:shortK` for each
/// short one (the last, at the end of the file, aside).
const READER: &str = r#"
import os, sys
fd = os.open(sys.argv[1], os.O_RDONLY)
size = os.fstat(fd).st_size
events, i, done = [], 0, 0
while done < size:
    i += 1
    try:
        b = os.read(fd, 4096)
    except OSError as e:
        events.append(f"{i}:{e.errno}")
        os.lseek(fd, done + 4096, os.SEEK_SET); done += 4096
        continue
    if not b: break
    if len(b) < min(4096, size - done): events.append(f"{i}:short{len(b)}")
    done += len(b)
print(" ".join(events) or "clean")
"#;

fn reader(p: &Place) -> String {
    let path = p.path("reader.py");
    std::fs::write(&path, READER).unwrap();
    format!("python3 {} $FRACTURE_MOUNT/data.db", path.display())
}

#[test]
fn the_fifth_read_fails_in_every_run_and_short_reads_reach_python() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::write(p.path("src/data.db"), noise(100_000, 3)).unwrap();
    for run in 0..3 {
        let out = p.mounted("src", &["--fault", "read:*.db:nth=5:EIO"], &reader(&p));
        assert_eq!(ok(&out).trim(), "5:5", "run {run}");
    }
    let out =
        p.mounted("src", &["--fault", "read:*.db:nth=3:short=100", "--fault", "read:*.db:nth=7:short"], &reader(&p));
    assert_eq!(ok(&out).trim(), "3:short100 7:short2048");
    // A rule for other files leaves these reads alone.
    assert_eq!(ok(&p.mounted("src", &["--fault", "read:*.txt:nth=1:EIO"], &reader(&p))).trim(), "clean");
}

#[test]
fn a_disk_fills_and_fsync_fails_or_drops() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    let script = r#"
import os
mnt = os.environ['FRACTURE_MOUNT']
fd = os.open(mnt + '/w.bin', os.O_WRONLY | os.O_CREAT, 0o644)
res = []
for i in range(4):
    try: res.append(str(os.write(fd, b'x' * 4000)))
    except OSError as e: res.append('e%d' % e.errno)
print(' '.join(res))
fd = os.open(mnt + '/s.txt', os.O_RDWR | os.O_CREAT, 0o644)
os.write(fd, b'durable'); os.fsync(fd)
os.write(fd, b' lost')
try: os.fsync(fd); print('fsync ok')
except OSError as e: print('fsync e%d' % e.errno)
os.fsync(fd); print('then ok')
os.lseek(fd, 0, os.SEEK_SET); print(os.read(fd, 100).decode())
"#;
    std::fs::write(p.path("w.py"), script).unwrap();
    let rules = ["--fault", "write:w.bin:after=10000:ENOSPC", "--fault", "fsync:s.txt:nth=2:drop", "--upper", "up"];
    let out = ok(&p.mounted("src", &rules, &format!("python3 {}", p.path("w.py").display())));
    assert_eq!(out, "4000 4000 2000 e28\nfsync e5\nthen ok\ndurable\n");
    assert_eq!(std::fs::read(p.path("up/s.txt")).unwrap(), b"durable", "the dropped write is gone from the disk too");
    assert_eq!(std::fs::metadata(p.path("up/w.bin")).unwrap().len(), 10000);
}

#[test]
fn sqlite_after_a_failed_fsync_is_old_or_new_and_whole() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    let sql = |db: &str, q: &str| std::process::Command::new("sqlite3").arg(db).arg(q).output().expect("sqlite3");
    ok(&sql(p.path("src/t.db").to_str().unwrap(), "CREATE TABLE t(x); INSERT INTO t VALUES (1),(2),(3);"));
    let before = sha256(&std::fs::read(p.path("src/t.db")).unwrap());
    // Each transaction syncs the rollback journal twice (fdatasync, which fsync rules cover), so the
    // journal's third sync is in the second transaction.
    let insert =
        "sqlite3 $FRACTURE_MOUNT/t.db 'INSERT INTO t SELECT x + 10 FROM t;' 'INSERT INTO t SELECT x + 100 FROM t;'";
    let out = p.mounted("src", &["--fault", "fsync:*:nth=3:EIO", "--upper", "up", "--log", "f.log"], insert);
    assert!(!out.status.success(), "sqlite3 reports the failed fsync");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("disk I/O error"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let faults: Vec<_> = log_lines(&p.path("f.log")).into_iter().filter(|l| l["event"] == "fault").collect();
    assert_eq!(faults.len(), 1);
    assert_eq!(faults[0]["path"], "t.db-journal");
    assert_eq!((faults[0]["op"].as_str(), faults[0]["seq"].as_u64()), (Some("fdatasync"), Some(3)));
    // The upper directory, mounted again over SOURCE without faults: whole, and old or new.
    let check = "sqlite3 $FRACTURE_MOUNT/t.db 'PRAGMA integrity_check; SELECT count(*) FROM t;'";
    let after = ok(&p.mounted("src", &["--upper", "up"], check));
    assert!(after == "ok\n6\n" || after == "ok\n12\n", "the first transaction, or both: {after}");
    assert_eq!(sha256(&std::fs::read(p.path("src/t.db")).unwrap()), before, "SOURCE is never written");
}

#[test]
fn a_log_replays_the_same_faults() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::write(p.path("src/data.db"), noise(200_000, 9)).unwrap();
    let rules = ["--seed", "21", "--fault", "read:*:p=0.2:EIO", "--fault", "open:*:p=0.5:delay=1"];
    let first = ok(&p.mounted("src", &[&rules[..], &["--log", "one.log"]].concat(), &reader(&p)));
    assert_ne!(first.trim(), "clean", "p=0.2 over 49 reads injects some");
    let again = ok(&p.mounted("src", &[&rules[..], &["--log", "two.log"]].concat(), &reader(&p)));
    assert_eq!(first, again, "the same seed and operations give the same faults");
    let replayed = ok(&p.mounted("src", &["--replay", "one.log", "--log", "three.log"], &reader(&p)));
    assert_eq!(first, replayed);
    let keys = |f: &str| -> Vec<(String, String, u64)> {
        log_lines(&p.path(f))
            .into_iter()
            .filter(|l| l["event"] == "fault")
            .map(|l| (l["op"].as_str().unwrap().into(), l["path"].as_str().unwrap().into(), l["seq"].as_u64().unwrap()))
            .collect()
    };
    assert_eq!(keys("one.log"), keys("three.log"));
    let other = ok(&p.mounted("src", &["--seed", "22", "--fault", "read:*:p=0.2:EIO"], &reader(&p)));
    assert_ne!(first, other, "another seed, other faults");
}

#[test]
fn the_control_socket_changes_the_plan_while_mounted() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::write(p.path("src/data.db"), noise(50_000, 1)).unwrap();
    std::fs::write(p.path("plan.toml"), "[[fault]]\nop = \"read\"\npath = \"*.db\"\nnth = 2\neffect = \"EIO\"\n")
        .unwrap();
    let script = format!(
        "{} && {BIN} ctl \"$FRACTURE_MOUNT\" faults {} && {} && {BIN} ctl \"$FRACTURE_MOUNT\" log | grep -c '\"event\":\"plan\"'",
        reader(&p),
        p.path("plan.toml").display(),
        reader(&p)
    );
    assert_eq!(ok(&p.mounted("src", &[], &script)), "clean\n2:5\n1\n");
    std::fs::write(p.path("bad.toml"), "[[fault]]\nop = \"read\"\nnth = 1\neffect = \"EBOGUS\"\n").unwrap();
    let script = format!("{BIN} ctl \"$FRACTURE_MOUNT\" faults {}", p.path("bad.toml").display());
    let out = p.mounted("src", &[], &script);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("PLAN:1: unknown effect \"EBOGUS\""));
}

#[test]
fn an_unreadable_source_file_fails_its_reads_and_the_mount_goes_on() {
    if fuse_missing().is_some() {
        return;
    }
    // SOURCE is itself a Fracture mount whose secret.txt cannot be opened (root reads every file
    // otherwise).
    let p = Place::new();
    std::fs::write(p.path("src/secret.txt"), "s").unwrap();
    std::fs::write(p.path("src/open.txt"), "o").unwrap();
    std::fs::create_dir(p.path("outer")).unwrap();
    let inner = format!(
        "{BIN} mount \"$FRACTURE_MOUNT\" {} --log {} -- sh -c 'cat $FRACTURE_MOUNT/secret.txt; echo \" $?\"; cat $FRACTURE_MOUNT/open.txt'",
        p.path("outer").display(),
        p.path("outer.log").display()
    );
    let out = ok(&p.mounted("src", &["--fault", "open:secret.txt:p=1:EACCES"], &inner));
    assert_eq!(out, " 1\no");
    let errors: Vec<_> = log_lines(&p.path("outer.log")).into_iter().filter(|l| l["event"] == "error").collect();
    assert!(errors.iter().any(|e| e["path"] == "secret.txt" && e["why"] == "permission denied"), "{errors:?}");
    assert_no_mount(&p.path("outer"));
}

#[test]
fn a_campaign_shrinks_each_failure_to_the_faults_it_needs() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::write(p.path("src/a.txt"), "needed\n").unwrap();
    std::fs::write(p.path("src/b.txt"), "noise\n".repeat(400_000)).unwrap();
    // gzip fails (exit 1, counted a crash here) when a read of a.txt fails; the delays on b.txt are
    // noise the shrinking must drop.
    let args = [
        "run",
        "--mount",
        "src",
        "--seed",
        "1",
        "--count",
        "4",
        "--crash-exit",
        "1",
        "--out",
        "camp",
        "--timeout",
        "20",
        "--fault",
        "read:a.txt:nth=1:EIO",
        "--fault",
        "read:b.txt:p=0.5:delay=1",
        "--",
        "sh",
        "-c",
        "cat {}/b.txt > /dev/null; gzip -c {}/a.txt > /dev/null",
    ];
    let out = p.fracture(&args);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let c: serde_json::Value = serde_json::from_slice(&std::fs::read(p.path("camp/campaign.json")).unwrap()).unwrap();
    assert_eq!(c["counts"]["crashed"], 4);
    let crash = &c["crashes"][0];
    assert!(crash["faults"].as_u64().unwrap() > 1, "{crash}");
    assert_eq!(crash["minimized_faults"], 1);
    let kept: Vec<_> = log_lines(&p.path(&format!("camp/{}", crash["minimized"].as_str().unwrap())))
        .into_iter()
        .filter(|l| l["event"] == "fault")
        .collect();
    assert_eq!((kept[0]["path"].as_str(), kept[0]["op"].as_str()), (Some("a.txt"), Some("read")));
    // The replay the summary prints fails the same way.
    let replay = crash["replay"].as_str().unwrap().replace("MNT", "../mnt").replacen("fracture", BIN, 1);
    let again = std::process::Command::new("sh").arg("-c").arg(&replay).current_dir(p.path("camp")).output().unwrap();
    assert_eq!(again.status.code(), Some(1));
    assert_no_mount(&p.mnt());
}
