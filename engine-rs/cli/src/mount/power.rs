//! A mount's power: its durability points, counted as the program makes them, and the cut that
//! stops the program's process group at once and leaves the disk as the model says
//! (crate::mount::cut); after it, every request fails with EIO until the mount ends.

use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use super::cut::{self, Power};
use super::journal::Journal;
use crate::campaign::record::Json;

/// Where a cut was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// The Kth durability point of the run (fsync, fdatasync, a directory's fsync, an O_SYNC write).
    Point(u64),
    /// After the program ended.
    End,
}

/// What a cut did: its place, what the program was doing, the model's outcome and the tree's hash.
#[derive(Clone, Debug)]
pub struct Report {
    pub point: Option<u64>,
    pub during: String,
    pub held: usize,
    pub survived: usize,
    pub block: Option<String>,
    pub tree_sha256: String,
}

pub struct PowerCut {
    pub power: Power,
    pub seed: u64,
    pub at: Option<At>,
    pub journal: Arc<Journal>,
    points: AtomicU64,
    /// The program's process group (0: none yet), stopped at the cut.
    pub group: AtomicI32,
    frozen: AtomicBool,
    pub report: Mutex<Option<Report>>,
}

impl PowerCut {
    pub fn new(power: Power, seed: u64, at: Option<At>, journal: Arc<Journal>) -> PowerCut {
        PowerCut {
            power,
            seed,
            at,
            journal,
            points: AtomicU64::new(0),
            group: AtomicI32::new(0),
            frozen: AtomicBool::new(false),
            report: Mutex::new(None),
        }
    }

    pub fn frozen(&self) -> bool {
        self.frozen.load(Ordering::SeqCst)
    }

    pub fn points(&self) -> u64 {
        self.points.load(Ordering::SeqCst)
    }

    /// Counts a durability point (`during`: what it is); true when the cut happens here, before it
    /// takes effect.
    pub fn point(&self, during: &str, log: &super::log::Log) -> bool {
        let k = self.points.fetch_add(1, Ordering::SeqCst) + 1;
        if self.at == Some(At::Point(k)) {
            self.cut(Some(k), &format!("at durability point {k}, {during}"), log);
            return true;
        }
        false
    }

    /// Cuts the power now (once): stops the program's process group, leaves the disk as the model
    /// says, and logs it.
    pub fn cut(&self, point: Option<u64>, during: &str, log: &super::log::Log) -> Option<Report> {
        if self.frozen.swap(true, Ordering::SeqCst) {
            return self.report.lock().unwrap_or_else(|p| p.into_inner()).clone();
        }
        let group = self.group.load(Ordering::SeqCst);
        if group > 0 {
            // SAFETY: SIGKILL to the process group this mount's command runs in.
            unsafe { libc::kill(-group, libc::SIGKILL) };
        }
        let done = cut::cut(&self.journal, &self.power, self.seed);
        self.journal.finish();
        let tree = cut::tree_sha256(&self.journal.disk.upper).unwrap_or_default();
        let (held, survived, block) = match done {
            Ok(o) => (o.held, o.survived, o.block),
            Err(e) => (0, 0, Some(format!("the cut failed: {e}"))),
        };
        let report = Report { point, during: during.to_string(), held, survived, block, tree_sha256: tree };
        log.write(Json::Obj(vec![
            ("event", "cut".into()),
            ("model", self.power.model.name().into()),
            ("seed", self.seed.into()),
            ("point", report.point.into()),
            ("during", report.during.clone().into()),
            ("held", (report.held as u64).into()),
            ("survived", (report.survived as u64).into()),
            ("block", report.block.clone().into()),
            ("tree_sha256", report.tree_sha256.clone().into()),
        ]));
        *self.report.lock().unwrap_or_else(|p| p.into_inner()) = Some(report.clone());
        Some(report)
    }

    /// The cut's line: where it happened, the model, and what the disk holds.
    pub fn line(&self, r: &Report) -> String {
        let block = r.block.as_ref().map(|b| format!(", {b}")).unwrap_or_default();
        format!(
            "power cut {}: {}, seed {}, {} of {} held operations survived{block}; the upper directory's tree: sha256 {}",
            r.during,
            self.power.model.name(),
            self.seed,
            r.survived,
            r.held,
            r.tree_sha256
        )
    }
}
