//! `fracture mount`, `fracture umount` and `fracture ctl` (docs/mount.md): SOURCE seen through a FUSE
//! mount, its files corrupted as they are read (the bytes `fracture` writes for a copy), and faults
//! injected into the program's operations by seeded rules; writes land in an upper directory, never
//! in SOURCE.
//!
//! The parts, from the bottom up: `rules` (the rule language and plan files), `faults` (which rule
//! fires), `nodes` (inode numbers), `layers` (SOURCE below, the upper directory above), `variant`
//! (a corrupted file, made as it is read), `journal` (held writes: what is durable, for power cuts
//! and fsync's `drop`), `cut` (the power-cut models), `power` (durability points and the cut), `log`,
//! `view` (the mount's state), `hits`, `namespace` and `data` (the requests), `fs` (FUSE's entry
//! points), `state` and `ctl` (the private directory and the control socket), `checks` (refusals
//! before anything is mounted), `replay` (a log read back, and `--dry-run`), `session` (mounting,
//! the command, signals, teardown).

pub mod campaign;
mod checks;
mod ctl;
mod cut;
mod data;
mod ddmin;
mod faults;
mod fs;
mod hits;
mod journal;
mod layers;
mod log;
mod namespace;
mod nodes;
pub mod options;
mod power;
pub mod powerloop;
mod powerrecord;
mod replay;
pub mod rules;
mod session;
mod state;
mod trial;
mod variant;
mod view;

use std::ffi::OsString;
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::campaign::record::Json;
pub use variant::Corruption;

/// `fracture mount`'s options, as parsed (crate::args).
pub struct Options {
    pub source: PathBuf,
    pub mountpoint: PathBuf,
    /// None: no corruption option was given, and files show as they are.
    pub corruption: Option<Corruption>,
    pub rules: Vec<rules::Rule>,
    pub seed: Option<u64>,
    pub log: Option<PathBuf>,
    pub upper: Option<PathBuf>,
    pub replay: Option<PathBuf>,
    /// `--power-cut MODEL` with its options, and `--power-cut-at`.
    pub power: Option<(cut::Power, Option<power::At>)>,
    pub dry_run: bool,
    pub quiet: bool,
    pub command: Vec<OsString>,
}

/// What every thread of a mount shares: the fault engine, the log and the corruption's settings.
pub struct Shared {
    pub faults: faults::Faults,
    pub log: log::Log,
    pub seed: u64,
    pub corruption: Option<std::sync::Arc<Corruption>>,
    /// SOURCE is a directory (file seeds come from their paths) or one file (its seed is the seed).
    pub source_is_dir: bool,
    keep_log: bool,
    /// Held writes (power cuts, fsync's `drop`): the view is private and the disk holds only what is
    /// durable.
    pub journal: Option<std::sync::Arc<journal::Journal>>,
    pub power: Option<power::PowerCut>,
    /// Files whose shared writable mmap has been said in the log.
    mapped: std::sync::Mutex<std::collections::HashSet<String>>,
}

/// The largest seed plus one: file seeds wrap at 2^53.
const SEEDS: u64 = 1 << 53;

/// The seed of the file at `rel` in a directory SOURCE mounted with `seed` (docs/contract.md,
/// section 15.1): seed + the first 8 bytes of SHA-256 of the path's bytes (big-endian), mod 2^53.
pub fn file_seed(seed: u64, rel: &Path) -> u64 {
    let mut h = fracture_engine::Sha256Hasher::default();
    h.update(rel.as_os_str().as_bytes());
    let word = u64::from_str_radix(&h.hex()[..16], 16).unwrap_or(0);
    (seed % SEEDS + word % SEEDS) % SEEDS
}

impl Shared {
    pub fn file_seed(&self, rel: &Path) -> u64 {
        if self.source_is_dir {
            file_seed(self.seed, rel)
        } else {
            self.seed
        }
    }

    /// Whether corrupted reads are logged (and their hits worked out).
    pub fn logging(&self) -> bool {
        self.keep_log
    }

    pub fn log_fault(
        &self,
        o: &faults::Operation,
        f: &faults::Fired,
        returned: Option<u64>,
        pid: u32,
        hits: Option<Vec<fracture_engine::structure::Hit>>,
    ) {
        let mut fields: Vec<(&'static str, Json)> = vec![
            ("event", "fault".into()),
            ("op", o.op.name().into()),
            ("path", o.path.into()),
            ("offset", o.offset.into()),
            ("length", o.len.into()),
            ("seq", f.seq.into()),
            ("rule", f.rule.clone().into()),
            ("effect", f.effect.to_string().into()),
        ];
        if let rules::Effect::Errno(_, n) = f.effect {
            if returned.is_none() {
                fields.push(("errno", (n as u64).into()));
            }
        }
        if let Some(k) = returned {
            fields.push(("returned", k.into()));
        }
        fields.push(("pid", u64::from(pid).into()));
        if let Some(h) = hits {
            fields.push(("hits", hits_json(&h)));
        }
        self.log.write(Json::Obj(fields));
    }

    pub fn log_read(
        &self,
        rel: &Path,
        offset: u64,
        len: u64,
        changed: Option<u64>,
        hits: Vec<fracture_engine::structure::Hit>,
    ) {
        self.log.write(Json::Obj(vec![
            ("event", "read".into()),
            ("path", nodes::shown(rel).into()),
            ("offset", offset.into()),
            ("length", len.into()),
            ("changed_bytes", changed.into()),
            ("hits", hits_json(&hits)),
        ]));
    }

