//! `fracture bench`'s result, written once for both command lines (docs/benchmark.md): a row's
//! figures from its timed runs, the comparison with an earlier result (`--compare`), the table and
//! the JSON, laid out as JavaScript's `JSON.stringify(result, null, 2)` writes it. The native CLI
//! calls it with its own runs; the npm CLI hands its rows over through the outputs module. Each
//! keeps its timed runs and the facts of its environment.

use serde_json::Value as Json;

use crate::json::J;

pub const SCHEMA: &str = "fracture-bench";
pub const VERSION: u64 = 1;
const MIB: f64 = 1_048_576.0;

fn round3(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn mib_s(size: u64, ms: f64) -> f64 {
    if ms > 0.0 {
        size as f64 / MIB / (ms / 1000.0)
    } else {
        0.0
    }
}

/// Median, fastest and slowest of the runs, in ms.
pub fn stats(times: &[f64]) -> (f64, f64, f64) {
    let mut t = times.to_vec();
    t.sort_by(f64::total_cmp);
    let n = t.len();
    if n == 0 {
        return (0.0, 0.0, 0.0);
    }
    let median = if n % 2 == 1 { t[n / 2] } else { (t[n / 2 - 1] + t[n / 2]) / 2.0 };
    (median, t[0], t[n - 1])
}

/// One row of a result: the work, then its figures (ms and MiB/s, three decimals).
#[derive(Debug)]
pub struct Row {
    pub mode: String,
    pub engine: String,
    pub input: String,
    pub size_bytes: u64,
    pub intensity: u64,
    pub seed: u64,
    pub runs: u64,
    pub median_ms: f64,
    pub min_ms: f64,
    pub max_ms: f64,
    pub median_mib_s: f64,
    pub min_mib_s: f64,
    pub max_mib_s: f64,
}

/// What a row measures: its mode, engine, input, size and intensity.
pub struct Work<'a> {
    pub mode: &'a str,
    pub engine: &'a str,
    pub input: &'a str,
    pub size_bytes: u64,
    pub intensity: u64,
    pub seed: u64,
}

impl Row {
    /// The row of `work` from its timed runs.
    pub fn of(work: &Work, times: &[f64]) -> Row {
        let (median, min, max) = stats(times);
        let s = work.size_bytes;
        Row {
            mode: work.mode.into(),
            engine: work.engine.into(),
            input: work.input.into(),
            size_bytes: s,
            intensity: work.intensity,
            seed: work.seed,
            runs: times.len() as u64,
            median_ms: round3(median),
            min_ms: round3(min),
            max_ms: round3(max),
            median_mib_s: round3(mib_s(s, median)),
            min_mib_s: round3(mib_s(s, max)),
            max_mib_s: round3(mib_s(s, min)),
        }
    }

    /// A row as a result's JSON has it; none when a field is missing or of another type.
    pub fn from_json(r: &Json) -> Option<Row> {
        let s = |k: &str| r.get(k).and_then(Json::as_str).map(str::to_string);
        let n = |k: &str| r.get(k).and_then(Json::as_u64);
        let x = |k: &str| r.get(k).and_then(Json::as_f64);
        Some(Row {
            mode: s("mode")?,
            engine: s("engine")?,
            input: s("input")?,
            size_bytes: n("size_bytes")?,
            intensity: n("intensity")?,
            seed: n("seed")?,
            runs: n("runs")?,
            median_ms: x("median_ms")?,
            min_ms: x("min_ms")?,
            max_ms: x("max_ms")?,
            median_mib_s: x("median_mib_s")?,
            min_mib_s: x("min_mib_s")?,
            max_mib_s: x("max_mib_s")?,
        })
    }

