"""The statistics under every number: seeded percentile bootstrap intervals, means and
ratios that are ``None`` (never NaN) without a denominator."""

from __future__ import annotations

import math
import zlib
from typing import Any

import numpy as np


SEED = 20240607


RESAMPLES = 2000


# ------------------------------------------------------------------------------ statistics
def bootstrap_ci(num: Any, den: Any = None, *, resamples: int = RESAMPLES,
                 level: float = 0.95, seed: int = SEED) -> tuple[float | None, float | None]:
    """Percentile bootstrap interval of ``sum(num) / sum(den)`` over units resampled with
    replacement (``den`` omitted: the mean of ``num``). Deterministic for a given seed, and
    a function of the set of units only: they are sorted before resampling, so the order a
    store returns its rows in (insertion order, which differs between two runs of the same
    batch) never moves the interval.

    Returns ``(None, None)`` when there are no units; never raises for empty input.
    """
    num = np.asarray(num, dtype=float)
    den = np.ones_like(num) if den is None else np.asarray(den, dtype=float)
    n = len(num)
    if n == 0:
        return None, None
    order = np.lexsort((den, num))
    num, den = num[order], den[order]
    rng = np.random.default_rng(seed)
    chunk = max(1, min(resamples, 2_000_000 // n))  # bound memory: chunk x n indices
    stats = []
    for start in range(0, resamples, chunk):
        idx = rng.integers(0, n, size=(min(chunk, resamples - start), n))
        with np.errstate(invalid="ignore", divide="ignore"):
            stats.append(num[idx].sum(axis=1) / den[idx].sum(axis=1))
    s = np.concatenate(stats)
    s = s[np.isfinite(s)]
    if not len(s):
        return None, None
    alpha = (1 - level) / 2
    lo, hi = np.quantile(s, [alpha, 1 - alpha])
    return float(lo), float(hi)


def label_seed(label: str, seed: int = SEED) -> int:
    return seed ^ zlib.crc32(label.encode("utf-8"))


def number_or_none(x: Any) -> float | None:
    """A JSON-safe number: NaN / inf / missing become None."""
    if x is None:
        return None
    x = float(x)
    return None if math.isnan(x) or math.isinf(x) else x


def mean_or_none(values: Any) -> float | None:
    """The mean, exactly rounded (``math.fsum``), so that it does not depend on the order of
    the rows; None when there are none."""
    vals = [float(v) for v in values]
    return number_or_none(math.fsum(vals) / len(vals)) if vals else None


def ratio_or_none(num: float, den: float) -> float | None:
    return float(num / den) if den else None
