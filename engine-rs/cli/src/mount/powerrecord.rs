//! What the power-cut loop (crate::mount::powerloop) records in its campaign directory: each cut's
//! line of runs.jsonl, then campaign.json and summary.md with the failures grouped by id, each with the
//! commands that replay it (docs/mount.md, "Power cuts").

use std::collections::BTreeMap;
use std::path::Path;

use super::cut;
use super::options::LoopOptions;
use super::power::At;
use crate::campaign::outcome::Outcome;
use crate::campaign::record::{program_word, Json};
use crate::display;

/// The loop as its records name it: the options, SOURCE as resolved and the seed drawn.
pub(super) struct Campaign<'a> {
    pub o: &'a LoopOptions,
    pub source: &'a Path,
    pub seed: u64,
}

/// One cut point's run, as runs.jsonl records it.
pub(super) struct CutRun {
    pub(super) at: At,
    pub(super) during: Option<String>,
    pub(super) tree_sha256: Option<String>,
    pub(super) outcome: Outcome,
    pub(super) exit_code: Option<i32>,
    pub(super) signal: Option<String>,
    pub(super) duration_ms: u64,
    pub(super) failure: Option<String>,
}

pub(super) fn at_text(at: At) -> String {
    match at {
        At::Point(k) => k.to_string(),
        At::End => "end".into(),
    }
}

impl CutRun {
    fn line(&self) -> String {
        Json::Obj(vec![
            ("cut", at_text(self.at).into()),
            ("during", self.during.clone().into()),
            ("tree_sha256", self.tree_sha256.clone().into()),
            ("outcome", self.outcome.name().into()),
            ("exit_code", self.exit_code.map_or(Json::Null, |c| Json::Int(i64::from(c)))),
            ("signal", self.signal.clone().into()),
            ("duration_ms", self.duration_ms.into()),
            ("failure", self.failure.clone().into()),
        ])
        .compact()
    }
}

/// The commands that replay a cut and its check, from one directory: TREE, MNT and NOTES empty
/// directories there (NOTES is the cut's FRACTURE_NOTES, which the check reads as the cut left it).
fn replay(l: &Campaign, at: At) -> (String, String) {
    let o = l.o;
    let source = program_word(&display::path(l.source));
    let mut cut = format!(
        "FRACTURE_NOTES=NOTES fracture mount {source} MNT --seed {} --power-cut {} --power-cut-at {} --sector {} --torn-fill {} --upper TREE",
        l.seed,
        o.power.model.name(),
        at_text(at),
        o.power.sector,
        if o.power.fill == cut::Fill::Zeros { "zeros" } else { "old" }
    );
    for r in &o.rules {
        cut.push_str(&format!(" --fault {}", program_word(&r.to_string())));
    }
    cut.push_str(" --");
    for (i, w) in o.program.iter().enumerate() {
        let w = w.to_string_lossy();
        cut.push(' ');
        cut.push_str(&program_word(&if i == 0 { w.into_owned() } else { w.replace("{}", "MNT") }));
    }
    let check = format!(
        "FRACTURE_NOTES=NOTES fracture mount {source} MNT --upper TREE -- sh -c {}",
        program_word(&o.check.replace("{}", "MNT"))
    );
    (cut, check)
}

pub(super) fn write_state(l: &Campaign, k: u64, total: usize, runs: &[CutRun]) -> Result<(), String> {
    let mut groups: BTreeMap<String, Vec<&CutRun>> = BTreeMap::new();
    for r in runs {
        if let Some(id) = &r.failure {
            groups.entry(id.clone()).or_default().push(r);
        }
    }
    let mut lines = String::new();
    for r in runs {
        lines += &r.line();
        lines.push('\n');
    }
    let json = campaign_json(l, k, total, runs, &groups);
    let summary = summary_md(l, k, total, runs, &groups);
    let mode = crate::output::mode(0o666);
    for (name, text) in [("runs.jsonl", lines), ("campaign.json", json), ("summary.md", summary)] {
        let path = l.o.out.join(name);
        crate::output::write(&path, text.as_bytes(), mode)
            .map_err(|e| format!("cannot write {}: {e}", display::path(&path)))?;
    }
    Ok(())
}

