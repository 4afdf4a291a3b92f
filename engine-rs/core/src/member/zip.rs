//! ZIP archives, ZIP64 included, for `member` (docs/contract.md, section 6.11.2): the members found
//! through the central directory, their content (stored or deflated), and the archive rebuilt with
//! some members' content replaced, stored, with the CRC-32 and sizes they now have.

use crate::error::{EngineError, MAX_INPUT};

fn crc32(bytes: &[u8]) -> u32 {
    crate::checksums::CRC32.checksum(bytes)
}

const FULL: u64 = 0xFFFF_FFFF;

fn le(b: &[u8], at: u64, len: usize) -> Option<u64> {
    let at = usize::try_from(at).ok()?;
    let bytes = b.get(at..at.checked_add(len)?)?;
    Some(bytes.iter().rev().fold(0u64, |v, &x| (v << 8) | u64::from(x)))
}

fn holds(b: &[u8], at: u64, what: &[u8]) -> bool {
    usize::try_from(at).ok().and_then(|a| b.get(a..a.checked_add(what.len())?)).is_some_and(|s| s == what)
}

fn slice(b: &[u8], from: u64, to: u64) -> &[u8] {
    let n = b.len() as u64;
    &b[from.min(n) as usize..to.min(n).max(from.min(n)) as usize]
}

/// One central directory entry.
pub struct Entry {
    pub name: String,
    /// The central record's offset and its bytes' parts.
    central: u64,
    name_len: u64,
    extra_len: u64,
    comment_len: u64,
    flags: u64,
    method: u64,
    csize: u64,
    usize: u64,
    lho: u64,
    /// The central record has a ZIP64 extended information field (header id 0x0001).
    zip64: bool,
}

impl Entry {
    pub fn is_dir(&self) -> bool {
        self.name.ends_with('/')
    }

    /// The local header's offset.
    pub fn lho(&self) -> u64 {
        self.lho
    }
}

pub struct Zip<'a> {
    input: &'a [u8],
    pub entries: Vec<Entry>,
    cd_offset: u64,
    /// The end of central directory record's offset.
    eocd: u64,
    zip64_end: bool,
}

fn broken(text: &str) -> EngineError {
    EngineError::Member(format!("The ZIP archive is broken: {text}"))
}

fn member_error(name: &str, text: &str) -> EngineError {
    EngineError::Member(format!("Member \"{name}\" {text}"))
}

/// The archive's structure, or None when the input holds no end of central directory record.
pub fn parse(b: &[u8]) -> Option<Result<Zip<'_>, EngineError>> {
    let n = b.len() as u64;
    if n < 22 {
        return None;
    }
    let low = (n - 22).saturating_sub(65535);
    let e = (low..=n - 22).rev().find(|&e| holds(b, e, b"PK\x05\x06"))?;
    Some(parse_at(b, e))
}

fn parse_at(b: &[u8], e: u64) -> Result<Zip<'_>, EngineError> {
    let n = b.len() as u64;
    let v = |at: u64, len: usize| le(b, at, len).unwrap_or(0);
    let (mut count, mut cd_offset) = (v(e + 10, 2), v(e + 16, 4));
    let mut zip64_end = false;
    if e >= 20 && holds(b, e - 20, b"PK\x06\x07") {
        let z = v(e - 20 + 8, 8);
        if z.checked_add(56).is_some_and(|end| end <= n) && holds(b, z, b"PK\x06\x06") {
            (count, cd_offset, zip64_end) = (v(z + 32, 8), v(z + 48, 8), true);
        }
    }
    if cd_offset > e {
        return Err(broken("its central directory starts past its end record"));
    }
    let mut entries = Vec::new();
    let mut p = cd_offset;
    for i in 0..count {
        if p + 46 > n || !holds(b, p, b"PK\x01\x02") {
            return Err(broken(&format!("central directory entry {i} is missing")));
        }
        let (name_len, extra_len, comment_len) = (v(p + 28, 2), v(p + 30, 2), v(p + 32, 2));
        if p + 46 + name_len + extra_len + comment_len > n {
            return Err(broken(&format!("central directory entry {i} runs past the end of the file")));
        }
        let name = String::from_utf8_lossy(slice(b, p + 46, p + 46 + name_len)).into_owned();
        let mut entry = Entry {
            name,
            central: p,
            name_len,
            extra_len,
            comment_len,
            flags: v(p + 8, 2),
            method: v(p + 10, 2),
            csize: v(p + 20, 4),
            usize: v(p + 24, 4),
            lho: v(p + 42, 4),
            zip64: false,
        };
        // The ZIP64 field: the 8-byte values of the fields that hold 0xFFFFFFFF, in the order
        // uncompressed size, compressed size, local header offset.
        let (mut x, x_end) = (p + 46 + name_len, p + 46 + name_len + extra_len);
        while x + 4 <= x_end {
            let (id, size) = (v(x, 2), v(x + 2, 2));
            if x + 4 + size > x_end {
                break;
            }
            if id == 1 {
                entry.zip64 = true;
                let mut at = x + 4;
                for field in [&mut entry.usize, &mut entry.csize, &mut entry.lho] {
                    if *field == FULL && at + 8 <= x + 4 + size {
                        *field = v(at, 8);
                        at += 8;
                    }
                }
            }
            x += 4 + size;
        }
        entries.push(entry);
        p += 46 + name_len + extra_len + comment_len;
    }
    Ok(Zip { input: b, entries, cd_offset, eocd: e, zip64_end })
}

