//! What one mutation is: the mode, intensity and seed drawn from the mutator's sequence, and the
//! engine's run with them (safe code; the C ABI is in `lib.rs`).

use fracture_engine::rng::Sequence;
use fracture_engine::{checksums, detect, extension_of, EngineError, Job, Mode, Options, MAX_SEED};

/// Below this many bytes (two whole 4096-byte blocks) shuffle_blocks moves nothing and bad_sectors
/// zeroes the one sector there is, whatever the seed: neither is drawn for such an input.
pub const MIN_BLOCK_MODES: usize = 2 * 4096;

/// One mutation: what was drawn, so a caller can name it (`afl_custom_describe`) and replay it with
/// `fracture --mode M --intensity I --seed S [--fix-checksums]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Drawn {
    pub mode: Mode,
    pub intensity: u32,
    pub seed: u64,
    pub fix_checksums: bool,
}

impl Drawn {
    /// `fracture-{mode}-i{intensity}-s{seed}`, with `-fix` when checksums were fixed: a file name part.
    pub fn describe(&self) -> String {
        let fix = if self.fix_checksums { "-fix" } else { "" };
        format!("fracture-{}-i{}-s{}{fix}", self.mode.name(), self.intensity, self.seed)
    }
}

/// The configuration read once at init: the modes that may be drawn and the name inputs go by.
#[derive(Debug, Clone)]
pub struct Config {
    pub modes: Vec<Mode>,
    pub name: String,
}

impl Default for Config {
    fn default() -> Config {
        Config { modes: Mode::ALL.to_vec(), name: "input".to_string() }
    }
}

impl Config {
    /// From `FRACTURE_MUTATOR_MODES` (comma-separated engine modes or UI values; default every mode)
    /// and `FRACTURE_MUTATOR_NAME` (the name inputs go by for format detection; default `input`).
    pub fn from_env() -> Result<Config, String> {
        let mut config = Config::default();
        if let Ok(list) = std::env::var("FRACTURE_MUTATOR_MODES") {
            config.modes = parse_modes(&list)?;
        }
        if let Ok(name) = std::env::var("FRACTURE_MUTATOR_NAME") {
            if !name.is_empty() {
                config.name = name;
            }
        }
        Ok(config)
    }
}

/// `a,b,c` into modes, in the list's order, without repeats.
pub fn parse_modes(list: &str) -> Result<Vec<Mode>, String> {
    let mut modes = Vec::new();
    for part in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        let mode = fracture_host::mode_from_name(part).map_err(|e| format!("FRACTURE_MUTATOR_MODES: {e}"))?;
        if !modes.contains(&mode) {
            modes.push(mode);
        }
    }
    if modes.is_empty() {
        return Err("FRACTURE_MUTATOR_MODES names no mode".to_string());
    }
    Ok(modes)
}

/// The modes a draw chooses from for `input`: the configured ones, less those that would give the same
/// bytes whatever the seed (see `MIN_BLOCK_MODES`), and, when the input's family has checksums that
/// `--fix-checksums` keeps valid, only the modes that fix them. If nothing is left, byte_flip.
pub fn eligible(config: &Config, input: &[u8]) -> (Vec<Mode>, bool) {
    let family = detect(input, &extension_of(&config.name));
    let covered = !checksums::kinds(family).is_empty();
    let modes: Vec<Mode> = config
        .modes
        .iter()
        .copied()
        .filter(|m| !covered || m.takes_fix_checksums())
        .filter(|m| input.len() >= MIN_BLOCK_MODES || !matches!(m, Mode::ShuffleBlocks | Mode::BadSectors))
        .collect();
    if modes.is_empty() {
        (vec![Mode::ByteFlip], covered)
    } else {
        (modes, covered)
    }
}

