//! The part of a host that is the same in every native one (the `fracture` command and the Python
//! package, `engine-rs/python`): the fields added after the engine's report (`host_fields`), the
//! UI's mode names, which both take as well as engine modes (`ui_modes`, generated from
//! engine-data/formats.toml), what both say about files and outputs (`messages`, generated from
//! engine-data/messages.toml), and the share link (`share_link`, with its options in `link_options`,
//! generated from engine-data/cli.toml); the batch ZIP and its session report for both command lines
//! (`batch`, `zip`, `session`; the npm CLI through engine-rs/outputs-wasm).
#![forbid(unsafe_code)]

pub mod args;
pub mod batch;
pub mod bench;
pub mod campaign;
pub mod cli_shape;
pub mod cli_tables;
pub mod display;
pub mod dry_run;
pub mod entry_names;
pub mod host_fields;
#[cfg(feature = "js")]
pub mod js;
pub mod json;
pub mod link_options;
pub mod messages;
pub mod names;
pub mod output_plan;
pub mod plan;
pub mod report;
pub mod session;
pub mod share_link;
pub mod shell;
pub mod shrink;
pub mod ui_modes;
pub mod zip;

use fracture_engine::{EngineError, Mode};

/// Characters a name never shows raw (what the display form writes as `\xHH` or `\u{HHHH}`, and
/// what the replay command and the batch ZIP's entry names escape or replace): the C0 and C1
/// controls, DEL, the line and paragraph separators, and the bidirectional embeddings, overrides and
/// isolates that can make a name display as another (CVE-2021-42574).
pub fn hidden(c: char) -> bool {
    matches!(c, '\0'..='\u{1F}' | '\u{7F}'..='\u{9F}' | '\u{2028}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// An engine mode name or one of the UI's values (quick_scramble, stealth_corruption, ...).
pub fn mode_from_name(s: &str) -> Result<Mode, EngineError> {
    match ui_modes::UI_VALUES.iter().find(|(value, _)| *value == s) {
        Some(&(_, mode)) => Ok(mode),
        None => Mode::parse(s),
    }
}
