//! Where a mount keeps what outlives a crash of its process: one private directory per mountpoint
//! (mode 0700, in `$XDG_RUNTIME_DIR/fracture` or `/tmp/fracture-UID`) holding the control socket and
//! a `state` file that names the process, the mountpoint, the temporary directories and the log's
//! temporary file. `fracture ctl` finds the socket from the mountpoint, and `fracture umount` uses the
//! state to unmount and clean up after a process that was killed.

use std::io;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

/// The directory every mount's own lives in: made 0700 if missing, and refused unless it is a real
/// directory of ours with no access for others (another user could otherwise plant a socket).
fn base() -> io::Result<PathBuf> {
    // SAFETY: geteuid has no preconditions and cannot fail.
    let uid = unsafe { libc::geteuid() };
    let dir = match std::env::var_os("XDG_RUNTIME_DIR").filter(|d| !d.is_empty()) {
        Some(run) => PathBuf::from(run).join("fracture"),
        None => std::env::temp_dir().join(format!("fracture-{uid}")),
    };
    // A mount that ends removes the base once it is empty (`cleanup`): gone between the two steps, it
    // is made again.
    let mut tries = 0;
    let m = loop {
        match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
        match std::fs::symlink_metadata(&dir) {
            Err(e) if e.kind() == io::ErrorKind::NotFound && tries < 16 => tries += 1,
            m => break m?,
        }
    };
    if !m.is_dir() || m.uid() != uid || m.mode() & 0o077 != 0 {
        return Err(io::Error::other(format!("{} is not a private directory of this user", dir.display())));
    }
    Ok(dir)
}

/// The private directory of the mount at `mountpoint` (canonical): named by a hash of its path.
pub fn dir_of(mountpoint: &Path) -> io::Result<PathBuf> {
    let mut h = fracture_engine::Sha256Hasher::default();
    h.update(mountpoint.as_os_str().as_bytes());
    Ok(base()?.join(format!("m-{}", &h.hex()[..16])))
}

/// What `fracture umount` needs after the mount's process is gone.
#[derive(Debug, Default, PartialEq)]
pub struct State {
    pub pid: u32,
    pub mountpoint: PathBuf,
    /// Directories to remove (the private upper directory and the variants' cache).
    pub temp_dirs: Vec<PathBuf>,
    /// The log's temporary file and its final name.
    pub log: Option<(PathBuf, PathBuf)>,
}

fn hex(p: &Path) -> String {
    p.as_os_str().as_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Option<PathBuf> {
    let bytes: Option<Vec<u8>> =
        (0..s.len()).step_by(2).map(|i| s.get(i..i + 2).and_then(|x| u8::from_str_radix(x, 16).ok())).collect();
    Some(PathBuf::from(std::ffi::OsStr::from_bytes(&bytes?)))
}

impl State {
    /// Lines `KEY VALUE`, paths in hex so any bytes survive.
    pub fn text(&self) -> String {
        let mut s = format!("pid {}\nmountpoint {}\n", self.pid, hex(&self.mountpoint));
        for d in &self.temp_dirs {
            s.push_str(&format!("temp {}\n", hex(d)));
        }
        if let Some((temp, dest)) = &self.log {
            s.push_str(&format!("log {} {}\n", hex(temp), hex(dest)));
        }
        s
    }

    pub fn parse(text: &str) -> Option<State> {
        let mut st = State::default();
        for line in text.lines() {
            let (key, value) = line.split_once(' ')?;
            match key {
                "pid" => st.pid = value.parse().ok()?,
                "mountpoint" => st.mountpoint = unhex(value)?,
                "temp" => st.temp_dirs.push(unhex(value)?),
                "log" => {
                    let (a, b) = value.split_once(' ')?;
                    st.log = Some((unhex(a)?, unhex(b)?));
                }
                _ => return None,
            }
        }
        Some(st)
    }

    /// Writes the state into `dir` (made 0700), through a temporary file.
    pub fn save(&self, dir: &Path) -> io::Result<()> {
        let tmp = dir.join("state.tmp");
        std::fs::write(&tmp, self.text())?;
        std::fs::set_permissions(&tmp, std::fs::Permissions::from_mode(0o600))?;
        std::fs::rename(&tmp, dir.join("state"))
    }

    pub fn load(dir: &Path) -> Option<State> {
        State::parse(&std::fs::read_to_string(dir.join("state")).ok()?)
    }
}

/// Makes the mount's private directory; refuses when another live process holds it.
pub fn claim(mountpoint: &Path) -> io::Result<PathBuf> {
    let dir = dir_of(mountpoint)?;
    if let Some(old) = State::load(&dir) {
        if alive(old.pid) {
            return Err(io::Error::other(format!("process {} already mounts there", old.pid)));
        }
        cleanup(&dir, &old);
    }
    let _ = std::fs::remove_dir_all(&dir);
    // Another mount ending meanwhile removes the base once it is empty (`cleanup`), so the base may be
    // gone between `dir_of` and here when mounts start and end side by side (the power-cut loop's job
    // slots): made again, checked again.
    let mut tries = 0;
    loop {
        match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
            Err(e) if e.kind() == io::ErrorKind::NotFound && tries < 16 => {
                tries += 1;
                base()?;
            }
            made => return made.map(|()| dir),
        }
    }
}

/// Whether process `pid` still runs.
pub fn alive(pid: u32) -> bool {
    // SAFETY: kill with signal 0 only checks that the process exists.
    pid > 0 && unsafe { libc::kill(pid as i32, 0) } == 0
}

/// Removes what a mount left: its temporary directories, and puts its log at its name.
pub fn cleanup(dir: &Path, st: &State) {
    for d in &st.temp_dirs {
        let _ = std::fs::remove_dir_all(d);
    }
    if let Some((temp, dest)) = &st.log {
        if temp.exists() {
            let _ = std::fs::rename(temp, dest);
        }
    }
    let _ = std::fs::remove_dir_all(dir);
    // The directory of every mount's own goes too once no mount uses it.
    if let Some(base) = dir.parent() {
        let _ = std::fs::remove_dir(base);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn state_keeps_any_path() {
        let odd = PathBuf::from(std::ffi::OsStr::from_bytes(b"/tmp/\xff odd\nname"));
        let st =
            State { pid: 42, mountpoint: odd.clone(), temp_dirs: vec![odd.clone()], log: Some((odd.clone(), odd)) };
        assert_eq!(State::parse(&st.text()), Some(st));
        assert_eq!(State::parse("pid x\n"), None);
    }

    /// Mounts start and end side by side (the power-cut loop's slots): the one that ends removes the
    /// shared base once it is empty, and a claim made meanwhile still gets its directory.
    #[test]
    fn claims_survive_other_mounts_ending() {
        std::thread::scope(|scope| {
            for t in 0..4 {
                scope.spawn(move || {
                    for i in 0..300 {
                        let mountpoint =
                            PathBuf::from(format!("/nonexistent/claims-test-{}-{t}-{i}", std::process::id()));
                        let dir = claim(&mountpoint).unwrap_or_else(|e| panic!("claim {t}/{i}: {e}"));
                        cleanup(&dir, &State::default());
                    }
                });
            }
        });
    }
}
