//! A log read back (`--replay LOG`: the same seed, corruption and exactly the logged faults), and
//! `--dry-run` (each corrupted file's seed and the `fracture` command that writes its bytes).

use std::path::{Path, PathBuf};

use super::checks::Paths;
use super::faults::Replayed;
use super::rules::{Effect, Op};
use super::variant::Corruption;

/// What a log says of the mount that wrote it.
pub struct Replay {
    pub seed: u64,
    pub corruption: Option<Corruption>,
    pub faults: Vec<Replayed>,
}

fn strings(v: &serde_json::Value) -> Vec<String> {
    v.as_array().map(|a| a.iter().filter_map(|s| s.as_str().map(str::to_string)).collect()).unwrap_or_default()
}

pub fn load(path: &Path) -> Result<Replay, String> {
    let shown = crate::display::path(path);
    let text = std::fs::read_to_string(path).map_err(|e| format!("{shown}: {}", crate::process::io_text(&e)))?;
    parse(&text, &shown)
}

/// A log's text read back; `shown` names it in errors.
pub fn parse(text: &str, shown: &str) -> Result<Replay, String> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let bad = |n: usize, what: &str| format!("{shown}:{}: {what}", n + 1);
    let (n, first) = lines.next().ok_or_else(|| format!("{shown}: empty, not a fracture mount log"))?;
    let head: serde_json::Value = serde_json::from_str(first).map_err(|_| bad(n, "not JSON"))?;
    if head["event"] != "mount" {
        return Err(bad(n, "not a fracture mount log (its first line is the mount's)"));
    }
    let seed = head["seed"].as_u64().ok_or_else(|| bad(n, "no seed"))?;
    let corruption = match &head["corruption"] {
        serde_json::Value::Null => None,
        c => Some(Corruption {
            mode: c["mode"].as_str().ok_or_else(|| bad(n, "no mode"))?.to_string(),
            intensity: c["intensity"].as_u64().ok_or_else(|| bad(n, "no intensity"))? as u32,
            options: fracture_engine::Options {
                ranges: fracture_engine::Ranges { only: strings(&c["only"]), protect: strings(&c["protect"]) },
                fix_checksums: c["fix_checksums"].as_bool().unwrap_or(false),
                member: c["member"].as_str().map(str::to_string),
                // A mount takes no --direction, --charset, --bom or --block-size: the defaults.
                ..fracture_engine::Options::default()
            },
            files: strings(&c["files"]),
        }),
    };
    let mut faults = Vec::new();
    for (n, line) in lines {
        let v: serde_json::Value = serde_json::from_str(line).map_err(|_| bad(n, "not JSON"))?;
        if v["event"] != "fault" {
            continue;
        }
        let op = v["op"].as_str().and_then(Op::parse).ok_or_else(|| bad(n, "no op"))?;
        let effect = Effect::parse(v["effect"].as_str().unwrap_or_default()).map_err(|e| bad(n, &e))?;
        faults.push(Replayed {
            op,
            path: v["path"].as_str().ok_or_else(|| bad(n, "no path"))?.to_string(),
            seq: v["seq"].as_u64().ok_or_else(|| bad(n, "no seq"))?,
            rule: v["rule"].as_str().unwrap_or_default().to_string(),
            effect,
        });
    }
    Ok(Replay { seed, corruption, faults })
}

/// The regular files of a directory SOURCE, as paths inside it, in byte order (symlinks not followed).
pub fn files_of(root: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![PathBuf::new()];
    while let Some(rel) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(root.join(&rel)) else { continue };
        let mut names: Vec<_> = entries.flatten().map(|e| e.file_name()).collect();
        names.sort();
        for name in names.into_iter().rev() {
            let child = rel.join(&name);
            match std::fs::symlink_metadata(root.join(&child)) {
                Ok(m) if m.is_dir() => stack.push(child),
                Ok(m) if m.is_file() => out.push(child),
                _ => {}
            }
        }
    }
    out.sort_by(|a, b| a.as_os_str().cmp(b.as_os_str()));
    out
}

/// The `fracture` command that writes the bytes a mount shows for `source` with `seed`.
pub fn replay_command(c: &Corruption, seed: u64, source: &Path) -> String {
    use fracture_host::host_fields::shell_word;
    let mut words = vec![
        "fracture".to_string(),
        "--mode".into(),
        c.mode.clone(),
        "--intensity".into(),
        c.intensity.to_string(),
        "--seed".into(),
        seed.to_string(),
    ];
    for (flag, list) in [("only", &c.options.ranges.only), ("protect", &c.options.ranges.protect)] {
        for r in list {
            words.push(if r.starts_with('-') {
                format!("--{flag}={r}")
            } else {
                format!("--{flag} {}", shell_word(r))
            });
        }
    }
    if c.options.fix_checksums {
        words.push("--fix-checksums".into());
    }
    if let Some(m) = &c.options.member {
        words.push(format!("--member {}", shell_word(m)));
    }
    words.push(shell_word(&source.to_string_lossy()));
    words.join(" ")
}

pub fn dry_run(o: &super::Options, p: &Paths, seed: u64) -> String {
    let mut out =
        format!("mount {} at {} (seed {seed})\n", crate::display::path(&p.source), crate::display::path(&p.mountpoint));
    match &o.corruption {
        None => out.push_str("files: as they are (no corruption option)\n"),
        Some(c) => {
            let files = if p.source_is_dir { files_of(&p.source) } else { vec![PathBuf::new()] };
            for rel in files {
                let (shown, source, file_seed) = if p.source_is_dir {
                    (super::nodes::shown(&rel), p.source.join(&rel), super::file_seed(seed, &rel))
                } else {
                    let name = p.source.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
                    (name, p.source.clone(), seed)
                };
                if c.selects(&shown) {
                    out.push_str(&format!("file {shown}: {}\n", replay_command(c, file_seed, &source)));
                }
            }
        }
    }
    for rule in &o.rules {
        out.push_str(&format!("fault {rule}\n"));
    }
    out
}
