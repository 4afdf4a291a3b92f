//! The program on one variant, in one job slot of the private directory (docs/campaigns.md,
//! section 2): the variant written to `SLOT/NAME`, `{}` in ARGS replaced by that path, or the file on
//! standard input when no ARG has `{}`.

use std::ffi::{OsStr, OsString};
use std::io::Write;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::OpenOptionsExt;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use super::exec::{self, Exit};
use fracture_host::messages;

pub struct Runner {
    pub program: OsString,
    pub args: Vec<OsString>,
    /// Some ARG holds `{}`.
    pub braces: bool,
    pub timeout: Duration,
    /// One directory per job slot.
    pub slots: Vec<PathBuf>,
}

/// Every `{}` of `arg` replaced by `path`.
pub fn substitute(arg: &OsStr, path: &Path) -> OsString {
    let (a, p) = (arg.as_bytes(), path.as_os_str().as_bytes());
    let mut out = Vec::with_capacity(a.len() + p.len());
    let mut i = 0;
    while i < a.len() {
        if a[i..].starts_with(b"{}") {
            out.extend_from_slice(p);
            i += 2;
        } else {
            out.push(a[i]);
            i += 1;
        }
    }
    OsString::from_vec(out)
}

pub fn has_braces(args: &[OsString]) -> bool {
    args.iter().any(|a| a.as_bytes().windows(2).any(|w| w == b"{}"))
}

impl Runner {
    /// Runs the program on `bytes`, written to slot `slot` as `name`. Err: the program could not be
    /// started, or the slot written (the campaign stops).
    pub fn run(&self, slot: usize, name: &str, bytes: &[u8]) -> Result<Exit, String> {
        let path = self.slots[slot].join(name);
        let _ = std::fs::remove_file(&path);
        std::fs::File::options()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&path)
            .and_then(|mut f| f.write_all(bytes))
            .map_err(|e| super::cannot(messages::cannot_write, &path, &e))?;
        let stdin = if self.braces {
            Stdio::null()
        } else {
            let f = std::fs::File::open(&path).map_err(|e| super::cannot(messages::cannot_read, &path, &e))?;
            Stdio::from(f)
        };
        let args: Vec<OsString> = self.args.iter().map(|a| substitute(a, &path)).collect();
        exec::run(&self.program, &args, &[], stdin, self.timeout, &|_| {})
            .map_err(|e| messages::cannot_start(&self.program.to_string_lossy(), &crate::process::io_text(&e)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn braces_are_replaced_everywhere_in_an_arg() {
        assert_eq!(
            substitute(OsStr::new("--in={}:{}"), Path::new("/t/a.png")),
            OsString::from("--in=/t/a.png:/t/a.png")
        );
        assert!(has_braces(&[OsString::from("x"), OsString::from("a{}b")]));
        assert!(!has_braces(&[OsString::from("{ }")]));
    }
}
