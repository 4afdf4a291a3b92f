//! Positional access for the walks: slices for the whole-buffer path, and files (or any host's
//! positional reads and writes) behind a few small read-ahead windows for the streamed one, so one
//! walk serves both and memory does not grow with the file.

use std::io;

/// Bytes a walk reads by position (the input, or the output as it is at that moment).
pub(crate) trait Area {
    fn len(&self) -> u64;
    /// The bytes `[at, at + len)`, or None when they pass the end (or cannot be read).
    fn get(&mut self, at: u64, len: usize) -> Option<&[u8]>;
    /// Hands the bytes `[from, to)` (within the end) to `f` in order, in one or more parts.
    fn feed(&mut self, from: u64, to: u64, f: &mut dyn FnMut(&[u8]));
}

/// The output: also written by position.
pub(crate) trait AreaMut: Area {
    fn put(&mut self, at: u64, bytes: &[u8]);
}

/// Slices, shared and mutable alike: the whole-buffer path.
macro_rules! slice_area {
    ($t:ty) => {
        impl Area for $t {
            fn len(&self) -> u64 {
                <[u8]>::len(self) as u64
            }

            fn get(&mut self, at: u64, len: usize) -> Option<&[u8]> {
                let at = usize::try_from(at).ok()?;
                <[u8]>::get(self, at..at.checked_add(len)?)
            }

            fn feed(&mut self, from: u64, to: u64, f: &mut dyn FnMut(&[u8])) {
                f(&self[from as usize..to as usize]);
            }
        }
    };
}

slice_area!(&[u8]);
slice_area!(&mut [u8]);

impl AreaMut for &mut [u8] {
    fn put(&mut self, at: u64, bytes: &[u8]) {
        self[at as usize..at as usize + bytes.len()].copy_from_slice(bytes);
    }
}

/// A file, or a host's file descriptor, read and written by position.
pub trait Positional {
    fn size(&self) -> u64;
    /// Fills `buf` with the bytes from `pos`; fewer than asked is an error.
    fn read_at(&mut self, pos: u64, buf: &mut [u8]) -> io::Result<()>;
    fn write_at(&mut self, pos: u64, bytes: &[u8]) -> io::Result<()>;
}

/// The smallest read on a miss (a zip local header far from the last one), and the largest a run
/// of sequential misses grows to (a scan of headers, pages or frames).
const MIN_WINDOW: usize = 4 << 10;
const MAX_WINDOW: usize = 1 << 20;
/// Windows kept: the zip walk alternates between its central directory and the local headers.
const WINDOWS: usize = 3;

/// Written bytes a window holds that the file does not yet: at most this many spans, merged when
/// closer than `MERGE_GAP`, before the window is written back.
const DIRTY_SPANS: usize = 256;
const MERGE_GAP: usize = 512;

struct Window {
    start: u64,
    bytes: Vec<u8>,
    used: u64,
    /// Spans `[from, to)` of `bytes` written but not yet written back, in the order written.
    dirty: Vec<(usize, usize)>,
}

impl Window {
    fn end(&self) -> u64 {
        self.start + self.bytes.len() as u64
    }
}

/// A `Positional` behind read-ahead windows. Writes inside a window stay there and go to the file
/// when the window is reused, before a read of its bytes from the file, or at `flush`: a walk that
/// fixes a field every few bytes (empty PNG chunks, Ogg pages) costs a write per window, not one per
/// field. The first I/O error is kept (`error`) and reads fail from then on, so a walk stops where it
/// is and the caller reports the error.
pub(crate) struct Cached<P> {
    inner: P,
    n: u64,
    windows: Vec<Window>,
    /// The window the last access hit: tried first (a walk reads one area many times in a row).
    last: usize,
    tick: u64,
    scratch: Vec<u8>,
    pub error: Option<io::Error>,
}

impl<P: Positional> Cached<P> {
    pub fn new(inner: P) -> Cached<P> {
        let n = inner.size();
        Cached { inner, n, windows: Vec::new(), last: 0, tick: 0, scratch: Vec::new(), error: None }
    }

    fn fail(&mut self, e: io::Error) {
        self.error.get_or_insert(e);
    }

    /// Writes window `i`'s dirty spans to the file.
    fn write_back(&mut self, i: usize) {
        let w = &mut self.windows[i];
        let spans = std::mem::take(&mut w.dirty);
        for (from, to) in spans {
            if let Err(e) = self.inner.write_at(w.start + from as u64, &w.bytes[from..to]) {
                self.error.get_or_insert(e);
                return;
            }
        }
    }

    /// Writes back every window with written bytes in `[from, to)`, before the file is read there.
    fn write_back_over(&mut self, from: u64, to: u64) {
        for i in 0..self.windows.len() {
            let w = &self.windows[i];
            if !w.dirty.is_empty() && w.start < to && from < w.end() {
                self.write_back(i);
            }
        }
    }

