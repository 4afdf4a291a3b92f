//! Plan, then write (docs/cli.md, "Plan, then write"): every input and every planned output is
//! identified before anything is written, and the run is refused when an output would land on an
//! input, on another output, or on a directory, or when an input is not a regular file.

use fracture_host::dry_run::{self, DryRun};
use fracture_host::messages;
use std::collections::HashMap;
use std::fs::{FileType, Metadata};
use std::os::fd::AsFd;
use std::os::unix::fs::{FileTypeExt, MetadataExt};
use std::path::{Component, Path, PathBuf};

use std::ffi::{OsStr, OsString};

use crate::args::{Args, STDIN};
use crate::display;
use crate::policy::{self, Checksums, Route};
use fracture_host::output_plan;
use std::os::unix::ffi::{OsStrExt, OsStringExt};

/// A regular file as planned: its device, inode, size and permission bits.
#[derive(Clone, Copy)]
pub struct Identity {
    pub device: u64,
    pub inode: u64,
    pub size: u64,
    pub mode: u32,
}

impl Identity {
    fn of(m: &Metadata) -> Identity {
        Identity { device: m.dev(), inode: m.ino(), size: m.len(), mode: m.mode() & 0o777 }
    }
}

/// What a path names: a file by device and inode, or (not there yet) the path it will be created at.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Id {
    Node(u64, u64),
    Path(PathBuf),
}

fn node(m: &Metadata) -> Id {
    Id::Node(m.dev(), m.ino())
}

/// `a directory`, `a FIFO`, ... for a file that is not a regular one.
fn kind(t: FileType) -> Option<String> {
    use fracture_host::messages;
    let kind = if t.is_file() {
        return None;
    } else if t.is_dir() {
        messages::kind_directory
    } else if t.is_fifo() {
        messages::kind_fifo
    } else if t.is_char_device() {
        messages::kind_character_device
    } else if t.is_block_device() {
        messages::kind_block_device
    } else if t.is_socket() {
        messages::kind_socket
    } else {
        messages::kind_special
    };
    Some(kind())
}

impl Id {
    /// The key the host's claims compare (fracture_host::output_plan::Claims): as the npm CLI makes it.
    fn key(&self) -> Vec<u8> {
        match self {
            Id::Node(device, inode) => format!("{device}:{inode}").into_bytes(),
            Id::Path(p) => [&b"path:"[..], p.as_os_str().as_bytes()].concat(),
        }
    }
}

/// The files of a plan: each looked at here, the claims decided by the host crate; each check
/// returns the refusal's text.
#[derive(Default)]
pub struct Claims {
    decided: output_plan::Claims,
    /// Real paths of output directories already resolved (every output of a run shares one).
    parents: HashMap<PathBuf, PathBuf>,
}

impl Claims {
    /// An input FILE: its mode bits when it is a regular file (None when it cannot be read now: its
    /// own error comes when it is opened), refused when it is anything else.
    pub fn input(&mut self, path: &Path) -> Result<Option<Identity>, String> {
        let Ok(m) = std::fs::metadata(path) else { return Ok(None) };
        if let Some(what) = kind(m.file_type()) {
            return Err(messages::not_regular(&display::path(path), &what));
        }
        self.decided.input(&node(&m).key(), &display::path(path));
        Ok(Some(Identity::of(&m)))
    }

    /// Standard input as an input: its identity when it is a regular file (it then counts as an input).
    pub fn stdin(&mut self) -> Option<Identity> {
        let m = fd_metadata(std::io::stdin().as_fd())?;
        m.is_file().then(|| {
            self.decided.input(&node(&m).key(), "standard input");
            Identity::of(&m)
        })
    }

    /// Standard output as an output (when it is a regular file).
    pub fn stdout(&mut self) -> Result<(), String> {
        match fd_metadata(std::io::stdout().as_fd()) {
            Some(m) if m.is_file() => {
                self.decided.output(&node(&m).key(), None, &fracture_host::messages::standard_output())
            }
            _ => Ok(()),
        }
    }

