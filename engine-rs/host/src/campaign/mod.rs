//! Campaigns (docs/campaigns.md is the specification), written once for both command lines: what a
//! run came to (`outcome`: outcomes, signatures, crash ids), the records (`record`: runs.jsonl's
//! lines, JSON as `JSON.stringify` writes it), the campaign described (`spec`: the canonical
//! command, the slice, campaign.json's options and inputs with their baselines), its state while it
//! runs (`ledger`), the crash entries and summary.md (`crashes`), DIR's files (`dir`) and the merge
//! of shards (`merge`, the whole command).
//! The native CLI calls this directly; the npm CLI through the host module (engine-rs/host-wasm).
//! Neither shell decides anything here: they read inputs, run the program, and write what this says.

pub mod crashes;
pub mod dir;
pub mod drive;
pub mod ledger;
pub mod merge;
pub mod outcome;
pub mod plan;
pub mod progress;
pub mod record;
pub mod spec;

pub use ledger::{changes, Differs, Keep, Ledger, Recorded};
pub use outcome::{Outcome, Rules, Status};
pub use spec::{Campaign, InputRecord};
