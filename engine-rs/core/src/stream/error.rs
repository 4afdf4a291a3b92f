//! Why a streamed run failed.

use std::io;

use crate::error::EngineError;

/// Why a streamed run failed: the caller's arguments, reading the source, or writing the sink.
#[derive(Debug)]
pub enum StreamError {
    Engine(EngineError),
    Io(io::Error),
    Write(io::Error),
}

impl std::fmt::Display for StreamError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StreamError::Engine(e) => e.fmt(f),
            StreamError::Io(e) | StreamError::Write(e) => e.fmt(f),
        }
    }
}

impl From<EngineError> for StreamError {
    fn from(e: EngineError) -> Self {
        StreamError::Engine(e)
    }
}

impl From<io::Error> for StreamError {
    fn from(e: io::Error) -> Self {
        StreamError::Io(e)
    }
}

pub(crate) fn unsupported() -> io::Error {
    io::Error::new(io::ErrorKind::Unsupported, "checksum fixing streams only into a file (corrupt_fixed)")
}
