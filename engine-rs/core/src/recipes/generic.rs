use super::scatter_count;

/// The bytes inverted at the start, and the bytes changed after them.
pub fn plan(n: u64, intensity: u32) -> (u64, u64) {
    let h = n.min(16);
    let k = ((n / 100).max(64) + scatter_count(n, h, intensity)).min(n - h);
    (h, k)
}

pub fn sentence(h: u64, k: u64) -> String {
    format!("Inverted the first {h} bytes and changed {k} bytes after them.")
}
