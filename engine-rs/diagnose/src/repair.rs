//! `--repair OUT`: the reversible damage undone, streamed from the file into the caller's sink (a
//! temporary file renamed into place, in every host). Reversible: an added BOM, a LF to CRLF
//! conversion (each CR before a LF removed, the signature restored), a conversion to UTF-8 (each
//! character back to its one byte), data after the end, a damaged signature. A cleared high bit, a
//! removed CR, a zeroed sector, a lost block and a cut are not: their bytes are gone.

use crate::cause::Diagnosis;
use crate::signature::{self, Rewrite};
use crate::source::{each_piece, read_clipped};
use crate::utf8::cp1252_byte;
use fracture_engine::checksums::Positional;
use fracture_engine::formats::MAGIC;
use std::io;

/// What the repair does, in order over the bytes.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Repair {
    /// Bytes of the input from this offset on are dropped (data after the end).
    pub cut: Option<u64>,
    /// The input's first `skip` bytes are replaced by `head` (a signature restored, a BOM dropped
    /// or added).
    pub skip: u64,
    pub head: Vec<u8>,
    /// `[at, at + bytes.len())` of the input replaced (a damaged signature, same length).
    pub patch: Option<(u64, Vec<u8>)>,
    /// UTF-8 characters back to one byte: `Some(true)` as CP1252, `Some(false)` as Latin-1.
    pub from_utf8: Option<bool>,
    pub crlf_to_lf: bool,
    /// The causes undone, as named in the diagnosis.
    pub undoes: Vec<&'static str>,
}

/// The repair of what `d` found in `file`, or None when nothing found can be undone.
pub fn plan(d: &Diagnosis, file: &mut dyn Positional) -> io::Result<Option<Repair>> {
    let mut r = Repair::default();
    let head = read_clipped(file, 0, 64)?;
    let rewritten = signature::rewritten(&head);
    for c in d.causes.iter().filter(|c| c.repairable) {
        match c.cause {
            "bom_added" => {
                r.skip = 3;
            }
            "bom_removed" => r.head = b"\xEF\xBB\xBF".to_vec(),
            "text_transfer" => r.crlf_to_lf = true,
            "charset_roundtrip" => r.from_utf8 = Some(c.text("charset") == Some("cp1252")),
            "trailing_data" => r.cut = Some(c.int("at")).filter(|&a| a > 0).or(Some(d.size - c.int("count"))),
            "signature_damaged" => {
                let magic = MAGIC.iter().find(|(f, o, _)| f.id() == d.family && *o as u64 == c.int("at")).map(|m| m.2);
                if let Some(m) = magic {
                    r.patch = Some((c.int("at"), m.to_vec()));
                }
            }
            _ => continue,
        }
        r.undoes.push(c.cause);
    }
    // A signature the line-ending conversion rewrote is put back whole (its own CR LF stays).
    if let Some(w) = rewritten.filter(|w| r.crlf_to_lf && matches!(w.rewrite, Rewrite::LfToCrlf | Rewrite::LfToCrlfAll))
    {
        r.skip = w.seen.len() as u64;
        r.head = w.magic.to_vec();
    }
    Ok((!r.undoes.is_empty()).then_some(r))
}

struct Writer<'a> {
    buf: Vec<u8>,
    sink: &'a mut dyn FnMut(&[u8]) -> io::Result<()>,
    written: u64,
}

impl Writer<'_> {
    fn push(&mut self, b: u8) -> io::Result<()> {
        self.buf.push(b);
        if self.buf.len() >= 1 << 20 {
            self.flush()?;
        }
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        if !self.buf.is_empty() {
            (self.sink)(&self.buf)?;
            self.written += self.buf.len() as u64;
            self.buf.clear();
        }
        Ok(())
    }
}

/// The line-ending stage: a CR is held until the next byte shows whether a LF follows.
struct Lines {
    on: bool,
    cr: bool,
}

impl Lines {
    fn put(&mut self, w: &mut Writer, b: u8) -> io::Result<()> {
        if !self.on {
            return w.push(b);
        }
        if self.cr {
            self.cr = false;
            if b != b'\n' {
                w.push(b'\r')?;
            }
        }
        if b == b'\r' {
            self.cr = true;
            return Ok(());
        }
        w.push(b)
    }
}

/// The charset stage: a UTF-8 sequence is held until it is whole.
struct Chars {
    cp1252: Option<bool>,
    held: Vec<u8>,
}

impl Chars {
    fn put(&mut self, lines: &mut Lines, w: &mut Writer, b: u8) -> io::Result<()> {
        let Some(cp1252) = self.cp1252 else { return lines.put(w, b) };
        self.held.push(b);
        let want = match self.held[0] {
            0xC2..=0xDF => 2,
            0xE0..=0xEF => 3,
            0xF0..=0xF4 => 4,
            _ => 1,
        };
        if self.held.len() < want && (self.held.len() == 1 || (0x80..=0xBF).contains(&b)) {
            return Ok(());
        }
        let held = std::mem::take(&mut self.held);
        let one = std::str::from_utf8(&held).ok().and_then(|s| s.chars().next()).and_then(|c| {
            let c = u32::from(c);
            match cp1252.then(|| cp1252_byte(c)).flatten() {
                Some(x) => Some(x),
                None if c <= 0xFF => Some(c as u8),
                None => None,
            }
        });
        match one {
            Some(x) => lines.put(w, x),
            None => held.iter().try_for_each(|&x| lines.put(w, x)),
        }
    }

    fn finish(&mut self, lines: &mut Lines, w: &mut Writer) -> io::Result<()> {
        let held = std::mem::take(&mut self.held);
        held.iter().try_for_each(|&x| lines.put(w, x))
    }
}

/// Writes the repaired file to `sink`; returns its length.
pub fn repair(file: &mut dyn Positional, r: &Repair, sink: &mut dyn FnMut(&[u8]) -> io::Result<()>) -> io::Result<u64> {
    let mut w = Writer { buf: Vec::with_capacity(1 << 20), sink, written: 0 };
    w.buf.extend_from_slice(&r.head);
    let end = r.cut.unwrap_or(u64::MAX);
    let mut lines = Lines { on: r.crlf_to_lf, cr: false };
    let mut chars = Chars { cp1252: r.from_utf8, held: Vec::new() };
    let mut failed = None;
    each_piece(file, |at, piece| {
        if failed.is_some() {
            return;
        }
        for (i, &b) in piece.iter().enumerate() {
            let p = at + i as u64;
            if p < r.skip || p >= end {
                continue;
            }
            let b = match &r.patch {
                Some((o, bytes)) if p >= *o && p < *o + bytes.len() as u64 => bytes[(p - o) as usize],
                _ => b,
            };
            if let Err(e) = chars.put(&mut lines, &mut w, b) {
                failed = Some(e);
                return;
            }
        }
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    chars.finish(&mut lines, &mut w)?;
    if lines.cr {
        w.push(b'\r')?;
    }
    w.flush()?;
    Ok(w.written)
}
