"""Values derived from a document or a target, kept on it so they live and die with it.

The two ways, and the only ones (no module writes into another object's ``__dict__``):

* ``cached_property``: an object's own derived attribute (a view's theme, a run's style
  chain). Without a lock: ``functools.cached_property`` on Python 3.11 takes an ``RLock`` on
  every first access (about 14 µs each, tens of thousands of times per graded document);
  document views are used by one thread at a time, so the lock buys nothing here. Python
  3.12 dropped it too.
* ``memo_value`` / ``memo_table``: a value (or a table of values) that a module derives
  from an object of another module's class — a resolver's parse of a chart target, the
  selection cache on a document, the style memo on a workbook. Kept on the owner under a
  name of the module's own (``_officeeval_<what>``, never one of the owner's attributes),
  so it goes with the owner and never outlives the document it came from.

Resolvers are pure (docs/extending.md): what is kept depends only on the owner.

What a process keeps beyond one document is kept here too, and only here (no module
changes a module-level container or rebinds a module global at run time; tests/
test_process_state.py holds that):

* ``ProcessMemo``: a bounded memo of derived values (a LibreOffice's version by its path,
  a placeholder's inheritance by its key, compiled rubric patterns): least recently used
  dropped beyond its size, so a long-running service fed hostile documents cannot grow it.
* ``ProcessSlot``: one value this process made and owns (the batch worker's Grader, the
  audit worker's backends, a service worker's stores): seen only by the process that set it,
  so a forked child never uses its parent's LibreOffice pipes or sandboxes, and makes its own.

Each is made once at module level, under a name of its own; ``process_state()`` lists them.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from typing import Any, Callable, Generic, Hashable, TypeVar, overload

T = TypeVar("T")
_MISSING = object()
_PROCESS_STATE: dict[str, "ProcessMemo | ProcessSlot"] = {}


def _register(name: str, kept: "ProcessMemo | ProcessSlot") -> None:
    if name in _PROCESS_STATE:
        raise ValueError(f"process state {name!r} is made twice")
    _PROCESS_STATE[name] = kept


def process_state() -> dict[str, "ProcessMemo | ProcessSlot"]:
    """Every memo and slot of this process, by name (a copy)."""
    return dict(_PROCESS_STATE)


class ProcessMemo(Generic[T]):
    """A memo kept by this process: at most ``size`` values, the least recently used
    dropped first; with ``lru=False`` the first ``size`` kept and later ones not, and
    ``get`` is the dict's own (for a per-cell hot path, where reordering would cost more
    than the lookup). Not thread-safe beyond what a dict is (a race computes twice, keeps
    one). ``name`` must be unique (``ValueError``)."""

    def __init__(self, name: str, size: int, lru: bool = True) -> None:
        if size < 1:
            raise ValueError(f"process memo {name!r}: size {size} < 1")
        self.name, self.size, self.lru = name, size, lru
        self._kept: "OrderedDict[Hashable, T] | dict[Hashable, T]" = \
            OrderedDict() if lru else {}
        if not lru:
            self.get = self._kept.get  # type: ignore[method-assign]
        _register(name, self)

    def get(self, key: Hashable, default: Any = None) -> "T | Any":
        """The value kept for ``key`` (now the most recently used), else ``default``."""
        value = self._kept.get(key, _MISSING)
        if value is _MISSING:
            return default
        if self.size > 1:
            self._kept.move_to_end(key)
        return value  # type: ignore[return-value]

    def put(self, key: Hashable, value: T) -> T:
        """Keep ``value`` for ``key``, dropping the least recently used beyond the size (not
        kept when the memo is full and ``lru=False``); returns ``value``."""
        kept = self._kept
        if not self.lru:
            if len(kept) < self.size or key in kept:
                kept[key] = value
            return value
        kept[key] = value
        kept.move_to_end(key)  # type: ignore[union-attr]
        while len(kept) > self.size:
            kept.popitem(last=False)  # type: ignore[call-arg]
        return value

    def get_or_make(self, key: Hashable, make: Callable[[], T]) -> T:
        """The value kept for ``key``, else ``make()`` kept and returned (``None``
        included). Whatever ``make`` raises propagates and nothing is kept."""
        value = self.get(key, _MISSING)
        if value is _MISSING:
            value = self.put(key, make())
        return value  # type: ignore[return-value]

    def clear(self) -> None:
        """Forget every value (the numbers or keys made from them are then made anew)."""
        self._kept.clear()

    def __contains__(self, key: Hashable) -> bool:
        return key in self._kept

    def __len__(self) -> int:
        return len(self._kept)


class ProcessSlot(Generic[T]):
    """One value owned by the process that set it: ``get()`` in a forked child gives
    ``None`` until the child sets its own, so a child never uses its parent's pipes,
    processes or locks (the parent's value is neither closed nor reused by it). ``name``
    must be unique (``ValueError``)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self._value: T | None = None
        self._pid = 0
        _register(name, self)

    def get(self) -> T | None:
        """This process's value, ``None`` when it set none."""
        return self._value if self._pid == os.getpid() else None

    def set(self, value: T | None) -> T | None:
        """Make ``value`` this process's (``None`` empties the slot); returns it."""
        self._value, self._pid = value, os.getpid()
        return value

    def get_or_make(self, make: Callable[[], T]) -> T:
        """This process's value, else ``make()`` set and returned."""
        value = self.get()
        return value if value is not None else self.set(make())  # type: ignore[return-value]


def memo_value(owner: object, name: str, compute: Callable[[], T]) -> T:
    """``compute()`` the first time ``name`` is asked of ``owner``, the same value ever
    after (``None`` included). Whatever ``compute`` raises propagates and nothing is kept.
    ``owner`` needs a ``__dict__``."""
    kept = owner.__dict__
    value = kept.get(name, _MISSING)
    if value is _MISSING:
        value = kept[name] = compute()
    return value  # type: ignore[return-value]


def memo_table(owner: object, name: str) -> dict:
    """The dict ``name`` kept on ``owner`` (made empty on first use), for a memo keyed by
    the caller (per selector text, per style index …). Bound it when hostile input can
    grow it."""
    kept = owner.__dict__
    table = kept.get(name)
    if table is None:
        table = kept[name] = {}
    return table


class cached_property(Generic[T]):  # noqa: N801 - a drop-in for functools.cached_property
    """A non-data descriptor: the first access calls the function and stores the result in
    the instance ``__dict__`` under the attribute's name, which then shadows the descriptor
    (later accesses are plain attribute reads; ``del obj.attr`` recomputes).

    Not thread-safe: two threads racing on the first access may both compute (each result
    is equal; the last one stays). The instance needs a ``__dict__`` (no ``__slots__``
    without it). Whatever the function raises propagates and nothing is stored. The value
    may be ``None`` (stored like any other).
    """

    def __init__(self, func: Callable[[Any], T]) -> None:
        self.func = func
        self.attrname: str | None = None
        self.__doc__ = func.__doc__
        self.__module__ = func.__module__

    def __set_name__(self, owner: type, name: str) -> None:
        if self.attrname is None:
            self.attrname = name
        elif name != self.attrname:
            raise TypeError(f"cannot assign the same cached_property to two names "
                            f"({self.attrname!r} and {name!r})")

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> "cached_property[T]": ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = self.func(instance)
        instance.__dict__[self.attrname] = value
        return value
