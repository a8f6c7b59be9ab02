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
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar, overload

T = TypeVar("T")
_MISSING = object()


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
