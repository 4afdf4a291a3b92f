//! Where a corrupted file differs from its original, for the PDF report's figure and sentences and
//! the site's preview: the change map (its rules: docs/reports.md), on bytes in memory (the native
//! CLI) or fed a chunk at a time (`ChangeMapper`: the npm CLI and the site's worker, through the
//! outputs module), and read back from its JSON (`ChangeMap::from_json`) for the PDF writer.

use serde_json::Value as Json;

/// Segments across the file (fewer for files shorter than this many bytes).
const MAP_SEGMENTS: u64 = 256;

/// The cut or insertion of a result whose length differs from the original's.
pub struct Splice {
    pub at: u64,
    pub removed: u64,
    pub inserted: u64,
}

pub struct ChangeMap {
    pub original_size: u64,
    pub result_size: u64,
    /// The axis: the longer of the two lengths.
    pub span: u64,
    /// Changed bytes in each segment.
    pub changed: Vec<u64>,
    /// Runs of changed bytes that start in each segment.
    pub run_starts: Vec<u64>,
    pub changed_bytes: u64,
    pub runs: u64,
    pub first_change: Option<u64>,
    pub splice: Option<Splice>,
    /// Offsets below this are compared one for one; the splice follows, then the common suffix.
    pub aligned: u64,
}

impl ChangeMap {
    /// The map as `to_json` writes it (`span`, `changed`, `changedBytes`,
    /// `runs`, `firstChange`, -1 for none, and `splice`, null or `{at, removed, inserted}`).
    pub fn from_json(v: &Json) -> Result<ChangeMap, String> {
        let count = |v: &Json, k: &str| {
            v.get(k).and_then(Json::as_u64).ok_or_else(|| format!("the change map's {k} is not a count"))
        };
        let changed = v.get("changed").and_then(Json::as_array).ok_or("the change map has no changed list")?;
        let changed =
            changed.iter().map(|c| c.as_u64().ok_or("a changed count is not a count")).collect::<Result<_, _>>()?;
        let splice = match v.get("splice") {
            None | Some(Json::Null) => None,
            Some(s) => {
                Some(Splice { at: count(s, "at")?, removed: count(s, "removed")?, inserted: count(s, "inserted")? })
            }
        };
        let span = count(v, "span")?;
        let run_starts = match v.get("runStarts").and_then(Json::as_array) {
            Some(list) => list.iter().map(|c| c.as_u64().unwrap_or(0)).collect(),
            None => Vec::new(),
        };
        Ok(ChangeMap {
            original_size: v.get("originalSize").and_then(Json::as_u64).unwrap_or(span),
            result_size: v.get("resultSize").and_then(Json::as_u64).unwrap_or(span),
            span,
            changed,
            run_starts,
            changed_bytes: count(v, "changedBytes")?,
            runs: count(v, "runs")?,
            first_change: v.get("firstChange").and_then(Json::as_u64),
            aligned: v.get("aligned").and_then(Json::as_u64).unwrap_or(span),
            splice,
        })
    }

    /// The map as `from_json` reads it and lib/engine/host-module/reports.ts's ChangeMap types it.
    pub fn to_json(&self) -> Json {
        let splice =
            self.splice.as_ref().map(|s| serde_json::json!({"at": s.at, "removed": s.removed, "inserted": s.inserted}));
        serde_json::json!({
            "originalSize": self.original_size, "resultSize": self.result_size, "span": self.span,
            "changed": self.changed, "runStarts": self.run_starts, "changedBytes": self.changed_bytes,
            "runs": self.runs, "firstChange": self.first_change.map_or(-1, |f| f as i64),
            "splice": splice, "aligned": self.aligned,
        })
    }

    pub fn segment_start(&self, i: usize) -> u64 {
        segment_start(self.span, self.changed.len(), i)
    }
}

fn segment_start(span: u64, segments: usize, i: usize) -> u64 {
    ((i as u128 * span as u128) / segments as u128) as u64
}

fn segment_of(span: u64, segments: usize, offset: u64) -> usize {
    let mut s = (((offset as u128 * segments as u128) / span as u128) as usize).min(segments - 1);
    while s > 0 && segment_start(span, segments, s) > offset {
        s -= 1;
    }
    while s + 1 < segments && segment_start(span, segments, s + 1) <= offset {
        s += 1;
    }
    s
}

/// The change map of two files in memory.
pub fn change_map(a: &[u8], b: &[u8]) -> ChangeMap {
    let mut mapper = ChangeMapper::new(a.len() as u64, b.len() as u64);
    mapper.suffix(a, b);
    let aligned = mapper.aligned() as usize;
    mapper.feed(&a[..aligned], &b[..aligned]);
    mapper.finish()
}