    pub fn log_error(&self, rel: &Path, op: &str, why: &str) {
        self.log.write(Json::Obj(vec![
            ("event", "error".into()),
            ("op", op.into()),
            ("path", nodes::shown(rel).into()),
            ("why", why.into()),
        ]));
    }

    /// A corrupted file's variant is made: its seed, the command that writes the same bytes, and the
    /// engine's report (what each change hit and what a strict reader must do).
    pub fn log_variant(&self, rel: &Path, c: &Corruption, seed: u64, source: &Path, report: &fracture_engine::Report) {
        self.log.write(Json::Obj(vec![
            ("event", "variant".into()),
            ("path", nodes::shown(rel).into()),
            ("seed", seed.into()),
            ("replay", replay::replay_command(c, seed, source).into()),
            ("report", Json::Raw(report.to_json())),
        ]));
    }

    /// A file written through a shared writable mmap, said once per file: its writes reach the mount
    /// when the kernel writes its pages back (msync, munmap, eviction), and count as durable then.
    pub fn log_mmap(&self, rel: &Path) {
        let path = nodes::shown(rel);
        if self.mapped.lock().unwrap_or_else(|p| p.into_inner()).insert(path.clone()) {
            self.log.write(Json::Obj(vec![
                ("event", "mmap".into()),
                ("path", path.into()),
                ("why", "a shared writable mmap: its writes are durable when the kernel writes them back (msync, munmap, eviction)".into()),
            ]));
        }
    }

    /// A new plan from `fracture ctl ... faults`.
    pub fn log_plan(&self, rules: &[String]) {
        self.log.write(Json::Obj(vec![
            ("event", "plan".into()),
            ("rules", Json::Arr(rules.iter().map(|r| r.clone().into()).collect())),
        ]));
    }
}

fn hits_json(hits: &[fracture_engine::structure::Hit]) -> Json {
    Json::Arr(
        hits.iter()
            .map(|h| {
                Json::Obj(vec![
                    ("path", h.path.clone().into()),
                    ("changed_bytes", h.changed_bytes.into()),
                    ("expect", h.expect.name().into()),
                    ("why", h.why.into()),
                ])
            })
            .collect(),
    )
}

/// `fracture mount`: checks everything it can before mounting (each refusal one line, exit 2), then
/// mounts and runs the command, or waits for a signal or `fracture umount`.
/// `fracture mount`, `umount`, `ctl` or `run --mount` (`sub`), parsed: run, or its refusal (exit 2).
pub fn start(sub: &str, parsed: Result<options::Parsed, String>) -> ExitCode {
    match parsed {
        Ok(options::Parsed::Mount(o)) => run(o),
        Ok(options::Parsed::Umount(mountpoint)) => umount(&mountpoint),
        Ok(options::Parsed::Ctl(mountpoint, request, plan)) => ctl(&mountpoint, &request, plan.as_deref()),
        Ok(options::Parsed::Campaign(o)) => campaign::run(o),
        Ok(options::Parsed::PowerLoop(o)) => powerloop::run(o),
        Ok(options::Parsed::Print(text)) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("{}", crate::cli_tables::usage::refusal(Some(sub), &msg));
            ExitCode::from(2)
        }
    }
}

fn run(mut o: Options) -> ExitCode {
    let refuse = |msg: String| {
        eprintln!("fracture: {msg}");
        ExitCode::from(2)
    };
    let replayed = match o.replay.take() {
        Some(log) => match replay::load(&log) {
            Ok(r) => Some(r),
            Err(msg) => return refuse(msg),
        },
        None => None,
    };
    let paths = match checks::paths(&o) {
        Ok(p) => p,
        Err(msg) => return refuse(msg),
    };
    let seed = replayed.as_ref().map_or_else(|| o.seed.unwrap_or_else(crate::args::random_seed), |r| r.seed);
    if let Some(r) = &replayed {
        o.corruption = r.corruption.clone();
    }
    if o.dry_run {
        print!("{}", replay::dry_run(&o, &paths, seed));
        return ExitCode::SUCCESS;
    }
    if let Err(msg) = checks::environment() {
        return refuse(msg);
    }
    session::mount(o, paths, seed, replayed)
}

/// `fracture umount MOUNTPOINT`: ends a mount, whether its process still runs or was killed.
fn umount(mountpoint: &Path) -> ExitCode {
    session::umount(mountpoint)
}

/// `fracture ctl MOUNTPOINT REQUEST [PLAN]`.
fn ctl(mountpoint: &Path, request: &str, plan: Option<&Path>) -> ExitCode {
    let Ok(mountpoint) = std::fs::canonicalize(mountpoint) else {
        eprintln!("fracture: {}: no such directory", crate::display::path(mountpoint));
        return ExitCode::from(2);
    };
    let body = match (request, plan) {
        ("faults", Some(p)) => {
            let text = if p.as_os_str() == "-" {
                let mut s = String::new();
                std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map(|_| s)
            } else {
                std::fs::read_to_string(p)
            };
            match text {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("fracture: {}: {}", crate::display::path(p), crate::process::io_text(&e));
                    return ExitCode::from(2);
                }
            }
        }
        _ => String::new(),
    };
    match ctl::request(&mountpoint, request, &body) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(msg) => {
            eprintln!("fracture: {msg}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn file_seeds_are_the_contracts() {
        // docs/contract.md, section 15.1's example.
        assert_eq!(super::file_seed(99, Path::new("b.txt")), 240095254788716);
        assert_eq!(super::file_seed(99, Path::new("deep/a.png")), 413708743897106);
        assert!(super::file_seed(super::SEEDS - 1, Path::new("b.txt")) < super::SEEDS);
    }

    use std::path::Path;
}