/// Draws one mutation for `input` from `draws`: the mode (uniform over the eligible ones), the
/// intensity (the product of two uniform draws from 0 to 100, divided by 100: small changes are
/// likelier, as a fuzzer wants) and the engine seed (uniform from 0 to the engine's MAX_SEED). Always
/// four draws (more only on the rare rejections of `below`), whatever the input.
pub fn draw(draws: &mut Sequence, config: &Config, input: &[u8]) -> Drawn {
    let (modes, covered) = eligible(config, input);
    let mode = modes[draws.below(modes.len() as u32) as usize];
    let intensity = draws.below(101) * draws.below(101) / 100;
    let seed = draws.below_wide(MAX_SEED + 1);
    Drawn { mode, intensity, seed, fix_checksums: covered && mode.takes_fix_checksums() }
}

/// The engine's output for `input` under `drawn`, as `fracture --mode .. --intensity .. --seed ..
/// [--fix-checksums]` writes it.
pub fn run(input: &[u8], name: &str, drawn: &Drawn) -> Result<Vec<u8>, EngineError> {
    let options = Options { fix_checksums: drawn.fix_checksums, ..Options::default() };
    let mut job =
        Job::scan(input.to_vec(), name, drawn.mode.name(), drawn.intensity, drawn.seed)?.with_options(&options)?;
    job.plan();
    job.corrupt();
    job.verify();
    Ok(job.into_output())
}

/// One mutation of `input` into `out`, at most `max_size` bytes: the draw, then the engine; on an
/// engine error (an input over the engine's limit) the input itself. Returns what was drawn.
pub fn mutate(draws: &mut Sequence, config: &Config, input: &[u8], max_size: usize, out: &mut Vec<u8>) -> Drawn {
    let drawn = draw(draws, config, input);
    out.clear();
    if max_size == 0 {
        return drawn;
    }
    match run(input, &config.name, &drawn) {
        Ok(data) => *out = data,
        Err(_) => out.extend_from_slice(&input[..input.len().min(max_size)]),
    }
    out.truncate(max_size);
    drawn
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_draws_and_bytes() {
        let config = Config::default();
        let input: Vec<u8> = (0..3000u32).map(|i| (i * 7 % 251) as u8).collect();
        let (mut a, mut b) = (Sequence::new(9, 0), Sequence::new(9, 0));
        let (mut oa, mut ob) = (Vec::new(), Vec::new());
        for _ in 0..50 {
            assert_eq!(mutate(&mut a, &config, &input, 4096, &mut oa), mutate(&mut b, &config, &input, 4096, &mut ob));
            assert_eq!(oa, ob);
        }
    }

    #[test]
    fn small_inputs_skip_the_block_modes() {
        let config = Config::default();
        let (small, _) = eligible(&config, &[1u8; 100]);
        assert!(!small.contains(&Mode::ShuffleBlocks) && !small.contains(&Mode::BadSectors));
        let (big, _) = eligible(&config, &[1u8; MIN_BLOCK_MODES]);
        assert_eq!(big.len(), Mode::ALL.len());
    }

    #[test]
    fn covered_families_draw_only_fixing_modes() {
        let png = b"\x89PNG\r\n\x1a\n\0\0\0\0IEND\xaeB`\x82";
        let (modes, covered) = eligible(&Config::default(), png);
        assert!(covered);
        assert!(modes.iter().all(|m| m.takes_fix_checksums()), "{modes:?}");
        let config = Config { modes: vec![Mode::TruncateInsert], ..Config::default() };
        assert_eq!(eligible(&config, png).0, vec![Mode::ByteFlip]);
    }

    #[test]
    fn modes_parse_with_ui_values_and_errors() {
        assert_eq!(parse_modes("bit_rot, quick_scramble,bit_rot").unwrap(), vec![Mode::BitRot, Mode::ByteFlip]);
        assert!(parse_modes("nope").unwrap_err().contains("nope"));
        assert!(parse_modes(" , ").is_err());
    }

    #[test]
    fn max_size_bounds_the_output() {
        let config = Config::default();
        let input = vec![7u8; 500];
        let mut s = Sequence::new(1, 0);
        let mut out = Vec::new();
        for max in [0, 1, 2, 499, 500, 10_000] {
            mutate(&mut s, &config, &input, max, &mut out);
            assert!(out.len() <= max, "{} > {max}", out.len());
        }
    }
}
