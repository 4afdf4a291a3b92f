//! Minimisation of a unique crash (docs/campaigns.md, section 9): fracture_host::shrink's rounds,
//! which `fracture minimize` and the npm CLI's campaigns drive too, on the campaign's job slots
//! (crate::minimize::drive), where a candidate fails when the program gives the crash's signature.

use fracture_host::shrink::{Refusal, Shrinker};

use crate::minimize::{drive, Outcome};

use super::outcome::{classify, Rules};
use super::runner::Runner;

/// What came of minimising a crash.
pub enum Shrunk {
    /// The file and the changes it keeps.
    File(Vec<u8>, usize),
    /// The variant no longer gives its signature.
    Flaky,
    /// The original gives it too (possible with `--no-baseline`).
    OriginalToo,
    /// Ctrl-C.
    Interrupted,
}

/// The 1-minimal file (unless the budget ran out) that differs from `original` in the fewest bytes of
/// `machine`'s variant and still gives `signature`. Err: the program could not be run.
pub fn shrink(
    runner: &Runner,
    rules: &Rules,
    name: &str,
    mut machine: Shrinker,
    signature: &str,
) -> Result<Shrunk, String> {
    let test = |slot: usize, bytes: &[u8], _cancel: &_| {
        let exit = runner.run(slot, name, bytes)?;
        let same = classify(&exit.status, &exit.stderr, rules).signature.as_deref() == Some(signature);
        Ok(Some(if same { Outcome::Fail(String::new()) } else { Outcome::Pass }))
    };
    if !drive(&mut machine, runner.slots.len(), &test, &super::interrupted, &mut |_| {})? {
        return Ok(Shrunk::Interrupted);
    }
    Ok(match machine.result() {
        Ok(s) => Shrunk::File(s.bytes, s.kept),
        Err(Refusal::FailsOnOriginal(_)) => Shrunk::OriginalToo,
        Err(_) => Shrunk::Flaky,
    })
}
