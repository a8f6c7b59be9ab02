"""The property catalog: names, value types, units, documentation and per-app resolvers."""

from officeeval.properties.registry import (  # noqa: F401
    PropertyDef, ResolveContext, catalog, get_property, resolve,
)
