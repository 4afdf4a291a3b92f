"""The evaluation's statistics against reference values: scipy 1.17.1's
scipy.stats.mannwhitneyu(x, y, alternative="two-sided") printed these U and p (exact distribution
for small samples without ties, normal approximation with tie and continuity corrections
otherwise), and the other figures are worked by hand. Run: python3 tests/fuzz-eval/test_stats.py."""

import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from stats import a12, mann_whitney_u, median, quantile, ranks, spread  # noqa: E402

SCIPY = [
    # Ten trials each, no ties: the normal approximation.
    ([413, 420, 398, 430, 415, 409, 425, 418, 401, 433], [305, 320, 298, 330, 310, 300, 315, 322, 307, 299],
     100.0, 0.00018267179110955002),
    # Ties across the samples.
    ([320, 330, 310, 325, 318, 335, 322, 319, 327, 316], [369, 315, 340, 322, 318, 351, 330, 312, 360, 345],
     31.5, 0.17313184279928717),
    # Small samples, no ties: the exact distribution.
    ([1, 2, 3, 4, 5], [6, 7, 8, 9, 10], 0.0, 0.007936507936507936),
    ([3, 5, 1, 7], [2, 6, 4, 8, 9], 6.0, 0.4126984126984127),
    ([5.5, 6.1, 7.3, 2.2, 9.9, 1.0, 4.4, 3.3], [8.8, 7.7, 6.6, 10.1, 11.2, 12.3, 9.5, 13.4],
     5.0, 0.0029526029526029526),
    # Many ties.
    ([10, 10, 12, 15, 9, 10, 11, 10, 13, 10], [10, 11, 10, 10, 9, 14, 10, 12, 10, 10], 55.5, 0.6786627567476382),
    # Times to a bug, never found counted as the whole 600 s.
    ([600, 600, 600, 12.5, 600, 600, 30.2, 600, 600, 600], [600] * 10, 40.0, 0.16807831903497028),
    ([1, 2, 2, 3, 4, 5, 5, 5, 6, 7, 8, 9], [3, 4, 4, 5, 6, 7, 8, 8, 9, 10, 10, 11], 38.5, 0.055457463579893576),
]

checks = []


def check(name, ok):
    checks.append((name, ok))
    if not ok:
        print(f"FAILED: {name}")


for x, y, u, p in SCIPY:
    got_u, got_p = mann_whitney_u(x, y)
    check(f"U of {x[:3]}...", got_u == u)
    check(f"p of {x[:3]}... ({got_p} against {p})", math.isclose(got_p, p, rel_tol=1e-9))
    # Swapping the samples gives the other U and the same p.
    su, sp = mann_whitney_u(y, x)
    check(f"swapped {x[:3]}...", su == len(x) * len(y) - u and math.isclose(sp, p, rel_tol=1e-9))

check("identical samples: p 1", mann_whitney_u([5] * 10, [5] * 10)[1] == 1.0)
check("ranks with ties", ranks([10, 20, 10, 30]) == [1.5, 3.0, 1.5, 4.0])
check("median odd", median([3, 1, 2]) == 2)
check("median even", median([4, 1, 3, 2]) == 2.5)
check("quantile", quantile([1, 2, 3, 4, 5], 0.25) == 2 and quantile([1, 2, 3, 4], 0.75) == 3.25)
check("spread", spread([1, 2, 3, 4, 5]) == {"n": 5, "median": 3, "q1": 2, "q3": 4, "min": 1, "max": 5})
check("A12 all wins", a12([3, 4], [1, 2]) == 1.0)
check("A12 ties half", a12([1, 2], [1, 2]) == 0.5)

failed = sum(not ok for _, ok in checks)
print(f"{len(checks) - failed} passed, {failed} failed")
sys.exit(1 if failed else 0)
