//! byte_flip and header_preserve_flip, and the chunked flip routine recipes reuse.

use crate::region::ByteSet;
use crate::rng::{chunk_sequence, Draws, Sequence};

pub const CHUNK: usize = 65536;

/// Bytes kept at the start: byte_flip min(1024, n/200); header_preserve_flip min(max(1, n/20), 4096);
/// never all of the file, so at least one byte can change.
pub fn header_len(n: u64, preserve: bool) -> usize {
    let h = if preserve { (n / 20).clamp(1, 4096) } else { (n / 200).min(1024) };
    h.min(n.saturating_sub(1)) as usize
}

/// Bytes to change in a region of `m` bytes of an `n`-byte file: 5% + 45% x intensity/100, at least 1.
pub fn flip_count(n: u64, m: u64, intensity: u32) -> u64 {
    let k = (n * (500 + 45 * u64::from(intensity)) / 10000).max(1);
    k.min(m)
}

/// `flip_count` on the bytes that may change (docs/contract.md, section 6.9.4): `base` free bytes, of
/// which `allowed` lie outside the header. Without ranges, base = n and allowed = n - h.
pub fn flip_count_on(base: u64, allowed: u64, intensity: u32) -> u64 {
    (base * (500 + 45 * u64::from(intensity)) / 10000).max(1).min(allowed)
}

/// Inputs at least this long are flipped on several threads (native builds only).
pub const PARALLEL_MIN: usize = 4 << 20;

/// What happens at each chosen position.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// About 30% set to a random value, the rest XORed with a random non-zero mask (section 6.1).
    Flip,
    /// One bit of the byte flipped (bit_rot, section 6.7).
    BitRot,
}

/// Changes exactly `k` distinct bytes of `buf[h..]`, apportioned over 64 KiB chunks, each chunk drawing
/// from its own sequence so chunks can be done in any order: natively, large inputs are split into one
/// run of chunks per thread, and the bytes are the same as done one after another.
pub fn flip_region(buf: &mut [u8], h: usize, k: u64, seed: u64) {
    let n = buf.len();
    flip_allowed(buf, &ByteSet::span(h as u64, n as u64), k, seed, Action::Flip);
}

/// Runs `action` at exactly `k` distinct positions of `allowed` (docs/contract.md, section 6.9.3;
/// `flip_region` is the case `allowed = [h, n)`).
pub fn flip_allowed(buf: &mut [u8], allowed: &ByteSet, k: u64, seed: u64, action: Action) {
    if k == 0 {
        return;
    }
    in_parts(buf, allowed, &|part, start, chunks| flip_allowed_chunks(part, start, allowed, k, seed, chunks, action));
}

/// `flip_allowed` on the buffer in place, each chunk's bytes before and after its flips handed to
/// `observe` with their offset (a copy of one chunk at a time, not of the buffer), in a state of
/// each thread's own, made by `make`: the states, in the buffer's order.
pub fn flip_allowed_observed<S, M, O>(
    buf: &mut [u8],
    allowed: &ByteSet,
    k: u64,
    seed: u64,
    action: Action,
    make: &M,
    observe: &O,
) -> Vec<S>
where
    S: Send,
    M: Fn() -> S + Sync,
    O: Fn(&mut S, u64, &[u8], &[u8]) + Sync,
{
    if k == 0 {
        return Vec::new();
    }
    in_parts(buf, allowed, &|part, start, chunks| {
        let flips = Flips { allowed, k, seed, action };
        let (mut state, mut idx, mut before) = (make(), Vec::new(), Vec::with_capacity(CHUNK));
        let end = start + part.len() as u64;
        for c in chunks {
            let a = (c * CHUNK as u64).max(start);
            let b = ((c + 1) * CHUNK as u64).min(end);
            if a >= b {
                continue;
            }
            let (a, b) = ((a - start) as usize, (b - start) as usize);
            before.clear();
            before.extend_from_slice(&part[a..b]);
            flip_chunk(part, start, &flips, c, &mut idx);
            observe(&mut state, start + a as u64, &before, &part[a..b]);
        }
        state
    })
}

