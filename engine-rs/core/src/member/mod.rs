//! `member` (docs/contract.md, section 6.11): damage inside a ZIP or tar archive while the archive
//! stays valid. Each member whose name matches the glob is corrupted exactly as a file of its own
//! (`corrupt_with` on its content, under its base name, with the run's mode, intensity and options
//! and seed + its match index); the archive is then rebuilt around the new content. The run of a
//! member is the caller's (`Job` passes `corrupt_with`), so this module sits below `job`.

mod glob;
mod tar;
mod zip;

pub use glob::matches;

use crate::error::EngineError;
use crate::options::Options;
use crate::report::{Report, Value};
use crate::structure::{Expect, Hit, Region};

/// How many member names the no-match error lists.
const LISTED: usize = 10;

/// A member run's outcome: the archive's new bytes, the report fields after `guarantee`, the
/// recipe sentence, and what each match's own run did (for the hits, `hits`).
pub struct Outcome {
    pub data: Vec<u8>,
    pub fields: Vec<(&'static str, Value)>,
    pub recipe: String,
    pub changed: Vec<Changed>,
}

/// One match's own run: its header's offset in the input archive (ZIP: its local header; tar: its
/// own header), its content's changed bytes and its own `expect_overall`.
pub struct Changed {
    pub header: u64,
    pub changed_bytes: u64,
    pub expect: Option<Expect>,
}

/// The hits of a member run (section 6.11.4), from the input archive's map `regions`: one per match
/// whose content changed, on its unit's `data` region (the unit's first region when it has none),
/// the unit being that of the region holding the match's header. The container's rewritten headers,
/// CRC-32s, sizes and directory are repairs, not hits. In map order.
pub fn hits(regions: &[Region], changed: &[Changed]) -> Vec<Hit> {
    let mut out: Vec<(usize, Hit)> = Vec::new();
    for c in changed.iter().filter(|c| c.changed_bytes > 0) {
        let i = regions.partition_point(|r| r.end <= c.header);
        let Some(first) = regions.get(i) else { continue };
        let unit = first.unit();
        let data = format!("{unit}/data");
        let j = (i..regions.len()).take_while(|&j| regions[j].unit() == unit).find(|&j| regions[j].path == data);
        let r = &regions[j.unwrap_or(i)];
        let hit = Hit {
            path: r.path.clone(),
            changed_bytes: c.changed_bytes,
            first: r.start,
            // A member whose own map saw no change (bytes only inserted) still has new content.
            expect: c.expect.unwrap_or(Expect::MayAccept),
            why: crate::structure::why::MEMBER,
        };
        out.push((j.unwrap_or(i), hit));
    }
    out.sort_by_key(|(i, _)| *i);
    out.into_iter().map(|(_, h)| h).collect()
}

enum Archive<'a> {
    Zip(zip::Zip<'a>),
    Tar(tar::Tar<'a>),
}

/// The report keys of a member's own run that its entry in `member.members` repeats, after `name`,
/// `seed`, the sizes and `changed_bytes`: `format`, `strategy`, `recipe`, then everything between
/// `guarantee` and `sha256_before` (mode fields, option fields, `escalated`), then both SHA-256s.
fn entry(name: &str, seed: u64, before: &[u8], after: &[u8], r: &Report) -> (Value, u64) {
    let common = before.len().min(after.len());
    let changed = before[..common].iter().zip(&after[..common]).filter(|(a, b)| a != b).count() as u64
        + (before.len().max(after.len()) - common) as u64;
    let mut f: Vec<(&'static str, Value)> = vec![
        ("name", Value::Str(name.to_string())),
        ("seed", Value::Int(seed)),
        ("original_size", Value::Int(before.len() as u64)),
        ("result_size", Value::Int(after.len() as u64)),
        ("changed_bytes", Value::Int(changed)),
    ];
    for key in ["format", "strategy", "recipe"] {
        if let Some(v) = r.get(key) {
            f.push((key, v.clone()));
        }
    }
    let fields = &r.fields;
    let from = fields.iter().position(|(k, _)| *k == "guarantee").map_or(fields.len(), |i| i + 1);
    let to = fields.iter().position(|(k, _)| *k == "sha256_before").unwrap_or(fields.len());
    f.extend(fields[from..to.max(from)].iter().cloned());
    for key in ["sha256_before", "sha256_after", "hits", "expect_overall"] {
        if let Some(v) = r.get(key) {
            f.push((key, v.clone()));
        }
    }
    (Value::Object(f), changed)
}

/// A report's `expect_overall`, None for `unchanged`.
fn expect_of(r: &Report) -> Option<Expect> {
    match r.get("expect_overall") {
        Some(Value::Str(s)) => match s.as_str() {
            "reject" => Some(Expect::Reject),
            "may_accept" => Some(Expect::MayAccept),
            "ignored" => Some(Expect::Ignored),
            _ => None,
        },
        _ => None,
    }
}

/// One member's run: its content, base name, seed and options to its output and report.
pub type Corrupt<'a> = &'a dyn Fn(&[u8], &str, u64, &Options) -> Result<(Vec<u8>, Report), EngineError>;

/// Corrupts the members of `input` whose names match `glob`, each through `corrupt`.
pub fn run(
    input: &[u8],
    glob: &str,
    mode: crate::modes::Mode,
    seed: u64,
    options: &Options,
    corrupt: Corrupt,
) -> Result<Outcome, EngineError> {
    if glob.is_empty() {
        return Err(EngineError::Member("The member glob is empty".into()));
    }
    let archive = match zip::parse(input) {
        Some(z) => Archive::Zip(z?),
        None => match tar::parse(input) {
            Some(t) => Archive::Tar(t),
            None => {
                return Err(EngineError::Member(
                    "Member corruption needs a ZIP or tar archive: this file has no ZIP end of central directory record and does not start with a tar header".into(),
                ))
            }
        },
    };
    // The candidates, in archive order: ZIP entries whose names do not end in `/`, tar's regular files.
    let names: Vec<(usize, &str)> = match &archive {
        Archive::Zip(z) => {
            z.entries.iter().enumerate().filter(|(_, e)| !e.is_dir()).map(|(i, e)| (i, &*e.name)).collect()
        }
        Archive::Tar(t) => t.entries.iter().enumerate().map(|(i, e)| (i, &*e.name)).collect(),
    };
    let matched: Vec<(usize, &str)> = names.iter().copied().filter(|(_, name)| matches(glob, name)).collect();
    if matched.is_empty() {
        let total = names.len();
        let text = if total == 0 {
            format!("No member matches \"{glob}\": the archive has no members")
        } else {
            let listed: Vec<&str> = names.iter().take(LISTED).map(|(_, n)| *n).collect();
            let more = if total > LISTED { format!(", and {} more", total - LISTED) } else { String::new() };
            format!("No member matches \"{glob}\": the archive's {total} members are {}{more}", listed.join(", "))
        };
        return Err(EngineError::Member(text));
    }
    let inner = Options { member: None, ..options.clone() };
    let mut replaced = Vec::with_capacity(matched.len());
    let mut entries = Vec::with_capacity(matched.len());
    let mut summed: Vec<(&'static str, u64)> = Vec::new();
    let mut allowed = 0u64;
    let mut changed = Vec::with_capacity(matched.len());
    for (k, &(i, name)) in matched.iter().enumerate() {
        let content = match &archive {
            Archive::Zip(z) => z.content(i)?,
            Archive::Tar(t) => t.content(i),
        };
        let base = name.rsplit('/').next().unwrap_or(name);
        let s = seed + k as u64;
        let (data, report) = corrupt(&content, base, s, &inner)?;
        if let Some(Value::Int(a)) = report.get("allowed_bytes") {
            allowed += a;
        }
        if let Some(Value::Counts(c)) = report.get("checksums_fixed") {
            for &(key, count) in c {
                match summed.iter_mut().find(|(k, _)| *k == key) {
                    Some(slot) => slot.1 += count,
                    None => summed.push((key, count)),
                }
            }
        }
        let (value, changed_bytes) = entry(name, s, &content, &data, &report);
        entries.push(value);
        let header = match &archive {
            Archive::Zip(z) => z.entries[i].lho(),
            Archive::Tar(t) => t.entries[i].header(),
        };
        changed.push(Changed { header, changed_bytes, expect: expect_of(&report) });
        replaced.push((i, data));
    }
    let (data, kind) = match &archive {
        Archive::Zip(z) => (z.rebuild(&replaced)?, "ZIP"),
        Archive::Tar(t) => (t.rebuild(&replaced)?, "tar"),
    };
    let (m, total) = (matched.len(), names.len());
    let rewritten = if kind == "ZIP" {
        "they are stored uncompressed with their new CRC-32 and sizes, every other member is copied byte for byte, and the central directory is rewritten"
    } else {
        "their data is replaced in place, with the header's size and checksum rewritten where the length changed, and every other member is copied byte for byte"
    };
    let recipe = format!(
        "Corrupted {m} of the {total} members of this {kind} archive that match \"{glob}\", each as a file of its own with seed {seed} onward; {rewritten}."
    );
    let mut fields = vec![(
        "member",
        Value::Object(vec![
            ("glob", Value::Str(glob.to_string())),
            ("archive", Value::Str(kind.to_lowercase())),
            ("members_total", Value::Int(total as u64)),
            ("members", Value::List(entries)),
        ]),
    )];
    let ranges = crate::options::check_options(mode, options)?;
    if !ranges.is_empty() {
        fields.push(("ranges", Value::Str(ranges.text())));
        fields.push(("allowed_bytes", Value::Int(allowed)));
    }
    if options.fix_checksums {
        fields.push(("checksums_fixed", Value::Counts(summed)));
    }
    Ok(Outcome { data, fields, recipe, changed })
}

#[cfg(test)]
mod tests;
