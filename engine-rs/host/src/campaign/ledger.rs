//! A campaign's state while it runs (docs/campaigns.md): the recorded runs, each crash id's
//! signature and representative, the baselines and the minimised files; and the directory's three
//! files made from them. The shells (the native CLI, the npm CLI through the host module) read the
//! inputs, run the program and write the files; every decision on what to record is taken here.

use std::collections::{BTreeMap, HashMap};

use serde_json::Value;

use super::crashes::{self, Counts, Entry};
use super::outcome::{classify, crash_id, Outcome, Rules, Status, Verdict};
use super::record::{Json, Run};
use super::spec::{Baseline, Campaign};
use crate::messages;

pub struct Ledger {
    pub campaign: Campaign,
    rules: Rules,
    /// By seed.
    runs: BTreeMap<u64, Run>,
    signatures: HashMap<String, String>,
    /// Crash id -> its representative's seed.
    reps: HashMap<String, u64>,
    /// Crash id -> the changes of its representative's minimised file, where that file is.
    minimized: HashMap<String, u64>,
}

/// Why `--resume` refuses DIR's campaign (section 8).
#[derive(Debug, PartialEq)]
pub enum Differs {
    Command,
    Shard,
    Inputs,
}

impl Differs {
    pub fn what(&self) -> &'static str {
        match self {
            Differs::Command => "the command differs",
            Differs::Shard => "the shard differs",
            Differs::Inputs => "the inputs differ (a FILE changed)",
        }
    }
}

/// A run recorded: its line of runs.jsonl, and what the shell keeps of it.
pub struct Recorded {
    /// With its `\n`.
    pub line: String,
    pub outcome: Outcome,
    /// The run is its crash id's new representative: write `crashes/{id}/{variant}`, stdout.txt and
    /// stderr.txt, and remove `replaced` (the former representative's variant and minimised file).
    pub keep: Option<Keep>,
}

pub struct Keep {
    pub id: String,
    pub variant: String,
    pub replaced: Vec<String>,
}

