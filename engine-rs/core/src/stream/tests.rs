//! The stream against the whole-buffer stages: the same bytes and the same report (timing aside), with
//! pieces small enough that every chunk, sector and block boundary case falls on a piece boundary.

use std::io;

use super::layout::{segments, Filler, Layout, Moves, Shuffler};
use super::pipeline::Measured;
use super::report::Finished;
use super::run::corrupt_in_pieces;
use super::source::changed;
use super::*;
use crate::modes::{flip, shuffle};
use crate::rng::Sequence;
use crate::sha::Hasher as Sha256Hasher;
use crate::{corrupt_with, Args, Options, Ranges, Report, Value};

const MODES: [&str; 11] = [
    "byte_flip",
    "header_preserve_flip",
    "truncate_insert",
    "shuffle_blocks",
    "interrupted_transfer",
    "bad_sectors",
    "bit_rot",
    "text_transfer",
    "seven_bit",
    "charset_roundtrip",
    "misdirected_write",
];

/// A buffer read by position (the caller's reads for `Streaming::map`).
pub(crate) struct Read<'a>(pub &'a [u8]);

impl crate::checksums::Positional for Read<'_> {
    fn size(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        let p = pos as usize;
        buf.copy_from_slice(self.0.get(p..p + buf.len()).ok_or_else(|| io::Error::other("past the end"))?);
        Ok(())
    }

    fn write_at(&mut self, _: u64, _: &[u8]) -> io::Result<()> {
        Err(io::Error::other("read only"))
    }
}

fn untimed(mut r: Report) -> Report {
    r.fields.retain(|(k, _)| !matches!(*k, "time_ms" | "ops_ms"));
    r
}

fn streamed(
    input: &[u8],
    name: &str,
    mode: &str,
    intensity: u32,
    seed: u64,
    options: &Options,
    piece: usize,
) -> (Vec<u8>, Report) {
    let mut out = Vec::new();
    let mut last = (0, 0);
    let args = Args { name, mode, intensity, seed, options };
    let what = format!("{name} {mode} {intensity} {seed} piece={piece}");
    let report =
        match corrupt_in_pieces(&Bytes(input), &args, &mut out, &mut |d, t| last = (d, t), piece, Measured::Both) {
            Ok(Finished::Report(report)) => report,
            Ok(Finished::Written(_)) => panic!("{what}: a measured run ended without its report"),
            Err(e) => panic!("{what}: {e}"),
        };
    assert_eq!(last, (out.len() as u64, out.len() as u64), "progress ends at the output's length");
    // Unmeasured (`write_stream`): the same bytes and length, and the same progress.
    let mut bare = Vec::new();
    let mut bare_last = (0, 0);
    let written =
        corrupt_in_pieces(&Bytes(input), &args, &mut bare, &mut |d, t| bare_last = (d, t), piece, Measured::Neither)
            .unwrap_or_else(|e| panic!("{what} unmeasured: {e}"));
    let len = match written {
        Finished::Written(n) => n,
        Finished::Report(r) => match r.get("result_size") {
            Some(Value::Int(n)) => *n,
            _ => panic!("{what}: no result_size"),
        },
    };
    assert!(bare == out, "{what}: unmeasured bytes differ");
    assert_eq!((len, bare_last), (out.len() as u64, last), "{what}: unmeasured length and progress");
    (out, untimed(report))
}

fn random(len: usize, seed: u64) -> Vec<u8> {
    let mut rng = Sequence::new(seed, 3);
    (0..len).map(|_| rng.u32() as u8).collect()
}

/// Log lines: text that byte_flip at low intensity leaves looking intact, so it escalates.
fn text(len: usize) -> Vec<u8> {
    b"timestamp,level,message\n"
        .iter()
        .chain(b"2026-11-21 INFO request served in 12 ms, {ok} [1]\n".iter().cycle())
        .copied()
        .take(len)
        .collect()
}

fn check(input: &[u8], name: &str, mode: &str, intensity: u32, seed: u64, options: &Options, piece: usize) -> bool {
    let (data, report) = corrupt_with(input, name, mode, intensity, seed, options).unwrap();
    let (out, got) = streamed(input, name, mode, intensity, seed, options, piece);
    let what = format!("{name} n={} {mode} i={intensity} s={seed} piece={piece}", input.len());
    assert!(out == data, "{what}: bytes differ");
    assert_eq!(got, untimed(report.clone()), "{what}: report");
    report.get("escalated") == Some(&Value::Bool(true))
}

