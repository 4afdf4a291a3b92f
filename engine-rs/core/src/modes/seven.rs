//! seven_bit: the high bit cleared, as a 7-bit transport clears it (docs/contract.md, section
//! 6.14). Each byte above 0x7F that may change is a unit; at intensity 100 every one loses its high
//! bit (`tr '\200-\377' '\000-\177'`), below it a seeded fraction does.

use super::flip::CHUNK;
use super::fraction::{Counts, Draws};
use crate::region::ByteSet;

/// Clears the high bit of the units of `part`, the output's bytes from `start` (a multiple of the
/// chunk size) that are still the input's, among the bytes of `allowed`. What it does depends only
/// on the positions, so parts done anywhere, in any order, give the same bytes. Returns the units
/// met and converted.
pub fn clear_high_bits_in(part: &mut [u8], start: u64, allowed: &ByteSet, intensity: u32, seed: u64) -> Counts {
    let mut c = Counts::default();
    let end = start + part.len() as u64;
    // A Draws per chunk: each chunk's units draw from their own sequence, whichever part holds them.
    let mut chunk_start = start;
    while chunk_start < end {
        let chunk_end = (chunk_start + CHUNK as u64).min(end);
        let mut draws = Draws::new(seed, intensity);
        for (a, b) in allowed.within(chunk_start, chunk_end) {
            let bytes = &mut part[(a - start) as usize..(b - start) as usize];
            match draws.settled() {
                Some(all) => {
                    let high = bytes.iter().filter(|&&v| v >= 0x80).count() as u64;
                    c.units += high;
                    if all {
                        bytes.iter_mut().for_each(|v| *v &= 0x7F);
                        c.converted += high;
                    }
                }
                None => {
                    for (i, v) in bytes.iter_mut().enumerate() {
                        if *v >= 0x80 {
                            c.units += 1;
                            if draws.converts(a + i as u64) {
                                *v &= 0x7F;
                                c.converted += 1;
                            }
                        }
                    }
                }
            }
        }
        chunk_start = chunk_end;
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clears_the_high_bit_of_a_fraction_keyed_by_position() {
        let input: Vec<u8> = (0..300_000u32).map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8).collect();
        let all = ByteSet::span(0, input.len() as u64);
        let mut whole = input.clone();
        let c = clear_high_bits_in(&mut whole, 0, &all, 100, 3);
        assert!(whole.iter().all(|&b| b < 0x80));
        assert_eq!(c.units, input.iter().filter(|&&b| b >= 0x80).count() as u64);
        let mut some = input.clone();
        let c = clear_high_bits_in(&mut some, 0, &all, 30, 3);
        assert!(c.converted > 0 && c.converted < c.units);
        // Parts at chunk boundaries, done out of order, give the same bytes.
        let mut parts = input.clone();
        let (head, tail) = parts.split_at_mut(2 * CHUNK);
        let d = clear_high_bits_in(tail, 2 * CHUNK as u64, &all, 30, 3);
        let e = clear_high_bits_in(head, 0, &all, 30, 3);
        assert_eq!(parts, some);
        assert_eq!(d.converted + e.converted, c.converted);
    }
}
