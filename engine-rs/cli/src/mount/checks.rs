//! What `fracture mount` refuses before it mounts anything, each with one line: a machine without
//! FUSE, a MOUNTPOINT that is missing, not a directory, not empty or already a mount, SOURCE and
//! MOUNTPOINT inside each other, and an upper directory or log that would land in SOURCE or the mount.

use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

use crate::display;

/// SOURCE, MOUNTPOINT and the outputs, checked and made absolute.
pub struct Paths {
    pub source: PathBuf,
    pub mountpoint: PathBuf,
    pub source_is_dir: bool,
    pub upper: Option<PathBuf>,
    pub log: Option<PathBuf>,
}

/// The programs and devices a mount needs.
pub fn environment() -> Result<(), String> {
    match std::fs::metadata("/dev/fuse") {
        Ok(m) if m.file_type().is_char_device() => {}
        _ => {
            return Err("FUSE is not available: /dev/fuse is missing (load the fuse module; in a container, \
                 pass the device, e.g. docker run --device /dev/fuse)"
                .into())
        }
    }
    if find_program("fusermount3").is_none() {
        return Err("fusermount3 is missing: install FUSE 3 (Debian and Ubuntu: apt-get install fuse3)".into());
    }
    Ok(())
}

pub fn find_program(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|d| d.join(name)).find(|p| p.is_file())
}

/// Whether `path` is a mount point now (canonical), from /proc/self/mountinfo.
pub fn is_mount_point(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(info) = std::fs::read("/proc/self/mountinfo") else { return false };
    let want = path.as_os_str().as_bytes();
    info.split(|&b| b == b'\n').any(|line| line.split(|&b| b == b' ').nth(4).is_some_and(|m| unescape(m) == want))
}

/// mountinfo's octal escapes (`\040` for a space).
fn unescape(field: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(field.len());
    let mut i = 0;
    while i < field.len() {
        if field[i] == b'\\' && i + 4 <= field.len() {
            if let Ok(v) = u8::from_str_radix(&String::from_utf8_lossy(&field[i + 1..i + 4]), 8) {
                out.push(v);
                i += 4;
                continue;
            }
        }
        out.push(field[i]);
        i += 1;
    }
    out
}

fn inside(a: &Path, b: &Path) -> bool {
    a.starts_with(b)
}

/// An output path made absolute without following its last name: its directory, canonical.
fn absolute(p: &Path) -> Result<PathBuf, String> {
    let parent = match p.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let dir = std::fs::canonicalize(parent).map_err(|_| format!("{}: no such directory", display::path(parent)))?;
    let name = p.file_name().ok_or_else(|| format!("{}: not a file name", display::path(p)))?;
    let joined = dir.join(name);
    // An existing symlink is followed: the output lands where it points.
    Ok(std::fs::canonicalize(&joined).unwrap_or(joined))
}

pub fn paths(o: &super::Options) -> Result<Paths, String> {
    let shown_source = display::path(&o.source);
    let source =
        std::fs::canonicalize(&o.source).map_err(|e| format!("{shown_source}: {}", crate::process::io_text(&e)))?;
    let meta = std::fs::metadata(&source).map_err(|e| format!("{shown_source}: {}", crate::process::io_text(&e)))?;
    if !meta.is_dir() && !meta.is_file() {
        return Err(format!("{shown_source}: not a regular file or directory"));
    }
    let shown_mp = display::path(&o.mountpoint);
    let mp_meta = std::fs::symlink_metadata(&o.mountpoint)
        .map_err(|_| format!("{shown_mp}: no such directory (make it first: mkdir {shown_mp})"))?;
    let mountpoint = std::fs::canonicalize(&o.mountpoint).map_err(|e| format!("{shown_mp}: {e}"))?;
    if !mp_meta.is_dir() && !std::fs::metadata(&mountpoint).is_ok_and(|m| m.is_dir()) {
        return Err(format!("{shown_mp}: not a directory"));
    }
    if inside(&source, &mountpoint) || inside(&mountpoint, &source) {
        return Err(format!("{shown_source} and {shown_mp} must not be inside each other"));
    }
    if is_mount_point(&mountpoint) {
        return Err(format!("{shown_mp}: already a mount point (fracture umount {shown_mp} ends a Fracture mount)"));
    }
    if std::fs::read_dir(&mountpoint).map_err(|e| format!("{shown_mp}: {e}"))?.next().is_some() {
        return Err(format!("{shown_mp}: not empty (a mount would hide what it holds)"));
    }
    let upper = match &o.upper {
        Some(u) => {
            let abs = absolute(u)?;
            if abs.exists() && !abs.is_dir() {
                return Err(format!("{}: not a directory", display::path(u)));
            }
            for (other, what) in [(&source, "SOURCE"), (&mountpoint, "MOUNTPOINT")] {
                if inside(&abs, other) || inside(other, &abs) {
                    return Err(format!("--upper {}: must not be inside {what} or hold it", display::path(u)));
                }
            }
            Some(abs)
        }
        None => None,
    };
    let log = match &o.log {
        Some(l) => {
            let abs = absolute(l)?;
            if abs.is_dir() {
                return Err(format!("--log {}: is a directory", display::path(l)));
            }
            let outputs = [(&source, "SOURCE"), (&mountpoint, "MOUNTPOINT")];
            for (other, what) in outputs.into_iter().chain(upper.iter().map(|u| (u, "the upper directory"))) {
                if inside(&abs, other) {
                    return Err(format!("--log {}: must not be inside {what}", display::path(l)));
                }
            }
            Some(abs)
        }
        None => None,
    };
    Ok(Paths { source_is_dir: meta.is_dir(), source, mountpoint, upper, log })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mountinfo_escapes() {
        assert_eq!(unescape(b"/tmp/a\\040b"), b"/tmp/a b");
        assert_eq!(unescape(b"/plain"), b"/plain");
        assert!(is_mount_point(Path::new("/")));
        assert!(!is_mount_point(&std::env::temp_dir().join("surely-not-a-mount-point")));
    }
}
