//! A mount's life: its private directories, the FUSE session, the command run with the mount in
//! place (in a process group of its own, which hears the signals Fracture hears), and the teardown
//! that leaves no mount and no temporary directory, however the mount ends.

use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicI32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use fuser::{Config, MountOption, SessionACL};

use super::checks::Paths;
use super::journal::Journal;
use super::layers::{Layers, Lower};
use super::power::{At, PowerCut};
use super::replay::Replay;
use super::state::{self, State};
use super::view::View;
use super::{ctl, faults::Faults, log::Log, Options, Shared};

use crate::campaign::record::Json;
use crate::display;

/// The signal that ends the mount (0: none yet), and the command's process group to pass it to.
static SIGNAL: AtomicI32 = AtomicI32::new(0);
static GROUP: AtomicI32 = AtomicI32::new(0);

fn on_signal(signal: i32) {
    SIGNAL.store(signal, Ordering::SeqCst);
    let group = GROUP.load(Ordering::SeqCst);
    if group > 0 {
        // SAFETY: kill() on a process group we started; an error (gone already) is harmless.
        unsafe { libc::kill(-group, signal) };
    }
}

fn header(corruption: Option<&super::Corruption>, p: &Paths, seed: u64, rules: &[String]) -> Json {
    let corruption = corruption.map_or(Json::Null, |c| {
        let list = |v: &[String]| Json::Arr(v.iter().map(|s| s.clone().into()).collect());
        Json::Obj(vec![
            ("mode", c.mode.clone().into()),
            ("intensity", u64::from(c.intensity).into()),
            ("only", list(&c.options.ranges.only)),
            ("protect", list(&c.options.ranges.protect)),
            ("fix_checksums", Json::Bool(c.options.fix_checksums)),
            ("member", c.options.member.clone().into()),
            ("files", list(&c.files)),
        ])
    });
    Json::Obj(vec![
        ("event", "mount".into()),
        ("fracture", env!("CARGO_PKG_VERSION").into()),
        ("engine", fracture_engine::ENGINE_VERSION.into()),
        ("source", display::path(&p.source).into()),
        ("seed", seed.into()),
        ("source_is_dir", Json::Bool(p.source_is_dir)),
        ("corruption", corruption),
        ("rules", Json::Arr(rules.iter().map(|r| r.clone().into()).collect())),
    ])
}

/// A mount in place: its FUSE session, what its threads share, and its private directories.
pub struct Mounted {
    session: fuser::BackgroundSession,
    pub shared: Arc<Shared>,
    mountpoint: PathBuf,
    /// The mount's private state directory (control socket, state file).
    dir: PathBuf,
    private: crate::output::PrivateDir,
}

/// What a mount is made of, besides its paths.
pub struct Setup {
    pub corruption: Option<super::Corruption>,
    pub faults: Faults,
    pub seed: u64,
    /// The rules as written, for the log's first line.
    pub rules: Vec<String>,
    /// Some rule drops unsynced writes, or cuts the power: writes are held until durable.
    pub drops: bool,
    /// The power-cut model and where to cut (`--power-cut`, `--power-cut-at`).
    pub power: Option<(super::cut::Power, Option<super::power::At>)>,
}

