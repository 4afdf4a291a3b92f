//! `fracture run` and `fracture merge`: campaigns that feed variants to a program and report what
//! broke (docs/campaigns.md is the specification; the npm CLI follows the same).
//!
//! The same shape as the corrupting run: **plan** (`plan`: inputs read and hashed, the campaign
//! described, DIR checked, recorded runs loaded for `--resume`), **execute** (`execute`: the runs on
//! `--jobs` threads, each recorded as it ends; then the minimiser), **emit** (`emit`: runs.jsonl
//! sorted, campaign.json and summary.md, the last line and the exit code).

pub(crate) mod exec;
pub(crate) mod outcome;
pub(crate) mod record;
pub(crate) mod runner;
mod shrink;

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::io::{IsTerminal, Write};
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::cli_tables::usage as texts;
use outcome::{classify, Outcome, Rules};
use record::{program_word, Json, Run};
use runner::Runner;

/// `fracture run`'s options, as parsed (crate::args).
pub struct Options {
    pub mode: String,
    pub intensity: u32,
    pub engine: fracture_engine::Options,
    pub seed: Option<u64>,
    pub count: u64,
    pub jobs: usize,
    pub timeout_ms: u64,
    pub out: PathBuf,
    pub shard: Option<(u64, u64)>,
    pub crash_exit: Vec<i32>,
    pub crash_pattern: Option<String>,
    pub resume: bool,
    pub minimize: bool,
    pub quiet: bool,
    pub files: Vec<PathBuf>,
    pub program: Vec<OsString>,
}

pub struct MergeOptions {
    pub dirs: Vec<PathBuf>,
    pub out: PathBuf,
    pub quiet: bool,
}

/// The signal that interrupted the campaign (0: none).
static INTERRUPTED: AtomicI32 = AtomicI32::new(0);

fn interrupted() -> bool {
    INTERRUPTED.load(Ordering::SeqCst) != 0
}

/// Heard by crate::output's signal thread: no new run starts and the running programs are killed; the
/// campaign then ends by its usual path, writing a consistent DIR.
fn on_interrupt(signal: i32) {
    INTERRUPTED.store(signal, Ordering::SeqCst);
    exec::kill_all();
}

/// A FILE as the campaign records it.
#[derive(Clone, PartialEq)]
struct InputRecord {
    file: String,
    size: u64,
    sha256: String,
}

/// What campaign.json says apart from the runs and crashes (section 6).
#[derive(Clone)]
struct Campaign {
    command: Vec<String>,
    inputs: Vec<InputRecord>,
    mode: String,
    intensity: u32,
    only: Vec<String>,
    protect: Vec<String>,
    fix_checksums: bool,
    timeout_ms: u64,
    crash_exit: Vec<i32>,
    crash_pattern: Option<String>,
    minimize: bool,
    program: Vec<String>,
    seed: u64,
    count: u64,
    shard: Option<(u64, u64)>,
}

