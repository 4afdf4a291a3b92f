//! Selectors on a streamed input (docs/contract.md, section 14.4): the structure map is built by
//! positional reads of the source, through the checksum walks' read-ahead windows, before the pass.

use std::io;

use super::error::StreamError;
use super::source::Source;
use crate::checksums::area::Cached;
use crate::checksums::Positional;
use crate::job::Job;

/// A source read by position (never written).
struct ReadOnly<'a>(&'a dyn Source);

impl Positional for ReadOnly<'_> {
    fn size(&self) -> u64 {
        self.0.size()
    }

    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()> {
        self.0.read_at(pos, buf)
    }

    fn write_at(&mut self, _: u64, _: &[u8]) -> io::Result<()> {
        Err(io::Error::other("the input is not written"))
    }
}

/// Resolves a streamed job's selectors against the map of `src` (nothing to do without any).
pub(crate) fn select_in(job: &mut Job, src: &dyn Source) -> Result<(), StreamError> {
    if !job.ranges.has_selectors() {
        return Ok(());
    }
    let mut area = Cached::new(ReadOnly(src));
    let r = job.select_in(&mut area);
    if let Some(e) = area.error.take() {
        return Err(e.into());
    }
    Ok(r?)
}