impl Mounted {
    /// Mounts SOURCE at MOUNTPOINT (both checked by crate::mount::checks); each failure is one line.
    pub fn start(p: &Paths, setup: Setup) -> Result<Mounted, String> {
        let dir = state::claim(&p.mountpoint).map_err(|e| format!("{}: {e}", display::path(&p.mountpoint)))?;
        crate::output::remove_on_signal(&dir);
        let private = crate::output::PrivateDir::create("fracture-mount-")
            .map_err(|e| format!("cannot make a private directory: {e}"))?;
        let held = setup.drops || setup.power.is_some();
        // Held writes: the program's view is private, the upper directory is the disk.
        let disk = p.upper.clone().unwrap_or_else(|| private.path().join("upper"));
        let upper = if held { private.path().join("view") } else { disk.clone() };
        let cache = private.path().join("cache");
        std::fs::create_dir_all(&upper)
            .and_then(|()| std::fs::create_dir_all(&disk))
            .and_then(|()| std::fs::create_dir(&cache))
            .map_err(|e| format!("cannot make the upper directory: {e}"))?;
        if held && std::fs::read_dir(&disk).is_ok_and(|mut d| d.next().is_some()) {
            return Err(format!(
                "--upper {}: not empty (with held writes, the upper directory is the disk a run starts from empty)",
                display::path(&disk)
            ));
        }
        let log = Log::open(p.log.as_deref()).map_err(|e| format!("cannot write the log: {e}"))?;
        log.write(header(setup.corruption.as_ref(), p, setup.seed, &setup.rules));
        let lower = if p.source_is_dir {
            // The mount's root shows SOURCE's mode.
            if let Ok(m) = std::fs::metadata(&p.source) {
                let _ = std::fs::set_permissions(&upper, m.permissions());
                let _ = std::fs::set_permissions(&disk, m.permissions());
            }
            Lower::Dir(p.source.clone())
        } else {
            let name = p.source.file_name().map(|n| n.to_os_string()).unwrap_or_default();
            Lower::File { name, path: p.source.clone() }
        };
        let journal = if held {
            let sector = setup.power.map_or(4096, |(p, _)| p.sector);
            let j = Journal::new(Layers { lower: lower.clone(), upper: disk }, &cache, sector)
                .map_err(|e| format!("cannot make the upper directory: {e}"))?;
            Some(Arc::new(j))
        } else {
            None
        };
        let power = match (&journal, setup.power) {
            (Some(j), Some((model, at))) => Some(PowerCut::new(model, setup.seed, at, j.clone())),
            _ => None,
        };
        let shared = Arc::new(Shared {
            faults: setup.faults,
            keep_log: p.log.is_some(),
            log,
            seed: setup.seed,
            corruption: setup.corruption.map(Arc::new),
            source_is_dir: p.source_is_dir,
            journal,
            power,
            mapped: Default::default(),
        });
        let view = Arc::new(View::new(shared.clone(), Layers { lower, upper }, cache));
        let session =
            start(view, &p.mountpoint).map_err(|e| format!("cannot mount {}: {e}", display::path(&p.mountpoint)))?;
        let st = State {
            pid: std::process::id(),
            mountpoint: p.mountpoint.clone(),
            temp_dirs: vec![private.path().to_path_buf()],
            log: shared.log.paths(),
        };
        let _ = st.save(&dir);
        let _ = ctl::serve(&dir, shared.clone());
        Ok(Mounted { session, shared, mountpoint: p.mountpoint.clone(), dir, private })
    }

    /// Whether the mount ended from outside (`fracture umount`, `fusermount3 -u`).
    pub fn gone(&self) -> bool {
        self.session.guard.is_finished()
    }

    /// The program ended: a cut asked for at its end happens now; without a cut, everything held
    /// becomes durable (the mount ends as a clean unmount does). The cut's report, if one happened.
    pub fn settle(&self) -> Option<super::power::Report> {
        let shared = &self.shared;
        if let Some(p) = &shared.power {
            if p.at == Some(At::End) {
                p.cut(None, "after the program ended", &shared.log);
            }
            if let Some(r) = p.report.lock().unwrap_or_else(|e| e.into_inner()).clone() {
                return Some(r);
            }
        }
        if let Some(j) = &shared.journal {
            if let Err(e) = j.sync_all() {
                eprintln!("fracture: cannot write the upper directory: {e}");
            }
            j.finish();
        }
        None
    }

    /// Unmounts, puts the log at its name and removes the private directories.
    pub fn end(self) {
        teardown(self.session, &self.mountpoint);
        if let Err(e) = self.shared.log.finish() {
            eprintln!("fracture: cannot write the log: {e}");
        }
        drop(self.private);
        state::cleanup(&self.dir, &State::default());
    }
}