/// `10000` ms as `10`, `500` as `0.5`, `2250` as `2.25`.
fn seconds(ms: u64) -> String {
    let text = format!("{}.{:03}", ms / 1000, ms % 1000);
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The ranges and `--fix-checksums` as the command and the replay write them.
fn range_words(only: &[String], protect: &[String], fix: bool) -> Vec<String> {
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

fn crash_exit_text(codes: &[i32]) -> String {
    codes.iter().map(i32::to_string).collect::<Vec<_>>().join(",")
}

impl Campaign {
    /// The canonical command (section 6).
    fn canonical(&self) -> Vec<String> {
        let mut c: Vec<String> = ["fracture", "run", "--mode", &self.mode, "--intensity"].map(String::from).to_vec();
        c.push(self.intensity.to_string());
        c.extend(range_words(&self.only, &self.protect, self.fix_checksums));
        for w in ["--seed", &self.seed.to_string(), "--count", &self.count.to_string(), "--timeout"] {
            c.push(w.to_string());
        }
        c.push(seconds(self.timeout_ms));
        if !self.crash_exit.is_empty() {
            c.push("--crash-exit".into());
            c.push(crash_exit_text(&self.crash_exit));
        }
        if let Some(p) = &self.crash_pattern {
            c.push("--crash-pattern".into());
            c.push(p.clone());
        }
        if !self.minimize {
            c.push("--no-minimize".into());
        }
        c.extend(self.inputs.iter().map(|i| i.file.clone()));
        c.push("--".into());
        c.extend(self.program.iter().cloned());
        c
    }

    /// The runs of the slice: every run index r with r % M == K - 1.
    fn slice(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.total()).filter(move |&r| self.in_slice(r))
    }

    fn total(&self) -> u64 {
        self.inputs.len() as u64 * self.count
    }

    fn in_slice(&self, r: u64) -> bool {
        r < self.total() && self.shard.is_none_or(|(k, m)| r % m == k - 1)
    }

    /// The number of runs in the slice, counted without walking it.
    fn planned(&self) -> u64 {
        match self.shard {
            None => self.total(),
            Some((k, m)) => self.total().saturating_sub(k - 1).div_ceil(m),
        }
    }

    /// Every run of the slice is recorded (`runs` holds each seed of the slice once at most).
    fn complete(&self, runs: &[Run]) -> bool {
        runs.len() as u64 == self.planned()
    }

    fn rules(&self) -> Rules {
        Rules {
            crash_exit: self.crash_exit.clone(),
            pattern: self.crash_pattern.as_ref().and_then(|p| regex::Regex::new(p).ok()),
        }
    }

    /// The file index of a recorded seed, when the seed belongs to the campaign.
    fn file_index(&self, seed: u64) -> Option<usize> {
        let r = seed.checked_sub(self.seed)?;
        let i = (r / self.count) as usize;
        (i < self.inputs.len()).then_some(i)
    }

    /// The variant's name: `{base}_corrupted_{seed}{.ext}` of the input's file name.
    fn variant_name(&self, i: usize, seed: u64) -> String {
        let name = Path::new(&self.inputs[i].file).file_name().unwrap_or(OsStr::new("input")).to_owned();
        crate::names::variant_name(&name, seed).to_string_lossy().into_owned()
    }

    fn json(&self, runs: &[Run], entries: &[Entry]) -> Json {
        let count = |o: Outcome| runs.iter().filter(|r| r.outcome == o).count() as u64;
        let planned = self.planned();
        let complete = self.complete(runs);
        Json::Obj(vec![
            ("version", Json::Int(1)),
            ("command", Json::Arr(self.command.iter().map(|w| w.as_str().into()).collect())),
            (
                "inputs",
                Json::Arr(
                    self.inputs
                        .iter()
                        .map(|i| {
                            Json::Obj(vec![
                                ("file", i.file.as_str().into()),
                                ("size", i.size.into()),
                                ("sha256", i.sha256.as_str().into()),
                            ])
                        })
                        .collect(),
                ),
            ),
            (
                "options",
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
                ]),
            ),
            ("program", Json::Arr(self.program.iter().map(|w| w.as_str().into()).collect())),
            ("seed", self.seed.into()),
            ("count", self.count.into()),
            ("shard", self.shard.map_or(Json::Null, |(k, m)| Json::Arr(vec![k.into(), m.into()]))),
            ("planned", planned.into()),
            ("complete", Json::Bool(complete)),
            ("counts", Json::Obj(Outcome::ALL.iter().map(|&o| (o.name(), count(o).into())).collect())),
            ("crashes", Json::Arr(entries.iter().map(Entry::json).collect())),
        ])
    }

    /// campaign.json read back (`Err`: the reason it is not a campaign of version 1).
    fn parse(text: &str) -> Result<Campaign, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON ({e})"))?;
        let bad = |what: &str| format!("no valid {what}");
        if v.get("version").and_then(|x| x.as_u64()) != Some(1) {
            return Err("not version 1".into());
        }
        let strings = |x: Option<&serde_json::Value>, what: &str| -> Result<Vec<String>, String> {
            x.and_then(|x| x.as_array())
                .ok_or_else(|| bad(what))?
                .iter()
                .map(|s| s.as_str().map(str::to_string).ok_or_else(|| bad(what)))
                .collect()
        };
        let o = v.get("options").ok_or_else(|| bad("options"))?;
        let u = |x: Option<&serde_json::Value>, what: &str| x.and_then(|x| x.as_u64()).ok_or_else(|| bad(what));
        let inputs = v
            .get("inputs")
            .and_then(|x| x.as_array())
            .ok_or_else(|| bad("inputs"))?
            .iter()
            .map(|i| {
                Ok(InputRecord {
                    file: i.get("file").and_then(|x| x.as_str()).ok_or_else(|| bad("inputs"))?.to_string(),
                    size: u(i.get("size"), "inputs")?,
                    sha256: i.get("sha256").and_then(|x| x.as_str()).ok_or_else(|| bad("inputs"))?.to_string(),
                })
            })
            .collect::<Result<Vec<_>, String>>()?;
        let shard = match v.get("shard") {
            Some(serde_json::Value::Array(a)) if a.len() == 2 => Some((u(a.first(), "shard")?, u(a.get(1), "shard")?)),
            Some(serde_json::Value::Null) => None,
            _ => return Err(bad("shard")),
        };
        let crash_exit = o
            .get("crash_exit")
            .and_then(|x| x.as_array())
            .ok_or_else(|| bad("options.crash_exit"))?
            .iter()
            .map(|c| c.as_i64().and_then(|c| i32::try_from(c).ok()).ok_or_else(|| bad("options.crash_exit")))
            .collect::<Result<Vec<_>, String>>()?;
        let count = u(v.get("count"), "count")?;
        if count == 0 {
            return Err(bad("count"));
        }
        Ok(Campaign {
            command: strings(v.get("command"), "command")?,
            inputs,
            mode: o.get("mode").and_then(|x| x.as_str()).ok_or_else(|| bad("options.mode"))?.to_string(),
            intensity: u(o.get("intensity"), "options.intensity")? as u32,
            only: strings(o.get("only"), "options.only")?,
            protect: strings(o.get("protect"), "options.protect")?,
            fix_checksums: o.get("fix_checksums").and_then(|x| x.as_bool()).ok_or_else(|| bad("options"))?,
            timeout_ms: u(o.get("timeout_ms"), "options.timeout_ms")?,
            crash_exit,
            crash_pattern: o.get("crash_pattern").and_then(|x| x.as_str()).map(str::to_string),
            minimize: o.get("minimize").and_then(|x| x.as_bool()).ok_or_else(|| bad("options.minimize"))?,
            program: strings(v.get("program"), "program")?,
            seed: u(v.get("seed"), "seed")?,
            count,
            shard,
        })
    }
}

