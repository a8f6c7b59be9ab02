"""The writer side of a property: how a value is written into a document being edited.

Writers live in each format's ``edit`` package beside its readers and are registered by
property name in a ``WriterSet``, which the application lists (``officeeval.apps``); the
catalog attaches each to the property's binding for that app. Their users are the rubric
audit (mutants with a wrong value, equivalent variants) and anything else that needs to
make a document with a known value.

A writer edits the parsed parts of an open document view in place, through a ``Session``
that records which parts changed (only those are re-serialized); it returns a short note
of what it wrote (``w:sz=28``) and raises ``NotApplicable`` when the value cannot be
written on that target (nothing of the kind to edit).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Protocol

from lxml import etree

from officeeval.targets import Document, Target


class NotApplicable(Exception):
    """This edit cannot be made on this document (nothing of the kind to edit)."""


class Session(Protocol):
    """A document being edited: its fresh view, and the record of what changed."""

    doc: Document

    def touch(self, el: etree._Element) -> None:
        """Mark the part holding ``el`` as changed; ``NotApplicable`` for an element in
        no part (a default the view made up)."""

    def part(self, name: str) -> etree._Element:
        """The parsed root of part ``name``, marked as changed."""


Write = Callable[[Session, Target, Any], str]


@dataclass(frozen=True)
class Level:
    """Where a target's value is inherited from, writable there: ``source`` as the resolver
    names it (``style:Heading1``, ``docDefaults``, ``layout``)."""

    source: str
    write: Callable[[Session, Any], str]


@dataclass(frozen=True)
class Writer:
    """How ``name`` is written: ``write(session, target, value)`` sets it on the target
    itself (direct formatting, the element's own attribute); ``inherited(target)`` is
    the level the target's value comes from when it is inherited (``None``: not inherited
    here, or not a property that inherits)."""

    name: str
    write: Write
    inherited: Callable[[Target], "Level | None"] | None = None

    @property
    def where(self) -> str:
        fn = self.write
        return f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', repr(fn))}"


class WriterSet:
    """The writers of one module."""

    def __init__(self) -> None:
        self.writers: list[Writer] = []

    def writer(self, name: str, inherited: Callable[[Target], "Level | None"] | None = None
               ) -> Callable[[Write], Write]:
        """Register the decorated ``write(session, target, value) -> note`` as the writer
        of ``name``."""
        def decorate(fn: Write) -> Write:
            self.writers.append(Writer(name, fn, inherited))
            return fn
        return decorate

    def add(self, writer: Writer) -> Writer:
        """Register a writer built by a format's own helper (one with an inherited level)."""
        self.writers.append(writer)
        return writer

    def __iter__(self):
        return iter(self.writers)
