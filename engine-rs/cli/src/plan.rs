//! Plan, then write (docs/cli.md, "Plan, then write"): every input and every planned output is
//! identified before anything is written, and the run is refused when an output would land on an
//! input, on another output, or on a directory, or when an input is not a regular file. The plan and
//! its claims are fracture_host::plan's (the npm CLI's too); std's files (files.rs) look.

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

pub use fracture_host::plan::{Checksums, Input, Plan, Variant};

use crate::args::Args;

/// A planned path (bytes, as the plan holds it) as a path.
pub fn path(bytes: &[u8]) -> &Path {
    Path::new(OsStr::from_bytes(bytes))
}

/// Plans the run of `a` (fracture_host::plan::make, looking through std's files); the refusal's text
/// when an output would land on an input, on another output or on a directory, or when a FILE is not
/// a regular file.
pub fn make(a: &Args) -> Result<Plan, String> {
    let files: Vec<Vec<u8>> = a.files.iter().map(|f| f.as_os_str().as_bytes().to_vec()).collect();
    let zip = a.zip.as_ref().map(|z| z.as_os_str().as_bytes());
    let out = a.out.as_os_str().as_bytes();
    fracture_host::plan::make(&a.decided, out, true, &files, zip, &mut crate::files::StdFiles::default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::MetadataExt;

    fn run_args(argv: &[&str]) -> Args {
        let argv: Vec<std::ffi::OsString> = argv.iter().map(Into::into).collect();
        match crate::args::parse(&argv) {
            crate::args::Parsed::Run(a) => a,
            _ => panic!("not a run: {argv:?}"),
        }
    }

    #[test]
    fn the_shell_looks_at_every_file_it_plans() {
        let root = tempfile::tempdir().unwrap();
        let input = root.path().join("in.txt");
        std::fs::write(&input, "hello").unwrap();
        let (i, o) = (input.to_str().unwrap(), root.path().join("out"));
        let missing = root.path().join("nope");
        let plan = make(&run_args(&["--out", o.to_str().unwrap(), i, missing.to_str().unwrap()])).unwrap();
        let m = std::fs::metadata(&input).unwrap();
        let id = plan.inputs[0].identity.unwrap();
        assert_eq!((id.size, id.device, id.inode, id.mode), (5, m.dev(), m.ino(), m.mode() & 0o777));
        assert_eq!(plan.inputs[0].variants[0].out.as_deref(), Some(o.join("in_corrupted.txt").as_os_str().as_bytes()));
        assert!(plan.inputs[1].identity.is_none() && plan.inputs[1].variants.is_empty());
        // An output on an input (the ZIP here, by a hard link), and a directory as an input.
        std::fs::hard_link(&input, root.path().join("z.zip")).unwrap();
        let z = root.path().join("z.zip");
        assert!(make(&run_args(&["--zip", z.to_str().unwrap(), i])).err().is_some_and(|e| e.contains("is the input")));
        let dir = make(&run_args(&[root.path().to_str().unwrap()])).unwrap_err();
        assert!(dir.ends_with("is a directory, not a regular file"), "{dir}");
    }
}
