//! The output plan's decisions, written once for both command lines (docs/cli.md, "Plan, then
//! write"): each variant's output names, its path under `--out`, and the claims that refuse a run
//! whose output would land on an input, on another output or on a directory. The shells look at the
//! files (device and inode, or the real path of a file not there yet) and hand over a key per file;
//! the decisions are taken here. The native CLI calls this directly, the npm CLI and the SDK through
//! the outputs module (engine-rs/outputs-wasm/src/output_plan.rs).

use std::collections::{HashMap, HashSet};

use crate::messages;
use crate::names::{self, split_ext};
use crate::shell::{Files, Looked};

/// An output's path: DIR as the user typed it, a `/` unless it ends with one, then the name (the
/// rule of Rust's `Path::join` for a relative name): `.` gives `./x`, `out/` and `out` give `out/x`.
pub fn out_path(dir: &[u8], name: &[u8]) -> Vec<u8> {
    let mut path = dir.to_vec();
    if !path.is_empty() && !path.ends_with(b"/") {
        path.push(b'/');
    }
    path.extend_from_slice(name);
    path
}

/// One variant's output names (none where the variant has no such output).
#[derive(Debug, PartialEq, Eq)]
pub struct VariantNames {
    pub out: Option<Vec<u8>>,
    pub report: Option<Vec<u8>>,
    pub pdf: Option<Vec<u8>>,
}

/// What a run asks for beside each corrupted file.
#[derive(Clone, Copy)]
pub struct Asked {
    /// The corrupted file goes to a file (not standard output).
    pub file: bool,
    pub report: bool,
    pub pdf: bool,
}

/// Hands out a run's output names, each kind made unique within the run (`x (2).pdf`).
#[derive(Default)]
pub struct OutputNames {
    out: Dedup,
    report: Dedup,
    pdf: Dedup,
}

impl OutputNames {
    /// The names of a variant of the input `name`: `seed` is given when the run makes several
    /// variants of each file (`--count` above 1), whose names carry it.
    pub fn variant(&mut self, name: &[u8], seed: Option<u64>, asked: Asked) -> VariantNames {
        let out = asked.file.then(|| {
            let named = match seed {
                Some(seed) => names::variant_name(name, seed),
                None => names::corrupted_name(name),
            };
            self.out.claim(&named)
        });
        let json = match seed {
            Some(seed) => names::variant_report_name(name, seed),
            None => names::report_name(name),
        };
        let pdf = asked.pdf.then(|| self.pdf.claim(&names::pdf_name(&json)));
        let report = asked.report.then(|| self.report.claim(&json));
        VariantNames { out, report, pdf }
    }
}

/// The inputs and outputs of a plan so far, by key (a file's device and inode, or the real path a
/// file not there yet will have), each with its display form; each output claimed is checked.
#[derive(Default)]
pub struct Claims {
    inputs: Vec<(Vec<u8>, String)>,
    outputs: HashMap<Vec<u8>, String>,
}

impl Claims {
    pub fn input(&mut self, key: &[u8], shown: &str) {
        self.inputs.push((key.to_vec(), shown.to_string()));
    }

    /// An output at `key`; `kind` says what it is when it exists and is not a regular file (`a
    /// directory`, `a FIFO`, ...). The refusal's text when it is that, an input, or an earlier output.
    pub fn output(&mut self, key: &[u8], kind: Option<&str>, shown: &str) -> Result<(), String> {
        match kind {
            Some("a directory") => return Err(messages::output_is_directory(shown)),
            Some(what) => return Err(messages::output_not_regular(shown, what)),
            None => {}
        }
        if let Some((_, input)) = self.inputs.iter().find(|(k, _)| k == key) {
            return Err(messages::output_is_input(shown, input));
        }
        if let Some(other) = self.outputs.get(key) {
            return Err(messages::outputs_same_file(other, shown));
        }
        self.outputs.insert(key.to_vec(), shown.to_string());
        Ok(())
    }
}

/// A command's own files planned (docs/cli.md, "Plan, then write"; `minimize`, `diagnose`), looked at
/// through the shell's `files`: each input a regular file or missing (it fails when read, in its
/// own words), each output neither an input, nor an earlier output, nor a directory. The permission
/// bits every input that is there grants; the refusal's text otherwise.
pub fn claim_files(inputs: &[&[u8]], outputs: &[&[u8]], files: &mut dyn Files) -> Result<u32, String> {
    let (mut claims, mut allowed) = (Claims::default(), 0o777);
    for input in inputs {
        let shown = crate::display::bytes(input);
        match files.look(input) {
            Looked::Special(what) => return Err(messages::not_regular(&shown, &what)),
            Looked::Regular(id) => {
                claims.input(&id.key(), &shown);
                allowed &= id.mode;
            }
            Looked::Missing => {}
        }
    }
    for out in outputs {
        let (key, kind) = files.identify(out);
        claims.output(&key, kind.as_deref(), &crate::display::bytes(out))?;
    }
    Ok(allowed)
}

