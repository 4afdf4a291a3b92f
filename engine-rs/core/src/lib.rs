//! Fracture's corruption engine: deterministic, format-aware damage to a file's bytes.
//!
//! The same input, name, mode, intensity and seed give the same output bytes and report, natively, in
//! WebAssembly and in the TypeScript reference engine: docs/contract.md is the contract, and
//! docs/engine.md says how this crate implements it.
//!
//! ```
//! let input: Vec<u8> = (0..=255u8).cycle().take(1024).collect();
//! let (data, report) = fracture_engine::corrupt(&input, "sample.bin", "byte_flip", 80, 1234567890).unwrap();
//! assert_eq!(data.len(), 1024);
//! assert_eq!(report.get("ops"), Some(&fracture_engine::Value::Int(419)));
//! ```
//!
//! # Where things are
//!
//! The modules form layers: each uses only modules in the layers before it (docs/engine.md,
//! "Layers"; `scripts/check-rust-layers.mjs` fails on a cycle).
//!
//! 1. Foundations: `error` (the engine's errors and limits), `rng` (the seeded streams), `sha`,
//!    `entropy`, `name` (a name's extension), `region` (sets of byte offsets), `report` (the report's
//!    fields).
//! 2. What a file is and what may be done to it: `formats` (detection), `modes` (each mode's
//!    arithmetic), `options` (byte ranges, checksum fixing), `heuristic` (the verify stage's check),
//!    `checksums` (section 6.10's fix), `recipes` (guaranteed_break's recipes), `structure` (the
//!    structure map of section 14: regions and their roles).
//! 3. The stages on a whole buffer: `args` (the arguments and their checks), `plan`, `describe` (a
//!    plan's report fields and sentence), `execute` (the corrupt stage), `member` (damage inside a ZIP or tar
//!    archive, each member run through the caller's function), `job` (`Job`, the stages in order, and
//!    `corrupt`).
//! 4. `stream`: the same stages on a file of any size, piece by piece.
//! 5. `bench`: the benchmark's inputs, made from a seed (docs/benchmark.md).
#![forbid(unsafe_code)]

mod args;
pub mod bench;
pub mod checksums;
mod describe;
mod entropy;
mod error;
mod execute;
pub mod formats;
mod heuristic;
mod job;
pub mod member;
pub mod modes;
mod name;
pub mod options;
mod plan;
pub mod recipes;
mod region;
mod report;
pub mod rng;
mod sha;
pub mod stream;
pub mod structure;

pub use args::{check_args, Args};
pub use entropy::{byte_counts, entropy, round4};
pub use error::{EngineError, MAX_INPUT, MAX_SEED, MAX_STREAMED};
pub use formats::{detect, Family};
pub use heuristic::looks_corrupted;
pub use job::{corrupt, corrupt_with, Job};
pub use modes::Mode;
pub use name::extension_of;
pub use options::{check_options, check_variant, Options, Ranges, Variant};
pub use report::{json_string, thousands, Report, Value, ENGINE_VERSION, VERDICT};
pub use sha::{Hasher as Sha256Hasher, Progressive as ProgressiveSha256};
