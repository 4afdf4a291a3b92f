//! `fracture merge` (docs/campaigns.md, section 10): shard directories joined into one campaign. The
//! shells read each DIR's campaign.json and runs.jsonl and copy the files named here.

use std::collections::HashMap;

use serde_json::Value;

use super::crashes;
use super::ledger::{recorded_runs, recorded_signatures, Ledger};
use super::spec::Campaign;

/// What stops a merge: a usage error about DIR number `k` (from 0) or a seed.
#[derive(Debug, PartialEq)]
pub enum MergeError {
    NotACampaign(usize),
    Another(usize),
    TwoOutcomes(u64),
    NoDirs,
}

impl MergeError {
    /// The usage error's line (cli.toml's words), given each DIR as it is shown (its display form).
    pub fn usage(&self, dirs_shown: &[String]) -> String {
        use crate::cli_tables::usage as texts;
        let dir = |k: usize| dirs_shown.get(k).map_or("", String::as_str);
        match *self {
            // DIR/campaign.json as Rust's Path::join writes it: a `/` unless DIR ends with one.
            MergeError::NotACampaign(k) => {
                let slash = if dir(k).ends_with('/') { "" } else { "/" };
                texts::not_a_campaign(format!("{}{slash}campaign.json", dir(k)))
            }
            MergeError::Another(k) => texts::another_campaign(dir(k)),
            MergeError::TwoOutcomes(seed) => texts::two_outcomes(seed),
            MergeError::NoDirs => texts::merge_needs_dirs(),
        }
    }
}

/// A crash's files to copy: from DIR number `from`, `crashes/{id}/{name}` for each name (those that
/// are there).
pub struct Copy {
    pub from: usize,
    pub id: String,
    pub names: Vec<String>,
}

pub struct Merged {
    pub ledger: Ledger,
    pub copies: Vec<Copy>,
}

/// Merges the DIRs given as (campaign.json text, runs.jsonl bytes), in order.
pub fn merge(dirs: &[(String, Vec<u8>)]) -> Result<Merged, MergeError> {
    let mut first: Option<Campaign> = None;
    let mut by_seed: HashMap<u64, (super::record::Run, usize)> = HashMap::new();
    let mut signatures: HashMap<String, String> = HashMap::new();
    // The minimised files' changes as each shard recorded them: (id, seed) -> changes.
    let mut changes: HashMap<(String, u64), u64> = HashMap::new();
    for (k, (text, runs_jsonl)) in dirs.iter().enumerate() {
        let v: Value = serde_json::from_str(text).map_err(|_| MergeError::NotACampaign(k))?;
        let c = Campaign::parse(&v).map_err(|_| MergeError::NotACampaign(k))?;
        for e in v.get("crashes").and_then(Value::as_array).into_iter().flatten() {
            let id = e.get("id").and_then(Value::as_str);
            let seed = e.get("seed").and_then(Value::as_u64);
            if let (Some(id), Some(seed), Some(n)) = (id, seed, e.get("minimized_changes").and_then(Value::as_u64)) {
                changes.insert((id.to_string(), seed), n);
            }
        }
        for (id, s) in recorded_signatures(&v) {
            signatures.entry(id).or_insert(s);
        }
        if let Some(f) = &first {
            let same = f.command() == c.command()
                && f.inputs.len() == c.inputs.len()
                && f.inputs.iter().zip(&c.inputs).all(|(a, b)| a.same_file(b));
            if !same {
                return Err(MergeError::Another(k));
            }
        }
        for run in recorded_runs(&c, runs_jsonl) {
            match by_seed.get(&run.seed) {
                Some((other, _)) if (other.outcome, &other.crash_id) != (run.outcome, &run.crash_id) => {
                    return Err(MergeError::TwoOutcomes(run.seed));
                }
                Some(_) => {}
                None => {
                    by_seed.insert(run.seed, (run, k));
                }
            }
        }
        first.get_or_insert(c);
    }
    let mut c = first.ok_or(MergeError::NoDirs)?;
    c.shard = None;
    let mut runs: Vec<(super::record::Run, usize)> = by_seed.into_values().collect();
    runs.sort_by_key(|(r, _)| r.seed);
    let mut ledger = Ledger::new(c);
    let mut copies = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (run, k) in runs {
        if let Some(id) = &run.crash_id {
            // Each id's representative: its lowest seed; its files come from the DIR that recorded it.
            if seen.insert(id.clone()) {
                let i = ledger.campaign.file_index(run.seed).unwrap_or(0);
                let name = ledger.campaign.variant_name(i, run.seed);
                if let Some(&n) = changes.get(&(id.clone(), run.seed)) {
                    ledger.set_minimized(id, n);
                }
                let names = vec![crashes::minimized(&name), name, "stdout.txt".into(), "stderr.txt".into()];
                copies.push(Copy { from: k, id: id.clone(), names });
            }
        }
        ledger.insert_merged(run, &signatures);
    }
    Ok(Merged { ledger, copies })
}
