//! Which kind of change a call makes, and what it learned from the fuzzer: each call draws one of
//! - `engine`: one of Fracture's modes through the whole engine, as before (`draw::draw`);
//! - `havoc`: AFL-style edits inside the regions the structure map allows, checksums fixed
//!   (`havoc`), far cheaper than an engine run;
//! - `chunk`: for a PNG, a chunk resized, duplicated, dropped, spliced from the fuzzer's other
//!   corpus entry or retyped, CRCs recomputed (`chunks`).
//!
//! The draw is weighted by each kind's base weight and by how often its outputs became new corpus
//! entries (AFL++ tells, `afl_custom_queue_new_entry`): a kind that finds coverage on this target
//! is drawn more. Everything depends only on the init seed and the calls made, so the same calls
//! give the same bytes.

use fracture_engine::formats::Family;
use fracture_engine::rng::Sequence;
use fracture_engine::{detect, extension_of, Mode, MAX_SEED};

use crate::chunks::{self, ChunkOp};
use crate::draw::{self, Config, Drawn};
use crate::havoc::{self, Layout};

/// The kinds of change, in the order of `BASE`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Engine,
    Havoc,
    Chunk,
}

const KINDS: [Kind; 3] = [Kind::Engine, Kind::Havoc, Kind::Chunk];

/// The kinds' weights before any feedback: havoc is cheap and general, the engine's modes costly.
const BASE: [u64; 3] = [1, 3, 2];

/// One call's change, as `afl_custom_describe` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mutation {
    Engine(Drawn),
    /// `edits` havoc edits drawn from sequence 1 of `seed`.
    Havoc {
        edits: u32,
        seed: u64,
        fix: bool,
    },
    /// A chunk change drawn from sequence 1 of `seed`.
    Chunk {
        op: ChunkOp,
        seed: u64,
    },
}

impl Mutation {
    /// `fracture-{mode}-i{intensity}-s{seed}[-fix]` (replayed by the CLI), `fracture-havoc-n{edits}
    /// -s{seed}[-fix]` or `fracture-{chunk_op}-s{seed}-fix`.
    pub fn describe(&self) -> String {
        match self {
            Mutation::Engine(d) => d.describe(),
            Mutation::Havoc { edits, seed, fix } => {
                format!("fracture-havoc-n{edits}-s{seed}{}", if *fix { "-fix" } else { "" })
            }
            Mutation::Chunk { op, seed } => format!("fracture-{}-s{seed}-fix", op.name()),
        }
    }

    pub fn kind(&self) -> Kind {
        match self {
            Mutation::Engine(_) => Kind::Engine,
            Mutation::Havoc { .. } => Kind::Havoc,
            Mutation::Chunk { .. } => Kind::Chunk,
        }
    }
}

/// What a state keeps between calls: the last input's layout (AFL++ mutates one entry many times
/// in a row), the kinds' counts, and a fingerprint of the last output for the fuzzer's feedback.
#[derive(Default)]
pub struct Strategy {
    input: Vec<u8>,
    family: Option<Family>,
    layout: Layout,
    calls: [u64; 3],
    wins: [u64; 3],
    last: Option<(Kind, u64, usize)>,
}

/// FNV-1a: a cheap fingerprint of an output, to know a new corpus entry when AFL++ names it.
pub fn fingerprint(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3))
}

impl Strategy {
    fn prepare(&mut self, config: &Config, input: &[u8]) -> Family {
        if self.family.is_none() || self.input != input {
            let family = detect(input, &extension_of(&config.name));
            self.layout = Layout::of(family, input);
            self.input.clear();
            self.input.extend_from_slice(input);
            self.family = Some(family);
        }
        self.family.unwrap_or(Family::Generic)
    }

    fn weight(&self, i: usize) -> u64 {
        // Successes per call, smoothed so that an untried kind starts at its base weight.
        let rate = (self.wins[i] + 1) * 4096 / (self.calls[i] + 64);
        BASE[i] * rate.max(4)
    }

    fn choose(&self, draws: &mut Sequence, allowed: &[bool; 3]) -> Kind {
        let weights: Vec<u64> = (0..3).map(|i| if allowed[i] { self.weight(i) } else { 0 }).collect();
        let mut at = draws.below_wide(weights.iter().sum::<u64>());
        for (i, w) in weights.iter().enumerate() {
            if at < *w {
                return KINDS[i];
            }
            at -= w;
        }
        Kind::Engine
    }

