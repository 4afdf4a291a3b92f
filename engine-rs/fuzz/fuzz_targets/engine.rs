//! Every byte string is a case (mode, intensity, seed, name, byte ranges, fix_checksums, input: see
//! `decode`); the harness runs it and panics on any broken promise of docs/contract.md.
#![no_main]

#[path = "../../core/tests/fuzz_harness/mod.rs"]
mod harness;

libfuzzer_sys::fuzz_target!(|bytes: &[u8]| {
    harness::check(&harness::decode(bytes));
});
