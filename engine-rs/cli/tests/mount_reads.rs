//! `fracture mount` reads as users meet them: real programs (dd, cat, Python, pngcheck, ImageMagick)
//! read through a mount and get exactly the bytes `fracture` writes offline for a copy of each file,
//! at any read size, from several threads, cached or with O_DIRECT (docs/mount.md).

mod mount_common;

use mount_common::*;
use std::process::Command;

/// A script that reads FILE at sizes 1, 1000, 4096 and 131072 (dd) and whole (cat) into OUT.N.
const READS: &str = r#"f=$FRACTURE_MOUNT/$1; o=$2
for bs in 1 1000 4096 131072; do dd if="$f" of="$o.$bs" bs=$bs status=none || exit 9; done
cat "$f" > "$o.cat""#;

fn read_sizes(p: &Place, source: &str, name: &str, args: &[&str]) -> Vec<Vec<u8>> {
    let script = format!("set -- '{name}' '{}'; {READS}", p.path("got").display());
    ok(&p.mounted(source, args, &script));
    ["1", "1000", "4096", "131072", "cat"].iter().map(|s| std::fs::read(p.path(&format!("got.{s}"))).unwrap()).collect()
}

#[test]
fn every_mode_reads_as_fracture_writes_at_every_read_size() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    png(&p.path("src/photo.png"), "300x200");
    std::fs::write(p.path("src/data.bin"), noise(600_000, 7)).unwrap();
    let cases: [(&str, &[&str]); 12] = [
        ("photo.png", &["--mode", "byte_flip", "--intensity", "80"]),
        ("photo.png", &["--mode", "bit_rot", "--intensity", "60", "--only", "png:IDAT/data"]),
        ("photo.png", &["--mode", "header_preserve_flip", "--only", "png:IDAT/data", "--fix-checksums"]),
        ("photo.png", &["--mode", "guaranteed_break"]),
        ("data.bin", &["--mode", "truncate_insert", "--intensity", "30"]),
        ("data.bin", &["--mode", "interrupted_transfer", "--intensity", "50"]),
        ("data.bin", &["--mode", "shuffle_blocks"]),
        ("data.bin", &["--mode", "bad_sectors", "--protect", "0:4096"]),
        // The transfer modes: two change the length (st_size is the variant's), two keep it.
        ("data.bin", &["--mode", "text_transfer", "--intensity", "70"]),
        ("data.bin", &["--mode", "charset_roundtrip"]),
        ("data.bin", &["--mode", "seven_bit", "--only", "4096:"]),
        ("data.bin", &["--mode", "misdirected_write", "--intensity", "40"]),
    ];
    for (k, (name, opts)) in cases.iter().enumerate() {
        let seed = (40 + k).to_string();
        let mut args = opts.to_vec();
        args.extend(["--seed", &seed]);
        let want = offline(&p.path(&format!("src/{name}")), &args);
        // A file SOURCE: its seed is the seed.
        for (size, got) in
            ["1", "1000", "4096", "131072", "cat"].iter().zip(read_sizes(&p, &format!("src/{name}"), name, &args))
        {
            assert!(
                got == want,
                "{name} {opts:?}: read size {size} gave other bytes ({} vs {})",
                got.len(),
                want.len()
            );
        }
    }
    assert_eq!(std::fs::read(p.path("src/data.bin")).unwrap(), noise(600_000, 7), "SOURCE is never written");
}

#[test]
fn a_directory_gives_each_file_the_seed_dry_run_prints() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::create_dir(p.path("src/deep")).unwrap();
    png(&p.path("src/deep/a.png"), "64x64");
    std::fs::write(p.path("src/b.txt"), "line one\nline two\n".repeat(500)).unwrap();
    let zip = Command::new("zip").args(["-q", "-X", "c.zip", "b.txt"]).current_dir(p.src()).output().unwrap();
    assert!(zip.status.success());
    let args = ["--seed", "99", "--mode", "bit_rot", "--intensity", "90", "--files", "*.png", "--files", "b.txt"];
    let plan = ok(&p.fracture(&[&["mount", "src", "mnt", "--dry-run"][..], &args].concat()));
    let commands: Vec<(&str, &str)> = plan.lines().filter_map(|l| l.strip_prefix("file ")?.split_once(": ")).collect();
    assert_eq!(commands.iter().map(|c| c.0).collect::<Vec<_>>(), ["b.txt", "deep/a.png"], "{plan}");
    for (file, command) in commands {
        // The printed command, run as printed (without its file), writes the bytes the mount shows.
        let words: Vec<&str> = command.split(' ').collect();
        let want = offline(&p.path(&format!("src/{file}")), &words[1..words.len() - 1]);
        let got = p.path("got");
        ok(&p.mounted("src", &args, &format!("cat \"$FRACTURE_MOUNT/{file}\" > {}", got.display())));
        assert_eq!(std::fs::read(&got).unwrap(), want, "{file}");
    }
    // A file --files does not select shows as it is.
    let got = p.path("zip");
    ok(&p.mounted("src", &args, &format!("cat $FRACTURE_MOUNT/c.zip > {}", got.display())));
    assert_eq!(std::fs::read(got).unwrap(), std::fs::read(p.path("src/c.zip")).unwrap());
}