    fn json(&self) -> J {
        J::Obj(vec![
            ("mode", J::Str(self.mode.clone())),
            ("engine", J::Str(self.engine.clone())),
            ("input", J::Str(self.input.clone())),
            ("size_bytes", J::Int(self.size_bytes)),
            ("intensity", J::Int(self.intensity)),
            ("seed", J::Int(self.seed)),
            ("runs", J::Int(self.runs)),
            ("median_ms", J::Num(self.median_ms)),
            ("min_ms", J::Num(self.min_ms)),
            ("max_ms", J::Num(self.max_ms)),
            ("median_mib_s", J::Num(self.median_mib_s)),
            ("min_mib_s", J::Num(self.min_mib_s)),
            ("max_mib_s", J::Num(self.max_mib_s)),
        ])
    }

    fn same_work(&self, o: &Row) -> bool {
        (self.mode == o.mode && self.engine == o.engine && self.input == o.input)
            && (self.size_bytes == o.size_bytes && self.intensity == o.intensity)
    }
}

/// The rows of an earlier result (OLD.json), or what keeps `text` from being one: "not JSON (…)"
/// or "not a fracture-bench version 1 result (docs/benchmark.md)", to follow the file's name.
pub fn read_old(text: &str) -> Result<Vec<Row>, String> {
    let v: Json = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
    let bad = || format!("not a {SCHEMA} version {VERSION} result (docs/benchmark.md)");
    if v["schema"] != SCHEMA || v["version"] != VERSION || !v["environment"].is_object() || !v["options"].is_object() {
        return Err(bad());
    }
    v["rows"].as_array().ok_or_else(bad)?.iter().map(|r| Row::from_json(r).ok_or_else(bad)).collect()
}

/// A row against OLD's row of the same work: OLD's median, the new one and new / old.
pub struct Compared {
    pub old_ms: f64,
    pub new_ms: f64,
    pub ratio: f64,
}

/// Per row, OLD's row of the same work compared, or none when OLD lacks it.
pub fn compare(rows: &[Row], old: &[Row]) -> Vec<Option<Compared>> {
    rows.iter()
        .map(|r| {
            old.iter().find(|o| r.same_work(o)).map(|o| Compared {
                old_ms: o.median_ms,
                new_ms: r.median_ms,
                ratio: if o.median_ms > 0.0 { round3(r.median_ms / o.median_ms) } else { f64::INFINITY },
            })
        })
        .collect()
}

/// How many compared rows are slower than OLD by more than `max`.
pub fn slower(compared: &[Option<Compared>], max: f64) -> usize {
    compared.iter().flatten().filter(|c| c.ratio > max).count()
}

/// The line on standard error when rows are slower than OLD by more than `max`, or none.
pub fn slower_line(compared: &[Option<Compared>], max: f64) -> Option<String> {
    let n = slower(compared, max);
    (n > 0).then(|| format!("fracture: {n} row{} slower than OLD by more than {max}x", if n == 1 { "" } else { "s" }))
}

/// Where and how a result was measured.
pub struct Environment {
    pub host: String,
    pub engine_version: String,
    pub os: String,
    pub arch: String,
    pub cores: Option<u64>,
    pub user_agent: Option<String>,
    pub wasm_simd: Option<bool>,
    pub wasm_threads: Option<bool>,
    pub runtime: String,
    pub date: String,
}

/// The options a result was measured with.
pub struct Options {
    pub sizes_bytes: Vec<u64>,
    pub modes: Vec<String>,
    pub inputs: Vec<String>,
    pub engines: Vec<String>,
    pub intensity: u64,
    pub runs: u64,
    pub seed: u64,
    pub ts_max_bytes: Option<u64>,
}