/// `check` for guaranteed_break, on both streamed paths (the native pipeline and `Streaming`).
fn check_break(input: &[u8], name: &str, intensity: u32, seed: u64, piece: usize) -> bool {
    let options = Options::default();
    let escalated = check(input, name, "guaranteed_break", intensity, seed, &options, piece);
    let (want, report) = corrupt_with(input, name, "guaranteed_break", intensity, seed, &options).unwrap();
    let (got, got_report) =
        driven(input, &Args { name, mode: "guaranteed_break", intensity, seed, options: &options }, piece, false);
    let what = format!("driven {name} n={} i={intensity} s={seed} piece={piece}", input.len());
    assert!(got == want, "{what}: bytes differ");
    assert_eq!(got_report, untimed(report), "{what}: report");
    escalated
}

#[test]
fn every_streamed_mode_matches_the_whole_buffer() {
    let c = flip::CHUNK;
    let mut escalated = 0;
    for len in [0usize, 1, 5, 1000, 8192, 8197, c, c + 1, 3 * c + 4097, 204_800, 300_001] {
        for (data, name) in
            [(random(len, 1), "blob.bin"), (text(len), "app.log"), (text(len), "data.csv"), (text(len), "data.json")]
        {
            for mode in MODES {
                for (intensity, seed) in [(0, 1u64), (37, 99), (100, 2_147_483_646)] {
                    for piece in [c, 2 * c] {
                        if check(&data, name, mode, intensity, seed, &Options::default(), piece) {
                            escalated += 1;
                        }
                    }
                }
            }
        }
    }
    assert!(escalated > 0, "no case escalated");
}

#[test]
fn byte_ranges_stream_too() {
    let c = flip::CHUNK;
    let input = random(5 * c + 123, 7);
    let text = text(5 * c + 123);
    let cases: [(&[&str], &[&str]); 4] = [
        (&["0x100:0x30000"], &[]),
        (&[], &["-512:"]),
        (&["1000:70000", "200000:"], &["65000:66000"]),
        (&["4096:8192"], &[]),
    ];
    for (only, protect) in cases {
        let options = Options {
            ranges: Ranges {
                only: only.iter().map(|s| s.to_string()).collect(),
                protect: protect.iter().map(|s| s.to_string()).collect(),
            },
            fix_checksums: false,
            member: None,
            ..Options::default()
        };
        for mode in ["byte_flip", "header_preserve_flip", "bad_sectors", "bit_rot", "seven_bit", "misdirected_write"] {
            for (data, name) in [(&input, "blob.bin"), (&text, "data.csv")] {
                for intensity in [3, 80] {
                    check(data, name, mode, intensity, 5, &options, c);
                }
            }
        }
    }
}

/// A PNG of several chunks, `idat` IDAT chunks of `size` data bytes each (CRCs zero: the map does
/// not check them).
fn png_of(idat: usize, size: usize) -> Vec<u8> {
    let mut v = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut chunk = |t: &[u8], data: &[u8]| {
        v.extend((data.len() as u32).to_be_bytes());
        v.extend(t);
        v.extend(data);
        v.extend([0, 0, 0, 0]);
    };
    chunk(b"IHDR", &[0; 13]);
    for k in 0..idat {
        chunk(b"IDAT", &random(size, k as u64 + 3));
    }
    chunk(b"IEND", b"");
    v
}