/// One unique crash or hang of campaign.json's `crashes`.
struct Entry {
    id: String,
    outcome: Outcome,
    signature: String,
    file: String,
    file_index: usize,
    seed: u64,
    seeds: Vec<u64>,
    variant: String,
    minimized: Option<String>,
    minimized_changes: Option<u64>,
    corrupt: String,
    program: String,
    /// The variant's share link (docs/contract.md, section 11.5): the input's base name and size.
    share_link: String,
}

impl Entry {
    fn json(&self) -> Json {
        Json::Obj(vec![
            ("id", self.id.as_str().into()),
            ("outcome", self.outcome.name().into()),
            ("signature", self.signature.as_str().into()),
            ("file", self.file.as_str().into()),
            ("seed", self.seed.into()),
            ("seeds", Json::Arr(self.seeds.iter().map(|&s| s.into()).collect())),
            ("variant", self.variant.as_str().into()),
            ("minimized", self.minimized.clone().into()),
            ("minimized_changes", self.minimized_changes.into()),
            (
                "replay",
                Json::Obj(vec![
                    ("corrupt", self.corrupt.as_str().into()),
                    ("program", self.program.as_str().into()),
                    ("share_link", self.share_link.as_str().into()),
                ]),
            ),
        ])
    }

    fn cause(&self) -> &str {
        self.signature.lines().nth(1).unwrap_or_default()
    }
}

/// `{stem}_minimized{.ext}` of a variant's name.
fn minimized_name(variant: &str) -> String {
    crate::minimize::minimized_path(Path::new(variant)).to_string_lossy().into_owned()
}

/// The crash entries of `runs` (sorted by seed), from what DIR holds. `changes` counts the bytes of a
/// minimised file that differ from its input.
fn entries(c: &Campaign, runs: &[Run], dir: &Path, changes: &dyn Fn(&Entry, &[u8]) -> Option<u64>) -> Vec<Entry> {
    let rules = c.rules();
    let mut by_id: Vec<(String, Vec<&Run>)> = Vec::new();
    let mut at: HashMap<&str, usize> = HashMap::new();
    for run in runs {
        let Some(id) = &run.crash_id else { continue };
        match at.get(id.as_str()) {
            Some(&k) => by_id[k].1.push(run),
            None => {
                at.insert(id, by_id.len());
                by_id.push((id.clone(), vec![run]));
            }
        }
    }
    let braces = c.program.iter().skip(1).any(|a| a.contains("{}"));
    by_id
        .into_iter()
        .filter_map(|(id, list)| {
            let rep = list[0];
            let i = c.file_index(rep.seed)?;
            let variant = format!("crashes/{id}/{}", c.variant_name(i, rep.seed));
            let stderr = std::fs::read(dir.join(format!("crashes/{id}/stderr.txt"))).unwrap_or_default();
            let signature = outcome::signature(rep.outcome, rep.exit_code, rep.signal.as_deref(), &stderr, &rules);
            let mut corrupt = vec!["fracture".to_string(), "--mode".into(), c.mode.clone(), "--intensity".into()];
            corrupt.extend([c.intensity.to_string(), "--seed".into(), rep.seed.to_string()]);
            corrupt.extend(range_words(&c.only, &c.protect, c.fix_checksums));
            let base = Path::new(&c.inputs[i].file)
                .file_name()
                .map_or(c.inputs[i].file.clone(), |n| n.to_string_lossy().into());
            let share_link = fracture_host::share_link::share_link(
                fracture_host::ui_modes::SITE_ORIGIN,
                &corrupt[1..],
                &base,
                c.inputs[i].size,
            );
            corrupt.push(fracture_host::host_fields::shell_word(&c.inputs[i].file));
            let mut program: Vec<String> = c
                .program
                .iter()
                .enumerate()
                .map(|(k, w)| program_word(&if k == 0 { w.clone() } else { w.replace("{}", &variant) }))
                .collect();
            if !braces {
                program.push("<".into());
                program.push(program_word(&variant));
            }
            let minimized = minimized_name(&variant);
            let mut entry = Entry {
                id,
                outcome: rep.outcome,
                signature,
                file: rep.file.clone(),
                file_index: i,
                seed: rep.seed,
                seeds: list.iter().map(|r| r.seed).collect(),
                variant,
                minimized: None,
                minimized_changes: None,
                corrupt: corrupt.join(" "),
                program: program.join(" "),
                share_link,
            };
            if let Ok(bytes) = std::fs::read(dir.join(&minimized)) {
                entry.minimized_changes = changes(&entry, &bytes);
                entry.minimized = entry.minimized_changes.is_some().then_some(minimized);
            }
            Some(entry)
        })
        .collect()
}