/// The change map made piece by piece, so a host reads each file a chunk at a time (the npm CLI's
/// PDF reports, the site's worker reading its files): first the common suffix from the ends
/// (`suffix`, until it says it is done; nothing for files of one length), then the aligned bytes
/// from the start (`feed`, up to `aligned()`), then `finish`.
pub struct ChangeMapper {
    n: u64,
    m: u64,
    span: u64,
    /// The common suffix found so far, and whether it ended.
    same: u64,
    suffix_done: bool,
    /// Bytes of the aligned part compared so far.
    at: u64,
    changed: Vec<u64>,
    run_starts: Vec<u64>,
    first_change: Option<u64>,
    previous: bool,
    seg: usize,
    seg_end: u64,
}

impl ChangeMapper {
    pub fn new(n: u64, m: u64) -> ChangeMapper {
        let span = n.max(m);
        let segments = MAP_SEGMENTS.min(span) as usize;
        ChangeMapper {
            n,
            m,
            span,
            same: 0,
            suffix_done: n == m,
            at: 0,
            changed: vec![0; segments],
            run_starts: vec![0; segments],
            first_change: None,
            previous: false,
            seg: 0,
            seg_end: if segments > 0 { segment_start(span, segments, 1) } else { 0 },
        }
    }

    /// The next bytes of the common suffix search: `a` and `b` end where the part already found
    /// starts (equal lengths, at most what is left of the shorter file). Whether the search is done.
    pub fn suffix(&mut self, a: &[u8], b: &[u8]) -> bool {
        if self.suffix_done {
            return true;
        }
        let same = a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count();
        self.same += same as u64;
        self.suffix_done = same < a.len().min(b.len()) || self.same >= self.n.min(self.m);
        self.suffix_done
    }

    /// Offsets below this are compared one for one (known once `suffix` is done).
    pub fn aligned(&self) -> u64 {
        self.n.min(self.m) - self.same
    }

    /// The next bytes of both files from offset `at` (the bytes fed so far), within `aligned()`.
    pub fn feed(&mut self, a: &[u8], b: &[u8]) {
        let segments = self.changed.len();
        let (mut a, mut b) = (&a[..a.len().min(b.len())], &b[..a.len().min(b.len())]);
        while !a.is_empty() {
            while self.at >= self.seg_end {
                self.seg += 1;
                self.seg_end = segment_start(self.span, segments, self.seg + 1);
            }
            // The rest of this segment, counted with locals (the loop the compiler vectorises best).
            let take = ((self.seg_end - self.at) as usize).min(a.len());
            let (mut changed, mut starts, mut previous) = (0u64, 0u64, self.previous);
            let mut first = None;
            let (x, y) = (&a[..take], &b[..take]);
            let mut i = 0;
            while i < take {
                // Eight equal bytes after an unchanged one: nothing to count.
                if !previous && i + 8 <= take && x[i..i + 8] == y[i..i + 8] {
                    i += 8;
                    continue;
                }
                let differs = x[i] != y[i];
                changed += differs as u64;
                if differs && !previous {
                    starts += 1;
                    first.get_or_insert(i);
                }
                previous = differs;
                i += 1;
            }
            if let Some(i) = first {
                self.first_change.get_or_insert(self.at + i as u64);
            }
            self.changed[self.seg] += changed;
            self.run_starts[self.seg] += starts;
            self.previous = previous;
            self.at += take as u64;
            (a, b) = (&a[take..], &b[take..]);
        }
    }