    /// One change of `input` into `out` (at most `max_size` bytes); `partner` is another corpus
    /// entry (AFL++'s splice partner) or empty.
    pub fn mutate(
        &mut self,
        draws: &mut Sequence,
        config: &Config,
        input: &[u8],
        partner: &[u8],
        max_size: usize,
        out: &mut Vec<u8>,
    ) -> Mutation {
        let family = self.prepare(config, input);
        let k = config.kinds;
        let mut allowed = [k[0], k[1] && !input.is_empty(), k[2] && family == Family::Png && chunks::applies(input)];
        if allowed == [false; 3] {
            allowed[0] = true;
        }
        let kind = self.choose(draws, &allowed);
        let mutation = match kind {
            Kind::Engine => {
                let mut drawn = draw::draw(draws, config, input);
                draw::run_into(input, &config.name, &drawn, out);
                if out.as_slice() == input && drawn.mode != Mode::ByteFlip {
                    // A conversion with nothing to convert (seven_bit or charset_roundtrip on ASCII,
                    // CRLF to LF on a file with none) gives the input back: a wasted execution. The
                    // same intensity and seed under byte_flip instead, still a function of the draws.
                    drawn.mode = Mode::ByteFlip;
                    draw::run_into(input, &config.name, &drawn, out);
                }
                Mutation::Engine(drawn)
            }
            Kind::Havoc => {
                let edits = havoc::stack(draws);
                let seed = draws.below_wide(MAX_SEED + 1);
                let mut own = Sequence::new(seed, 1);
                havoc::mutate(&mut own, family, &self.layout, input, edits, out);
                Mutation::Havoc { edits, seed, fix: !fracture_engine::checksums::kinds(family).is_empty() }
            }
            Kind::Chunk => {
                let seed = draws.below_wide(MAX_SEED + 1);
                let op = chunks::mutate(&mut Sequence::new(seed, 1), input, partner, out);
                Mutation::Chunk { op, seed }
            }
        };
        out.truncate(max_size);
        let i = KINDS.iter().position(|k| *k == kind).unwrap_or(0);
        self.calls[i] += 1;
        self.last = Some((kind, fingerprint(out), out.len()));
        mutation
    }

    /// AFL++ saved `entry` as a new corpus entry: if it is the last output, its kind found coverage.
    pub fn new_entry(&mut self, entry: &[u8]) {
        if let Some((kind, print, len)) = self.last {
            if entry.len() == len && fingerprint(entry) == print {
                let i = KINDS.iter().position(|k| *k == kind).unwrap_or(0);
                self.wins[i] += 1;
                self.last = None;
            }
        }
    }

    /// The last output's length while its feedback is pending.
    pub fn last_len(&self) -> Option<u64> {
        self.last.map(|(_, _, len)| len as u64)
    }

    /// The kinds' calls and wins, for tests and diagnostics.
    pub fn counts(&self) -> ([u64; 3], [u64; 3]) {
        (self.calls, self.wins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png() -> Vec<u8> {
        let mut p = b"\x89PNG\r\n\x1a\n".to_vec();
        for (kind, data) in [(&b"IHDR"[..], &[0u8, 0, 0, 4, 0, 0, 0, 4, 8, 0, 0, 0, 0][..]), (b"IEND", &[])] {
            p.extend_from_slice(&(data.len() as u32).to_be_bytes());
            p.extend_from_slice(kind);
            p.extend_from_slice(data);
            p.extend_from_slice(&[0; 4]);
        }
        chunks::fix_own_layout(&mut p);
        p
    }

    fn run(seed: u64, input: &[u8], calls: usize) -> Vec<(String, Vec<u8>)> {
        let config = Config::default();
        let mut draws = Sequence::new(seed, 0);
        let mut strategy = Strategy::default();
        let mut out = Vec::new();
        (0..calls)
            .map(|_| {
                let m = strategy.mutate(&mut draws, &config, input, &[], 1 << 20, &mut out);
                (m.describe(), out.clone())
            })
            .collect()
    }

    #[test]
    fn same_seed_same_bytes_and_every_kind_drawn() {
        let input = png();
        let a = run(9, &input, 300);
        assert_eq!(a, run(9, &input, 300));
        assert_ne!(a, run(10, &input, 300));
        for kind in ["-havoc-", "-chunk_", "-fix"] {
            assert!(a.iter().any(|(d, _)| d.contains(kind)), "{kind} never drawn");
        }
        // Engine draws happen and are named as the CLI replays them.
        assert!(a.iter().any(|(d, _)| d.contains("-i") && !d.contains("-havoc-") && !d.contains("-chunk_")));
    }

    #[test]
    fn feedback_shifts_the_draw_toward_the_kind_that_found_entries() {
        let input = png();
        let config = Config::default();
        let mut draws = Sequence::new(4, 0);
        let mut strategy = Strategy::default();
        let mut out = Vec::new();
        for _ in 0..600 {
            let m = strategy.mutate(&mut draws, &config, &input, &[], 1 << 20, &mut out);
            if m.kind() == Kind::Chunk {
                strategy.new_entry(&out.clone());
            }
        }
        let (calls, wins) = strategy.counts();
        assert!(wins[2] > 0 && wins[0] == 0 && wins[1] == 0, "{wins:?}");
        // Chunk changes started at a third of the draws (base 2 of 6) and now take most.
        assert!(calls[2] > calls[0] + calls[1], "{calls:?}");
    }

    #[test]
    fn max_size_bounds_the_output_and_kinds_limit_the_draw() {
        let input = vec![7u8; 500];
        let mut draws = Sequence::new(1, 0);
        let mut strategy = Strategy::default();
        let mut out = Vec::new();
        for max in [0, 1, 2, 499, 500, 10_000] {
            strategy.mutate(&mut draws, &Config::default(), &input, &[], max, &mut out);
            assert!(out.len() <= max, "{} > {max}", out.len());
        }
        let config = Config { kinds: [false, true, false], ..Config::default() };
        for _ in 0..50 {
            let m = strategy.mutate(&mut draws, &config, &input, &[], 1000, &mut out);
            assert_eq!(m.kind(), Kind::Havoc);
        }
    }
}