/// summary.md (section 6).
fn summary(c: &Campaign, runs: &[Run], entries: &[Entry]) -> String {
    let count = |o: Outcome| runs.iter().filter(|r| r.outcome == o).count();
    let planned = c.planned();
    let complete = c.complete(runs);
    let mut s = String::from("# Fracture campaign\n\n");
    let command: Vec<String> = c.command.iter().map(|w| program_word(w)).collect();
    s += &format!("- Command: `{}`\n", command.join(" "));
    let more = if complete { "" } else { " (interrupted: run again with --resume)" };
    s += &format!("- Runs: {} of {planned}{more}\n", runs.len());
    if let Some((k, m)) = c.shard {
        s += &format!("- Shard: {k} of {m}\n");
    }
    s += &format!(
        "- Accepted {}, rejected {}, crashed {}, hung {}\n",
        count(Outcome::Accepted),
        count(Outcome::Rejected),
        count(Outcome::Crashed),
        count(Outcome::Hung)
    );
    s += &format!("- Unique crashes and hangs: {}\n", entries.len());
    if entries.is_empty() {
        s += "\nNo crashes or hangs.\n";
    }
    for e in entries {
        let seeds: Vec<String> = e.seeds.iter().map(u64::to_string).collect();
        s += &format!("\n## {}: {}, {}\n\n", e.id, e.outcome.name(), e.cause());
        s += &format!("- File: `{}`, seeds: {}\n", e.file, seeds.join(", "));
        s += &format!("- Variant: `{}`\n", e.variant);
        match (&e.minimized, e.minimized_changes) {
            (Some(m), Some(n)) => s += &format!("- Minimized: `{m}` ({n} bytes changed)\n"),
            _ => s += "- Minimized: no\n",
        }
        s += &format!("- Signature:\n\n```\n{}\n```\n\n", e.signature);
        s += "Replay (from the campaign's directory, then inside DIR):\n\n";
        s += &format!("```sh\n{}\n{}\n```\n", e.corrupt, e.program);
    }
    s
}

fn io(path: &Path, e: &std::io::Error) -> String {
    format!("{}: {}", crate::display::path(path), crate::process::io_text(e))
}

/// Writes runs.jsonl (sorted), campaign.json and summary.md; the crash entries.
fn write_state(
    c: &Campaign,
    runs: &mut [Run],
    dir: &Path,
    changes: &dyn Fn(&Entry, &[u8]) -> Option<u64>,
) -> Result<Vec<Entry>, String> {
    runs.sort_by_key(|r| r.seed);
    let entries = entries(c, runs, dir, changes);
    let mode = crate::output::mode(0o777);
    let mut lines = String::new();
    for r in runs.iter() {
        lines += &r.line();
        lines.push('\n');
    }
    for (name, text) in [
        ("runs.jsonl", lines),
        ("campaign.json", c.json(runs, &entries).pretty()),
        ("summary.md", summary(c, runs, &entries)),
    ] {
        let path = dir.join(name);
        crate::output::write(&path, text.as_bytes(), mode).map_err(|e| format!("cannot write {}", io(&path, &e)))?;
    }
    Ok(entries)
}

/// The runs recorded in DIR/runs.jsonl that belong to the campaign (unreadable or cut lines dropped).
fn recorded(c: &Campaign, dir: &Path) -> Vec<Run> {
    let text = std::fs::read(dir.join("runs.jsonl")).unwrap_or_default();
    let text = String::from_utf8_lossy(&text);
    let mut seen = std::collections::HashSet::new();
    let mut runs = Vec::new();
    for line in text.split_inclusive('\n') {
        let Some(line) = line.strip_suffix('\n') else { continue };
        let Some(run) = Run::parse(line) else { continue };
        let ok = c.file_index(run.seed).is_some_and(|i| c.inputs[i].file == run.file) && c.in_slice(run.seed - c.seed);
        if ok && seen.insert(run.seed) {
            runs.push(run);
        }
    }
    runs
}

enum Stop {
    Usage(String),
    Fail(String),
}

/// An input, read.
struct Loaded {
    input: crate::process::Input,
    mode: u32,
    /// Its name in the job slots: letters, digits and `._-` kept.
    slot_name: String,
}

/// The campaign planned: inputs read, DIR checked, recorded runs loaded.
struct Planned {
    campaign: Campaign,
    loaded: Vec<Loaded>,
    runs: Vec<Run>,
    rules: Rules,
}

