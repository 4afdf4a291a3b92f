//! `fracture minimize`'s files, for both command lines through each one's `shell::Files`
//! (docs/cli.md, "The minimiser"): ORIGINAL and CORRUPTED looked at, claimed and read, the output
//! claimed (it lands on neither input, nor on a directory), the machine made; at the end the result
//! written through a temporary file with the permissions both inputs grant. The tests in between
//! are each shell's own (processes, job slots, timeouts, signals).

use super::{names, Shrinker};
use crate::output_plan::claim_files;
use crate::shell::Files;
use crate::{display, messages};

/// What stops `fracture minimize`: its exit code and its line on standard error.
pub struct Stop {
    pub code: u8,
    pub line: String,
}

fn usage(message: String) -> Stop {
    Stop { code: 2, line: crate::cli_tables::usage::refusal(Some("minimize"), &message) }
}

/// A failure's line (`fracture: minimize: ...`), exit 1.
pub fn failed(message: &str) -> Stop {
    Stop { code: 1, line: messages::minimize_line(message) }
}

/// The machine, with where its result goes.
pub struct Minimizing {
    pub machine: Shrinker,
    pub output: Output,
}

/// Where the result goes: the output and the permissions both inputs grant.
pub struct Output {
    out: Vec<u8>,
    allowed: u32,
}

/// The files planned and read, the machine made for CORRUPTED against ORIGINAL (`out`: the output,
/// else `{stem}_minimized{.ext}` beside CORRUPTED).
pub fn open(original: &[u8], corrupted: &[u8], out: Option<&[u8]>, files: &mut dyn Files) -> Result<Minimizing, Stop> {
    let out = out.map_or_else(|| names::minimized_path(corrupted), <[u8]>::to_vec);
    let allowed = claim_files(&[original, corrupted], &[&out], files).map_err(usage)?;
    let read = |files: &mut dyn Files, path: &[u8]| {
        files.read_input(path).map_err(|why| failed(&format!("{}: {why}", display::bytes(path))))
    };
    let machine = Shrinker::new(read(files, original)?, read(files, corrupted)?);
    if let Some(refusal) = machine.refused() {
        return Err(failed(&refusal.text()));
    }
    Ok(Minimizing { machine, output: Output { out, allowed } })
}

impl Output {
    /// `machine`'s result written; the line `fracture minimize` prints on standard output.
    pub fn write(&self, machine: &Shrinker, files: &mut dyn Files) -> Result<String, Stop> {
        let shrunk = machine.result().map_err(|r| failed(&r.text()))?;
        let shown = display::bytes(&self.out);
        files
            .write(&self.out, &shrunk.bytes, self.allowed)
            .map_err(|why| failed(&messages::cannot_write(&shown, &why)))?;
        Ok(shrunk.line(&shown))
    }
}

#[cfg(test)]
mod tests {
    use super::open;
    use crate::shell::memory::Memory;

    #[test]
    fn planned_and_read_before_any_test() {
        let mut m = Memory::default();
        m.add("a.bin", b"abcd");
        m.add("b.bin", b"abXd");
        let line = |r: Result<_, super::Stop>| r.err().map(|s| (s.code, s.line));
        assert_eq!(
            line(open(b"a.bin", b"b.bin", Some(b"a.bin"), &mut m)),
            Some((2, "fracture: output a.bin is the input a.bin (see fracture minimize --help)".into()))
        );
        assert_eq!(
            line(open(b"a.bin", b"gone", None, &mut m)),
            Some((1, "fracture: minimize: gone: no such file".into()))
        );
        let opened = open(b"a.bin", b"b.bin", None, &mut m).ok().expect("opened");
        assert_eq!(opened.output.out, b"b_minimized.bin");
        assert_eq!(opened.output.allowed, 0o644);
        assert!(m.writes.is_empty());
    }
}
