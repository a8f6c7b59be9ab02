"""The property catalog of every application, and resolving a property on a target.

Built once from the applications (``officeeval.apps``): each app's property sets (the
decorated resolvers that define or bind each name) and writer sets. The names are the
contract with rubric authors (``docs/properties.md`` is generated from this catalog); never
rename one without keeping the old name as an alias.
"""

from __future__ import annotations

from officeeval import apps
from officeeval.properties import types as T
from officeeval.properties.registry import PropertyDef, Registry, ResolveContext
from officeeval.targets import Target
from officeeval.values import Observation

# ``count`` is the one name without a resolver: the engine counts what a selector matched,
# in every app (the same number op="count" judges).
COUNT = PropertyDef("count", T.INTEGER, "Number of targets the selector matched, for any app "
                    "and selector (the same number op=\"count\" judges; here with any "
                    "comparator).")

_REGISTRY: Registry | None = None


def build() -> Registry:
    """A new registry from every application's property and writer sets; raises
    ``ValueError`` for a name defined twice, bound without a definition, or given two
    resolvers or writers in one app."""
    reg = Registry()
    reg.define(COUNT.name, COUNT.vtype, COUNT.doc)
    for spec in apps.APPS.values():
        reg.add_app(spec.name, spec.properties)
    reg.finish()
    for spec in apps.APPS.values():
        reg.add_writers(spec.name, spec.writers)
    return reg


def catalog() -> Registry:
    """The loaded catalog (built on first use)."""
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = build()
    return _REGISTRY


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
