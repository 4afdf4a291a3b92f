//! Every output through a temporary file (docs/cli.md, "Every output through a temporary file"): a
//! new file `.fracture-{pid}-{n}-{random}.tmp` beside the destination, created exclusively with mode
//! 0600, written, given its final mode, then exchanged with (or renamed onto) the final name. A
//! signal (SIGINT, SIGTERM, SIGHUP) removes every temporary file and spool, and ends the process
//! with 128 + its number.
//!
//! One lock covers the list of temporary paths and every step that creates, renames or removes one,
//! and the signal thread holds it until the process has ended: a temporary file is either in the list
//! (and removed on a signal) or already renamed, never half of each.

use std::fs::{File, Permissions};
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, MutexGuard, OnceLock};
use std::thread::JoinHandle;

struct State {
    /// Temporary files (and replaced outputs swapped to a temporary name): removed on a signal.
    files: Vec<PathBuf>,
    /// Private directories (the spool of standard input, minimize's): removed on a signal.
    dirs: Vec<PathBuf>,
    /// Run first on a signal (minimize ends its tests' process groups).
    hooks: Vec<fn()>,
    /// Takes the first signal in place of ending the process (`fracture run` ends its campaign by its
    /// usual path, so DIR is left consistent); a second signal ends the process.
    interrupt: Option<fn(i32)>,
    /// Earlier outputs being deleted on threads of their own, joined by `finish`.
    discarding: Vec<JoinHandle<()>>,
}

static STATE: Mutex<State> = Mutex::new(State {
    files: Vec::new(),
    dirs: Vec::new(),
    hooks: Vec::new(),
    interrupt: None,
    discarding: Vec::new(),
});

fn lock() -> MutexGuard<'static, State> {
    STATE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

static UMASK: OnceLock<u32> = OnceLock::new();
static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Reads the umask and starts the thread that hears SIGINT, SIGTERM and SIGHUP. Called first thing in
/// `main`, before any other thread exists (reading the umask means setting it for a moment).
pub fn init() {
    // SAFETY: umask() only swaps the process's mask; it is set back at once, before other threads exist.
    let mask = unsafe {
        let old = libc::umask(0o077);
        libc::umask(old);
        old
    };
    let _ = UMASK.set(mask & 0o777);
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    if let Ok(mut signals) = signal_hook::iterator::Signals::new([SIGINT, SIGTERM, SIGHUP]) {
        std::thread::spawn(move || {
            for signal in signals.forever() {
                stop(signal);
            }
        });
    }
}

/// Cleans up after a signal and ends the process with 128 + its number, holding the lock so that no
/// temporary file is created or renamed meanwhile.
fn stop(signal: i32) {
    let mut state = lock();
    if let Some(interrupt) = state.interrupt.take() {
        drop(state);
        interrupt(signal);
        return;
    }
    for hook in &state.hooks {
        hook();
    }
    for file in &state.files {
        let _ = std::fs::remove_file(file);
    }
    for dir in &state.dirs {
        let _ = std::fs::remove_dir_all(dir);
    }
    // A hook (minimize's) says it in its own words.
    if state.hooks.is_empty() {
        eprintln!("{}", fracture_host::messages::interrupted_temporaries());
    }
    std::process::exit(128 + signal);
}

/// Removes `dir` (made elsewhere) when a signal ends the process.
pub fn remove_on_signal(dir: &Path) {
    lock().dirs.push(dir.to_path_buf());
}

/// Hands the first signal to `interrupt` instead of ending the process.
pub fn on_interrupt(interrupt: fn(i32)) {
    lock().interrupt = Some(interrupt);
}

/// Runs `hook` first when a signal ends the process (in place of the line saying so).
pub fn on_signal(hook: fn()) {
    lock().hooks.push(hook);
}

/// Waits for the deletion of replaced outputs (so none is left when the process ends).
pub fn finish() {
    let handles = std::mem::take(&mut lock().discarding);
    for handle in handles {
        let _ = handle.join();
    }
}

/// The mode of a new output made from inputs granting `allowed`: the default mode (0666 less the
/// umask) less what they do not grant.
pub fn mode(allowed: u32) -> u32 {
    0o666 & !UMASK.get().copied().unwrap_or(0o022) & allowed
}

/// The file that writing to `path` replaces: the file a symlink names (the link is kept), else `path`.
fn destination(path: &Path) -> PathBuf {
    match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf()),
        _ => path.to_path_buf(),
    }
}

fn parent(path: &Path) -> &Path {
    match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    }
}

/// An output being written to its temporary file; removed when dropped without `commit`.
pub struct Pending {
    file: Option<File>,
    temp: PathBuf,
    dest: PathBuf,
    mode: u32,
}

/// Creates the temporary file for an output to `path` of mode `mode` (open for reading too, so that
/// checksum fixing can patch it).
pub fn create(path: &Path, mode: u32) -> std::io::Result<Pending> {
    let dest = destination(path);
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    let mut state = lock();
    let temp = tempfile::Builder::new()
        .prefix(&format!(".fracture-{}-{n}-", std::process::id()))
        .suffix(".tmp")
        .rand_bytes(6)
        .permissions(Permissions::from_mode(0o600))
        .tempfile_in(parent(&dest))?;
    let (file, temp) = temp.into_parts();
    let temp = temp.keep().map_err(|e| e.error)?;
    state.files.push(temp.clone());
    Ok(Pending { file: Some(file), temp, dest, mode })
}

impl Pending {
    /// The temporary file's path, and the final name it goes to.
    pub fn temp(&self) -> &Path {
        &self.temp
    }

    pub fn dest(&self) -> &Path {
        &self.dest
    }

    pub fn file(&self) -> &File {
        self.file.as_ref().expect("open until committed")
    }

