"""How drafting treats a property: the ``Drafting`` its definition declares
(``@prop(..., draft=Drafting(...))``, ``officeeval.properties.drafting``), read from the
catalog instead of tables keyed by property names."""

from __future__ import annotations

from officeeval.catalog import catalog
from officeeval.properties.drafting import Drafting

_DEFAULTS = Drafting()


def policy(name: str | None) -> Drafting:
    """The drafting policy of property ``name``: its definition's ``draft``, the defaults
    for a property that declares none, for ``None`` and for a name the catalog lacks (the
    draft's own change names, ``formula``). Raises nothing."""
    pdef = catalog().get(name) if name else None
    found = pdef.drafting() if pdef is not None else None
    return found if found is not None else _DEFAULTS
