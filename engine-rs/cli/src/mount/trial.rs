//! One program run on a fresh mount, as the mount campaigns run them (crate::mount::campaign, and the
//! power-cut loop, crate::mount::powerloop): mounted, run with `{}` made the mount's path, classified
//! as `fracture run` classifies runs, unmounted.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use super::checks::Paths;
use super::cut::Power;
use super::faults::Faults;
use super::power::{At, Report};
use super::rules::{Effect, Rule};
use super::session::{Mounted, Setup};
use super::Corruption;
use crate::campaign::exec::{self, Exit};
use crate::campaign::outcome::{classify, Outcome, Rules};

/// What every run of a campaign shares.
pub struct Trial<'a> {
    pub source: PathBuf,
    pub source_is_dir: bool,
    pub corruption: Option<Corruption>,
    pub rules: &'a [Rule],
    pub timeout: Duration,
    pub classify: Rules,
}

/// What one run is mounted with.
pub struct Setting {
    pub seed: u64,
    pub faults: Faults,
    pub upper: Option<PathBuf>,
    pub power: Option<(Power, Option<At>)>,
    /// The power-cut loop's notes directory (`FRACTURE_NOTES`): outside the mount, one per cut, shared
    /// by the cut's PROGRAM and its CHECKER.
    pub notes: Option<PathBuf>,
}

/// One run: its exit and verdict, the log's text (the faults it injected), the durability points
/// it made and the power cut, if one happened.
pub struct Ran {
    pub exit: Exit,
    pub outcome: Outcome,
    pub exit_code: Option<i32>,
    pub signal: Option<String>,
    pub signature: Option<String>,
    pub log: String,
    pub points: u64,
    pub cut: Option<Report>,
}

impl Trial<'_> {
    /// Mounts on a new directory in `slot`, runs `program`, unmounts. Each mount gets a directory of
    /// its own: fusermount3's auto-unmount of a mount that ended must never meet the next.
    pub fn run(&self, slot: &Path, setting: Setting, program: &[OsString]) -> Result<Ran, String> {
        static MOUNTS: AtomicUsize = AtomicUsize::new(0);
        let mountpoint = slot.join(MOUNTS.fetch_add(1, Ordering::SeqCst).to_string());
        std::fs::create_dir(&mountpoint).map_err(|e| format!("cannot create {}: {e}", mountpoint.display()))?;
        let ran = self.run_at(&mountpoint, setting, program);
        let _ = std::fs::remove_dir(&mountpoint);
        ran
    }

    fn run_at(&self, mountpoint: &Path, s: Setting, program: &[OsString]) -> Result<Ran, String> {
        let paths = Paths {
            source: self.source.clone(),
            mountpoint: mountpoint.to_path_buf(),
            source_is_dir: self.source_is_dir,
            upper: s.upper,
            log: None,
        };
        let rules: Vec<String> = self.rules.iter().map(|r| r.to_string()).collect();
        let drops = self.rules.iter().any(|r| r.effect == Effect::Drop);
        let setup =
            Setup { corruption: self.corruption.clone(), faults: s.faults, seed: s.seed, rules, drops, power: s.power };
        let mounted = Mounted::start(&paths, setup)?;
        let args: Vec<OsString> =
            program[1..].iter().map(|a| crate::campaign::runner::substitute(a, mountpoint)).collect();
        let mut env = vec![("FRACTURE_MOUNT", mountpoint.as_os_str())];
        if let Some(notes) = &s.notes {
            env.push(("FRACTURE_NOTES", notes.as_os_str()));
        }
        let shared = mounted.shared.clone();
        let started = |group: i32| {
            if let Some(p) = &shared.power {
                p.group.store(group, Ordering::SeqCst);
            }
        };
        let exit = exec::run(&program[0], &args, &env, Stdio::null(), self.timeout, &started);
        let cut = mounted.settle();
        let points = shared.power.as_ref().map_or(0, |p| p.points());
        let log = shared.log.text();
        mounted.end();
        let exit = exit
            .map_err(|e| format!("cannot start {}: {}", program[0].to_string_lossy(), crate::process::io_text(&e)))?;
        let v = classify(&exit.status, &exit.stderr, &self.classify);
        Ok(Ran {
            outcome: v.outcome,
            exit_code: v.exit_code,
            signal: v.signal,
            signature: v.signature,
            log,
            exit,
            points,
            cut,
        })
    }
}
