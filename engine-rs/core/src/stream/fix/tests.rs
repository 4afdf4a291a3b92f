//! Streamed fixing against the whole-buffer stages: the same bytes and report (timing aside) for every
//! family with a walk, with 64 KiB pieces, crafted overlaps, protect ranges and escalation.

use super::*;
use crate::checksums::CRC32;
use crate::modes::flip;
use crate::options::Ranges;
use crate::rng::Sequence;
use crate::{corrupt_with, Args, Options, Value};

const MODES: [&str; 4] = ["byte_flip", "header_preserve_flip", "bad_sectors", "bit_rot"];

fn untimed(mut r: Report) -> Report {
    r.fields.retain(|(k, _)| !matches!(*k, "time_ms" | "ops_ms"));
    r
}

fn random(len: usize, seed: u64) -> Vec<u8> {
    let mut rng = Sequence::new(seed, 3);
    (0..len).map(|_| rng.u32() as u8).collect()
}

fn text(len: usize) -> Vec<u8> {
    b"2026-11-21 INFO request served in 12 ms\n".iter().cycle().copied().take(len).collect()
}

fn temp(tag: &str) -> std::path::PathBuf {
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    std::env::temp_dir().join(format!("fracture-fix-test-{}-{tag}-{nanos}", std::process::id()))
}

