"""How ``officeeval draft`` treats a property, declared where the property is defined
(``@prop(..., draft=Drafting(...))``; a binding's ``draft=`` overrides it in its app).

Format-neutral data only: the words an instruction uses for the property's feature, and
the like; the drafting code (``officeeval.draft``) reads it from the catalog
(``PropertyDef.drafting(app)``) instead of keeping tables keyed by property names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Drafting:
    """A property's drafting policy. Every field's default is what drafting does for a
    property that declares nothing."""
