"""OOXML packages: bounded zip reading, the hardened XML parser, namespaces and units."""
