"""Defining a property where it is read: one decorated resolver per property and app.

A module of resolvers keeps its definitions in a ``PropertySet`` and decorates each resolver
``(target, ctx) -> Observation | None``::

    PROPERTIES = PropertySet()
    prop, binds = PROPERTIES.prop, PROPERTIES.binds

    @prop("paragraph.keep_with_next", T.BOOL, kinds=PARA_KINDS)
    def keep_with_next(target, ctx):
        \"\"\"Keep with next (与下段同页).\"\"\"
        ...

``prop`` *defines* a catalog entry (name, value type, documentation) and is its resolver
for the app that lists the set; the first paragraph of the docstring is the catalog text
(later paragraphs are notes for the code's readers). A name shared by several apps
(``font.bold`` in Word, Excel and PowerPoint) is defined once, where its documentation
lives, and ``binds`` attaches every other app's resolver to it, with that app's own value
type when the unit differs (Excel column widths are in characters). The registry rejects
a second definition of a name (two documentations, perhaps two types), a binding of a name
nobody defines, and two resolvers of one name in one app.

Each application lists its sets explicitly (``officeeval.apps``); nothing is registered by
importing a module.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Callable

from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Breaks, Mistakes, Plan, breaks_of, plans_of
from officeeval.properties.types import ValueType
from officeeval.properties.writing import Write

Resolver = Callable[..., "object | None"]


@dataclass(frozen=True)
class Definition:
    """One decorated resolver. ``vtype`` and ``doc`` are set when it defines the catalog
    entry (``prop``), ``None``/``""`` when it only binds one (``binds``); ``app_type`` is a
    binding's own value type for its app; ``breaks`` how the rubric audit breaks the
    property in this app (``None``: no value mistake of its own); ``plans`` the audit's
    planners of it in this app (``()``: none); ``draft`` how ``officeeval draft`` treats it
    (``None``: the drafting defaults); ``implied_by`` and ``typed_text`` the rubric lint's
    facts of a definition (``prop``); ``writer`` its writer in this app when it is declared
    with the resolver (``None``: registered in a ``WriterSet``, or none)."""

    name: str
    fn: Resolver
    kinds: frozenset[str]
    vtype: ValueType | None = None
    doc: str = ""
    aliases: tuple[str, ...] = ()
    app_type: ValueType | None = None
    read_only: str = ""
    breaks: Breaks | None = None
    plans: tuple[Plan, ...] = ()
    draft: Drafting | None = None
    implied_by: str = ""
    typed_text: bool = False
    writer: Write | None = None

    @property
    def defines(self) -> bool:
        return self.vtype is not None

    @property
    def where(self) -> str:
        """``module.function`` of the resolver, for error messages."""
        fn = self.fn
        return f"{getattr(fn, '__module__', '?')}.{getattr(fn, '__qualname__', repr(fn))}"


def reads_many(single: Resolver) -> Callable[[Callable], Callable]:
    """Attach the decorated function to resolver ``single`` as its bulk form,
    ``(targets, ctx) -> list[Observation | None]``: item for item what
    ``[single(t, ctx) for t in targets]`` gives, raising what the first failing target
    raises. The scoring engine resolves a check's whole selection through it
    (``catalog.bulk_resolver``) when every target is of a kind the binding accepts: a
    1,000-cell range then costs one call and one dispatch, not one per cell."""
    def decorate(fn: Callable) -> Callable:
        single.many = fn  # type: ignore[attr-defined]
        return fn
    return decorate


def reads_alike(single: Resolver) -> Callable[[Callable], Callable]:
    """Attach the decorated function to resolver ``single`` as its comparison with another
    document, ``(targets, others) -> list[bool] | None``: ``others`` holds, at each
    position, the target's counterpart in another document of the same app; an item is
    ``True`` only where resolving the target is certain to give what resolving its
    counterpart gives (an equal value of the same type with the same extras and source, or
    no value on both sides) while reading nothing else, noting nothing on the document and
    raising nothing, whatever the context. ``False`` where it cannot say so cheaply; ``None``
    for the whole selection. The scoring engine then takes the counterpart's observation
    for those targets (``unchanged`` over an untouched table) instead of resolving them."""
    def decorate(fn: Callable) -> Callable:
        single.alike = fn  # type: ignore[attr-defined]
        return fn
    return decorate


def read_many_one_by_one(definitions: "PropertySet", kind: str) -> None:
    """Give every resolver of ``definitions`` for targets of ``kind`` that has no bulk form
    (``reads_many``) the plain one: each target in turn, behind one dispatch per
    selection instead of one per target."""
    for d in definitions:
        if kind in d.kinds and getattr(d.fn, "many", None) is None:
            d.fn.many = _one_by_one(d.fn)  # type: ignore[attr-defined]


def _one_by_one(fn: Resolver) -> Callable:
    def many(targets, ctx):
        return [fn(t, ctx) for t in targets]
    return many


def catalog_text(docstring: str | None) -> str:
    """The catalog text of a docstring: its first paragraph on one line."""
    text = inspect.cleandoc(docstring or "")
    return " ".join(text.split("\n\n", 1)[0].split())


def _kinds(kinds: str | tuple[str, ...] | frozenset[str]) -> frozenset[str]:
    return frozenset([kinds] if isinstance(kinds, str) else kinds)


class PropertySet:
    """The definitions of one module, in the order they were written."""

    def __init__(self) -> None:
        self.definitions: list[Definition] = []

    def prop(self, name: str, vtype: ValueType, *, kinds: str | tuple[str, ...],
             aliases: tuple[str, ...] = (), doc: str | None = None, read_only: str = "",
             breaks: Breaks | Mistakes | None = None,
             plan: Plan | tuple[Plan, ...] | None = None,
             draft: Drafting | None = None, implied_by: str = "",
             typed_text: bool = False,
             writer: Write | None = None) -> Callable[[Resolver], Resolver]:
        """Define catalog entry ``name`` with resolver the decorated function for target
        ``kinds``. The catalog text is the docstring's first paragraph, or ``doc`` for a
        resolver a factory made (it has no docstring of its own). ``read_only`` says why
        this app has no writer of it (a value computed from others); ``breaks`` the
        mistakes the rubric audit makes of it (``properties.mistakes``: a function of the
        reference's values, or a ``Breaks`` trying more than one); ``plan`` the audit's
        planners of it, by kind (``properties.mistakes.Plan``); ``draft`` how drafting
        treats it (``properties.drafting.Drafting``). For the rubric lint, in every app:
        ``implied_by`` the selector predicate whose ``=`` filter fixes the value (``type``:
        ``field[type='REF']`` selects only REF fields), ``typed_text`` that the value is
        text a candidate types (not a name, a pattern or a number). ``writer`` its writer
        in this app, ``write(session, target, value) -> note``, when a declaration gives it
        with the resolver (a family of properties several apps bind, ``properties.charts``).
        Raises ``ValueError`` when there is no text."""
        def decorate(fn: Resolver) -> Resolver:
            text = " ".join(doc.split()) if doc is not None else catalog_text(fn.__doc__)
            if not text:
                raise ValueError(f"property {name} ({getattr(fn, '__qualname__', fn)}) has "
                                 f"no documentation: give its resolver a docstring")
            self.definitions.append(Definition(name, fn, _kinds(kinds), vtype, text,
                                               tuple(aliases), read_only=read_only,
                                               breaks=breaks_of(breaks),
                                               plans=plans_of(plan), draft=draft,
                                               implied_by=implied_by, typed_text=typed_text,
                                               writer=writer))
            return fn
        return decorate

    def binds(self, name: str, *, kinds: str | tuple[str, ...],
              vtype: ValueType | None = None, read_only: str = "",
              breaks: Breaks | Mistakes | None = None,
              plan: Plan | tuple[Plan, ...] | None = None,
              draft: Drafting | None = None,
              writer: Write | None = None) -> Callable[[Resolver], Resolver]:
        """Bind the decorated function as this app's resolver of ``name``, defined
        elsewhere, for target ``kinds``; ``vtype``: this app's own value type when it
        differs from the catalog's; ``read_only``, ``breaks``, ``plan``, ``draft`` and ``writer``
        as for ``prop`` (a binding's ``draft`` overrides the definition's in its app)."""
        def decorate(fn: Resolver) -> Resolver:
            self.definitions.append(Definition(name, fn, _kinds(kinds), app_type=vtype,
                                               read_only=read_only,
                                               breaks=breaks_of(breaks),
                                               plans=plans_of(plan), draft=draft,
                                               writer=writer))
            return fn
        return decorate

    def __iter__(self):
        return iter(self.definitions)
