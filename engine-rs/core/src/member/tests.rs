//! The member run's refusals on crafted archives (docs/contract.md, section 6.11), and its cost on
//! hostile globs; the bytes of good archives are locked by the golden vectors and the CLIs' tests.

use super::run;
use crate::error::EngineError;
use crate::job::corrupt_with;
use crate::modes::Mode;
use crate::options::Options;
use crate::report::Value;

/// A ZIP of stored entries `(name, data, method, flags)`, each central entry pointing at `lho_of(i)`
/// (its own local header by default).
fn zip(entries: &[(&str, &[u8], u16, u16)], lho_of: impl Fn(usize, &[u32]) -> u32) -> Vec<u8> {
    let (mut out, mut offsets) = (Vec::new(), Vec::new());
    for (name, data, method, flags) in entries {
        offsets.push(out.len() as u32);
        out.extend_from_slice(b"PK\x03\x04");
        out.extend_from_slice(&[20, 0]);
        out.extend_from_slice(&flags.to_le_bytes());
        out.extend_from_slice(&method.to_le_bytes());
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&crate::checksums::CRC32.checksum(data).to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&[0, 0]);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(data);
    }
    let cd = out.len() as u32;
    for (i, (name, data, method, flags)) in entries.iter().enumerate() {
        out.extend_from_slice(b"PK\x01\x02");
        out.extend_from_slice(&[20, 0, 20, 0]);
        out.extend_from_slice(&flags.to_le_bytes());
        out.extend_from_slice(&method.to_le_bytes());
        out.extend_from_slice(&[0; 4]);
        out.extend_from_slice(&crate::checksums::CRC32.checksum(data).to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(name.len() as u16).to_le_bytes());
        out.extend_from_slice(&[0; 12]);
        out.extend_from_slice(&lho_of(i, &offsets).to_le_bytes());
        out.extend_from_slice(name.as_bytes());
    }
    let size = out.len() as u32 - cd;
    let n = entries.len() as u16;
    out.extend_from_slice(b"PK\x05\x06\0\0\0\0");
    for v in [n, n] {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out.extend_from_slice(&size.to_le_bytes());
    out.extend_from_slice(&cd.to_le_bytes());
    out.extend_from_slice(&[0, 0]);
    out
}

fn own(i: usize, offsets: &[u32]) -> u32 {
    offsets[i]
}

fn member(input: &[u8], glob: &str) -> Result<super::Outcome, EngineError> {
    let corrupt = |c: &[u8], name: &str, seed: u64, o: &Options| corrupt_with(c, name, "byte_flip", 80, seed, o);
    run(input, glob, Mode::ByteFlip, 5, &Options::default(), &corrupt)
}

fn text(r: Result<super::Outcome, EngineError>) -> String {
    match r {
        Err(e) => e.to_string(),
        Ok(_) => "ok".into(),
    }
}

#[test]
fn refusals_name_the_member_and_the_reason() {
    let data = b"hello hello hello hello";
    let good = zip(&[("a.txt", data, 0, 0), ("b.txt", data, 0, 0)], own);
    let out = member(&good, "b.*").unwrap();
    assert!(matches!(&out.fields[0], ("member", Value::Object(_))));
    assert_eq!(text(member(&good, "")), "The member glob is empty");
    assert_eq!(text(member(&good, "c")), "No member matches \"c\": the archive's 2 members are a.txt, b.txt");
    let shrunk = zip(&[("x", data, 12, 0)], own);
    assert_eq!(
        text(member(&shrunk, "x")),
        "Member \"x\" is compressed with method 12; only stored (0) and deflated (8) members can be corrupted"
    );
    assert_eq!(text(member(&zip(&[("x", data, 0, 1)], own), "x")), "Member \"x\" is encrypted");
    assert_eq!(
        text(member(&zip(&[("x", data, 8, 0)], own), "x")),
        "Member \"x\" does not inflate to the 23 bytes its header gives"
    );
    // Two central entries naming one local record.
    let shared = zip(&[("a.txt", data, 0, 0), ("b.txt", data, 0, 0)], |_, o| o[0]);
    assert_eq!(text(member(&shared, "a.txt")), "Member \"a.txt\" shares or overlaps another member's local record");
    let mut far = good.clone();
    let cd = far.len() - 22 - 2 * (46 + 5);
    far[cd + 42..cd + 46].copy_from_slice(&9999u32.to_le_bytes());
    assert_eq!(text(member(&far, "a.txt")), "Member \"a.txt\" has no local header where the central directory says");
    assert!(text(member(b"just text, no archive", "*")).starts_with("Member corruption needs a ZIP or tar archive"));
    let many: Vec<(String, &[u8], u16, u16)> = (0..12).map(|i| (format!("m{i}"), &data[..], 0, 0)).collect();
    let many: Vec<(&str, &[u8], u16, u16)> = many.iter().map(|(n, d, m, f)| (n.as_str(), *d, *m, *f)).collect();
    assert!(text(member(&zip(&many, own), "z")).ends_with("m8, m9, and 2 more"));
}

#[test]
fn hostile_globs_cost_the_product_of_the_lengths() {
    let name = "a".repeat(20_000);
    let glob = format!("{}b", "*".repeat(50));
    let t = std::time::Instant::now();
    assert!(!super::matches(&glob, &name));
    assert!(super::matches(&"*?".repeat(20), &name));
    assert!(t.elapsed().as_secs() < 5, "{:?}", t.elapsed());
}
