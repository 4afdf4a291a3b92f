//! Planning a campaign: the inputs read and hashed, the campaign described for the model, DIR
//! checked, and with `--resume` the ledger continued from DIR's campaign.json and runs.jsonl.

use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;

use fracture_host::campaign::dir::CampaignDir;
use fracture_host::campaign::{Campaign, InputRecord, Ledger};

use super::Options;
use crate::cli_tables::usage as texts;

/// An input, read.
pub(super) struct Loaded {
    pub input: crate::process::Input,
    pub mode: u32,
    /// Its name in the job slots: letters, digits and `._-` kept.
    pub slot_name: String,
}

/// The campaign planned: inputs read, DIR checked, recorded runs in the ledger.
pub(super) struct Planned {
    pub ledger: Ledger,
    pub loaded: Vec<Loaded>,
}

fn read_inputs(o: &Options, claims: &mut crate::plan::Claims) -> Result<(Vec<InputRecord>, Vec<Loaded>), String> {
    let mut loaded = Vec::new();
    let mut inputs = Vec::new();
    for f in &o.files {
        if f.as_os_str() == crate::args::STDIN {
            return Err("- (standard input) cannot be a campaign input".into());
        }
        claims.input(f)?;
        let input = crate::process::Input::read_file(f, || Ok(()), &mut |_| {})
            .map_err(|e| format!("{}: {e}", crate::display::path(f)))?;
        let mode = std::fs::metadata(f).map(|m| m.mode() & 0o777).unwrap_or(0o600);
        let mut h = fracture_engine::Sha256Hasher::default();
        h.update(&input.bytes);
        inputs.push(InputRecord {
            file: f.to_string_lossy().into_owned(),
            size: input.bytes.len() as u64,
            sha256: h.hex(),
            baseline: None,
        });
        loaded.push(Loaded {
            slot_name: fracture_host::shrink::names::slot_name(f.as_os_str().as_bytes()),
            input,
            mode,
        });
    }
    Ok((inputs, loaded))
}

/// The campaign planned, or the usage error that refuses it.
pub(super) fn plan(o: &Options) -> Result<Planned, String> {
    if let Some(p) = &o.decided.crash_pattern {
        fracture_host::campaign::spec::crash_pattern(p)?;
    }
    let mut claims = crate::plan::Claims::default();
    let (inputs, loaded) = read_inputs(o, &mut claims)?;
    let dir = &o.out;
    if dir.exists() && !dir.is_dir() {
        return Err(texts::campaign_out_not_directory(crate::display::path(dir)));
    }
    // No output lands on an input (docs/cli.md, "Plan, then write").
    for name in ["campaign.json", "runs.jsonl", "summary.md"] {
        claims.output(&dir.join(name))?;
    }
    let json_path = dir.join("campaign.json");
    let previous = if o.decided.resume {
        let shown = crate::display::path(&json_path);
        let text = std::fs::read_to_string(&json_path)
            .map_err(|e| texts::resume_unreadable(&shown, crate::process::io_text(&e)))?;
        let v: serde_json::Value = serde_json::from_str(&text).map_err(|_| texts::not_a_campaign(&shown))?;
        let old = Campaign::parse(&v).map_err(|_| texts::not_a_campaign(&shown))?;
        Some((v, old.seed))
    } else {
        if json_path.exists() || dir.join("runs.jsonl").exists() {
            return Err(texts::campaign_exists(crate::display::path(dir)));
        }
        None
    };
    let program = o.program.iter().map(|w| w.to_string_lossy().into_owned()).collect();
    let random = crate::args::random_seed();
    let campaign = Campaign::described(&o.decided, inputs, program, previous.as_ref().map(|(_, s)| *s), random)?;
    let ledger = match previous {
        None => Ledger::new(campaign),
        Some((v, _)) => {
            let runs = std::fs::read(dir.join("runs.jsonl")).unwrap_or_default();
            let mut ledger = Ledger::resume(campaign, &v, &runs)
                .map_err(|d| texts::another_campaign_because(crate::display::path(&json_path), d.what()))?;
            let inputs: Vec<&[u8]> = loaded.iter().map(|l| &l.input.bytes[..]).collect();
            CampaignDir::new(dir.as_os_str().as_bytes()).recover(&mut ledger, &inputs, &mut crate::files::StdFiles);
            ledger
        }
    };
    Ok(Planned { ledger, loaded })
}
