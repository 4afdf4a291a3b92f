//! bad_sectors: whole 4096-byte sectors read back as zeros (docs/contract.md, section 6.8).

use super::flip::CHUNK;
use crate::region::ByteSet;
use crate::rng::{chunk_sequence, Sequence};

pub const SECTOR: usize = 4096;
const PER_CHUNK: u64 = (CHUNK / SECTOR) as u64;

/// The sectors to zero: z of the eligible sectors (those holding an allowed byte).
pub fn sector_count(eligible: u64, intensity: u32) -> u64 {
    (eligible * u64::from(intensity) / 500).max(1).min(eligible)
}

/// Zeroes the allowed bytes of `z` eligible sectors of `buf`, shared over the chunks as the flips
/// are; returns the number of bytes set to zero.
pub fn zero_sectors(buf: &mut [u8], allowed: &ByteSet, z: u64, seed: u64) -> u64 {
    zero_sectors_in(buf, 0, allowed, z, seed)
}

/// `zero_sectors` for the chunks that fall in `part`, which holds the input's bytes from offset
/// `start` (a multiple of the chunk size): what it does depends only on the positions, so a stream
/// done part by part gives the same bytes.
pub fn zero_sectors_in(part: &mut [u8], start: u64, allowed: &ByteSet, z: u64, seed: u64) -> u64 {
    let eligible = allowed.blocks(SECTOR as u64);
    let total = eligible.total();
    if z == 0 || total == 0 || part.is_empty() {
        return 0;
    }
    let share = |to: u64| (u128::from(z) * u128::from(to) / u128::from(total)) as u64;
    let mut zeroed = 0;
    let end = start + part.len() as u64;
    let last_chunk = ((eligible.spans()[eligible.spans().len() - 1].1 - 1) / PER_CHUNK).min((end - 1) / CHUNK as u64);
    let mut idx: Vec<u8> = Vec::with_capacity(PER_CHUNK as usize);
    let mut c = (eligible.spans()[0].0 / PER_CHUNK).max(start / CHUNK as u64);
    while c <= last_chunk {
        let (a, b) = (c * PER_CHUNK, (c + 1) * PER_CHUNK);
        let e = eligible.count_in(a, b);
        let x = eligible.count_before(a);
        let zc = share(x + e) - share(x);
        if zc > 0 {
            let mut rng = Sequence::new(seed, chunk_sequence(c));
            idx.clear();
            for (s, t) in eligible.within(a, b) {
                idx.extend((s - a) as u8..(t - a) as u8);
            }
            for j in 0..zc as u32 {
                let r = j + rng.below(e as u32 - j);
                idx.swap(j as usize, r as usize);
                let sector = a + u64::from(idx[j as usize]);
                let from = sector * SECTOR as u64;
                for (s, t) in allowed.within(from, from + SECTOR as u64) {
                    part[(s - start) as usize..(t - start) as usize].fill(0);
                    zeroed += t - s;
                }
            }
        }
        c += 1;
    }
    zeroed
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroes_whole_aligned_sectors_and_only_allowed_bytes() {
        let n = 10 * CHUNK + 1000;
        let input: Vec<u8> = (0..n).map(|i| (i % 251) as u8 | 1).collect();
        let all = ByteSet::span(0, n as u64);
        let sectors = (n as u64).div_ceil(SECTOR as u64);
        let z = sector_count(sectors, 100);
        let mut out = input.clone();
        let zeroed = zero_sectors(&mut out, &all, z, 5);
        let hit: Vec<usize> = (0..sectors as usize)
            .filter(|&s| out[s * SECTOR..((s + 1) * SECTOR).min(n)].iter().all(|&b| b == 0))
            .collect();
        assert_eq!(hit.len() as u64, z);
        // Every byte outside the chosen sectors is unchanged.
        let changed = input.iter().zip(&out).filter(|(a, b)| a != b).count() as u64;
        assert_eq!(changed, zeroed);
        // With a protected range inside the chosen sectors, those bytes stay.
        let protect = ByteSet::span(hit[0] as u64 * 4096 + 10, hit[0] as u64 * 4096 + 20);
        let allowed = all.minus(&protect);
        let mut out2 = input.clone();
        zero_sectors(&mut out2, &allowed, z, 5);
        assert_eq!(&out2[hit[0] * 4096 + 10..hit[0] * 4096 + 20], &input[hit[0] * 4096 + 10..hit[0] * 4096 + 20]);
    }
}