/// The result as JSON, with the comparison when there is one, and a newline.
pub fn result_json(e: &Environment, o: &Options, rows: &[Row], compared: Option<&[Option<Compared>]>) -> String {
    let environment = J::Obj(vec![
        ("host", J::Str(e.host.clone())),
        ("engine_version", J::Str(e.engine_version.clone())),
        ("os", J::Str(e.os.clone())),
        ("arch", J::Str(e.arch.clone())),
        ("cores", J::opt(e.cores, J::Int)),
        ("user_agent", J::opt(e.user_agent.clone(), J::Str)),
        ("wasm_simd", J::opt(e.wasm_simd, J::Bool)),
        ("wasm_threads", J::opt(e.wasm_threads, J::Bool)),
        ("runtime", J::Str(e.runtime.clone())),
        ("date", J::Str(e.date.clone())),
    ]);
    let options = J::Obj(vec![
        ("sizes_bytes", J::List(o.sizes_bytes.iter().map(|&s| J::Int(s)).collect())),
        ("modes", J::strs(&o.modes)),
        ("inputs", J::strs(&o.inputs)),
        ("engines", J::strs(&o.engines)),
        ("intensity", J::Int(o.intensity)),
        ("runs", J::Int(o.runs)),
        ("seed", J::Int(o.seed)),
        ("ts_max_bytes", J::opt(o.ts_max_bytes, J::Int)),
    ]);
    let mut fields = vec![
        ("schema", J::Str(SCHEMA.into())),
        ("version", J::Int(VERSION)),
        ("environment", environment),
        ("options", options),
        ("rows", J::List(rows.iter().map(Row::json).collect())),
    ];
    if let Some(compared) = compared {
        let items = rows.iter().zip(compared).filter_map(|(r, c)| {
            c.as_ref().map(|c| {
                J::Obj(vec![
                    ("mode", J::Str(r.mode.clone())),
                    ("engine", J::Str(r.engine.clone())),
                    ("input", J::Str(r.input.clone())),
                    ("size_bytes", J::Int(r.size_bytes)),
                    ("old_ms", J::Num(c.old_ms)),
                    ("new_ms", J::Num(c.new_ms)),
                    ("ratio", J::Num(c.ratio)),
                ])
            })
        });
        fields.push(("compare", J::List(items.collect())));
    }
    J::Obj(fields).pretty() + "\n"
}

/// `16 MiB`, `64 KiB`, `100 B`.
pub fn size_text(size: u64) -> String {
    if size % (1 << 20) == 0 {
        format!("{} MiB", size >> 20)
    } else if size % 1024 == 0 {
        format!("{} KiB", size >> 10)
    } else {
        format!("{size} B")
    }
}

