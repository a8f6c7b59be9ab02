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


def container_writer(name: str, containers: Callable[[Target], "list[etree._Element]"],
                     put: Callable[[etree._Element, Any], str],
                     inherited_at: "Callable[[Target], tuple[etree._Element, str] | None]"
                     " | None" = None) -> Writer:
    """The ``Writer`` of ``name`` that puts a value with ``put(el, value) -> note`` into
    every element ``containers(target)`` gives (a run's or paragraph's properties: what the
    resolver reads) and, for the audit's inherited mistakes, into the element
    ``inherited_at(target)`` finds the value inherited from, with that level's source
    (``None``: not inherited there, or a property that does not inherit). ``containers``
    raises ``NotApplicable`` for a target with nothing to write into."""
    def write(session: Session, target: Target, value: Any) -> str:
        written = ""
        for el in containers(target):
            written = put(el, value)
            session.touch(el)
        return written

    def inherited(target: Target) -> Level | None:
        found = inherited_at(target)  # type: ignore[misc]
        if found is None:
            return None
        el, source = found

        def write_there(session: Session, value: Any) -> str:
            note = put(el, value)
            session.touch(el)
            return note
        return Level(source, write_there)

    write.__qualname__ = getattr(put, "__qualname__", name)
    write.__module__ = getattr(put, "__module__", __name__)
    return Writer(name, write, inherited if inherited_at is not None else None)
