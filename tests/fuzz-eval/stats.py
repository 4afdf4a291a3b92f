"""The statistics of the evaluation (Klees et al., "Evaluating Fuzz Testing", CCS 2018): medians and
spread over trials, the two-sided Mann-Whitney U test and the Vargha-Delaney A12 effect size.

The U test is written here rather than taken from scipy so that the evaluation needs nothing but
Python's standard library; it follows scipy.stats.mannwhitneyu(x, y, alternative="two-sided") with
its default method ("auto": the exact distribution when both samples have at most 8 values and
there are no ties, else the normal approximation with tie correction and continuity correction),
and tests/fuzz-eval/test_stats.py checks it against values scipy printed.
"""

import math
from functools import lru_cache


def median(values):
    s = sorted(values)
    n = len(s)
    if n == 0:
        return None
    mid = n // 2
    return s[mid] if n % 2 else (s[mid - 1] + s[mid]) / 2


def quantile(values, q):
    """The q-quantile by linear interpolation between order statistics (numpy's default)."""
    s = sorted(values)
    if not s:
        return None
    pos = (len(s) - 1) * q
    lo = math.floor(pos)
    hi = math.ceil(pos)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def spread(values):
    """Median, interquartile range and extremes of a sample, the table's figures."""
    if not values:
        return None
    return {
        "n": len(values),
        "median": median(values),
        "q1": quantile(values, 0.25),
        "q3": quantile(values, 0.75),
        "min": min(values),
        "max": max(values),
    }


def ranks(values):
    """Ranks from 1, ties given their average rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return r


@lru_cache(maxsize=None)
def _counts(n1, n2):
    """How many arrangements of n1 and n2 values give each U from 0 to n1*n2 (no ties)."""
    # c[i][j][u]: arrangements of i values of x and j of y with statistic u, by the recurrence
    # on whether the largest value is an x (it beats all j y's) or a y.
    table = {}

    def count(i, j):
        key = (i, j)
        if key in table:
            return table[key]
        if i == 0 or j == 0:
            res = [1]
        else:
            a = count(i - 1, j)
            b = count(i, j - 1)
            res = [0] * (i * j + 1)
            for u, c in enumerate(a):
                res[u + j] += c
            for u, c in enumerate(b):
                res[u] += c
        table[key] = res
        return res

    return tuple(count(n1, n2))


def mann_whitney_u(x, y):
    """Two-sided Mann-Whitney U test of samples x and y: (U of x, p-value)."""
    n1, n2 = len(x), len(y)
    if n1 == 0 or n2 == 0:
        raise ValueError("mann_whitney_u needs two non-empty samples")
    r = ranks(list(x) + list(y))
    u1 = sum(r[:n1]) - n1 * (n1 + 1) / 2
    u2 = n1 * n2 - u1
    values = sorted(list(x) + list(y))
    ties = [values.count(v) for v in set(values)]
    has_ties = any(t > 1 for t in ties)
    big = max(u1, u2)
    if (n1 <= 8 or n2 <= 8) and not has_ties:
        counts = _counts(n1, n2)
        total = sum(counts)
        # P(U >= big), doubled, as scipy's exact two-sided test.
        tail = sum(counts[math.ceil(big) :]) / total
        return u1, min(1.0, 2 * tail)
    n = n1 + n2
    tie_term = sum(t**3 - t for t in ties)
    sd = math.sqrt(n1 * n2 / 12 * ((n + 1) - tie_term / (n * (n - 1))))
    if sd == 0:
        return u1, 1.0
    z = (big - n1 * n2 / 2 - 0.5) / sd
    p = math.erfc(z / math.sqrt(2))  # 2 * the normal survival function at z
    return u1, max(0.0, min(1.0, p))


def a12(x, y):
    """Vargha and Delaney's A12: the chance that a value of x beats one of y (ties count half)."""
    if not x or not y:
        return None
    wins = sum((a > b) + 0.5 * (a == b) for a in x for b in y)
    return wins / (len(x) * len(y))
