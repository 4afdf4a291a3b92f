//! The file's structure, from the engine core's tolerant structure map and checksum walks (and, for
//! gzip, an inflate): where the format ends, whether it wants bytes the file does not have (a cut),
//! where it stops making sense, and which checksums no longer match.

use crate::gzip::{self, Members};
use crate::source::{read_clipped, Dyn};
use fracture_engine::checksums::{self, Positional};
use fracture_engine::structure::{map_positional, Region};
use fracture_engine::Family;
use std::cell::RefCell;
use std::io;

/// Where the structure wants more than the file holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cut {
    /// The part that runs past the end, and where it starts.
    pub unit: String,
    pub at: u64,
    /// Where it says it ends, when it says.
    pub wants: Option<u64>,
}

#[derive(Default, Debug)]
pub struct Shape {
    /// Where the format's data ends, when the walk reached its end (IEND, EOI, the end of central
    /// directory record, the last gzip member, %%EOF).
    pub end: Option<u64>,
    pub cut: Option<Cut>,
    /// Where the structure stops making sense (not at a cut), and what is there.
    pub broken: Option<(u64, String)>,
    /// Checksums that do not match: key, name, how many.
    pub checks: Vec<(String, String, u64)>,
    /// The first mismatching checksum field's offset.
    pub first_check: Option<u64>,
    pub regions: Vec<Region>,
    /// An offset the format records that no longer points where it should (PDF's startxref, the
    /// ZIP central directory's): what it is, the recorded offset, where the thing really is, and the
    /// CR LF pairs before it (a line-ending conversion moved it by as many bytes).
    pub shift: Option<Shift>,
}

#[derive(Debug, Clone)]
pub struct Shift {
    pub what: &'static str,
    pub declared: u64,
    pub actual: u64,
    pub crlf_before: u64,
}

impl Shift {
    pub fn delta(&self) -> i64 {
        self.actual as i64 - self.declared as i64
    }
}

/// The CR LF pairs in `[0, end)`.
fn crlf_before(src: &mut dyn Positional, end: u64) -> io::Result<u64> {
    let (mut crlf, mut prev, mut at) = (0, 0u8, 0u64);
    let mut buf = vec![0u8; 1 << 16];
    while at < end {
        let len = (end - at).min(buf.len() as u64) as usize;
        src.read_at(at, &mut buf[..len])?;
        for &b in &buf[..len] {
            crlf += u64::from(b == b'\n' && prev == b'\r');
            prev = b;
        }
        at += len as u64;
    }
    Ok(crlf)
}

/// The nearest occurrence of `what` to `near` (within 64 KiB), `skip_after` excluded as the byte before.
fn nearest(src: &mut dyn Positional, near: u64, what: &[u8], not_after: Option<u8>) -> io::Result<Option<u64>> {
    let from = near.saturating_sub(65536);
    let window = read_clipped(src, from, 131072)?;
    Ok(window
        .windows(what.len())
        .enumerate()
        .filter(|(j, w)| *w == what && (*j == 0 || not_after != Some(window[j - 1])))
        .map(|(j, _)| from + j as u64)
        .min_by_key(|&at| at.abs_diff(near)))
}

fn shifted(src: &mut dyn Positional, what: &'static str, declared: u64, actual: u64) -> io::Result<Shift> {
    let crlf_before = crlf_before(src, actual)?;
    Ok(Shift { what, declared, actual, crlf_before })
}

/// Two readers of one source (the checksum walk reads its input and its output, here the same
/// file), as if it ended at `limit`.
struct Shared<'a, 'b>(&'a RefCell<&'b mut dyn Positional>, u64);

impl Positional for Shared<'_, '_> {
    fn size(&self) -> u64 {
        self.0.borrow().size().min(self.1)
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        self.0.borrow_mut().read_at(pos, buf)
    }

    fn write_at(&mut self, _pos: u64, _bytes: &[u8]) -> io::Result<()> {
        Ok(())
    }
}

fn has(regions: &[Region], unit: &str) -> Option<u64> {
    regions.iter().filter(|r| r.unit() == unit || r.unit().starts_with(&format!("{unit}#"))).map(|r| r.end).max()
}

