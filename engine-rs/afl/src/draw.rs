//! The engine kind of mutation: the mode, intensity and seed drawn from the mutator's sequence, and the
//! engine's run with them (safe code; the C ABI is in `lib.rs`).

use fracture_engine::rng::Sequence;
use fracture_engine::{checksums, detect, extension_of, EngineError, Job, Mode, Options, MAX_SEED};

/// Below this many bytes (two whole 4096-byte blocks) shuffle_blocks and misdirected_write move
/// nothing and bad_sectors zeroes the one sector there is, whatever the seed: none of them is drawn
/// for such an input.
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
    /// Which kinds of change may be drawn: engine, havoc, chunk (`strategy::Kind`'s order).
    pub kinds: [bool; 3],
}

impl Default for Config {
    fn default() -> Config {
        Config { modes: Mode::ALL.to_vec(), name: "input".to_string(), kinds: [true; 3] }
    }
}

impl Config {
    /// From `FRACTURE_MUTATOR_MODES` (comma-separated engine modes or UI values; default every mode),
    /// `FRACTURE_MUTATOR_NAME` (the name inputs go by for format detection; default `input`) and
    /// `FRACTURE_MUTATOR_KINDS` (comma-separated `engine`, `havoc`, `chunk`; default all three).
    pub fn from_env() -> Result<Config, String> {
        let mut config = Config::default();
        if let Ok(list) = std::env::var("FRACTURE_MUTATOR_MODES") {
            config.modes = parse_modes(&list)?;
        }
        if let Ok(list) = std::env::var("FRACTURE_MUTATOR_KINDS") {
            config.kinds = parse_kinds(&list)?;
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

/// `engine,havoc,chunk` (any of them, any order) into the kinds' switches.
pub fn parse_kinds(list: &str) -> Result<[bool; 3], String> {
    let mut kinds = [false; 3];
    for part in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        match part {
            "engine" => kinds[0] = true,
            "havoc" => kinds[1] = true,
            "chunk" => kinds[2] = true,
            _ => return Err(format!("FRACTURE_MUTATOR_KINDS: unknown kind {part:?} (engine, havoc, chunk)")),
        }
    }
    if kinds == [false; 3] {
        return Err("FRACTURE_MUTATOR_KINDS names no kind".to_string());
    }
    Ok(kinds)
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
        .filter(|m| {
            input.len() >= MIN_BLOCK_MODES
                || !matches!(m, Mode::ShuffleBlocks | Mode::BadSectors | Mode::MisdirectedWrite)
        })
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

/// The engine's output for `input` under `drawn`, into `out`; on an engine error (an input over the
/// engine's limit) the input itself.
pub fn run_into(input: &[u8], name: &str, drawn: &Drawn, out: &mut Vec<u8>) {
    out.clear();
    match run(input, name, drawn) {
        Ok(data) => *out = data,
        Err(_) => out.extend_from_slice(input),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_inputs_skip_the_block_modes() {
        let config = Config::default();
        let (small, _) = eligible(&config, &[1u8; 100]);
        assert!(!small.contains(&Mode::ShuffleBlocks) && !small.contains(&Mode::BadSectors));
        assert!(!small.contains(&Mode::MisdirectedWrite) && small.contains(&Mode::TextTransfer));
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
        assert_eq!(parse_kinds("havoc, engine").unwrap(), [true, true, false]);
        assert!(parse_kinds("bits").unwrap_err().contains("bits"));
        assert!(parse_kinds(",").is_err());
    }
}