#[test]
fn selectors_stream_too() {
    let c = flip::CHUNK;
    let input = png_of(5, c + 777);
    let sel = |only: &[&str], protect: &[&str]| Options {
        ranges: Ranges {
            only: only.iter().map(|s| s.to_string()).collect(),
            protect: protect.iter().map(|s| s.to_string()).collect(),
        },
        ..Options::default()
    };
    for options in [sel(&["png:IDAT/data"], &[]), sel(&["png:IDAT#1", "0:100"], &["png:*/crc"])] {
        for mode in ["byte_flip", "bad_sectors", "bit_rot"] {
            check(&input, "a.png", mode, 60, 9, &options, c);
        }
        let args = Args { name: "a.png", mode: "byte_flip", intensity: 60, seed: 9, options: &options };
        // `Streaming` has only the head: the selectors wait for the input read by position
        // (`select`), unless the head is the whole input; then the run is planned. Its pieces are
        // edited here alone (a helper, with the head only, could not resolve the selectors).
        let s = Streaming::new(input.len() as u64, &input[..c], &args).unwrap();
        assert!(s.selects() && !s.piecewise());
        for shared in [false, true] {
            let (got, report) = driven(&input, &args, c, shared);
            let (want, want_report) = corrupt_with(&input, "a.png", "byte_flip", 60, 9, &options).unwrap();
            assert!(got == want);
            assert_eq!(report, untimed(want_report));
        }
        let small = png_of(2, 100);
        let (got, report) = driven(&small, &args, c, false);
        let (want, want_report) = corrupt_with(&small, "a.png", "byte_flip", 60, 9, &options).unwrap();
        assert!(got == want);
        assert_eq!(report, untimed(want_report));
    }
    // Only IDAT data changes; the report keeps the selector and lists what it resolved to.
    let options = sel(&["png:IDAT/data"], &[]);
    let (out, report) = corrupt_with(&input, "a.png", "byte_flip", 60, 9, &options).unwrap();
    let map = crate::structure::map_bytes(crate::formats::Family::Png, &input);
    for r in &map {
        let same = out[r.start as usize..r.end as usize] == input[r.start as usize..r.end as usize];
        assert_eq!(same, !r.path.ends_with("/data") || !r.path.starts_with("png:IDAT"), "{}", r.path);
    }
    assert_eq!(report.get("ranges"), Some(&Value::Str("only png:IDAT/data".into())));
    let Some(Value::Str(selected)) = report.get("selected") else { panic!("no selected field") };
    assert!(selected.starts_with("only png:IDAT/data = 41:") && selected.matches(':').count() == 6, "{selected}");
    // Errors: nothing matched, another format; both paths alike.
    for (text, want) in [
        ("png:tEXt", "Selector \"png:tEXt\" matches nothing in this file; its units are signature, IHDR, IDAT#0, IDAT#1, IDAT#2, IDAT#3, IDAT#4, IEND (8 in all)"),
        ("zip:eocd", "Selector \"zip:eocd\" is for zip files, but this file's structure map is png"),
    ] {
        let options = sel(&[text], &[]);
        let e = corrupt_with(&input, "a.png", "byte_flip", 60, 9, &options).unwrap_err();
        assert_eq!(e.to_string(), want);
        let args = Args { name: "a.png", mode: "byte_flip", intensity: 60, seed: 9, options: &options };
        let e = corrupt_stream(&Bytes(&input), &args, &mut Vec::new(), &mut |_, _| {}).err().unwrap();
        assert_eq!(e.to_string(), want);
        let mut s = Streaming::new(input.len() as u64, &input[..flip::CHUNK], &args).unwrap();
        assert_eq!(s.select(Read(&input)).err().unwrap().to_string(), want);
        // And before any output exists (the command line's check of a streamed input).
        assert_eq!(check_input(&Bytes(&input), &args).err().unwrap().to_string(), want);
    }
    let good = sel(&["png:IDAT/data"], &[]);
    let args = Args { name: "a.png", mode: "byte_flip", intensity: 60, seed: 9, options: &good };
    assert!(check_input(&Bytes(&input), &args).is_ok());
    let none = Options::default();
    let args = Args { name: "a.png", mode: "byte_flip", intensity: 101, seed: 9, options: &none };
    assert!(check_input(&Bytes(&input), &args).err().unwrap().to_string().starts_with("Intensity must be"));
}

#[test]
fn full_size_pieces_and_threads() {
    // Longer than two pieces, so the pipeline holds several pieces at once.
    let input = random(2 * PIECE + 3 * flip::CHUNK + 77, 11);
    for mode in MODES {
        check(&input, "blob.bin", mode, 80, 1_234_567_890, &Options::default(), PIECE);
    }
}

#[test]
fn checksum_fixing_is_refused() {
    let mut sink = Vec::new();
    let fix = Options { fix_checksums: true, ..Options::default() };
    // Fixing streams only into a file (`corrupt_fixed`).
    let args = Args { name: "a.zip", mode: "byte_flip", intensity: 5, seed: 1, options: &fix };
    let e = corrupt_stream(&Bytes(b"abc"), &args, &mut sink, &mut |_, _| {});
    assert!(matches!(e, Err(StreamError::Io(ref io)) if io.kind() == io::ErrorKind::Unsupported));
    // The arguments' errors come first, as in the scan stage.
    let args = Args { name: "a.txt", mode: "nope", intensity: 5, seed: 1, options: &Options::default() };
    let e = corrupt_stream(&Bytes(b"abc"), &args, &mut sink, &mut |_, _| {});
    assert_eq!(e.unwrap_err().to_string(), "Unsupported corruption mode: nope");
}

