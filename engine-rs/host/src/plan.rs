//! The corrupting command's plan (docs/cli.md, "One shape: plan, execute, emit" and "Plan, then
//! write"), made once for both command lines: every input with the route it is read by, every
//! variant with its seed, its outputs' paths and its checksum route, the batch ZIP, and the claims
//! that refuse a run whose output would land on an input, on another output or on a directory.
//!
//! The shells look at the files, since only they can: each FILE once before it is planned
//! ([`Looked`]), then each output the plan names ([`Planner::outputs`]), handing over a key per file
//! (device and inode, or the real path a file not there yet will have). The native CLI calls this
//! directly, the npm CLI through the outputs module (engine-rs/outputs-wasm/src/output_plan.rs).

use crate::args::Corrupting;
use crate::display;
use crate::dry_run::{self, DryRun};
use crate::messages;
use crate::output_plan::{out_path, Asked, Claims, OutputNames};
use crate::shell::{Files, Identity, Looked};

/// How an input goes through the engine.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Route {
    /// Read into memory and run through the stages at once.
    Whole,
    /// Read by position as it is corrupted, in bounded memory.
    Streamed,
}

impl Route {
    pub fn name(self) -> &'static str {
        match self {
            Route::Whole => "whole",
            Route::Streamed => "streamed",
        }
    }
}

/// Where `--fix-checksums` patches the output.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Checksums {
    /// Not asked for.
    Unfixed,
    /// The engine fixes them in the bytes it holds (a whole input).
    InMemory,
    /// Patched in place in the output file, which is read back (a streamed input to a file).
    InOutputFile,
    /// Patched in an unnamed temporary file, then copied (a streamed input to standard output).
    ThroughTemporaryFile,
}

impl Checksums {
    pub fn name(self) -> &'static str {
        match self {
            Checksums::Unfixed => "unfixed",
            Checksums::InMemory => "in memory",
            Checksums::InOutputFile => "in the output file",
            Checksums::ThroughTemporaryFile => "in a temporary file, then copied",
        }
    }
}

/// The route of every input: streamed when the engine can stream (`streams`: the native engine and
/// the WebAssembly one can, the reference engine cannot), except with `--pdf`, whose change map
/// compares the whole original with the whole result, and `--member`, which rebuilds the archive
/// around its members.
pub fn route(d: &Corrupting, streams: bool) -> Route {
    if streams && !d.pdf && d.corruption.options.member.is_none() {
        Route::Streamed
    } else {
        Route::Whole
    }
}

/// The checksum route of a variant: `fix` (--fix-checksums), its input's route, and whether its
/// output is standard output.
pub fn checksums(fix: bool, route: Route, to_stdout: bool) -> Checksums {
    match (fix, route, to_stdout) {
        (false, _, _) => Checksums::Unfixed,
        (true, Route::Whole, _) => Checksums::InMemory,
        (true, Route::Streamed, false) => Checksums::InOutputFile,
        (true, Route::Streamed, true) => Checksums::ThroughTemporaryFile,
    }
}

/// The engine's checks of one variant's arguments (mode, intensity, its seed), before its input is
/// read; a seed past u64 is refused as past the limit. Each failure is the engine's one line.
pub fn check_variant(mode: &str, intensity: u32, seed: Option<u64>) -> Result<(), String> {
    fracture_engine::check_args(mode, intensity, seed.unwrap_or(u64::MAX)).map(|_| ()).map_err(|e| e.to_string())
}

/// One variant of one FILE: its seed, its outputs (named before anything is written) and its
/// checksum route.
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// seed + i * count + j (None past u64: the engine refuses it in its turn).
    pub seed: Option<u64>,
    /// Its corrupted file (None for standard input: standard output).
    pub out: Option<Vec<u8>>,
    pub checksums: Checksums,
    pub report: Option<Vec<u8>>,
    pub pdf: Option<Vec<u8>>,
}