fn plan(o: &Options) -> Result<Planned, Stop> {
    let usage = |m: String| Stop::Usage(m);
    let pattern =
        match &o.crash_pattern {
            Some(p) => Some(regex::Regex::new(p).map_err(|e| {
                usage(crate::cli_tables::usage::crash_pattern(e.to_string().lines().last().unwrap_or("")))
            })?),
            None => None,
        };
    let mut claims = crate::plan::Claims::default();
    let mut loaded = Vec::new();
    let mut inputs = Vec::new();
    for f in &o.files {
        if f.as_os_str() == crate::args::STDIN {
            return Err(usage("- (standard input) cannot be a campaign input".into()));
        }
        claims.input(f).map_err(usage)?;
        let input = crate::process::Input::read_file(f, || Ok(()), &mut |_| {})
            .map_err(|e| usage(format!("{}: {e}", crate::display::path(f))))?;
        let mode = std::fs::metadata(f).map(|m| m.mode() & 0o777).unwrap_or(0o600);
        let mut h = fracture_engine::Sha256Hasher::default();
        h.update(&input.bytes);
        inputs.push(InputRecord {
            file: f.to_string_lossy().into_owned(),
            size: input.bytes.len() as u64,
            sha256: h.hex(),
        });
        loaded.push(Loaded { slot_name: crate::minimize::safe_name(f), input, mode });
    }
    let dir = &o.out;
    if dir.exists() && !dir.is_dir() {
        return Err(usage(crate::cli_tables::usage::campaign_out_not_directory(crate::display::path(dir))));
    }
    // No output lands on an input (docs/cli.md, "Plan, then write").
    for name in ["campaign.json", "runs.jsonl", "summary.md"] {
        claims.output(&dir.join(name)).map_err(usage)?;
    }
    let json_path = dir.join("campaign.json");
    let previous = if o.resume {
        let shown = crate::display::path(&json_path);
        let text = std::fs::read_to_string(&json_path)
            .map_err(|e| usage(texts::resume_unreadable(&shown, crate::process::io_text(&e))))?;
        Some(Campaign::parse(&text).map_err(|_| usage(texts::not_a_campaign(&shown)))?)
    } else {
        if json_path.exists() || dir.join("runs.jsonl").exists() {
            return Err(usage(texts::campaign_exists(crate::display::path(dir))));
        }
        None
    };
    let seed = match (o.seed, &previous) {
        (Some(s), _) => s,
        (None, Some(p)) => p.seed,
        (None, None) => crate::args::random_seed(),
    };
    let total = o.files.len() as u64 * o.count;
    crate::policy::check_variant(&o.mode, o.intensity, seed.checked_add(total - 1)).map_err(usage)?;
    let mut campaign = Campaign {
        command: Vec::new(),
        inputs,
        mode: o.mode.clone(),
        intensity: o.intensity,
        only: o.engine.ranges.only.clone(),
        protect: o.engine.ranges.protect.clone(),
        fix_checksums: o.engine.fix_checksums,
        timeout_ms: o.timeout_ms,
        crash_exit: o.crash_exit.clone(),
        crash_pattern: o.crash_pattern.clone(),
        minimize: o.minimize,
        program: o.program.iter().map(|w| w.to_string_lossy().into_owned()).collect(),
        seed,
        count: o.count,
        shard: o.shard,
    };
    campaign.command = campaign.canonical();
    let runs = match &previous {
        Some(p) => {
            let differs = if p.command != campaign.command {
                Some("the command differs")
            } else if p.shard != campaign.shard {
                Some("the shard differs")
            } else if p.inputs != campaign.inputs {
                Some("an input changed")
            } else {
                None
            };
            if let Some(what) = differs {
                return Err(usage(crate::cli_tables::usage::another_campaign_because(
                    crate::display::path(&json_path),
                    what,
                )));
            }
            recorded(&campaign, dir)
        }
        None => Vec::new(),
    };
    let rules = Rules { crash_exit: o.crash_exit.clone(), pattern };
    Ok(Planned { campaign, loaded, runs, rules })
}

/// The state the runs share: recorded runs, the representative of each crash id, runs.jsonl.
struct Store<'a> {
    dir: &'a Path,
    campaign: &'a Campaign,
    runs: Vec<Run>,
    /// Crash id -> the seed of its representative run.
    reps: HashMap<String, u64>,
    append: std::fs::File,
    progress: Progress,
}

impl Store<'_> {
    /// Records a run: its crash's files first when it is the id's new representative, then its line.
    fn record(&mut self, run: Run, variant: &[u8], exit: &exec::Exit, mode: u32) -> Result<(), String> {
        if let Some(id) = &run.crash_id {
            let before = self.reps.get(id).copied();
            if before.is_none_or(|s| run.seed < s) {
                let crash = self.dir.join("crashes").join(id);
                std::fs::create_dir_all(&crash).map_err(|e| format!("cannot create {}", io(&crash, &e)))?;
                let i = self.campaign.file_index(run.seed).unwrap_or(0);
                let file_mode = crate::output::mode(mode);
                for (name, bytes, m) in [
                    (self.campaign.variant_name(i, run.seed), variant, file_mode),
                    ("stdout.txt".to_string(), &exit.stdout[..], crate::output::mode(0o777)),
                    ("stderr.txt".to_string(), &exit.stderr[..], crate::output::mode(0o777)),
                ] {
                    let path = crash.join(name);
                    crate::output::write(&path, bytes, m).map_err(|e| format!("cannot write {}", io(&path, &e)))?;
                }
                if let Some(old) = before {
                    let old_name = self.campaign.variant_name(self.campaign.file_index(old).unwrap_or(0), old);
                    let _ = std::fs::remove_file(crash.join(minimized_name(&old_name)));
                    let _ = std::fs::remove_file(crash.join(old_name));
                }
                self.reps.insert(id.clone(), run.seed);
            }
        }
        let mut line = run.line();
        line.push('\n');
        let path = self.dir.join("runs.jsonl");
        self.append.write_all(line.as_bytes()).map_err(|e| format!("cannot write {}", io(&path, &e)))?;
        self.progress.count(run.outcome);
        self.runs.push(run);
        Ok(())
    }
}

