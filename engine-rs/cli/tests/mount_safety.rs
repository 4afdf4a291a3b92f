//! `fracture mount` never writes SOURCE, refuses what it cannot do with one line, and leaves no
//! mount and no temporary directory however it ends: Ctrl-C, SIGTERM, SIGHUP, the command's crash, or
//! SIGKILL followed by `fracture umount` (docs/mount.md, "Safety").

mod mount_common;

use mount_common::*;
use std::process::Stdio;
use std::time::{Duration, Instant};

#[test]
fn writes_renames_and_deletions_land_above_and_source_stays() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::create_dir_all(p.path("src/d/e")).unwrap();
    std::fs::write(p.path("src/a.txt"), "a\n").unwrap();
    std::fs::write(p.path("src/d/b.txt"), "b\n").unwrap();
    std::fs::write(p.path("src/d/e/c.txt"), "c\n").unwrap();
    let before = tree(&p.src());
    let script = r#"cd "$FRACTURE_MOUNT" || exit 9
echo more >> a.txt && mv d/b.txt d/b2.txt && rm d/e/c.txt && rmdir d/e && mkdir d/e && echo new > d/e/n.txt \
 && ln -s a.txt link && ln a.txt hard && mkdir -p x/y && echo z > x/y/z && mv x/y/z x/z && rm -r x/y \
 && printf 'x' > t && truncate -s 10 t && chmod 600 t && ls -A . d d/e | tr '\n' ' ' && cat link"#;
    let out = ok(&p.mounted("src", &["--upper", "up"], script));
    assert_eq!(out, ".: a.txt d hard link t x  d: b2.txt e  d/e: n.txt a\nmore\n");
    assert_eq!(tree(&p.src()), before, "SOURCE is never written");
    // Mounted again over the kept upper directory, the tree is what the program left.
    let again = ok(&p.mounted(
        "src",
        &["--upper", "up"],
        "cd \"$FRACTURE_MOUNT\" && ls -A . d d/e x | tr '\\n' ' ' && stat -c %s t",
    ));
    assert_eq!(again, ".: a.txt d hard link t x  d: b2.txt e  d/e: n.txt  x: z 10\n");
    assert!(p.leftovers().is_empty(), "{:?}", p.leftovers());
}

#[test]
fn refusals_are_one_line_and_mount_nothing() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::write(p.path("src/f"), "f").unwrap();
    std::fs::write(p.path("full"), "").unwrap();
    std::fs::create_dir(p.path("busy")).unwrap();
    std::fs::write(p.path("busy/x"), "").unwrap();
    std::fs::write(p.path("bad.toml"), "[[fault]]\nop = \"read\"\nnth = 1\neffect = \"EIO\"\n\n[[fault]]\nop = \"scribble\"\nnth = 1\neffect = \"EIO\"\n").unwrap();
    let cases: [(&[&str], &str); 9] = [
        (&["mount", "src", "nowhere"], "nowhere: no such directory (make it first: mkdir nowhere)"),
        (&["mount", "src", "full"], "full: not a directory"),
        (&["mount", "src", "busy"], "busy: not empty (a mount would hide what it holds)"),
        (&["mount", "src", "src"], "must not be inside each other"),
        (&["mount", "missing", "mnt"], "missing: no such file"),
        (&["mount", "src", "mnt", "--faults", "bad.toml"], "bad.toml:6: unknown operation \"scribble\""),
        (&["mount", "src", "mnt", "--fault", "read:*:nth=1:EWHAT"], "unknown effect \"EWHAT\""),
        (&["mount", "src", "mnt", "--upper", "src/up"], "--upper src/up: must not be inside SOURCE"),
        (&["mount", "src", "mnt", "--replay", "x.log", "--seed", "1"], "--replay takes the seed"),
    ];
    for (args, want) in cases {
        let out = p.fracture(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(want), "{args:?}: {err}");
    }
    // A machine without fusermount3 is told what to install.
    let out = p.command(&["mount", "src", "mnt"]).env("PATH", "/nonexistent").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("apt-get install fuse3"));
    // MOUNTPOINT already a mount.
    let inner = format!("{BIN} mount src \"$FRACTURE_MOUNT\" -- true");
    let out = p.mounted("src", &[], &inner);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already a mount point"));
    assert!(std::fs::read_dir(p.mnt()).unwrap().next().is_none());
}

/// Starts `fracture mount src mnt` (no command) and waits until it is mounted.
fn start(p: &Place) -> std::process::Child {
    let child =
        p.command(&["mount", "src", "mnt", "--quiet", "--mode", "bit_rot"]).stdin(Stdio::null()).spawn().unwrap();
    let until = Instant::now() + Duration::from_secs(20);
    while !std::fs::read_to_string("/proc/self/mounts")
        .unwrap()
        .contains(p.mnt().canonicalize().unwrap().to_str().unwrap())
    {
        assert!(Instant::now() < until, "the mount never came");
        std::thread::sleep(Duration::from_millis(20));
    }
    child
}

#[test]
fn every_ending_leaves_no_mount_and_no_temporary_directory() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::write(p.path("src/f"), noise(100_000, 5)).unwrap();
    for signal in [libc::SIGINT, libc::SIGTERM, libc::SIGHUP] {
        let mut child = start(&p);
        assert_eq!(std::fs::read(p.path("mnt/f")).unwrap().len(), 100_000);
        // SAFETY: a signal to the child this test started.
        unsafe { libc::kill(child.id() as i32, signal) };
        let status = child.wait().unwrap();
        assert!(status.success(), "signal {signal}: {status:?}");
        assert_no_mount(&p.mnt());
        assert!(p.leftovers().is_empty(), "signal {signal}: {:?}", p.leftovers());
    }
    // The command's crash: its status, and nothing left.
    let out = p.mounted("src", &["--mode", "bit_rot"], "cat \"$FRACTURE_MOUNT/f\" > /dev/null; kill -SEGV $$");
    assert_eq!(out.status.code(), Some(128 + libc::SIGSEGV));
    assert!(p.leftovers().is_empty(), "{:?}", p.leftovers());
    // Killed outright: fracture umount cleans up.
    let mut child = start(&p);
    child.kill().unwrap();
    child.wait().unwrap();
    let out = p.fracture(&["umount", "mnt"]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_no_mount(&p.mnt());
    assert!(p.leftovers().is_empty(), "{:?}", p.leftovers());
    let out = p.fracture(&["umount", "mnt"]);
    assert_eq!(out.status.code(), Some(1), "nothing left to unmount");
    // umount of a live mount ends its process cleanly.
    let mut child = start(&p);
    ok(&p.fracture(&["umount", "mnt"]));
    assert!(child.wait().unwrap().success());
    assert_no_mount(&p.mnt());
    assert!(p.leftovers().is_empty(), "{:?}", p.leftovers());
}
