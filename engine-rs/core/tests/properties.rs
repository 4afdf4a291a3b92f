//! Property test (a bounded fuzz run): arbitrary bytes, names, modes, intensities and seeds never
//! panic, and every report honours its size fields. FRACTURE_PROPERTY_CASES raises the count;
//! FRACTURE_PROPERTY_SEED replays a run (each failure prints the case's own seed).

use fracture_engine::rng::Stream;
use fracture_engine::{corrupt, extension_of, EngineError, Job, Value, MAX_SEED};

const MODES: [&str; 6] =
    ["byte_flip", "header_preserve_flip", "truncate_insert", "shuffle_blocks", "guaranteed_break", "nope"];
const MAGIC: &[&[u8]] = &[
    b"",
    b"\x89PNG\r\n\x1a\n",
    b"%PDF-1.4\n",
    b"PK\x03\x04",
    b"PK\x05\x06",
    b"\xFF\xD8\xFF",
    b"GIF89a",
    b"II*\x00",
    b"RIFF\0\0\0\0WEBP",
    b"RIFF\0\0\0\0AVI ",
    b"RIFF\0\0\0\0WAVE",
    b"\0\0\0\x18ftypmp42",
    b"\x1A\x45\xDF\xA3",
    b"FLV\x01",
    b"fLaC",
    b"OggS",
    b"\x30\x26\xB2\x75\x8E\x66\xCF\x11",
    b"\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1",
    b"Rar!\x1A\x07\x00",
    b"7z\xBC\xAF\x27\x1C",
    b"\xFD7zXZ\x00",
    b"\x1F\x8B\x08",
    b"MSCF",
    b"ID3",
    b"MZ",
    b"BZh9",
    b"\xFF\xFB",
    b"\xFF\xF1",
    b"<svg ",
    b"{\"a\":[",
    b"a,b,c\n",
];
const NAMES: &[&str] = &[
    "",
    "x",
    ".bashrc",
    "a.PDF",
    "f.zip",
    "t.csv",
    "d.json",
    "ü ✓.png",
    "a.b.c.mp3",
    "trailing.",
    "x.tar",
    "n.exe",
    "s.svg",
    "v.mkv",
];

fn int(r: &fracture_engine::Report, k: &str) -> Option<u64> {
    match r.get(k) {
        Some(Value::Int(v)) => Some(*v),
        _ => None,
    }
}

fn one_case(case_seed: u64) {
    let mut g = Stream::new(case_seed, 0);
    let magic = MAGIC[g.below(MAGIC.len() as u32) as usize];
    let len = match g.below(4) {
        0 => g.below(64) as usize,
        1 => g.below(5000) as usize,
        2 => 65536 - 8 + g.below(16) as usize,
        _ => g.below(300_000) as usize,
    };
    let mut input = magic.to_vec();
    let body = g.fill(len);
    // Half the time a low-entropy body, which is where structure-looking bytes (syncs, keywords) hide.
    if g.below(2) == 0 {
        input.extend(body.iter().map(|b| b & 0x0F | 0x20));
    } else {
        input.extend(body);
    }
    if g.below(8) == 0 {
        input.truncate(g.below(input.len() as u32 + 1) as usize);
    }
    let name = NAMES[g.below(NAMES.len() as u32) as usize];
    let mode = MODES[g.below(MODES.len() as u32) as usize];
    let intensity = if g.below(10) == 0 { 101 + g.below(10) } else { g.below(101) };
    let seed = match g.below(4) {
        0 => MAX_SEED - u64::from(g.below(3)),
        1 => u64::from(g.below(10)),
        _ => u64::from(g.u32()),
    };
    let seed = if g.below(20) == 0 { MAX_SEED + 1 } else { seed };
    let ctx = format!(
        "case seed {case_seed}: {} bytes, name {name:?}, mode {mode}, intensity {intensity}, seed {seed}",
        input.len()
    );

    match corrupt(&input, name, mode, intensity, seed) {
        Err(EngineError::UnsupportedMode(m)) => assert_eq!(m, mode, "{ctx}"),
        Err(EngineError::Intensity(_)) => assert!(intensity > 100, "{ctx}"),
        Err(EngineError::Seed(_)) => assert!(seed > MAX_SEED, "{ctx}"),
        Err(e) => panic!("{ctx}: unexpected error {e}"),
        Ok((out, r)) => {
            assert!(mode != "nope" && intensity <= 100 && seed <= MAX_SEED, "{ctx}: accepted bad arguments");
            assert_eq!(int(&r, "original_size"), Some(input.len() as u64), "{ctx}");
            assert_eq!(int(&r, "result_size"), Some(out.len() as u64), "{ctx}");
            let n = input.len() as u64;
            match mode {
                "byte_flip" | "header_preserve_flip" => {
                    assert_eq!(out.len(), input.len(), "{ctx}");
                    let (ops, h) = (int(&r, "ops").unwrap(), int(&r, "preserve_header").unwrap());
                    assert!(ops + h <= n.max(h), "{ctx}: ops {ops} + header {h} > {n}");
                    let escalated = r.get("escalated").is_some();
                    if !escalated {
                        assert_eq!(&out[..h as usize], &input[..h as usize], "{ctx}: header changed");
                    }
                    let changed = input.iter().zip(&out).filter(|(a, b)| a != b).count() as u64;
                    assert!(changed <= ops, "{ctx}: {changed} bytes changed, ops {ops}");
                }
                "truncate_insert" => {
                    let (rm, ins, st) =
                        (int(&r, "removed").unwrap(), int(&r, "inserted").unwrap(), int(&r, "remove_start").unwrap());
                    assert_eq!(out.len() as u64, n - rm + ins, "{ctx}");
                    assert!(st + rm <= n && ins <= rm, "{ctx}");
                    assert_eq!(&out[..st as usize], &input[..st as usize], "{ctx}");
                }
                "shuffle_blocks" => {
                    assert_eq!(out.len(), input.len(), "{ctx}");
                    assert_eq!(int(&r, "block_size"), Some(4096), "{ctx}");
                    let mut a = input.clone();
                    let mut b = out.clone();
                    a.sort_unstable();
                    b.sort_unstable();
                    assert_eq!(a, b, "{ctx}: shuffling must keep the bytes");
                }
                _ => {
                    assert_eq!(r.get("guarantee"), Some(&Value::Bool(true)), "{ctx}");
                    if !input.is_empty() {
                        assert!(
                            fracture_engine::looks_corrupted(&out, &extension_of(name)),
                            "{ctx}: output does not look corrupted"
                        );
                    }
                }
            }
            // Staged and one-shot runs agree.
            let mut job = Job::scan(input.clone(), name, mode, intensity, seed).unwrap();
            job.plan();
            job.corrupt();
            job.verify();
            assert_eq!(job.output(), &out[..], "{ctx}: staged run differs");
        }
    }
}

#[test]
fn arbitrary_inputs_never_panic_and_reports_hold() {
    let cases: u64 = std::env::var("FRACTURE_PROPERTY_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(5000);
    let base: u64 = std::env::var("FRACTURE_PROPERTY_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(20261120);
    for i in 0..cases {
        let case_seed = base.wrapping_mul(1_000_003).wrapping_add(i) & MAX_SEED;
        if let Err(e) = std::panic::catch_unwind(|| one_case(case_seed)) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            panic!("property failed (replay: FRACTURE_PROPERTY_SEED={base}, case seed {case_seed}): {msg}");
        }
    }
}
