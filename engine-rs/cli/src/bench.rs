//! `fracture bench`: the benchmark suite of docs/benchmark.md on the native core, as plan, execute
//! and emit: the rows to measure, their timed runs, then the table or the JSON (and `--compare`),
//! which are fracture_host::bench's, the npm CLI's too.

use std::process::ExitCode;
use std::time::Instant;

use fracture_engine::bench::{self, Copied, Input};
use fracture_engine::{stream, Args, Mode, Options as EngineOptions, ENGINE_VERSION};
use fracture_host::bench::{self as result, Environment, Row as Figures, Work};

use crate::args::BenchOptions;
use fracture_host::args::Bench as Options;

/// The warm-up run's size, before each mode and input's timed runs.
const WARM_UP: usize = 1 << 20;

/// One row: what it measures, then (once executed) its times in ms.
struct Row {
    mode: Mode,
    input: Input,
    size: usize,
    times: Vec<f64>,
}

pub fn run(given: BenchOptions) -> ExitCode {
    let BenchOptions { decided: o, compare } = given;
    // Plan: the rows, and OLD read before any time is spent.
    let old = match compare.as_deref().map(read_old).transpose() {
        Ok(old) => old,
        Err(msg) => {
            eprintln!("{}", crate::cli_tables::usage::refusal(Some("bench"), &msg));
            return ExitCode::from(2);
        }
    };
    let mut rows = plan(&o);
    let date = crate::session::iso_time(std::time::SystemTime::now());
    // Execute.
    if let Err(msg) = execute(&o, &mut rows) {
        eprintln!("fracture: {msg}");
        return ExitCode::from(1);
    }
    // Emit.
    let figures: Vec<Figures> = rows.iter().map(|r| Figures::of(&work(r, &o), &r.times)).collect();
    let compared = old.map(|old| result::compare(&figures, &old));
    let slower = compared.as_deref().and_then(|c| result::slower_line(c, o.max_slowdown));
    if o.json {
        print!("{}", result::result_json(&environment(date), &options(&o), &figures, compared.as_deref()));
    } else {
        print!("{}", result::table(&figures, compared.as_deref(), o.max_slowdown));
    }
    match slower {
        Some(line) => {
            eprintln!("{line}");
            ExitCode::from(1)
        }
        None => ExitCode::SUCCESS,
    }
}

fn plan(o: &Options) -> Vec<Row> {
    let mut rows = Vec::new();
    for &size in &o.sizes {
        for &mode in &o.modes {
            for &input in &o.inputs {
                rows.push(Row { mode, input, size, times: Vec::new() });
            }
        }
    }
    rows
}

/// One timed run: the streamed run on one thread over `bytes` in memory (`stream::corrupt_held`,
/// the same code the WebAssembly hosts time), both SHA-256 digests and the report included, each
/// output piece copied out (docs/benchmark.md).
fn time_one(bytes: &[u8], r: &Row, o: &Options, out: &mut Copied) -> Result<f64, String> {
    let options = EngineOptions::default();
    let args = Args {
        name: r.input.file_name(),
        mode: r.mode.name(),
        intensity: o.intensity,
        seed: o.seed,
        options: &options,
    };
    let start = Instant::now();
    let report = stream::corrupt_held(bytes, &args, out).map_err(|e| e.to_string())?;
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    std::hint::black_box(report);
    Ok(ms)
}

fn execute(o: &Options, rows: &mut [Row]) -> Result<(), String> {
    let shown = std::io::IsTerminal::is_terminal(&std::io::stderr()) && !o.json;
    let total = rows.len();
    // Each (size, input) is made once and read by every run.
    let mut out = Copied::new(stream::PIECE);
    let mut made: Option<((usize, Input), Vec<u8>)> = None;
    for (i, r) in rows.iter_mut().enumerate() {
        if made.as_ref().is_none_or(|(k, _)| *k != (r.size, r.input)) {
            drop(made.take());
            made = Some(((r.size, r.input), bench::input(r.input, r.size, o.seed)?));
        }
        let Some((_, bytes)) = &made else { continue };
        if shown {
            let size = result::size_text(r.size as u64);
            let line = fracture_host::messages::bench_progress(
                &(i + 1).to_string(),
                &total.to_string(),
                r.mode.name(),
                "native",
                r.input.name(),
                &size,
            );
            eprint!("\r{line}\x1b[K");
        }
        let warm = bench::input(r.input, WARM_UP.max(r.input.min_size()), o.seed)?;
        time_one(&warm, r, o, &mut out)?;
        for _ in 0..o.runs {
            let t = time_one(bytes, r, o, &mut out)?;
            r.times.push(t);
        }
    }
    if shown {
        eprint!("\r\x1b[K");
    }
    Ok(())
}

fn work<'a>(r: &'a Row, o: &Options) -> Work<'a> {
    Work {
        mode: r.mode.name(),
        engine: "native",
        input: r.input.name(),
        size_bytes: r.size as u64,
        intensity: u64::from(o.intensity),
        seed: o.seed,
    }
}

fn environment(date: String) -> Environment {
    Environment {
        host: "native".into(),
        engine_version: ENGINE_VERSION.into(),
        os: std::env::consts::OS.into(),
        arch: std::env::consts::ARCH.into(),
        cores: Some(std::thread::available_parallelism().map_or(1, |n| n.get()) as u64),
        user_agent: None,
        wasm_simd: None,
        wasm_threads: None,
        runtime: format!("fracture {}", env!("CARGO_PKG_VERSION")),
        date,
    }
}

fn options(o: &Options) -> result::Options {
    result::Options {
        sizes_bytes: o.sizes.iter().map(|&s| s as u64).collect(),
        modes: o.modes.iter().map(|m| m.name().to_string()).collect(),
        inputs: o.inputs.iter().map(|i| i.name().to_string()).collect(),
        engines: vec!["native".into()],
        intensity: u64::from(o.intensity),
        runs: o.runs as u64,
        seed: o.seed,
        ts_max_bytes: None,
    }
}

/// OLD.json's rows, read before any time is spent.
fn read_old(path: &std::path::Path) -> Result<Vec<Figures>, String> {
    let shown = crate::display::path(path);
    let text = std::fs::read_to_string(path)
        .map_err(|e| fracture_host::messages::cannot_read(&shown, &crate::process::io_text(&e)))?;
    result::read_old(&text).map_err(|problem| fracture_host::messages::bench_old_unusable(&shown, &problem))
}
