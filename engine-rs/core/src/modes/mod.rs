//! The engine modes; `Mode` and its names are generated from engine-data/formats.toml.

pub mod charset;
mod charsets;
pub mod flip;
pub mod fraction;
pub mod interrupted;
pub mod misdirect;
pub mod sectors;
pub mod seven;
pub mod shuffle;
mod tables;
pub mod transcode;
pub mod transfer;
pub mod truncate;

pub use tables::{Mode, BIT_ROT_ONE_IN};

use crate::error::EngineError;

impl Mode {
    /// An engine mode name; anything else is `Unsupported corruption mode: {mode}`.
    pub fn parse(s: &str) -> Result<Mode, EngineError> {
        Mode::ALL.into_iter().find(|m| m.name() == s).ok_or_else(|| EngineError::UnsupportedMode(s.to_string()))
    }
}

/// `bytes` copied into `out` (cleared first): the output of a mode that starts from a copy of its
/// input, in memory the caller may have kept from an earlier run (`Job::set_spare`).
pub fn copy_into(mut out: Vec<u8>, bytes: &[u8]) -> Vec<u8> {
    out.clear();
    out.extend_from_slice(bytes);
    out
}
