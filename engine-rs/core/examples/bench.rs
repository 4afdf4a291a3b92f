//! The native side of the benchmark (tests/bench/run.mjs): times the engine in-process, so neither
//! process start-up nor file I/O is inside a timing, and measures what bounds byte_flip.
//!
//!   bench job FILE NAME MODE INTENSITY SEED REPEAT    the five stages of `Job`, as the CLI runs them
//!   bench entropy FILE REPEAT                          the entropy pass alone
//!   bench parts FILE INTENSITY SEED REPEAT             byte_flip taken apart (see `parts`)
//!
//! Each prints one JSON object with one entry per repeat: the wall-clock time of every timed piece
//! (ms) and their total. The file is read again before every repeat, outside the timing, so a repeat
//! never holds a spare copy of the input and the process's peak RSS is that of one run.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use fracture_engine::modes::flip::{flip_chunks, flip_count, flip_region, header_len, CHUNK};
use fracture_engine::rng::{chunk_sequence, Sequence};
use fracture_engine::{entropy, Job, Sha256Hasher, Value};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let out = match args.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
        ["job", file, name, mode, intensity, seed, repeat] => {
            job(file, name, mode, num(intensity), num(seed), num(repeat))
        }
        ["entropy", file, repeat] => entropy_pass(file, num(repeat)),
        ["parts", file, intensity, seed, repeat] => parts(file, num(intensity), num(seed), num(repeat)),
        _ => Err(USAGE.to_string()),
    };
    match out {
        Ok(json) => {
            println!("{json}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("bench: {e}");
            ExitCode::from(2)
        }
    }
}

const USAGE: &str = "usage: bench job FILE NAME MODE INTENSITY SEED REPEAT | bench entropy FILE REPEAT | bench parts FILE INTENSITY SEED REPEAT";

fn num<T: std::str::FromStr>(s: &str) -> T {
    s.parse().unwrap_or_else(|_| {
        eprintln!("bench: not a number: {s}\n{USAGE}");
        std::process::exit(2)
    })
}

fn read(file: &str) -> Result<Vec<u8>, String> {
    std::fs::read(file).map_err(|e| format!("{file}: {e}"))
}

/// Wall-clock laps.
struct Meter(Instant);

impl Meter {
    fn start() -> Meter {
        Meter(Instant::now())
    }

    /// Milliseconds since the previous lap; the meter restarts.
    fn lap(&mut self) -> f64 {
        let ms = self.0.elapsed().as_secs_f64() * 1e3;
        self.0 = Instant::now();
        ms
    }
}

/// `{"a":1.5,...,"total":3}` from named laps.
fn laps(fields: &[(&str, f64)]) -> String {
    let total: f64 = fields.iter().map(|(_, ms)| ms).sum();
    let mut parts: Vec<String> = fields.iter().map(|(k, ms)| format!("\"{k}\":{ms}")).collect();
    parts.push(format!("\"total\":{total}"));
    format!("{{{}}}", parts.join(","))
}

/// Times scan, plan, corrupt, verify and report, exactly the calls `target/release/fracture` makes.
fn job(file: &str, name: &str, mode: &str, intensity: u32, seed: u64, repeat: usize) -> Result<String, String> {
    let mut runs = Vec::new();
    let mut facts = String::new();
    for _ in 0..repeat {
        let input = read(file)?;
        let mut meter = Meter::start();
        let mut job = Job::scan(input, name, mode, intensity, seed).map_err(|e| e.to_string())?;
        let scan = meter.lap();
        job.plan();
        let plan = meter.lap();
        job.corrupt();
        let corrupt = meter.lap();
        let escalated = job.verify();
        let verify = meter.lap();
        let report = job.report(0.0, 0.0);
        black_box(report.to_json());
        let report_lap = meter.lap();
        runs.push(laps(&[
            ("scan", scan),
            ("plan", plan),
            ("corrupt", corrupt),
            ("verify", verify),
            ("report", report_lap),
        ]));
        let get = |k: &str| match report.get(k) {
            Some(Value::Int(i)) => format!("{i}"),
            Some(Value::Str(s)) => format!("\"{s}\""),
            _ => "null".to_string(),
        };
        facts = format!(
            "\"escalated\":{escalated},\"result_size\":{},\"ops\":{},\"inserted\":{},\"format\":{},\"sha256_after\":{}",
            get("result_size"),
            get("ops"),
            get("inserted"),
            get("format"),
            get("sha256_after")
        );
    }
    Ok(format!("{{\"runs\":[{}],{facts}}}", runs.join(",")))
}

