//! What a campaign is (docs/campaigns.md, section 6): its options, inputs and program, the canonical
//! command every shard and the merge share, its slice of runs, and campaign.json's description of it
//! (written, and read back for `--resume` and `merge`).

use super::outcome::{Outcome, Rules};
use super::record::Json;
use serde_json::Value;

/// `--crash-pattern` compiled, or the usage error that refuses it with the regex crate's reason (the
/// last line of its message): one check for both command lines, the npm CLI's through the host
/// module, so a pattern the matcher cannot take is never taken.
pub fn crash_pattern(p: &str) -> Result<regex::Regex, String> {
    regex::Regex::new(p)
        .map_err(|e| crate::cli_tables::usage::crash_pattern(e.to_string().lines().last().unwrap_or("")))
}

/// A FILE as the campaign records it, and how the program took it unmodified (section 2, "Baseline").
#[derive(Clone, Debug)]
pub struct InputRecord {
    pub file: String,
    pub size: u64,
    pub sha256: String,
    /// None: not run (`--no-baseline`, or not yet).
    pub baseline: Option<Baseline>,
}

impl InputRecord {
    /// The same file: its name, size and SHA-256 (the baseline is what a run saw, not the file).
    pub fn same_file(&self, other: &InputRecord) -> bool {
        (&self.file, self.size, &self.sha256) == (&other.file, other.size, &other.sha256)
    }
}

/// The original's outcome, and its signature when it crashed or hung.
#[derive(Clone, Debug, PartialEq)]
pub struct Baseline {
    pub outcome: Outcome,
    pub signature: Option<String>,
}

impl Baseline {
    fn json(&self) -> Json {
        Json::Obj(vec![("outcome", self.outcome.name().into()), ("signature", self.signature.clone().into())])
    }
}

/// Everything campaign.json says apart from the runs and crashes.
#[derive(Clone, Debug)]
pub struct Campaign {
    pub inputs: Vec<InputRecord>,
    pub mode: String,
    pub intensity: u32,
    pub only: Vec<String>,
    pub protect: Vec<String>,
    pub fix_checksums: bool,
    pub timeout_ms: u64,
    /// Sorted, distinct.
    pub crash_exit: Vec<i32>,
    pub crash_pattern: Option<String>,
    pub minimize: bool,
    /// Run each input unmodified first (`--no-baseline` turns it off).
    pub baseline: bool,
    /// PROGRAM then ARGS.
    pub program: Vec<String>,
    pub seed: u64,
    pub count: u64,
    pub shard: Option<(u64, u64)>,
}