fn streamed(input: &[u8], name: &str, mode: &str, intensity: u32, seed: u64, options: &Options) -> (Vec<u8>, Report) {
    let path = temp(mode);
    let out = File::options().read(true).write(true).create(true).truncate(true).open(&path).unwrap();
    // A longer file than the output is cut to the output's length.
    out.set_len(input.len() as u64 + 7).unwrap();
    let mut seen = Vec::new();
    let args = Args { name, mode, intensity, seed, options };
    let report = fixed_in_pieces(&crate::stream::Bytes(input), &out, &args, &mut |d, t| seen.push((d, t)), flip::CHUNK)
        .unwrap_or_else(|e| panic!("{name} {mode} {intensity} {seed}: {e}"));
    drop(out);
    let data = std::fs::read(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    // Progress: writing is the first half, measuring the fixed output the second, which ends whole.
    let len = data.len() as u64;
    if len > 0 {
        // An escalated run starts again from the beginning: its last attempt rises to the end.
        let rises =
            |w: &[(u64, u64)]| u128::from(w[0].0) * u128::from(w[1].1) <= u128::from(w[1].0) * u128::from(w[0].1);
        let start = seen.windows(2).rposition(|w| !rises(w)).map_or(0, |i| i + 1);
        let last_attempt = &seen[start..];
        assert!(last_attempt.contains(&(len, 2 * len)), "{name} {mode}: {last_attempt:?}");
        assert_eq!(seen.last(), Some(&(2 * len, 2 * len)));
    }
    (data, untimed(report))
}

/// Returns whether the run escalated.
fn check(input: &[u8], name: &str, mode: &str, intensity: u32, seed: u64, options: &Options) -> bool {
    let (data, report) = corrupt_with(input, name, mode, intensity, seed, options).unwrap();
    let (out, got) = streamed(input, name, mode, intensity, seed, options);
    let what = format!("{name} n={} {mode} i={intensity} s={seed}", input.len());
    assert!(out == data, "{what}: bytes differ");
    assert_eq!(got, untimed(report.clone()), "{what}: report");
    report.get("escalated") == Some(&Value::Bool(true))
}

fn fixed_count(input: &[u8], name: &str, mode: &str, intensity: u32, seed: u64, options: &Options) -> u64 {
    let (_, report) = corrupt_with(input, name, mode, intensity, seed, options).unwrap();
    match report.get("checksums_fixed") {
        Some(Value::Counts(c)) => c.iter().map(|(_, v)| v).sum(),
        _ => 0,
    }
}

fn png_chunk(kind: &[u8], data: &[u8]) -> Vec<u8> {
    let mut c = (data.len() as u32).to_be_bytes().to_vec();
    c.extend_from_slice(kind);
    c.extend_from_slice(data);
    let crc = CRC32.checksum(&c[4..]);
    c.extend_from_slice(&crc.to_be_bytes());
    c
}

fn png(chunks: usize) -> Vec<u8> {
    let mut p = b"\x89PNG\r\n\x1a\n".to_vec();
    p.extend(png_chunk(b"IHDR", &[0, 0, 1, 0, 0, 0, 1, 0, 8, 0, 0, 0, 0]));
    for i in 0..chunks {
        p.extend(png_chunk(b"IDAT", &random(9_000 + 37 * i, i as u64)));
    }
    p.extend(png_chunk(b"IEND", &[]));
    p
}

fn local(name: &[u8], data_len: u32, crc: u32, flags: u16) -> Vec<u8> {
    let mut h = b"PK\x03\x04\x14\x00".to_vec();
    h.extend(flags.to_le_bytes());
    h.extend([0; 6]); // method 0, time, date
    h.extend(crc.to_le_bytes());
    h.extend(data_len.to_le_bytes());
    h.extend(data_len.to_le_bytes());
    h.extend((name.len() as u16).to_le_bytes());
    h.extend([0, 0]);
    h.extend(name);
    h
}

fn central(name: &[u8], data_len: u32, crc: u32, flags: u16, lho: u32) -> Vec<u8> {
    let mut h = b"PK\x01\x02\x14\x00\x14\x00".to_vec();
    h.extend(flags.to_le_bytes());
    h.extend([0; 6]);
    h.extend(crc.to_le_bytes());
    h.extend(data_len.to_le_bytes());
    h.extend(data_len.to_le_bytes());
    h.extend((name.len() as u16).to_le_bytes());
    h.extend([0; 12]);
    h.extend(lho.to_le_bytes());
    h.extend(name);
    h
}

fn eocd(count: u16, cd_len: u32, cd_at: u32) -> Vec<u8> {
    let mut e = b"PK\x05\x06\0\0\0\0".to_vec();
    e.extend(count.to_le_bytes());
    e.extend(count.to_le_bytes());
    e.extend(cd_len.to_le_bytes());
    e.extend(cd_at.to_le_bytes());
    e.extend([0, 0]);
    e
}

/// A stored zip of text entries, every third with a data descriptor, many entries.
fn zip(entries: usize) -> Vec<u8> {
    let (mut z, mut cd) = (Vec::new(), Vec::new());
    for i in 0..entries {
        let name = format!("dir/file{i}.txt").into_bytes();
        let data = text(500 + 13 * i);
        let crc = CRC32.checksum(&data);
        let flags = if i % 3 == 2 { 8 } else { 0 };
        let lho = z.len() as u32;
        z.extend(local(&name, data.len() as u32, if flags == 8 { 0 } else { crc }, flags));
        z.extend(&data);
        if flags == 8 {
            z.extend(b"PK\x07\x08");
            z.extend(crc.to_le_bytes());
            z.extend((data.len() as u32).to_le_bytes());
            z.extend((data.len() as u32).to_le_bytes());
        }
        cd.extend(central(&name, data.len() as u32, crc, flags, lho));
    }
    let at = z.len() as u32;
    z.extend(&cd);
    z.extend(eocd(entries as u16, cd.len() as u32, at));
    z
}

/// Crafted: entry 2's stored data covers entry 1's local header, so entry 1's fixed CRC (walked
/// first) is part of what entry 2's CRC is computed over.
fn zip_overlapping() -> Vec<u8> {
    let data = random(100_000, 9);
    let inner = local(b"a", data.len() as u32, CRC32.checksum(&data), 0);
    let outer_len = (inner.len() + data.len()) as u32;
    let mut z = local(b"b", outer_len, 0, 0);
    let inner_at = z.len() as u32;
    z.extend(&inner);
    z.extend(&data);
    let at = z.len() as u32;
    let mut cd = central(b"a", data.len() as u32, 0, 0, inner_at);
    cd.extend(central(b"b", outer_len, 0, 0, 0));
    z.extend(&cd);
    z.extend(eocd(2, cd.len() as u32, at));
    z
}

fn tar(files: usize) -> Vec<u8> {
    let mut t = Vec::new();
    for i in 0..files {
        let data = text(700 + 311 * i);
        let mut h = vec![0u8; 512];
        let name = format!("logs/app{i}.log");
        h[..name.len()].copy_from_slice(name.as_bytes());
        h[100..107].copy_from_slice(b"0000644");
        h[124..135].copy_from_slice(format!("{:011o}", data.len()).as_bytes());
        h[156] = b'0';
        h[257..263].copy_from_slice(b"ustar\0");
        h[148..156].copy_from_slice(b"        ");
        let sum: u64 = h.iter().map(|&b| u64::from(b)).sum();
        h[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
        t.extend(h);
        t.extend(&data);
        t.resize(t.len().div_ceil(512) * 512, 0);
    }
    t.resize(t.len() + 1024, 0);
    t
}

fn ogg(pages: usize) -> Vec<u8> {
    let mut o = Vec::new();
    for i in 0..pages {
        let segs = 1 + (i * 7) % 255;
        let body = random(segs * 255 - (i % 200), i as u64 + 50);
        let mut table: Vec<u8> = vec![255; body.len() / 255];
        table.push((body.len() % 255) as u8);
        let mut p = b"OggS\0\0".to_vec();
        p.extend((i as u64 * 1000).to_le_bytes());
        p.extend(7u32.to_le_bytes());
        p.extend((i as u32).to_le_bytes());
        p.extend([0; 4]);
        p.push(table.len() as u8);
        p.extend(&table);
        p.extend(&body);
        let crc = crate::checksums::OGG_CRC32.checksum(&p);
        p[22..26].copy_from_slice(&crc.to_le_bytes());
        o.extend(p);
    }
    o
}

fn flac(frames: usize) -> Vec<u8> {
    let mut f = b"fLaC".to_vec();
    f.push(0x80); // the last block: STREAMINFO, 34 bytes, MD5 zero
    f.extend([0, 0, 34]);
    f.extend([0x10, 0, 0x10, 0, 0, 0, 0, 0, 0, 0, 0x0A, 0xC4, 0x42, 0xF0, 0, 0, 0, 0]);
    f.extend([0; 16]);
    for i in 0..frames {
        let start = f.len();
        f.extend([0xFF, 0xF8, 0x19, 0x08, (i % 128) as u8]);
        let c8 = crate::checksums::FLAC_CRC8.checksum(&f[start..]);
        f.push(c8);
        // Payload without 0xFF, so no false sync inside a frame.
        f.extend(random(3_000 + 17 * i, i as u64 + 90).iter().map(|&b| b & 0x7F));
        let c16 = crate::checksums::FLAC_CRC16.checksum(&f[start..]);
        f.extend(c16.to_be_bytes());
    }
    f
}

#[test]
fn streamed_fixing_matches_the_whole_buffer_in_every_family() {
    let samples: Vec<(Vec<u8>, &str)> = vec![
        (png(40), "image.png"),
        (zip(300), "bundle.zip"),
        (zip_overlapping(), "crafted.zip"),
        (tar(60), "logs.tar"),
        (ogg(120), "sound.ogg"),
        (flac(90), "sound.flac"),
        (random(200_003, 4), "blob.bin"),
        (Vec::new(), "empty.png"),
        (png(0)[..20].to_vec(), "short.png"),
    ];
    let fix = Options { fix_checksums: true, ..Options::default() };
    let mut escalated = 0;
    for (data, name) in &samples {
        assert!(data.len() > 3 * flip::CHUNK || data.len() < 200_100 || name.starts_with("crafted"), "{name}");
        let mut fixed_any = false;
        for mode in MODES {
            for (intensity, seed) in [(1, 3), (35, 11), (100, 42)] {
                if check(data, name, mode, intensity, seed, &fix) {
                    escalated += 1;
                }
                fixed_any |= fixed_count(data, name, mode, intensity, seed, &fix) > 0;
            }
        }
        assert!(
            fixed_any || data.len() < 100 || name.ends_with(".bin"),
            "{name}: no field was fixed, so the walk was not exercised"
        );
    }
    assert!(escalated > 0, "no case escalated");
}

#[test]
fn protect_ranges_and_only_ranges_stream_with_fixing() {
    let z = zip(200);
    let n = z.len() as u64;
    for (only, protect) in [
        (vec![], vec![format!("0:{}", n / 3)]),
        (vec![format!("{}:{}", n / 4, n / 2)], vec![format!("{}:{}", n / 3, n / 3 + 4096)]),
        (vec![], vec!["-5000:".to_string()]),
    ] {
        let options =
            Options { ranges: Ranges { only, protect }, fix_checksums: true, member: None, ..Options::default() };
        for mode in MODES {
            check(&z, "bundle.zip", mode, 60, 8, &options);
        }
        let (_, r) = corrupt_with(&z, "bundle.zip", "byte_flip", 60, 8, &options).unwrap();
        assert!(matches!(r.get("checksums_unfixable"), Some(Value::Str(s)) if s.contains("protected")));
    }
}

#[test]
fn guaranteed_break_does_not_stream_with_fixing() {
    let path = temp("gb");
    let out = File::options().read(true).write(true).create(true).truncate(true).open(&path).unwrap();
    let fix = Options { fix_checksums: true, ..Options::default() };
    let args = Args { name: "a.txt", mode: "guaranteed_break", intensity: 5, seed: 1, options: &fix };
    let e = corrupt_fixed(&crate::stream::Bytes(b"abc"), &out, &args, &mut |_, _| {});
    std::fs::remove_file(&path).unwrap();
    assert!(e.is_err());
}

/// An output held in memory, read and written by position (the npm host uses file descriptors).
struct Held<'a>(&'a mut [u8]);

impl Positional for Held<'_> {
    fn size(&self) -> u64 {
        self.0.len() as u64
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        buf.copy_from_slice(&self.0[pos as usize..pos as usize + buf.len()]);
        Ok(())
    }

    fn write_at(&mut self, pos: u64, bytes: &[u8]) -> io::Result<()> {
        self.0[pos as usize..pos as usize + bytes.len()].copy_from_slice(bytes);
        Ok(())
    }
}