    /// Writes every written byte still held to the file (the end of a walk).
    pub fn flush(&mut self) {
        for i in 0..self.windows.len() {
            self.write_back(i);
        }
    }

    /// The window index holding `[at, at + len)`, reading one if none does.
    fn load(&mut self, at: u64, len: usize) -> Option<usize> {
        if self.error.is_some() {
            return None;
        }
        self.tick += 1;
        let end = at + len as u64;
        let hit = |w: &Window| w.start <= at && end <= w.end();
        if let Some(w) = self.windows.get_mut(self.last).filter(|w| hit(w)) {
            w.used = self.tick;
            return Some(self.last);
        }
        if let Some(i) = self.windows.iter().position(hit) {
            self.windows[i].used = self.tick;
            self.last = i;
            return Some(i);
        }
        // A miss inside or just past a window continues its run: reuse it, twice as large.
        let run = self.windows.iter().position(|w| w.start <= at && at <= w.end());
        let (slot, size) = match run {
            Some(i) => (i, (self.windows[i].bytes.len() * 2).clamp(MIN_WINDOW, MAX_WINDOW)),
            None if self.windows.len() < WINDOWS => {
                self.windows.push(Window { start: 0, bytes: Vec::new(), used: 0, dirty: Vec::new() });
                (self.windows.len() - 1, MIN_WINDOW)
            }
            None => (self.windows.iter().enumerate().min_by_key(|(_, w)| w.used).map_or(0, |(i, _)| i), MIN_WINDOW),
        };
        let size = (size.max(len) as u64).min(self.n - at) as usize;
        // The window given up, and any other holding written bytes the read covers, go to the file first.
        self.write_back(slot);
        self.write_back_over(at, at + size as u64);
        if self.error.is_some() {
            return None;
        }
        let w = &mut self.windows[slot];
        w.start = at;
        w.used = self.tick;
        w.bytes.resize(size, 0);
        if let Err(e) = self.inner.read_at(at, &mut w.bytes) {
            w.bytes.clear();
            self.fail(e);
            return None;
        }
        self.last = slot;
        Some(slot)
    }
}

impl<P: Positional> Area for Cached<P> {
    fn len(&self) -> u64 {
        self.n
    }

    fn get(&mut self, at: u64, len: usize) -> Option<&[u8]> {
        if at.checked_add(len as u64)? > self.n {
            return None;
        }
        let i = self.load(at, len)?;
        let w = &self.windows[i];
        let from = (at - w.start) as usize;
        Some(&w.bytes[from..from + len])
    }

    fn feed(&mut self, from: u64, to: u64, f: &mut dyn FnMut(&[u8])) {
        if to - from <= MIN_WINDOW as u64 {
            if let Some(b) = self.get(from, (to - from) as usize) {
                f(b);
            }
            return;
        }
        // Long ranges (a stored entry, a frame) go past the windows in large reads.
        self.write_back_over(from, to);
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.resize(MAX_WINDOW, 0);
        let mut pos = from;
        while pos < to && self.error.is_none() {
            let len = (to - pos).min(MAX_WINDOW as u64) as usize;
            match self.inner.read_at(pos, &mut scratch[..len]) {
                Ok(()) => f(&scratch[..len]),
                Err(e) => self.fail(e),
            }
            pos += len as u64;
        }
        self.scratch = scratch;
    }
}

impl<P: Positional> AreaMut for Cached<P> {
    fn put(&mut self, at: u64, bytes: &[u8]) {
        if self.error.is_some() {
            return;
        }
        let end = at + bytes.len() as u64;
        // Windows may overlap (each is read where a miss fell): every copy of these bytes changes,
        // so that a later read through any window sees the field as written.
        for w in &mut self.windows {
            let (a, b) = (at.max(w.start), end.min(w.end()));
            if a < b {
                w.bytes[(a - w.start) as usize..(b - w.start) as usize]
                    .copy_from_slice(&bytes[(a - at) as usize..(b - at) as usize]);
            }
        }
        // Inside a window (the walk has just read the field there): kept, written back later.
        if let Some(i) = self.windows.iter().position(|w| w.start <= at && end <= w.end()) {
            let w = &mut self.windows[i];
            let (from, to) = ((at - w.start) as usize, (end - w.start) as usize);
            match w.dirty.last_mut() {
                Some(last) if from <= last.1 + MERGE_GAP && last.0 <= to => *last = (last.0.min(from), last.1.max(to)),
                _ => w.dirty.push((from, to)),
            }
            if w.dirty.len() >= DIRTY_SPANS {
                self.write_back(i);
            }
            return;
        }
        if let Err(e) = self.inner.write_at(at, bytes) {
            self.fail(e);
        }
    }
}
