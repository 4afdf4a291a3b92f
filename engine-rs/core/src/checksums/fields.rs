//! What a walk hands on (docs/contract.md, section 6.10): the CRC algorithms, a field's kind, and the
//! writer that puts each field's new value into the output unless the field is protected. The walks
//! (`walk`) and the entry points (`mod.rs`) both build on this module; it uses neither.

use super::area::{Area, AreaMut};
use crate::region::ByteSet;
use crc::{Algorithm, Crc, Table, CRC_16_UMTS, CRC_32_ISO_HDLC, CRC_8_SMBUS};

/// Slice-by-16 tables natively (fast on multi-gigabyte files); one 256-entry table in WebAssembly,
/// where the sixteen would add about 40 kB to the module for files of at most 200 MB.
#[cfg(not(target_arch = "wasm32"))]
type Slices = Table<16>;
#[cfg(target_arch = "wasm32")]
type Slices = Table<1>;

pub(crate) static CRC32: Crc<u32, Slices> = Crc::<u32, Slices>::new(&CRC_32_ISO_HDLC);
/// Ogg's CRC-32: CRC-32's polynomial, unreflected, no initial or final XOR.
const OGG: Algorithm<u32> = Algorithm {
    width: 32,
    poly: 0x04C1_1DB7,
    init: 0,
    refin: false,
    refout: false,
    xorout: 0,
    check: 0x89A1_897F,
    residue: 0,
};
pub(crate) static OGG_CRC32: Crc<u32, Slices> = Crc::<u32, Slices>::new(&OGG);
pub(crate) static FLAC_CRC8: Crc<u8> = Crc::<u8>::new(&CRC_8_SMBUS);
pub(crate) static FLAC_CRC16: Crc<u16, Slices> = Crc::<u16, Slices>::new(&CRC_16_UMTS);

/// A kind of checksum field: its report key and its name in the recipe sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    pub key: &'static str,
    pub name: &'static str,
}

/// A field found by a walk: where it is, its kind, and its new value (big- or little-endian bytes),
/// computed from the output as it is when the walk reaches it.
pub(crate) struct Writer<'p, I, O> {
    pub input: I,
    pub output: O,
    /// The bytes the `protect` ranges cover (None without any).
    protected: Option<&'p ByteSet>,
    counts: Vec<(Kind, u64)>,
    left: u64,
    /// Hears every field recomputed (not protected): its offset, its input bytes and its new bytes.
    observer: Option<Observer<'p>>,
}

/// A field's offset, its input bytes and the new bytes the fix gave it (section 14.2's repairs).
pub type Observer<'a> = &'a mut dyn FnMut(u64, &[u8], &[u8]);

impl<'p, I: Area, O: AreaMut> Writer<'p, I, O> {
    /// A writer counting the fields of `kinds`, leaving those in `protected`.
    pub fn new(input: I, output: O, protected: Option<&'p ByteSet>, kinds: &[Kind]) -> Self {
        Writer { input, output, protected, counts: kinds.iter().map(|&k| (k, 0)).collect(), left: 0, observer: None }
    }

    /// `new`, with `observer` hearing each field recomputed (section 14.2's repairs).
    pub fn observed(mut self, observer: Option<Observer<'p>>) -> Self {
        self.observer = observer;
        self
    }

    /// The count of changed fields per kind, and how many fields were left in protected bytes.
    pub fn finish(self) -> (Vec<(Kind, u64)>, u64) {
        (self.counts, self.left)
    }

    /// Writes `value` at `at` unless a byte of the field is protected; counts it when it changed.
    pub fn write(&mut self, kind: Kind, at: u64, value: &[u8]) {
        let end = at + value.len() as u64;
        if end > self.output.len() {
            return;
        }
        if self.protected.is_some_and(|p| p.count_in(at, end) > 0) {
            self.left += 1;
            return;
        }
        if let Some(observer) = self.observer.as_mut() {
            if let Some(input) = self.input.get(at, value.len()) {
                observer(at, input, value);
            }
        }
        if self.output.get(at, value.len()).is_some_and(|old| old.iter().zip(value).any(|(x, y)| x != y)) {
            self.output.put(at, value);
            if let Some(slot) = self.counts.iter_mut().find(|(k, _)| *k == kind) {
                slot.1 += 1;
            }
        }
    }
}
