//! Damage to the structure, when no transfer rewrote the bytes: a damaged signature, a cut, data
//! after the end, zeroed sectors, blocks written at another block's place, checksums that fail; and
//! what is broken in a way none of these explains (unknown).

use crate::cause::{Cause, Field, Unknown};
use crate::dups::MIN_DISTINCT;
use crate::scan::SECTOR;
use crate::seen::{dense, Seen};
use crate::signature::hex;
use crate::source::{bytes, count, thousands};
use fracture_engine::structure::Role;
use fracture_engine::Family;

pub fn judge(s: &Seen, causes: &mut Vec<Cause>, unknown: &mut Option<Unknown>) {
    if let Some((magic, offset, differ, rest_sound)) = s.damaged_signature {
        let seen = s.head.get(offset..offset + magic.len()).unwrap_or_default();
        let mut c = Cause::new("signature_damaged", if rest_sound { 0.95 } else { 0.75 })
            .says(format!(
                "bytes {}-{} read {}; a {} file has {} there ({} differ)",
                offset,
                offset + magic.len() - 1,
                hex(seen),
                s.family.id(),
                hex(magic),
                count(differ as u64, "byte", "bytes")
            ))
            .with("at", Field::Int(offset as u64));
        if rest_sound {
            c = c.says("with the signature restored, the rest of the structure reads to its end").repairable();
        }
        causes.push(c);
    }
    let Some(shape) = s.shape else { return };
    let size = s.stats.size;
    if let Some(cut) = &shape.cut {
        let mut c = Cause::new("interrupted_transfer", 0.9)
            .says(match cut.wants {
                Some(w) => format!(
                    "the {} at byte {} runs to byte {}, but the file ends at {}: {} are missing",
                    cut.unit,
                    thousands(cut.at),
                    thousands(w),
                    thousands(size),
                    bytes(w - size)
                ),
                None => format!(
                    "the {} is missing: the file ends at byte {} (the structure reads to byte {})",
                    cut.unit,
                    thousands(size),
                    thousands(cut.at)
                ),
            })
            .with("at", Field::Int(size));
        if let Some(m) = round_length(size) {
            c = c.says(format!("{}: transfers and disks stop at such lengths", m));
        }
        causes.push(c);
    }
    if let Some(end) = shape.end.filter(|&e| e < size) {
        causes.push(
            Cause::new("trailing_data", 0.9)
                .says(format!(
                    "the {} data ends at byte {}, and {} follow it",
                    s.family.id(),
                    thousands(end),
                    bytes(size - end)
                ))
                .with("at", Field::Int(end))
                .with("count", Field::Int(size - end))
                .repairable(),
        );
    }
    let zeros = bad_sectors(s, shape);
    if let Some(c) = zeros {
        causes.push(c);
    }
    let copies: Vec<_> = s.copies.iter().filter(|(_, d)| *d >= MIN_DISTINCT).collect();
    if !copies.is_empty() {
        let high = copies.iter().all(|(_, d)| *d >= 128);
        let mut c = Cause::new("misdirected_write", if high { 0.95 } else { 0.7 });
        for (cp, d) in copies.iter().take(8) {
            c = c.says(format!(
                "bytes {}-{} repeat bytes {}-{} ({} different byte values: data that does not repeat by nature)",
                thousands(cp.to),
                thousands(cp.to + cp.len - 1),
                thousands(cp.from),
                thousands(cp.from + cp.len - 1),
                d
            ));
        }
        let list = copies.iter().map(|(c, _)| (c.from, c.to, c.len)).collect();
        causes.push(c.with("copies", Field::Copies(list)));
    }
    if !shape.checks.is_empty() {
        let explained = !causes.is_empty();
        let mut c = Cause::new("checksum_mismatch", 0.99);
        for (_, name, n) in &shape.checks {
            c = c.says(format!(
                "{} no longer match{}",
                count(*n, name, &format!("{name}s")),
                if *n == 1 { "es" } else { "" }
            ));
        }
        if let Some(at) = shape.first_check {
            c = c.says(format!("the first is at byte {}", thousands(at)));
        }
        c = c.with("checksums", Field::Checks(shape.checks.clone()));
        if explained {
            // The checksums follow from the damage named above; what else changed is not known.
            c.confidence = 0.9;
        }
        causes.push(c);
    }
    if let Some((at, what)) = &shape.broken {
        if causes.iter().all(|c| c.cause == "checksum_mismatch") {
            *unknown = Some(Unknown {
                evidence: vec![format!(
                    "the {} structure stops making sense at byte {}: {}; no known damage explains it",
                    s.family.id(),
                    thousands(*at),
                    what
                )],
                at: Some(*at),
            });
        }
    }
}

/// `a power of two (65,536 bytes)` or `a multiple of 4,096 bytes`: lengths a cut often has.
fn round_length(n: u64) -> Option<String> {
    if n >= 1024 && n.is_power_of_two() {
        return Some(format!("its length, {}, is a power of two", bytes(n)));
    }
    for unit in [1u64 << 20, 65536, 4096, 512] {
        if n >= unit && n % unit == 0 {
            return Some(format!("its length, {}, is a multiple of {}", bytes(n), thousands(unit)));
        }
    }
    None
}

fn bad_sectors(s: &Seen, shape: &crate::shape::Shape) -> Option<Cause> {
    let st = s.stats;
    if st.zero_runs.is_empty() {
        return None;
    }
    let skipped = |a: u64, b: u64| {
        shape
            .regions
            .iter()
            .filter(|r| r.start < b && a < r.end)
            .all(|r| r.role == Role::Skipped || r.path.ends_with(":trailing"))
    };
    let allowed = s.family == Family::Text || s.family == Family::Svg || dense(s.family);
    if !allowed {
        return None;
    }
    let runs: Vec<(u64, u64)> = st.zero_runs.iter().copied().filter(|&(a, b)| !skipped(a, b)).collect();
    if runs.is_empty() {
        return None;
    }
    let sectors: u64 = runs.iter().map(|(a, b)| (b - a) / SECTOR).sum();
    let mut c = Cause::new("bad_sectors", if sectors >= 2 { 0.95 } else { 0.9 }).says(format!(
        "{} of zeros on 512-byte boundaries in {} data, where zeros do not run that long",
        count(sectors, "sector", "sectors"),
        s.family.id()
    ));
    for (a, b) in runs.iter().take(8) {
        c = c.says(format!("bytes {}-{} are zero ({})", thousands(*a), thousands(b - 1), bytes(b - a)));
    }
    Some(c.with("runs", Field::Spans(runs)).with("count", Field::Int(sectors)))
}
