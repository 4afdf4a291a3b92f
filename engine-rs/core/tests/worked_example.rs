//! The worked example of docs/contract.md (section 12): bytes 0..255 four times, "sample.bin", seed 1234567890, intensity 80.

use fracture_engine::{corrupt, Value};
use sha2::{Digest, Sha256};

fn hex(b: &[u8]) -> String {
    Sha256::digest(b).iter().map(|x| format!("{x:02x}")).collect()
}

fn sample() -> Vec<u8> {
    (0..=255u8).cycle().take(1024).collect()
}

fn int(r: &fracture_engine::Report, k: &str) -> u64 {
    match r.get(k) {
        Some(Value::Int(v)) => *v,
        other => panic!("{k}: {other:?}"),
    }
}

#[test]
fn byte_flip() {
    let (out, r) = corrupt(&sample(), "sample.bin", "byte_flip", 80, 1234567890).unwrap();
    assert_eq!((int(&r, "ops"), int(&r, "preserve_header")), (419, 5));
    assert_eq!(hex(&out), "33387e438b60a9bb4e9039329728a6651f239640e1a54dd50d3b7f84bc473fe3");
}

#[test]
fn header_preserve_flip() {
    let (out, r) = corrupt(&sample(), "sample.bin", "header_preserve_flip", 80, 1234567890).unwrap();
    assert_eq!((int(&r, "ops"), int(&r, "preserve_header")), (419, 51));
    assert_eq!(hex(&out), "ad9345176ed2ade24beb66d3ef3729dd927ffbcf6b6f0fb5f47d4635997f3d1c");
}

#[test]
fn truncate_insert() {
    let (out, r) = corrupt(&sample(), "sample.bin", "truncate_insert", 80, 1234567890).unwrap();
    assert_eq!((int(&r, "removed"), int(&r, "inserted"), int(&r, "remove_start")), (409, 342, 57));
    assert_eq!(out.len(), 957);
    assert_eq!(hex(&out), "47bd45bd226b5af40cb6d4b0dcec33c7d887e7510fffcde29169876a43707d5a");
}