/// Mounts, runs the command (or waits), and tears down; the exit code is the command's.
pub fn mount(o: Options, p: Paths, seed: u64, replayed: Option<Replay>) -> ExitCode {
    let rules: Vec<String> = o.rules.iter().map(|r| r.to_string()).collect();
    let drops = o.rules.iter().any(|r| r.effect == super::rules::Effect::Drop)
        || replayed.as_ref().is_some_and(|r| r.faults.iter().any(|f| f.effect == super::rules::Effect::Drop));
    let faults = match replayed {
        Some(r) => Faults::replaying(seed, r.faults),
        None => Faults::new(seed, o.rules.clone()),
    };
    let setup = Setup { corruption: o.corruption.clone(), faults, seed, rules, drops, power: o.power };
    let mounted = match Mounted::start(&p, setup) {
        Ok(m) => m,
        Err(msg) => {
            eprintln!("fracture: {msg}");
            return ExitCode::from(2);
        }
    };
    crate::output::on_interrupt(on_signal);
    let code = if o.command.is_empty() {
        if !o.quiet {
            eprintln!(
                "fracture: {} mounted at {} (seed {seed}); Ctrl-C or `fracture umount {}` ends it",
                display::path(&p.source),
                display::path(&p.mountpoint),
                display::path(&p.mountpoint)
            );
        }
        while SIGNAL.load(Ordering::SeqCst) == 0 && !mounted.gone() {
            std::thread::sleep(Duration::from_millis(50));
        }
        ExitCode::SUCCESS
    } else {
        run_command(&o.command, &p.mountpoint, &mounted.shared)
    };
    let cut = mounted.settle();
    let code = match (&mounted.shared.power, cut) {
        (Some(power), Some(report)) => {
            eprintln!("fracture: {}", power.line(&report));
            ExitCode::SUCCESS
        }
        (Some(power), None) => {
            eprintln!("fracture: the program made {} durability points", power.points());
            match power.at {
                Some(At::Point(k)) => {
                    eprintln!("fracture: no power cut: the program ended before durability point {k}");
                    ExitCode::from(1)
                }
                _ => code,
            }
        }
        _ => code,
    };
    mounted.end();
    code
}

fn start(view: Arc<View>, mountpoint: &Path) -> std::io::Result<fuser::BackgroundSession> {
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    let allow_other = root
        || std::fs::read_to_string("/etc/fuse.conf").is_ok_and(|c| c.lines().any(|l| l.trim() == "user_allow_other"));
    let mut config = Config::default();
    config.mount_options = vec![
        MountOption::FSName("fracture".into()),
        MountOption::Subtype("fracture".into()),
        MountOption::DefaultPermissions,
        MountOption::RW,
    ];
    if allow_other {
        // fusermount3 stays beside the process and unmounts when it ends, even by SIGKILL.
        config.mount_options.push(MountOption::AutoUnmount);
        config.acl = SessionACL::All;
    }
    config.n_threads = Some(std::env::var("FRACTURE_FUSE_THREADS").ok().and_then(|v| v.parse().ok()).unwrap_or(4));
    config.clone_fd = true;
    fuser::Session::new(super::fs::Fs::new(view), mountpoint, &config)?.spawn()
}

/// Runs the command with the mount in place, in a process group of its own that hears the signals
/// Fracture hears; its exit status (128 + the signal, when a signal ended it) is Fracture's.
fn run_command(command: &[std::ffi::OsString], mountpoint: &Path, shared: &Shared) -> ExitCode {
    let mut cmd = std::process::Command::new(&command[0]);
    cmd.args(&command[1..]).env("FRACTURE_MOUNT", mountpoint).process_group(0);
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("fracture: {}: {}", display::path(Path::new(&command[0])), crate::process::io_text(&e));
            return ExitCode::from(127);
        }
    };
    GROUP.store(child.id() as i32, Ordering::SeqCst);
    if let Some(p) = &shared.power {
        p.group.store(child.id() as i32, Ordering::SeqCst);
    }
    // A signal that came before the group was known is passed on now.
    let early = SIGNAL.load(Ordering::SeqCst);
    if early != 0 {
        on_signal(early);
    }
    let terminal = Terminal::lend(child.id() as i32);
    let status = child.wait();
    drop(terminal);
    GROUP.store(0, Ordering::SeqCst);
    match status {
        Ok(s) => match (s.code(), s.signal()) {
            (Some(c), _) => ExitCode::from(c as u8),
            (None, Some(sig)) => ExitCode::from(128 + sig as u8),
            _ => ExitCode::from(1),
        },
        Err(_) => ExitCode::from(1),
    }
}

/// The terminal, lent to the command's process group while it runs when Fracture has it in the
/// foreground, so an interactive command reads it and hears Ctrl-C itself, as a shell's job does.
struct Terminal(Option<i32>);

