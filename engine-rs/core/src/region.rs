//! A set of byte offsets as sorted, disjoint, non-touching spans: the free and allowed bytes of
//! docs/contract.md, section 6.9.2. Its size is the number of ranges given, never the file's.

#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ByteSet {
    /// `[start, end)` spans, sorted, disjoint and non-touching, none empty.
    spans: Vec<(u64, u64)>,
    /// `before[i]` = the offsets in spans `0..i`.
    before: Vec<u64>,
}

impl ByteSet {
    fn from_sorted(spans: Vec<(u64, u64)>) -> ByteSet {
        let mut before = Vec::with_capacity(spans.len() + 1);
        let mut sum = 0;
        before.push(0);
        for (a, b) in &spans {
            sum += b - a;
            before.push(sum);
        }
        ByteSet { spans, before }
    }

    /// `[a, b)`, or nothing when a >= b.
    pub fn span(a: u64, b: u64) -> ByteSet {
        ByteSet::from_sorted(if a < b { vec![(a, b)] } else { Vec::new() })
    }

    /// The union of `[a, b)` ranges in any order; empty ones add nothing.
    pub fn union(ranges: impl IntoIterator<Item = (u64, u64)>) -> ByteSet {
        let mut all: Vec<(u64, u64)> = ranges.into_iter().filter(|(a, b)| a < b).collect();
        all.sort_unstable();
        let mut spans: Vec<(u64, u64)> = Vec::with_capacity(all.len());
        for (a, b) in all {
            match spans.last_mut() {
                Some(last) if a <= last.1 => last.1 = last.1.max(b),
                _ => spans.push((a, b)),
            }
        }
        ByteSet::from_sorted(spans)
    }

    /// The offsets of `self` not in `other`.
    pub fn minus(&self, other: &ByteSet) -> ByteSet {
        let mut out = Vec::new();
        let mut j = 0;
        for &(a, b) in &self.spans {
            let mut start = a;
            while j < other.spans.len() && other.spans[j].1 <= start {
                j += 1;
            }
            let mut k = j;
            while start < b {
                match other.spans.get(k) {
                    Some(&(oa, ob)) if oa < b => {
                        if oa > start {
                            out.push((start, oa));
                        }
                        start = start.max(ob);
                        k += 1;
                    }
                    _ => {
                        out.push((start, b));
                        start = b;
                    }
                }
            }
        }
        ByteSet::from_sorted(out)
    }

    pub fn spans(&self) -> &[(u64, u64)] {
        &self.spans
    }

    /// The number of offsets.
    pub fn total(&self) -> u64 {
        self.before[self.spans.len()]
    }

    pub fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The number of offsets below `pos`.
    pub fn count_before(&self, pos: u64) -> u64 {
        // The first span that ends after pos.
        let i = self.spans.partition_point(|&(_, b)| b <= pos);
        match self.spans.get(i) {
            Some(&(a, _)) if a < pos => self.before[i] + (pos - a),
            _ => self.before[i],
        }
    }

    /// The number of offsets in `[a, b)`.
    pub fn count_in(&self, a: u64, b: u64) -> u64 {
        if a >= b {
            return 0;
        }
        self.count_before(b) - self.count_before(a)
    }

    /// The spans clipped to `[a, b)`, in order.
    pub fn within(&self, a: u64, b: u64) -> impl Iterator<Item = (u64, u64)> + '_ {
        let i = self.spans.partition_point(|&(_, e)| e <= a);
        self.spans[i..].iter().take_while(move |&&(s, _)| s < b).map(move |&(s, e)| (s.max(a), e.min(b)))
    }

    /// Whether every offset of `[a, b)` is in the set.
    pub fn contains_all(&self, a: u64, b: u64) -> bool {
        self.count_in(a, b) == b.saturating_sub(a)
    }

    /// The blocks of `size` bytes (block i is `[i * size, (i + 1) * size)`) that hold an offset of the
    /// set, as a set of block numbers.
    pub fn blocks(&self, size: u64) -> ByteSet {
        ByteSet::union(self.spans.iter().map(|&(a, b)| (a / size, b.div_ceil(size))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same sets as bit vectors, to check against.
    fn bits(r: &ByteSet, n: u64) -> Vec<bool> {
        (0..n).map(|i| r.spans().iter().any(|&(a, b)| a <= i && i < b)).collect()
    }

    #[test]
    fn operations_agree_with_bit_vectors() {
        let mut x = 12345u32;
        let mut next = |m: u32| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            u64::from(x % m)
        };
        for _ in 0..500 {
            let n = next(200);
            let list = |next: &mut dyn FnMut(u32) -> u64| -> Vec<(u64, u64)> {
                (0..next(5)).map(|_| (next(220), next(220))).collect()
            };
            let (p, q) = (list(&mut next), list(&mut next));
            let (a, b) = (ByteSet::union(p.clone()), ByteSet::union(q.clone()));
            let want_a: Vec<bool> = (0..220).map(|i| p.iter().any(|&(s, e)| s <= i && i < e)).collect();
            assert_eq!(bits(&a, 220), want_a);
            let d = a.minus(&b);
            let want_d: Vec<bool> =
                (0..220).map(|i| want_a[i as usize] && !q.iter().any(|&(s, e)| s <= i && i < e)).collect();
            assert_eq!(bits(&d, 220), want_d);
            assert_eq!(d.total(), want_d.iter().filter(|&&v| v).count() as u64);
            for pos in [0, 1, n / 2, n, 219] {
                assert_eq!(d.count_before(pos), want_d[..pos as usize].iter().filter(|&&v| v).count() as u64);
            }
            // Non-touching spans: the canonical form.
            assert!(d.spans().windows(2).all(|w| w[0].1 < w[1].0));
            let blocks = d.blocks(16);
            for blk in 0..14u64 {
                let has = want_d[(blk * 16) as usize..((blk + 1) * 16).min(220) as usize].iter().any(|&v| v);
                assert_eq!(blocks.count_in(blk, blk + 1) == 1, has, "block {blk}");
            }
        }
    }
}