    /// Gives the file its final mode and puts it at the final name. An earlier file there is swapped
    /// with it in one step (`renameat2` with `RENAME_EXCHANGE`): the final name always names a whole
    /// file, the old one or the new, and the old one, now at the temporary name, is deleted on a
    /// thread. The exchange also spares the new file the flush that ext4 starts when a rename replaces
    /// a file (auto_da_alloc: 40 to 65 ms for 200 MiB here). Where the system cannot exchange, a plain
    /// rename replaces the earlier file.
    pub fn commit(mut self) -> std::io::Result<()> {
        if let Some(file) = self.file.take() {
            file.set_permissions(Permissions::from_mode(self.mode))?;
        }
        let mut state = lock();
        let temp = std::mem::take(&mut self.temp);
        let replacing = std::fs::symlink_metadata(&self.dest).is_ok_and(|m| m.is_file());
        let exchanged = replacing && exchange(&temp, &self.dest).is_ok();
        if exchanged {
            // The temporary name holds the earlier file now, still listed: a signal removes it too.
            state.discarding.push(std::thread::spawn(move || {
                let _ = std::fs::remove_file(&temp);
                lock().files.retain(|f| *f != temp);
            }));
            return Ok(());
        }
        let renamed = std::fs::rename(&temp, &self.dest);
        if renamed.is_ok() {
            state.files.retain(|f| *f != temp);
        } else {
            // Dropped below: the temporary file is removed.
            self.temp = temp;
        }
        renamed
    }
}

fn exchange(a: &Path, b: &Path) -> std::io::Result<()> {
    use rustix::fs::{renameat_with, RenameFlags, CWD};
    renameat_with(CWD, a, CWD, b, RenameFlags::EXCHANGE).map_err(std::io::Error::from)
}

impl Drop for Pending {
    fn drop(&mut self) {
        self.file = None;
        if !self.temp.as_os_str().is_empty() {
            let mut state = lock();
            let _ = std::fs::remove_file(&self.temp);
            let temp = std::mem::take(&mut self.temp);
            state.files.retain(|f| *f != temp);
        }
    }
}

/// Writes `bytes` to `path` through a temporary file.
pub fn write(path: &Path, bytes: &[u8], mode: u32) -> std::io::Result<()> {
    let pending = create(path, mode)?;
    pending.file().write_all(bytes)?;
    pending.commit()
}

/// A private directory for the run (mode 0700), removed when dropped and on a signal.
pub struct PrivateDir {
    path: PathBuf,
}

impl PrivateDir {
    pub fn create(prefix: &str) -> std::io::Result<PrivateDir> {
        let mut state = lock();
        let dir = tempfile::Builder::new().prefix(prefix).permissions(Permissions::from_mode(0o700)).tempdir()?;
        let path = dir.keep();
        state.dirs.push(path.clone());
        Ok(PrivateDir { path })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// A new file in the directory, mode 0600, open for reading and writing.
    pub fn file(&self, name: &str) -> std::io::Result<(PathBuf, File)> {
        use std::os::unix::fs::OpenOptionsExt;
        let path = self.path.join(name);
        let file = File::options().read(true).write(true).create_new(true).mode(0o600).open(&path)?;
        Ok((path, file))
    }
}

impl Drop for PrivateDir {
    fn drop(&mut self) {
        let mut state = lock();
        let _ = std::fs::remove_dir_all(&self.path);
        state.dirs.retain(|d| *d != self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut v: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        v.sort();
        v
    }

    #[test]
    fn replaces_by_rename_through_links_and_leaves_nothing_behind() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path();
        let out = dir.join("out.bin");
        // An earlier output that another name shares keeps its bytes there.
        std::fs::write(&out, "old").unwrap();
        std::fs::hard_link(&out, dir.join("kept")).unwrap();
        write(&out, b"new", mode(0o600)).unwrap();
        finish();
        assert_eq!(std::fs::read(&out).unwrap(), b"new");
        assert_eq!(std::fs::read(dir.join("kept")).unwrap(), b"old");
        assert_eq!(std::fs::metadata(&out).unwrap().permissions().mode() & 0o777, 0o600);
        assert_eq!(names(dir), ["kept", "out.bin"]);
        // Through a symlink: the file it names gets the bytes, the link stays.
        std::fs::remove_file(&out).unwrap();
        std::os::unix::fs::symlink("kept", &out).unwrap();
        write(&out, b"newer", mode(0o644)).unwrap();
        finish();
        assert!(std::fs::symlink_metadata(&out).unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(dir.join("kept")).unwrap(), b"newer");
        assert_eq!(names(dir), ["kept", "out.bin"]);
        // Dropped before the commit: the temporary file goes, the final name keeps what it had.
        let pending = create(&dir.join("kept"), 0o644).unwrap();
        pending.file().write_all(b"half").unwrap();
        assert_eq!(names(dir).len(), 3);
        drop(pending);
        assert_eq!(names(dir), ["kept", "out.bin"]);
        assert_eq!(std::fs::read(dir.join("kept")).unwrap(), b"newer");
        assert!(lock().files.is_empty());
    }

    #[test]
    fn private_directories_are_0700_with_0600_files_and_go_when_dropped() {
        let spool = PrivateDir::create("fracture-test-").unwrap();
        let (path, _file) = spool.file("input").unwrap();
        let dir = path.parent().unwrap().to_path_buf();
        assert_eq!(std::fs::metadata(&dir).unwrap().permissions().mode() & 0o777, 0o700);
        assert_eq!(std::fs::metadata(&path).unwrap().permissions().mode() & 0o777, 0o600);
        drop(spool);
        assert!(!dir.exists());
    }
}
