//! The streamed run's report, once the output is written.

use super::layout::{Layout, Run};
use crate::describe::{describe, describe_truncate, Executed, Outcome};
use crate::entropy::entropy_of_counts;
use crate::job::Job;
use crate::report::Report;

/// The report once the output is written: the mode's fields (bad_sectors' zeroed bytes and
/// seven_bit's units counted as the pieces went by) and both sides' SHA-256 and byte counts.
pub(crate) fn finish(
    job: Job,
    run: &Run,
    done: &Outcome,
    input: (String, [u64; 256]),
    output: (String, [u64; 256]),
    time_ms: f64,
    ops_ms: f64,
) -> Report {
    let n = job.n;
    let described: Executed = match (&run.plan, &run.layout) {
        (Some(plan), _) => describe(plan, n, done),
        (None, Layout::Spliced { start, removed, inserted }) => describe_truncate(n, *removed, *start, *inserted),
        (None, _) => unreachable!("only truncate_insert has no plan"),
    };
    measured_report(job, described, run.out_len, input, output, time_ms, ops_ms)
}

/// The report from the mode's fields and both sides' SHA-256 and byte counts.
pub(crate) fn measured_report(
    mut job: Job,
    described: Executed,
    out_len: u64,
    input: (String, [u64; 256]),
    output: (String, [u64; 256]),
    time_ms: f64,
    ops_ms: f64,
) -> Report {
    job.before_entropy = entropy_of_counts(&input.1, job.n);
    job.sha_before = input.0;
    job.set(described);
    job.report_of(out_len, entropy_of_counts(&output.1, out_len), output.0, time_ms, ops_ms)
}

/// How a streamed run ends: with its report, or (unmeasured) with the output's length.
pub(crate) enum Finished {
    Report(Report),
    Written(u64),
}
