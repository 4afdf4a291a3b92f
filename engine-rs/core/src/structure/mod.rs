//! The structure map (docs/contract.md, section 14): the input's layout as regions
//! `FORMAT:UNIT/FIELD` that cover every byte, and the role each region's bytes play for a reader,
//! which decides what a change there should cause (the report's `hits`).
//!
//! Each format's walk reads the input by position (`Area`, as the checksum walks do), so one walk
//! serves a buffer and a file of any size; it never fails: where the structure stops making sense
//! it stops, and the bytes it did not reach become `FORMAT:trailing`. A walk records at most
//! `MAX_WALK_REGIONS` regions; past that it stops and the rest is `FORMAT:unmapped`.

#[cfg(test)]
mod archive_tests;
mod elf;
mod flac;
mod gif;
mod gzip;
mod hits;
mod isobmff;
mod jpeg;
mod map;
#[cfg(test)]
mod media_tests;
mod ogg;
mod pdf;
mod png;
mod read;
mod riff;
mod tar;
pub(crate) mod why;
mod zip;

pub use hits::{Expect, Hit, InOrder, Tally, UNCHANGED};
pub use map::{Map, Region, Role, Soft, Unit, MAX_WALK_REGIONS};

use crate::checksums::area::Area;
use crate::formats::Family;

/// The map of an input of family `family` (section 14.1). Families without a walk are one region
/// `FAMILY:whole`.
pub(crate) fn map(family: Family, input: &mut impl Area) -> Vec<Region> {
    let len = input.len();
    let mut m = match family {
        Family::Png => png::walk(input),
        Family::Zip => zip::walk(input),
        Family::Tar => tar::walk(input),
        Family::Gzip => gzip::walk(input),
        Family::Generic if elf::is_elf(input) => elf::walk(input),
        Family::Jpeg => jpeg::walk(input),
        Family::Gif => gif::walk(input),
        Family::Webp | Family::Wav | Family::Avi => riff::walk(family.id(), input),
        Family::Isobmff => isobmff::walk(input),
        Family::Ogg => ogg::walk(input),
        Family::Flac => flac::walk(input),
        Family::Pdf => pdf::walk(input),
        _ => {
            let mut m = Map::new(family.id(), len);
            if let Some(u) = m.unit("whole") {
                m.whole(u, 0, len, Role::Payload);
            }
            m
        }
    };
    // A walk that found nothing it knows leaves the whole input to `trailing`; say `whole` instead.
    if m.raw.is_empty() && !m.full {
        if let Some(u) = m.unit("whole") {
            m.whole(u, 0, len, Role::Payload);
        }
    }
    m.finish()
}

/// The map of an input read by position (a file, a host's reads): memory is the map's and a few
/// read-ahead windows.
pub fn map_positional(family: Family, input: impl crate::checksums::Positional) -> std::io::Result<Vec<Region>> {
    let mut area = crate::checksums::area::Cached::new(input);
    let regions = map(family, &mut area);
    match area.error {
        Some(e) => Err(e),
        None => Ok(regions),
    }
}

/// The map of `input`, a whole buffer of family `family`.
pub fn map_bytes(family: Family, input: &[u8]) -> Vec<Region> {
    map(family, &mut &input[..])
}

#[cfg(test)]
mod tests;
