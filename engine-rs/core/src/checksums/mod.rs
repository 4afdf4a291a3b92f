//! Keep checksums valid (docs/contract.md, section 6.10): after the corruption, the integrity fields
//! that cover stored bytes are recomputed over the output, walking the input's structure, which the
//! corruption cannot have confused. CRCs come from the `crc` crate (its catalogue has every one used
//! here but Ogg's, which is a custom parameter set of the same crate).

pub(crate) mod area;
mod fields;
pub(crate) mod walk;

pub use area::Positional;
use area::{Area, AreaMut, Cached};
use fields::Writer;
pub use fields::{Kind, Observer};
// CRC32 for bench.rs too (the benchmark's PNG inputs); the others for the tests alone.
pub(crate) use fields::CRC32;
#[cfg(test)]
pub(crate) use fields::{FLAC_CRC16, FLAC_CRC8, OGG_CRC32};

use crate::formats::Family;
use crate::region::ByteSet;

const PNG_CHUNK: Kind = Kind { key: "png_chunk_crc32", name: "PNG chunk CRC-32" };
const ZIP_LOCAL: Kind = Kind { key: "zip_local_crc32", name: "ZIP local header CRC-32" };
const ZIP_CENTRAL: Kind = Kind { key: "zip_central_crc32", name: "ZIP central directory CRC-32" };
const ZIP_DESCRIPTOR: Kind = Kind { key: "zip_descriptor_crc32", name: "ZIP data descriptor CRC-32" };
const TAR_HEADER: Kind = Kind { key: "tar_header_checksum", name: "tar header checksum" };
const OGG_PAGE: Kind = Kind { key: "ogg_page_crc32", name: "Ogg page CRC-32" };
const FLAC_CRC8_KIND: Kind = Kind { key: "flac_frame_crc8", name: "FLAC frame header CRC-8" };
const FLAC_CRC16_KIND: Kind = Kind { key: "flac_frame_crc16", name: "FLAC frame CRC-16" };

/// The kinds a family's walk fixes, in the report's order.
pub fn kinds(family: Family) -> &'static [Kind] {
    match family {
        Family::Png => &[PNG_CHUNK],
        Family::Zip => &[ZIP_LOCAL, ZIP_CENTRAL, ZIP_DESCRIPTOR],
        Family::Tar => &[TAR_HEADER],
        Family::Ogg => &[OGG_PAGE],
        Family::Flac => &[FLAC_CRC8_KIND, FLAC_CRC16_KIND],
        _ => &[],
    }
}

/// What fixing did: the count per kind (the family's kinds, in order) and the notes on what could
/// not be fixed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fixed {
    pub counts: Vec<(Kind, u64)>,
    pub notes: Vec<String>,
}

impl Fixed {
    /// The recipe sentence's part: ` Checksums fixed: ... .` and ` Not fixable: ... .`
    pub fn sentence(&self) -> String {
        let list = if self.counts.is_empty() {
            "none".to_string()
        } else {
            self.counts.iter().map(|(k, c)| format!("{} {c}", k.name)).collect::<Vec<_>>().join(", ")
        };
        let mut s = format!(" Checksums fixed: {list}.");
        if !self.notes.is_empty() {
            s.push_str(&format!(" Not fixable: {}.", self.notes.join("; ")));
        }
        s
    }

    pub fn unfixable(&self) -> Option<String> {
        (!self.notes.is_empty()).then(|| self.notes.join("; "))
    }
}

/// Fixes the checksums of `output` (the corrupted copy of `input`, same length) for `family`.
/// `protected` is the bytes the `protect` ranges cover (None without ranges): a field there is left.
pub fn fix(family: Family, input: &[u8], output: &mut [u8], protected: Option<&ByteSet>) -> Fixed {
    debug_assert_eq!(<[u8]>::len(input), <[u8]>::len(output));
    fix_in(family, input, output, protected, None)
}

/// `fix`, with `observer` hearing every field recomputed.
pub fn fix_observed<'p>(
    family: Family,
    input: &[u8],
    output: &mut [u8],
    protected: Option<&'p ByteSet>,
    observer: Observer<'p>,
) -> Fixed {
    fix_in(family, input, output, protected, Some(observer))
}

/// `fix` over an input and an output read (and the output written) by position, e.g. files: memory
/// stays a few read-ahead windows whatever their size. Fails with the first read or write error.
pub fn fix_positional(
    family: Family,
    input: impl Positional,
    output: impl Positional,
    protected: Option<&ByteSet>,
) -> std::io::Result<Fixed> {
    fix_positional_observed(family, input, output, protected, None)
}

/// `fix_positional`, with `observer` (when given) hearing every field recomputed.
pub fn fix_positional_observed<'p>(
    family: Family,
    input: impl Positional,
    output: impl Positional,
    protected: Option<&'p ByteSet>,
    observer: Option<Observer<'p>>,
) -> std::io::Result<Fixed> {
    let (mut input, mut output) = (Cached::new(input), Cached::new(output));
    let fixed = fix_in(family, &mut input, &mut output, protected, observer);
    output.flush();
    match input.error.or(output.error) {
        Some(e) => Err(e),
        None => Ok(fixed),
    }
}

impl<A: Area> Area for &mut A {
    fn len(&self) -> u64 {
        (**self).len()
    }

    fn get(&mut self, at: u64, len: usize) -> Option<&[u8]> {
        (**self).get(at, len)
    }

    fn feed(&mut self, from: u64, to: u64, f: &mut dyn FnMut(&[u8])) {
        (**self).feed(from, to, f);
    }
}

impl<A: AreaMut> AreaMut for &mut A {
    fn put(&mut self, at: u64, bytes: &[u8]) {
        (**self).put(at, bytes);
    }
}

fn fix_in<'p, I: Area, O: AreaMut>(
    family: Family,
    input: I,
    output: O,
    protected: Option<&'p ByteSet>,
    observer: Option<Observer<'p>>,
) -> Fixed {
    let mut w = Writer::new(input, output, protected, kinds(family)).observed(observer);
    let mut notes = Vec::new();
    match family {
        Family::Png => walk::png(&mut w, PNG_CHUNK),
        Family::Zip => {
            let left = walk::zip(&mut w, [ZIP_LOCAL, ZIP_CENTRAL, ZIP_DESCRIPTOR]);
            if left.unfixable > 0 {
                notes.push(format!("{} ZIP entries are compressed, encrypted or ZIP64, and their CRC-32 covers data that cannot be recomputed from the stored bytes", left.unfixable));
            }
            if left.overlapping > 0 {
                notes.push(format!(
                    "{} ZIP entries share or overlap the stored data of another entry and were left as they were",
                    left.overlapping
                ));
            }
        }
        Family::Tar => walk::tar(&mut w, TAR_HEADER),
        Family::Ogg => walk::ogg(&mut w, OGG_PAGE),
        Family::Flac if walk::flac(&mut w, [FLAC_CRC8_KIND, FLAC_CRC16_KIND]) => {
            notes.push("the STREAMINFO MD5 signature covers the decoded audio".to_string());
        }
        Family::Gzip => notes.push("gzip's CRC-32 covers the decompressed data".to_string()),
        Family::Xz => notes.push("xz's integrity checks cover the decompressed data".to_string()),
        Family::Bzip2 => notes.push("bzip2's CRCs cover the decompressed data".to_string()),
        _ => {}
    }
    let (counts, left) = w.finish();
    if left > 0 {
        notes.push(format!("{left} checksum fields lie in protected bytes and were left as they were"));
    }
    Fixed { counts, notes }
}

#[cfg(test)]
mod tests;
