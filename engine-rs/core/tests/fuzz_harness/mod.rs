//! The fuzz harness (docs/fuzzing.md): one case decoded from arbitrary bytes, run through the engine
//! and checked against the contract. The same code runs under libFuzzer (`engine-rs/fuzz`, through
//! `make fuzz`), replays the committed seed corpus in `cargo test` (`tests/fuzz_corpus.rs`) and
//! checks the cases proptest generates (`tests/proptest.rs`).
//!
//! A case is every argument the engine takes: mode, intensity, seed, name, `only` and `protect` byte
//! ranges, fix_checksums, and the input's bytes. `check` runs it and asserts:
//! - no panic, and exactly the error of docs/contract.md, section 2 (predicted here independently);
//! - the length rules of every mode (section 6) and the report's size fields;
//! - no byte outside the free bytes changes, and with fix_checksums no protected byte (section 6.9);
//! - each fault model's promise (prefix, single-bit, zeroed sectors, moved whole blocks...);
//! - the streamed engine (`stream::corrupt_stream`, `corrupt_fixed`) gives the same bytes and report;
//! - the time bound: a run costs at most `RATIO` times a plain byte_flip of the same bytes, plus a
//!   constant (re-measured before failing, so a busy machine does not fail it).

#![allow(dead_code)]

use std::io::{Read, Seek, SeekFrom};
use std::time::{Duration, Instant};

use fracture_engine::stream::{corrupt_fixed, corrupt_stream, Bytes};
use fracture_engine::{corrupt_with, Args, EngineError, Options, Ranges, Report, Value, MAX_SEED};

/// The engine modes; a selector byte of 255 gives a name that is not a mode.
pub const MODES: [&str; 8] = [
    "byte_flip",
    "header_preserve_flip",
    "truncate_insert",
    "shuffle_blocks",
    "guaranteed_break",
    "interrupted_transfer",
    "bad_sectors",
    "bit_rot",
];
pub const RANGE_MODES: [&str; 4] = ["byte_flip", "header_preserve_flip", "bad_sectors", "bit_rot"];
/// The largest value a range text may hold (docs/contract.md, section 6.9.1).
const MAX_VALUE: u64 = (1 << 53) - 1;

/// A run costs at most RATIO times a plain byte_flip of the same input, plus FLOOR: generous for a
/// linear walk (a few passes over the bytes), far below what a walk that rescans the input per
/// entry or per sync code costs on inputs of tens of kilobytes.
pub const RATIO: u32 = 25;
pub const FLOOR: Duration = Duration::from_millis(30);

/// One end of a range: how it is written, and its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    Empty,
    Dec(u64),
    Hex(u64),
    /// `0X` and upper-case digits.
    HexUpper(u64),
    NegDec(u64),
    NegHex(u64),
    /// Not a range end: a value past 2^53 - 1, or a `+` sign.
    TooBig,
    Plus(u64),
}

impl End {
    fn from_byte(kind: u8, v: u32) -> End {
        let v = u64::from(v);
        match kind % 8 {
            0 => End::Empty,
            1 => End::Dec(v),
            2 => End::Hex(v),
            3 => End::NegDec(v),
            4 => End::NegHex(v),
            5 => End::HexUpper(v),
            // The far edge: 2^53 - 1 and just below it, or a value that is not one.
            6 => match v % 4 {
                3 => End::TooBig,
                r => End::Dec(MAX_VALUE - r),
            },
            _ => match v % 4 {
                3 => End::Plus(v >> 2),
                r => End::NegDec(MAX_VALUE - r),
            },
        }
    }

    fn text(self) -> String {
        match self {
            End::Empty => String::new(),
            End::Dec(v) => v.to_string(),
            End::Hex(v) => format!("0x{v:x}"),
            End::HexUpper(v) => format!("0X{v:X}"),
            End::NegDec(v) => format!("-{v}"),
            End::NegHex(v) => format!("-0x{v:x}"),
            End::TooBig => (MAX_VALUE + 1).to_string(),
            End::Plus(v) => format!("+{v}"),
        }
    }

    fn valid(self) -> bool {
        !matches!(self, End::TooBig | End::Plus(_))
    }

