//! Where a corrupted file differs from its original, for the PDF report's figure and sentences: the
//! change map of lib/report/changes.ts (its rules are written there), on bytes in memory (the native
//! CLI), or as the site and the npm CLI computed it there (`ChangeMap::from_json`).

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
    /// The axis: the longer of the two lengths.
    pub span: u64,
    /// Changed bytes in each segment.
    pub changed: Vec<u64>,
    pub changed_bytes: u64,
    pub runs: u64,
    pub first_change: Option<u64>,
    pub splice: Option<Splice>,
}

impl ChangeMap {
    /// The map as lib/report/changes.ts's `ChangeMap` serialises (`span`, `changed`, `changedBytes`,
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
        Ok(ChangeMap {
            span: count(v, "span")?,
            changed,
            changed_bytes: count(v, "changedBytes")?,
            runs: count(v, "runs")?,
            first_change: v.get("firstChange").and_then(Json::as_u64),
            splice,
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

pub fn change_map(a: &[u8], b: &[u8]) -> ChangeMap {
    let (n, m) = (a.len(), b.len());
    let shorter = n.min(m);
    let span = n.max(m) as u64;
    let suffix = if n == m { 0 } else { a.iter().rev().zip(b.iter().rev()).take_while(|(x, y)| x == y).count() };
    let aligned = shorter - suffix;
    let splice = (n != m).then(|| Splice {
        at: aligned as u64,
        removed: n.saturating_sub(m) as u64,
        inserted: m.saturating_sub(n) as u64,
    });
    let segments = MAP_SEGMENTS.min(span) as usize;
    let mut changed = vec![0u64; segments];
    let mut run_starts = vec![0u64; segments];
    let mut first_change = None;
    let mut previous = false;
    let mut seg = 0;
    let mut seg_end = if segments > 0 { segment_start(span, segments, 1) } else { 0 };
    for i in 0..aligned {
        while i as u64 >= seg_end {
            seg += 1;
            seg_end = segment_start(span, segments, seg + 1);
        }
        if a[i] != b[i] {
            changed[seg] += 1;
            if !previous {
                run_starts[seg] += 1;
                first_change.get_or_insert(i as u64);
            }
            previous = true;
        } else {
            previous = false;
        }
    }
    let extra = n.abs_diff(m) as u64;
    if extra > 0 {
        let first = segment_of(span, segments, aligned as u64);
        if !previous {
            run_starts[first] += 1;
            first_change.get_or_insert(aligned as u64);
        }
        for (s, count) in changed.iter_mut().enumerate().skip(first) {
            let from = (aligned as u64).max(segment_start(span, segments, s));
            let to = (aligned as u64 + extra).min(segment_start(span, segments, s + 1));
            if from >= to {
                break;
            }
            *count += to - from;
        }
    }
    ChangeMap {
        span,
        changed_bytes: changed.iter().sum(),
        runs: run_starts.iter().sum(),
        changed,
        first_change,
        splice,
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
