//! `fracture bench`: the benchmark suite of docs/benchmark.md on the native core, as plan, execute
//! and emit: the rows to measure, their timed runs, then the table or the JSON (and `--compare`).

use std::process::ExitCode;
use std::time::Instant;

use fracture_engine::bench::{self, Copied, Input};
use fracture_engine::{stream, Args, Mode, Options as EngineOptions, ENGINE_VERSION};

use crate::args::BenchOptions as Options;
use crate::display::json_string;

pub const SCHEMA: &str = "fracture-bench";
pub const VERSION: u64 = 1;
const MIB: f64 = 1_048_576.0;
/// The warm-up run's size, before each mode and input's timed runs.
const WARM_UP: usize = 1 << 20;

/// One row: what it measures, then (once executed) its times in ms.
struct Row {
    mode: Mode,
    input: Input,
    size: usize,
    times: Vec<f64>,
}

/// A row as OLD.json has it, for --compare.
struct Old {
    key: (String, String, String, u64, u64),
    median_ms: f64,
}

pub fn run(o: Options) -> ExitCode {
    // Plan: the rows, and OLD read before any time is spent.
    let old = match o.compare.as_deref().map(read_old).transpose() {
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
    let compared = old.map(|old| compare(&rows, &old, o.intensity));
    let slower = compared.iter().flatten().filter(|c| c.is_some_and(|r| r.1 > o.max_slowdown)).count();
    if o.json {
        println!("{}", json(&o, &rows, &date, compared.as_deref()));
    } else {
        print!("{}", table(&rows, compared.as_deref(), o.max_slowdown));
    }
    if slower > 0 {
        eprintln!(
            "fracture: {slower} row{} slower than OLD by more than {}x",
            if slower == 1 { "" } else { "s" },
            o.max_slowdown
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
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
            eprint!(
                "\rfracture bench: {}/{total} {} {} {}\x1b[K",
                i + 1,
                r.mode.name(),
                r.input.name(),
                size_text(r.size)
            );
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

/// Median, fastest and slowest of the runs, in ms.
fn stats(times: &[f64]) -> (f64, f64, f64) {
    let mut t = times.to_vec();
    t.sort_by(f64::total_cmp);
    let n = t.len();
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    let median = if n % 2 == 1 { t[n / 2] } else { (t[n / 2 - 1] + t[n / 2]) / 2.0 };
    (median, t[0], t[n - 1])
}

fn mib_s(size: usize, ms: f64) -> f64 {
    if ms <= 0.0 {
        0.0
    } else {
        size as f64 / MIB / (ms / 1000.0)
    }
}

/// At most 3 decimals, as JSON numbers.
fn num(x: f64) -> String {
    let r = (x * 1000.0).round() / 1000.0;
    format!("{r}")
}

fn size_text(size: usize) -> String {
    if size % (1 << 20) == 0 {
        format!("{} MiB", size >> 20)
    } else if size % 1024 == 0 {
        format!("{} KiB", size >> 10)
    } else {
        format!("{size} B")
    }
}

fn key(r: &Row, intensity: u32) -> (String, String, String, u64, u64) {
    (r.mode.name().to_string(), "native".into(), r.input.name().into(), r.size as u64, u64::from(intensity))
}

/// Per row: OLD's median ms and the ratio new / old, or None when OLD lacks the row.
fn compare(rows: &[Row], old: &[Old], intensity: u32) -> Vec<Option<(f64, f64)>> {
    rows.iter()
        .map(|r| {
            let k = key(r, intensity);
            old.iter().find(|o| o.key == k).map(|o| {
                let new = stats(&r.times).0;
                (o.median_ms, if o.median_ms > 0.0 { new / o.median_ms } else { f64::INFINITY })
            })
        })
        .collect()
}

fn read_old(path: &std::path::Path) -> Result<Vec<Old>, String> {
    let shown = crate::display::path(path);
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {shown}: {}", crate::process::io_text(&e)))?;
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| format!("{shown} is not JSON: {e}"))?;
    let bad = || format!("{shown} is not a {SCHEMA} version {VERSION} result (docs/benchmark.md)");
    if v["schema"] != SCHEMA || v["version"] != VERSION {
        return Err(bad());
    }
    let rows = v["rows"].as_array().ok_or_else(bad)?;
    rows.iter()
        .map(|r| {
            let s = |k: &str| r[k].as_str().map(str::to_string).ok_or_else(bad);
            let n = |k: &str| r[k].as_u64().ok_or_else(bad);
            Ok(Old {
                key: (s("mode")?, s("engine")?, s("input")?, n("size_bytes")?, n("intensity")?),
                median_ms: r["median_ms"].as_f64().ok_or_else(bad)?,
            })
        })
        .collect()
}

fn json(o: &Options, rows: &[Row], date: &str, compared: Option<&[Option<(f64, f64)>]>) -> String {
    let list = |items: Vec<String>| format!("[{}]", items.join(", "));
    let quoted = |items: Vec<&str>| list(items.into_iter().map(json_string).collect());
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut out = String::new();
    out.push_str(&format!("{{\n  \"schema\": {},\n  \"version\": {VERSION},\n", json_string(SCHEMA)));
    out.push_str(&format!(
        "  \"environment\": {{\n    \"host\": \"native\",\n    \"engine_version\": {},\n    \"os\": {},\n    \
         \"arch\": {},\n    \"cores\": {cores},\n    \"user_agent\": null,\n    \"wasm_simd\": null,\n    \
         \"wasm_threads\": null,\n    \"runtime\": {},\n    \"date\": {}\n  }},\n",
        json_string(ENGINE_VERSION),
        json_string(std::env::consts::OS),
        json_string(std::env::consts::ARCH),
        json_string(&format!("fracture {}", env!("CARGO_PKG_VERSION"))),
        json_string(date),
    ));
    out.push_str(&format!(
        "  \"options\": {{\n    \"sizes_bytes\": {},\n    \"modes\": {},\n    \"inputs\": {},\n    \
         \"engines\": [\"native\"],\n    \"intensity\": {},\n    \"runs\": {},\n    \"seed\": {},\n    \
         \"ts_max_bytes\": null\n  }},\n",
        list(o.sizes.iter().map(usize::to_string).collect()),
        quoted(o.modes.iter().map(|m| m.name()).collect()),
        quoted(o.inputs.iter().map(|i| i.name()).collect()),
        o.intensity,
        o.runs,
        o.seed
    ));
    let rows_json: Vec<String> = rows
        .iter()
        .map(|r| {
            let (median, min, max) = stats(&r.times);
            format!(
                "    {{\"mode\": {}, \"engine\": \"native\", \"input\": {}, \"size_bytes\": {}, \"intensity\": {}, \
                 \"seed\": {}, \"runs\": {}, \"median_ms\": {}, \"min_ms\": {}, \"max_ms\": {}, \"median_mib_s\": {}, \
                 \"min_mib_s\": {}, \"max_mib_s\": {}}}",
                json_string(r.mode.name()),
                json_string(r.input.name()),
                r.size,
                o.intensity,
                o.seed,
                r.times.len(),
                num(median),
                num(min),
                num(max),
                num(mib_s(r.size, median)),
                num(mib_s(r.size, max)),
                num(mib_s(r.size, min)),
            )
        })
        .collect();
    out.push_str(&format!("  \"rows\": [\n{}\n  ]", rows_json.join(",\n")));
    if let Some(compared) = compared {
        let items: Vec<String> = rows
            .iter()
            .zip(compared)
            .filter_map(|(r, c)| {
                c.map(|(old, ratio)| {
                    format!(
                        "    {{\"mode\": {}, \"engine\": \"native\", \"input\": {}, \"size_bytes\": {}, \"old_ms\": {}, \
                         \"new_ms\": {}, \"ratio\": {}}}",
                        json_string(r.mode.name()),
                        json_string(r.input.name()),
                        r.size,
                        num(old),
                        num(stats(&r.times).0),
                        num(ratio)
                    )
                })
            })
            .collect();
        out.push_str(&format!(",\n  \"compare\": [\n{}\n  ]", items.join(",\n")));
    }
    out.push_str("\n}");
    out
}

fn table(rows: &[Row], compared: Option<&[Option<(f64, f64)>]>, max: f64) -> String {
    let mut out = format!(
        "{:<22} {:<7} {:<7} {:>9} {:>12} {:>19}",
        "mode", "engine", "input", "size", "median MiB/s", "range MiB/s"
    );
    if compared.is_some() {
        out.push_str(&format!(" {:>10} {:>7}", "old ms", "ratio"));
    }
    out.push('\n');
    for (i, r) in rows.iter().enumerate() {
        let (median, min, max_ms) = stats(&r.times);
        let range = format!("{:.1}-{:.1}", mib_s(r.size, max_ms), mib_s(r.size, min));
        out.push_str(&format!(
            "{:<22} {:<7} {:<7} {:>9} {:>12.1} {:>19}",
            r.mode.name(),
            "native",
            r.input.name(),
            size_text(r.size),
            mib_s(r.size, median),
            range
        ));
        match compared.map(|c| c[i]) {
            Some(Some((old, ratio))) => {
                out.push_str(&format!(" {old:>10.1} {ratio:>6.2}x{}", if ratio > max { "  SLOWER" } else { "" }))
            }
            Some(None) => out.push_str(&format!(" {:>10} {:>7}", "-", "new")),
            None => {}
        }
        out.push('\n');
    }
    out.push_str("MiB/s: input bytes / 2^20 per second of one run (docs/benchmark.md)\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even_counts() {
        assert_eq!(stats(&[3.0, 1.0, 2.0]), (2.0, 1.0, 3.0));
        assert_eq!(stats(&[4.0, 1.0, 2.0, 3.0]), (2.5, 1.0, 4.0));
        assert_eq!(mib_s(1 << 20, 500.0), 2.0);
        assert_eq!(num(1.23456), "1.235");
        assert_eq!(size_text(64 << 10), "64 KiB");
    }
}