#[test]
fn a_source_that_shrinks_is_an_error() {
    struct Lying;
    impl Source for Lying {
        fn size(&self) -> u64 {
            3 * flip::CHUNK as u64
        }
        fn read_at(&self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
            if pos + buf.len() as u64 > flip::CHUNK as u64 {
                return Err(changed());
            }
            buf.fill(1);
            Ok(())
        }
    }
    let mut sink = Vec::new();
    let args = Args { name: "x.bin", mode: "bit_rot", intensity: 5, seed: 1, options: &Options::default() };
    for measured in [Measured::Both, Measured::Neither] {
        let e = corrupt_in_pieces(&Lying, &args, &mut sink, &mut |_, _| {}, flip::CHUNK, measured);
        assert_eq!(e.err().map(|e| e.to_string()).as_deref(), Some("the file changed while it was being read"));
    }
}

#[test]
fn inserted_bytes_come_out_as_one_fill() {
    let mut whole = Sequence::new(5, 0);
    let want = whole.fill(1001);
    let mut f = Filler::new(Sequence::new(5, 0));
    let mut got = vec![0u8; 1001];
    let (a, rest) = got.split_at_mut(3);
    let (b, c) = rest.split_at_mut(500);
    f.next(a);
    f.next(b);
    f.next(c);
    assert_eq!(got, want);
}

/// The caller-driven `Streaming`, run the way the npm CLI runs it (pieces of `piece` bytes, the input
/// measured from the pieces or read again in order), against the whole buffer. `shared`: where the
/// run is `piecewise`, a second run made with the same arguments edits every other piece, as the npm
/// CLI's helper thread does, and its tally is added at the end.
fn driven(input: &[u8], args: &Args, piece: usize, shared: bool) -> (Vec<u8>, Report) {
    let n = input.len();
    let head = &input[..n.min(flip::CHUNK)];
    let mut s = Streaming::new(n as u64, head, args).unwrap();
    s.select(Read(input)).unwrap();
    s.map(Read(input)).unwrap();
    // The helper's run has the head only; it counts its pieces' hits in the main run's regions.
    let mut helper = (shared && s.piecewise()).then(|| {
        let mut h = Streaming::new(n as u64, head, args).unwrap();
        h.count_regions(&s.bounds());
        h
    });
    if s.counting_pass() {
        for (i, p) in input.chunks(piece).enumerate() {
            s.count(&mut p.to_vec(), (i * piece) as u64);
        }
        s.decide();
    }
    let (mut sha_in, mut sha_out) = (Sha256Hasher::default(), Sha256Hasher::default());
    if !s.measures_in_place() {
        sha_in.update(input);
        s.count_input(input);
    }
    let out_len = s.out_len() as usize;
    let mut out = Vec::new();
    if s.breaks() {
        // guaranteed_break and the conversions: input pieces in, whatever output they complete out.
        for (i, p) in input.chunks(piece).enumerate() {
            sha_in.update(p);
            s.count_input(p);
            let done = s.break_piece(p, (i * piece) as u64);
            sha_out.update(&done);
            out.extend_from_slice(&done);
        }
        // A conversion's length is known once every piece is in.
        assert_eq!(out.len() as u64, s.out_len());
        let report = s.report(sha_in.hex(), sha_out.hex(), 0.0, 0.0);
        return (out, untimed(report));
    }
    let mut pos = 0;
    while pos < out_len {
        let len = piece.min(out_len - pos);
        let mut buf = vec![0u8; len];
        let mut input_part = None;
        for (i, seg) in s.segments(pos as u64, len).into_iter().enumerate() {
            match seg.from {
                Some(f) => buf[seg.at..seg.at + seg.len].copy_from_slice(&input[f as usize..f as usize + seg.len]),
                None => s.fill(&mut buf[seg.at..seg.at + seg.len]),
            }
            if i == 0 && s.measures_in_place() {
                sha_in.update(&buf);
                input_part = Some(buf.clone());
            }
        }
        // Every other piece to the helper, which counts its input and output bytes itself.
        let run = match helper.as_mut() {
            Some(h) if (pos / piece) % 2 == 1 => h,
            _ => &mut s,
        };
        if let Some(part) = input_part {
            run.count_input(&part);
        }
        run.edit_counted(&mut buf, pos as u64, false, true);
        sha_out.update(&buf);
        out.extend_from_slice(&buf);
        pos += len;
    }
    if let Some(h) = helper {
        s.add_tally(&h.tally()).unwrap();
    }
    let report = s.report(sha_in.hex(), sha_out.hex(), 0.0, 0.0);
    (out, untimed(report))
}

