"""The property catalog of every application, and resolving a property on a target.

Built once from the applications (``officeeval.apps``): each app's property sets (the
decorated resolvers that define or bind each name) and writer sets. The names are the
contract with rubric authors (``docs/properties.md`` is generated from this catalog); never
rename one without keeping the old name as an alias.
"""

from __future__ import annotations

from officeeval import apps
from officeeval.cache import ProcessMemo
from officeeval.properties import types as T
from officeeval.properties.registry import PropertyDef, Registry, ResolveContext
from officeeval.targets import Target
from officeeval.values import Observation

# ``count`` is the one name without a resolver: the engine counts what a selector matched,
# in every app (the same number op="count" judges).
COUNT = PropertyDef("count", T.INTEGER, "Number of targets the selector matched, for any app "
                    "and selector (the same number op=\"count\" judges; here with any "
                    "comparator).")

_CATALOG: "ProcessMemo[Registry]" = ProcessMemo("catalog", 1)


def build() -> Registry:
    """A new registry of every application, each application's property sets loaded when
    it is first asked for (``Registry.ensure``) and its writer sets when a writer is
    (``Registry.writer``, ``Registry.load_writers``). Loading raises ``ValueError`` for a
    name defined twice, bound without a definition, or given two resolvers (or, when
    attached, writers) in one app."""
    reg = Registry()
    reg.define(COUNT.name, COUNT.vtype, COUNT.doc)
    for spec in apps.APPS.values():
        reg.add_app_later(spec.name, lambda spec=spec: spec.properties)
        # Writers only edit (the audit, the tests): attached when first asked for.
        reg.add_writers_later(spec.name, lambda spec=spec: spec.writers)
    return reg


def catalog(app: str | None = None) -> Registry:
    """The catalog (built on first use). With ``app``, at least that application's
    properties are loaded, each with its binding in ``app`` (other applications' are
    loaded when a name only they define is looked up): what grading one document needs.
    Without, every application's: the whole catalog. Raises ``ValueError`` when the
    property modules contradict each other (see ``build``)."""
    reg = _CATALOG.get_or_make("catalog", build)
    return reg.ensure(app) if app is not None else reg.ensure_all()


def get_property(name: str) -> PropertyDef | None:
    """Shortcut for ``catalog().get(name)``."""
    return catalog().get(name)


def resolve(name: str, target: Target, ctx: ResolveContext | None = None) -> Observation | None:
    """Resolve property ``name`` on ``target``. ``None`` means no value anywhere in the chain.

    Raises ``KeyError`` for an unknown property, ``LookupError`` when the property has no
    resolver for this app or this target kind, and whatever the resolver raises
    (``UnverifiableValue`` for values that cannot be verified).
    """
    pdef = catalog(target.doc.app).get(name)
    if pdef is None:
        raise KeyError(f"unknown property {name!r}")
    binding = pdef.bindings.get(target.doc.app)
    if binding is None:
        raise LookupError(f"property {name} is not available for {target.doc.app}")
    if target.kind not in binding.kinds:
        raise LookupError(f"property {name} does not apply to {target.kind} targets "
                          f"(it applies to: {', '.join(sorted(binding.kinds))})")
    return binding.fn(target, ctx or ResolveContext())


def bulk_resolver(name: str, targets: list[Target]):
    """The bulk form (``properties.define.reads_many``) of property ``name``'s resolver for
    ``targets``, one document's selection: ``(targets, ctx) -> list[Observation | None]``.
    ``None`` when the name is unknown, the resolver has no bulk form, or a target is of a
    kind (or app) the binding does not accept: the caller then resolves one by one with
    ``resolve``, which raises what applies."""
    binding = _binding_for_all(name, targets)
    return getattr(binding.fn, "many", None) if binding is not None else None


def alike_resolver(name: str, targets: list[Target]):
    """The comparison (``properties.define.reads_alike``) of property ``name``'s resolver
    for ``targets``, one document's selection: ``(targets, others) -> list[bool] | None``.
    ``None`` when it has none, or in the cases ``bulk_resolver`` gives ``None`` for."""
    binding = _binding_for_all(name, targets)
    return getattr(binding.fn, "alike", None) if binding is not None else None


def _binding_for_all(name: str, targets: list[Target]):
    """The binding of property ``name`` that accepts every one of ``targets`` (one app,
    kinds it applies to); ``None`` when there is none or ``targets`` is empty."""
    if not targets:
        return None
    app = targets[0].doc.app
    pdef = catalog(app).get(name)
    if pdef is None:
        return None
    binding = pdef.bindings.get(app)
    if binding is None:
        return None
    kinds = binding.kinds
    for t in targets:
        if t.kind not in kinds or t.doc.app != app:
            return None
    return binding


def markdown() -> str:
    """The catalog as Markdown (``docs/properties.md``, ``officeeval properties
    --markdown``): one table per family of names (``font``, ``paragraph`` …), each name with
    its apps, value type, the targets it applies to, its meaning, and why an app cannot
    write it when it cannot."""
    reg = catalog()
    app_names = list(apps.APPS)
    lines = [
        "# Property catalog",
        "",
        "Generated from the registry by `officeeval properties --markdown`; do not edit by "
        "hand (a test fails when this file is stale). Every name is a contract with rubric "
        "authors: names are never renamed without keeping the old one as an alias. How to "
        "add one: [extending.md](extending.md).",
        "",
        f"{len(reg.all())} properties; "
        + ", ".join(f"{apps.app(a).title} {len(reg.names(a))}" for a in app_names) + ".",
        "",
    ]
    families: dict[str, list[PropertyDef]] = {}
    for p in reg.all():
        families.setdefault(p.name.split(".", 1)[0], []).append(p)
    for family, props in families.items():
        lines += [f"## {family}", "",
                  "| property | apps | value | targets | meaning |",
                  "| --- | --- | --- | --- | --- |"]
        for p in props:
            bound = p.apps() or app_names
            types = sorted({p.type_for(a).name for a in bound})
            targets = "; ".join(f"{a}: {', '.join(sorted(p.bindings[a].kinds))}"
                                for a in p.apps()) or "any selection"
            meaning = p.doc
            read_only = [f"{a}: {p.bindings[a].read_only}" for a in p.apps()
                         if p.bindings[a].read_only]
            if read_only:
                meaning += " *Not written (" + "; ".join(read_only) + ").*"
            if p.aliases:
                meaning += " Also: " + ", ".join(f"`{x}`" for x in p.aliases) + "."
            lines.append(f"| `{p.name}` | {', '.join(bound)} | {', '.join(types)} | "
                         f"{targets} | {_cell(meaning)} |")
        lines.append("")
    return "\n".join(lines)


def _cell(text: str) -> str:
    """Text safe in a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")