fn entropy_pass(file: &str, repeat: usize) -> Result<String, String> {
    let input = read(file)?;
    let mut runs = Vec::new();
    let mut value = 0.0;
    for _ in 0..repeat {
        let mut meter = Meter::start();
        value = entropy(black_box(&input));
        runs.push(laps(&[("entropy", meter.lap())]));
    }
    Ok(format!("{{\"runs\":[{}],\"entropy\":{value}}}", runs.join(",")))
}

/// byte_flip's work, one piece at a time, on the same input, intensity and seed:
/// - `flip`: `flip_region` on a copy of the input made outside the timing, as the corrupt stage runs
///   it (in place; natively on several threads from 4 MiB on);
/// - `flip_serial`: the same on one thread, the CPU time the pieces below add up to;
/// - `index_init`: each 64 KiB chunk's index array [0, 1, ..., L-1], which the partial Fisher-Yates draws from;
/// - `keystream`: the ChaCha8 words the chunk sequences yield, two per changed byte (one `below`, one
///   `u32`; `below` rejects with odds under 2^-16, so this is the count to within a few words);
/// - `sha256`, `entropy`: one pass each over the input; the scan and report stages each make one of both.
fn parts(file: &str, intensity: u32, seed: u64, repeat: usize) -> Result<String, String> {
    let input = read(file)?;
    let n = input.len();
    if n == 0 {
        return Err("parts needs a non-empty file".into());
    }
    let h = header_len(n as u64, false);
    let m = (n - h) as u64;
    let k = flip_count(n as u64, (n - h) as u64, intensity);
    // Each chunk's share of k, as flip_chunk apportions it.
    let shares: Vec<(usize, usize, u64)> = (h / CHUNK..=(n - 1) / CHUNK)
        .map(|c| {
            let a = h.max(c * CHUNK);
            let b = n.min((c + 1) * CHUNK);
            let x = (a - h) as u64;
            let len = (b - a) as u64;
            (c, b - a, k * (x + len) / m - k * x / m)
        })
        .collect();
    let mut runs = Vec::new();
    for _ in 0..repeat {
        let mut meter = Meter::start();
        let mut idx: Vec<u32> = Vec::new();
        for &(_, len, kc) in &shares {
            if kc > 0 {
                idx.clear();
                idx.extend(0..len as u32);
                black_box(&idx);
            }
        }
        let index_lap = meter.lap();

        let mut acc = 0u32;
        for &(c, _, kc) in &shares {
            if kc > 0 {
                let mut rng = Sequence::new(seed, chunk_sequence(c as u64));
                for _ in 0..2 * kc {
                    acc = acc.wrapping_add(rng.u32());
                }
            }
        }
        black_box(acc);
        let keystream_lap = meter.lap();

        let mut data = input.to_vec();
        meter.lap();
        flip_region(&mut data, h, k, seed);
        black_box(&data);
        let flip_lap = meter.lap();
        data.copy_from_slice(&input);
        meter.lap();
        flip_chunks(&mut data, 0, n, h, k, seed, h / CHUNK..=(n - 1) / CHUNK);
        black_box(&data);
        let serial_lap = meter.lap();
        drop(data);

        meter.lap();
        let mut sha = Sha256Hasher::default();
        sha.update(&input);
        black_box(sha.hex());
        let sha_lap = meter.lap();
        black_box(entropy(&input));
        let entropy_lap = meter.lap();

        runs.push(laps(&[
            ("index_init", index_lap),
            ("keystream", keystream_lap),
            ("flip", flip_lap),
            ("flip_serial", serial_lap),
            ("sha256", sha_lap),
            ("entropy", entropy_lap),
        ]));
    }
    Ok(format!("{{\"runs\":[{}],\"ops\":{k},\"keystream_words\":{}}}", runs.join(","), 2 * k))
}