#[test]
fn the_caller_driven_stream_matches_the_whole_buffer() {
    let c = flip::CHUNK;
    for len in [0usize, 1, 1000, 8197, c + 1, 3 * c + 4097, 300_001] {
        for (data, name) in [(random(len, 4), "blob.bin"), (text(len), "app.log"), (text(len), "data.json")] {
            for mode in MODES {
                for (intensity, seed) in [(0, 1u64), (100, 77)] {
                    let (want, report) = corrupt_with(&data, name, mode, intensity, seed, &Options::default()).unwrap();
                    for shared in [false, true] {
                        let (got, got_report) = driven(
                            &data,
                            &Args { name, mode, intensity, seed, options: &Options::default() },
                            c,
                            shared,
                        );
                        let what = format!("{name} n={len} {mode} i={intensity} s={seed} shared={shared}");
                        assert!(got == want, "{what}: bytes differ");
                        assert_eq!(got_report, untimed(report.clone()), "{what}: report");
                    }
                }
            }
        }
    }
}

#[test]
fn the_position_keyed_edits_are_piecewise() {
    let data = random(300_001, 9);
    let head = &data[..flip::CHUNK];
    let piecewise = |name: &str, mode: &str| {
        let s = Streaming::new(
            data.len() as u64,
            head,
            &Args { name, mode, intensity: 50, seed: 3, options: &Options::default() },
        )
        .unwrap();
        s.piecewise()
    };
    for mode in ["byte_flip", "header_preserve_flip", "bad_sectors", "bit_rot", "seven_bit"] {
        assert!(piecewise("blob.bin", mode), "{mode}");
    }
    for mode in [
        "truncate_insert",
        "shuffle_blocks",
        "interrupted_transfer",
        "guaranteed_break",
        "text_transfer",
        "charset_roundtrip",
        "misdirected_write",
    ] {
        assert!(!piecewise("blob.bin", mode), "{mode}");
    }
    // byte_flip on json counts the whole output first: not until `decide`.
    assert!(!piecewise("data.json", "byte_flip"));
}

mod guaranteed_break;

/// shuffle_blocks' streamed windows, with windows of a few blocks so that pieces meet many of them:
/// the pieces' segments make `shuffle::apply`'s bytes, in order, out of order and across windows.
#[test]
fn shuffle_windows_stream_as_the_whole_buffer() {
    let block = shuffle::SHUFFLE_BLOCK_BYTES;
    let input: Vec<u8> = (0..block * 23 + 300).map(|i| ((i / block) * 13 + i % 241) as u8).collect();
    for (window, piece) in [(3u64, block), (3, 2 * block), (5, 7 * block), (2, 3 * block), (40, block)] {
        let plan = shuffle::plan_windowed(input.len() as u64, 100, 42, window);
        let want = shuffle::apply(&input, &plan);
        assert_ne!(want, input);
        let layout = Layout::Same { moves: Some(Moves::Shuffle(Box::new(std::sync::Mutex::new(Shuffler::new(plan))))) };
        let starts: Vec<usize> = (0..input.len()).step_by(piece).collect();
        for order in [starts.clone(), starts.iter().rev().copied().collect()] {
            let mut out = vec![0u8; input.len()];
            for &pos in &order {
                let len = piece.min(input.len() - pos);
                for seg in segments(&layout, pos as u64, len) {
                    let from = seg.from.unwrap() as usize;
                    out[pos + seg.at..pos + seg.at + seg.len].copy_from_slice(&input[from..from + seg.len]);
                }
            }
            assert!(out == want, "window {window}, piece {piece}");
        }
    }
}

