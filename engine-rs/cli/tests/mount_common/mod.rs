//! What the mount tests share: the built binary, whether FUSE is here, fixtures made by real tools,
//! and the offline bytes a mount must show.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

pub const BIN: &str = env!("CARGO_BIN_EXE_fracture");

/// None when FUSE works here; else why the test is skipped. With FRACTURE_REQUIRE_FUSE=1 (set by
/// scripts/test.sh where it runs as root with /dev/fuse) a missing FUSE fails the test instead.
pub fn fuse_missing() -> Option<String> {
    let why = if !Path::new("/dev/fuse").exists() {
        Some("no /dev/fuse".to_string())
    } else if Command::new("fusermount3").arg("-V").output().is_err() {
        Some("no fusermount3 (scripts/setup.sh installs fuse3)".to_string())
    } else {
        None
    };
    if let Some(w) = &why {
        assert!(std::env::var_os("FRACTURE_REQUIRE_FUSE").is_none(), "FUSE is required here: {w}");
        eprintln!("skipped: {w}");
    }
    why
}

/// A test's directory: `src/` (SOURCE) and `mnt/` (an empty mount point).
pub struct Place {
    pub dir: tempfile::TempDir,
}

impl Place {
    pub fn new() -> Place {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("src")).unwrap();
        std::fs::create_dir(dir.path().join("mnt")).unwrap();
        std::fs::create_dir(dir.path().join("tmp")).unwrap();
        Place { dir }
    }

    pub fn path(&self, rel: &str) -> PathBuf {
        self.dir.path().join(rel)
    }

    pub fn src(&self) -> PathBuf {
        self.path("src")
    }

    pub fn mnt(&self) -> PathBuf {
        self.path("mnt")
    }

    /// `fracture ARGS` in this directory, with a temporary directory of its own (TMPDIR), so a test
    /// can see that nothing is left there.
    pub fn fracture(&self, args: &[&str]) -> Output {
        self.command(args).stdin(Stdio::null()).output().unwrap()
    }

    pub fn command(&self, args: &[&str]) -> Command {
        let mut c = Command::new(BIN);
        c.args(args).current_dir(self.dir.path()).env("TMPDIR", self.path("tmp")).env_remove("XDG_RUNTIME_DIR");
        c
    }

    /// What is left in the temporary directory.
    pub fn leftovers(&self) -> Vec<String> {
        let read = std::fs::read_dir(self.path("tmp")).unwrap();
        read.map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect()
    }

    /// `fracture mount ARGS... -- sh -c SCRIPT` (the mount's path is $FRACTURE_MOUNT).
    pub fn mounted(&self, source: &str, args: &[&str], script: &str) -> Output {
        let mut all = vec!["mount", source, "mnt"];
        all.extend_from_slice(args);
        all.extend(["--", "sh", "-c", script]);
        let out = self.fracture(&all);
        assert_no_mount(&self.mnt());
        out
    }
}

pub fn ok(out: &Output) -> String {
    assert!(out.status.success(), "exit {:?}: {}", out.status.code(), String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// No Fracture mount is left anywhere, nor at `mnt`.
pub fn assert_no_mount(mnt: &Path) {
    let mounts = std::fs::read_to_string("/proc/self/mounts").unwrap();
    let mnt = std::fs::canonicalize(mnt).unwrap_or(mnt.to_path_buf());
    assert!(
        !mounts.lines().any(|l| l.contains("fuse.fracture") && l.split(' ').nth(1) == mnt.to_str()),
        "a mount is left at {}",
        mnt.display()
    );
}

/// A PNG made by ImageMagick.
pub fn png(at: &Path, size: &str) {
    let out = Command::new("convert")
        .args(["-size", size, "gradient:#204080-#f0c020", "-depth", "8"])
        .arg(at)
        .output()
        .expect("convert (ImageMagick; scripts/setup.sh installs it)");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
}

/// `n` bytes from a xorshift generator (no format: every mode acts on every byte).
pub fn noise(n: usize, mut x: u32) -> Vec<u8> {
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x as u8
        })
        .collect()
}

/// The bytes `fracture ARGS FILE` writes for `file` (its name kept, as a copy's would be).
pub fn offline(file: &Path, args: &[&str]) -> Vec<u8> {
    let out_dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN).args(args).args(["--quiet", "--out"]).arg(out_dir.path()).arg(file).output().unwrap();
    ok(&out);
    let entry = std::fs::read_dir(out_dir.path()).unwrap().next().unwrap().unwrap();
    std::fs::read(entry.path()).unwrap()
}

pub fn sha256(bytes: &[u8]) -> String {
    let mut c = Command::new("sha256sum").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().unwrap();
    std::io::Write::write_all(c.stdin.as_mut().unwrap(), bytes).unwrap();
    let out = c.wait_with_output().unwrap();
    String::from_utf8_lossy(&out.stdout)[..64].to_string()
}

/// Every file of a tree with its bytes, for "nothing changed".
pub fn tree(root: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            let m = std::fs::symlink_metadata(&p).unwrap();
            let rel = p.strip_prefix(root).unwrap().to_string_lossy().into_owned();
            if m.is_dir() {
                stack.push(p);
                out.push((rel + "/", Vec::new()));
            } else {
                out.push((rel, std::fs::read(&p).unwrap_or_default()));
            }
        }
    }
    out.sort();
    out
}

/// The JSON lines of a log.
pub fn log_lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path).unwrap().lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}
