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
