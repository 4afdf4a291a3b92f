//! Replays the fuzz target's committed seed corpus (engine-rs/fuzz/corpus, written by
//! engine-rs/fuzz/make_corpus.py) through the fuzz harness's checks, without the fuzzer: every file
//! is a case (mode, intensity, seed, name, ranges, fix_checksums, input) that must keep every promise
//! `fuzz_harness::check` asserts. FRACTURE_FUZZ_CORPUS names another directory to replay (for
//! example the one `make fuzz` grows, or a crash file's directory).

mod fuzz_harness;

use std::path::PathBuf;

#[test]
fn the_seed_corpus_keeps_every_promise() {
    let dir = std::env::var_os("FRACTURE_FUZZ_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut failures = Vec::new();
    let mut modes = std::collections::BTreeSet::new();
    let mut families = std::collections::BTreeSet::new();
    let (mut ranged, mut fixed, mut refused) = (0, 0, 0);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let case = fuzz_harness::decode(&bytes);
        modes.insert(case.mode.clone());
        families.insert(fracture_engine::detect(&case.data, &fracture_engine::extension_of(&case.name)).id());
        ranged += usize::from(!case.only.is_empty() || !case.protect.is_empty());
        fixed += usize::from(case.fix_checksums);
        refused += usize::from(fuzz_harness::expected_error(&case).is_some());
        if let Err(e) = std::panic::catch_unwind(|| fuzz_harness::check(&case)) {
            let msg = e
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| e.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            failures.push(format!("{}: {msg}", path.display()));
        }
    }
    assert!(failures.is_empty(), "{} of {} cases failed:\n{}", failures.len(), files.len(), failures.join("\n"));
    if std::env::var_os("FRACTURE_FUZZ_CORPUS").is_none() {
        // The committed corpus covers every mode, every format family, the options and the refusals.
        assert_eq!(modes.len(), 9, "{modes:?}");
        assert_eq!(families.len(), fracture_engine::Family::ALL.len(), "{families:?}");
        assert!(files.len() >= 300 && ranged >= 100 && fixed >= 100 && refused >= 10, "{ranged} {fixed} {refused}");
    }
}