/// The extra field of a record without its ZIP64 fields: the other blocks as they were, and any tail
/// that is not a whole block.
fn extra_without_zip64(b: &[u8], from: u64, len: u64) -> Vec<u8> {
    let mut out = Vec::new();
    let (mut x, end) = (from, from + len);
    while x + 4 <= end {
        let (id, size) = (le(b, x, 2).unwrap_or(0), le(b, x + 2, 2).unwrap_or(0));
        if x + 4 + size > end {
            break;
        }
        if id != 1 {
            out.extend_from_slice(slice(b, x, x + 4 + size));
        }
        x += 4 + size;
    }
    out.extend_from_slice(slice(b, x, end));
    out
}

fn put(out: &mut Vec<u8>, v: u64, len: usize) {
    for i in 0..len {
        out.push((v >> (8 * i)) as u8);
    }
}

/// A local record: where it starts and ends (data descriptor included) and where its data starts.
struct Local {
    start: u64,
    data: u64,
    end: u64,
}

impl<'a> Zip<'a> {
    fn local(&self, e: &Entry) -> Result<Local, EngineError> {
        let b = self.input;
        let lho = e.lho;
        if lho.checked_add(30).is_none_or(|h| h > self.cd_offset) || !holds(b, lho, b"PK\x03\x04") {
            return Err(member_error(&e.name, "has no local header where the central directory says"));
        }
        let data = lho + 30 + le(b, lho + 26, 2).unwrap_or(0) + le(b, lho + 28, 2).unwrap_or(0);
        let mut end = data.saturating_add(e.csize);
        if e.flags & 8 != 0 && end != u64::MAX {
            let signed = if holds(b, end, b"PK\x07\x08") { 4 } else { 0 };
            end = end.saturating_add(signed + if e.zip64 { 20 } else { 12 });
        }
        if end > self.cd_offset {
            return Err(member_error(&e.name, "has data that runs into the central directory or past the file"));
        }
        Ok(Local { start: lho, data, end })
    }

    /// The uncompressed content of entry `i`.
    pub fn content(&self, i: usize) -> Result<Vec<u8>, EngineError> {
        let e = &self.entries[i];
        if e.flags & 1 != 0 {
            return Err(member_error(&e.name, "is encrypted"));
        }
        if e.method != 0 && e.method != 8 {
            return Err(member_error(
                &e.name,
                &format!(
                    "is compressed with method {}; only stored (0) and deflated (8) members can be corrupted",
                    e.method
                ),
            ));
        }
        if e.usize > MAX_INPUT {
            return Err(member_error(&e.name, &format!("is larger than {MAX_INPUT} bytes")));
        }
        let local = self.local(e)?;
        let stored = slice(self.input, local.data, local.data + e.csize);
        if e.method == 0 {
            return Ok(stored.to_vec());
        }
        let limit = e.usize as usize;
        match miniz_oxide::inflate::decompress_to_vec_with_limit(stored, limit.max(1)) {
            Ok(v) if v.len() == limit => Ok(v),
            _ => Err(member_error(&e.name, &format!("does not inflate to the {} bytes its header gives", e.usize))),
        }
    }