/// Runs `run` on the chunks that hold `allowed`'s bytes, split into one run of chunks per thread for
/// a large buffer (`run` gets its part of the buffer, the part's offset and its chunks); the results
/// in the buffer's order.
fn in_parts<S, R>(buf: &mut [u8], allowed: &ByteSet, run: &R) -> Vec<S>
where
    S: Send,
    R: Fn(&mut [u8], u64, std::ops::RangeInclusive<u64>) -> S + Sync,
{
    let n = buf.len();
    let (Some(&(lo, _)), Some(&(_, hi))) = (allowed.spans().first(), allowed.spans().last()) else {
        return Vec::new();
    };
    let (first, last) = (lo as usize / CHUNK, (hi as usize - 1) / CHUNK);
    let threads = worker_threads(n);
    if threads <= 1 {
        return vec![run(buf, 0, first as u64..=last as u64)];
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let chunks = last - first + 1;
        let per = chunks.div_ceil(threads);
        std::thread::scope(|scope| {
            let mut rest = &mut buf[first * CHUNK..];
            let mut c = first;
            let mut handles = Vec::new();
            while c <= last {
                let end = (c + per - 1).min(last);
                let len = ((end + 1) * CHUNK).min(n) - c * CHUNK;
                let (part, tail) = rest.split_at_mut(len);
                rest = tail;
                let start = c * CHUNK;
                handles.push(scope.spawn(move || run(part, start as u64, c as u64..=end as u64)));
                c = end + 1;
            }
            handles.into_iter().map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e))).collect()
        })
    }
    #[cfg(target_arch = "wasm32")]
    unreachable!("one thread in WebAssembly")
}

#[cfg(not(target_arch = "wasm32"))]
fn worker_threads(n: usize) -> usize {
    if n < PARALLEL_MIN {
        return 1;
    }
    std::thread::available_parallelism().map(|p| p.get()).unwrap_or(1).min(8)
}

#[cfg(target_arch = "wasm32")]
fn worker_threads(_: usize) -> usize {
    1
}

/// Flips the chunks `chunks` of an `n`-byte input whose bytes `[start, start + part.len())` are `part`
/// (the region `[h, n)`: byte_flip and header_preserve_flip without ranges).
pub fn flip_chunks(
    part: &mut [u8],
    start: usize,
    n: usize,
    h: usize,
    k: u64,
    seed: u64,
    chunks: std::ops::RangeInclusive<usize>,
) {
    let chunks = *chunks.start() as u64..=*chunks.end() as u64;
    flip_allowed_chunks(part, start as u64, &ByteSet::span(h as u64, n as u64), k, seed, chunks, Action::Flip);
}

/// `flip_allowed` for the chunks `chunks`, on `part`, which holds the input's bytes from `start`.
/// Positions and chunk indices are 64-bit, also in WebAssembly (a stream passes 4 GiB).
pub fn flip_allowed_chunks(
    part: &mut [u8],
    start: u64,
    allowed: &ByteSet,
    k: u64,
    seed: u64,
    chunks: std::ops::RangeInclusive<u64>,
    action: Action,
) {
    let flips = Flips { allowed, k, seed, action };
    let mut idx: Vec<u16> = Vec::new();
    for c in chunks {
        flip_chunk(part, start, &flips, c, &mut idx);
    }
}

/// What a flip run changes, the same for each of its chunks: `k` of the `allowed` bytes, drawn from
/// `seed`'s chunk sequences, each flipped by `action`.
#[derive(Clone, Copy)]
pub struct Flips<'a> {
    pub allowed: &'a ByteSet,
    pub k: u64,
    pub seed: u64,
    pub action: Action,
}

