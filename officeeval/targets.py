"""The contract between format views and the format-neutral layers above them.

A ``Document`` is an opened file of one app; a ``Target`` is something a selector step can
select and a property can be resolved on (a paragraph, a cell, a slide …). Selectors and the
scoring engine only use what is declared here, so every format can be graded the same way.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from officeeval.backends import Backends

if TYPE_CHECKING:  # a base module: the package layer is named in annotations only
    from officeeval.ooxml.package import Package


class Target:
    """Base class of every selectable thing.

    ``kind`` is the target kind (``paragraph``, ``run``, ``cell`` …) that property resolvers
    declare they accept. ``locator`` is a stable, human-readable address (``paragraph[3]``,
    ``'成绩'!B2``, ``slide[2]/shape[name='标题 1']``) used in grade sheets and to pair targets
    across the candidate, input and reference documents.
    """

    kind: str = "target"

    def __init__(self, doc: "Document", locator: str) -> None:
        self.doc = doc
        self.locator = locator

    @property
    def pair_key(self) -> Any:
        """What pairs this target with its counterpart in another document: equal exactly
        when the locators are equal (the locator itself unless a cheaper key says the same,
        as a cell's sheet name and position do)."""
        return self.locator

    def predicate_value(self, key: str) -> Any:
        """The value a selector predicate ``[key=…]`` tests (``text``, ``style``, ``name``,
        ``type``, ``layout`` …). ``None`` when the target has no such attribute; a list
        matches when any element matches (e.g. a style's id and its name)."""
        return None

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.locator}>"


class Document(Protocol):
    """An opened document of one app."""

    app: str
    path: str
    package: Package
    options: dict
    backends: Backends  # what the opener handed in (backends.py); never started here

    def root(self) -> Target:
        """The document-level target selectors start from."""

    def theme_color(self, slot: str) -> str | None:
        """RGB of a theme color slot (``accent1``, ``dk1`` …); ``None`` without a theme."""

    def close(self) -> None:
        """Release the package."""


class LazySelection(Sequence):
    """A selection of many targets of one kind (a range of a sheet's cells) whose
    ``Target`` objects are built when something first iterates or indexes it — once, then
    kept, so a target's identity holds as in a list. Its length costs nothing.

    A judge that needs only the targets' values may ask ``groups(resolver)`` instead of
    building them: when the view knows that every target of a group resolves alike (cells
    sharing a style, for a resolver of the style), it returns ``(labels, firsts)``: the
    group of each target in selection order, and the position of each group's first
    target; ``None`` when it cannot say (then the judge goes target by target).
    ``target_at(i)`` builds the i-th target alone (for resolving a group's first, or a
    locator) without building the others."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._items: list[Target] | None = None

    def _build(self) -> list[Target]:
        raise NotImplementedError

    def target_at(self, i: int) -> Target:
        raise NotImplementedError

    def groups(self, resolver: Any) -> tuple[list[int], list[int]] | None:
        return None

    def same_places(self, other: Any) -> bool:
        """Whether ``other`` (a selection of another document) holds, at each position,
        the target whose ``pair_key`` equals this selection's target there, every key
        distinct: pairing the two by key is then pairing them by position. ``False`` when
        it cannot say cheaply."""
        return False

    def items(self) -> list[Target]:
        """Every target, built on first use and kept."""
        if self._items is None:
            self._items = self._build()
        return self._items

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, i):  # type: ignore[override]
        return self.items()[i]

    def __iter__(self) -> Iterator[Target]:
        return iter(self.items())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazySelection):
            return self.items() == other.items()
        if isinstance(other, list):
            return self.items() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other: Any) -> list[Target]:
        return self.items() + list(other)

    def __radd__(self, other: Any) -> list[Target]:
        return list(other) + self.items()

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._size}>"
