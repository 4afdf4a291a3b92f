//! `--member` as users meet it (docs/contract.md, section 6.11): the built binary as a subprocess on
//! ZIP, ZIP64 and tar archives made by Python's zipfile and tarfile; the archive must pass `unzip -t`
//! (or Python's tarfile), and each corrupted member must extract to exactly what `fracture` makes of
//! the member's bytes as a file of its own, with seed + its match index.

use std::path::Path;
use std::process::{Command, Output, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_fracture");

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(BIN).args(args).current_dir(dir).stdin(Stdio::null()).output().unwrap()
}

fn python(dir: &Path, script: &str) -> Vec<u8> {
    let out = Command::new("python3").args(["-c", script]).current_dir(dir).output().expect("python3");
    assert!(out.status.success(), "python: {}", String::from_utf8_lossy(&out.stderr));
    out.stdout
}

/// What `fracture` writes for `bytes` as a standalone file called `name` with these arguments.
fn standalone(dir: &Path, name: &str, bytes: &[u8], args: &[&str]) -> Vec<u8> {
    let own = dir.join("own");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(own.join(name), bytes).unwrap();
    let mut all = args.to_vec();
    all.extend(["--quiet", "--out", "out", name]);
    let out = run(&own, &all);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let (base, ext) = name.rsplit_once('.').unwrap();
    let result = std::fs::read(own.join("out").join(format!("{base}_corrupted.{ext}"))).unwrap();
    std::fs::remove_dir_all(&own).unwrap();
    result
}

fn report(out: &Output) -> Value {
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(out.stdout.split(|&b| b == b'\n').next().unwrap()).unwrap()
}

fn unzip_t(path: &Path) {
    let out = Command::new("unzip").arg("-t").arg(path).output().expect("unzip (scripts/setup.sh installs it)");
    assert!(out.status.success(), "unzip -t: {}", String::from_utf8_lossy(&out.stdout));
}

fn unzip_p(path: &Path, member: &str) -> Vec<u8> {
    let out = Command::new("unzip").arg("-p").arg(path).arg(member).output().unwrap();
    assert!(out.status.success());
    out.stdout
}

/// Every member of a ZIP made by zipfile (`zip64`: every entry with ZIP64 fields), corrupted by glob.
fn zip_case(zip64: bool, mode: &str) {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let force = if zip64 { "True" } else { "False" };
    python(
        d,
        &format!(
            r#"
import zipfile
members = [("mimetype", b"application/epub+zip", zipfile.ZIP_STORED),
           ("word/document.xml", b"<w:document>" + b"hello world " * 300 + b"</w:document>", zipfile.ZIP_DEFLATED),
           ("word/media/pic.bin", bytes(range(256)) * 20, zipfile.ZIP_STORED),
           ("word/styles.xml", b"<styles>" + b"abc" * 400 + b"</styles>", zipfile.ZIP_DEFLATED),
           ("docProps/app.xml", b"<app/>", zipfile.ZIP_DEFLATED)]
with zipfile.ZipFile("in.zip", "w") as z:
    for name, data, method in members:
        info = zipfile.ZipInfo(name)
        info.compress_type = method
        with z.open(info, "w", force_zip64={force}) as f:
            f.write(data)
"#
        ),
    );
    let original = std::fs::read(d.join("in.zip")).unwrap();
    let out = run(d, &["--member", "word/*.xml", "--mode", mode, "--seed", "41", "--json", "--out", "out", "in.zip"]);
    let r = report(&out);
    let result = d.join("out/in_corrupted.zip");
    unzip_t(&result);
    let members = r["member"]["members"].as_array().unwrap();
    assert_eq!(r["member"]["glob"], "word/*.xml");
    assert_eq!(r["member"]["members_total"], 5);
    assert_eq!(members.len(), 2);
    assert_eq!(r["strategy"], "member");
    assert!(r["replay"].as_str().unwrap().contains("--member 'word/*.xml'"), "{}", r["replay"]);
    for (k, (name, base)) in
        [("word/document.xml", "document.xml"), ("word/styles.xml", "styles.xml")].iter().enumerate()
    {
        let before = python(
            d,
            &format!("import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile('in.zip').read('{name}'))"),
        );
        let seed = (41 + k).to_string();
        let expected = standalone(d, base, &before, &["--mode", mode, "--seed", &seed]);
        assert_ne!(expected, before, "{name}: the standalone run changed nothing");
        assert_eq!(unzip_p(&result, name), expected, "{name}");
        assert_eq!(members[k]["name"], *name);
        assert_eq!(members[k]["seed"], 41 + k as u64);
        assert_eq!(members[k]["result_size"], expected.len() as u64);
    }
    // The others extract as they were, and their local records are in the output byte for byte.
    let out_bytes = std::fs::read(&result).unwrap();
    for name in ["mimetype", "word/media/pic.bin", "docProps/app.xml"] {
        let record = python(
            d,
            &format!(
                r#"
import sys, zipfile, struct
z = zipfile.ZipFile("in.zip"); i = z.getinfo("{name}"); raw = open("in.zip", "rb").read()
o = i.header_offset; n, x = struct.unpack("<HH", raw[o + 26:o + 30])
sys.stdout.buffer.write(raw[o:o + 30 + n + x + i.compress_size])
"#
            ),
        );
        assert!(out_bytes.windows(record.len()).any(|w| w == record), "{name}: local record not copied");
        assert_eq!(
            unzip_p(&result, name),
            python(
                d,
                &format!("import sys, zipfile; sys.stdout.buffer.write(zipfile.ZipFile('in.zip').read('{name}'))")
            )
        );
    }
    assert_eq!(std::fs::read(d.join("in.zip")).unwrap(), original, "the input changed");
}

