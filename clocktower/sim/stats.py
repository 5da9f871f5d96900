"""Confidence intervals for win rates.

`wilson(k, n)` is the Wilson score interval for a proportion k/n (Wilson 1927; Newcombe
1998, "Two-sided confidence intervals for the single proportion", method 3): it stays inside
[0, 1] and behaves at 0/n and n/n, where the normal ("Wald") interval collapses.
`newcombe(k1, n1, k2, n2)` is the interval for the difference of two independent
proportions k1/n1 - k2/n2 from the two Wilson intervals (Newcombe 1998, "Interval
estimation for the difference between independent proportions", method 10). Both are 95%
intervals by default (z = 1.959963984540054, the 97.5th percentile of the normal law).
"""
from __future__ import annotations

from math import sqrt

Z95 = 1.959963984540054


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) for k successes in n trials; (0, 1) for n = 0."""
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= k <= n:
        raise ValueError(f"wilson: {k} successes in {n} trials")
    p = k / n
    z2 = z * z
    centre = p + z2 / (2 * n)
    half = z * sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    den = 1 + z2 / n
    lo = (centre - half) / den
    hi = (centre + half) / den
    return (0.0 if k == 0 else max(0.0, lo), 1.0 if k == n else min(1.0, hi))


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float]:
    """Newcombe's hybrid score interval for p1 - p2 (method 10); (-1, 1) if a sample is empty."""
    if n1 <= 0 or n2 <= 0:
        return (-1.0, 1.0)
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    lo = d - sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2)
    hi = d + sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)
    return (max(-1.0, lo), min(1.0, hi))


def rate(k: int, n: int) -> float | None:
    return k / n if n else None


def mantel_haenszel(strata: list[tuple[int, int, int, int]],
                    z: float = Z95) -> tuple[float, tuple[float, float]] | None:
    """The Mantel-Haenszel risk difference over strata, with its 95% interval.

    Each stratum is (a, n1, c, n0): a successes in n1 exposed trials, c in n0 unexposed
    ones. The estimate is the weighted mean of the strata's differences a/n1 - c/n0 with
    weights w = n1 n0 / N (N = n1 + n0):

        RD = sum((a n0 - c n1) / N) / sum(w)

    and its variance is Sato's (1989, Biometrics 45:1323-4; Greenland and Robins' 1985
    estimator made consistent both for many sparse strata and for few large ones, the one
    Rothman and Greenland's Modern Epidemiology gives):

        P = (n1^2 c - n0^2 a + n1 n0 (n0 - n1) / 2) / N^2
        Q = (a (n0 - c) + c (n1 - a)) / (2 N)
        Var(RD) = (RD sum(P) + sum(Q)) / sum(w)^2

    the interval is RD +- z sqrt(Var), clipped to [-1, 1]. A stratum with no exposed or no
    unexposed trial has weight 0 and drops out; None when every stratum does (nothing to
    compare within any stratum)."""
    num = wsum = psum = qsum = 0.0
    for a, n1, c, n0 in strata:
        if not (0 <= a <= n1 and 0 <= c <= n0):
            raise ValueError(f"mantel_haenszel: stratum {(a, n1, c, n0)}")
        big = n1 + n0
        if n1 == 0 or n0 == 0:
            continue
        num += (a * n0 - c * n1) / big
        wsum += n1 * n0 / big
        psum += (n1 * n1 * c - n0 * n0 * a + n1 * n0 * (n0 - n1) / 2) / (big * big)
        qsum += (a * (n0 - c) + c * (n1 - a)) / (2 * big)
    if wsum == 0:
        return None
    rd = num / wsum
    var = max(0.0, (rd * psum + qsum) / (wsum * wsum))
    half = z * sqrt(var)
    return rd, (max(-1.0, rd - half), min(1.0, rd + half))


def paired_difference(b: int, c: int, n: int, z: float = Z95) -> tuple[float, tuple[float, float]]:
    """The difference p1 - p2 of two proportions measured on the same n pairs (the same
    seeds played two ways), b pairs a success only the first way, c only the second: (b - c)
    / n, with Agresti and Min's (2005, Statistics in Medicine 24:729-40) interval, the Wald
    interval after adding 1/2 to each of the four cells of the paired table (good coverage
    down to small n, where the plain Wald interval is too narrow)."""
    if n <= 0:
        return 0.0, (-1.0, 1.0)
    if not (0 <= b and 0 <= c and b + c <= n):
        raise ValueError(f"paired_difference: {b} and {c} discordant pairs of {n}")
    d = (b - c) / n
    bb, cc, nn = b + 0.5, c + 0.5, n + 2.0
    dd = (bb - cc) / nn
    var = ((bb + cc) - (bb - cc) ** 2 / nn) / (nn * nn)
    half = z * sqrt(max(0.0, var))
    return d, (max(-1.0, dd - half), min(1.0, dd + half))
