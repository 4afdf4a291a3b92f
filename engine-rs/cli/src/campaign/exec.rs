//! One run of the program (docs/campaigns.md, section 2): started directly as the leader of a new
//! process group, its standard output and error read through pipes with the first 65536 bytes of
//! each kept, its whole group killed at the timeout and after it exits. One thread per run waits on
//! the process (a pidfd, so the exit is seen at once) and the pipes together with poll(2).
//!
//! Each group is told to the reaper (reaper.rs) as it starts and ends, so no program outlives a
//! campaign killed outright, and kept in its running set, which Ctrl-C kills (`reaper::kill_all`).

use std::ffi::{OsStr, OsString};
use std::io::Read;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::reaper::kill_group;

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
    let mut child = crate::reaper::spawn_group(
        Command::new(program)
            .args(args)
            .envs(env.iter().copied())
            .stdin(stdin)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0),
    )?;
    let group = child.id() as i32;
    on_start(group);
    let result = watch(&mut child, group, started, timeout);
    kill_group(group);
    crate::reaper::ended(group);
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