/// `corrupt_held` (the benchmark's run: `Streaming` driven on one thread over bytes in memory) gives
/// the whole buffer's bytes and report in every mode, over more than one piece, with byte_flip's
/// counting pass (json) and a structured input (a PNG of the benchmark's generator).
#[test]
fn the_run_on_bytes_held_matches_the_whole_buffer() {
    let len = 2 * PIECE + 4097;
    let png = crate::bench::input(crate::bench::Input::Png, len, 3).unwrap();
    for (data, name) in [(random(len, 4), "blob.bin"), (text(len), "data.json"), (png, "bench.png")] {
        for mode in MODES.iter().copied().chain(["guaranteed_break"]) {
            for (intensity, seed) in [(10, 1u64), (100, 77)] {
                let (want, report) = corrupt_with(&data, name, mode, intensity, seed, &Options::default()).unwrap();
                let mut got = Vec::new();
                let args = Args { name, mode, intensity, seed, options: &Options::default() };
                let got_report = corrupt_held(&data, &args, &mut got).unwrap();
                let what = format!("{name} {mode} i={intensity} s={seed}");
                assert!(got == want, "{what}: bytes differ");
                assert_eq!(untimed(got_report), untimed(report), "{what}: report");
            }
        }
    }
}

/// Text with CR LF, lone CRs and LFs, UTF-8 (well-formed and cut), CP1252 bytes and a BOM: every
/// unit of the conversion modes, and CR LF pairs and UTF-8 sequences across chunk boundaries.
fn mixed(len: usize) -> Vec<u8> {
    let parts: [&[u8]; 7] = [
        b"\xEF\xBB\xBFline\r\n",
        "caf\u{e9} \u{20ac}\n".as_bytes(),
        b"\r",
        b"\x93q\x94\x81",
        b"\xE2\x82",
        b"\n\r\r\n",
        b"x",
    ];
    let mut rng = Sequence::new(len as u64, 8);
    let mut out = Vec::with_capacity(len + 16);
    while out.len() < len {
        out.extend_from_slice(parts[rng.below(7) as usize]);
    }
    out.truncate(len);
    // A CR LF pair and a UTF-8 character cut by the first two chunk boundaries.
    let c = flip::CHUNK;
    if len > 2 * c + 2 {
        out[c - 1..c + 1].copy_from_slice(b"\r\n");
        out[2 * c - 1..2 * c + 2].copy_from_slice("\u{20ac}".as_bytes());
    }
    out
}

/// The conversion modes and misdirected_write with every option, on both streamed paths (the native
/// pipeline, with pieces of one and two chunks, and `Streaming`), against the whole buffer.
#[test]
fn the_new_modes_options_stream_too() {
    let c = flip::CHUNK;
    let o = |d: Option<&str>, ch: Option<&str>, b: Option<&str>, size: Option<&str>| Options {
        direction: d.map(String::from),
        charset: ch.map(String::from),
        bom: b.map(String::from),
        block_size: size.map(String::from),
        ..Options::default()
    };
    let cases = [
        ("text_transfer", o(Some("lf_to_crlf"), None, None, None)),
        ("text_transfer", o(Some("crlf_to_lf"), None, None, None)),
        ("charset_roundtrip", o(None, Some("latin1"), Some("add"), None)),
        ("charset_roundtrip", o(Some("from_utf8"), None, Some("strip"), None)),
        ("charset_roundtrip", o(Some("from_utf8"), Some("latin1"), None, None)),
        ("misdirected_write", o(None, None, None, Some("512"))),
    ];
    for len in [0usize, 1, 3, c - 1, c, c + 2, 3 * c + 4097] {
        for (data, name) in [(mixed(len), "notes.txt"), (random(len, 5), "blob.bin")] {
            for (mode, options) in &cases {
                for (intensity, seed) in [(0, 3u64), (41, 8), (100, 2_147_483_646)] {
                    for piece in [c, 2 * c] {
                        check(&data, name, mode, intensity, seed, options, piece);
                    }
                    let (want, report) = corrupt_with(&data, name, mode, intensity, seed, options).unwrap();
                    let args = Args { name, mode, intensity, seed, options };
                    let (got, got_report) = driven(&data, &args, c, false);
                    let what = format!("driven {name} n={len} {mode} {options:?} i={intensity}");
                    assert!(got == want, "{what}: bytes differ");
                    assert_eq!(got_report, untimed(report), "{what}: report");
                }
            }
        }
    }
}
