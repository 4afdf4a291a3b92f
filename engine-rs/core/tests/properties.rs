//! Property test (a bounded fuzz run): arbitrary bytes, names, modes, intensities, seeds and options
//! never panic, every report honours its size fields, and the fault models and options keep their
//! promises (docs/contract.md, sections 6.6 to 6.10). FRACTURE_PROPERTY_CASES raises the count;
//! FRACTURE_PROPERTY_SEED replays a run (each failure prints the case's own seed).

use fracture_engine::rng::Sequence;
use fracture_engine::{corrupt_with, extension_of, EngineError, Job, Options, Ranges, Value, MAX_SEED};

const MODES: [&str; 13] = [
    "byte_flip",
    "header_preserve_flip",
    "truncate_insert",
    "shuffle_blocks",
    "guaranteed_break",
    "interrupted_transfer",
    "bad_sectors",
    "bit_rot",
    "text_transfer",
    "seven_bit",
    "charset_roundtrip",
    "misdirected_write",
    "nope",
];
const RANGE_MODES: [&str; 6] =
    ["byte_flip", "header_preserve_flip", "bad_sectors", "bit_rot", "seven_bit", "misdirected_write"];
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

/// A range text, with its bounds as the test resolves them for an `n`-byte input (written here
/// independently of the engine's parser: decimal or hex, from the start or the end, ends left out).
fn range(g: &mut Sequence, n: u64) -> (String, (u64, u64)) {
    // (text, raw value, negative, resolved)
    let end = |g: &mut Sequence, empty: u64| -> (String, u64, bool, u64) {
        if g.below(6) == 0 {
            return (String::new(), 0, false, empty);
        }
        let v = u64::from(g.below(n as u32 + 40));
        let text = if g.below(3) == 0 { format!("0x{v:x}") } else { v.to_string() };
        if g.below(3) == 0 {
            (format!("-{text}"), v, true, n - v.min(n))
        } else {
            (text, v, false, v.min(n))
        }
    };
    let (mut a, mut b) = (end(g, 0), end(g, n));
    // Keep same-signed pairs in order (a reversed pair is an error, tested elsewhere).
    let reversed = if a.2 { a.1 < b.1 } else { a.1 > b.1 };
    if !a.0.is_empty() && !b.0.is_empty() && a.2 == b.2 && reversed {
        std::mem::swap(&mut a.0, &mut b.0);
        std::mem::swap(&mut a.1, &mut b.1);
        let resolve = |v: u64, neg: bool| if neg { n - v.min(n) } else { v.min(n) };
        (a.3, b.3) = (resolve(a.1, a.2), resolve(b.1, b.2));
    }
    (format!("{}:{}", a.0, b.0), (a.3, b.3))
}