/// The part of `flip_allowed` that falls in chunk `c`: what it does depends only on the arguments.
/// `part` holds the input's bytes from offset `start`, and must cover the chunk's allowed bytes.
/// `idx` is scratch space, reused from chunk to chunk.
pub fn flip_chunk(part: &mut [u8], start: u64, flips: &Flips, c: u64, idx: &mut Vec<u16>) {
    let Flips { allowed, k, seed, action } = *flips;
    let total = allowed.total();
    let a = c * CHUNK as u64;
    let b = a + CHUNK as u64;
    let len = allowed.count_in(a, b);
    if len == 0 {
        return;
    }
    let x = allowed.count_before(a);
    // Exact in 128 bits for any length (docs/contract.md, section 4).
    let share = |to: u64| (u128::from(k) * u128::from(to) / u128::from(total)) as u64;
    let kc = share(x + len) - share(x);
    if kc == 0 {
        return;
    }
    let mut seq = Sequence::new(seed, chunk_sequence(c));
    // Offsets within the chunk of its allowed bytes, ascending.
    idx.clear();
    for (s, e) in allowed.within(a, b) {
        idx.extend(((s - a) as u32..(e - a) as u32).map(|i| i as u16));
    }
    let len = len as u32;
    let base = (a - start) as usize;
    let (lo, hi) = (base + usize::from(idx[0]), base + usize::from(idx[idx.len() - 1]) + 1);
    warm_cache(&part[lo..hi]);
    // Every place a draw can name (below `len`, at most CHUNK) is then in bounds by its type.
    idx.resize(CHUNK, 0);
    let Ok(idx) = <&mut [u16; CHUNK]>::try_from(&mut idx[..]) else { unreachable!("resized to CHUNK") };
    flip_positions(part, idx, &mut seq.draws(), base, kc as u32, len, action);
}

/// The flips of one chunk: `kc` draws of the partial Fisher-Yates shuffle over the `len` offsets in
/// `idx`, each offset's byte (at `base` + offset in `part`) changed by `action`. A function of its
/// own so that `part` and `idx` arrive as references the compiler knows alias nothing else: a store
/// to either then cannot touch the generator's place in its buffer, which stays in a register
/// (reloaded from memory after every store to `idx` otherwise, a wait on each draw). In WebAssembly
/// it is inlined, so the cursor's place in its refill buffer stays a local there (`Sequence::draws`).
#[cfg_attr(not(target_arch = "wasm32"), inline(never))]
#[cfg_attr(target_arch = "wasm32", inline(always))]
fn flip_positions(
    part: &mut [u8],
    idx: &mut [u16; CHUNK],
    rng: &mut Draws,
    base: usize,
    kc: u32,
    len: u32,
    action: Action,
) {
    match action {
        Action::Flip => {
            for j in 0..kc {
                let r = j + rng.below(len - j);
                let v = rng.u32();
                let p = base + pick(idx, j, r);
                // About 30% set, 70% XORed: a branch here mispredicts often, so both values are
                // computed and one is selected.
                let set = (v >> 8) < 5_033_165;
                let xored = part[p] ^ (1 + (((v & 0xFF) * 255) >> 8)) as u8;
                part[p] = if set { v as u8 } else { xored };
            }
        }
        Action::BitRot => {
            for j in 0..kc {
                let r = j + rng.below(len - j);
                let bit = rng.below(8);
                let p = base + pick(idx, j, r);
                part[p] ^= 1 << bit;
            }
        }
    }
}

/// Step `j` of the partial Fisher-Yates shuffle: the offset at place `r` (`r >= j`) is drawn, and the
/// offset at place `j` takes its place. That is a swap without the write to place `j`, which no later
/// step reads.
#[inline(always)]
fn pick(idx: &mut [u16; CHUNK], j: u32, r: u32) -> usize {
    debug_assert!(j <= r && (r as usize) < CHUNK);
    let (j, r) = (usize::from(j as u16), usize::from(r as u16));
    let drawn = idx[r];
    idx[r] = idx[j];
    usize::from(drawn)
}