impl Terminal {
    fn lend(group: i32) -> Terminal {
        // SAFETY: isatty, tcgetpgrp, getpgrp and tcsetpgrp take integers; SIGTTOU is ignored while
        // the foreground group changes, as shells do, so the change cannot stop this process.
        unsafe {
            let ours = libc::getpgrp();
            if libc::isatty(0) == 0 || libc::tcgetpgrp(0) != ours {
                return Terminal(None);
            }
            let old = libc::signal(libc::SIGTTOU, libc::SIG_IGN);
            let lent = libc::tcsetpgrp(0, group) == 0;
            libc::signal(libc::SIGTTOU, old);
            // A shell that started before it had the terminal stopped itself to wait for it.
            if lent {
                libc::kill(-group, libc::SIGCONT);
            }
            Terminal(lent.then_some(ours))
        }
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        if let Some(ours) = self.0 {
            // SAFETY: as in `lend`: the terminal goes back to this process's group.
            unsafe {
                let old = libc::signal(libc::SIGTTOU, libc::SIG_IGN);
                libc::tcsetpgrp(0, ours);
                libc::signal(libc::SIGTTOU, old);
            }
        }
    }
}

/// Unmounts (lazily: a mount still busy, because a process the command left behind holds a file,
/// goes as soon as that process lets go), then lets the session's threads end. Unmounting here rather
/// than leaving it to fusermount3's auto-unmount, which reacts seconds later, keeps a campaign's
/// mounts quick.
fn teardown(session: fuser::BackgroundSession, mountpoint: &Path) {
    detach(mountpoint);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(session.umount_and_join());
    });
    let _ = rx.recv_timeout(Duration::from_secs(5));
}

/// A lazy unmount: umount2(MNT_DETACH) as root, else `fusermount3 -u -z` (which the mount's owner
/// may run); true when the mount is gone.
fn detach(mountpoint: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    if !super::checks::is_mount_point(mountpoint) {
        return true;
    }
    let path = std::ffi::CString::new(mountpoint.as_os_str().as_bytes()).unwrap_or_default();
    // SAFETY: umount2 reads a NUL-terminated path; it fails harmlessly without the right.
    if unsafe { libc::umount2(path.as_ptr(), libc::MNT_DETACH) } == 0 {
        return true;
    }
    let quiet = std::process::Stdio::null();
    std::process::Command::new("fusermount3")
        .args(["-u", "-z"])
        .arg(mountpoint)
        .stderr(quiet)
        .status()
        .is_ok_and(|s| s.success())
        || !super::checks::is_mount_point(mountpoint)
}

/// `fracture umount MOUNTPOINT`: asks a live mount to end (SIGTERM) and waits for it; after a mount
/// whose process was killed, unmounts and removes what it left.
pub fn umount(mountpoint: &Path) -> ExitCode {
    let shown = display::path(mountpoint);
    let Ok(mp) = std::fs::canonicalize(mountpoint) else {
        eprintln!("fracture: {shown}: no such directory");
        return ExitCode::from(2);
    };
    let dir = match state::dir_of(&mp) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("fracture: {e}");
            return ExitCode::from(1);
        }
    };
    let st = State::load(&dir);
    let mounted = super::checks::is_mount_point(&mp) && is_fracture_mount(&mp);
    if st.is_none() && !mounted {
        eprintln!("fracture: {shown} is not a Fracture mount");
        return ExitCode::from(1);
    }
    if let Some(st) = &st {
        if state::alive(st.pid) && st.pid != std::process::id() {
            // SAFETY: SIGTERM to the process that made this mount (recorded in its private state).
            unsafe { libc::kill(st.pid as i32, libc::SIGTERM) };
            for _ in 0..200 {
                if !state::alive(st.pid) {
                    break;
                }
                std::thread::sleep(Duration::from_millis(50));
            }
        }
    }
    if super::checks::is_mount_point(&mp) && is_fracture_mount(&mp) && !detach(&mp) {
        eprintln!("fracture: cannot unmount {shown} (fusermount3 -u failed)");
        return ExitCode::from(1);
    }
    if let Some(st) = &st {
        state::cleanup(&dir, st);
    }
    ExitCode::SUCCESS
}

/// Whether the mount at `mp` is one of Fracture's (type fuse.fracture).
fn is_fracture_mount(mp: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(mounts) = std::fs::read("/proc/self/mounts") else { return false };
    let want: PathBuf = mp.to_path_buf();
    mounts.split(|&b| b == b'\n').any(|line| {
        let mut fields = line.split(|&b| b == b' ');
        let _src = fields.next();
        let target = fields.next().unwrap_or_default();
        let kind = fields.next().unwrap_or_default();
        kind == b"fuse.fracture" && target == want.as_os_str().as_bytes()
    })
}
