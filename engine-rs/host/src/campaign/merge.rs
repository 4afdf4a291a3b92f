//! `fracture merge` (docs/campaigns.md, section 10): shard directories joined into one campaign, the
//! whole command for both command lines (`command`), through each one's `shell::Files`.

use std::collections::HashMap;

use serde_json::Value;

use super::crashes;
use super::ledger::{recorded_runs, recorded_signatures, Ledger};
use super::spec::Campaign;
use crate::cli_tables::usage;
use crate::display;
use crate::messages;
use crate::shell::{join, Fault, Files};

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

/// What stops the command: a usage error (exit 2) or a failure (exit 1), each its line's message.
enum Stop {
    Usage(String),
    Fail(String),
}

/// `message` about `path` and the system's reason (shell::cannot), as a failure.
fn cannot(message: fn(&str, &str) -> String, path: &[u8]) -> impl FnOnce(Fault) -> Stop + '_ {
    let said = crate::shell::cannot(message, path);
    move |why| Stop::Fail(said(why))
}

/// `fracture merge DIR... --out OUT`, whole, for both command lines: OUT checked, each DIR's
/// campaign.json and runs.jsonl read, the shards merged, the crash files the merge names copied, OUT's
/// three files written, the lines on standard error. Returns the exit code (section 11).
pub fn command(dirs: &[Vec<u8>], out: &[u8], quiet: bool, files: &mut dyn Files) -> u8 {
    let (line, code) = match merged(dirs, out, files) {
        Ok(ledger) => {
            if !quiet {
                files.err_line(&ledger.closing_line("merge", &display::bytes(&join(out, &["summary.md"]))));
            }
            return ledger.exit_code();
        }
        Err(Stop::Usage(message)) => (usage::refusal(Some("merge"), &message), 2),
        Err(Stop::Fail(message)) => (format!("fracture: merge: {message}"), 1),
    };
    files.err_line(&line);
    code
}

fn merged(dirs: &[Vec<u8>], out: &[u8], files: &mut dyn Files) -> Result<Ledger, Stop> {
    if files.occupied(out) {
        return Err(Stop::Usage(usage::merge_out_not_empty(display::bytes(out))));
    }
    let mut read = Vec::new();
    for dir in dirs {
        let path = join(dir, &["campaign.json"]);
        let unreadable = |why: Fault| Stop::Usage(usage::campaign_unreadable(display::bytes(&path), why));
        // Not UTF-8: not a campaign (the merge says so).
        let text = files.read(&path).map_err(unreadable)?.ok_or_else(|| unreadable(messages::io_not_found()))?;
        let runs = join(dir, &["runs.jsonl"]);
        let runs_jsonl = files.read(&runs).map_err(cannot(messages::cannot_read, &runs))?;
        read.push((String::from_utf8(text).unwrap_or_default(), runs_jsonl.unwrap_or_default()));
    }
    let shown: Vec<String> = dirs.iter().map(|d| display::bytes(d)).collect();
    let Merged { mut ledger, copies } = merge(&read).map_err(|e| Stop::Usage(e.usage(&shown)))?;
    files.create_dir_all(out).map_err(cannot(messages::cannot_create, out))?;
    for copy in &copies {
        let (from, to) = (join(&dirs[copy.from], &["crashes", &copy.id]), join(out, &["crashes", &copy.id]));
        files.create_dir_all(&to).map_err(cannot(messages::cannot_create, &to))?;
        for (k, name) in copy.names.iter().enumerate() {
            let source = join(&from, &[name]);
            let Some(bytes) = files.read(&source).map_err(cannot(messages::cannot_read, &source))? else {
                // The first name is the minimised file: recorded, but not in the shard's DIR.
                if k == 0 {
                    ledger.forget_minimized(&copy.id);
                }
                continue;
            };
            // What the shard's file grants, as every output takes it.
            let (path, allowed) = (join(&to, &[name]), files.permissions(&source));
            files.write(&path, &bytes, allowed).map_err(cannot(messages::cannot_write, &path))?;
        }
    }
    super::dir::CampaignDir::new(out).write_state(&ledger, files).map_err(Stop::Fail)?;
    Ok(ledger)
}

#[cfg(test)]
mod tests {
    use super::command;
    use crate::shell::memory::Memory;

    #[test]
    fn refusals_and_failures_write_nothing() {
        let mut m = Memory::default();
        m.add("out/x", b"");
        assert_eq!(command(&[b"a".to_vec()], b"out", false, &mut m), 2);
        assert_eq!(m.lines, ["fracture: --out out must be absent or an empty directory (see fracture merge --help)"]);

        let mut m = Memory::default();
        assert_eq!(command(&[b"a\xff".to_vec()], b"out", false, &mut m), 2);
        assert_eq!(m.lines, ["fracture: cannot read a\\xFF/campaign.json: no such file (see fracture merge --help)"]);

        // Not a campaign (not UTF-8, say), and a runs.jsonl that cannot be read: no record is lost silently.
        let mut m = Memory::default();
        m.add("a/campaign.json", b"\xff{}");
        assert_eq!(command(&[b"a".to_vec()], b"out", false, &mut m), 2);
        assert_eq!(
            m.lines,
            ["fracture: a/campaign.json is not a campaign (campaign.json, version 1) (see fracture merge --help)"]
        );
        m.files.insert(b"a/runs.jsonl".to_vec(), Err("Permission denied".into()));
        m.lines.clear();
        assert_eq!(command(&[b"a".to_vec()], b"out", false, &mut m), 1);
        assert_eq!(m.lines, ["fracture: merge: cannot read a/runs.jsonl: Permission denied"]);
        assert!(m.writes.is_empty());
    }
}