/// `10000` ms as `10`, `500` as `0.5`, `2250` as `2.25`.
pub fn seconds(ms: u64) -> String {
    let text = format!("{}.{:03}", ms / 1000, ms % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The ranges and `--fix-checksums` as the command and the replay write them.
pub fn range_words(only: &[String], protect: &[String], fix: bool) -> Vec<String> {
    let mut words = Vec::new();
    for (kind, list) in [("only", only), ("protect", protect)] {
        for r in list {
            if r.starts_with('-') {
                words.push(format!("--{kind}={r}"));
            } else {
                words.push(format!("--{kind}"));
                words.push(r.clone());
            }
        }
    }
    if fix {
        words.push("--fix-checksums".into());
    }
    words
}

impl Campaign {
    /// The canonical command (section 6).
    pub fn command(&self) -> Vec<String> {
        let mut c: Vec<String> = ["fracture", "run", "--mode", &self.mode, "--intensity"].map(String::from).to_vec();
        c.push(self.intensity.to_string());
        c.extend(range_words(&self.only, &self.protect, self.fix_checksums));
        for w in ["--seed", &self.seed.to_string(), "--count", &self.count.to_string(), "--timeout"] {
            c.push(w.to_string());
        }
        c.push(seconds(self.timeout_ms));
        if !self.crash_exit.is_empty() {
            c.push("--crash-exit".into());
            c.push(self.crash_exit.iter().map(i32::to_string).collect::<Vec<_>>().join(","));
        }
        if let Some(p) = &self.crash_pattern {
            c.push("--crash-pattern".into());
            c.push(p.clone());
        }
        if !self.minimize {
            c.push("--no-minimize".into());
        }
        if !self.baseline {
            c.push("--no-baseline".into());
        }
        c.extend(self.inputs.iter().map(|i| i.file.clone()));
        c.push("--".into());
        c.extend(self.program.iter().cloned());
        c
    }

    pub fn total(&self) -> u64 {
        self.inputs.len() as u64 * self.count
    }

    /// Run index `r` is in the slice: `r % M == K - 1` (section 7).
    pub fn in_slice(&self, r: u64) -> bool {
        r < self.total() && self.shard.is_none_or(|(k, m)| r % m == k - 1)
    }

    /// The runs of the slice, in index order.
    pub fn slice(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.total()).filter(move |&r| self.in_slice(r))
    }

    /// The number of runs in the slice, counted without walking it.
    pub fn planned(&self) -> u64 {
        match self.shard {
            None => self.total(),
            Some((k, m)) => self.total().saturating_sub(k - 1).div_ceil(m),
        }
    }

    /// The rules that judge a run (a pattern that does not compile was refused when planning).
    pub fn rules(&self) -> Rules {
        Rules {
            crash_exit: self.crash_exit.clone(),
            pattern: self.crash_pattern.as_deref().and_then(|p| crash_pattern(p).ok()),
        }
    }

    /// The file index of a recorded seed, when the seed belongs to the campaign.
    pub fn file_index(&self, seed: u64) -> Option<usize> {
        let r = seed.checked_sub(self.seed)?;
        let i = (r / self.count) as usize;
        (i < self.inputs.len()).then_some(i)
    }

    /// The base name of input `i` (after its last `/`).
    pub fn base_name(&self, i: usize) -> &str {
        let file = &self.inputs[i].file;
        file.rsplit('/').next().unwrap_or(file)
    }

    /// The variant's name: `{base}_corrupted_{seed}{.ext}` of the input's file name.
    pub fn variant_name(&self, i: usize, seed: u64) -> String {
        String::from_utf8_lossy(&crate::names::variant_name(self.base_name(i).as_bytes(), seed)).into_owned()
    }

    /// The options, as campaign.json's `options`.
    pub(super) fn options_json(&self) -> Json {
        Json::Obj(vec![
            ("mode", self.mode.as_str().into()),
            ("intensity", u64::from(self.intensity).into()),
            ("only", Json::Arr(self.only.iter().map(|s| s.as_str().into()).collect())),
            ("protect", Json::Arr(self.protect.iter().map(|s| s.as_str().into()).collect())),
            ("fix_checksums", Json::Bool(self.fix_checksums)),
            ("timeout_ms", self.timeout_ms.into()),
            ("crash_exit", Json::Arr(self.crash_exit.iter().map(|&c| Json::Int(i64::from(c))).collect())),
            ("crash_pattern", self.crash_pattern.clone().into()),
            ("minimize", Json::Bool(self.minimize)),
            ("baseline", Json::Bool(self.baseline)),
        ])
    }

    pub(super) fn inputs_json(&self) -> Json {
        let input = |i: &InputRecord| {
            Json::Obj(vec![
                ("file", i.file.as_str().into()),
                ("size", i.size.into()),
                ("sha256", i.sha256.as_str().into()),
                ("baseline", i.baseline.as_ref().map_or(Json::Null, Baseline::json)),
            ])
        };
        Json::Arr(self.inputs.iter().map(input).collect())
    }

    /// The campaign `fracture run` describes (docs/campaigns.md, section 1): what the arguments
    /// decided, the inputs as read, PROGRAM and its arguments as text, and the seed: the one given,
    /// else the one a resumed DIR's campaign.json records, else `random`. Err: the engine's refusal
    /// of the last run's seed.
    pub fn described(
        d: &crate::args::Campaign,
        inputs: Vec<InputRecord>,
        program: Vec<String>,
        previous_seed: Option<u64>,
        random: u64,
    ) -> Result<Campaign, String> {
        let seed = d.seed.or(previous_seed).unwrap_or(random);
        let (mode, intensity, options) = (d.corruption.mode, d.corruption.intensity, &d.corruption.options);
        let last = seed.saturating_add((inputs.len() as u64 * d.count).saturating_sub(1));
        fracture_engine::check_args(mode.name(), intensity, last).map_err(|e| e.to_string())?;
        Ok(Campaign {
            inputs,
            mode: mode.name().to_string(),
            intensity,
            only: options.ranges.only.clone(),
            protect: options.ranges.protect.clone(),
            fix_checksums: options.fix_checksums,
            timeout_ms: d.timeout_ms,
            crash_exit: d.crash_exit.clone(),
            crash_pattern: d.crash_pattern.clone(),
            minimize: d.minimize,
            baseline: d.baseline,
            program,
            seed,
            count: d.count,
            shard: d.shard,
        })
    }

    /// campaign.json read back (`Err`: the reason it is not a campaign of version 1).
    pub fn parse(v: &Value) -> Result<Campaign, String> {
        if v.get("version").and_then(Value::as_u64) != Some(1) {
            return Err("not version 1".into());
        }
        let o = v.get("options").ok_or_else(|| bad("options"))?;
        let count = uint(v.get("count"), "count")?;
        if count == 0 {
            return Err(bad("count"));
        }
        let shard = match v.get("shard") {
            Some(Value::Array(a)) if a.len() == 2 => Some((uint(a.first(), "shard")?, uint(a.get(1), "shard")?)),
            Some(Value::Null) => None,
            _ => return Err(bad("shard")),
        };
        let crash_exit = o
            .get("crash_exit")
            .and_then(Value::as_array)
            .ok_or_else(|| bad("options.crash_exit"))?
            .iter()
            .map(|c| c.as_i64().and_then(|c| i32::try_from(c).ok()).ok_or_else(|| bad("options.crash_exit")))
            .collect::<Result<Vec<_>, String>>()?;
        let flag = |k: &str| o.get(k).and_then(Value::as_bool).ok_or_else(|| bad(&format!("options.{k}")));
        Ok(Campaign {
            inputs: inputs(v.get("inputs"))?,
            mode: o.get("mode").and_then(Value::as_str).ok_or_else(|| bad("options.mode"))?.to_string(),
            intensity: uint(o.get("intensity"), "options.intensity")? as u32,
            only: strings(o.get("only"), "options.only")?,
            protect: strings(o.get("protect"), "options.protect")?,
            fix_checksums: flag("fix_checksums")?,
            timeout_ms: uint(o.get("timeout_ms"), "options.timeout_ms")?,
            crash_exit,
            crash_pattern: o.get("crash_pattern").and_then(Value::as_str).map(str::to_string),
            minimize: flag("minimize")?,
            // Campaigns recorded before baselines existed ran none.
            baseline: o.get("baseline").map_or(Ok(false), |b| b.as_bool().ok_or_else(|| bad("options.baseline")))?,
            program: strings(v.get("program"), "program")?,
            seed: uint(v.get("seed"), "seed")?,
            count,
            shard,
        })
    }
}

fn bad(what: &str) -> String {
    format!("no valid {what}")
}

fn uint(x: Option<&Value>, what: &str) -> Result<u64, String> {
    x.and_then(Value::as_u64).ok_or_else(|| bad(what))
}

pub(super) fn strings(x: Option<&Value>, what: &str) -> Result<Vec<String>, String> {
    x.and_then(Value::as_array)
        .ok_or_else(|| bad(what))?
        .iter()
        .map(|s| s.as_str().map(str::to_string).ok_or_else(|| bad(what)))
        .collect()
}

fn inputs(x: Option<&Value>) -> Result<Vec<InputRecord>, String> {
    let text = |i: &Value, k: &str| i.get(k).and_then(Value::as_str).map(str::to_string).ok_or_else(|| bad("inputs"));
    x.and_then(Value::as_array)
        .ok_or_else(|| bad("inputs"))?
        .iter()
        .map(|i| {
            let baseline = match i.get("baseline") {
                None | Some(Value::Null) => None,
                Some(b) => Some(Baseline {
                    outcome: b
                        .get("outcome")
                        .and_then(Value::as_str)
                        .and_then(Outcome::from_name)
                        .ok_or_else(|| bad("inputs"))?,
                    signature: b.get("signature").and_then(Value::as_str).map(str::to_string),
                }),
            };
            Ok(InputRecord {
                file: text(i, "file")?,
                size: uint(i.get("size"), "inputs")?,
                sha256: text(i, "sha256")?,
                baseline,
            })
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod testing {
    use super::{Campaign, InputRecord};

    /// A campaign of `files` (one byte each, no baselines), byte_flip at 80, seed 10, `count` runs each.
    pub(crate) fn campaign(files: &[&str], count: u64) -> Campaign {
        let record =
            |file: &&str| InputRecord { file: file.to_string(), size: 1, sha256: String::new(), baseline: None };
        Campaign {
            inputs: files.iter().map(record).collect(),
            mode: "byte_flip".into(),
            intensity: 80,
            only: Vec::new(),
            protect: Vec::new(),
            fix_checksums: false,
            timeout_ms: 1000,
            crash_exit: Vec::new(),
            crash_pattern: None,
            minimize: true,
            baseline: true,
            program: vec!["true".into()],
            seed: 10,
            count,
            shard: None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn campaign() -> Campaign {
        testing::campaign(&["a", "b"], 7)
    }

    #[test]
    fn slices_are_counted_without_walking_them() {
        let mut c = campaign();
        for shard in [None, Some((1, 1)), Some((1, 3)), Some((3, 3)), Some((2, 5)), Some((20, 20)), Some((14, 20))] {
            c.shard = shard;
            assert_eq!(c.planned(), c.slice().count() as u64, "{shard:?}");
        }
        assert_eq!(c.file_index(10 + 7), Some(1));
        assert_eq!(c.file_index(10 + 14), None);
        assert_eq!(c.file_index(9), None);
    }

    #[test]
    fn seconds_are_canonical() {
        assert_eq!([seconds(10000), seconds(500), seconds(2250), seconds(1)], ["10", "0.5", "2.25", "0.001"]);
    }

    #[test]
    fn no_baseline_is_part_of_the_command() {
        let mut c = campaign();
        assert!(!c.command().contains(&"--no-baseline".to_string()));
        c.baseline = false;
        let command = c.command();
        let at = command.iter().position(|w| w == "--no-baseline").unwrap();
        assert_eq!(command[at + 1], "a");
    }
}