/// The end of the last region the walk mapped (gaps and trailing bytes aside).
fn mapped_end(regions: &[Region]) -> u64 {
    regions
        .iter()
        .filter(|r| !r.path.ends_with(":trailing") && !r.path.ends_with(":gap"))
        .map(|r| r.end)
        .max()
        .unwrap_or(0)
}

pub fn shape(src: &mut dyn Positional, family: Family) -> io::Result<Shape> {
    let n = src.size();
    let regions = map_positional(family, Dyn(&mut *src))?;
    let mut s = Shape { regions, ..Shape::default() };
    checksums_of(src, family, &mut s)?;
    if s.regions.iter().any(|r| r.path.ends_with(":unmapped")) {
        // The map stopped at its cap: where the format ends is not known, nothing is claimed.
        return Ok(s);
    }
    match family {
        Family::Png => png(src, &mut s)?,
        Family::Jpeg => {
            s.end = has(&s.regions, "jpeg:EOI");
            if s.end.is_none() {
                let last = s.regions.iter().rev().find(|r| !r.path.ends_with(":trailing"));
                match last {
                    Some(r) if r.end == n => {
                        s.cut =
                            Some(Cut { unit: r.unit().trim_start_matches("jpeg:").into(), at: r.start, wants: None })
                    }
                    _ => s.broken = Some((mapped_end(&s.regions), "no JPEG marker".into())),
                }
            }
        }
        Family::Zip => {
            zip_shift(src, &mut s)?;
            s.end = has(&s.regions, "zip:comment").or(has(&s.regions, "zip:eocd"));
            if s.end.is_none() && read_clipped(src, 0, 4)? == b"PK\x03\x04" {
                s.cut = Some(Cut {
                    unit: "end of central directory record".into(),
                    at: mapped_end(&s.regions),
                    wants: None,
                });
            }
        }
        Family::Gzip => match gzip::check(src)? {
            Members::Whole { end, bad_crc, bad_size, .. } => {
                s.end = Some(end);
                if !bad_crc.is_empty() {
                    s.checks.push(("gzip_crc32".into(), "gzip CRC-32".into(), bad_crc.len() as u64));
                }
                if !bad_size.is_empty() {
                    s.checks.push(("gzip_isize".into(), "gzip length (ISIZE)".into(), bad_size.len() as u64));
                }
            }
            Members::Cut { member, from } => {
                s.cut = Some(Cut { unit: format!("member {member}'s deflate stream"), at: from, wants: None })
            }
            Members::Broken { member, at } => {
                s.broken = Some((at, format!("member {member}'s deflate data does not decode")))
            }
            Members::NotGzip => {}
        },
        Family::Pdf => pdf(src, &mut s)?,
        _ => {}
    }
    Ok(s)
}

fn checksums_of(src: &mut dyn Positional, family: Family, s: &mut Shape) -> io::Result<()> {
    let kinds = checksums::kinds(family);
    if kinds.is_empty() {
        return Ok(());
    }
    // The walk reads no further than the map reached: past it the bytes are not the format's (a walk
    // over 4 GiB of zeros would find hundreds of millions of "chunks").
    let limit = mapped_end(&s.regions);
    let cell = RefCell::new(src);
    let mut failed: Vec<u64> = Vec::new();
    let mut observer = |at: u64, stored: &[u8], computed: &[u8]| {
        if stored != computed {
            failed.push(at);
        }
    };
    checksums::fix_positional_observed(family, Shared(&cell, limit), Shared(&cell, limit), None, Some(&mut observer))?;
    s.first_check = failed.first().copied();
    let mut counts = vec![0u64; kinds.len()];
    for at in failed {
        let field = s.regions.iter().find(|r| r.start <= at && at < r.end).map_or("", |r| r.path.as_str());
        counts[kind_index(family, field).min(kinds.len() - 1)] += 1;
    }
    for (kind, n) in kinds.iter().zip(counts) {
        if n > 0 {
            s.checks.push((kind.key.to_string(), kind.name.to_string(), n));
        }
    }
    Ok(())
}

/// Which of the family's kinds (`checksums::kinds` order) the checksum field at `path` is.
fn kind_index(family: Family, path: &str) -> usize {
    match family {
        Family::Zip if path.contains("central") => 1,
        Family::Zip if path.ends_with("/descriptor") => 2,
        Family::Flac if path.ends_with("/crc16") => 1,
        _ => 0,
    }
}