/// Failed cuts by their failure's id.
type Groups<'a> = BTreeMap<String, Vec<&'a CutRun>>;

/// campaign.json's text (docs/mount.md, "Power cuts").
fn campaign_json(l: &Campaign, k: u64, total: usize, runs: &[CutRun], groups: &Groups) -> String {
    let o = l.o;
    let count = |x: Outcome| runs.iter().filter(|r| r.outcome == x).count() as u64;
    let failures: Vec<Json> = groups
        .iter()
        .map(|(id, list)| {
            let first = list[0];
            let sig = std::fs::read_to_string(o.out.join(format!("failures/{id}/signature.txt"))).unwrap_or_default();
            let (cut, check) = replay(l, first.at);
            Json::Obj(vec![
                ("id", id.as_str().into()),
                ("outcome", first.outcome.name().into()),
                ("signature", sig.into()),
                ("during", first.during.clone().into()),
                ("cuts", Json::Arr(list.iter().map(|r| at_text(r.at).into()).collect())),
                ("replay", Json::Arr(vec![cut.into(), check.into()])),
            ])
        })
        .collect();
    let program: Vec<String> = o.program.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    let json = Json::Obj(vec![
        ("version", Json::Int(1)),
        ("kind", "power-cut".into()),
        ("source", display::path(l.source).into()),
        ("model", o.power.model.name().into()),
        ("sector", o.power.sector.into()),
        ("torn_fill", if o.power.fill == cut::Fill::Zeros { "zeros" } else { "old" }.into()),
        ("seed", l.seed.into()),
        ("program", Json::Arr(program.iter().map(|s| s.as_str().into()).collect())),
        ("check", o.check.as_str().into()),
        ("durability_points", k.into()),
        ("cut_points", (total as u64).into()),
        ("planned", (runs.len() as u64).into()),
        ("counts", Json::Obj(Outcome::ALL.iter().map(|&x| (x.name(), count(x).into())).collect())),
        ("failures", Json::Arr(failures)),
    ]);
    json.pretty()
}

/// summary.md's text.
fn summary_md(l: &Campaign, k: u64, total: usize, runs: &[CutRun], groups: &Groups) -> String {
    let o = l.o;
    let count = |x: Outcome| runs.iter().filter(|r| r.outcome == x).count() as u64;
    let program: Vec<String> = o.program.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    let mut summary = format!(
        "# Fracture power-cut loop\n\n- Source: `{}`\n- Program: `{}`\n- Checker: `{}`\n- Model: {} (seed {}, sector {})\n- Durability points: {k}; cuts run: {} of {total}\n- Accepted {}, rejected {}, crashed {}, hung {}\n- Unique failures: {}\n",
        display::path(l.source),
        program.iter().map(|w| program_word(w)).collect::<Vec<_>>().join(" "),
        o.check,
        o.power.model.name(),
        l.seed,
        o.power.sector,
        runs.len(),
        count(Outcome::Accepted),
        count(Outcome::Rejected),
        count(Outcome::Crashed),
        count(Outcome::Hung),
        groups.len()
    );
    if groups.is_empty() {
        summary += "\nEvery cut left a tree the checker accepts.\n";
    }
    for (id, list) in groups {
        let first = list[0];
        let (cut, check) = replay(l, first.at);
        let sig = std::fs::read_to_string(o.out.join(format!("failures/{id}/signature.txt"))).unwrap_or_default();
        summary += &format!(
            "\n## {id}: {} after the cut {}\n\n- Cuts: {}\n- Checker's signature:\n\n```\n{sig}\n```\n\nReplay (TREE, MNT and NOTES empty directories):\n\n```sh\n{cut}\n{check}\n```\n",
            first.outcome.name(),
            first.during.as_deref().unwrap_or("(none)"),
            list.iter().map(|r| at_text(r.at)).collect::<Vec<_>>().join(", ")
        );
    }
    summary
}