/// One FILE: as given, what it was when planned, how it is read, and its variants.
#[derive(Clone, Debug, PartialEq)]
pub struct Input {
    pub file: Vec<u8>,
    pub stdin: bool,
    /// A regular file (or standard input that is one) when planned; None otherwise.
    pub identity: Option<Identity>,
    pub route: Route,
    /// Empty for a FILE that could not be looked at when planned (it fails in its turn).
    pub variants: Vec<Variant>,
}

impl Input {
    /// The permission bits its outputs may grant (standard input that is not a file restricts nothing).
    pub fn allowed(&self) -> u32 {
        self.identity.map_or(0o777, |id| id.mode)
    }
}

/// A run, planned and checked.
#[derive(Debug, PartialEq)]
pub struct Plan {
    pub inputs: Vec<Input>,
    pub zip: Option<Vec<u8>>,
}

/// The corrupting command's plan for the run `d` decides, its outputs under `out` (as typed), each
/// FILE (`-`: standard input) and the batch ZIP looked at through the shell's `fs` before anything is
/// written; `streams`: whether the engine can stream (see [`route`]). The refusal's text when a FILE
/// is not a regular file, or an output would land on an input, on another output or on a directory.
pub fn make(
    d: &Corrupting,
    out: &[u8],
    streams: bool,
    files: &[Vec<u8>],
    zip: Option<&[u8]>,
    fs: &mut dyn Files,
) -> Result<Plan, String> {
    let mut planner = Planner::new(d, out, streams);
    for file in files {
        let looked = if file == b"-" { fs.standard(false) } else { fs.look(file) };
        planner.input(file, looked)?;
    }
    if let Some(zip) = zip {
        planner.zip(zip);
    }
    for k in 0..planner.outputs.len() {
        let id = match planner.outputs[k].clone() {
            Some(path) => Some(fs.identify(&path)),
            // Standard output counts when it is a regular file.
            None => match fs.standard(true) {
                Looked::Regular(id) => Some((id.key(), None)),
                _ => None,
            },
        };
        planner.claim(k, id.as_ref().map(|(key, kind)| (&key[..], kind.as_deref())))?;
    }
    Ok(planner.finish())
}

/// A plan being made: the FILEs in order, then the outputs' claims in the order they are named.
struct Planner {
    d: Corrupting,
    out: Vec<u8>,
    route: Route,
    names: OutputNames,
    claims: Claims,
    inputs: Vec<Input>,
    /// Every output, in the order it is claimed: None is standard output.
    outputs: Vec<Option<Vec<u8>>>,
    zip: Option<Vec<u8>>,
}

/// The name a FILE's outputs are named from: its last component (as Rust's `Path::file_name`), or
/// the whole path when it has none.
fn file_name(file: &[u8]) -> &[u8] {
    let trimmed = &file[..file.iter().rposition(|&b| b != b'/').map_or(0, |i| i + 1)];
    let last = trimmed.rsplit(|&b| b == b'/').next().unwrap_or(trimmed);
    if last.is_empty() || last == b"." || last == b".." {
        file
    } else {
        last
    }
}

impl Planner {
    /// A plan of the run `d` decides, its outputs under `out` (as typed); `streams`: whether the
    /// engine can stream (see [`route`]).
    fn new(d: &Corrupting, out: &[u8], streams: bool) -> Planner {
        Planner {
            d: d.clone(),
            out: out.to_vec(),
            route: route(d, streams),
            names: OutputNames::default(),
            claims: Claims::default(),
            inputs: Vec::new(),
            outputs: Vec::new(),
            zip: None,
        }
    }