fn png(src: &mut dyn Positional, s: &mut Shape) -> io::Result<()> {
    let n = src.size();
    if !s.regions.iter().any(|r| r.path == "png:signature") {
        return Ok(());
    }
    s.end = has(&s.regions, "png:IEND");
    if s.end.is_some() {
        return Ok(());
    }
    let p = mapped_end(&s.regions);
    let h = read_clipped(src, p, 8)?;
    if h.len() < 8 {
        s.cut = Some(Cut { unit: "chunk header".into(), at: p, wants: Some(p + 12) });
    } else if h[4..8].iter().all(u8::is_ascii_alphabetic) {
        let len = u64::from(u32::from_be_bytes([h[0], h[1], h[2], h[3]]));
        let kind = String::from_utf8_lossy(&h[4..8]).into_owned();
        if p + 12 + len > n {
            s.cut = Some(Cut { unit: format!("{kind} chunk"), at: p, wants: Some(p + 12 + len) });
        } else {
            s.broken = Some((p, format!("the {kind} chunk ends where no chunk follows")));
        }
    } else {
        s.broken = Some((p, "no valid chunk header".into()));
    }
    Ok(())
}

fn find_last(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).rposition(|w| w == needle)
}

fn pdf(src: &mut dyn Positional, s: &mut Shape) -> io::Result<()> {
    let n = src.size();
    if read_clipped(src, 0, 5)? != b"%PDF-" {
        return Ok(());
    }
    let tail_at = n.saturating_sub(4096);
    let tail = read_clipped(src, tail_at, 4096)?;
    match find_last(&tail, b"%%EOF") {
        Some(i) => {
            let end = tail_at + i as u64 + 5;
            // Line ends and spaces after %%EOF are the format's own.
            let rest = &tail[i + 5..];
            let trail = rest.iter().position(|b| !b" \t\r\n\x00\x0c".contains(b));
            s.end = Some(if trail.is_some() { end } else { n });
        }
        None => s.cut = Some(Cut { unit: "%%EOF marker".into(), at: mapped_end(&s.regions), wants: None }),
    }
    if let Some(i) = find_last(&tail, b"startxref") {
        let digits: Vec<u8> = tail[i + 9..]
            .iter()
            .copied()
            .skip_while(|b| b" \r\n".contains(b))
            .take_while(u8::is_ascii_digit)
            .take(12)
            .collect();
        let declared: u64 = std::str::from_utf8(&digits).ok().and_then(|d| d.parse().ok()).unwrap_or(u64::MAX);
        if declared < n && !xref_at(src, declared)? {
            if let Some(actual) = nearest(src, declared, b"xref", Some(b't'))? {
                s.shift = Some(shifted(src, "startxref", declared, actual)?);
            }
        }
    }
    Ok(())
}

/// Whether an xref table or an xref stream's object starts at `at`.
fn xref_at(src: &mut dyn Positional, at: u64) -> io::Result<bool> {
    let b = read_clipped(src, at, 32)?;
    if b.starts_with(b"xref") {
        return Ok(true);
    }
    // `N G obj`: an xref stream.
    let text = String::from_utf8_lossy(&b);
    let mut words = text.split_ascii_whitespace();
    let object = matches!((words.next(), words.next(), words.next()), (Some(a), Some(g), Some(o))
        if a.bytes().all(|c| c.is_ascii_digit()) && g.bytes().all(|c| c.is_ascii_digit()) && o.starts_with("obj"));
    Ok(object)
}

/// The central directory's recorded offset (end of central directory record, bytes 16-19) against
/// where its first entry really is.
fn zip_shift(src: &mut dyn Positional, s: &mut Shape) -> io::Result<()> {
    let Some(eocd) = s.regions.iter().find(|r| r.unit() == "zip:eocd").map(|r| r.start) else { return Ok(()) };
    let f = read_clipped(src, eocd + 16, 4)?;
    if f.len() < 4 {
        return Ok(());
    }
    let declared = u64::from(u32::from_le_bytes([f[0], f[1], f[2], f[3]]));
    if declared == 0xFFFF_FFFF || read_clipped(src, declared, 4)? == b"PK\x01\x02" {
        return Ok(());
    }
    if let Some(actual) = nearest(src, declared.min(eocd), b"PK\x01\x02", None)? {
        s.shift = Some(shifted(src, "the central directory", declared, actual)?);
    }
    Ok(())
}