#[test]
fn a_member_is_corrupted_inside_its_archive() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::write(p.path("src/doc.xml"), "<a>".repeat(3000) + &"</a>".repeat(3000)).unwrap();
    std::fs::write(p.path("src/keep.txt"), "kept\n".repeat(100)).unwrap();
    let zip =
        Command::new("zip").args(["-q", "-X", "-0", "arc.zip", "doc.xml", "keep.txt"]).current_dir(p.src()).output();
    assert!(zip.unwrap().status.success());
    let args = ["--seed", "5", "--member", "*.xml", "--mode", "byte_flip"];
    let want = offline(&p.path("src/arc.zip"), &args);
    let got = p.path("got.zip");
    ok(&p.mounted(
        "src/arc.zip",
        &args,
        &format!("cat $FRACTURE_MOUNT/arc.zip > {}; unzip -tq {}", got.display(), got.display()),
    ));
    assert_eq!(std::fs::read(&got).unwrap(), want);
}

#[test]
fn four_threads_and_direct_io_read_the_same_bytes() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    std::fs::write(p.path("src/big.bin"), noise(3 << 20, 11)).unwrap();
    let args = ["--seed", "3", "--mode", "byte_flip", "--intensity", "40"];
    let want = sha256(&offline(&p.path("src/big.bin"), &args));
    // Four threads read at once, each at its own size; a fifth reads with O_DIRECT into an aligned
    // buffer. Each prints the SHA-256 of what it read.
    let script = r#"
import hashlib, mmap, os, sys, threading
path = os.path.join(os.environ['FRACTURE_MOUNT'], 'big.bin')
out = {}
def read(size):
    h = hashlib.sha256()
    with open(path, 'rb', buffering=0) as f:
        while True:
            b = f.read(size)
            if not b: break
            h.update(b)
    out[size] = h.hexdigest()
threads = [threading.Thread(target=read, args=(s,)) for s in (1000, 4096, 65536, 131072)]
for t in threads: t.start()
for t in threads: t.join()
fd = os.open(path, os.O_RDONLY | os.O_DIRECT)
buf = mmap.mmap(-1, 1 << 20)
h = hashlib.sha256()
while True:
    n = os.readv(fd, [buf])
    if n == 0: break
    h.update(buf[:n])
out['direct'] = h.hexdigest()
print('\n'.join(f'{k} {v}' for k, v in sorted(out.items(), key=str)))
"#;
    std::fs::write(p.path("read.py"), script).unwrap();
    let got = ok(&p.mounted("src", &args, &format!("python3 {}", p.path("read.py").display())));
    // A directory SOURCE: the seed of big.bin is the one --dry-run prints.
    let plan = ok(&p.fracture(&[&["mount", "src", "mnt", "--dry-run"][..], &args].concat()));
    let seed = plan.split("--seed ").nth(1).unwrap().split(' ').next().unwrap().to_string();
    let mut own = args.to_vec();
    own[1] = &seed;
    let want_dir = sha256(&offline(&p.path("src/big.bin"), &own));
    assert_ne!(want, want_dir, "a file in a directory has a seed of its own");
    let lines: Vec<&str> = got.lines().collect();
    assert_eq!(lines.len(), 5, "{got}");
    for line in lines {
        assert!(line.ends_with(&want_dir), "{line}: expected {want_dir}");
    }
}

/// The report `fracture --json ARGS FILE` gives: the overall expectation and each hit's path and
/// expectation.
fn promised(p: &Place, args: &[&str], file: &str) -> (String, Vec<(String, String)>) {
    let text = ok(&p.fracture(&[&["--json", "--out", "off"][..], args, &[file]].concat()));
    let r: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    let hits = r["hits"].as_array().unwrap().iter();
    let hits = hits.map(|h| (h["path"].as_str().unwrap().to_string(), h["expect"].as_str().unwrap().to_string()));
    (r["expect_overall"].as_str().unwrap().to_string(), hits.collect())
}

#[test]
fn pngcheck_and_imagemagick_see_the_damage_the_hits_promise() {
    if fuse_missing().is_some() {
        return;
    }
    let p = Place::new();
    png(&p.path("src/photo.png"), "200x200");
    let mut clean = std::process::Command::new("sh");
    clean.arg("-c").arg("convert src/photo.png rgb:- | sha256sum").current_dir(p.dir.path());
    let clean = clean.output().unwrap().stdout;
    // The CRC alone: the hits promise a strict reader refuses it for its CRC.
    let crc = ["--seed", "12", "--mode", "byte_flip", "--only", "png:IDAT/crc"];
    let (overall, hits) = promised(&p, &crc, "src/photo.png");
    assert_eq!((overall.as_str(), hits), ("reject", vec![("png:IDAT/crc".to_string(), "reject".to_string())]));
    let out = p.mounted("src/photo.png", &crc, "pngcheck $FRACTURE_MOUNT/photo.png");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stdout).contains("CRC error in chunk IDAT"),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    // The compressed data with its CRC kept valid: the hits promise the CRC check passes (may accept)
    // and the damage reaches the decoder.
    let data = ["--seed", "12", "--mode", "bit_rot", "--intensity", "5", "--only", "png:IDAT/data", "--fix-checksums"];
    let (overall, hits) = promised(&p, &data, "src/photo.png");
    assert_eq!(overall, "may_accept");
    assert!(hits.iter().any(|(path, expect)| path == "png:IDAT/data" && expect == "may_accept"), "{hits:?}");
    let out = p.mounted(
        "src/photo.png",
        &data,
        "pngcheck $FRACTURE_MOUNT/photo.png; convert $FRACTURE_MOUNT/photo.png rgb:- | sha256sum",
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("CRC error"), "{text}");
    assert!(!text.contains(String::from_utf8_lossy(&clean).trim()), "the decoder meets the damage: {text}");
}