/// Reads one byte of every 64-byte cache line of `bytes`, front to back. The flip loop touches a
/// chunk's bytes in random order, and each first touch of a line would wait on memory on its own;
/// read in order, the lines stream in together (the hardware prefetcher follows the stride).
#[inline]
fn warm_cache(bytes: &[u8]) {
    let mut acc = 0u8;
    for line in bytes.chunks(64) {
        acc ^= line[0];
    }
    std::hint::black_box(acc);
}

pub struct Flip {
    pub data: Vec<u8>,
    pub ops: u64,
    pub preserve_header: usize,
}

pub fn flip(input: &[u8], intensity: u32, seed: u64, preserve: bool) -> Flip {
    let n = input.len();
    if n == 0 {
        return Flip { data: Vec::new(), ops: 0, preserve_header: 0 };
    }
    let h = header_len(n as u64, preserve);
    let k = flip_count(n as u64, (n - h) as u64, intensity);
    let mut data = input.to_vec();
    flip_region(&mut data, h, k, seed);
    Flip { data, ops: k, preserve_header: h }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exactly_k_distinct_bytes_change_outside_the_header() {
        let input: Vec<u8> = (0..200_000u32).map(|i| (i % 251) as u8).collect();
        for &(intensity, preserve) in &[(0, false), (37, true), (100, false)] {
            let out = flip(&input, intensity, 99, preserve);
            let changed = input.iter().zip(&out.data).filter(|(a, b)| a != b).count() as u64;
            // A random set may write the byte's own value back, so changed <= ops, and close to it.
            assert!(changed <= out.ops && changed * 100 >= out.ops * 99, "{changed} vs {}", out.ops);
            assert_eq!(&input[..out.preserve_header], &out.data[..out.preserve_header]);
        }
    }

    #[test]
    fn chunk_shares_sum_to_k() {
        let n = 3 * CHUNK + 17;
        let h = 1000;
        let k = 12345u64;
        let m = (n - h) as u64;
        let mut sum = 0;
        for c in 0..4 {
            let a = h.max(c * CHUNK) as u64;
            let b = n.min((c + 1) * CHUNK) as u64;
            let x = a - h as u64;
            sum += k * (x + b - a) / m - k * x / m;
        }
        assert_eq!(sum, k);
    }

    #[test]
    fn threads_give_the_same_bytes_as_one_after_another() {
        let input: Vec<u8> =
            (0..(PARALLEL_MIN * 2 + 12345) as u32).map(|i| (i.wrapping_mul(2654435761) >> 24) as u8).collect();
        for &(h, k) in &[(0usize, 1u64), (1024, 3_000_000), (70_000, 5_000_123)] {
            let mut parallel = input.clone();
            flip_region(&mut parallel, h, k, 77);
            let mut serial = input.clone();
            let n = serial.len();
            flip_chunks(&mut serial, 0, n, h, k, 77, h / CHUNK..=(n - 1) / CHUNK);
            assert!(parallel == serial, "h {h} k {k}");
            // Chunks in reverse order give the same bytes too.
            let mut reversed = input.clone();
            let mut idx = Vec::new();
            let region = ByteSet::span(h as u64, n as u64);
            for c in (h as u64 / CHUNK as u64..=(n as u64 - 1) / CHUNK as u64).rev() {
                flip_chunk(
                    &mut reversed,
                    0,
                    &Flips { allowed: &region, k, seed: 77, action: Action::Flip },
                    c,
                    &mut idx,
                );
            }
            assert!(reversed == serial, "reverse order, h {h} k {k}");
        }
    }

    #[test]
    fn one_byte_file_changes_its_byte() {
        let out = flip(&[42], 0, 1, true);
        assert_eq!((out.ops, out.preserve_header), (1, 0));
        assert_ne!(out.data, [42]);
    }
}