/// The result as the table the command prints, `old ms` and `ratio` when compared (rows slower than
/// `max` marked SLOWER), then the line on what MiB/s means.
pub fn table(rows: &[Row], compared: Option<&[Option<Compared>]>, max: f64) -> String {
    let mut out = format!(
        "{:<22} {:<7} {:<7} {:>9} {:>12} {:>19}",
        "mode", "engine", "input", "size", "median MiB/s", "range MiB/s"
    );
    if compared.is_some() {
        out.push_str(&format!(" {:>10} {:>7}", "old ms", "ratio"));
    }
    out.push('\n');
    for (i, r) in rows.iter().enumerate() {
        let range = format!("{:.1}-{:.1}", r.min_mib_s, r.max_mib_s);
        out.push_str(&format!(
            "{:<22} {:<7} {:<7} {:>9} {:>12.1} {:>19}",
            r.mode,
            r.engine,
            r.input,
            size_text(r.size_bytes),
            r.median_mib_s,
            range
        ));
        match compared.map(|c| &c[i]) {
            Some(Some(c)) => out.push_str(&format!(
                " {:>10.1} {:>6.2}x{}",
                c.old_ms,
                c.ratio,
                if c.ratio > max { "  SLOWER" } else { "" }
            )),
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

    fn work(mode: &str, size: u64) -> Work<'_> {
        Work { mode, engine: "native", input: "random", size_bytes: size, intensity: 80, seed: 1 }
    }

    fn environment() -> Environment {
        Environment {
            host: "native".into(),
            engine_version: "fracture-engine/1".into(),
            os: "linux".into(),
            arch: "x86_64".into(),
            cores: Some(2),
            user_agent: None,
            wasm_simd: None,
            wasm_threads: Some(false),
            runtime: "fracture 1.0.0".into(),
            date: "2026-11-30T00:00:00.000Z".into(),
        }
    }

    fn options() -> Options {
        Options {
            sizes_bytes: vec![1 << 20],
            modes: vec!["byte_flip".into()],
            inputs: vec!["random".into()],
            engines: vec![],
            intensity: 80,
            runs: 2,
            seed: 1,
            ts_max_bytes: None,
        }
    }

    #[test]
    fn figures_median_and_rates() {
        let r = Row::of(&work("bit_rot", 1 << 20), &[30.0, 10.0, 20.0, 40.0]);
        assert_eq!((r.runs, r.median_ms, r.min_ms, r.max_ms), (4, 25.0, 10.0, 40.0));
        // The slowest run gives the lowest rate.
        assert_eq!((r.median_mib_s, r.min_mib_s, r.max_mib_s), (40.0, 25.0, 100.0));
        assert_eq!(stats(&[]), (0.0, 0.0, 0.0));
        assert_eq!(Row::of(&work("x", 3), &[1.0 / 3.0]).median_ms, 0.333);
    }

    #[test]
    fn written_as_json_stringify_writes_it_and_read_back() {
        let (env, o) = (environment(), options());
        let rows = vec![Row::of(&work("byte_flip", 1 << 20), &[8.0, 10.0])];
        let text = result_json(&env, &o, &rows, None);
        assert!(text.starts_with("{\n  \"schema\": \"fracture-bench\",\n  \"version\": 1,\n  \"environment\": {\n"));
        assert!(text.contains("\"user_agent\": null,\n    \"wasm_simd\": null,\n    \"wasm_threads\": false,"));
        assert!(text.contains("\"sizes_bytes\": [\n      1048576\n    ],") && text.contains("\"engines\": [],"));
        assert!(text.contains("\"median_ms\": 9,\n") && text.ends_with("  ]\n}\n"));
        let old = read_old(&text).unwrap();
        assert_eq!((old.len(), old[0].median_ms, old[0].max_mib_s), (1, 9.0, 125.0));
        assert!(read_old("{").unwrap_err().starts_with("not JSON ("));
        assert!(read_old(r#"{"schema": "fracture-bench", "version": 2}"#).unwrap_err().starts_with("not a fracture"));
    }

    #[test]
    fn compared_with_old_rows_of_the_same_work() {
        let old = vec![Row::of(&work("byte_flip", 1024), &[10.0]), Row::of(&work("bit_rot", 1024), &[0.0])];
        let rows = vec![
            Row::of(&work("byte_flip", 1024), &[13.0]),
            Row::of(&work("bit_rot", 1024), &[5.0]),
            Row::of(&work("x", 1), &[1.0]),
        ];
        let c = compare(&rows, &old);
        assert_eq!(c[0].as_ref().map(|c| (c.old_ms, c.new_ms, c.ratio)), Some((10.0, 13.0, 1.3)));
        assert_eq!(c[1].as_ref().map(|c| c.ratio), Some(f64::INFINITY));
        assert!(c[2].is_none());
        assert_eq!(slower(&c, 1.25), 2);
        assert_eq!(slower_line(&c, 1.25).unwrap(), "fracture: 2 rows slower than OLD by more than 1.25x");
        assert_eq!(slower_line(&c, 2.0).unwrap(), "fracture: 1 row slower than OLD by more than 2x");
        let t = table(&rows, Some(&c), 1.25);
        assert!(t.contains("1.30x  SLOWER") && t.lines().nth(3).unwrap().ends_with("new"));
        assert!(result_json_has_compare(&rows, &c));
    }

    fn result_json_has_compare(rows: &[Row], c: &[Option<Compared>]) -> bool {
        let v: Json = serde_json::from_str(&result_json(&environment(), &options(), rows, Some(c))).unwrap();
        v["compare"].as_array().map(Vec::len) == Some(2) && v["compare"][0]["ratio"] == 1.3
    }
}
