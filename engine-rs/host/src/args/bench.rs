//! `fracture bench`'s options, decided once for both command lines (issue 40): the sizes, modes and
//! inputs measured, the runs, the seed and the slowdown that fails a comparison; and the npm CLI's
//! own two (`--engine`, `--ts-max-mib`: it also measures the engines the browser runs), which the
//! native CLI refuses when it reads the line.

use fracture_engine::bench::{check_size, Input};
use fracture_engine::Mode;
use serde_json::{json, Value};

use super::{integer, intensity, seed, Given};
use crate::cli_tables::usage;

/// The largest benchmark input, in bytes.
pub const MAX_BENCH_SIZE: u64 = 2048 << 20;
/// The most runs of a row.
pub const MAX_RUNS: u64 = 100;
/// The reference engine's rows' largest input by default (`--ts-max-mib`).
pub const TS_MAX_BYTES: usize = 16 << 20;

/// What `fracture bench` decides.
#[derive(Clone, Debug)]
pub struct Bench {
    pub sizes: Vec<usize>,
    pub modes: Vec<Mode>,
    pub inputs: Vec<Input>,
    pub intensity: u32,
    pub runs: usize,
    pub seed: u64,
    pub max_slowdown: f64,
    pub json: bool,
    /// The npm CLI's engines (`wasm`, `ts`), and the reference engine's largest input.
    pub engines: Vec<&'static str>,
    pub ts_max_bytes: usize,
}

/// A size: MiB, or KiB with a K suffix.
fn size(v: &str) -> Option<usize> {
    let (digits, unit) = match v.strip_suffix(['K', 'k']) {
        Some(d) => (d, 1u64 << 10),
        None => (v, 1u64 << 20),
    };
    integer(digits, MAX_BENCH_SIZE / unit).map(|n| (n * unit) as usize).filter(|n| *n > 0)
}

/// Each comma-separated item of option `name`'s value through `each`, or `all` when not given.
fn items<T>(g: &Given, name: &str, all: &[T], each: impl Fn(&str) -> Result<T, String>) -> Result<Vec<T>, String>
where
    T: Clone,
{
    match g.text(name) {
        Some(v) => v.split(',').map(each).collect(),
        None => Ok(all.to_vec()),
    }
}

/// The options in this order: sizes, modes, inputs (and each input's least size), intensity, runs,
/// seed, the engines, the reference engine's cap, the slowdown.
pub fn bench(g: &Given) -> Result<Bench, String> {
    let sizes = match g.text("sizes") {
        Some(v) => v.split(',').map(size).collect::<Option<Vec<_>>>().ok_or_else(|| usage::sizes(v))?,
        None => vec![16 << 20],
    };
    let modes = items(g, "modes", &Mode::ALL, |s| crate::mode_from_name(s).map_err(|_| usage::mode(s)))?;
    let inputs = items(g, "inputs", &Input::ALL, |s| Input::parse(s).map_err(|_| usage::bench_input(s)))?;
    for input in &inputs {
        for size in &sizes {
            check_size(*input, *size)?;
        }
    }
    let intensity = intensity(g)?;
    let runs = match g.text("runs") {
        Some(v) => integer(v, MAX_RUNS).filter(|n| *n > 0).ok_or_else(|| usage::runs(MAX_RUNS, v))? as usize,
        None => 5,
    };
    let seed = seed(g)?.unwrap_or(1);
    let engines = match g.text("engine").unwrap_or("both") {
        "both" => vec!["wasm", "ts"],
        "wasm" => vec!["wasm"],
        "ts" => vec!["ts"],
        other => return Err(format!("unknown engine {other} (expected wasm, ts or both)")),
    };
    let ts_max_bytes = match g.text("ts-max-mib") {
        Some(v) => {
            size(v).ok_or_else(|| format!("--ts-max-mib must be MiB from 1 to 2048 (or KiB as 64K), got {v}"))?
        }
        None => TS_MAX_BYTES,
    };
    let max_slowdown = match g.text("max-slowdown") {
        Some(v) => serde_json::from_str::<f64>(v)
            .ok()
            .filter(|r| r.is_finite() && *r >= 1.0)
            .ok_or_else(|| usage::max_slowdown(v))?,
        None => 1.25,
    };
    let json = g.has("json");
    Ok(Bench { sizes, modes, inputs, intensity, runs, seed, max_slowdown, json, engines, ts_max_bytes })
}

impl Bench {
    /// As the npm CLI takes it: its bench options' fields (`sizes_bytes`, `modes`, `inputs`,
    /// `engines`, `intensity`, `runs`, `seed`, `ts_max_bytes`), the slowdown and `json`.
    pub fn to_json(&self) -> Value {
        json!({
            "options": {
                "sizes_bytes": self.sizes,
                "modes": self.modes.iter().map(|m| m.name()).collect::<Vec<_>>(),
                "inputs": self.inputs.iter().map(|i| i.name()).collect::<Vec<_>>(),
                "engines": self.engines,
                "intensity": self.intensity,
                "runs": self.runs,
                "seed": self.seed,
                "ts_max_bytes": self.ts_max_bytes,
            },
            "maxSlowdown": self.max_slowdown,
            "json": self.json,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn given(options: &[(&str, &str)]) -> Given {
        Given {
            options: options.iter().map(|(n, v)| (n.to_string(), vec![v.to_string()])).collect(),
            ..Given::default()
        }
    }

    #[test]
    fn options_are_decided_in_their_order() {
        let b = bench(&given(&[("sizes", "1,64K"), ("modes", "byte_flip"), ("inputs", "png")])).unwrap();
        assert_eq!((b.sizes, b.modes, b.inputs), (vec![1 << 20, 64 << 10], vec![Mode::ByteFlip], vec![Input::Png]));
        assert_eq!(
            (b.runs, b.seed, b.max_slowdown, b.engines, b.ts_max_bytes),
            (5, 1, 1.25, vec!["wasm", "ts"], TS_MAX_BYTES)
        );
        let refused = |o: &[(&str, &str)]| bench(&given(o)).unwrap_err();
        assert_eq!(refused(&[("sizes", "0")]), usage::sizes("0"));
        assert_eq!(
            refused(&[("sizes", "1K"), ("inputs", "png"), ("runs", "0")]),
            "A png input needs at least 4096 bytes, not 1024"
        );
        assert_eq!(refused(&[("modes", "melt"), ("runs", "0")]), usage::mode("melt"));
        assert_eq!(refused(&[("runs", "0"), ("seed", "x")]), usage::runs(MAX_RUNS, "0"));
        assert_eq!(refused(&[("engine", "gpu")]), "unknown engine gpu (expected wasm, ts or both)");
        for bad in ["0.5", "inf", "NaN", "x"] {
            assert_eq!(refused(&[("max-slowdown", bad)]), usage::max_slowdown(bad), "{bad}");
        }
        assert_eq!(bench(&given(&[("max-slowdown", "2")])).unwrap().max_slowdown, 2.0);
    }
}
