"""Functions the service pool tests' workers run (importable by name in a worker)."""

from __future__ import annotations

import os
import time


def work(x):
    """``("die",)``: the worker exits mid-item; ``("sleep", s, v)``: sleep, return ``v``;
    ``("raise",)``: a fault of ours; ``("pid",)``: the worker's pid; a number: doubled."""
    if isinstance(x, tuple):
        if x[0] == "die":
            os._exit(9)
        if x[0] == "sleep":
            time.sleep(x[1])
            return x[2]
        if x[0] == "raise":
            raise ValueError("our bug")
        if x[0] == "pid":
            return os.getpid()
    return x * 2
