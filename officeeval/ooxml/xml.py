"""The one hardened XML parser every part goes through.

No DTD loading, no entity resolution, no network, no huge-tree relaxations: an entity
expansion ("billion laughs") or an external entity (XXE) is rejected, never expanded.
Strict-namespace documents are rewritten to Transitional names here so that resolvers see a
single vocabulary.
"""

from __future__ import annotations

from lxml import etree

from officeeval.errors import PackageError
from officeeval.ooxml.ns import STRICT_TO_TRANSITIONAL

# libxml2 refuses nesting deeper than 256 levels unless XML_PARSE_HUGE is set (huge_tree),
# which we never set; the parse error then names the part and line like any other.

_PARSER = etree.XMLParser(
    resolve_entities=False,
    no_network=True,
    load_dtd=False,
    dtd_validation=False,
    huge_tree=False,
    remove_comments=True,
    remove_pis=True,
    collect_ids=False,
)

_STRICT_BYTES = tuple(uri.encode() for uri in STRICT_TO_TRANSITIONAL)


def parse_xml(data: bytes, part: str = "?") -> etree._Element:
    """Parse ``data`` into an element tree root.

    Raises ``PackageError(stage="malformed_xml")`` with the part name and line for
    malformed XML, for any DOCTYPE (OOXML never needs one; its presence is how entity attacks
    arrive), and for nesting deeper than libxml2's limit of 256. Never returns ``None``.
    """
    head = data[:2048]
    if b"<!DOCTYPE" in head or b"<!ENTITY" in data[:65536]:
        raise PackageError("malformed_xml", "DOCTYPE/ENTITY declarations are not allowed",
                           part=part, line=_line_of(data, b"<!"))
    try:
        root = etree.fromstring(data, _PARSER)
    except etree.XMLSyntaxError as exc:
        line = exc.lineno if exc.lineno else None
        raise PackageError("malformed_xml", str(exc.msg or exc), part=part, line=line) from exc
    except ValueError as exc:  # lxml raises ValueError for e.g. unicode strings with encoding
        raise PackageError("malformed_xml", str(exc), part=part) from exc
    if root is None:
        raise PackageError("malformed_xml", "empty document", part=part)
    if any(s in head for s in _STRICT_BYTES) or _has_strict(root):
        root = _to_transitional(root)
    return root


def _line_of(data: bytes, needle: bytes) -> int | None:
    i = data.find(needle)
    return data.count(b"\n", 0, i) + 1 if i >= 0 else None


def _has_strict(root: etree._Element) -> bool:
    return any(uri in STRICT_TO_TRANSITIONAL for uri in (root.nsmap or {}).values())


def _to_transitional(root: etree._Element) -> etree._Element:
    """Rename Strict-namespace elements and attributes to their Transitional equivalents."""
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        el.tag = _map_name(el.tag)
        for name in list(el.attrib):
            new = _map_name(name)
            if new != name:
                el.attrib[new] = el.attrib.pop(name)
    etree.cleanup_namespaces(root)
    return root


def _map_name(name: str) -> str:
    if name.startswith("{"):
        uri, local = name[1:].split("}", 1)
        mapped = STRICT_TO_TRANSITIONAL.get(uri)
        if mapped:
            return f"{{{mapped}}}{local}"
    return name


def iterparse_xml(source, part: str, tag: str | tuple[str, ...] | None = None,
                  events: tuple[str, ...] = ("end",)):
    """Stream ``source`` (a binary file object) with the same hardening as ``parse_xml``.

    Yields ``(event, element)``; the caller clears elements it is done with. Raises
    ``PackageError(stage="malformed_xml")`` with part and line on malformed input. Strict
    namespaces are not rewritten here: callers that stream pass Transitional tags and should
    fall back to ``parse_xml`` for Strict files.
    """
    it = etree.iterparse(source, events=events, tag=tag, resolve_entities=False,
                         no_network=True, load_dtd=False, huge_tree=False,
                         remove_comments=True, remove_pis=True)
    try:
        yield from it
    except etree.XMLSyntaxError as exc:
        raise PackageError("malformed_xml", str(exc.msg or exc), part=part,
                           line=exc.lineno or None) from exc
