//! tar archives for `member` (docs/contract.md, section 6.11.3): the regular files found by walking
//! the headers, and the archive with some members' data replaced in place (the header's size and
//! checksum rewritten, the padding fitted, when the length changes).

use crate::error::EngineError;

/// A regular file in the archive.
pub struct Entry {
    pub name: String,
    header: u64,
    data: u64,
    len: u64,
    /// The size came from a pax extended header, which a new length would contradict.
    pax_size: bool,
}

impl Entry {
    /// The member's own header's offset.
    pub fn header(&self) -> u64 {
        self.header
    }
}

pub struct Tar<'a> {
    input: &'a [u8],
    pub entries: Vec<Entry>,
}

fn octal(field: &[u8]) -> Option<u64> {
    let mut i = 0;
    while i < field.len() && field[i] == b' ' {
        i += 1;
    }
    let start = i;
    let mut v: u64 = 0;
    while i < field.len() && (b'0'..=b'7').contains(&field[i]) {
        v = v.checked_mul(8)?.checked_add(u64::from(field[i] - b'0'))?;
        i += 1;
    }
    (i > start).then_some(v)
}

fn size_of(field: &[u8]) -> Option<u64> {
    if field[0] & 0x80 != 0 {
        let v = field[1..].iter().try_fold(0u64, |v, &b| v.checked_mul(256).map(|v| v | u64::from(b)))?;
        return (v < 1 << 53).then_some(v);
    }
    octal(field)
}

fn sums_hold(h: &[u8]) -> bool {
    let Some(stored) = octal(&h[148..156]) else { return false };
    let unsigned: u64 =
        h.iter().enumerate().map(|(i, &b)| if (148..156).contains(&i) { 32 } else { u64::from(b) }).sum();
    let signed: i64 =
        h.iter().enumerate().map(|(i, &b)| if (148..156).contains(&i) { 32 } else { i64::from(b as i8) }).sum();
    stored == unsigned || i64::try_from(stored).is_ok_and(|s| s == signed)
}

fn text(field: &[u8]) -> String {
    let end = field.iter().position(|&b| b == 0).unwrap_or(field.len());
    String::from_utf8_lossy(&field[..end]).into_owned()
}

/// The `path` and `size` of pax records (`LEN KEY=VALUE\n`), read until a malformed one.
fn pax(data: &[u8]) -> (Option<String>, Option<u64>) {
    let (mut path, mut size) = (None, None);
    let mut at = 0;
    while at < data.len() {
        let rest = &data[at..];
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let Some(len) = std::str::from_utf8(&rest[..digits]).ok().and_then(|d| d.parse::<usize>().ok()) else {
            break;
        };
        if digits == 0 || len > rest.len() || len <= digits + 1 || rest[digits] != b' ' || rest[len - 1] != b'\n' {
            break;
        }
        let record = &rest[digits + 1..len - 1];
        let Some(eq) = record.iter().position(|&b| b == b'=') else { break };
        if eq == 0 {
            break;
        }
        let (key, value) = (&record[..eq], &record[eq + 1..]);
        if key == b"path" {
            path = Some(String::from_utf8_lossy(value).into_owned());
        } else if key == b"size" && !value.is_empty() && value.iter().all(u8::is_ascii_digit) {
            if let Some(v) =
                std::str::from_utf8(value).ok().and_then(|v| v.parse::<u64>().ok()).filter(|&v| v < 1 << 53)
            {
                size = Some(v);
            }
        }
        at += len;
    }
    (path, size)
}