/// The runs of a runs.jsonl text that belong to the campaign: unreadable lines, a line cut short,
/// another campaign's runs and repeated seeds dropped.
pub fn recorded_runs(c: &Campaign, runs_jsonl: &[u8]) -> Vec<Run> {
    let text = String::from_utf8_lossy(runs_jsonl);
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

/// Crash id -> signature, as a campaign.json's entries give them.
pub(super) fn recorded_signatures(v: &Value) -> HashMap<String, String> {
    let mut out = HashMap::new();
    for e in v.get("crashes").and_then(Value::as_array).into_iter().flatten() {
        if let (Some(id), Some(s)) = (e.get("id").and_then(Value::as_str), e.get("signature").and_then(Value::as_str)) {
            out.insert(id.to_string(), s.to_string());
        }
    }
    out
}

impl Ledger {
    pub fn new(campaign: Campaign) -> Ledger {
        let rules = campaign.rules();
        Ledger {
            campaign,
            rules,
            runs: BTreeMap::new(),
            signatures: HashMap::new(),
            reps: HashMap::new(),
            minimized: HashMap::new(),
        }
    }

    /// `--resume`: the campaign in DIR (its campaign.json, parsed, and runs.jsonl) continued, or what
    /// makes it another campaign.
    pub fn resume(campaign: Campaign, previous: &Value, runs_jsonl: &[u8]) -> Result<Ledger, Differs> {
        let old = Campaign::parse(previous).map_err(|_| Differs::Command)?;
        if old.command() != campaign.command() {
            return Err(Differs::Command);
        }
        if old.shard != campaign.shard {
            return Err(Differs::Shard);
        }
        if old.inputs.len() != campaign.inputs.len()
            || old.inputs.iter().zip(&campaign.inputs).any(|(a, b)| !a.same_file(b))
        {
            return Err(Differs::Inputs);
        }
        let mut ledger = Ledger::new(campaign);
        for (input, old) in ledger.campaign.inputs.iter_mut().zip(old.inputs) {
            input.baseline = old.baseline;
        }
        ledger.signatures = recorded_signatures(previous);
        for run in recorded_runs(&ledger.campaign, runs_jsonl) {
            ledger.insert(run);
        }
        Ok(ledger)
    }

    fn insert(&mut self, run: Run) {
        if let Some(id) = &run.crash_id {
            let rep = self.reps.entry(id.clone()).or_insert(run.seed);
            *rep = (*rep).min(run.seed);
        }
        self.runs.insert(run.seed, run);
    }

    pub(super) fn insert_merged(&mut self, run: Run, signatures: &HashMap<String, String>) {
        if let Some(id) = &run.crash_id {
            if let Some(s) = signatures.get(id) {
                self.signatures.entry(id.clone()).or_insert_with(|| s.clone());
            }
        }
        self.insert(run);
    }

    /// The run indices still to run, in order.
    pub fn todo(&self) -> Vec<u64> {
        let c = &self.campaign;
        c.slice().filter(|r| !self.runs.contains_key(&(c.seed + r))).collect()
    }

    /// Run index `r`'s input and seed.
    pub fn run_of(&self, r: u64) -> (usize, u64) {
        ((r / self.campaign.count) as usize, self.campaign.seed + r)
    }

    pub fn judge(&self, status: &Status, stderr: &[u8]) -> Verdict {
        classify(status, stderr, &self.rules)
    }

    /// The inputs whose original is still to run (none with `--no-baseline`).
    pub fn baselines_needed(&self) -> Vec<usize> {
        let c = &self.campaign;
        (0..c.inputs.len()).filter(|&i| c.baseline && c.inputs[i].baseline.is_none()).collect()
    }

    /// Records how the program took input `i` unmodified.
    pub fn set_baseline(&mut self, i: usize, status: &Status, stderr: &[u8]) {
        let v = self.judge(status, stderr);
        self.campaign.inputs[i].baseline = Some(Baseline { outcome: v.outcome, signature: v.signature });
    }

    /// The lines that say an original already fails (printed first: section 11).
    pub fn baseline_lines(&self) -> Vec<String> {
        let mut lines = Vec::new();
        for input in &self.campaign.inputs {
            let Some(b) = &input.baseline else { continue };
            let cause = b.signature.as_deref().and_then(|s| s.lines().nth(1)).unwrap_or("");
            match b.outcome {
                Outcome::Accepted => {}
                Outcome::Rejected => lines.push(messages::run_baseline_rejected(&input.file)),
                o => lines.push(messages::run_baseline_fails(&input.file, o.name(), cause)),
            }
        }
        lines
    }

    /// Records run index `r`; see [`Recorded`].
    pub fn record(
        &mut self,
        r: u64,
        status: &Status,
        stderr: &[u8],
        duration_ms: u64,
        variant_sha256: &str,
    ) -> Recorded {
        let (i, seed) = self.run_of(r);
        let v = self.judge(status, stderr);
        let id = v.signature.as_deref().map(crash_id);
        let run = Run {
            file: self.campaign.inputs[i].file.clone(),
            seed,
            outcome: v.outcome,
            exit_code: v.exit_code,
            signal: v.signal,
            duration_ms,
            variant_sha256: variant_sha256.to_string(),
            crash_id: id.clone(),
        };
        let mut line = run.line();
        line.push('\n');
        let mut keep = None;
        if let (Some(id), Some(signature)) = (id, v.signature) {
            let before = self.reps.get(&id).copied();
            self.signatures.entry(id.clone()).or_insert(signature);
            if before.is_none_or(|s| seed < s) {
                let replaced = before.map_or_else(Vec::new, |old| {
                    let name = self.campaign.variant_name(self.campaign.file_index(old).unwrap_or(0), old);
                    vec![crashes::minimized(&name), name]
                });
                self.minimized.remove(&id);
                keep = Some(Keep { variant: self.campaign.variant_name(i, seed), id: id.clone(), replaced });
            }
        }
        self.insert(run);
        Recorded { line, outcome: v.outcome, keep }
    }

    /// Crash ids without a known signature (a campaign.json written before a kill): the shell hands
    /// each one's kept stderr.txt to [`Ledger::signature_from`].
    pub fn missing_signatures(&self) -> Vec<String> {
        let mut ids: Vec<String> = self.reps.keys().filter(|id| !self.signatures.contains_key(*id)).cloned().collect();
        ids.sort();
        ids
    }

    pub fn signature_from(&mut self, id: &str, stderr: &[u8]) {
        let Some(run) = self.reps.get(id).and_then(|s| self.runs.get(s)) else { return };
        let status = match (run.outcome, run.exit_code, &run.signal) {
            (Outcome::Hung, _, _) => Status::Timeout,
            (_, _, Some(s)) => Status::Signal(super::outcome::signal_number(s)),
            (_, Some(c), None) => Status::Code(c),
            _ => return,
        };
        if let Some(s) = self.judge(&status, stderr).signature {
            self.signatures.insert(id.to_string(), s);
        }
    }

    /// The minimised file of crash `id`'s representative is there, `changes` bytes from its input.
    pub fn set_minimized(&mut self, id: &str, changes: u64) {
        self.minimized.insert(id.to_string(), changes);
    }

    /// The minimised file of crash `id` is not there after all (a merge found none to copy).
    pub fn forget_minimized(&mut self, id: &str) {
        self.minimized.remove(id);
    }

    pub fn counts(&self) -> Counts {
        let mut counts = Counts::default();
        for run in self.runs.values() {
            counts.by_outcome[run.outcome as usize] += 1;
        }
        for e in self.entries().iter().filter(|e| e.pre_existing) {
            counts.pre_existing += e.seeds.len() as u64;
        }
        counts
    }

    pub fn complete(&self) -> bool {
        self.runs.len() as u64 == self.campaign.planned()
    }

    /// The crash entries, by their representative's seed.
    pub fn entries(&self) -> Vec<Entry> {
        let mut by_id: BTreeMap<u64, (String, Vec<&Run>)> = BTreeMap::new();
        for run in self.runs.values() {
            let Some(id) = &run.crash_id else { continue };
            let rep = self.reps.get(id).copied().unwrap_or(run.seed);
            by_id.entry(rep).or_insert_with(|| (id.clone(), Vec::new())).1.push(run);
        }
        by_id
            .values()
            .filter_map(|(id, list)| {
                let signature = self.signatures.get(id).map_or("", String::as_str);
                crashes::entry(&self.campaign, id, list, signature, self.minimized.get(id).copied())
            })
            .collect()
    }

    /// The entries to minimise now (section 9): not minimised, not pre-existing, with `--minimize`.
    pub fn to_minimize(&self) -> Vec<Entry> {
        if !self.campaign.minimize {
            return Vec::new();
        }
        self.entries().into_iter().filter(|e| e.minimized_changes.is_none() && !e.pre_existing).collect()
    }

    pub fn runs_jsonl(&self) -> String {
        self.runs.values().map(|r| r.line() + "\n").collect()
    }

    pub fn campaign_json(&self) -> String {
        let c = &self.campaign;
        let entries = self.entries();
        Json::Obj(vec![
            ("version", Json::Int(1)),
            ("command", Json::Arr(c.command().into_iter().map(Json::Str).collect())),
            ("inputs", c.inputs_json()),
            ("options", c.options_json()),
            ("program", Json::Arr(c.program.iter().map(|w| w.as_str().into()).collect())),
            ("seed", c.seed.into()),
            ("count", c.count.into()),
            ("shard", c.shard.map_or(Json::Null, |(k, m)| Json::Arr(vec![k.into(), m.into()]))),
            ("planned", c.planned().into()),
            ("complete", Json::Bool(self.complete())),
            ("counts", self.counts().json()),
            ("crashes", Json::Arr(entries.iter().map(Entry::json).collect())),
        ])
        .pretty()
    }

    pub fn summary_md(&self) -> String {
        crashes::summary(&self.campaign, &self.counts(), self.complete(), &self.entries())
    }

    /// The last line of `run` or `merge` (`summary`: DIR/summary.md as the shell displays it).
    pub fn closing_line(&self, command: &str, summary: &str) -> String {
        let n = self.counts();
        let entries = self.entries();
        let pre = entries.iter().filter(|e| e.pre_existing).count();
        let unique = if pre > 0 {
            messages::run_unique_pre_existing(&entries.len().to_string(), &pre.to_string())
        } else {
            messages::run_unique(&entries.len().to_string())
        };
        let [a, r, c, h] = n.by_outcome.map(|x| x.to_string());
        let counts = messages::run_counts(&n.recorded().to_string(), &a, &r, &c, &h);
        messages::run_closing(command, &counts, &unique, summary)
    }

    /// 1 when a run crashed or hung in a way its original does not, else 0 (section 11).
    pub fn exit_code(&self) -> u8 {
        u8::from(self.counts().new_failures() > 0)
    }
}

/// The bytes in which `b` differs from `a`; None when their lengths differ.
pub fn changes(a: &[u8], b: &[u8]) -> Option<u64> {
    (a.len() == b.len()).then(|| a.iter().zip(b).filter(|(x, y)| x != y).count() as u64)
}
