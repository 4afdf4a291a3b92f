//! The plan stage: what the corrupt stage will do, decided from the mode, the input's length and
//! family, the intensity, the seed and the bytes the options leave free (draws from the plan sequence).

use crate::formats::Family;
use crate::modes::misdirect::MisdirectPlan;
use crate::modes::transcode::Conversion;
use crate::modes::transfer::LineEnding;
use crate::modes::{flip, interrupted, sectors, shuffle, truncate, Mode, BIT_ROT_ONE_IN};
use crate::options::Variant;
use crate::region::ByteSet;

/// What the plan stage decided; the corrupt stage carries it out.
pub(crate) enum Plan {
    /// `in_place`: the input is not needed after the flip (see `Job::flip_verdict_known`), so the flip
    /// takes it over instead of copying it.
    Flip {
        h: usize,
        k: u64,
        preserve: bool,
        seed: u64,
        in_place: bool,
    },
    /// byte_flip or header_preserve_flip with byte ranges, and bit_rot: `k` positions of `allowed`.
    Allowed {
        action: flip::Action,
        allowed: ByteSet,
        k: u64,
        h: usize,
        preserve: bool,
        intensity: u32,
        seed: u64,
    },
    Sectors {
        allowed: ByteSet,
        z: u64,
        seed: u64,
    },
    Truncate(truncate::TruncatePlan),
    Shuffle(shuffle::ShufflePlan),
    Break(Family),
    Interrupted {
        cut: u64,
        lost: u64,
    },
    /// seven_bit: a seeded fraction (all at intensity 100) of the allowed bytes above 0x7F.
    SevenBit {
        allowed: ByteSet,
        intensity: u32,
        seed: u64,
    },
    Misdirect(MisdirectPlan),
    /// text_transfer and charset_roundtrip: the conversion, run over the input in order.
    Transcode {
        conversion: Conversion,
        intensity: u32,
        seed: u64,
    },
}

/// The bytes that may change (docs/contract.md, section 6.9.2), and the kept header h: the free bytes
/// less byte_flip's and header_preserve_flip's header.
pub(crate) fn allowed_bytes(mode: Mode, n: u64, free: &ByteSet) -> (ByteSet, usize) {
    match mode {
        Mode::ByteFlip | Mode::HeaderPreserveFlip => {
            let h = flip::header_len(n, mode == Mode::HeaderPreserveFlip);
            (free.minus(&ByteSet::span(0, h as u64)), h)
        }
        _ => (free.clone(), 0),
    }
}

/// The conversion a text_transfer or charset_roundtrip run makes with these options.
pub(crate) fn conversion(mode: Mode, variant: &Variant, seed: u64) -> Conversion {
    match mode {
        Mode::TextTransfer => Conversion::Transfer(variant.line_ending.unwrap_or_else(|| LineEnding::drawn(seed))),
        _ => Conversion::Charset { way: variant.transcode, charset: variant.charset, bom: variant.bom },
    }
}

/// A run's arguments as the plan stage reads them: the mode, the input's length and family, and the
/// options checked (`free`: the bytes the ranges leave free, or None without ranges).
pub(crate) struct Planning<'a> {
    pub mode: Mode,
    pub n: u64,
    pub family: Family,
    pub free: Option<&'a ByteSet>,
    pub variant: &'a Variant,
}

pub(crate) fn make_plan(p: &Planning, intensity: u32, seed: u64) -> Plan {
    let Planning { mode, n, family, free, variant } = *p;
    let all = ByteSet::span(0, n);
    match mode {
        Mode::ByteFlip | Mode::HeaderPreserveFlip => {
            let preserve = mode == Mode::HeaderPreserveFlip;
            let h = flip::header_len(n, preserve);
            match free {
                None => Plan::Flip {
                    h,
                    k: if n == 0 { 0 } else { flip::flip_count(n, n - h as u64, intensity) },
                    preserve,
                    seed,
                    in_place: false,
                },
                Some(free) => {
                    let (allowed, _) = allowed_bytes(mode, n, free);
                    let base = free.total();
                    let k = if n == 0 { 0 } else { flip::flip_count_on(base, allowed.total(), intensity) };
                    Plan::Allowed { action: flip::Action::Flip, allowed, k, h, preserve, intensity, seed }
                }
            }
        }
        Mode::BitRot => {
            let allowed = free.cloned().unwrap_or(all);
            let d = u64::from(BIT_ROT_ONE_IN[intensity as usize]);
            let a = allowed.total();
            let k = if n == 0 { 0 } else { (8 * a / d).max(1).min(a) };
            Plan::Allowed { action: flip::Action::BitRot, allowed, k, h: 0, preserve: false, intensity, seed }
        }
        Mode::BadSectors => {
            let allowed = free.cloned().unwrap_or(all);
            let eligible = allowed.blocks(sectors::SECTOR as u64).total();
            let z = if n == 0 { 0 } else { sectors::sector_count(eligible, intensity) };
            Plan::Sectors { allowed, z, seed }
        }
        Mode::TruncateInsert => Plan::Truncate(truncate::plan(n as usize, intensity, seed)),
        Mode::ShuffleBlocks => Plan::Shuffle(shuffle::plan(n, intensity, seed)),
        Mode::GuaranteedBreak => Plan::Break(family),
        Mode::InterruptedTransfer => {
            let (cut, lost) = interrupted::plan(n, intensity, seed);
            Plan::Interrupted { cut, lost }
        }
        Mode::SevenBit => Plan::SevenBit { allowed: free.cloned().unwrap_or(all), intensity, seed },
        Mode::MisdirectedWrite => {
            Plan::Misdirect(MisdirectPlan::new(n, variant.block, &free.cloned().unwrap_or(all), intensity, seed))
        }
        Mode::TextTransfer | Mode::CharsetRoundtrip => {
            Plan::Transcode { conversion: conversion(mode, variant, seed), intensity, seed }
        }
    }
}
