//! Delta debugging (Zeller and Hildebrandt, "Simplifying and Isolating Failure-Inducing Input",
//! TSE 2002): the fewest items of a list that still fail a test, 1-minimal (removing any one of them
//! passes). Here the items are a failing run's injected faults.

/// A 1-minimal sublist of `items` for which `fails` holds (`fails(items)` must hold), within `budget`
/// tests; `None` when the budget ran out before the result was 1-minimal (the smallest failing list
/// found so far is returned with it).
pub fn ddmin<T: Clone>(items: &[T], budget: usize, fails: &mut dyn FnMut(&[T]) -> bool) -> (Vec<T>, bool) {
    let mut current: Vec<T> = items.to_vec();
    let mut tests = 0;
    let mut n = 2usize;
    while current.len() >= 2 {
        let chunk = current.len().div_ceil(n);
        let parts: Vec<Vec<T>> = current.chunks(chunk).map(<[T]>::to_vec).collect();
        let mut reduced = false;
        // A part alone fails: keep it.
        for part in &parts {
            if tests >= budget {
                return (current, false);
            }
            tests += 1;
            if fails(part) {
                current = part.clone();
                n = 2;
                reduced = true;
                break;
            }
        }
        // Without a part it still fails: drop that part.
        if !reduced && parts.len() > 2 {
            for k in 0..parts.len() {
                if tests >= budget {
                    return (current, false);
                }
                let rest: Vec<T> =
                    parts.iter().enumerate().filter(|(j, _)| *j != k).flat_map(|(_, p)| p.clone()).collect();
                tests += 1;
                if fails(&rest) {
                    current = rest;
                    n = (n - 1).max(2);
                    reduced = true;
                    break;
                }
            }
        }
        if !reduced {
            if n >= current.len() {
                break;
            }
            n = (n * 2).min(current.len());
        }
    }
    // One item left: it may not be needed at all (the failure needs no fault).
    if current.len() == 1 && tests < budget && fails(&[]) {
        current.clear();
    }
    (current, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_the_pair_that_fails() {
        let items: Vec<u32> = (0..40).collect();
        let mut calls = 0;
        let (min, whole) = ddmin(&items, 1000, &mut |s| {
            calls += 1;
            s.contains(&7) && s.contains(&31)
        });
        assert!(whole);
        assert_eq!(min, [7, 31]);
        assert!(calls < 100, "{calls} tests");
    }

    #[test]
    fn one_needed_item_or_none() {
        let items: Vec<u32> = (0..9).collect();
        assert_eq!(ddmin(&items, 100, &mut |s| s.contains(&4)).0, [4]);
        assert_eq!(ddmin(&items, 100, &mut |_| true).0, Vec::<u32>::new());
        let (partial, whole) = ddmin(&items, 1, &mut |s| s.contains(&4));
        assert!(!whole && partial.contains(&4));
    }
}