/// Hands out each name once per run, case-insensitively: `x.pdf`, `x (2).pdf`, `x (3).pdf`, ...
#[derive(Default)]
pub struct Dedup {
    taken: HashSet<Vec<u8>>,
}

/// The name compared case-insensitively (Unicode lower case; ASCII only in a name that is not UTF-8).
fn key(name: &[u8]) -> Vec<u8> {
    match std::str::from_utf8(name) {
        Ok(s) => s.to_lowercase().into_bytes(),
        Err(_) => name.to_ascii_lowercase(),
    }
}

impl Dedup {
    pub fn claim(&mut self, name: &[u8]) -> Vec<u8> {
        let (stem, ext) = split_ext(name);
        let mut candidate = name.to_vec();
        let mut k = 2;
        while !self.taken.insert(key(&candidate)) {
            let mut next = stem.to_vec();
            next.extend_from_slice(format!(" ({k})").as_bytes());
            next.extend_from_slice(ext);
            candidate = next;
            k += 1;
        }
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_join_as_typed() {
        assert_eq!(out_path(b".", b"x"), b"./x");
        assert_eq!(out_path(b"out/", b"x"), b"out/x");
        assert_eq!(out_path(b"out", b"x"), b"out/x");
        assert_eq!(out_path(b"./o//", b"x"), b"./o//x");
        assert_eq!(out_path(b"", b"x"), b"x");
        let std = std::path::Path::new("./o//").join("x");
        assert_eq!(std.as_os_str().as_encoded_bytes(), b"./o//x");
    }

    #[test]
    fn variants_are_named_once_per_kind() {
        let mut n = OutputNames::default();
        let all = Asked { file: true, report: true, pdf: true };
        let v = n.variant(b"data.bin", None, all);
        assert_eq!(v.out.as_deref(), Some(&b"data_corrupted.bin"[..]));
        let again = n.variant(b"DATA.BIN", None, all);
        assert_eq!(again.out.as_deref(), Some(&b"DATA_corrupted (2).BIN"[..]));
        assert_eq!(again.report.as_deref(), Some(&b"DATA.BIN_corruption_report (2).json"[..]));
        assert_eq!(again.pdf.as_deref(), Some(&b"DATA.BIN_corruption_report (2).pdf"[..]));
        let stdin = n.variant(b"stdin", Some(7), Asked { file: false, report: true, pdf: false });
        assert_eq!(
            stdin,
            VariantNames { out: None, report: Some(b"stdin_7_corruption_report.json".to_vec()), pdf: None }
        );
    }

    #[test]
    fn claims_refuse_in_order() {
        let mut c = Claims::default();
        c.input(b"1:2", "in.txt");
        assert_eq!(c.output(b"9:9", Some("a directory"), "out").unwrap_err(), messages::output_is_directory("out"));
        assert_eq!(c.output(b"9:9", Some("a FIFO"), "p").unwrap_err(), messages::output_not_regular("p", "a FIFO"));
        assert_eq!(c.output(b"1:2", None, "link").unwrap_err(), messages::output_is_input("link", "in.txt"));
        c.output(b"path:/o/x", None, "o/x").unwrap();
        assert_eq!(c.output(b"path:/o/x", None, "./o/x").unwrap_err(), messages::outputs_same_file("o/x", "./o/x"));
    }

    #[test]
    fn dedup_claims_each_name_once_case_insensitively() {
        let mut d = Dedup::default();
        assert_eq!(d.claim(b"x.pdf"), b"x.pdf");
        assert_eq!(d.claim(b"X.PDF"), b"X (2).PDF");
        assert_eq!(d.claim(b"x.pdf"), b"x (3).pdf");
        // Names that are not UTF-8 keep their bytes and fold their ASCII only.
        let raw = b"caf\xe9.txt";
        assert_eq!(d.claim(raw), b"caf\xe9.txt");
        assert_eq!(d.claim(b"CAF\xe9.TXT"), b"CAF\xe9 (2).TXT");
    }
}