#[test]
fn zip_members_are_corrupted_as_files_and_the_archive_stays_valid() {
    zip_case(false, "byte_flip");
    zip_case(false, "truncate_insert");
}

#[test]
fn zip64_members_are_corrupted_and_the_archive_stays_valid() {
    zip_case(true, "bit_rot");
    zip_case(true, "interrupted_transfer");
}

#[test]
fn tar_members_change_in_place_with_their_headers_rewritten() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    python(
        d,
        r#"
import tarfile, io
with tarfile.open("in.tar", "w", format=tarfile.GNU_FORMAT) as t:
    for name, data in [("notes/a.txt", b"alpha " * 300), ("notes/" + "long" * 40 + ".txt", b"beta " * 100), ("img.bin", bytes(range(256)) * 9)]:
        info = tarfile.TarInfo(name); info.size = len(data); t.addfile(info, io.BytesIO(data))
"#,
    );
    for mode in ["byte_flip", "truncate_insert"] {
        let out =
            run(d, &["--member", "notes/*.txt", "--mode", mode, "--seed", "9", "--json", "--out", "out", "in.tar"]);
        let r = report(&out);
        assert_eq!(r["member"]["archive"], "tar");
        let names = ["notes/a.txt".to_string(), format!("notes/{}.txt", "long".repeat(40))];
        for (k, name) in names.iter().enumerate() {
            let read = |file: &str| {
                python(d, &format!("import sys, tarfile; sys.stdout.buffer.write(tarfile.open('{file}').extractfile('{name}').read())"))
            };
            let base = name.rsplit('/').next().unwrap();
            let seed = (9 + k).to_string();
            let expected = standalone(d, base, &read("in.tar"), &["--mode", mode, "--seed", &seed]);
            assert_eq!(read("out/in_corrupted.tar"), expected, "{mode} {name}");
        }
        // Every header's checksum holds: tarfile lists all three members.
        let listed = python(d, "import tarfile; print(len(tarfile.open('out/in_corrupted.tar').getmembers()))");
        assert_eq!(String::from_utf8_lossy(&listed).trim(), "3");
    }
}

#[test]
fn a_glob_that_matches_nothing_is_an_error_naming_the_members() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    python(d, "import zipfile\nwith zipfile.ZipFile('in.zip', 'w') as z:\n    [z.writestr(f'm{i}.txt', 'x') for i in range(12)]");
    let out = run(d, &["--member", "*.xml", "--seed", "1", "--out", "out", "in.zip"]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("No member matches \"*.xml\": the archive's 12 members are m0.txt, m1.txt, m2.txt, m3.txt, m4.txt, m5.txt, m6.txt, m7.txt, m8.txt, m9.txt, and 2 more"),
        "{err}"
    );
    assert!(!d.join("out/in_corrupted.zip").exists());
    std::fs::write(d.join("plain.txt"), "not an archive").unwrap();
    let out = run(d, &["--member", "*", "--seed", "1", "--out", "out", "plain.txt"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Member corruption needs a ZIP or tar archive"));
}
