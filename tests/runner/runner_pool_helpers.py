"""Functions run by the pool tests' workers (importable by name in a worker process)."""

from __future__ import annotations

import os
import time


def work(x: int) -> int:
    if x == 3:
        os._exit(7)          # the worker dies mid-item
    if x == 5:
        time.sleep(60)       # past its deadline
    if x == 7:
        raise ValueError("seven")
    return x * 10


def deadline(x: int) -> float:
    return 2.0 if x == 5 else 60.0