/// The archive's regular files, or None when the input does not start with a tar header.
pub fn parse(b: &[u8]) -> Option<Tar<'_>> {
    let n = b.len() as u64;
    if n < 512 || !sums_hold(&b[..512]) {
        return None;
    }
    let mut entries = Vec::new();
    let (mut at, mut long_name, mut pax_path, mut pax_len) = (0u64, None::<String>, None::<String>, None::<u64>);
    while at + 512 <= n {
        let h = &b[at as usize..at as usize + 512];
        if h.iter().all(|&x| x == 0) || !sums_hold(h) {
            break;
        }
        let Some(size) = size_of(&h[124..136]) else { break };
        let kind = h[156];
        let mut data = at + 512;
        if kind == b'S' && h[482] != 0 {
            // An old GNU sparse member's extension blocks (section 6.10.1, step 5).
            let mut more = true;
            while more {
                if data + 512 > n {
                    return Some(Tar { input: b, entries });
                }
                more = b[(data + 504) as usize] != 0;
                data += 512;
            }
        }
        let len = match kind {
            b'1'..=b'6' => 0,
            b'x' | b'X' | b'L' | b'K' | b'g' => size,
            _ => pax_len.unwrap_or(size),
        };
        if data.checked_add(len).is_none_or(|end| end > n) {
            break;
        }
        let body = &b[data as usize..(data + len) as usize];
        match kind {
            b'x' | b'X' => {
                let (path, size) = pax(body);
                (pax_path, pax_len) = (path.or(pax_path), size.or(pax_len));
            }
            b'L' => long_name = Some(text(body)),
            b'K' | b'g' => {}
            _ => {
                let name = long_name.take().or(pax_path.take()).unwrap_or_else(|| {
                    let (name, prefix) = (text(&h[0..100]), text(&h[345..500]));
                    if &h[257..262] == b"ustar" && !prefix.is_empty() {
                        format!("{prefix}/{name}")
                    } else {
                        name
                    }
                });
                if matches!(kind, b'0' | 0 | b'7') {
                    entries.push(Entry { name, header: at, data, len, pax_size: pax_len.is_some() });
                }
                (long_name, pax_path, pax_len) = (None, None, None);
            }
        }
        at = data + len.div_ceil(512) * 512;
    }
    Some(Tar { input: b, entries })
}

impl Tar<'_> {
    pub fn content(&self, i: usize) -> Vec<u8> {
        let e = &self.entries[i];
        self.input[e.data as usize..(e.data + e.len) as usize].to_vec()
    }

    /// The archive with the data of the entries in `replaced` (entry index, new content) put in place.
    pub fn rebuild(&self, replaced: &[(usize, Vec<u8>)]) -> Result<Vec<u8>, EngineError> {
        let b = self.input;
        let mut order: Vec<&(usize, Vec<u8>)> = replaced.iter().collect();
        order.sort_by_key(|(i, _)| self.entries[*i].header);
        let mut out = Vec::with_capacity(b.len());
        let mut pos = 0usize;
        for (i, data) in order {
            let e = &self.entries[*i];
            let (header, start) = (e.header as usize, e.data as usize);
            out.extend_from_slice(&b[pos..header]);
            let mut h = b[header..start].to_vec();
            let new_len = data.len() as u64;
            if new_len != e.len {
                if e.pax_size {
                    return Err(EngineError::Member(format!(
                        "Member \"{}\" has its size in a pax header, which cannot be rewritten",
                        e.name
                    )));
                }
                if new_len < 1 << 33 {
                    h[124..136].copy_from_slice(format!("{new_len:011o}\0").as_bytes());
                } else {
                    h[124] = 0x80;
                    for (k, byte) in h[125..136].iter_mut().enumerate() {
                        *byte = (new_len >> (8 * (10 - k))) as u8;
                    }
                }
                h[148..156].fill(b' ');
                let sum: u64 = h[..512].iter().map(|&x| u64::from(x)).sum();
                h[148..156].copy_from_slice(format!("{sum:06o}\0 ").as_bytes());
            }
            out.extend_from_slice(&h);
            out.extend_from_slice(data);
            let old_end = (e.data + e.len.div_ceil(512) * 512).min(b.len() as u64);
            if new_len == e.len {
                out.extend_from_slice(&b[(e.data + e.len) as usize..old_end as usize]);
            } else {
                out.resize(out.len() + (new_len.div_ceil(512) * 512 - new_len) as usize, 0);
            }
            pos = old_end as usize;
        }
        out.extend_from_slice(&b[pos..]);
        Ok(out)
    }
}