/// The progress line on a terminal (section 11).
struct Progress {
    show: bool,
    drawn: bool,
    started: Instant,
    last: Option<Instant>,
    planned: u64,
    done: u64,
    new: u64,
    counts: [u64; 4],
}

impl Progress {
    fn count(&mut self, o: Outcome) {
        self.done += 1;
        self.new += 1;
        self.counts[o as usize] += 1;
        let now = Instant::now();
        if self.show && self.last.is_none_or(|l| now - l >= Duration::from_millis(100)) {
            self.last = Some(now);
            self.draw();
        }
    }

    fn draw(&mut self) {
        let secs = self.started.elapsed().as_secs_f64().max(1e-3);
        let [a, r, c, h] = self.counts;
        eprint!(
            "\r{}/{} runs, {:.1} runs/s, {a} accepted, {r} rejected, {c} crashed, {h} hung",
            self.done,
            self.planned,
            self.new as f64 / secs
        );
        self.drawn = true;
    }

    fn end(&mut self) {
        if self.drawn {
            self.draw();
            eprintln!();
            self.drawn = false;
        }
    }
}

pub fn run(o: Options) -> ExitCode {
    let planned = match plan(&o) {
        Ok(p) => p,
        Err(Stop::Usage(msg)) => {
            eprintln!("{}", crate::args::refusal(Some("run"), &msg));
            return ExitCode::from(2);
        }
        Err(Stop::Fail(msg)) => {
            eprintln!("fracture: run: {msg}");
            return ExitCode::from(1);
        }
    };
    let c = &planned.campaign;
    eprintln!("fracture: run: seed {} (variant j of file i uses seed {} + i * {} + j)", c.seed, c.seed, c.count);
    crate::output::on_interrupt(on_interrupt);
    let result = execute(&o, &planned);
    let signal = INTERRUPTED.load(Ordering::SeqCst);
    match result {
        Err(msg) => {
            eprintln!("fracture: run: {msg}");
            ExitCode::from(1)
        }
        Ok((runs, entries)) => {
            if signal != 0 {
                eprintln!("fracture: run: interrupted; continue with --resume");
                return ExitCode::from((128 + signal) as u8);
            }
            finished("run", &runs, entries.len(), &o.out, o.quiet)
        }
    }
}

