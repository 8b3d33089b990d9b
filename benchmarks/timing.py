"""Timing shared by the benchmark scripts (run as ``python benchmarks/<name>.py``)."""
from __future__ import annotations

import statistics
import time


def timed(fn, repeat: int = 3) -> tuple[float, object]:
    """Median wall time of ``repeat`` calls, in seconds, and the last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result