    /// The map: the splice (when the lengths differ) counted after the aligned bytes.
    pub fn finish(mut self) -> ChangeMap {
        let (n, m, span, segments) = (self.n, self.m, self.span, self.changed.len());
        let aligned = self.aligned();
        let extra = n.abs_diff(m);
        if extra > 0 {
            let first = segment_of(span, segments, aligned);
            if !self.previous {
                self.run_starts[first] += 1;
                self.first_change.get_or_insert(aligned);
            }
            for (s, count) in self.changed.iter_mut().enumerate().skip(first) {
                let from = aligned.max(segment_start(span, segments, s));
                let to = (aligned + extra).min(segment_start(span, segments, s + 1));
                if from >= to {
                    break;
                }
                *count += to - from;
            }
        }
        ChangeMap {
            original_size: n,
            result_size: m,
            span,
            changed_bytes: self.changed.iter().sum(),
            runs: self.run_starts.iter().sum(),
            changed: self.changed,
            run_starts: self.run_starts,
            first_change: self.first_change,
            splice: (n != m).then(|| Splice {
                at: aligned,
                removed: n.saturating_sub(m),
                inserted: m.saturating_sub(n),
            }),
            aligned,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_length() {
        let a = vec![0u8; 1000];
        let mut b = a.clone();
        b[10] = 1;
        b[11] = 1;
        b[500] = 1;
        let map = change_map(&a, &b);
        assert_eq!((map.changed_bytes, map.runs, map.first_change), (3, 2, Some(10)));
        assert_eq!(map.changed.len(), 256);
        assert!(map.splice.is_none());
    }

    #[test]
    fn cut_and_insertion() {
        let a: Vec<u8> = (0..100).collect();
        let mut b = a[..40].to_vec();
        b.extend_from_slice(&a[60..]);
        let map = change_map(&a, &b);
        let s = map.splice.as_ref().unwrap();
        assert_eq!((s.at, s.removed, s.inserted), (40, 20, 0));
        assert_eq!((map.changed_bytes, map.runs, map.first_change, map.span), (20, 1, Some(40), 100));
        let grown = change_map(&b, &a);
        assert_eq!(grown.splice.as_ref().map(|s| s.inserted), Some(20));
        assert!(change_map(&[], &[]).changed.is_empty());
    }

    /// The map of `a` and `b` fed `chunk` bytes at a time, as a host reading its files does.
    fn in_chunks(a: &[u8], b: &[u8], chunk: usize) -> ChangeMap {
        let mut mapper = ChangeMapper::new(a.len() as u64, b.len() as u64);
        let shorter = a.len().min(b.len());
        let mut same = 0;
        loop {
            let len = chunk.min(shorter - same);
            let (x, y) = (&a[a.len() - same - len..a.len() - same], &b[b.len() - same - len..b.len() - same]);
            same += len;
            if mapper.suffix(x, y) {
                break;
            }
        }
        let aligned = mapper.aligned() as usize;
        for at in (0..aligned).step_by(chunk) {
            let end = aligned.min(at + chunk);
            mapper.feed(&a[at..end], &b[at..end]);
        }
        mapper.finish()
    }

    #[test]
    fn chunks_make_the_same_map() {
        let key = |m: &ChangeMap| {
            let splice = m.splice.as_ref().map(|s| (s.at, s.removed, s.inserted));
            (
                m.span,
                m.changed.clone(),
                m.run_starts.clone(),
                m.changed_bytes,
                m.runs,
                m.first_change,
                splice,
                m.aligned,
            )
        };
        let a: Vec<u8> = (0..5000u32).map(|i| (i * 7 % 13) as u8).collect();
        let mut flipped = a.clone();
        for i in [0, 1, 2, 999, 1000, 4096, 4999] {
            flipped[i] ^= 0x55;
        }
        let mut cut = a[..1234].to_vec();
        cut.extend_from_slice(&a[2000..]);
        let mut grown = a.clone();
        grown.splice(3000..3000, [9u8; 700]);
        for (x, y) in [(&a, &flipped), (&a, &cut), (&cut, &a), (&a, &grown), (&a, &a[..0].to_vec())] {
            let whole = key(&change_map(x, y));
            for chunk in [1, 7, 64, 4096, 1 << 20] {
                assert_eq!(key(&in_chunks(x, y, chunk)), whole, "chunk {chunk}");
            }
        }
        assert_eq!(change_map(&a, &cut).splice.map(|s| (s.at, s.removed)), Some((1234, 766)));
        let back = ChangeMap::from_json(&change_map(&a, &grown).to_json()).unwrap();
        assert_eq!(key(&back), key(&change_map(&a, &grown)));
    }

    #[test]
    fn read_back_as_typescript_writes_it() {
        let v = serde_json::json!({"span": 100, "changed": [0, 20], "changedBytes": 20, "runs": 1,
            "firstChange": 40, "splice": {"at": 40, "removed": 20, "inserted": 0}, "aligned": 40});
        let map = ChangeMap::from_json(&v).unwrap();
        assert_eq!((map.span, map.changed.as_slice(), map.changed_bytes, map.runs), (100, &[0, 20][..], 20, 1));
        assert_eq!(
            (map.first_change, map.splice.map(|s| (s.at, s.removed, s.inserted))),
            (Some(40), Some((40, 20, 0)))
        );
        let none = serde_json::json!({"span": 0, "changed": [], "changedBytes": 0, "runs": 0, "firstChange": -1, "splice": null});
        assert_eq!(ChangeMap::from_json(&none).unwrap().first_change, None);
        assert!(ChangeMap::from_json(&serde_json::json!({"span": 1})).is_err());
    }
}
