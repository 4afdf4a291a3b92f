//! `fracture run`'s plan (docs/campaigns.md, sections 1, 6 and 8), for both command lines through
//! each one's `shell::Files`: each FILE looked at and read, DIR checked and its files claimed (none
//! lands on an input, docs/cli.md, "Plan, then write"), the campaign described, and with `--resume`
//! the ledger continued from DIR's campaign.json and runs.jsonl and what DIR holds besides. Every
//! refusal is a usage error, decided here before anything is written.

use serde_json::Value;

use super::dir::CampaignDir;
use super::spec::{Campaign, InputRecord};
use super::Ledger;
use crate::cli_tables::usage as texts;
use crate::output_plan::Claims;
use crate::shell::Looked;
use crate::shell::{join, Files};
use crate::{display, messages};

/// An input FILE, read: its bytes, their SHA-256 (hex) and its permission bits.
pub struct Loaded {
    pub bytes: Vec<u8>,
    pub sha256: String,
    pub mode: u32,
}

/// The campaign planned: the inputs read, the ledger (new, or continued from DIR).
pub struct Planned {
    pub ledger: Ledger,
    pub loaded: Vec<Loaded>,
}

/// What the command line gave: the decisions fracture_host::args made, each FILE and PROGRAM word
/// (bytes, as the system gives them) and DIR.
pub struct Given<'a> {
    pub decided: &'a crate::args::Campaign,
    pub files: &'a [Vec<u8>],
    pub program: &'a [Vec<u8>],
    pub dir: &'a [u8],
    /// The seed when neither `--seed` nor a resumed DIR gives one.
    pub random: u64,
}

/// The campaign planned, or the usage error that refuses it.
pub fn plan(g: &Given, shell: &mut dyn Files) -> Result<Planned, String> {
    if let Some(p) = &g.decided.crash_pattern {
        super::spec::crash_pattern(p)?;
    }
    let mut claims = Claims::default();
    let (inputs, loaded) = read_inputs(g.files, &mut claims, shell)?;
    let dir = g.dir;
    match shell.look(dir) {
        Looked::Missing => {}
        Looked::Special(what) if what == messages::kind_directory() => {}
        _ => return Err(texts::campaign_out_not_directory(display::bytes(dir))),
    }
    let [json_path, runs_path, summary_path] = ["campaign.json", "runs.jsonl", "summary.md"].map(|n| join(dir, &[n]));
    for path in [&json_path, &runs_path, &summary_path] {
        let (key, kind) = shell.identify(path);
        claims.output(&key, kind.as_deref(), &display::bytes(path))?;
    }
    let shown = display::bytes(&json_path);
    let previous = if g.decided.resume {
        let unreadable = |why: String| texts::resume_unreadable(&shown, why);
        let text = shell.read(&json_path).map_err(unreadable)?.ok_or_else(|| unreadable(messages::io_not_found()))?;
        let v: Value = serde_json::from_slice(&text).map_err(|_| texts::not_a_campaign(&shown))?;
        let old = Campaign::parse(&v).map_err(|_| texts::not_a_campaign(&shown))?;
        Some((v, old.seed))
    } else {
        if !matches!(shell.look(&json_path), Looked::Missing) || !matches!(shell.look(&runs_path), Looked::Missing) {
            return Err(texts::campaign_exists(display::bytes(dir)));
        }
        None
    };
    let program = g.program.iter().map(|w| String::from_utf8_lossy(w).into_owned()).collect();
    let previous_seed = previous.as_ref().map(|(_, s)| *s);
    let campaign = Campaign::described(g.decided, inputs, program, previous_seed, g.random)?;
    let ledger = match previous {
        None => Ledger::new(campaign),
        Some((v, _)) => {
            let runs_shown = display::bytes(&runs_path);
            let runs = shell.read(&runs_path).map_err(|why| texts::resume_unreadable(&runs_shown, why))?;
            let mut ledger = Ledger::resume(campaign, &v, &runs.unwrap_or_default())
                .map_err(|d| texts::another_campaign_because(&shown, d.what()))?;
            let bytes: Vec<&[u8]> = loaded.iter().map(|l| &l.bytes[..]).collect();
            CampaignDir::new(dir).recover(&mut ledger, &bytes, shell);
            ledger
        }
    };
    Ok(Planned { ledger, loaded })
}

