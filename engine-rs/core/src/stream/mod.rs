//! Streaming (native builds): a file of any size through the stages in bounded memory, with the same
//! output bytes and report as `corrupt_with` on the whole buffer.
//!
//! Every mode but guaranteed_break (below) decides its output from the length, the first 64 KiB
//! and positions alone (docs/contract.md, section 4): the flips, bit_rot and bad_sectors key each 64 KiB
//! chunk's draws by its position, truncate_insert and interrupted_transfer splice or cut at planned
//! offsets, and shuffle_blocks reads its moved blocks with positioned reads. So the output is made
//! piece by piece. Three threads overlap the work: one reads (and hashes and counts the input), one
//! corrupts (on both cores), one hashes and counts the output and writes it. byte_flip's verify
//! verdict reads the output's first 1,024 bytes, which come from the first chunk, and for csv, tsv
//! and json its byte counts, which a first pass without writing measures.
//!
//! guaranteed_break streams too (`breaking.rs`): its recipes' steps are positional or in-order scans
//! that hold back a few bytes between pieces. Checksum fixing streams into a file it then patches in
//! place (`fix.rs`).
//!
//! The submodules, each for one concern, from the bottom up (each uses only those above it):
//! `source` (reading the input by position), `error`, `measure` (SHA-256, byte counts, timings),
//! `layout` (how output bytes come from input bytes, and the edit on each piece), `verdict`
//! (byte_flip's verify verdict, decided before writing), `report` (the report once written),
//! `pipeline` (the three threads), `breaking` (guaranteed_break), `run` (`corrupt_stream`, driven
//! here), `fix` (`corrupt_fixed`), `driven` (`Streaming`, driven by its caller) and `held`
//! (`corrupt_held`: `Streaming` driven on one thread over bytes in memory, the benchmark's run).

mod breaking;
mod driven;
mod error;
mod fix;
mod held;
mod layout;
mod measure;
mod pipeline;
mod report;
mod run;
mod source;
mod transcoding;
mod verdict;

pub use driven::Streaming;
pub use error::StreamError;
pub use fix::{corrupt_fixed, FileAt};
pub use held::corrupt_held;
pub use layout::Segment;
pub use run::{check, check_input, corrupt_stream, write_stream, PIECE};
pub use source::{Bytes, FileSource, Source};

#[cfg(test)]
mod tests;
