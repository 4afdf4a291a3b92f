//! What a fault or a corrupted read hit in a file's structure: the regions of the file's map
//! (docs/contract.md, section 14) and what each change should cause in a strict reader, by the
//! hits rules of section 14.2. Bytes a fault kept from the program count as lost (as a cut does);
//! a corrupted read's bytes count where they differ from SOURCE's.

use std::collections::HashMap;
use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::{Arc, Mutex};

use fracture_engine::structure::{map_positional, Hit, Region, Tally};

use super::layers::Layer;
use super::view::{lock, View};

/// The maps made so far, per path (made once, when a selector or the log first needs one).
#[derive(Default)]
pub struct Maps(Mutex<HashMap<String, Arc<Vec<Region>>>>);

impl View {
    /// The structure map of `rel` as SOURCE (or, once written, the upper directory) holds it.
    pub fn map_of(&self, rel: &Path) -> Arc<Vec<Region>> {
        let key = super::nodes::shown(rel);
        if let Some(m) = lock(&self.maps.0).get(&key) {
            return m.clone();
        }
        let path = match self.layers.find(rel) {
            Some((Layer::Upper, _)) => Some(self.layers.upper_path(rel)),
            Some((Layer::Lower, _)) => self.layers.lower_path(rel),
            None => None,
        };
        let map = path.and_then(|p| File::open(p).ok()).map_or_else(Vec::new, |f| {
            let n = f.metadata().map_or(0, |m| m.len());
            let mut head = vec![0u8; n.min(65536) as usize];
            if f.read_exact_at(&mut head, 0).is_err() {
                return Vec::new();
            }
            let name = rel.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let family = fracture_engine::detect(&head, &fracture_engine::extension_of(&name));
            map_positional(family, fracture_engine::stream::FileAt(&f)).unwrap_or_default()
        });
        let map = Arc::new(map);
        lock(&self.maps.0).insert(key, map.clone());
        map
    }

    /// The regions a fault on `[offset, offset + len)` kept from the program, when the log is kept.
    pub fn hits_lost(&self, rel: &Path, offset: u64, len: u64, ranged: bool) -> Option<Vec<Hit>> {
        if !ranged || !self.shared.logging() {
            return None;
        }
        let mut t = Tally::new(self.map_of(rel).to_vec());
        t.span(offset, offset + len.max(1));
        Some(t.hits())
    }

    /// Logs a read of a corrupted file: the bytes that differ from SOURCE's at the same offsets and
    /// the regions they hit (for a variant of another length, only where it read).
    pub fn log_corrupted_read(&self, rel: &Path, _name: &str, offset: u64, got: &[u8]) {
        let same_length = self.layers.lower_path(rel).and_then(|p| File::open(p).ok());
        let mut original = vec![0u8; got.len()];
        let compared = same_length.is_some_and(|f| {
            let same = self
                .shared
                .corruption
                .as_ref()
                .is_some_and(|c| c.options.member.is_none() && super::variant::keeps_length(&c.mode));
            same && f.read_exact_at(&mut original, offset).is_ok()
        });
        if !compared {
            self.shared.log_read(rel, offset, got.len() as u64, None, Vec::new());
            return;
        }
        let changed = original.iter().zip(got).filter(|(a, b)| a != b).count() as u64;
        let mut t = Tally::new(self.map_of(rel).to_vec());
        t.diff(offset, &original, got);
        self.shared.log_read(rel, offset, got.len() as u64, Some(changed), t.hits());
    }
}
