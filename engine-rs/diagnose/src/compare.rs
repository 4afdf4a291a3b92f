//! The file against its original: every difference classified. Same length, the bytes are compared
//! in place (cleared high bits, zeroed sectors, blocks that are another block of the original);
//! otherwise (or when that leaves differences) they are aligned as a transform would have moved them
//! (line endings, charset conversions, a BOM, a cut, bytes added at the end). The first difference
//! no transform explains is unknown, and the comparison says so.

use crate::cause::{Cause, Field};
use crate::cursor::Cursor;
use crate::dups::{distinct, merge};
use crate::scan::SECTOR;
use crate::source::{each_piece, read_clipped, PIECE};
use crate::utf8::{cp1252_byte, CP1252_HIGH};
use fracture_engine::checksums::Positional;
use std::collections::HashMap;
use std::io;

/// What the comparison counted.
#[derive(Default, Debug, Clone)]
pub struct Tally {
    pub differences: u64,
    pub lf_to_crlf: u64,
    pub crlf_to_lf: u64,
    /// Lone CRs that became LF (curl's ASCII mode on Unix ends every CR's line).
    pub cr_to_lf: u64,
    pub to_utf8: u64,
    pub from_utf8: u64,
    /// Which charsets every converted byte agrees with.
    pub latin1: bool,
    pub cp1252: bool,
    pub seven_bit: u64,
    pub bom_added: bool,
    pub bom_removed: bool,
    /// Bytes of the original missing at the end, and bytes added after its end.
    pub missing: u64,
    pub extra: u64,
    pub zero_runs: Vec<(u64, u64)>,
    pub copies: Vec<(u64, u64, u64)>,
    /// The first difference nothing explains: its offset in the file and in the original.
    pub unknown: Option<(u64, u64)>,
    pub unknown_bytes: u64,
}

const CANDIDATES: usize = 4096;

