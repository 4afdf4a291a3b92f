//! `fracture diagnose` on bad input and its repair, as users meet them: the binary as a subprocess.
//! An empty file, a directory, a FIFO, a missing FILE, an original of another length: one clear
//! line, never a crash; nothing is written unless --repair is given, and the repair never lands on
//! an input (same name, symlink, hard link) and is written through a temporary file.

use std::path::Path;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_fracture");
const PNG_SIGNATURE: &[u8] = b"\x89PNG\r\n\x1a\n";

fn diagnose(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN).arg("diagnose").args(args).current_dir(dir).stdin(Stdio::null()).output().unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// The names in `dir`, sorted: nothing may appear that was not asked for.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> =
        std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    names.sort();
    names
}

/// A small PNG: the signature, IHDR, an IDAT of `data`, IEND, with their CRC-32s (Python's zlib).
fn png(dir: &Path, name: &str) -> Vec<u8> {
    let script = format!(
        "import zlib,struct\nraw=b''.join(b'\\x00'+bytes((x*7+y*13)%256 for x in range(96)) for y in range(64))\n\
         def chunk(t,d): return struct.pack('>I',len(d))+t+d+struct.pack('>I',zlib.crc32(t+d))\n\
         open('{name}','wb').write(b'\\x89PNG\\r\\n\\x1a\\n'+chunk(b'IHDR',struct.pack('>IIBBBBB',32,64,8,2,0,0,0))+chunk(b'IDAT',zlib.compress(raw,9))+chunk(b'IEND',b''))"
    );
    let out = Command::new("python3").args(["-c", &script]).current_dir(dir).output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    std::fs::read(dir.join(name)).unwrap()
}

#[test]
fn bad_input_gets_one_clear_line() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    std::fs::write(d.join("empty.bin"), b"").unwrap();
    std::fs::create_dir(d.join("folder")).unwrap();
    let fifo = d.join("pipe");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    let before = listing(d);
    let cases: [(&[&str], i32, &str); 6] = [
        (&["empty.bin"], 1, "fracture: diagnose: empty.bin is empty: there is nothing to diagnose\n"),
        (&["folder"], 2, "fracture: folder is a directory, not a regular file (see fracture diagnose --help)\n"),
        (&["pipe"], 2, "fracture: pipe is a FIFO, not a regular file (see fracture diagnose --help)\n"),
        (&[], 2, "fracture: diagnose needs one FILE (see fracture diagnose --help)\n"),
        (&["missing.png"], 1, "fracture: diagnose: missing.png: no such file\n"),
        (&["--bogus", "x"], 2, "fracture: unknown option --bogus (see fracture diagnose --help)\n"),
    ];
    for (args, code, line) in cases {
        let out = diagnose(d, args);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), line, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    assert_eq!(listing(d), before, "diagnose wrote something");
}

#[test]
fn an_original_of_another_length_is_compared_aligned() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let data = png(d, "a.png");
    std::fs::write(d.join("short.png"), &data[..data.len() - 100]).unwrap();
    let out = diagnose(d, &["--original", "a.png", "short.png"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("Every difference is a cut: the last 100 bytes are missing. The original is"), "{text}");
    // Against an unrelated file of another length: unknown, said once, never a crash.
    std::fs::write(d.join("other.bin"), vec![7u8; 3000]).unwrap();
    let out = diagnose(d, &["--json", "--original", "other.bin", "a.png"]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["explained"], false);
    assert!(v["unknown"]["evidence"][0].as_str().unwrap().contains("no known damage explains"), "{v}");
}

#[test]
fn the_repair_undoes_what_can_be_undone_and_lands_on_no_input() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let data = png(d, "a.png");
    // A byte order mark an editor put in front, and a signature byte damaged: both reversible.
    let mut bom = b"\xEF\xBB\xBF".to_vec();
    bom.extend_from_slice(&data);
    std::fs::write(d.join("bom.png"), &bom).unwrap();
    let mut sig = data.clone();
    sig[3] = b'F';
    std::fs::write(d.join("sig.png"), &sig).unwrap();
    for (damaged, cause) in [("bom.png", "bom_added"), ("sig.png", "signature_damaged")] {
        let out = diagnose(d, &["--json", damaged, "--repair", "fixed.png"]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(v["causes"][0]["cause"], cause, "{v}");
        assert_eq!(std::fs::read(d.join("fixed.png")).unwrap(), data, "{damaged}");
        assert!(stderr(&out).starts_with("fracture: diagnose: wrote fixed.png ("), "{}", stderr(&out));
        std::fs::remove_file(d.join("fixed.png")).unwrap();
    }
    assert_eq!(&data[..8], PNG_SIGNATURE);
    // Never onto an input: the same name, a symlink to it, a hard link to it, the original.
    std::os::unix::fs::symlink("bom.png", d.join("link.png")).unwrap();
    std::fs::hard_link(d.join("bom.png"), d.join("hard.png")).unwrap();
    for out_name in ["bom.png", "link.png", "hard.png", "a.png"] {
        let out = diagnose(d, &["bom.png", "--original", "a.png", "--repair", out_name]);
        assert_eq!(out.status.code(), Some(2), "{out_name}");
        assert!(stderr(&out).contains("is the input"), "{out_name}: {}", stderr(&out));
        assert_eq!(std::fs::read(d.join("bom.png")).unwrap(), bom);
        assert_eq!(std::fs::read(d.join("a.png")).unwrap(), data);
    }
    // Nothing reversible: said in one line, nothing written, no temporary file left.
    let before = listing(d);
    std::fs::write(d.join("cut.png"), &data[..data.len() / 2]).unwrap();
    let out = diagnose(d, &["cut.png", "--repair", "fixed.png"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("nothing to repair: no damage found in cut.png can be undone"), "{}", stderr(&out));
    let mut after = listing(d);
    after.retain(|n| n != "cut.png");
    assert_eq!(after, before);
}

/// A 4 GiB file (sparse: a PNG signature, then zeros) is read in pieces: memory stays small.
#[test]
fn a_4_gib_file_is_diagnosed_in_bounded_memory() {
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    let f = std::fs::File::create(d.join("big.png")).unwrap();
    f.set_len(4 << 30).unwrap();
    std::os::unix::fs::FileExt::write_all_at(&f, b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR", 0).unwrap();
    let out = Command::new("/usr/bin/time")
        .args(["-f", "max RSS %M KB", BIN, "diagnose", "big.png"])
        .current_dir(d)
        .output()
        .expect("/usr/bin/time (scripts/setup.sh installs it)");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    assert!(text.starts_with("big.png: 4,294,967,296 bytes, png\n"), "{text}");
    assert!(text.contains("the png structure stops making sense at byte 33"), "{text}");
    let err = stderr(&out);
    let kb: u64 = err.trim().rsplit("max RSS ").next().unwrap().trim_end_matches(" KB").parse().unwrap();
    println!("diagnose on 4 GiB: max RSS {kb} KB");
    assert!(kb < 64 << 10, "{err}");
    assert_eq!(listing(d), ["big.png"]);
}
