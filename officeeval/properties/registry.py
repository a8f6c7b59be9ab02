"""The property registry: the catalog's entries, duplicates rejected, every entry documented.

A property is defined once, by the decorated resolver that carries its documentation
(``officeeval.properties.define``), and bound to one resolver per app; each binding names
the target kinds it accepts, so a rubric asking for ``font.bold`` on a ``section`` is a
rubric error, not a silent ``not_found``. Writers (``officeeval.properties.writing``) are
attached to the bindings of their app. The loaded catalog, built from every application's
sets, is ``officeeval.catalog.catalog()``; an application's sets may be left for later
(``add_app_later``) and loaded when a caller asks for that application (``ensure``) or for
a name no loaded application defines, so grading a Word document never imports the code
of the other applications.
"""

from __future__ import annotations

import difflib
import threading
from dataclasses import dataclass, field, replace
from typing import Any, Callable

from officeeval.backends import NO_BACKENDS, Backends
from officeeval.properties.define import Definition, PropertySet
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Breaks, Plan
from officeeval.properties.types import ValueType
from officeeval.properties.writing import Writer, WriterSet
from officeeval.targets import Target
from officeeval.values import Observation

@dataclass(frozen=True)
class ResolveContext:
    """How to resolve: ``direct`` reads only what is set on the element itself (no styles,
    defaults, theme, layout or master); ``options`` carries the document's app settings
    (e.g. ``recalc`` on/off); ``backends`` the engines the caller handed in (``backends.py``:
    recalculation, and layout to come). A grading's contexts are built by its
    ``scoring.Grader``."""

    direct: bool = False
    options: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)
    backends: Backends = field(default=NO_BACKENDS, hash=False, compare=False)


Resolver = Callable[[Target, ResolveContext], "Observation | None"]


@dataclass(frozen=True)
class Binding:
    app: str
    kinds: frozenset[str]
    fn: Resolver
    note: str = ""
    vtype: ValueType | None = None
    writer: Writer | None = None
    where: str = ""
    read_only: str = ""  # why this app has no writer (a value computed from others)
    breaks: Breaks | None = None  # the audit's mistakes of it in this app
    plans: tuple[Plan, ...] = ()  # the audit's planners of it in this app, by kind
    draft: Drafting | None = None  # how drafting treats it in this app (None: the default)


@dataclass
class PropertyDef:
    """One catalog entry. ``unit`` is the canonical unit values are returned in."""

    name: str
    vtype: ValueType
    doc: str
    aliases: tuple[str, ...] = ()
    bindings: dict[str, Binding] = field(default_factory=dict)
    draft: Drafting | None = None  # how drafting treats it (a binding may override)
    implied_by: str = ""  # the selector predicate (type, style …) whose = filter fixes it
    typed_text: bool = False  # text a candidate types (the lint asks to normalise it)

    @property
    def unit(self) -> str:
        return self.vtype.unit

    def apps(self) -> list[str]:
        """The apps with a resolver, in the order ``officeeval.apps`` lists them."""
        return list(self.bindings)

    def type_for(self, app: str) -> ValueType:
        """The value type in ``app`` (a binding may override it, e.g. Excel column widths are
        in character units while Word's are lengths)."""
        b = self.bindings.get(app)
        return b.vtype if b is not None and b.vtype is not None else self.vtype

    def drafting(self, app: str | None = None) -> "Drafting | None":
        """How drafting treats it in ``app`` (the binding's ``draft=``, else the
        definition's); with no app, the definition's; ``None``: the drafting defaults."""
        b = self.bindings.get(app) if app is not None else None
        return b.draft if b is not None and b.draft is not None else self.draft


