"""Query and inspect: resolve properties on selected targets for people looking at a
document (``officeeval query`` / ``officeeval inspect``)."""

from __future__ import annotations

from typing import Any

from officeeval import apps
from officeeval.backends import NO_BACKENDS
from officeeval.catalog import catalog, resolve
from officeeval.errors import OfficeEvalError
from officeeval.properties.registry import ResolveContext
from officeeval.rendered import no_layout_backend
from officeeval.selectors import select
from officeeval.targets import Document, Target
from officeeval.values import Observation

def observe(prop: str, target: Target, direct: bool = False) -> dict[str, Any]:
    """One property on one target as a JSON-able row: value (rendered), source, and parts
    for aggregate targets. Errors are reported in the row (``error``), never raised: inspect
    must survive any document."""
    pdef = catalog().get(prop)
    vtype = pdef.type_for(target.doc.app) if pdef else None
    row: dict[str, Any] = {"target": target.locator, "property": prop}
    try:
        obs = resolve(prop, target, ResolveContext(
            direct=direct, options=getattr(target.doc, "options", {}),
            backends=getattr(target.doc, "backends", NO_BACKENDS)))
    except OfficeEvalError as exc:
        if no_layout_backend(exc) and \
                getattr(getattr(target.doc, "backends", None), "layout", None) is None:
            # Not an error of the document nor ours: the caller handed in no layout
            # backend (officeeval inspect without LibreOffice).
            row.update(value=None, source="", rendered="(needs the layout backend)")
            return row
        row.update(value=None, source="", error=f"{type(exc).__name__}: {exc}")
        return row
    if obs is None:
        row.update(value=None, source="", rendered="(none)")
        return row
    row.update(_render(obs, vtype))
    return row


def _render(obs: Observation, vtype) -> dict[str, Any]:
    out: dict[str, Any] = {"value": _plain(obs.value), "rendered": vtype.render(obs.value)
                           if obs.value is not None or not obs.parts else
                           "mixed", "source": obs.source}
    if obs.note:
        out["note"] = obs.note
    if obs.parts and obs.value is None:
        out["parts"] = [{"part": label, "value": _plain(o.value),
                         "rendered": vtype.render(o.value), "source": o.source}
                        for label, o in obs.parts]
    return out


def _plain(v: Any) -> Any:
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    if isinstance(v, (list, tuple)):
        return [_plain(x) for x in v]
    if isinstance(v, dict):
        return {str(k): _plain(x) for k, x in v.items()}
    return str(v)


def query(doc: Document, selector: str | None, prop: str, direct: bool = False
          ) -> list[dict[str, Any]]:
    """Every selected target's value of ``prop`` with its source. Raises
    ``SelectorSyntaxError`` / ``LookupError`` for a bad selector, ``KeyError`` for an
    unknown property."""
    if catalog().get(prop) is None:
        raise KeyError(f"unknown property {prop!r}")
    targets = select(doc, selector)
    if prop == "count":
        # The number of targets the selector matched: one row for the whole selection,
        # in every app (what a rubric's property="count" judges).
        return [{"target": selector or "document", "property": "count",
                 "value": len(targets), "rendered": str(len(targets)),
                 "source": "computed"}]
    return [observe(prop, t, direct) for t in targets]


NOT_LAID_OUT = "(not laid out: officeeval inspect --layout)"


def inspect(doc: Document, limit: int = 50, layout: bool = False) -> list[dict[str, Any]]:
    """Every catalog property bound for each standard target kind, on up to ``limit``
    targets per selector. The layout properties (``apps.layout_properties``: LibreOffice
    lays the document out, seconds) are resolved only when ``layout`` is true; else their
    rows say so. Rows carry errors instead of raising."""
    rows: list[dict[str, Any]] = []
    reg = catalog()
    laid_out = apps.layout_properties()
    for selector in apps.app(doc.app).standard_targets:
        try:
            targets = select(doc, selector)
        except LookupError:
            continue  # a step this app's view does not offer yet
        except OfficeEvalError as exc:
            # A damaged part behind the selector (a malformed sheet) is a row, not a crash.
            rows.append({"target": selector, "property": "", "value": None, "source": "",
                         "error": f"{type(exc).__name__}: {exc}"})
            continue
        for t in targets[:limit]:
            for name in reg.names(doc.app):
                b = reg.get(name).bindings[doc.app]
                if t.kind not in b.kinds:
                    continue
                if name in laid_out and not layout:
                    rows.append({"target": t.locator, "property": name, "value": None,
                                 "source": "", "rendered": NOT_LAID_OUT})
                else:
                    rows.append(observe(name, t))
    return rows
