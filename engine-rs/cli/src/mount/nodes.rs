//! The mount's inode numbers: each (parent, name) the kernel has seen gets one, and a path is the
//! names from the root down. Renames move a number with its name; numbers are never reused.

use std::collections::HashMap;
use std::ffi::{OsStr, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::PathBuf;

pub const ROOT: u64 = 1;

struct Node {
    parent: u64,
    name: OsString,
}

pub struct Nodes {
    nodes: HashMap<u64, Node>,
    names: HashMap<(u64, OsString), u64>,
    next: u64,
}

impl Default for Nodes {
    fn default() -> Nodes {
        let mut nodes = HashMap::new();
        nodes.insert(ROOT, Node { parent: ROOT, name: OsString::new() });
        Nodes { nodes, names: HashMap::new(), next: ROOT + 1 }
    }
}

impl Nodes {
    /// The path of `ino` from the root (empty for the root), or None for a number never given.
    pub fn path(&self, ino: u64) -> Option<PathBuf> {
        let mut parts = Vec::new();
        let mut at = ino;
        while at != ROOT {
            let node = self.nodes.get(&at)?;
            parts.push(node.name.as_os_str());
            at = node.parent;
        }
        Some(parts.iter().rev().collect())
    }

    /// The number of `name` in `parent`, given now if it had none.
    pub fn child(&mut self, parent: u64, name: &OsStr) -> u64 {
        if let Some(&ino) = self.names.get(&(parent, name.to_os_string())) {
            return ino;
        }
        let ino = self.next;
        self.next += 1;
        self.nodes.insert(ino, Node { parent, name: name.to_os_string() });
        self.names.insert((parent, name.to_os_string()), ino);
        ino
    }

    /// The name is gone (unlink, rmdir, or replaced by a rename); its number stays valid for open
    /// files, under its old path.
    pub fn forget_name(&mut self, parent: u64, name: &OsStr) {
        self.names.remove(&(parent, name.to_os_string()));
    }

    pub fn rename(&mut self, parent: u64, name: &OsStr, new_parent: u64, new_name: &OsStr) {
        self.forget_name(new_parent, new_name);
        if let Some(ino) = self.names.remove(&(parent, name.to_os_string())) {
            if let Some(node) = self.nodes.get_mut(&ino) {
                node.parent = new_parent;
                node.name = new_name.to_os_string();
            }
            self.names.insert((new_parent, new_name.to_os_string()), ino);
        }
    }

    /// Two names swap places (RENAME_EXCHANGE).
    pub fn exchange(&mut self, a: (u64, &OsStr), b: (u64, &OsStr)) {
        let ia = self.names.remove(&(a.0, a.1.to_os_string()));
        let ib = self.names.remove(&(b.0, b.1.to_os_string()));
        for (ino, (parent, name)) in [(ia, b), (ib, a)] {
            if let Some(ino) = ino {
                if let Some(node) = self.nodes.get_mut(&ino) {
                    node.parent = parent;
                    node.name = name.to_os_string();
                }
                self.names.insert((parent, name.to_os_string()), ino);
            }
        }
    }
}

/// A path inside the mount as rules and the log name it: `/`-separated, no leading `/`, each byte
/// that is not UTF-8 as U+FFFD.
pub fn shown(rel: &std::path::Path) -> String {
    if rel.as_os_str().is_empty() {
        return ".".into();
    }
    String::from_utf8_lossy(rel.as_os_str().as_bytes()).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_follow_renames() {
        let mut n = Nodes::default();
        let a = n.child(ROOT, OsStr::new("a"));
        let b = n.child(a, OsStr::new("b"));
        assert_eq!(n.path(b).unwrap(), PathBuf::from("a/b"));
        assert_eq!(n.child(a, OsStr::new("b")), b);
        let c = n.child(ROOT, OsStr::new("c"));
        n.rename(a, OsStr::new("b"), c, OsStr::new("d"));
        assert_eq!(n.path(b).unwrap(), PathBuf::from("c/d"));
        assert_ne!(n.child(a, OsStr::new("b")), b, "the old name gets a new number");
        n.exchange((ROOT, OsStr::new("a")), (ROOT, OsStr::new("c")));
        assert_eq!(n.path(b).unwrap(), PathBuf::from("a/d"));
        assert_eq!(n.path(ROOT).unwrap(), PathBuf::new());
    }
}