/// Each FILE looked at (a regular file, claimed as an input), read whole and hashed.
fn read_inputs(
    files: &[Vec<u8>],
    claims: &mut Claims,
    shell: &mut dyn Files,
) -> Result<(Vec<InputRecord>, Vec<Loaded>), String> {
    let (mut inputs, mut loaded) = (Vec::new(), Vec::new());
    for f in files {
        let shown = display::bytes(f);
        let mode = match shell.look(f) {
            Looked::Special(what) => return Err(messages::not_regular(&shown, &what)),
            Looked::Regular(id) if id.size > fracture_engine::MAX_INPUT => {
                return Err(format!("{shown}: {}", fracture_engine::EngineError::TooLarge(id.size)));
            }
            Looked::Regular(id) => {
                claims.input(&id.key(), &shown);
                id.mode
            }
            // It fails when read, in its own words.
            Looked::Missing => 0o600,
        };
        let bytes = shell.read_input(f).map_err(|why| format!("{shown}: {why}"))?;
        let mut h = fracture_engine::Sha256Hasher::default();
        h.update(&bytes);
        let (file, sha256) = (String::from_utf8_lossy(f).into_owned(), h.hex());
        inputs.push(InputRecord { file, size: bytes.len() as u64, sha256: sha256.clone(), baseline: None });
        loaded.push(Loaded { bytes, sha256, mode });
    }
    Ok((inputs, loaded))
}

#[cfg(test)]
mod tests {
    use super::{plan, Given};
    use crate::shell::memory::Memory;

    /// `fracture run OPTIONS FILES -- true`, planned on `m` with DIR `d`: the usage error, if any.
    fn refusal(options: &[(&str, &[&str])], files: &[&str], m: &mut Memory) -> Option<String> {
        let options = options.iter().map(|(n, v)| (n.to_string(), v.iter().map(|v| v.to_string()).collect()));
        let g = crate::args::Given {
            options: options.collect(),
            positionals: files.iter().map(|f| f.to_string()).collect(),
            program: Some(1),
        };
        let decided = crate::args::campaign(&g, 2).expect("decided");
        let files: Vec<Vec<u8>> = files.iter().map(|f| f.as_bytes().to_vec()).collect();
        let given = Given { decided: &decided, files: &files, program: &[b"true".to_vec()], dir: b"d", random: 7 };
        plan(&given, m).err()
    }

    #[test]
    fn every_refusal_comes_before_a_write() {
        let mut m = Memory::default();
        m.add("in.bin", b"abcd");
        assert_eq!(refusal(&[], &["gone.bin"], &mut m).as_deref(), Some("gone.bin: no such file"));
        // DIR's files claimed: an input is never written over.
        m.add("d/summary.md", b"x");
        assert_eq!(
            refusal(&[], &["d/summary.md"], &mut m).as_deref(),
            Some("output d/summary.md is the input d/summary.md")
        );
        assert_eq!(refusal(&[], &["in.bin"], &mut m), None, "a summary.md alone is not a campaign");
        m.add("d/runs.jsonl", b"");
        assert_eq!(
            refusal(&[], &["in.bin"], &mut m).as_deref(),
            Some(crate::cli_tables::usage::campaign_exists("d").as_str())
        );
        // --resume: what cannot be read is said so.
        let resume: &[(&str, &[&str])] = &[("resume", &[])];
        assert_eq!(
            refusal(resume, &["in.bin"], &mut m).as_deref(),
            Some("--resume: cannot read d/campaign.json: no such file")
        );
        m.files.insert(b"d/campaign.json".to_vec(), Err("Permission denied".into()));
        assert_eq!(
            refusal(resume, &["in.bin"], &mut m).as_deref(),
            Some("--resume: cannot read d/campaign.json: Permission denied")
        );
        assert!(m.writes.is_empty());
    }
}