    /// (negative, value), for a valid end that is not empty.
    fn signed(self) -> Option<(bool, u64)> {
        match self {
            End::Dec(v) | End::Hex(v) | End::HexUpper(v) => Some((false, v)),
            End::NegDec(v) | End::NegHex(v) => Some((true, v)),
            _ => None,
        }
    }

    /// The offset it names in an `n`-byte input (section 6.9.1); `empty` for an empty end.
    fn resolve(self, n: u64, empty: u64) -> u64 {
        match self.signed() {
            None => empty,
            Some((false, v)) => v.min(n),
            Some((true, v)) => n - v.min(n),
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RangeSpec {
    pub a: End,
    pub b: End,
}

impl RangeSpec {
    pub fn text(&self) -> String {
        format!("{}:{}", self.a.text(), self.b.text())
    }

    fn error(&self) -> Option<EngineError> {
        if !self.a.valid() || !self.b.valid() {
            return Some(EngineError::BadRange(self.text()));
        }
        let reversed = match (self.a.signed(), self.b.signed()) {
            (Some((false, a)), Some((false, b))) => a > b,
            (Some((true, a)), Some((true, b))) => a < b,
            _ => false,
        };
        reversed.then(|| EngineError::RangeReversed(self.text()))
    }

    /// `[a, b)` in an `n`-byte input, empty when a >= b.
    fn bounds(&self, n: u64) -> (u64, u64) {
        (self.a.resolve(n, 0), self.b.resolve(n, n))
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Case {
    pub mode: String,
    pub intensity: u32,
    pub seed: u64,
    pub name: String,
    pub only: Vec<RangeSpec>,
    pub protect: Vec<RangeSpec>,
    pub fix_checksums: bool,
    pub data: Vec<u8>,
}

/// Reads bytes as a case; missing bytes read as 0, so every byte string is a case. The layout, which
/// `engine-rs/fuzz/make_corpus.py` writes:
///
/// | offset | bytes | meaning                                                                     |
/// | ------ | ----- | --------------------------------------------------------------------------- |
/// | 0      | 1     | mode: `MODES[b % 8]`, or `nope` (not a mode) for 255                         |
/// | 1      | 1     | intensity: `b % 102` (101 is refused)                                       |
/// | 2      | 1     | flags: bit 0 fix_checksums, bits 1-2 `only` count, bits 3-4 `protect` count, bit 5 seed counts down from 2^53 - 1, bits 5 and 6 together: 2^53 (refused) |
/// | 3      | 4     | seed, u32 little-endian                                                     |
/// | 7      | 1     | name length L (`b % 32`)                                                    |
/// | 8      | L     | name (UTF-8, invalid sequences replaced)                                    |
/// | then   | 9 each | each range: a byte of end kinds (low nibble A, high nibble B), A and B as u32 LE |
/// | then   | rest  | the input                                                                   |
pub fn decode(bytes: &[u8]) -> Case {
    let mut at = 0usize;
    let mut take = |len: usize| -> Vec<u8> {
        let mut v: Vec<u8> = bytes.get(at..).unwrap_or(&[]).iter().take(len).copied().collect();
        v.resize(len, 0);
        at += len;
        v
    };
    let head = take(8);
    let mode = if head[0] == 255 { "nope".to_string() } else { MODES[head[0] as usize % 8].to_string() };
    let intensity = u32::from(head[1]) % 102;
    let flags = head[2];
    let raw = u64::from(u32::from_le_bytes([head[3], head[4], head[5], head[6]]));
    let seed = match (flags >> 5) & 3 {
        1 => MAX_SEED - raw,
        3 => MAX_SEED + 1,
        _ => raw,
    };
    let name = String::from_utf8_lossy(&take(head[7] as usize % 32)).into_owned();
    let mut range = || {
        let r = take(9);
        let a = u32::from_le_bytes([r[1], r[2], r[3], r[4]]);
        let b = u32::from_le_bytes([r[5], r[6], r[7], r[8]]);
        RangeSpec { a: End::from_byte(r[0] & 15, a), b: End::from_byte(r[0] >> 4, b) }
    };
    let only = (0..(flags >> 1) & 3).map(|_| range()).collect();
    let protect = (0..(flags >> 3) & 3).map(|_| range()).collect();
    let data = bytes.get(at..).unwrap_or(&[]).to_vec();
    Case { mode, intensity, seed, name, only, protect, fix_checksums: flags & 1 != 0, data }
}

/// `decode`'s inverse (for the cases proptest generates and shrinks).
pub fn encode(case: &Case) -> Vec<u8> {
    let mode = MODES.iter().position(|m| *m == case.mode).map_or(255, |i| i as u8);
    let (seed_bits, raw) = if case.seed > MAX_SEED {
        (3u8, 0u32)
    } else if case.seed > u64::from(u32::MAX) {
        (1, u32::try_from(MAX_SEED - case.seed).expect("seed near 2^53 or below 2^32"))
    } else {
        (0, case.seed as u32)
    };
    let name = case.name.as_bytes();
    assert!(name.len() < 32 && case.only.len() < 4 && case.protect.len() < 4);
    let flags =
        u8::from(case.fix_checksums) | (case.only.len() as u8) << 1 | (case.protect.len() as u8) << 3 | seed_bits << 5;
    let mut out = vec![mode, case.intensity as u8, flags];
    out.extend(raw.to_le_bytes());
    out.push(name.len() as u8);
    out.extend(name);
    for r in case.only.iter().chain(&case.protect) {
        let (ka, va) = end_bytes(r.a);
        let (kb, vb) = end_bytes(r.b);
        out.push(ka | kb << 4);
        out.extend(va.to_le_bytes());
        out.extend(vb.to_le_bytes());
    }
    out.extend(&case.data);
    out
}

fn end_bytes(e: End) -> (u8, u32) {
    let small = |v: u64| u32::try_from(v).expect("range values below 2^32 or near 2^53");
    match e {
        End::Empty => (0, 0),
        End::Dec(v) if v > u64::from(u32::MAX) => (6, small(MAX_VALUE - v)),
        End::NegDec(v) if v > u64::from(u32::MAX) => (7, small(MAX_VALUE - v)),
        End::Dec(v) => (1, small(v)),
        End::Hex(v) => (2, small(v)),
        End::NegDec(v) => (3, small(v)),
        End::NegHex(v) => (4, small(v)),
        End::HexUpper(v) => (5, small(v)),
        End::TooBig => (6, 3),
        End::Plus(v) => (7, small(v << 2 | 3)),
    }
}

/// The error docs/contract.md, section 2 demands, or None when the run must go through.
pub fn expected_error(case: &Case) -> Option<EngineError> {
    let n = case.data.len() as u64;
    if !MODES.contains(&case.mode.as_str()) {
        return Some(EngineError::UnsupportedMode(case.mode.clone()));
    }
    if case.intensity > 100 {
        return Some(EngineError::Intensity(case.intensity.to_string()));
    }
    if case.seed > MAX_SEED {
        return Some(EngineError::Seed(case.seed.to_string()));
    }
    let takes = RANGE_MODES.contains(&case.mode.as_str());
    let ranged = !case.only.is_empty() || !case.protect.is_empty();
    if ranged && !takes {
        return Some(EngineError::RangesNotTaken(case.mode.clone()));
    }
    if let Some(e) = case.only.iter().chain(&case.protect).find_map(RangeSpec::error) {
        return Some(e);
    }
    if case.fix_checksums && !takes {
        return Some(EngineError::FixNotTaken(case.mode.clone()));
    }
    if ranged && n > 0 {
        let h = header(&case.mode, n);
        let (free, _) = masks(case);
        if !free.iter().skip(h as usize).any(|&f| f) {
            return Some(EngineError::NothingAllowed { n, header: (h > 0).then_some(h) });
        }
    }
    None
}

/// byte_flip's and header_preserve_flip's kept header (section 6.2); 0 for the other modes.
fn header(mode: &str, n: u64) -> u64 {
    let h = match mode {
        "byte_flip" => (n / 200).min(1024),
        "header_preserve_flip" => (n / 20).clamp(1, 4096),
        _ => return 0,
    };
    h.min(n.saturating_sub(1))
}

/// Per byte: free (may change as far as the ranges go) and protected.
fn masks(case: &Case) -> (Vec<bool>, Vec<bool>) {
    let n = case.data.len();
    let mut free = vec![case.only.is_empty(); n];
    for r in &case.only {
        let (a, b) = r.bounds(n as u64);
        for f in free.iter_mut().take(b as usize).skip(a as usize) {
            *f = true;
        }
    }
    let mut protected = vec![false; n];
    for r in &case.protect {
        let (a, b) = r.bounds(n as u64);
        for i in a as usize..(b as usize).max(a as usize) {
            free[i] = false;
            protected[i] = true;
        }
    }
    (free, protected)
}

pub fn options(case: &Case) -> Options {
    Options {
        ranges: Ranges {
            only: case.only.iter().map(RangeSpec::text).collect(),
            protect: case.protect.iter().map(RangeSpec::text).collect(),
        },
        fix_checksums: case.fix_checksums,
        member: None,
        ..Options::default()
    }
}

fn run(case: &Case, options: &Options) -> Result<(Vec<u8>, Report), EngineError> {
    corrupt_with(&case.data, &case.name, &case.mode, case.intensity, case.seed, options)
}

fn int(r: &Report, k: &str) -> u64 {
    match r.get(k) {
        Some(Value::Int(v)) => *v,
        other => panic!("report field {k}: {other:?}"),
    }
}

fn untimed(r: &Report) -> Vec<(&'static str, Value)> {
    r.fields.iter().filter(|(k, _)| *k != "time_ms" && *k != "ops_ms").cloned().collect()
}

/// Runs the case and checks every promise; panics (with the case) on the first broken one.
pub fn check(case: &Case) {
    let options = options(case);
    let t0 = Instant::now();
    let result = run(case, &options);
    let took = t0.elapsed();
    let ctx = || {
        format!(
            "mode {} intensity {} seed {} name {:?} {:?} fix {} ({} bytes)",
            case.mode,
            case.intensity,
            case.seed,
            case.name,
            options.ranges,
            case.fix_checksums,
            case.data.len()
        )
    };
    let (out, report) = match (result, expected_error(case)) {
        (Err(e), Some(want)) => {
            assert_eq!(e, want, "{}: wrong error", ctx());
            return;
        }
        (Err(e), None) => panic!("{}: unexpected error {e}", ctx()),
        (Ok(_), Some(want)) => panic!("{}: accepted, but the contract refuses it: {want}", ctx()),
        (Ok(ok), None) => ok,
    };
    check_output(case, &out, &report, &ctx());
    check_streamed(case, &options, &out, &report, &ctx());
    check_time(case, &options, took, &ctx());
}

fn check_output(case: &Case, out: &[u8], r: &Report, ctx: &str) {
    let input = &case.data;
    let n = input.len() as u64;
    assert_eq!(int(r, "original_size"), n, "{ctx}");
    assert_eq!(int(r, "result_size"), out.len() as u64, "{ctx}");
    assert_eq!(r.get("checksums_fixed").is_some(), case.fix_checksums, "{ctx}: checksums_fixed");
    let ranged = !case.only.is_empty() || !case.protect.is_empty();
    let (free, protected) = masks(case);
    let h = header(&case.mode, n);
    if ranged {
        // Section 6.9: nothing changes outside the free bytes; fixing checksums may rewrite fields
        // outside the `only` ranges, never inside a `protect` range.
        for (i, (a, b)) in input.iter().zip(out).enumerate() {
            let may = if case.fix_checksums { !protected[i] } else { free[i] };
            assert!(a == b || may, "{ctx}: byte {i} changed outside the ranges");
        }
        let allowed = free.iter().skip(h as usize).filter(|&&f| f).count() as u64;
        assert_eq!(int(r, "allowed_bytes"), allowed, "{ctx}: allowed_bytes");
    }
    if n == 0 {
        assert!(out.is_empty(), "{ctx}: an empty input gives an empty output");
        return;
    }
    let fixed = case.fix_checksums;
    let changed = || input.iter().zip(out).filter(|(a, b)| a != b).count() as u64;
    match case.mode.as_str() {
        "byte_flip" | "header_preserve_flip" => {
            assert_eq!(out.len(), input.len(), "{ctx}: the flips keep the length");
            let (ops, ph) = (int(r, "ops"), int(r, "preserve_header"));
            assert_eq!(ph, h, "{ctx}: preserve_header");
            assert!(ops >= 1 && ops + h <= n, "{ctx}: ops {ops} + header {h} > {n}");
            if !fixed {
                if r.get("escalated").is_none() {
                    assert_eq!(&out[..h as usize], &input[..h as usize], "{ctx}: the header changed");
                }
                assert!(changed() <= ops, "{ctx}: more bytes changed than ops");
            }
        }
        "bit_rot" => {
            assert_eq!(out.len(), input.len(), "{ctx}: bit_rot keeps the length");
            if !fixed {
                let bits: Vec<u32> =
                    input.iter().zip(out).filter(|(a, b)| a != b).map(|(a, b)| (a ^ b).count_ones()).collect();
                assert!(bits.iter().all(|&b| b == 1), "{ctx}: a byte changed in more than one bit");
                assert_eq!(bits.len() as u64, int(r, "bits_flipped"), "{ctx}: bits_flipped");
            }
        }
        "bad_sectors" => {
            assert_eq!(out.len(), input.len(), "{ctx}: bad_sectors keeps the length");
            let z = int(r, "sectors_zeroed");
            assert!(z >= 1, "{ctx}: no sector zeroed");
            if !fixed {
                let mut sectors = std::collections::BTreeSet::new();
                for (i, (a, b)) in input.iter().zip(out).enumerate() {
                    if a != b {
                        assert_eq!(*b, 0, "{ctx}: byte {i} changed to non-zero");
                        sectors.insert(i / 4096);
                    }
                }
                assert!(sectors.len() as u64 <= z, "{ctx}: more sectors changed than zeroed");
                assert!(int(r, "bytes_zeroed") >= changed(), "{ctx}: bytes_zeroed");
            }
        }
        "interrupted_transfer" => {
            let (cut, lost) = (int(r, "cut_at"), int(r, "bytes_lost"));
            assert_eq!((cut + lost, out.len() as u64), (n, cut), "{ctx}: cut_at + bytes_lost");
            assert_eq!(out, &input[..cut as usize], "{ctx}: not a prefix");
            assert!(lost >= 1 && (n < 2 || cut >= 1), "{ctx}: cut {cut} lost {lost}");
        }
        "truncate_insert" => {
            let (rm, ins, st) = (int(r, "removed"), int(r, "inserted"), int(r, "remove_start"));
            assert!(rm >= 1 && st + rm <= n && ins <= rm, "{ctx}: removed {rm} inserted {ins} at {st}");
            assert_eq!(out.len() as u64, n - rm + ins, "{ctx}: length n - removed + inserted");
            let (st, rm, ins) = (st as usize, rm as usize, ins as usize);
            assert_eq!(&out[..st], &input[..st], "{ctx}: the bytes before the cut changed");
            assert_eq!(&out[st + ins..], &input[st + rm..], "{ctx}: the bytes after the cut changed");
        }
        "shuffle_blocks" => {
            assert_eq!(out.len(), input.len(), "{ctx}: shuffle_blocks keeps the length");
            let nb = input.len() / 4096;
            let tail = nb * 4096;
            assert_eq!(&out[tail..], &input[tail..], "{ctx}: the tail moved");
            let mut a: Vec<&[u8]> = input[..tail].chunks(4096).collect();
            let mut b: Vec<&[u8]> = out[..tail].chunks(4096).collect();
            let moved = a.iter().zip(&b).filter(|(x, y)| x != y).count() as u64;
            assert!(moved <= int(r, "shuffled_blocks"), "{ctx}: more blocks moved than shuffled");
            a.sort_unstable();
            b.sort_unstable();
            assert!(a == b, "{ctx}: the blocks are not the input's blocks");
        }
        _ => {
            // guaranteed_break: the shape recipes, tar and generic keep the length; text and svg cut
            // and prepend 4 bytes (section 6.5.6), and never escalate.
            match r.get("strategy") {
                Some(Value::Str(s)) if s == "text_poison_truncate" || s == "svg_markup_poison" => {
                    let cut = n.min((n / 10).max(50) + n * u64::from(case.intensity) / 400);
                    assert_eq!(out.len() as u64, n - cut + 4, "{ctx}: text recipe length");
                    assert_eq!(&out[..4], b"\x00\xC0\xFF\x80", "{ctx}: text recipe prefix");
                }
                _ => assert_eq!(out.len(), input.len(), "{ctx}: the recipe changed the length"),
            }
            if r.get("strategy") == Some(&Value::Str("generic_header_damage".into())) {
                // Section 6.5.6: the first min(16, n) bytes inverted (escalation then redraws byte
                // 9). Nothing more is promised: seven bytes of 0xDC invert to `#######`, which
                // does not look corrupted, and escalation cannot change that.
                let escalated = r.get("escalated").is_some();
                for i in 0..input.len().min(16) {
                    assert!(out[i] == !input[i] || (escalated && i == 9), "{ctx}: byte {i} is not inverted");
                }
            } else {
                // Every other recipe starts its output with 0x00 (sections 6.5.4, 6.5.6 and 8.2).
                assert_eq!(out[0], 0, "{ctx}: the recipe's output does not start with 0x00");
                let ext = fracture_engine::extension_of(&case.name);
                assert!(fracture_engine::looks_corrupted(out, &ext), "{ctx}: the output does not look corrupted");
            }
        }
    }
}

/// The streamed engine gives the same bytes and report as the one on the whole buffer.
fn check_streamed(case: &Case, options: &Options, out: &[u8], report: &Report, ctx: &str) {
    let src = Bytes(&case.data);
    let args = Args { name: &case.name, mode: &case.mode, intensity: case.intensity, seed: case.seed, options };
    let (streamed, r) = if case.fix_checksums {
        let mut file = tempfile();
        let r = corrupt_fixed(&src, &file, &args, &mut |_, _| {})
            .unwrap_or_else(|e| panic!("{ctx}: streamed with the fix: {e}"));
        let mut bytes = Vec::new();
        file.seek(SeekFrom::Start(0)).unwrap();
        file.read_to_end(&mut bytes).unwrap();
        (bytes, r)
    } else {
        let mut sink = Vec::new();
        let r =
            corrupt_stream(&src, &args, &mut sink, &mut |_, _| {}).unwrap_or_else(|e| panic!("{ctx}: streamed: {e}"));
        (sink, r)
    };
    assert!(streamed == out, "{ctx}: the streamed output differs");
    assert_eq!(untimed(&r), untimed(report), "{ctx}: the streamed report differs");
}

/// A new anonymous file for `corrupt_fixed`, removed at once (it lives while it is open).
fn tempfile() -> std::fs::File {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let path = std::env::temp_dir().join(format!(
        "fracture-fuzz-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path).expect("temp file");
    let _ = std::fs::remove_file(&path);
    file
}

/// The time bound: linear work, measured against a plain byte_flip of the same bytes (which copies,
/// flips, hashes and measures them once or twice). Only a run slower than FLOOR is re-measured, the
/// best of three against the baseline's best of three.
fn check_time(case: &Case, options: &Options, took: Duration, ctx: &str) {
    if took <= FLOOR {
        return;
    }
    let best = |f: &dyn Fn()| {
        (0..3)
            .map(|_| {
                let t = Instant::now();
                f();
                t.elapsed()
            })
            .min()
            .unwrap()
    };
    let again = best(&|| drop(run(case, options)));
    if again <= FLOOR {
        return;
    }
    let baseline = best(&|| drop(corrupt_with(&case.data, "baseline.bin", "byte_flip", 80, 1, &Options::default())));
    assert!(
        again <= FLOOR + baseline * RATIO,
        "{ctx}: took {again:?}, more than {RATIO} x {baseline:?} (a plain byte_flip of the same bytes) + {FLOOR:?}"
    );
}