/// The closing line of `run` or `merge` (unless quiet) and the exit code: 1 when a run crashed or
/// hung, else 0.
fn finished(command: &str, runs: &[Run], unique: usize, out: &Path, quiet: bool) -> ExitCode {
    let count = |x: Outcome| runs.iter().filter(|r| r.outcome == x).count();
    if !quiet {
        eprintln!(
            "fracture: {command}: {} runs: {} accepted, {} rejected, {} crashed, {} hung; {unique} unique -> {}",
            runs.len(),
            count(Outcome::Accepted),
            count(Outcome::Rejected),
            count(Outcome::Crashed),
            count(Outcome::Hung),
            crate::display::path(&out.join("summary.md"))
        );
    }
    if runs.iter().any(|r| r.outcome.failed()) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Runs the slice's unrecorded runs, then minimises; DIR is consistent whenever this returns.
fn execute(o: &Options, p: &Planned) -> Result<(Vec<Run>, Vec<Entry>), String> {
    let (c, dir) = (&p.campaign, o.out.as_path());
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}", io(dir, &e)))?;
    let changes = |e: &Entry, bytes: &[u8]| {
        let original = &p.loaded.get(e.file_index)?.input.bytes;
        (original.len() == bytes.len()).then(|| original.iter().zip(bytes).filter(|(a, b)| a != b).count() as u64)
    };
    let mut runs = p.runs.clone();
    write_state(c, &mut runs, dir, &changes)?;
    let temp = crate::output::PrivateDir::create("fracture-run-")
        .map_err(|e| format!("cannot create a temporary directory: {e}"))?;
    let base = std::fs::canonicalize(temp.path()).unwrap_or_else(|_| temp.path().to_path_buf());
    let mut slots = Vec::new();
    for s in 0..o.jobs {
        let slot = base.join(s.to_string());
        std::fs::create_dir(&slot).map_err(|e| format!("cannot create {}", io(&slot, &e)))?;
        slots.push(slot);
    }
    let runner = Runner {
        program: o.program[0].clone(),
        args: o.program[1..].to_vec(),
        braces: runner::has_braces(&o.program[1..]),
        timeout: Duration::from_millis(c.timeout_ms),
        slots,
    };
    let done: std::collections::HashSet<u64> = runs.iter().map(|r| r.seed).collect();
    let todo: Vec<u64> = c.slice().filter(|r| !done.contains(&(c.seed + r))).collect();
    let append = std::fs::File::options()
        .append(true)
        .open(dir.join("runs.jsonl"))
        .map_err(|e| format!("cannot write {}", io(&dir.join("runs.jsonl"), &e)))?;
    let mut reps: HashMap<String, u64> = HashMap::new();
    for r in &runs {
        if let Some(id) = &r.crash_id {
            reps.entry(id.clone()).or_insert(r.seed);
        }
    }
    let mut progress = Progress {
        show: !o.quiet && std::io::stderr().is_terminal(),
        drawn: false,
        started: Instant::now(),
        last: None,
        planned: c.planned(),
        done: runs.len() as u64,
        new: 0,
        counts: [0; 4],
    };
    for r in &runs {
        progress.counts[r.outcome as usize] += 1;
    }
    let store = Mutex::new(Store { dir, campaign: c, runs, reps, append, progress });
    let next = AtomicUsize::new(0);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let settings = crate::process::Settings { mode: &c.mode, intensity: c.intensity, options: &o.engine, whole: true };
    std::thread::scope(|scope| {
        for slot in 0..o.jobs.min(todo.len()) {
            let (store, next, failure, todo, runner, settings) = (&store, &next, &failure, &todo, &runner, &settings);
            scope.spawn(move || loop {
                if interrupted() || failure.lock().unwrap_or_else(|p| p.into_inner()).is_some() {
                    break;
                }
                let Some(&r) = todo.get(next.fetch_add(1, Ordering::SeqCst)) else { break };
                let i = (r / c.count) as usize;
                let seed = c.seed + r;
                let step = || -> Result<(), String> {
                    let input = &p.loaded[i];
                    let corrupted = crate::process::corrupt(input.input.clone(), settings, seed, &mut |_| {})?;
                    let bytes = corrupted.output();
                    let exit = runner.run(slot, &input.slot_name, bytes)?;
                    let verdict = classify(&exit.status, &exit.stderr, &p.rules);
                    let mut h = fracture_engine::Sha256Hasher::default();
                    h.update(bytes);
                    let run = Run {
                        file: c.inputs[i].file.clone(),
                        seed,
                        outcome: verdict.outcome,
                        exit_code: verdict.exit_code,
                        signal: verdict.signal,
                        duration_ms: exit.duration_ms,
                        variant_sha256: h.hex(),
                        crash_id: verdict.signature.as_deref().map(outcome::crash_id),
                    };
                    let mut s = store.lock().unwrap_or_else(|p| p.into_inner());
                    // A run that Ctrl-C killed is not recorded.
                    if interrupted() {
                        return Ok(());
                    }
                    s.record(run, bytes, &exit, input.mode)
                };
                if let Err(msg) = step() {
                    failure.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert(msg);
                    break;
                }
            });
        }
    });
    let mut store = store.into_inner().unwrap_or_else(|p| p.into_inner());
    store.progress.end();
    let mut runs = std::mem::take(&mut store.runs);
    drop(store);
    let entries = write_state(c, &mut runs, dir, &changes)?;
    if let Some(msg) = failure.into_inner().unwrap_or_else(|p| p.into_inner()) {
        return Err(msg);
    }
    if interrupted() || !c.minimize {
        return Ok((runs, entries));
    }
    let mut shrunk = false;
    for e in entries.iter().filter(|e| e.minimized.is_none()) {
        let Ok(variant) = std::fs::read(dir.join(&e.variant)) else { continue };
        let input = &p.loaded[e.file_index];
        let n = input.input.bytes.iter().zip(&variant).filter(|(a, b)| a != b).count();
        if input.input.bytes.len() != variant.len() {
            continue;
        }
        if !o.quiet {
            eprintln!("fracture: run: minimizing {} ({n} bytes changed)", e.id);
        }
        if let Some(result) =
            shrink::shrink(&runner, &p.rules, &input.slot_name, &input.input.bytes, &variant, &e.signature)
        {
            let path = dir.join(minimized_name(&e.variant));
            crate::output::write(&path, &result, crate::output::mode(input.mode))
                .map_err(|e| format!("cannot write {}", io(&path, &e)))?;
            shrunk = true;
            if !o.quiet {
                let k = input.input.bytes.iter().zip(&result).filter(|(a, b)| a != b).count();
                eprintln!("fracture: run: {}: {k} bytes", e.id);
            }
        }
        if interrupted() {
            break;
        }
    }
    drop(temp);
    let entries = if shrunk { write_state(c, &mut runs, dir, &changes)? } else { entries };
    Ok((runs, entries))
}

