//! The reaper: a process that outlives this one and kills the process groups it started. `fracture
//! run`'s programs and `fracture minimize`'s tests each run in a group of their own, so no signal sent
//! to the CLI reaches them, and a CLI killed outright (SIGKILL: a CI job's time limit, the OOM
//! killer) runs no handler. So before the first group starts, `fracture` starts again with
//! REAPER_ARG, in a group of its own, and hears each group as it starts and ends through a pipe.
//! When this process ends, however it ends, the pipe closes and the reaper kills the groups still
//! running (the npm CLI's spawner does the same, cli/run/spawner.ts).
//!
//! It also keeps the set of groups running now, the one the commands kill together on Ctrl-C,
//! SIGTERM or SIGHUP (`kill_all`): a campaign's programs and its crashes' minimiser tests, and
//! `fracture minimize`'s tests, all start and end here.

use std::collections::HashSet;
use std::io::{BufRead, Write};
use std::os::unix::process::CommandExt;
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::Mutex;

/// The argument that makes `fracture` the reaper: the CLI gives it, no user types it.
pub const REAPER_ARG: &str = "__fracture-reaper";

/// The reaper's standard input, once started (None inside: it could not start, or its pipe broke).
static REAPER: Mutex<Option<Option<ChildStdin>>> = Mutex::new(None);

/// The process groups running now.
static LIVE: Mutex<Option<HashSet<i32>>> = Mutex::new(None);

fn live() -> std::sync::MutexGuard<'static, Option<HashSet<i32>>> {
    LIVE.lock().unwrap_or_else(|p| p.into_inner())
}

/// Spawns `command` (which must start a process group of its own) and registers its group: kept in
/// the running set and told to the reaper. The reaper is started before the spawn, not after it, so
/// that between the spawn and the telling there is one write: a CLI killed outright in the
/// milliseconds a first reaper takes to start would otherwise leave its first group running.
pub fn spawn_group(command: &mut Command) -> std::io::Result<Child> {
    REAPER.lock().unwrap_or_else(|p| p.into_inner()).get_or_insert_with(start);
    let child = command.spawn()?;
    let group = child.id() as i32;
    live().get_or_insert_with(HashSet::new).insert(group);
    tell('+', group);
    Ok(child)
}

/// `group` is gone (its caller killed what it left behind): out of the set, and the reaper told.
pub fn ended(group: i32) {
    if let Some(set) = live().as_mut() {
        set.remove(&group);
    }
    tell('-', group);
}

/// Kills every running group (Ctrl-C, SIGTERM, SIGHUP); groups started later are not affected.
pub fn kill_all() {
    if let Some(set) = live().as_ref() {
        for &g in set {
            kill_group(g);
        }
    }
}

/// Kills process group `group` (SIGKILL).
pub fn kill_group(group: i32) {
    // SAFETY: kill() has no memory effects; a group already gone gives ESRCH, ignored.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

fn start() -> Option<ChildStdin> {
    let exe = std::env::current_exe().ok()?;
    let mut reaper = Command::new(exe)
        .arg(REAPER_ARG)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .spawn()
        .ok()?;
    // Not waited for: it ends when this process does (its pipe is close-on-exec, so no program holds it).
    reaper.stdin.take()
}

/// Tells the reaper that `group` started (`+`) or is gone (`-`), starting it first if need be.
fn tell(op: char, group: i32) {
    let mut reaper = REAPER.lock().unwrap_or_else(|p| p.into_inner());
    let pipe = reaper.get_or_insert_with(start);
    if let Some(p) = pipe.as_mut() {
        if writeln!(p, "{op}{group}").is_err() {
            *pipe = None;
        }
    }
}

/// The reaper (`fracture __fracture-reaper`): reads `+G` and `-G` lines until its standard input
/// ends, then kills every group G still running.
pub fn reap() -> ExitCode {
    let mut live: HashSet<i32> = HashSet::new();
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let (op, group) = line.split_at(line.len().min(1));
        let Ok(group) = group.parse::<i32>() else { continue };
        match op {
            "+" if group > 0 => live.insert(group),
            "-" => live.remove(&group),
            _ => false,
        };
    }
    for group in live {
        kill_group(group);
    }
    ExitCode::SUCCESS
}