/// The caller-driven `Streaming` with fixing, run as the npm CLI runs it: write every piece, `fix`,
/// count and hash the fixed output, `judge` (and go again when it escalates).
fn driven(input: &[u8], name: &str, mode: &str, intensity: u32, seed: u64, options: &Options) -> (Vec<u8>, Report) {
    let n = input.len();
    let piece = flip::CHUNK;
    let mut s =
        crate::stream::Streaming::new(n as u64, &input[..n.min(piece)], &Args { name, mode, intensity, seed, options })
            .unwrap();
    s.map(SourceAt(&crate::stream::Bytes(input))).unwrap();
    assert!(s.fixes() && !s.counting_pass() && s.measures_in_place());
    let mut rounds = 0;
    loop {
        rounds += 1;
        assert!(rounds <= 2, "a run escalates at most once");
        let mut sha_in = crate::Sha256Hasher::default();
        let mut out = vec![0u8; n];
        for (i, part) in out.chunks_mut(piece).enumerate() {
            part.copy_from_slice(&input[i * piece..i * piece + part.len()]);
            sha_in.update(part);
            s.count_input(part);
            s.edit(part, (i * piece) as u64);
            s.count_output(part);
        }
        s.fix(SourceAt(&crate::stream::Bytes(input)), Held(&mut out)).unwrap();
        let mut sha_out = crate::Sha256Hasher::default();
        for part in out.chunks(piece) {
            sha_out.update(part);
            s.count_output(part);
        }
        if s.judge(&out[..n.min(1024)]) {
            continue;
        }
        return (out, untimed(s.report(sha_in.hex(), sha_out.hex(), 0.0, 0.0)));
    }
}

