//! `fracture diagnose`: which known damage explains a file (docs/damage.md). Written once, here:
//! the native command line and the Python package call it natively, the npm command line, the SDK
//! and the site through WebAssembly (engine-rs/diagnose-wasm). Everything is read by position (the
//! core's `Positional`), a piece at a time, so a file of any size costs the same memory; nothing is
//! written but by `repair`, into the caller's sink.
#![forbid(unsafe_code)]

mod cause;
mod compare;
mod cursor;
mod dups;
mod gzip;
mod render;
mod repair;
mod scan;
mod seen;
mod shape;
mod signature;
mod single;
mod source;
mod structural;
mod utf8;

pub use cause::{Cause, Diagnosis, Field, Original, Unknown};
pub use fracture_engine::checksums::Positional;
pub use render::{json, repaired, text};
pub use repair::{plan as repair_plan, repair, Repair};
pub use source::Memory;

use fracture_engine::{detect, extension_of, Family};
use std::io;

/// The start of the file read for the signature and the family.
const HEAD: usize = 64 << 10;

/// Diagnoses `file` (named `name`: its extension counts when the bytes do not name a format),
/// against `original` when given (with the name it is shown by).
pub fn diagnose(
    file: &mut dyn Positional,
    name: &str,
    original: Option<(&mut dyn Positional, &str)>,
) -> io::Result<Diagnosis> {
    let size = file.size();
    let head = source::read_clipped(file, 0, HEAD)?;
    let ext = extension_of(name);
    let rewritten = signature::rewritten(&head);
    let mut family = rewritten.as_ref().map_or_else(|| detect(&head, &ext), |r| r.family);
    let mut scan = scan::Scan::new();
    let mut dups = dups::Dups::default();
    source::each_piece(file, |at, piece| {
        scan.feed(at, piece);
        dups.feed(at, piece);
    })?;
    let stats = scan.finish(size);
    if family == Family::Generic && !head.is_empty() && stats.utf8.valid() && stats.binary.bytes == 0 {
        family = Family::Text;
    }
    let damaged_signature = match rewritten {
        Some(_) => None,
        None => signature::damaged(family, &head),
    };
    let shape = match (&rewritten, damaged_signature) {
        (Some(_), _) => None,
        (None, Some((magic, offset, _))) => {
            Some(shape::shape(&mut Patched { inner: file, at: offset as u64, bytes: magic }, family)?)
        }
        (None, None) => Some(shape::shape(file, family)?),
    };
    let sound = damaged_signature.is_some()
        && shape.as_ref().is_some_and(|s| s.end.is_some() && s.cut.is_none() && s.broken.is_none());
    let copies = verified_copies(file, &dups)?;
    let seen = seen::Seen {
        family,
        head: &head,
        stats: &stats,
        rewritten: rewritten.as_ref(),
        damaged_signature: damaged_signature.map(|(m, o, d)| (m, o, d, sound)),
        shape: shape.as_ref(),
        copies: &copies,
    };
    let judged = single::judge(&seen);
    let mut d = Diagnosis {
        file: name.to_string(),
        size,
        family: family.id(),
        causes: judged.causes,
        unknown: judged.unknown,
        explained: None,
        original: None,
        notes: judged.notes,
    };
    if let Some((orig, orig_name)) = original {
        against(&mut d, file, orig, orig_name)?;
    }
    Ok(d)
}

/// With an original: the comparison's causes replace the file's own.
fn against(d: &mut Diagnosis, file: &mut dyn Positional, orig: &mut dyn Positional, name: &str) -> io::Result<()> {
    let (n, m) = (file.size(), orig.size());
    let mut tally = if n == m { compare::in_place(file, orig)? } else { compare::aligned(file, orig)? };
    if n == m && tally.unknown.is_some() {
        let other = compare::aligned(file, orig)?;
        if other.unknown.is_none() {
            tally = other;
        }
    }
    let distinct = compare::copies_distinct(file, &tally.copies)?;
    let causes = compare::causes(&tally, distinct);
    let explained = tally.unknown.is_none();
    let phrases: Vec<String> = causes.iter().map(compare::phrase).collect();
    let mut summary = match (tally.differences, explained, phrases.len()) {
        (0, _, _) => "The file and its original are identical.".to_string(),
        (_, true, 1) => format!("Every difference is {}.", phrases[0]),
        (_, true, _) => format!("Every difference is explained: {}.", phrases.join("; ")),
        (_, false, 0) => "No known transform explains the differences.".to_string(),
        (_, false, _) => format!("Explained: {}; the rest is unknown.", phrases.join("; ")),
    };
    if n != m {
        summary.push_str(&format!(" The original is {} and the file {}.", source::bytes(m), source::bytes(n)));
    }
    d.unknown = tally.unknown.map(|(at, at_orig)| Unknown {
        evidence: vec![format!(
            "from byte {} of the file (byte {} of the original) the bytes differ in a way no known damage explains ({} in all)",
            source::thousands(at),
            source::thousands(at_orig),
            source::bytes(tally.unknown_bytes)
        )],
        at: Some(at),
    });
    d.causes = causes;
    d.explained = Some(explained);
    d.original = Some(Original { name: name.to_string(), size: m, differences: tally.differences, summary });
    Ok(())
}

/// Candidate copies, checked byte for byte, merged, with the fewest distinct byte values in each.
fn verified_copies(file: &mut dyn Positional, dups: &dups::Dups) -> io::Result<Vec<(dups::Copy, u32)>> {
    let mut real = Vec::new();
    for &(a, b) in &dups.pairs {
        let (x, y) = (
            source::read_clipped(file, a, dups::BLOCK as usize)?,
            source::read_clipped(file, b, dups::BLOCK as usize)?,
        );
        if x == y {
            real.push((a, b));
        }
    }
    let mut out = Vec::new();
    for c in dups::merge(&real) {
        let d = dups::distinct(&source::read_clipped(file, c.to, c.len.min(4096) as usize)?);
        out.push((c, d));
    }
    Ok(out)
}

/// The file with its signature restored: does the rest read well?
struct Patched<'a> {
    inner: &'a mut dyn Positional,
    at: u64,
    bytes: &'static [u8],
}

impl Positional for Patched<'_> {
    fn size(&self) -> u64 {
        self.inner.size()
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        self.inner.read_at(pos, buf)?;
        for (i, &b) in self.bytes.iter().enumerate() {
            let p = self.at + i as u64;
            if p >= pos && p < pos + buf.len() as u64 {
                buf[(p - pos) as usize] = b;
            }
        }
        Ok(())
    }

    fn write_at(&mut self, _pos: u64, _bytes: &[u8]) -> io::Result<()> {
        Ok(())
    }
}
