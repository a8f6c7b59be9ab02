"""Resource limits of one sandboxed program, and their parsing from manifests and options.

Every mode (bubblewrap or rlimits-only) applies all of them: wall-clock time (the host
kills the whole process tree), CPU time (``RLIMIT_CPU``), address space (``RLIMIT_AS``),
file size (``RLIMIT_FSIZE``), open files (``RLIMIT_NOFILE``) and processes
(``RLIMIT_NPROC`` or a pids cgroup), the size of the sandbox's private ``/tmp``, and the
disk quota of the run (``disk`` bytes and ``files`` entries written beyond the task's own
files: under bubblewrap the work folder is a tmpfs of that size, and the supervisor
watches the entries; without it the supervisor watches both, see ``bootstrap``).
"""

from __future__ import annotations

import math
import re
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from officeeval.errors import TaskError

KIB, MIB, GIB = 1024, 1024 ** 2, 1024 ** 3
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)i?b?\s*$", re.IGNORECASE)
_TIME = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?\s*$", re.IGNORECASE)
_MULT = {"": 1, "k": KIB, "m": MIB, "g": GIB, "t": 1024 ** 4}


@dataclass(frozen=True)
class Limits:
    """Limits in seconds, bytes and counts. ``timeout`` is wall-clock seconds, ``cpu``
    CPU seconds; ``memory`` the address-space cap (numpy/pandas reserve address space, so
    keep it well above the resident size a program needs)."""

    timeout: float = 60.0
    cpu: float = 60.0
    memory: int = 2 * GIB
    file_size: int = 64 * MIB
    open_files: int = 256
    processes: int = 64
    tmp_size: int = 256 * MIB
    disk: int = 256 * MIB
    files: int = 10_000

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    def merged(self, overrides: dict[str, Any] | None) -> "Limits":
        """These limits with ``overrides`` applied (see ``parse_limits``)."""
        if not overrides:
            return self
        return replace(self, **parse_limits(overrides))

    def capped(self, maximum: "Limits") -> tuple["Limits", list[str]]:
        """These limits, none above ``maximum``'s; and one note per limit lowered (a
        manifest line may tighten the batch's limits, never loosen them)."""
        changes: dict[str, Any] = {}
        notes: list[str] = []
        for f in fields(self):
            mine, cap = getattr(self, f.name), getattr(maximum, f.name)
            if mine > cap:
                changes[f.name] = cap
                notes.append(f"{f.name} {mine:g} lowered to the batch's {cap:g}")
        return (replace(self, **changes) if changes else self), notes


ALIASES = {"wall": "timeout", "time": "timeout", "cpu_time": "cpu", "mem": "memory",
           "fsize": "file_size", "nofile": "open_files", "nproc": "processes",
           "pids": "processes", "tmp": "tmp_size", "quota": "disk", "disk_size": "disk",
           "inodes": "files"}
_KINDS = {"timeout": "time", "cpu": "time", "memory": "size", "file_size": "size",
          "open_files": "count", "processes": "count", "tmp_size": "size", "disk": "size",
          "files": "count"}


def parse_limits(raw: dict[str, Any]) -> dict[str, Any]:
    """Validate a ``{"timeout": 10, "memory": "1G", …}`` mapping into Limits fields.
    Raises ``TaskError`` naming the bad key or value."""
    if not isinstance(raw, dict):
        raise TaskError("limits must be an object")
    names = {f.name for f in fields(Limits)}
    out: dict[str, Any] = {}
    for key, value in raw.items():
        name = ALIASES.get(key, key)
        if name not in names:
            raise TaskError(f"unknown limit {key!r} (known: {', '.join(sorted(names))})")
        kind = _KINDS[name]
        parsed = (parse_seconds(value) if kind == "time" else
                  parse_size(value) if kind == "size" else parse_count(value))
        if parsed is None:
            raise TaskError(f"limit {key!r}: bad value {value!r}")
        out[name] = parsed
    return out


def parse_seconds(value: Any) -> float | None:
    """``10``, ``2.5``, ``"500ms"``, ``"10s"``, ``"2m"``, ``"3h"`` -> seconds (> 0, at most
    a week); ``None`` if invalid."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        secs = float(value)
    elif isinstance(value, str) and (m := _TIME.match(value)):
        unit = (m.group(2) or "s").lower()
        secs = float(m.group(1)) * {"ms": 0.001, "s": 1, "m": 60, "min": 60, "h": 3600}[unit]
    else:
        return None
    return secs if math.isfinite(secs) and 0 < secs <= 7 * 86400 else None


def parse_size(value: Any) -> int | None:
    """``1048576``, ``"512M"``, ``"2GiB"``, ``"64k"`` -> bytes (> 0); ``None`` if invalid."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        size = value
    elif isinstance(value, float) and math.isfinite(value):
        size = int(value)
    elif isinstance(value, str) and (m := _SIZE.match(value)):
        size = int(float(m.group(1)) * _MULT[m.group(2).lower()])
    else:
        return None
    return size if 0 < size < 2 ** 62 else None


def parse_count(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value if 0 < value < 2 ** 31 else None


# The limits a prompt states to the model (``officeeval prompts`` records them on each
# prompt line; ``generate`` copies them onto each manifest line as ``stated_limits``).
STATED = ("timeout", "memory")


class LimitMismatch(TaskError):
    """A limit given on the command line differs from the one the prompt told the model:
    ``name``, ``stated`` and ``given`` in the limits' units (seconds, bytes)."""

    def __init__(self, name: str, stated: float, given: float) -> None:
        self.name, self.stated, self.given = name, stated, given
        super().__init__(f"{name}: the prompt stated {describe(name, stated)}, "
                         f"{describe(name, given)} given")


def describe(name: str, value: float) -> str:
    """A limit's value as a person writes it (``60 s``, ``2 GiB``)."""
    if _KINDS.get(name) == "size":
        for unit, size in (("GiB", GIB), ("MiB", MIB), ("KiB", KIB)):
            if value >= size and value % (size // 1024 or 1) == 0:
                return f"{value / size:g} {unit}"
        return f"{value:g} bytes"
    return f"{value:g} s" if _KINDS.get(name) == "time" else f"{value:g}"


def stated_of(limits: Limits) -> dict[str, Any]:
    """What a prompt made under ``limits`` states (``STATED`` only)."""
    return {name: getattr(limits, name) for name in STATED}


def parse_stated(raw: Any) -> dict[str, Any] | None:
    """A recorded ``limits``/``stated_limits`` object, validated (``None`` for no object or
    one holding none of ``STATED``). Raises ``TaskError`` for a bad value."""
    if raw is None:
        return None
    parsed = parse_limits(raw)
    return {k: v for k, v in parsed.items() if k in STATED} or None


def enforce_stated(base: Limits, given: set[str] | frozenset[str],
                   stated: dict[str, Any] | None) -> Limits:
    """The limits a program runs under when its prompt stated ``stated``: ``base`` with the
    stated values, so that what the model was told is what is enforced. A limit in
    ``given`` (set on the command line) must equal the stated one: ``LimitMismatch``
    otherwise. ``stated`` ``None`` (a prompt that recorded nothing): ``base``."""
    if not stated:
        return base
    for name, value in stated.items():
        if name in given and getattr(base, name) != value:
            raise LimitMismatch(name, value, getattr(base, name))
    return replace(base, **stated)
