"""Properties: value types (``types``), the catalog's model (``registry``), how a property is
defined where it is read (``define``) and written (``writing``). The loaded catalog of every
application is ``officeeval.catalog``."""

from officeeval.properties.registry import PropertyDef, ResolveContext  # noqa: F401
