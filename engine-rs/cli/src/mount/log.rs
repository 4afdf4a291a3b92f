//! `--log FILE`: one JSON line per injected fault, per corrupted read and per file the mount could
//! not read, after a first line that records the mount's settings (docs/mount.md, "The log"). The
//! lines go to a temporary file beside FILE as they happen, which becomes FILE when the mount ends
//! (or at `fracture umount`, after a SIGKILL).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

use crate::campaign::record::Json;

pub struct Log {
    file: Mutex<Option<crate::output::Pending>>,
    /// Every line so far, for `fracture ctl MOUNTPOINT log` (also without `--log`).
    lines: Mutex<Vec<String>>,
    /// Lines kept in memory at most; past it `ctl log` says how many it dropped.
    keep: usize,
    dropped: Mutex<u64>,
}

impl Log {
    /// Logs to `path` (if given) through a temporary file beside it.
    pub fn open(path: Option<&Path>) -> std::io::Result<Log> {
        let file = match path {
            Some(p) => Some(crate::output::create(p, crate::output::mode(0o666))?),
            None => None,
        };
        Ok(Log { file: Mutex::new(file), lines: Mutex::default(), keep: 100_000, dropped: Mutex::new(0) })
    }

    /// The temporary file's path and the log's own (for the state a later `fracture umount` reads).
    pub fn paths(&self) -> Option<(PathBuf, PathBuf)> {
        lock(&self.file).as_ref().map(|p| (p.temp().to_path_buf(), p.dest().to_path_buf()))
    }

    pub fn write(&self, line: Json) {
        let text = line.compact();
        if let Some(p) = lock(&self.file).as_ref() {
            let _ = (p.file()).write_all(format!("{text}\n").as_bytes());
        }
        let mut lines = lock(&self.lines);
        if lines.len() >= self.keep {
            lines.remove(0);
            *lock(&self.dropped) += 1;
        }
        lines.push(text);
    }

    /// The lines so far, as `fracture ctl MOUNTPOINT log` prints them.
    pub fn text(&self) -> String {
        let lines = lock(&self.lines);
        let mut out = String::new();
        let dropped = *lock(&self.dropped);
        if dropped > 0 {
            out.push_str(&format!("{{\"event\":\"dropped\",\"lines\":{dropped}}}\n"));
        }
        for l in lines.iter() {
            out.push_str(l);
            out.push('\n');
        }
        out
    }

    /// Puts the log at its name.
    pub fn finish(&self) -> std::io::Result<()> {
        match lock(&self.file).take() {
            Some(p) => p.commit(),
            None => Ok(()),
        }
    }
}

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}
