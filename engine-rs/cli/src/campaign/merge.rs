//! `fracture merge DIR... --out OUT` (docs/campaigns.md, section 10): the shell reads each DIR's
//! campaign.json and runs.jsonl, the campaign model merges them, and the shell copies the crash
//! files the model names and writes OUT.

use std::os::unix::fs::MetadataExt;
use std::process::ExitCode;

use fracture_host::campaign::merge::merge as merge_dirs;
use fracture_host::campaign::Ledger;

use super::{cannot, finished, write_state, MergeOptions, Stop};
use crate::cli_tables::usage as texts;
use fracture_host::messages;

pub fn merge(o: MergeOptions) -> ExitCode {
    match merged(&o) {
        Ok(ledger) => finished("merge", &ledger, &o.out, o.quiet),
        Err(Stop::Usage(msg)) => {
            eprintln!("{}", crate::cli_tables::usage::refusal(Some("merge"), &msg));
            ExitCode::from(2)
        }
        Err(Stop::Fail(msg)) => {
            eprintln!("fracture: merge: {msg}");
            ExitCode::from(1)
        }
    }
}

fn merged(o: &MergeOptions) -> Result<Ledger, Stop> {
    let usage = Stop::Usage;
    if o.out.exists() && std::fs::read_dir(&o.out).map_or(true, |mut d| d.next().is_some()) {
        return Err(usage(texts::merge_out_not_empty(crate::display::path(&o.out))));
    }
    let mut texts_read = Vec::new();
    for dir in &o.dirs {
        let path = dir.join("campaign.json");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| usage(texts::campaign_unreadable(crate::display::path(&path), crate::process::io_text(&e))))?;
        texts_read.push((text, std::fs::read(dir.join("runs.jsonl")).unwrap_or_default()));
    }
    let shown: Vec<String> = o.dirs.iter().map(|d| crate::display::path(d)).collect();
    let m = merge_dirs(&texts_read).map_err(|e| usage(e.usage(&shown)))?;
    let mut ledger = m.ledger;
    std::fs::create_dir_all(&o.out).map_err(|e| Stop::Fail(cannot(messages::cannot_create, &o.out, &e)))?;
    for copy in &m.copies {
        let (from, to) = (o.dirs[copy.from].join("crashes").join(&copy.id), o.out.join("crashes").join(&copy.id));
        std::fs::create_dir_all(&to).map_err(|e| Stop::Fail(cannot(messages::cannot_create, &to, &e)))?;
        for (k, file) in copy.names.iter().enumerate() {
            let Ok(bytes) = std::fs::read(from.join(file)) else {
                // The first name is the minimised file: recorded, but not in the shard's DIR.
                if k == 0 {
                    ledger.forget_minimized(&copy.id);
                }
                continue;
            };
            // What the shard's file grants, as every output takes it (the umask too), as the npm CLI does.
            let mode = crate::output::mode(std::fs::metadata(from.join(file)).map_or(0o600, |m| m.mode() & 0o777));
            let path = to.join(file);
            crate::output::write(&path, &bytes, mode)
                .map_err(|e| Stop::Fail(cannot(messages::cannot_write, &path, &e)))?;
        }
    }
    write_state(&ledger, &o.out).map_err(Stop::Fail)?;
    Ok(ledger)
}
