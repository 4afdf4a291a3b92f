//! The arguments of a run (docs/contract.md, section 2): their checks, and the values that travel
//! together from a caller to the engine.

use crate::error::{EngineError, MAX_SEED};
use crate::modes::Mode;
use crate::options::Options;

/// The arguments' checks, in the order the scan stage makes them; callers run them before reading a
/// large input. Returns the mode.
pub fn check_args(mode: &str, intensity: u32, seed: u64) -> Result<Mode, EngineError> {
    let mode = Mode::parse(mode)?;
    if intensity > 100 {
        return Err(EngineError::Intensity(intensity.to_string()));
    }
    if seed > MAX_SEED {
        return Err(EngineError::Seed(seed.to_string()));
    }
    Ok(mode)
}

/// A run's arguments as a caller gives them: the input's name, the mode's name, the intensity, the
/// seed and the options. Checked by `check_args` and `check_options` when a run starts.
#[derive(Debug, Clone, Copy)]
pub struct Args<'a> {
    pub name: &'a str,
    pub mode: &'a str,
    pub intensity: u32,
    pub seed: u64,
    pub options: &'a Options,
}

/// The checked mode, intensity and seed, as the stages use them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Checked {
    pub mode: Mode,
    pub intensity: u32,
    pub seed: u64,
}

impl Checked {
    pub(crate) fn new(mode: &str, intensity: u32, seed: u64) -> Result<Checked, EngineError> {
        Ok(Checked { mode: check_args(mode, intensity, seed)?, intensity, seed })
    }
}
