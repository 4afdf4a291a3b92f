//! campaign.json's `crashes` (docs/campaigns.md, section 6): one entry per crash id, from its
//! representative run, with the replay commands and the share link; summary.md made from them.

use super::outcome::Outcome;
use super::record::{program_word, Json, Run};
use super::spec::{range_words, Campaign};
use crate::messages;

/// One unique crash or hang.
#[derive(Clone, Debug)]
pub struct Entry {
    pub id: String,
    pub outcome: Outcome,
    pub signature: String,
    pub file: String,
    pub file_index: usize,
    pub seed: u64,
    pub seeds: Vec<u64>,
    /// The representative variant, relative to DIR.
    pub variant: String,
    /// Where its minimised file goes, relative to DIR (whether or not it is there).
    pub minimized_path: String,
    pub minimized_changes: Option<u64>,
    /// The original gives the same signature (section 2, "Baseline"): counted apart, not minimised.
    pub pre_existing: bool,
    pub corrupt: String,
    pub program: String,
    /// The variant's share link (docs/contract.md, section 11.5): the input's base name and size.
    pub share_link: String,
}

impl Entry {
    pub fn minimized(&self) -> Option<&str> {
        self.minimized_changes.map(|_| self.minimized_path.as_str())
    }

    pub fn json(&self) -> Json {
        Json::Obj(vec![
            ("id", self.id.as_str().into()),
            ("outcome", self.outcome.name().into()),
            ("signature", self.signature.as_str().into()),
            ("pre_existing", Json::Bool(self.pre_existing)),
            ("file", self.file.as_str().into()),
            ("seed", self.seed.into()),
            ("seeds", Json::Arr(self.seeds.iter().map(|&s| s.into()).collect())),
            ("variant", self.variant.as_str().into()),
            ("minimized", self.minimized().map(str::to_string).into()),
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

    /// The cause line of the signature (its second line).
    pub fn cause(&self) -> &str {
        self.signature.lines().nth(1).unwrap_or_default()
    }
}

/// The entry of crash id `id` from its runs (sorted by seed: the first is the representative).
pub(super) fn entry(c: &Campaign, id: &str, list: &[&Run], signature: &str, changes: Option<u64>) -> Option<Entry> {
    let rep = list[0];
    let i = c.file_index(rep.seed)?;
    let name = c.variant_name(i, rep.seed);
    let variant = format!("crashes/{id}/{name}");
    let minimized_path = format!("crashes/{id}/{}", minimized(&name));
    let mut corrupt = vec!["fracture".to_string(), "--mode".into(), c.mode.clone(), "--intensity".into()];
    corrupt.extend([c.intensity.to_string(), "--seed".into(), rep.seed.to_string()]);
    corrupt.extend(range_words(&c.only, &c.protect, c.fix_checksums));
    let share_link =
        crate::share_link::share_link(crate::ui_modes::SITE_ORIGIN, &corrupt[1..], c.base_name(i), c.inputs[i].size);
    corrupt.push(crate::host_fields::shell_word(&c.inputs[i].file));
    let pre_existing = c.inputs[i].baseline.as_ref().is_some_and(|b| b.signature.as_deref() == Some(signature));
    Some(Entry {
        id: id.to_string(),
        outcome: rep.outcome,
        signature: signature.to_string(),
        file: rep.file.clone(),
        file_index: i,
        seed: rep.seed,
        seeds: list.iter().map(|r| r.seed).collect(),
        program: program_replay(&c.program, &variant),
        variant,
        minimized_path,
        minimized_changes: changes,
        pre_existing,
        corrupt: corrupt.join(" "),
        share_link,
    })
}

/// `{stem}_minimized{.ext}` of a variant's name.
pub fn minimized(variant: &str) -> String {
    String::from_utf8_lossy(&crate::names::minimized_name(variant.as_bytes())).into_owned()
}

/// The program's replay: `{}` made the variant's path (relative to DIR), or the variant on standard input.
pub fn program_replay(program: &[String], variant: &str) -> String {
    let braces = program.iter().skip(1).any(|a| a.contains("{}"));
    let mut words: Vec<String> = program
        .iter()
        .enumerate()
        .map(|(k, w)| program_word(&if k == 0 { w.clone() } else { w.replace("{}", variant) }))
        .collect();
    if !braces {
        words.push("<".into());
        words.push(program_word(variant));
    }
    words.join(" ")
}

/// The outcomes' counts, and the runs whose failure the original shows too.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
pub struct Counts {
    pub by_outcome: [u64; 4],
    pub pre_existing: u64,
}

impl Counts {
    pub fn of(o: Outcome, by_outcome: &[u64; 4]) -> u64 {
        by_outcome[o as usize]
    }

    pub fn get(&self, o: Outcome) -> u64 {
        self.by_outcome[o as usize]
    }

    pub fn recorded(&self) -> u64 {
        self.by_outcome.iter().sum()
    }

    /// Runs that crashed or hung in a way the original does not.
    pub fn new_failures(&self) -> u64 {
        self.get(Outcome::Crashed) + self.get(Outcome::Hung) - self.pre_existing
    }

    pub fn json(&self) -> Json {
        let mut items: Vec<(&'static str, Json)> =
            Outcome::ALL.iter().map(|&o| (o.name(), self.get(o).into())).collect();
        items.push(("pre_existing", self.pre_existing.into()));
        Json::Obj(items)
    }
}

/// summary.md (section 6).
pub fn summary(c: &Campaign, counts: &Counts, complete: bool, entries: &[Entry]) -> String {
    let mut s = String::from("# Fracture campaign\n\n");
    let command: Vec<String> = c.command().iter().map(|w| program_word(w)).collect();
    s += &format!("- Command: `{}`\n", command.join(" "));
    let more = if complete { String::new() } else { format!(" ({})", messages::run_interrupted_note()) };
    s += &format!("- Runs: {} of {}{more}\n", counts.recorded(), c.planned());
    if let Some((k, m)) = c.shard {
        s += &format!("- Shard: {k} of {m}\n");
    }
    for input in &c.inputs {
        if let Some(b) = input.baseline.as_ref().filter(|b| b.outcome != Outcome::Accepted) {
            let how = b.signature.as_deref().and_then(|s| s.lines().nth(1)).unwrap_or("");
            let how = if how.is_empty() { String::new() } else { format!(", {how}") };
            s += &format!("- Original `{}`: {}{how}\n", input.file, b.outcome.name());
        }
    }
    let [a, r, cr, h] = counts.by_outcome;
    s += &format!("- Accepted {a}, rejected {r}, crashed {cr}, hung {h}\n");
    if counts.pre_existing > 0 {
        s += &format!("- Pre-existing (the original fails the same way): {} runs\n", counts.pre_existing);
    }
    s += &format!("- Unique crashes and hangs: {}\n", entries.len());
    if entries.is_empty() {
        s += "\nNo crashes or hangs.\n";
    }
    for e in entries {
        let seeds: Vec<String> = e.seeds.iter().map(u64::to_string).collect();
        let pre = if e.pre_existing { " (pre-existing)" } else { "" };
        s += &format!("\n## {}: {}, {}{pre}\n\n", e.id, e.outcome.name(), e.cause());
        s += &format!("- File: `{}`, seeds: {}\n", e.file, seeds.join(", "));
        s += &format!("- Variant: `{}`\n", e.variant);
        match (e.minimized(), e.minimized_changes) {
            (Some(m), Some(n)) => s += &format!("- Minimized: `{m}` ({n} bytes changed)\n"),
            _ if e.pre_existing => s += "- Minimized: no (the original fails the same way)\n",
            _ => s += "- Minimized: no\n",
        }
        s += &format!("- Signature:\n\n```\n{}\n```\n\n", e.signature);
        s += "Replay (from the campaign's directory, then inside DIR):\n\n";
        s += &format!("```sh\n{}\n{}\n```\n", e.corrupt, e.program);
    }
    s
}