    /// The next FILE (`-`: standard input) and what the shell found there; the refusal when it is
    /// a FILE that is not a regular file.
    fn input(&mut self, file: &[u8], looked: Looked) -> Result<(), String> {
        let stdin = file == b"-";
        let identity = match looked {
            Looked::Special(what) if !stdin => return Err(messages::not_regular(&display::bytes(file), &what)),
            Looked::Regular(id) => Some(id),
            _ => None,
        };
        if let Some(id) = &identity {
            let shown = if stdin { "standard input".to_string() } else { display::bytes(file) };
            self.claims.input(&id.key(), &shown);
        }
        let mut variants = Vec::new();
        if stdin {
            self.outputs.push(None);
        }
        // A FILE not there when the run starts gets no names (it fails in its turn).
        if stdin || identity.is_some() {
            let name = if stdin { self.d.name.as_bytes() } else { file_name(file) };
            let asked = Asked { file: !stdin, report: self.d.report, pdf: self.d.pdf };
            let fix = self.d.corruption.options.fix_checksums;
            for j in 0..self.d.count {
                let i = self.inputs.len() as u64;
                let seed = i.checked_mul(self.d.count).and_then(|n| n.checked_add(j)?.checked_add(self.d.seed));
                // Past u64 the names take the largest seed (the variant fails in its turn).
                let named = self.names.variant(name, (self.d.count > 1).then(|| seed.unwrap_or(u64::MAX)), asked);
                let mut under_out = |n: Option<Vec<u8>>| {
                    let path = out_path(&self.out, &n?);
                    self.outputs.push(Some(path.clone()));
                    Some(path)
                };
                let out = under_out(named.out);
                let report = under_out(named.report);
                let pdf = under_out(named.pdf);
                variants.push(Variant { seed, out, checksums: checksums(fix, self.route, stdin), report, pdf });
            }
        }
        self.inputs.push(Input { file: file.to_vec(), stdin, identity, route: self.route, variants });
        Ok(())
    }

    /// The batch ZIP (`--zip`), after the FILEs.
    fn zip(&mut self, zip: &[u8]) {
        self.outputs.push(Some(zip.to_vec()));
        self.zip = Some(zip.to_vec());
    }

    /// Output `k` (of `outputs`, in order; None is standard output), as the shell identified it: its key and, when it exists and
    /// is not a regular file, what it is; None when it is not a file to claim (standard output that
    /// is not a regular file). The refusal's text when it may not be written.
    fn claim(&mut self, k: usize, id: Option<(&[u8], Option<&str>)>) -> Result<(), String> {
        let Some((key, kind)) = id else { return Ok(()) };
        let shown = match self.outputs.get(k) {
            Some(Some(path)) => display::bytes(path),
            _ => messages::standard_output(),
        };
        self.claims.output(key, kind, &shown)
    }

    /// The plan, once every output is claimed.
    fn finish(self) -> Plan {
        Plan { inputs: self.inputs, zip: self.zip }
    }
}

