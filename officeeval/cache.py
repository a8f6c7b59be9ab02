"""Per-instance cached attributes without a lock.

``functools.cached_property`` on Python 3.11 takes an ``RLock`` on every first access
(about 14 µs each, tens of thousands of times per graded document); document views are
used by one thread at a time, so the lock buys nothing here. Python 3.12 dropped it too.
"""

from __future__ import annotations

from typing import Any, Callable, Generic, TypeVar, overload

T = TypeVar("T")


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
