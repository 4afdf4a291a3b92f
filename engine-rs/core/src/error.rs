//! Errors are values: every way a caller can get the arguments wrong has a variant and a text.

use std::fmt;

/// The largest seed: 2^53 - 1, a JavaScript safe integer, so seeds survive the trip through the UI.
pub const MAX_SEED: u64 = (1 << 53) - 1;
/// Inputs are at most 2^32 - 1 bytes (the web UI caps files at 200 MiB).
pub const MAX_INPUT: u64 = u32::MAX as u64;

/// Every failure is caused by the caller's arguments; the engine has no other failure.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EngineError {
    /// The mode is not one of the five engine modes.
    UnsupportedMode(String),
    /// The intensity is not an integer in 0..=100.
    Intensity(String),
    /// The seed is not an integer in 0..=2^53-1.
    Seed(String),
    /// The input is longer than 2^32 - 1 bytes.
    TooLarge(u64),
}

impl fmt::Display for EngineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EngineError::UnsupportedMode(m) => write!(f, "Unsupported corruption mode: {m}"),
            EngineError::Intensity(v) => write!(f, "Intensity must be an integer from 0 to 100, got {v}"),
            EngineError::Seed(v) => write!(f, "Seed must be an integer from 0 to {MAX_SEED}, got {v}"),
            EngineError::TooLarge(n) => {
                write!(f, "Input too large: {n} bytes (the engine takes at most {MAX_INPUT} bytes)")
            }
        }
    }
}

impl std::error::Error for EngineError {}