/// The pieces of `parts`, built for WebAssembly (tests/bench/engines/wasm-parts.mjs builds this file
/// with `--crate-type cdylib` for wasm32 and times each export from JavaScript, where the clock is).
/// The input lives in this module's memory: JavaScript asks for a buffer, fills it, then calls the
/// pieces, which all read that buffer.
#[cfg(target_arch = "wasm32")]
mod wasm_parts {
    use super::*;
    use std::sync::Mutex;

    struct State {
        input: Vec<u8>,
        work: Vec<u8>,
        h: usize,
        k: u64,
        shares: Vec<(usize, usize, u64)>,
    }

    static STATE: Mutex<State> =
        Mutex::new(State { input: Vec::new(), work: Vec::new(), h: 0, k: 0, shares: Vec::new() });

    fn with<R>(f: impl FnOnce(&mut State) -> R) -> R {
        f(&mut STATE.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// A zeroed input of `len` bytes; returns where it starts in memory, for JavaScript to fill.
    #[no_mangle]
    pub extern "C" fn parts_input(len: usize) -> usize {
        with(|s| {
            s.input = vec![0; len];
            s.input.as_ptr() as usize
        })
    }

    /// Plans byte_flip on the input at this intensity; returns the number of bytes it changes.
    #[no_mangle]
    pub extern "C" fn parts_plan(intensity: u32) -> f64 {
        with(|s| {
            let n = s.input.len();
            s.h = header_len(n, false);
            let m = (n - s.h) as u64;
            s.k = flip_count(n, n - s.h, intensity);
            let (h, k) = (s.h, s.k);
            s.shares = (h / CHUNK..=(n - 1) / CHUNK)
                .map(|c| {
                    let a = h.max(c * CHUNK);
                    let b = n.min((c + 1) * CHUNK);
                    let x = (a - h) as u64;
                    let len = (b - a) as u64;
                    (c, b - a, k * (x + len) / m - k * x / m)
                })
                .collect();
            s.k as f64
        })
    }

    /// A fresh copy of the input to flip in place (outside the timing).
    #[no_mangle]
    pub extern "C" fn parts_flip_prepare() -> u32 {
        with(|s| {
            s.work = s.input.clone();
            s.work.len() as u32
        })
    }

    #[no_mangle]
    pub extern "C" fn parts_index_init() -> u32 {
        with(|s| {
            let mut idx: Vec<u32> = Vec::new();
            for &(_, len, kc) in &s.shares {
                if kc > 0 {
                    idx.clear();
                    idx.extend(0..len as u32);
                    black_box(&idx);
                }
            }
            idx.len() as u32
        })
    }

    #[no_mangle]
    pub extern "C" fn parts_keystream(seed: f64) -> u32 {
        with(|s| {
            let mut acc = 0u32;
            for &(c, _, kc) in &s.shares {
                if kc > 0 {
                    let mut rng = Sequence::new(seed as u64, chunk_sequence(c as u64));
                    for _ in 0..2 * kc {
                        acc = acc.wrapping_add(rng.u32());
                    }
                }
            }
            black_box(acc)
        })
    }

    #[no_mangle]
    pub extern "C" fn parts_flip(seed: f64) -> u32 {
        with(|s| {
            flip_region(&mut s.work, s.h, s.k, seed as u64);
            black_box(&s.work);
            s.work.len() as u32
        })
    }

    #[no_mangle]
    pub extern "C" fn parts_flip_serial(seed: f64) -> u32 {
        with(|s| {
            let n = s.work.len();
            flip_chunks(&mut s.work, 0, n, s.h, s.k, seed as u64, s.h / CHUNK..=(n - 1) / CHUNK);
            black_box(&s.work);
            n as u32
        })
    }

    #[no_mangle]
    pub extern "C" fn parts_sha256() -> u32 {
        with(|s| {
            let mut sha = Sha256Hasher::default();
            sha.update(&s.input);
            u32::from(black_box(sha.hex()).as_bytes()[0])
        })
    }

    #[no_mangle]
    pub extern "C" fn parts_entropy() -> f64 {
        with(|s| entropy(black_box(&s.input)))
    }
}