/// `fracture merge DIR... --out OUT` (section 10).
pub fn merge(o: MergeOptions) -> ExitCode {
    match merge_dirs(&o) {
        Ok((runs, entries)) => finished("merge", &runs, entries.len(), &o.out, o.quiet),
        Err(Stop::Usage(msg)) => {
            eprintln!("{}", crate::args::refusal(Some("merge"), &msg));
            ExitCode::from(2)
        }
        Err(Stop::Fail(msg)) => {
            eprintln!("fracture: merge: {msg}");
            ExitCode::from(1)
        }
    }
}

fn merge_dirs(o: &MergeOptions) -> Result<(Vec<Run>, Vec<Entry>), Stop> {
    let usage = Stop::Usage;
    if o.out.exists() && std::fs::read_dir(&o.out).map_or(true, |mut d| d.next().is_some()) {
        return Err(usage(crate::cli_tables::usage::merge_out_not_empty(crate::display::path(&o.out))));
    }
    let mut first: Option<Campaign> = None;
    let mut by_seed: HashMap<u64, (Run, usize)> = HashMap::new();
    // The minimised files' changes as each shard recorded them: (id, seed) -> changes.
    let mut changes: HashMap<(String, u64), u64> = HashMap::new();
    for (k, dir) in o.dirs.iter().enumerate() {
        let path = dir.join("campaign.json");
        let shown = crate::display::path(&path);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| usage(texts::campaign_unreadable(&shown, crate::process::io_text(&e))))?;
        let c = Campaign::parse(&text).map_err(|_| usage(texts::not_a_campaign(&shown)))?;
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(&text) {
            for e in v.get("crashes").and_then(|x| x.as_array()).into_iter().flatten() {
                if let (Some(id), Some(seed), Some(n)) = (
                    e.get("id").and_then(|x| x.as_str()),
                    e.get("seed").and_then(|x| x.as_u64()),
                    e.get("minimized_changes").and_then(|x| x.as_u64()),
                ) {
                    changes.insert((id.to_string(), seed), n);
                }
            }
        }
        if let Some(f) = &first {
            if f.command != c.command || f.inputs != c.inputs {
                return Err(usage(crate::cli_tables::usage::another_campaign(crate::display::path(dir))));
            }
        }
        for run in recorded(&c, dir) {
            match by_seed.get(&run.seed) {
                Some((other, _)) if (other.outcome, &other.crash_id) != (run.outcome, &run.crash_id) => {
                    return Err(usage(crate::cli_tables::usage::two_outcomes(run.seed)));
                }
                Some(_) => {}
                None => {
                    by_seed.insert(run.seed, (run, k));
                }
            }
        }
        first.get_or_insert(c);
    }
    let Some(mut c) = first else { return Err(usage("merge needs at least one DIR".into())) };
    c.shard = None;
    let mut runs: Vec<(Run, usize)> = by_seed.into_values().collect();
    runs.sort_by_key(|(r, _)| r.seed);
    std::fs::create_dir_all(&o.out).map_err(|e| Stop::Fail(format!("cannot create {}", io(&o.out, &e))))?;
    // Each id's representative: its lowest seed; its files come from the directory that recorded it.
    let mut seen = std::collections::HashSet::new();
    for (run, k) in &runs {
        let Some(id) = &run.crash_id else { continue };
        if !seen.insert(id.clone()) {
            continue;
        }
        let i = c.file_index(run.seed).unwrap_or(0);
        let name = c.variant_name(i, run.seed);
        let (from, to) = (o.dirs[*k].join("crashes").join(id), o.out.join("crashes").join(id));
        std::fs::create_dir_all(&to).map_err(|e| Stop::Fail(format!("cannot create {}", io(&to, &e))))?;
        for file in [name.clone(), minimized_name(&name), "stdout.txt".into(), "stderr.txt".into()] {
            let Ok(bytes) = std::fs::read(from.join(&file)) else { continue };
            let mode = std::fs::metadata(from.join(&file)).map_or(0o600, |m| m.mode() & 0o777);
            let path = to.join(&file);
            crate::output::write(&path, &bytes, mode)
                .map_err(|e| Stop::Fail(format!("cannot write {}", io(&path, &e))))?;
        }
    }
    let mut runs: Vec<Run> = runs.into_iter().map(|(r, _)| r).collect();
    let changes = |e: &Entry, _: &[u8]| changes.get(&(e.id.clone(), e.seed)).copied();
    let entries = write_state(&c, &mut runs, &o.out, &changes).map_err(Stop::Fail)?;
    Ok((runs, entries))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slices_are_counted_without_walking_them() {
        let record = |file: &str| InputRecord { file: file.into(), size: 1, sha256: String::new() };
        let mut c = Campaign {
            command: Vec::new(),
            inputs: vec![record("a"), record("b")],
            mode: "byte_flip".into(),
            intensity: 80,
            only: Vec::new(),
            protect: Vec::new(),
            fix_checksums: false,
            timeout_ms: 1000,
            crash_exit: Vec::new(),
            crash_pattern: None,
            minimize: true,
            program: vec!["true".into()],
            seed: 10,
            count: 7,
            shard: None,
        };
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
}
