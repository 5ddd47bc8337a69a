"""Figures with their 95% intervals, as every study of games reports them: a win rate's Wilson interval,
a mean place's normal interval, and percentiles of decision times (tools.simulate, tools.tournament and
the balance lab)."""

from __future__ import annotations

import math


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def time_summary(times: list[float]) -> dict[str, float]:
    return {"median": round(percentile(times, 0.5), 4), "p95": round(percentile(times, 0.95), 4),
            "max": round(max(times, default=0.0), 4)}


def wilson(successes: float, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if trials == 0:
        return (0.0, 0.0)
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(counts: list[int], z: float = 1.96) -> tuple[float, float, float]:
    """The mean place and its 95% interval (normal approximation) from how often each place (1, 2, ...)
    came up."""
    n = sum(counts)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(place * k for place, k in enumerate(counts, 1)) / n
    if n == 1:
        return (mean, mean, mean)
    variance = sum(k * (place - mean) ** 2 for place, k in enumerate(counts, 1)) / (n - 1)
    half = z * math.sqrt(variance / n)
    return (mean, mean - half, mean + half)