    /// The archive with the content of the entries in `replaced` (entry index, new content) stored
    /// in their place; every other local record copied byte for byte; the central directory and the
    /// end records written anew.
    pub fn rebuild(&self, replaced: &[(usize, Vec<u8>)]) -> Result<Vec<u8>, EngineError> {
        let b = self.input;
        // The replaced records, by their local header's offset; none may overlap another entry's.
        let mut records: Vec<(usize, Local)> = Vec::new();
        for (i, _) in replaced {
            records.push((*i, self.local(&self.entries[*i])?));
        }
        records.sort_by_key(|(_, l)| l.start);
        // Every entry's local record that can be read, by start, with the furthest end before each.
        let mut locals: Vec<(u64, u64, usize)> = (0..self.entries.len())
            .filter_map(|i| self.local(&self.entries[i]).ok().map(|l| (l.start, l.end, i)))
            .collect();
        locals.sort_unstable();
        let mut reach = Vec::with_capacity(locals.len());
        let mut furthest = 0u64;
        for &(_, end, _) in &locals {
            reach.push(furthest);
            furthest = furthest.max(end);
        }
        let mut starts: Vec<(u64, usize)> = self.entries.iter().enumerate().map(|(i, e)| (e.lho, i)).collect();
        starts.sort_unstable();
        for (i, l) in &records {
            let inside = starts.partition_point(|&(s, _)| s < l.start);
            let after = starts.partition_point(|&(s, _)| s < l.end);
            let shared = starts[inside..after].iter().any(|&(_, j)| j != *i);
            let k = locals.partition_point(|&(s, _, _)| s < l.start);
            let covered = k > 0 && reach[k - 1].max(locals[k - 1].1) > l.start;
            if shared || covered {
                return Err(member_error(&self.entries[*i].name, "shares or overlaps another member's local record"));
            }
        }
        let content = |i: usize| &replaced.iter().find(|(j, _)| *j == i).expect("replaced").1;
        let mut out = Vec::with_capacity(b.len());
        // New offsets: each record's shift is the growth of the replaced records before it.
        let mut moves: Vec<(u64, i128)> = Vec::new();
        let mut shift: i128 = 0;
        let mut pos = 0u64;
        let mut new_local: Vec<(usize, u64, bool)> = Vec::new();
        for (i, l) in &records {
            let e = &self.entries[*i];
            out.extend_from_slice(slice(b, pos, l.start));
            let data = content(*i);
            let size = data.len() as u64;
            let crc = crc32(data);
            let zip64 = e.zip64 || size >= FULL;
            let at = out.len() as u64;
            let name = slice(b, l.start + 30, l.start + 30 + le(b, l.start + 26, 2).unwrap_or(0));
            let extra_from = l.start + 30 + name.len() as u64;
            let mut extra = Vec::new();
            if zip64 {
                put(&mut extra, 1, 2);
                put(&mut extra, 16, 2);
                put(&mut extra, size, 8);
                put(&mut extra, size, 8);
            }
            extra.extend(extra_without_zip64(b, extra_from, le(b, l.start + 28, 2).unwrap_or(0)));
            out.extend_from_slice(b"PK\x03\x04");
            put(&mut out, if zip64 { 45 } else { 20 }, 2);
            put(&mut out, e.flags & !8, 2);
            put(&mut out, 0, 2);
            out.extend_from_slice(slice(b, l.start + 10, l.start + 14));
            put(&mut out, u64::from(crc), 4);
            let s32 = if zip64 { FULL } else { size };
            put(&mut out, s32, 4);
            put(&mut out, s32, 4);
            put(&mut out, name.len() as u64, 2);
            put(&mut out, extra.len() as u64, 2);
            out.extend_from_slice(name);
            out.extend_from_slice(&extra);
            out.extend_from_slice(data);
            new_local.push((*i, at, zip64));
            shift += (out.len() as u64 - at) as i128 - (l.end - l.start) as i128;
            moves.push((l.end, shift));
            pos = l.end;
        }
        out.extend_from_slice(slice(b, pos, self.cd_offset));
        let moved = |lho: u64| -> u64 {
            // The shift of the last replaced record that ends at or before lho.
            let k = moves.partition_point(|&(end, _)| end <= lho);
            let s = if k == 0 { 0 } else { moves[k - 1].1 };
            (lho as i128 + s) as u64
        };
        let cd = out.len() as u64;
        for (i, e) in self.entries.iter().enumerate() {
            let p = e.central;
            let replaced_here = new_local.iter().find(|(j, _, _)| *j == i);
            let (lho, usize_, csize, crc, local64) = match replaced_here {
                Some(&(_, at, z)) => {
                    let size = content(i).len() as u64;
                    (at, size, size, u64::from(crc32(content(i))), z)
                }
                None => (moved(e.lho), e.usize, e.csize, le(b, p + 16, 4).unwrap_or(0), e.zip64),
            };
            let zip64 = local64 || lho >= FULL || usize_ >= FULL || csize >= FULL;
            let mut extra = Vec::new();
            if zip64 {
                put(&mut extra, 1, 2);
                put(&mut extra, 24, 2);
                put(&mut extra, usize_, 8);
                put(&mut extra, csize, 8);
                put(&mut extra, lho, 8);
            }
            extra.extend(extra_without_zip64(b, p + 46 + e.name_len, e.extra_len));
            let needed = match (replaced_here.is_some(), zip64) {
                (true, true) => 45,
                (true, false) => 20,
                (false, true) => le(b, p + 6, 2).unwrap_or(0).max(45),
                (false, false) => le(b, p + 6, 2).unwrap_or(0),
            };
            let v32 = |x: u64| if zip64 { FULL } else { x };
            out.extend_from_slice(b"PK\x01\x02");
            out.extend_from_slice(slice(b, p + 4, p + 6));
            put(&mut out, needed, 2);
            put(&mut out, if replaced_here.is_some() { e.flags & !8 } else { e.flags }, 2);
            put(&mut out, if replaced_here.is_some() { 0 } else { e.method }, 2);
            out.extend_from_slice(slice(b, p + 12, p + 16));
            put(&mut out, crc, 4);
            put(&mut out, v32(csize), 4);
            put(&mut out, v32(usize_), 4);
            put(&mut out, e.name_len, 2);
            put(&mut out, extra.len() as u64, 2);
            put(&mut out, e.comment_len, 2);
            let disk = le(b, p + 34, 2).unwrap_or(0);
            put(&mut out, if disk == 0xFFFF { 0 } else { disk }, 2);
            out.extend_from_slice(slice(b, p + 36, p + 42));
            put(&mut out, v32(lho), 4);
            out.extend_from_slice(slice(b, p + 46, p + 46 + e.name_len));
            out.extend_from_slice(&extra);
            let c = p + 46 + e.name_len + e.extra_len;
            out.extend_from_slice(slice(b, c, c + e.comment_len));
        }
        let count = self.entries.len() as u64;
        let cd_size = out.len() as u64 - cd;
        if self.zip64_end || count >= 0xFFFF || cd_size >= FULL || cd >= FULL {
            let z = out.len() as u64;
            out.extend_from_slice(b"PK\x06\x06");
            put(&mut out, 44, 8);
            put(&mut out, 45, 2);
            put(&mut out, 45, 2);
            put(&mut out, 0, 4);
            put(&mut out, 0, 4);
            put(&mut out, count, 8);
            put(&mut out, count, 8);
            put(&mut out, cd_size, 8);
            put(&mut out, cd, 8);
            out.extend_from_slice(b"PK\x06\x07");
            put(&mut out, 0, 4);
            put(&mut out, z, 8);
            put(&mut out, 1, 4);
        }
        let e = self.eocd;
        let comment = slice(b, e + 22, e + 22 + le(b, e + 20, 2).unwrap_or(0));
        out.extend_from_slice(b"PK\x05\x06");
        put(&mut out, 0, 2);
        put(&mut out, 0, 2);
        put(&mut out, count.min(0xFFFF), 2);
        put(&mut out, count.min(0xFFFF), 2);
        put(&mut out, cd_size.min(FULL), 4);
        put(&mut out, cd.min(FULL), 4);
        put(&mut out, comment.len() as u64, 2);
        out.extend_from_slice(comment);
        Ok(out)
    }
}