#[test]
fn the_caller_driven_stream_fixes_as_the_whole_buffer() {
    let fix = Options { fix_checksums: true, ..Options::default() };
    let protect = Options {
        ranges: Ranges { only: vec![], protect: vec!["0:70000".into()] },
        fix_checksums: true,
        member: None,
        ..Options::default()
    };
    let mut escalated = 0;
    for (data, name) in [
        (png(30), "image.png"),
        (zip(200), "bundle.zip"),
        (zip_overlapping(), "crafted.zip"),
        (tar(40), "logs.tar"),
        (ogg(80), "sound.ogg"),
        (flac(60), "sound.flac"),
        (Vec::new(), "empty.zip"),
    ] {
        for options in [&fix, &protect] {
            for mode in MODES {
                for (intensity, seed) in [(1, 3), (100, 42)] {
                    let (want, report) = corrupt_with(&data, name, mode, intensity, seed, options).unwrap();
                    let (got, got_report) = driven(&data, name, mode, intensity, seed, options);
                    let what = format!("{name} {mode} {intensity} {seed}");
                    assert!(got == want, "{what}: bytes differ");
                    assert_eq!(got_report, untimed(report.clone()), "{what}: report");
                    escalated += usize::from(report.get("escalated") == Some(&Value::Bool(true)));
                }
            }
        }
    }
    assert!(escalated > 0, "no case escalated");
}