impl Plan {
    /// The plan as `--dry-run` prints it (text or JSON), its paths in their display form.
    pub fn dry_run(&self, d: &Corrupting) -> DryRun {
        let shown = |p: &Option<Vec<u8>>| p.as_deref().map(display::bytes);
        let inputs = self.inputs.iter().map(|input| dry_run::Input {
            file: display::bytes(&input.file),
            stdin: input.stdin,
            identity: input.identity.map(|id| (id.size, id.device, id.inode)),
            route: input.route.name().to_string(),
            variants: input
                .variants
                .iter()
                .map(|v| dry_run::Variant {
                    seed: v.seed,
                    output: shown(&v.out),
                    checksums: v.checksums.name().to_string(),
                    report: shown(&v.report),
                    pdf: shown(&v.pdf),
                })
                .collect(),
        });
        let c = &d.corruption;
        DryRun {
            mode: c.mode.name().to_string(),
            intensity: c.intensity,
            seed: d.seed,
            count: d.count,
            only: c.options.ranges.only.clone(),
            protect: c.options.ranges.protect.clone(),
            fix_checksums: c.options.fix_checksums,
            member: c.options.member.clone(),
            inputs: inputs.collect(),
            zip: shown(&self.zip),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::args::Given;

    /// The decisions of `fracture OPTIONS FILES` (each option with its values).
    fn decided(options: &[(&str, &[&str])], files: &[&str]) -> Corrupting {
        let options = options.iter().map(|(n, v)| (n.to_string(), v.iter().map(|v| v.to_string()).collect()));
        let g = Given {
            options: options.collect(),
            positionals: files.iter().map(|f| f.to_string()).collect(),
            program: None,
        };
        crate::args::corrupting(&g, 9).expect("decided")
    }

    fn file(n: u64) -> Looked {
        Looked::Regular(Identity { device: 1, inode: n, size: 5, mode: 0o640 })
    }

    /// Plans `files` (each with what was found there), every output not there yet (keyed by its path).
    fn plan(d: &Corrupting, files: Vec<(&str, Looked)>, zip: Option<&str>) -> Result<Plan, String> {
        let mut p = Planner::new(d, b"out", true);
        for (f, looked) in files {
            p.input(f.as_bytes(), looked)?;
        }
        if let Some(z) = zip {
            p.zip(z.as_bytes());
        }
        let keys: Vec<Option<Vec<u8>>> =
            p.outputs.iter().map(|o| o.clone().map(|p| [b"path:", &p[..]].concat())).collect();
        for (k, key) in keys.iter().enumerate() {
            p.claim(k, key.as_deref().map(|key| (key, None)))?;
        }
        Ok(p.finish())
    }

    #[test]
    fn a_plan_names_every_output_seed_and_route() {
        let d = decided(&[("seed", &["3"]), ("count", &["2"]), ("report", &[])], &["in.txt", "nope"]);
        let p = plan(&d, vec![("dir/in.txt", file(7)), ("nope", Looked::Missing)], None).unwrap();
        let first = &p.inputs[0];
        assert_eq!((first.route, first.identity.map(|i| i.inode), first.allowed()), (Route::Streamed, Some(7), 0o640));
        let named: Vec<_> = first.variants.iter().map(|v| (v.seed, v.out.clone().unwrap(), v.checksums)).collect();
        assert_eq!(
            named,
            [
                (Some(3), b"out/in_corrupted_3.txt".to_vec(), Checksums::Unfixed),
                (Some(4), b"out/in_corrupted_4.txt".to_vec(), Checksums::Unfixed)
            ]
        );
        assert_eq!(first.variants[1].report.as_deref(), Some(&b"out/in.txt_4_corruption_report.json"[..]));
        // A FILE not there is planned with no outputs (it fails in its turn).
        assert!(p.inputs[1].identity.is_none() && p.inputs[1].variants.is_empty());
        let text = p.dry_run(&d).text();
        let lines: Vec<&str> = text.lines().take(5).collect();
        assert_eq!(
            lines,
            [
                "fracture: plan (dry run: nothing is read or written)",
                "engine: mode byte_flip, intensity 80, seed 3, 2 variants per file",
                "options: only none, protect none, fix checksums no, member none",
                "input 1: dir/in.txt (5 bytes, device 1, inode 7), read streamed",
                "  seed 3: out/in_corrupted_3.txt, checksums unfixed",
            ]
        );
        assert!(text.contains("input 2: nope (not readable now, it fails in its turn), read streamed\n"));
        let json = p.dry_run(&d).json();
        assert!(json.starts_with("{\"mode\":\"byte_flip\",\"intensity\":80,\"seed\":3,\"count\":2,"), "{json}");
        assert!(json.ends_with(",\"variants\":[]}],\"zip\":null}\n"), "{json}");
    }

    #[test]
    fn routes_follow_the_engine_pdf_and_member() {
        let pdf = decided(&[("pdf", &[]), ("fix-checksums", &[])], &["x"]);
        let p = plan(&pdf, vec![("x", file(1))], None).unwrap();
        assert_eq!((p.inputs[0].route, p.inputs[0].variants[0].checksums), (Route::Whole, Checksums::InMemory));
        assert_eq!(p.inputs[0].variants[0].pdf.as_deref(), Some(&b"out/x_corruption_report.pdf"[..]));
        let member = decided(&[("member", &["word/*.xml\n"])], &["x"]);
        assert_eq!(route(&member, true), Route::Whole);
        let text = plan(&member, vec![("x", file(1))], None).unwrap().dry_run(&member).text();
        assert!(text.contains("\noptions: only none, protect none, fix checksums no, member \"word/*.xml\\n\"\n"));
        // The reference engine reads whole; a streamed input's checksums are fixed where its output is.
        let fixed = decided(&[("fix-checksums", &[])], &["-"]);
        assert_eq!(route(&fixed, false), Route::Whole);
        let p = plan(&fixed, vec![("-", Looked::Special("a FIFO".into()))], None).unwrap();
        assert_eq!(p.inputs[0].variants[0].checksums, Checksums::ThroughTemporaryFile);
        assert_eq!(p.inputs[0].variants[0].out, None);
        assert_eq!(checksums(true, Route::Streamed, false), Checksums::InOutputFile);
    }

    #[test]
    fn names_come_from_the_last_component() {
        assert_eq!(file_name(b"a/b/c.txt"), b"c.txt");
        assert_eq!(file_name(b"a/dir/"), b"dir");
        assert_eq!(file_name(b"a/.."), b"a/..");
        assert_eq!(file_name(b"x\xff"), b"x\xff");
    }

    #[test]
    fn refusals_come_in_order() {
        let d = decided(&[("zip", &["z"])], &["a", "b"]);
        let fifo = plan(&d, vec![("a", file(1)), ("b", Looked::Special("a FIFO".into()))], None);
        assert_eq!(fifo.unwrap_err(), messages::not_regular("b", "a FIFO"));
        // Outputs named alike land on one file; an output on an input is refused by the input's name.
        let mut p = Planner::new(&d, b"out", true);
        p.input(b"a", file(1)).unwrap();
        p.zip(b"z");
        assert_eq!(p.outputs, [Some(b"out/a_corrupted.bin".to_vec()), Some(b"z".to_vec())]);
        p.claim(0, Some((b"path:/o/a", None))).unwrap();
        assert_eq!(p.claim(1, Some((b"1:1", None))).unwrap_err(), messages::output_is_input("z", "a"));
        assert!(check_variant("byte_flip", 80, None).unwrap_err().starts_with("Seed must be"));
    }

    #[test]
    fn the_shell_looks_at_every_file_it_plans() {
        let mut m = crate::shell::memory::Memory::default();
        m.add("in.txt", b"hello");
        let files = [b"in.txt".to_vec(), b"gone".to_vec(), b"-".to_vec()];
        let d = decided(&[], &["in.txt", "gone", "-"]);
        let p = make(&d, b"out", true, &files, None, &mut m).unwrap();
        assert_eq!(p.inputs[0].identity.map(|i| i.size), Some(5));
        assert_eq!(p.inputs[0].variants[0].out.as_deref(), Some(&b"out/in_corrupted.txt"[..]));
        assert!(p.inputs[1].identity.is_none() && p.inputs[1].variants.is_empty(), "not there: no outputs");
        assert_eq!(p.inputs[2].variants[0].out, None, "standard input goes to standard output");
        // An output on an input: the ZIP named as the input is.
        let zipped = make(&d, b"out", true, &files[..1], Some(b"in.txt"), &mut m);
        assert_eq!(zipped.unwrap_err(), messages::output_is_input("in.txt", "in.txt"));
        m.add("out/in_corrupted.txt", b"");
        assert!(make(&d, b"out", true, &files[..1], None, &mut m).is_ok(), "an old output is written over");
    }
}