fn one_case(case_seed: u64) {
    let mut g = Sequence::new(case_seed, 0);
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
    // Options, mostly for the modes that take them.
    let n = input.len() as u64;
    let mut options = Options::default();
    // free[i]: byte i may change as far as the ranges go (computed here from the resolved bounds).
    let mut free = vec![true; input.len()];
    let mut protected = vec![false; input.len()];
    let takes = RANGE_MODES.contains(&mode);
    if (takes || g.below(10) == 0) && g.below(2) == 0 {
        let (only, protect): (Vec<_>, Vec<_>) =
            ((0..g.below(3)).map(|_| range(&mut g, n)).collect(), (0..g.below(3)).map(|_| range(&mut g, n)).collect());
        if !only.is_empty() {
            free = vec![false; input.len()];
            for (_, (a, b)) in &only {
                for f in free.iter_mut().take(*b as usize).skip(*a as usize) {
                    *f = true;
                }
            }
        }
        for (_, (a, b)) in &protect {
            for i in *a as usize..*b as usize {
                free[i] = false;
                protected[i] = true;
            }
        }
        options.ranges = Ranges {
            only: only.into_iter().map(|r| r.0).collect(),
            protect: protect.into_iter().map(|r| r.0).collect(),
        };
    }
    if (takes || g.below(10) == 0) && g.below(3) == 0 {
        options.fix_checksums = true;
    }
    let ranged = !options.ranges.only.is_empty() || !options.ranges.protect.is_empty();
    let ctx = format!(
        "case seed {case_seed}: {} bytes, name {name:?}, mode {mode}, intensity {intensity}, seed {seed}, {options:?}",
        input.len()
    );

    match corrupt_with(&input, name, mode, intensity, seed, &options) {
        Err(EngineError::RangesNotTaken(m)) => assert!(ranged && !takes && m == mode, "{ctx}"),
        Err(EngineError::FixNotTaken(m)) => assert!(options.fix_checksums && !takes && m == mode, "{ctx}"),
        Err(EngineError::NothingAllowed { n: len, header }) => {
            assert_eq!(len, n, "{ctx}");
            let h = header.unwrap_or(0) as usize;
            assert!(free.iter().skip(h).all(|f| !f) && n > 0, "{ctx}: bytes were free");
        }
        Err(EngineError::UnsupportedMode(m)) => assert_eq!(m, mode, "{ctx}"),
        Err(EngineError::Intensity(_)) => assert!(intensity > 100, "{ctx}"),
        Err(EngineError::Seed(_)) => assert!(seed > MAX_SEED, "{ctx}"),
        Err(e) => panic!("{ctx}: unexpected error {e}"),
        Ok((out, r)) => {
            assert!(mode != "nope" && intensity <= 100 && seed <= MAX_SEED, "{ctx}: accepted bad arguments");
            assert!(takes || (!ranged && !options.fix_checksums), "{ctx}: accepted options the mode does not take");
            if ranged {
                // No byte the ranges keep ever changes; fixing checksums may write outside the
                // `only` ranges, never inside a `protect` range.
                for (i, (a, b)) in input.iter().zip(&out).enumerate() {
                    let guard = if options.fix_checksums { !protected[i] } else { free[i] };
                    assert!(a == b || guard, "{ctx}: byte {i} changed outside the ranges");
                }
                let h = match mode {
                    "byte_flip" | "header_preserve_flip" => int(&r, "preserve_header").unwrap() as usize,
                    _ => 0,
                };
                let allowed = free.iter().skip(h).filter(|&&f| f).count() as u64;
                assert_eq!(int(&r, "allowed_bytes"), Some(allowed), "{ctx}");
            }
            assert_eq!(int(&r, "original_size"), Some(input.len() as u64), "{ctx}");
            assert_eq!(int(&r, "result_size"), Some(out.len() as u64), "{ctx}");
            let n = input.len() as u64;
            match mode {
                "byte_flip" | "header_preserve_flip" => {
                    assert_eq!(out.len(), input.len(), "{ctx}");
                    let (ops, h) = (int(&r, "ops").unwrap(), int(&r, "preserve_header").unwrap());
                    assert!(ops + h <= n.max(h), "{ctx}: ops {ops} + header {h} > {n}");
                    let escalated = r.get("escalated").is_some();
                    // Fixing checksums may rewrite a field inside the header.
                    if !escalated && !options.fix_checksums {
                        assert_eq!(&out[..h as usize], &input[..h as usize], "{ctx}: header changed");
                    }
                    if !options.fix_checksums {
                        let changed = input.iter().zip(&out).filter(|(a, b)| a != b).count() as u64;
                        assert!(changed <= ops, "{ctx}: {changed} bytes changed, ops {ops}");
                    }
                }
                "interrupted_transfer" => {
                    let (cut, lost) = (int(&r, "cut_at").unwrap(), int(&r, "bytes_lost").unwrap());
                    assert_eq!((cut + lost, out.len() as u64), (n, cut), "{ctx}");
                    assert_eq!(&out[..], &input[..cut as usize], "{ctx}: not a prefix");
                    if n >= 2 {
                        assert!(cut >= 1 && lost >= 1, "{ctx}");
                    } else {
                        assert_eq!(cut, 0, "{ctx}");
                    }
                }
                "bad_sectors" => {
                    assert_eq!(out.len(), input.len(), "{ctx}");
                    let z = int(&r, "sectors_zeroed").unwrap();
                    assert!(n == 0 || z >= 1, "{ctx}: no sector zeroed");
                    if !options.fix_checksums {
                        // Every change is a byte set to zero, in at most z sectors.
                        let mut sectors = std::collections::BTreeSet::new();
                        for (i, (a, b)) in input.iter().zip(&out).enumerate() {
                            if a != b {
                                assert_eq!(*b, 0, "{ctx}: byte {i} changed to non-zero");
                                sectors.insert(i / 4096);
                            }
                        }
                        assert!(sectors.len() as u64 <= z, "{ctx}");
                    }
                }
                "bit_rot" => {
                    assert_eq!(out.len(), input.len(), "{ctx}");
                    if !options.fix_checksums {
                        let changed: Vec<u32> =
                            input.iter().zip(&out).filter(|(a, b)| a != b).map(|(a, b)| (a ^ b).count_ones()).collect();
                        assert!(changed.iter().all(|&bits| bits == 1), "{ctx}: a byte changed in more than one bit");
                        assert_eq!(Some(changed.len() as u64), int(&r, "bits_flipped"), "{ctx}");
                        assert!(n == 0 || !changed.is_empty(), "{ctx}: no bit flipped");
                    }
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
                "seven_bit" => {
                    assert_eq!(out.len(), input.len(), "{ctx}");
                    if !options.fix_checksums {
                        let changed = input.iter().zip(&out).filter(|(a, b)| a != b);
                        for (a, b) in changed.clone() {
                            assert!(*a >= 0x80 && *b == a & 0x7F, "{ctx}: a byte changed other than by its high bit");
                        }
                        assert_eq!(Some(changed.count() as u64), int(&r, "converted"), "{ctx}");
                    }
                }
                "misdirected_write" => {
                    assert_eq!(out.len(), input.len(), "{ctx}");
                    let b = int(&r, "block_size").unwrap() as usize;
                    let whole = input.len() / b * b;
                    assert_eq!(&out[whole..], &input[whole..], "{ctx}: the tail changed");
                    if !options.fix_checksums && !ranged {
                        let blocks: std::collections::BTreeSet<usize> =
                            (0..input.len()).filter(|&i| input[i] != out[i]).map(|i| i / b).collect();
                        assert!(blocks.len() as u64 <= int(&r, "blocks_misdirected").unwrap(), "{ctx}");
                        for d in blocks {
                            let copy = &out[d * b..(d + 1) * b];
                            let found = (0..whole / b).any(|s| s != d && &input[s * b..(s + 1) * b] == copy);
                            assert!(found, "{ctx}: block {d} is no copy of another block");
                        }
                    }
                }
                "text_transfer" | "charset_roundtrip" => {
                    let converted = int(&r, "converted").unwrap();
                    let units = int(&r, "line_endings").or_else(|| int(&r, "characters")).unwrap();
                    assert!(converted <= units, "{ctx}");
                    if mode == "text_transfer" {
                        let grows = r.get("direction") == Some(&Value::Str("lf_to_crlf".into()));
                        let want = if grows { n + converted } else { n - converted };
                        assert_eq!(out.len() as u64, want, "{ctx}");
                        // Taking every CR out of both leaves the same bytes: only CRs came or went.
                        let no_cr = |v: &[u8]| v.iter().copied().filter(|&c| c != b'\r').collect::<Vec<u8>>();
                        assert_eq!(no_cr(&out), no_cr(&input), "{ctx}: more than CRs changed");
                    } else {
                        // The bytes below 0x80 all stay, in order (no BOM option here).
                        let ascii = |v: &[u8]| v.iter().copied().filter(|&c| c < 0x80).collect::<Vec<u8>>();
                        assert_eq!(ascii(&out), ascii(&input), "{ctx}: an ASCII byte changed");
                    }
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
            let mut job =
                Job::scan(input.clone(), name, mode, intensity, seed).unwrap().with_options(&options).unwrap();
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