    /// A planned output file at `path`.
    pub fn output(&mut self, path: &Path) -> Result<(), String> {
        let (id, what) = match std::fs::metadata(path) {
            Ok(m) => (node(&m), kind(m.file_type())),
            Err(_) => (Id::Path(self.resolve(path)), None),
        };
        self.decided.output(&id.key(), what.as_deref(), &display::path(path))
    }

    /// The path a file that does not exist yet will have: its directory's real path (as far as it
    /// exists; the rest as written) and its name.
    fn resolve(&mut self, path: &Path) -> PathBuf {
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        let (Some(dir), Some(name)) = (absolute.parent(), absolute.file_name()) else { return absolute };
        if let Some(real) = self.parents.get(dir) {
            return real.join(name);
        }
        // The longest part that exists, made real; the rest (which has no symlinks: it does not exist)
        // taken as written, `..` going up one.
        let mut existing = dir.to_path_buf();
        let mut rest = Vec::new();
        let mut real = loop {
            match std::fs::canonicalize(&existing) {
                Ok(real) => break real,
                Err(_) => match existing.components().next_back() {
                    Some(Component::Normal(n)) => rest.push(n.to_os_string()),
                    Some(Component::ParentDir) => rest.push("..".into()),
                    Some(Component::CurDir) => {}
                    _ => break existing,
                },
            }
            existing.pop();
        };
        for part in rest.into_iter().rev() {
            if part == ".." {
                real.pop();
            } else {
                real.push(part);
            }
        }
        self.parents.insert(dir.to_path_buf(), real.clone());
        real.join(name)
    }
}

/// One variant of one FILE: its seed, its outputs (named before anything is written) and its checksum
/// route.
pub struct Variant {
    /// seed + i * count + j (None past u64: the engine refuses it in its turn).
    pub seed: Option<u64>,
    /// Its corrupted file's name and path (None for standard input: standard output).
    pub out: Option<(OsString, PathBuf)>,
    pub checksums: Checksums,
    pub report: Option<PathBuf>,
    pub pdf: Option<PathBuf>,
}

