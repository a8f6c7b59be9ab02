"""The property registry: an explicit table, duplicates rejected, every entry documented.

A property is defined once (name, value type, description) in ``definitions.py`` and bound to a
resolver per app in that app's binding module (``word.py``, ``excel.py``, ``ppt.py``). A
binding names the target kinds it accepts, so a rubric asking for ``font.bold`` on a
``section`` is a rubric error, not a silent ``not_found``.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from typing import Any, Callable

from officeeval.backends import NO_BACKENDS, Backends
from officeeval.properties.types import ValueType
from officeeval.targets import Target
from officeeval.values import Observation

APPS = ("word", "excel", "ppt")


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


@dataclass
class PropertyDef:
    """One catalog entry. ``unit`` is the canonical unit values are returned in."""

    name: str
    vtype: ValueType
    doc: str
    aliases: tuple[str, ...] = ()
    bindings: dict[str, Binding] = field(default_factory=dict)

    @property
    def unit(self) -> str:
        return self.vtype.unit

    def apps(self) -> list[str]:
        return [a for a in APPS if a in self.bindings]

    def type_for(self, app: str) -> ValueType:
        """The value type in ``app`` (a binding may override it, e.g. Excel column widths are
        in character units while Word's are lengths)."""
        b = self.bindings.get(app)
        return b.vtype if b is not None and b.vtype is not None else self.vtype


class Registry:
    def __init__(self) -> None:
        self._defs: dict[str, PropertyDef] = {}
        self._aliases: dict[str, str] = {}

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
        ``ValueError`` for an undefined property, an unknown app or a second binding."""
        if app not in APPS:
            raise ValueError(f"unknown app {app!r}")
        pdef = self._defs.get(name)
        if pdef is None:
            raise ValueError(f"cannot bind undefined property {name!r}")
        if app in pdef.bindings:
            raise ValueError(f"property {name} already has a {app} resolver")
        kinds_set = frozenset([kinds] if isinstance(kinds, str) else kinds)
        pdef.bindings[app] = Binding(app, kinds_set, fn, note, vtype)

    def get(self, name: str) -> PropertyDef | None:
        """The definition for a name or alias; ``None`` when unknown."""
        return self._defs.get(self._aliases.get(name, name))

    def names(self, app: str | None = None) -> list[str]:
        return sorted(n for n, d in self._defs.items() if app is None or app in d.bindings)

    def suggest(self, name: str, app: str | None = None) -> str | None:
        """The closest known name (for "did you mean"); ``None`` when nothing is close."""
        pool = self.names(app) + [a for a, n in self._aliases.items()
                                  if app is None or app in self._defs[n].bindings]
        found = difflib.get_close_matches(name, pool, n=1, cutoff=0.6)
        return found[0] if found else None

    def all(self) -> list[PropertyDef]:
        return [self._defs[n] for n in sorted(self._defs)]


_REGISTRY: Registry | None = None


def catalog() -> Registry:
    """The loaded registry (catalog definitions plus every app's bindings)."""
    global _REGISTRY
    if _REGISTRY is None:
        reg = Registry()
        from officeeval.properties import definitions as defs
        defs.define_all(reg)
        for app in APPS:
            mod = _import_binding(app)
            if mod is not None:
                mod.bind_all(reg)
        _REGISTRY = reg
    return _REGISTRY


def _import_binding(app: str):
    import importlib
    name = f"officeeval.properties.{app}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name == name:
            return None
        raise


def get_property(name: str) -> PropertyDef | None:
    """Shortcut for ``catalog().get(name)``."""
    return catalog().get(name)


def resolve(name: str, target: Target, ctx: ResolveContext | None = None) -> Observation | None:
    """Resolve property ``name`` on ``target``. ``None`` means no value anywhere in the chain.

    Raises ``KeyError`` for an unknown property, ``LookupError`` when the property has no
    resolver for this app or this target kind, and whatever the resolver raises
    (``UnverifiableValue`` for values that cannot be verified).
    """
    pdef = catalog().get(name)
    if pdef is None:
        raise KeyError(f"unknown property {name!r}")
    binding = pdef.bindings.get(target.doc.app)
    if binding is None:
        raise LookupError(f"property {name} is not available for {target.doc.app}")
    if target.kind not in binding.kinds:
        raise LookupError(f"property {name} does not apply to {target.kind} targets "
                          f"(it applies to: {', '.join(sorted(binding.kinds))})")
    return binding.fn(target, ctx or ResolveContext())
