//! One run of the program (docs/campaigns.md, section 2): started directly as the leader of a new
//! process group, its standard output and error read through pipes with the first 65536 bytes of
//! each kept, its whole group killed at the timeout and after it exits. One thread per run waits on
//! the process (a pidfd, so the exit is seen at once) and the pipes together with poll(2).
//!
//! A reaper outlives this process: `fracture` started again with REAPER_ARG, in a process group of
//! its own, told each group as it starts and ends through a pipe. When this process ends, however it
//! ends (SIGKILL included), the pipe closes and the reaper kills the groups still running, so no
//! program outlives a killed campaign (the npm CLI's spawner does the same, cli/run/spawner.ts).

use std::collections::HashSet;
use std::ffi::{OsStr, OsString};
use std::io::{BufRead, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, ChildStdin, Command, ExitCode, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Bytes kept of standard output and of standard error.
pub const KEEP: usize = 65536;

/// How a run ended: the campaign model's own type, so a run's end goes to it as it is.
pub use fracture_host::campaign::Status;

pub struct Exit {
    pub status: Status,
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub duration_ms: u64,
}

/// The process groups of the running programs, killed together on Ctrl-C.
static GROUPS: Mutex<Option<HashSet<i32>>> = Mutex::new(None);

fn groups() -> std::sync::MutexGuard<'static, Option<HashSet<i32>>> {
    GROUPS.lock().unwrap_or_else(|p| p.into_inner())
}

fn kill_group(group: i32) {
    // SAFETY: kill() has no memory effects; a group already gone gives ESRCH, ignored.
    unsafe {
        libc::kill(-group, libc::SIGKILL);
    }
}

/// Kills every running program's group (Ctrl-C); runs started later are not affected.
pub fn kill_all() {
    if let Some(set) = groups().as_ref() {
        for &g in set {
            kill_group(g);
        }
    }
}

/// The argument that makes `fracture` the reaper: `fracture run` gives it, no user types it.
pub const REAPER_ARG: &str = "__fracture-reaper";

/// The reaper's standard input, once started (None inside: it could not start, or its pipe broke).
static REAPER: Mutex<Option<Option<ChildStdin>>> = Mutex::new(None);

fn start_reaper() -> Option<ChildStdin> {
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

/// Tells the reaper that `group` started (`+`) or is gone (`-`).
fn tell_reaper(op: char, group: i32) {
    let mut reaper = REAPER.lock().unwrap_or_else(|p| p.into_inner());
    let pipe = reaper.get_or_insert_with(start_reaper);
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

/// A descriptor that becomes readable when the process ends (Linux 5.3 and later), else None.
fn pidfd(pid: i32) -> Option<OwnedFd> {
    // SAFETY: pidfd_open takes two integers and returns a new descriptor or -1.
    let fd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid, 0) };
    // SAFETY: a non-negative return is a descriptor this process now owns.
    (fd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(fd as RawFd) })
}

/// Keeps the first KEEP bytes read, drops the rest.
struct Capture<R> {
    pipe: Option<R>,
    kept: Vec<u8>,
}

impl<R: Read + AsRawFd> Capture<R> {
    fn read(&mut self) {
        let Some(pipe) = self.pipe.as_mut() else { return };
        let mut buf = [0u8; 16384];
        match pipe.read(&mut buf) {
            Ok(0) => self.pipe = None,
            Ok(n) => {
                let room = KEEP.saturating_sub(self.kept.len());
                self.kept.extend_from_slice(&buf[..n.min(room)]);
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(_) => self.pipe = None,
        }
    }
}

/// Runs `program` with `args` and `env` added to its environment, `stdin` as its standard input, for
/// at most `timeout`; `on_start` hears its process group as soon as it exists.
pub fn run(
    program: &OsStr,
    args: &[OsString],
    env: &[(&str, &OsStr)],
    stdin: Stdio,
    timeout: Duration,
    on_start: &dyn Fn(i32),
) -> std::io::Result<Exit> {
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .envs(env.iter().copied())
        .stdin(stdin)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()?;
    let group = child.id() as i32;
    on_start(group);
    groups().get_or_insert_with(HashSet::new).insert(group);
    tell_reaper('+', group);
    let result = watch(&mut child, group, started, timeout);
    kill_group(group);
    if let Some(set) = groups().as_mut() {
        set.remove(&group);
    }
    tell_reaper('-', group);
    Ok(result)
}

fn watch(child: &mut Child, group: i32, started: Instant, timeout: Duration) -> Exit {
    let deadline = started + timeout;
    let pidfd = pidfd(group);
    let mut out = Capture { pipe: child.stdout.take(), kept: Vec::new() };
    let mut err = Capture { pipe: child.stderr.take(), kept: Vec::new() };
    let mut status: Option<Status> = None;
    let mut timed_out = false;
    let mut ended: Option<Instant> = None;
    // After the exit the group is killed, so the pipes end at once; a process that left the group and
    // holds them open is not waited for: what the pipes hold is read for 100 ms at most.
    let mut drain_until: Option<Instant> = None;
    loop {
        if status.is_none() {
            if let Ok(Some(s)) = child.try_wait() {
                ended = Some(Instant::now());
                status = Some(if timed_out {
                    Status::Timeout
                } else {
                    match (s.code(), s.signal()) {
                        (Some(c), _) => Status::Code(c),
                        (None, Some(sig)) => Status::Signal(sig),
                        (None, None) => Status::Code(-1),
                    }
                });
                // What the program left behind goes with it, so the pipes reach their end.
                kill_group(group);
                drain_until = Some(Instant::now() + Duration::from_millis(100));
            }
        }
        let now = Instant::now();
        if status.is_none() && !timed_out && now >= deadline {
            kill_group(group);
            timed_out = true;
            continue;
        }
        if status.is_some() && (out.pipe.is_none() && err.pipe.is_none() || drain_until.is_some_and(|d| now >= d)) {
            break;
        }
        let mut fds: Vec<libc::pollfd> = Vec::with_capacity(3);
        let mut push = |fd: RawFd| fds.push(libc::pollfd { fd, events: libc::POLLIN, revents: 0 });
        push(out.pipe.as_ref().map_or(-1, |p| p.as_raw_fd()));
        push(err.pipe.as_ref().map_or(-1, |p| p.as_raw_fd()));
        let exited_fd = if status.is_none() { pidfd.as_ref().map_or(-1, |f| f.as_raw_fd()) } else { -1 };
        push(exited_fd);
        let limit = match (status, drain_until) {
            (Some(_), Some(d)) => d,
            _ if timed_out => now + Duration::from_millis(10),
            _ => deadline,
        };
        let mut wait = limit.saturating_duration_since(now).as_millis().min(i32::MAX as u128) as i32;
        if status.is_none() && pidfd.is_none() {
            // No pidfd: look at the process every 2 ms.
            wait = wait.min(2);
        }
        // SAFETY: `fds` is a valid array of pollfd of the given length; negative fds are ignored.
        let ready = unsafe { libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, wait.max(0)) };
        if ready <= 0 {
            continue;
        }
        if fds[0].revents != 0 {
            out.read();
        }
        if fds[1].revents != 0 {
            err.read();
        }
    }
    let _ = child.wait();
    let ended = ended.unwrap_or_else(Instant::now);
    Exit {
        status: status.unwrap_or(Status::Timeout),
        stdout: out.kept,
        stderr: err.kept,
        duration_ms: ended.duration_since(started).as_millis() as u64,
    }
}
