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

/// An object's fields.
type Fields = [(&'static str, Value)];

/// A list of objects' fields.
fn objects(v: Option<&Value>) -> Vec<&Fields> {
    match v {
        Some(Value::List(l)) => l
            .iter()
            .map(|o| match o {
                Value::Object(f) => f.as_slice(),
                _ => panic!("not an object"),
            })
            .collect(),
        _ => panic!("not a list"),
    }
}

fn field<'a>(o: &'a Fields, key: &str) -> &'a Value {
    &o.iter().find(|(k, _)| *k == key).unwrap_or_else(|| panic!("no {key}")).1
}

/// A member run through the whole job: its output and report.
fn job(input: &[u8], name: &str, glob: &str) -> (Vec<u8>, crate::report::Report) {
    let options = Options { member: Some(glob.into()), ..Options::default() };
    corrupt_with(input, name, "byte_flip", 80, 7, &options).unwrap()
}

/// The report's hits and each `member.members` entry (section 6.11.4).
fn hits_and_members(r: &crate::report::Report) -> (Vec<&Fields>, Vec<&Fields>) {
    let Some(Value::Object(m)) = r.get("member") else { panic!("no member object") };
    (objects(r.get("hits")), objects(Some(field(m, "members"))))
}

#[test]
fn a_deflated_member_run_has_a_hit_with_the_members_own_expectation() {
    let xml = b"<?xml version=\"1.0\"?><w:document><w:body><w:p>hello member</w:p></w:body></w:document>";
    // A deflate stream of one stored block (BFINAL, BTYPE 00): method 8, shorter than what comes back.
    let mut deflated = vec![1u8];
    deflated.extend_from_slice(&(xml.len() as u16).to_le_bytes());
    deflated.extend_from_slice(&(!(xml.len() as u16)).to_le_bytes());
    deflated.extend_from_slice(xml);
    let types = b"<Types/>";
    let mut docx = zip(&[("[Content_Types].xml", types, 0, 0), ("word/document.xml", &deflated, 8, 0)], own);
    // The CRC-32 and uncompressed size are the XML's, in the local header and the central entry.
    let lho = 30 + 19 + types.len();
    let cd = docx.len() - 22 - (46 + 19) - (46 + 17);
    for at in [lho + 14, cd + 46 + 19 + 16] {
        docx[at..at + 4].copy_from_slice(&crate::checksums::CRC32.checksum(xml).to_le_bytes());
        docx[at + 8..at + 12].copy_from_slice(&(xml.len() as u32).to_le_bytes());
    }
    let (out, r) = job(&docx, "report.docx", "word/*.xml");
    assert_ne!(out.len(), docx.len(), "the member comes back stored, so the archive's length changes");
    let (hits, members) = hits_and_members(&r);
    assert_eq!(members.len(), 1);
    assert_eq!(hits.len(), 1, "one hit, on the member");
    let h = hits[0];
    assert_eq!(field(h, "path"), &Value::Str("zip:member[word/document.xml]/data".into()));
    assert_eq!(field(h, "first"), &Value::Int((lho + 30 + 17) as u64));
    assert_eq!(field(h, "changed_bytes"), field(members[0], "changed_bytes"));
    assert!(matches!(field(h, "changed_bytes"), Value::Int(c) if *c > 0));
    assert_eq!(field(h, "expect"), field(members[0], "expect_overall"));
    assert_eq!(field(h, "expect"), &Value::Str("may_accept".into()), "XML is payload to its own map");
    assert_eq!(field(h, "why"), &Value::Str(crate::structure::why::MEMBER.into()));
    assert_eq!(r.get("expect_overall"), Some(&Value::Str("may_accept".into())));
}

#[test]
fn a_stored_member_keeping_its_length_has_no_reject_from_the_rewritten_crc() {
    let text = b"plain notes, plain notes, plain notes, plain notes, plain notes.";
    let input = zip(&[("a.txt", b"kept as it is", 0, 0), ("notes.txt", text, 0, 0)], own);
    let (out, r) = job(&input, "bundle.zip", "notes.txt");
    assert_eq!(out.len(), input.len(), "a stored member damaged in place keeps the archive's length");
    assert_ne!(out, input);
    let (hits, members) = hits_and_members(&r);
    assert_eq!(hits.len(), 1, "the rewritten CRC-32 is a repair, not a hit");
    assert_eq!(field(hits[0], "path"), &Value::Str("zip:member[notes.txt]/data".into()));
    assert_eq!(field(hits[0], "expect"), field(members[0], "expect_overall"));
    assert_eq!(r.get("expect_overall"), Some(&Value::Str("may_accept".into())));

    // A PNG member's own run rejects (its signature and CRCs no longer hold): so does its hit.
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    for (kind, data) in [(&b"IHDR"[..], &[0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0][..]), (b"IEND", &[])] {
        png.extend_from_slice(&(data.len() as u32).to_be_bytes());
        let body: Vec<u8> = kind.iter().chain(data).copied().collect();
        png.extend_from_slice(&body);
        png.extend_from_slice(&crate::checksums::CRC32.checksum(&body).to_be_bytes());
    }
    let input = zip(&[("img/a.png", &png, 0, 0), ("notes.txt", text, 0, 0)], own);
    let (_, r) = job(&input, "bundle.zip", "img/*");
    let (hits, members) = hits_and_members(&r);
    assert_eq!(field(members[0], "expect_overall"), &Value::Str("reject".into()));
    assert_eq!(hits.len(), 1);
    assert_eq!(field(hits[0], "path"), &Value::Str("zip:member[img/a.png]/data".into()));
    assert_eq!(field(hits[0], "expect"), &Value::Str("reject".into()));
    assert_eq!(r.get("expect_overall"), Some(&Value::Str("reject".into())));

    // No member whose content changed: no hit, `unchanged` (an empty member has nothing to flip).
    let input = zip(&[("empty.txt", b"", 0, 0), ("notes.txt", text, 0, 0)], own);
    let (_, r) = job(&input, "bundle.zip", "empty.txt");
    assert!(hits_and_members(&r).0.is_empty());
    assert_eq!(r.get("expect_overall"), Some(&Value::Str("unchanged".into())));
}