class Registry:
    def __init__(self) -> None:
        self._defs: dict[str, PropertyDef] = {}
        self._aliases: dict[str, str] = {}
        self._defined_at: dict[str, str] = {}
        self._pending: list[tuple[str, Definition]] = []
        self._later: dict[str, Callable[[], tuple[WriterSet, ...]]] = {}
        self._order: list[str] = []  # the apps in the order they were added
        self._unloaded: dict[str, Callable[[], tuple[PropertySet, ...]]] = {}
        self._loaded: set[str] = set()
        self._loading = threading.RLock()

    def define(self, name: str, vtype: ValueType, doc: str,
               aliases: tuple[str, ...] = ()) -> PropertyDef:
        """Add a property; raises ``ValueError`` on a duplicate name/alias or a missing doc."""
        if not doc.strip():
            raise ValueError(f"property {name} has no documentation")
        for n in (name, *aliases):
            if n in self._defs or n in self._aliases:
                raise ValueError(f"property {n!r} defined twice")
        pdef = PropertyDef(name, vtype, doc.strip(), tuple(aliases))
        self._defs[name] = pdef
        for a in aliases:
            self._aliases[a] = name
        return pdef

    def bind(self, name: str, app: str, kinds: str | tuple[str, ...] | set[str],
             fn: Resolver, note: str = "", vtype: ValueType | None = None) -> None:
        """Attach ``fn`` as the ``app`` resolver of ``name`` for target ``kinds``; raises
        ``ValueError`` for an undefined property or a second binding."""
        pdef = self._defs.get(name)
        if pdef is None:
            raise ValueError(f"cannot bind undefined property {name!r}")
        if app in pdef.bindings:
            raise ValueError(f"property {name} already has a {app} resolver")
        kinds_set = frozenset([kinds] if isinstance(kinds, str) else kinds)
        pdef.bindings[app] = Binding(app, kinds_set, fn, note, vtype)

    def add_app(self, app: str, sets: tuple[PropertySet, ...]) -> None:
        """Add the definitions of ``app``'s property sets: every ``prop`` first (so a
        binding never depends on the order the apps are listed in), then every binding.
        Raises ``ValueError`` naming both places for a name defined twice, a binding of
        an undefined name and a second resolver of one name in one app."""
        self._add_sets(app, sets)
        if app not in self._order:
            self._order.append(app)
        self._loaded.add(app)

    def _add_sets(self, app: str, sets: tuple[PropertySet, ...]) -> None:
        defs = [d for s in sets for d in s]
        for d in defs:
            if d.defines:
                self._define_from(d)
        self._pending.extend((app, d) for d in defs)

    def add_app_later(self, app: str, sets: Callable[[], tuple[PropertySet, ...]]) -> None:
        """Add ``app``'s property sets (``sets()``, as ``add_app``) when ``app`` is first
        asked for (``ensure``) or a name is looked up that no loaded application defines
        (``get``). Bindings keep the order the applications were added in, whatever the
        order they are loaded in."""
        self._order.append(app)
        self._unloaded[app] = sets

    def ensure(self, app: str) -> "Registry":
        """Load ``app``'s sets if they were left for later, and bind what they bind whose
        definition is loaded (the rest waits for its defining application). Raises
        ``ValueError`` as ``add_app`` does; an unknown ``app`` loads nothing."""
        if app in self._loaded:
            return self
        with self._loading:
            sets = self._unloaded.get(app)
            if sets is not None:
                self._add_sets(app, sets())
                del self._unloaded[app]
                self._bind_pending(final=not self._unloaded)
                self._loaded.add(app)  # last: another thread's ensure returns at once
        return self

    def ensure_all(self) -> "Registry":
        """Load every application left for later (the whole catalog, every binding made);
        raises ``ValueError`` as ``finish`` does."""
        while self._unloaded:
            self.ensure(next(iter(self._unloaded)))
        return self

    def _define_from(self, d: Definition) -> None:
        first = self._defined_at.get(d.name)
        if first is not None:
            raise ValueError(f"property {d.name!r} is defined twice ({first} and {d.where}): "
                             f"document it once with @prop and bind it elsewhere with "
                             f"@binds")
        self.define(d.name, d.vtype, d.doc, d.aliases)  # type: ignore[arg-type]
        self._defs[d.name].draft = d.draft
        self._defs[d.name].implied_by = d.implied_by
        self._defs[d.name].typed_text = d.typed_text
        self._defined_at[d.name] = d.where

    def finish(self) -> "Registry":
        """Bind every pending definition (after all apps' entries are defined); raises
        ``ValueError`` for a binding of a name no ``prop`` defines, two resolvers of one
        name in one app, a writer of a read-only binding."""
        self._bind_pending(final=True)
        return self

    def _bind_pending(self, final: bool) -> None:
        """Bind the pending definitions whose name is defined; when ``final`` (no
        application is left to load), one whose name nobody defines is an error."""
        waiting: list[tuple[str, Definition]] = []
        touched: list[PropertyDef] = []
        for app, d in self._pending:
            pdef = self._defs.get(d.name)
            if pdef is None:
                if final:
                    raise ValueError(f"{d.where} binds {d.name!r}, which no @prop defines")
                waiting.append((app, d))
                continue
            if app in pdef.bindings:
                raise ValueError(f"property {d.name} has two {app} resolvers "
                                 f"({pdef.bindings[app].where} and {d.where})")
            if d.writer is not None and d.read_only:
                raise ValueError(f"{d.where} declares a writer of {d.name!r}, which {app} "
                                 f"declares read-only ({d.read_only})")
            pdef.bindings[app] = Binding(app, d.kinds, d.fn, vtype=d.app_type, where=d.where,
                                         read_only=d.read_only, breaks=d.breaks,
                                         plans=d.plans, draft=d.draft,
                                         writer=Writer(d.name, d.writer)
                                         if d.writer is not None else None)
            touched.append(pdef)
        self._pending = waiting
        rank = {a: i for i, a in enumerate(self._order)}
        for pdef in touched:
            if len(pdef.bindings) > 1:
                # In the apps' order, whatever the loading order (``apps()``, the generated
                # catalog). A new dict, never the old one emptied and refilled: a thread
                # grading another app reads it meanwhile.
                pdef.bindings = dict(sorted(pdef.bindings.items(),
                                            key=lambda kv: rank.get(kv[0], 99)))

    def add_writers(self, app: str, sets: tuple[WriterSet, ...]) -> None:
        """Attach ``app``'s writers to the bindings of their properties; raises
        ``ValueError`` for a writer of a name ``app`` does not bind and for two writers
        of one name."""
        for ws in sets:
            for w in ws:
                pdef = self._defs.get(w.name)
                binding = pdef.bindings.get(app) if pdef is not None else None
                if binding is None:
                    raise ValueError(f"{w.where} writes {w.name!r}, which has no {app} "
                                     f"resolver")
                if binding.writer is not None:
                    raise ValueError(f"property {w.name} has two {app} writers "
                                     f"({binding.writer.where} and {w.where})")
                if binding.read_only:
                    raise ValueError(f"{w.where} writes {w.name!r}, which {app} declares "
                                     f"read-only ({binding.read_only})")
                pdef.bindings[app] = replace(binding, writer=w)

    def add_writers_later(self, app: str, sets: Callable[[], tuple[WriterSet, ...]]) -> None:
        """Attach ``app``'s writers (``sets()``, as ``add_writers``) when one is first
        asked for: importing the code that edits documents is left to those who edit."""
        self._later[app] = sets

    def load_writers(self) -> "Registry":
        """Attach every writer left for later (bindings then carry their ``writer``);
        raises ``ValueError`` like ``add_writers``."""
        self.ensure_all()
        while self._later:
            app, sets = next(iter(self._later.items()))
            del self._later[app]
            self.add_writers(app, sets())
        return self

    def writer(self, name: str, app: str) -> Writer | None:
        """The ``app`` writer of property ``name`` (or alias); ``None`` when it has none."""
        if app in self._later:
            # An app writes names other apps define (Word's cell borders): their bindings
            # wait for those apps, so editing loads the whole catalog first.
            self.ensure_all()
            sets = self._later.pop(app)
            self.add_writers(app, sets())
        pdef = self.get(name)
        binding = pdef.bindings.get(app) if pdef is not None else None
        return binding.writer if binding is not None else None

    def get(self, name: str) -> PropertyDef | None:
        """The definition for a name or alias; ``None`` when unknown. A name no loaded
        application defines loads the others first. Its bindings hold every loaded
        application's: ask for ``ensure(app)`` (``catalog(app)``) before reading ``app``'s."""
        found = self._defs.get(self._aliases.get(name, name))
        if found is None and self._unloaded:
            self.ensure_all()
            found = self._defs.get(self._aliases.get(name, name))
        return found

    def names(self, app: str | None = None) -> list[str]:
        self.ensure_all()
        return sorted(n for n, d in self._defs.items() if app is None or app in d.bindings)

    def suggest(self, name: str, app: str | None = None) -> str | None:
        """The closest known name (for "did you mean"); ``None`` when nothing is close."""
        self.ensure_all()
        pool = self.names(app) + [a for a, n in self._aliases.items()
                                  if app is None or app in self._defs[n].bindings]
        found = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
        return found[0] if found else None

    def all(self) -> list[PropertyDef]:
        self.ensure_all()
        return [self._defs[n] for n in sorted(self._defs)]
