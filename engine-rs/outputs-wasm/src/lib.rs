//! What every run of the npm CLI and the SDK asks of fracture-host, in WebAssembly: what the
//! arguments decide (`args`), output names and the plan's claims (`output_plan`), the batch ZIP and its session report (`zip`), `fracture bench`'s result (`bench`), and the PDF
//! reports and hit lines (`report`; the site loads this module for its PDFs), as the native CLI
//! takes them. A module of its own, apart from the campaigns' (engine-rs/host-wasm): that one
//! links the `regex` crate and its Unicode tables, about three times this module's code, which a
//! plain `fracture FILE` would otherwise compile at every start (docs/performance.md, "The host
//! modules' start-up").

// What the arguments decide (fracture_host::args).
mod args;
// `fracture bench`'s JSON, table and comparison (fracture_host::bench).
mod bench;
// Output names and the output plan (bytes in, bytes out).
pub mod output_plan;
// The PDF reports and the hit lines (fracture-host's report).
mod report;
// The batch ZIP and its session report (fracture-host's batch, session and zip).
mod zip;