/// Same length: sector by sector.
pub fn in_place(file: &mut dyn Positional, original: &mut dyn Positional) -> io::Result<Tally> {
    let mut t = Tally { latin1: true, cp1252: true, ..Tally::default() };
    let n = file.size();
    let mut o = vec![0u8; PIECE.min(n as usize)];
    let mut candidates: HashMap<Vec<u8>, Vec<u64>> = HashMap::new();
    let mut candidate_bytes: Vec<(u64, u64)> = Vec::new();
    let mut failed = None;
    each_piece(file, |at, d| {
        if let Err(e) = original.read_at(at, &mut o[..d.len()]) {
            failed.get_or_insert(e);
            return;
        }
        for (i, (ds, os)) in d.chunks(SECTOR as usize).zip(o[..d.len()].chunks(SECTOR as usize)).enumerate() {
            if ds == os {
                continue;
            }
            let start = at + (i as u64) * SECTOR;
            let diffs = ds.iter().zip(os).filter(|(a, b)| a != b).count() as u64;
            t.differences += diffs;
            if ds.iter().all(|&b| b == 0) {
                match t.zero_runs.last_mut() {
                    Some(r) if r.1 == start => r.1 = start + ds.len() as u64,
                    _ => t.zero_runs.push((start, start + ds.len() as u64)),
                }
            } else if ds.iter().zip(os).all(|(&a, &b)| a == b || (b >= 0x80 && a == b & 0x7F)) {
                t.seven_bit += diffs;
            } else if candidates.len() < CANDIDATES && ds.len() as u64 == SECTOR {
                candidates.entry(ds.to_vec()).or_default().push(start);
                candidate_bytes.push((start, diffs));
            } else {
                t.unknown_bytes += diffs;
                t.unknown.get_or_insert((start, start));
            }
        }
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    if !candidates.is_empty() {
        // Each differing sector the original holds elsewhere, at a sector boundary, was written there.
        let mut found: Vec<(u64, u64)> = Vec::new();
        each_piece(original, |at, piece| {
            for (i, block) in piece.chunks_exact(SECTOR as usize).enumerate() {
                if let Some(targets) = candidates.get(block) {
                    for &to in targets {
                        if !found.iter().any(|f| f.1 == to) {
                            found.push((at + i as u64 * SECTOR, to));
                        }
                    }
                }
            }
        })?;
        found.sort_by_key(|f| f.1);
        for (start, diffs) in candidate_bytes {
            if !found.iter().any(|f| f.1 == start) {
                t.unknown_bytes += diffs;
                t.unknown = Some(t.unknown.map_or((start, start), |u| if start < u.0 { (start, start) } else { u }));
            }
        }
        t.copies = merge(&found).into_iter().map(|c| (c.from, c.to, c.len)).collect();
    }
    Ok(t)
}

/// Whether the copies are of data that could not recur by nature (used for the confidence).
pub fn copies_distinct(file: &mut dyn Positional, copies: &[(u64, u64, u64)]) -> io::Result<u32> {
    let mut least = 256;
    for &(_, to, len) in copies.iter().take(64) {
        least = least.min(distinct(&read_clipped(file, to, len.min(4096) as usize)?));
    }
    Ok(least)
}

fn utf8_of(c: u32) -> Vec<u8> {
    char::from_u32(c).map(|c| c.to_string().into_bytes()).unwrap_or_default()
}

/// The character of a UTF-8 sequence starting with `lead` (its length and code point), from the
/// cursor's next bytes.
fn char_at(cur: &mut Cursor) -> io::Result<Option<(usize, u32)>> {
    let mut b = [0u8; 4];
    let Some(lead) = cur.peek(0)? else { return Ok(None) };
    let len = match lead {
        0xC2..=0xDF => 2,
        0xE0..=0xEF => 3,
        0xF0..=0xF4 => 4,
        _ => return Ok(None),
    };
    for (i, slot) in b.iter_mut().enumerate().take(len) {
        let Some(x) = cur.peek(i)? else { return Ok(None) };
        *slot = x;
    }
    Ok(std::str::from_utf8(&b[..len]).ok().and_then(|s| s.chars().next()).map(|c| (len, u32::from(c))))
}

/// Aligned: each difference is taken as the transform that explains it, and the walk goes on.
pub fn aligned(file: &mut dyn Positional, original: &mut dyn Positional) -> io::Result<Tally> {
    let mut t = Tally { latin1: true, cp1252: true, ..Tally::default() };
    let (mut d, mut o) = (Cursor::new(file), Cursor::new(original));
    let bom = b"\xEF\xBB\xBF";
    let (dh, oh) = (
        (0..3).map(|k| d.peek(k)).collect::<io::Result<Vec<_>>>()?,
        (0..3).map(|k| o.peek(k)).collect::<io::Result<Vec<_>>>()?,
    );
    let (d_bom, o_bom) =
        (dh.iter().zip(bom).all(|(a, b)| *a == Some(*b)), oh.iter().zip(bom).all(|(a, b)| *a == Some(*b)));
    if d_bom && !o_bom {
        t.bom_added = true;
        t.differences += 3;
        d.advance(3);
    } else if o_bom && !d_bom {
        t.bom_removed = true;
        t.differences += 3;
        o.advance(3);
    }
    loop {
        // Equal runs first, a buffer at a time.
        d.ready()?;
        o.ready()?;
        let (a, b) = (d.buffered(), o.buffered());
        // Equal ASCII runs at once; an equal byte above 0x7F may be the first of a conversion's
        // UTF-8 (Ã is C3 83), so those are weighed one at a time below.
        let same = a.iter().zip(b).position(|(x, y)| x != y || *x >= 0x80).unwrap_or(a.len().min(b.len()));
        if same > 0 {
            d.advance(same);
            o.advance(same);
            continue;
        }
        let (x, y) = (d.peek(0)?, o.peek(0)?);
        let (Some(x), Some(y)) = (x, y) else {
            t.missing = o.left();
            t.extra = d.left();
            t.differences += t.missing + t.extra;
            return Ok(t);
        };
        if x == y {
            // Taken as equal unless a conversion is under way (once one byte was converted, all
            // were), or the next bytes then differ and a conversion explains them.
            let next_differs = d.peek(1)? != o.peek(1)?;
            let mut probe = t.clone();
            if next_differs || t.to_utf8 > 0 || t.from_utf8 > 0 {
                if let Some(len) = to_utf8(&mut d, y, &mut probe)?.filter(|_| t.from_utf8 == 0) {
                    t = probe;
                    t.to_utf8 += 1;
                    t.differences += 1;
                    d.advance(len);
                    o.advance(1);
                    continue;
                }
                if let Some(len) = from_utf8(&mut o, x, &mut probe)?.filter(|_| t.to_utf8 == 0) {
                    t = probe;
                    t.from_utf8 += 1;
                    t.differences += 1;
                    d.advance(1);
                    o.advance(len);
                    continue;
                }
            }
            d.advance(1);
            o.advance(1);
        } else if y == b'\n' && x == b'\r' && d.peek(1)? == Some(b'\n') {
            t.lf_to_crlf += 1;
            t.differences += 1;
            d.advance(2);
            o.advance(1);
        } else if y == b'\r' && x == b'\n' && o.peek(1)? == Some(b'\n') {
            t.crlf_to_lf += 1;
            t.differences += 1;
            d.advance(1);
            o.advance(2);
        } else if y == b'\r' && x == b'\n' {
            t.cr_to_lf += 1;
            t.differences += 1;
            d.advance(1);
            o.advance(1);
        } else if y >= 0x80 && x == y & 0x7F {
            t.seven_bit += 1;
            t.differences += 1;
            d.advance(1);
            o.advance(1);
        } else if let Some(len) = to_utf8(&mut d, y, &mut t)? {
            t.to_utf8 += 1;
            t.differences += 1;
            d.advance(len);
            o.advance(1);
        } else if let Some(len) = from_utf8(&mut o, x, &mut t)? {
            t.from_utf8 += 1;
            t.differences += 1;
            d.advance(1);
            o.advance(len);
        } else {
            t.unknown = Some((d.at(), o.at()));
            t.unknown_bytes = d.left().max(o.left());
            t.differences += t.unknown_bytes;
            return Ok(t);
        }
    }
}

/// The original byte `y` written as UTF-8 (Latin-1's or CP1252's character): the length the file
/// holds it in.
fn to_utf8(d: &mut Cursor, y: u8, t: &mut Tally) -> io::Result<Option<usize>> {
    if y < 0x80 {
        return Ok(None);
    }
    let latin1 = utf8_of(u32::from(y));
    let cp = match y {
        0x80..=0x9F if CP1252_HIGH[usize::from(y - 0x80)] != 0 => utf8_of(CP1252_HIGH[usize::from(y - 0x80)]),
        _ => latin1.clone(),
    };
    let holds = |d: &mut Cursor, s: &[u8]| -> io::Result<bool> {
        for (k, &b) in s.iter().enumerate() {
            if d.peek(k)? != Some(b) {
                return Ok(false);
            }
        }
        Ok(true)
    };
    let (l, c) = (holds(d, &latin1)?, holds(d, &cp)?);
    if !l && !c {
        return Ok(None);
    }
    t.latin1 &= l;
    t.cp1252 &= c;
    Ok(Some(if c { cp.len() } else { latin1.len() }))
}

/// The original's UTF-8 character written as one byte `x` (Latin-1 or CP1252): its length there.
fn from_utf8(o: &mut Cursor, x: u8, t: &mut Tally) -> io::Result<Option<usize>> {
    if x < 0x80 {
        return Ok(None);
    }
    let Some((len, c)) = char_at(o)? else { return Ok(None) };
    let l = c == u32::from(x);
    let cp = cp1252_byte(c) == Some(x) || (c == u32::from(x) && !(0x80..=0x9F).contains(&x));
    if !l && !cp {
        return Ok(None);
    }
    t.latin1 &= l;
    t.cp1252 &= cp;
    Ok(Some(len))
}

/// The causes a tally shows, each with its count; and the sentence on the whole.
pub fn causes(t: &Tally, copies_distinct: u32) -> Vec<Cause> {
    let mut out = Vec::new();
    let sure = 0.99;
    if t.lf_to_crlf > 0 {
        out.push(
            Cause::new("text_transfer", sure)
                .with("direction", Field::Text("lf_to_crlf".into()))
                .with("count", Field::Int(t.lf_to_crlf))
                .says(format!("{} LF line endings became CR LF", crate::source::thousands(t.lf_to_crlf)))
                .repairable(),
        );
    }
    if t.crlf_to_lf + t.cr_to_lf > 0 {
        let mut c = Cause::new("text_transfer", sure)
            .with("direction", Field::Text("crlf_to_lf".into()))
            .with("count", Field::Int(t.crlf_to_lf + t.cr_to_lf));
        if t.crlf_to_lf > 0 {
            c = c.says(format!("{} CR LF line endings became LF", crate::source::thousands(t.crlf_to_lf)));
        }
        if t.cr_to_lf > 0 {
            c = c
                .says(format!(
                    "{} became LF too, as curl's ASCII mode does on Unix",
                    crate::source::count(t.cr_to_lf, "lone CR", "lone CRs")
                ))
                .with("lone_cr", Field::Int(t.cr_to_lf));
        }
        out.push(c);
    }
    if t.seven_bit > 0 {
        out.push(
            Cause::new("seven_bit", sure)
                .with("count", Field::Int(t.seven_bit))
                .says(format!("{} lost their high bit (0x80)", crate::source::count(t.seven_bit, "byte", "bytes"))),
        );
    }
    let charset = match (t.latin1, t.cp1252) {
        (true, true) => "latin1_or_cp1252",
        (true, false) => "latin1",
        _ => "cp1252",
    };
    if t.to_utf8 > 0 {
        out.push(
            Cause::new("charset_roundtrip", sure)
                .with("direction", Field::Text("to_utf8".into()))
                .with("charset", Field::Text(charset.into()))
                .with("count", Field::Int(t.to_utf8))
                .says(format!(
                    "{} above 0x7F became {} characters in UTF-8",
                    crate::source::count(t.to_utf8, "byte", "bytes"),
                    charset_name(charset)
                ))
                .repairable(),
        );
    }
    if t.from_utf8 > 0 {
        out.push(
            Cause::new("charset_roundtrip", sure)
                .with("direction", Field::Text("from_utf8".into()))
                .with("charset", Field::Text(charset.into()))
                .with("count", Field::Int(t.from_utf8))
                .says(format!(
                    "{} of UTF-8 became single {} bytes",
                    crate::source::count(t.from_utf8, "character", "characters"),
                    charset_name(charset)
                )),
        );
    }
    if t.bom_added {
        out.push(
            Cause::new("bom_added", sure)
                .says("a UTF-8 byte order mark (EF BB BF) was put before the original's first byte")
                .repairable(),
        );
    }
    if t.bom_removed {
        out.push(
            Cause::new("bom_removed", sure)
                .says("the original's UTF-8 byte order mark (EF BB BF) is gone")
                .repairable(),
        );
    }
    if !t.zero_runs.is_empty() {
        let sectors: u64 = t.zero_runs.iter().map(|(a, b)| (b - a).div_ceil(SECTOR)).sum();
        out.push(
            Cause::new("bad_sectors", sure)
                .with("count", Field::Int(sectors))
                .with("runs", Field::Spans(t.zero_runs.clone()))
                .says(format!(
                    "{} of 512 bytes read back as zeros",
                    crate::source::count(sectors, "sector", "sectors")
                )),
        );
    }
    if !t.copies.is_empty() {
        let blocks: u64 = t.copies.iter().map(|c| c.2 / SECTOR).sum();
        let conf = if copies_distinct >= 128 { sure } else { 0.9 };
        let mut c = Cause::new("misdirected_write", conf)
            .with("count", Field::Int(blocks))
            .with("copies", Field::Copies(t.copies.clone()));
        for &(from, to, len) in t.copies.iter().take(8) {
            c = c.says(format!(
                "bytes {}-{} hold the original's bytes {}-{}",
                crate::source::thousands(to),
                crate::source::thousands(to + len - 1),
                crate::source::thousands(from),
                crate::source::thousands(from + len - 1)
            ));
        }
        out.push(c);
    }
    if t.missing > 0 {
        out.push(
            Cause::new("interrupted_transfer", sure)
                .with("count", Field::Int(t.missing))
                .says(format!("the file stops {} before the original's end", crate::source::bytes(t.missing))),
        );
    }
    if t.extra > 0 {
        out.push(
            Cause::new("trailing_data", sure)
                .with("count", Field::Int(t.extra))
                .says(format!("{} follow the original's last byte", crate::source::bytes(t.extra)))
                .repairable(),
        );
    }
    out
}

fn charset_name(c: &str) -> &'static str {
    match c {
        "latin1" => "Latin-1",
        "cp1252" => "CP1252",
        _ => "Latin-1 (or CP1252)",
    }
}

/// How one cause reads in the sentence "every difference is ...".
pub fn phrase(c: &Cause) -> String {
    let n = c.int("count");
    let t = crate::source::thousands(n);
    match (c.cause, c.text("direction")) {
        ("text_transfer", Some("lf_to_crlf")) => format!("an LF to CRLF conversion: {t} line endings"),
        ("text_transfer", _) if c.int("lone_cr") > 0 => {
            format!("a CRLF to LF conversion that ended lone CRs' lines too (curl's ASCII mode): {t} line endings")
        }
        ("text_transfer", _) => format!("a CRLF to LF conversion: {t} line endings"),
        ("seven_bit", _) => format!("the high bit cleared: {t} bytes"),
        ("charset_roundtrip", Some("to_utf8")) => {
            format!("a {} to UTF-8 conversion: {t} bytes", charset_name(c.text("charset").unwrap_or("")))
        }
        ("charset_roundtrip", _) => {
            format!("a UTF-8 to {} conversion: {t} characters", charset_name(c.text("charset").unwrap_or("")))
        }
        ("bom_added", _) => "a byte order mark added".into(),
        ("bom_removed", _) => "a byte order mark removed".into(),
        ("bad_sectors", _) => format!("sectors read back as zeros: {t} of 512 bytes"),
        ("misdirected_write", _) => format!("blocks written at another block's place: {t} of 512 bytes"),
        ("interrupted_transfer", _) => format!("a cut: the last {t} bytes are missing"),
        ("trailing_data", _) => format!("data added after the end: {t} bytes"),
        _ => c.cause.to_string(),
    }
}