/// One FILE: as given, what it was when planned, how it is read, and its variants.
pub struct Input {
    pub file: PathBuf,
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

/// A run, planned: every input and every output, checked against each other (docs/cli.md, "Plan,
/// then write"), with every decision the execution follows beside the arguments it was made from.
/// `--dry-run` prints it with them.
pub struct Plan {
    pub inputs: Vec<Input>,
    pub zip: Option<PathBuf>,
}

/// The seed of variant `j` of file `i`: seed + i * count + j (None past u64; the engine refuses
/// anything past MAX_SEED with its own message).
pub fn seed_of(a: &Args, i: usize, j: u64) -> Option<u64> {
    (i as u64).checked_mul(a.decided.count)?.checked_add(j)?.checked_add(a.decided.seed)
}

/// Plans the run of `a`; the refusal's text when an output would land on an input, on another output
/// or on a directory, or when a FILE is not a regular file.
pub fn make(a: &Args) -> Result<Plan, String> {
    let mut claims = Claims::default();
    let mut identities = Vec::with_capacity(a.files.len());
    for file in &a.files {
        identities.push(if file.as_os_str() == STDIN { claims.stdin() } else { claims.input(file)? });
    }
    let route = policy::route(a.decided.pdf || a.decided.corruption.options.member.is_some());
    let mut names = output_plan::OutputNames::default();
    let asked = |stdin: bool| output_plan::Asked { file: !stdin, report: a.decided.report, pdf: a.decided.pdf };
    let under_out =
        |name: &[u8]| PathBuf::from(OsString::from_vec(output_plan::out_path(a.out.as_os_str().as_bytes(), name)));
    let mut inputs = Vec::with_capacity(a.files.len());
    for (i, (file, identity)) in a.files.iter().zip(identities).enumerate() {
        let stdin = file.as_os_str() == STDIN;
        let name: &OsStr =
            if stdin { OsStr::new(&a.decided.name) } else { file.file_name().unwrap_or(file.as_os_str()) };
        let mut variants = Vec::new();
        if stdin {
            claims.stdout()?;
        }
        if stdin || identity.is_some() {
            for j in 0..a.decided.count {
                let seed = seed_of(a, i, j);
                // Past u64 the names take the largest seed (the variant fails in its turn).
                let named = names.variant(
                    name.as_bytes(),
                    (a.decided.count > 1).then(|| seed.unwrap_or(u64::MAX)),
                    asked(stdin),
                );
                let out = named.out.map(|n| (OsString::from_vec(n.clone()), under_out(&n)));
                if let Some((_, path)) = &out {
                    claims.output(path)?;
                }
                let report = named.report.map(|n| under_out(&n));
                if let Some(path) = &report {
                    claims.output(path)?;
                }
                let pdf = named.pdf.map(|n| under_out(&n));
                if let Some(path) = &pdf {
                    claims.output(path)?;
                }
                let checksums = policy::checksums(a.decided.corruption.options.fix_checksums, route, stdin);
                variants.push(Variant { seed, out, checksums, report, pdf });
            }
        }
        inputs.push(Input { file: file.clone(), stdin, identity, route, variants });
    }
    if let Some(zip) = &a.zip {
        claims.output(zip)?;
    }
    Ok(Plan { inputs, zip: a.zip.clone() })
}

impl Plan {
    /// The plan of the run `a` asks for as `--dry-run` prints it, text or JSON (fracture_host::dry_run,
    /// the npm CLI's too), its paths in their display form.
    pub fn dry_run(&self, a: &Args) -> DryRun {
        let shown = |p: &Option<PathBuf>| p.as_deref().map(display::path);
        let inputs = self.inputs.iter().map(|input| dry_run::Input {
            file: display::path(&input.file),
            stdin: input.stdin,
            identity: input.identity.map(|id| (id.size, id.device, id.inode)),
            route: input.route.name().to_string(),
            variants: input
                .variants
                .iter()
                .map(|v| dry_run::Variant {
                    seed: v.seed,
                    output: v.out.as_ref().map(|(_, p)| display::path(p)),
                    checksums: v.checksums.name().to_string(),
                    report: shown(&v.report),
                    pdf: shown(&v.pdf),
                })
                .collect(),
        });
        DryRun {
            mode: a.decided.corruption.mode.name().to_string(),
            intensity: a.decided.corruption.intensity,
            seed: a.decided.seed,
            count: a.decided.count,
            only: a.decided.corruption.options.ranges.only.clone(),
            protect: a.decided.corruption.options.ranges.protect.clone(),
            fix_checksums: a.decided.corruption.options.fix_checksums,
            // --member's glob: each input is then read whole (whether it is an archive is known
            // only from its bytes, when it is read).
            member: a.decided.corruption.options.member.clone(),
            inputs: inputs.collect(),
            zip: shown(&self.zip),
        }
    }
}

fn fd_metadata(fd: std::os::fd::BorrowedFd) -> Option<Metadata> {
    let owned = fd.try_clone_to_owned().ok()?;
    std::fs::File::from(owned).metadata().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_not_there_yet_are_named_by_their_real_place() {
        let root = tempfile::tempdir().unwrap();
        let base = root.path();
        std::fs::create_dir(base.join("real")).unwrap();
        std::os::unix::fs::symlink(base.join("real"), base.join("link")).unwrap();
        let mut plan = Claims::default();
        let a = plan.resolve(&base.join("link/new/x.bin"));
        let b = plan.resolve(&base.join("real/new/../new/./x.bin"));
        assert_eq!(a, b);
        assert_eq!(a, std::fs::canonicalize(base).unwrap().join("real/new/x.bin"));
        plan.output(&base.join("link/new/x.bin")).unwrap();
        let same = plan.output(&base.join("real/new/../new/x.bin")).unwrap_err();
        assert!(same.starts_with("outputs ") && same.ends_with(" are the same file"), "{same}");
        // An existing file, reached through the link: the same inode as the input.
        std::fs::write(base.join("real/in.txt"), "x").unwrap();
        let mut plan = Claims::default();
        plan.input(&base.join("real/in.txt")).unwrap();
        let on_input = plan.output(&base.join("link/in.txt")).unwrap_err();
        assert!(on_input.ends_with(&format!("is the input {}", base.join("real/in.txt").display())), "{on_input}");
        assert!(plan.output(base).unwrap_err().ends_with("is a directory"));
    }
    fn run_args(argv: &[&str]) -> Args {
        let argv: Vec<std::ffi::OsString> = argv.iter().map(Into::into).collect();
        match crate::args::parse(&argv) {
            crate::args::Parsed::Run(a) => a,
            _ => panic!("not a run: {argv:?}"),
        }
    }

    #[test]
    fn a_plan_names_every_output_seed_and_route() {
        let root = tempfile::tempdir().unwrap();
        let input = root.path().join("in.txt");
        std::fs::write(&input, "hello").unwrap();
        let out = root.path().join("out");
        let (i, o, missing) = (input.to_str().unwrap(), out.to_str().unwrap(), root.path().join("nope"));
        let a = run_args(&["--seed", "3", "--count", "2", "--report", "--out", o, i, missing.to_str().unwrap()]);
        let plan = make(&a).unwrap();
        let m = std::fs::metadata(&input).unwrap();
        let first = &plan.inputs[0];
        assert_eq!(first.route, Route::Streamed);
        assert_eq!(first.identity.map(|id| (id.size, id.device, id.inode)), Some((5, m.dev(), m.ino())));
        let seeds: Vec<_> = first.variants.iter().map(|v| (v.seed, v.out.clone().unwrap().1, v.checksums)).collect();
        assert_eq!(
            seeds,
            [
                (Some(3), out.join("in_corrupted_3.txt"), Checksums::Unfixed),
                (Some(4), out.join("in_corrupted_4.txt"), Checksums::Unfixed)
            ]
        );
        assert_eq!(first.variants[1].report, Some(out.join("in.txt_4_corruption_report.json")));
        assert!(plan.inputs[1].identity.is_none() && plan.inputs[1].variants.is_empty());
        let text = plan.dry_run(&a).text();
        let lines: Vec<&str> = text.lines().take(5).collect();
        assert_eq!(
            lines,
            [
                "fracture: plan (dry run: nothing is read or written)".to_string(),
                "engine: mode byte_flip, intensity 80, seed 3, 2 variants per file".into(),
                "options: only none, protect none, fix checksums no, member none".into(),
                format!("input 1: {i} (5 bytes, device {}, inode {}), read streamed", m.dev(), m.ino()),
                format!("  seed 3: {o}/in_corrupted_3.txt, checksums unfixed"),
            ]
        );
        let json = plan.dry_run(&a).json();
        assert!(json.starts_with("{\"mode\":\"byte_flip\",\"intensity\":80,\"seed\":3,\"count\":2,"), "{json}");
        assert!(json.ends_with(",\"variants\":[]}],\"zip\":null}\n"), "{json}");
        assert!(json.contains(",\"fix_checksums\":false,\"member\":null,\"inputs\":["), "{json}");
        // --pdf reads whole, and checksums are then fixed in memory; a refused plan is refused.
        let whole = make(&run_args(&["--pdf", "--fix-checksums", "--out", o, i])).unwrap();
        assert_eq!((whole.inputs[0].route, whole.inputs[0].variants[0].checksums), (Route::Whole, Checksums::InMemory));
        // --member names its glob (a control character in its display form) and reads every input whole.
        let globbed = run_args(&["--member", "word/*.xml\n", "--out", o, i]);
        let member = make(&globbed).unwrap();
        assert_eq!(member.inputs[0].route, Route::Whole);
        assert!(member
            .dry_run(&globbed)
            .text()
            .contains("\noptions: only none, protect none, fix checksums no, member \"word/*.xml\\n\"\n"));
        assert!(member
            .dry_run(&globbed)
            .json()
            .contains(",\"fix_checksums\":false,\"member\":\"word/*.xml\\n\",\"inputs\":["));
        // A glob that is the word "none" reads apart from no glob.
        let word = run_args(&["--member", "none", "--out", o, i]);
        assert!(make(&word).unwrap().dry_run(&word).text().contains(", member \"none\"\n"));
        assert!(make(&run_args(&["--zip", i, i])).err().is_some_and(|e| e.contains("is the input")));
    }
}
