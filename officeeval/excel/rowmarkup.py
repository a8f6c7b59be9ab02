"""The markup of a worksheet's rows, read from bytes for ``fastrows``: the patterns of a row,
a cell and a cell's children, text and attribute values unescaped as libxml2 gives them, the
checks of the prolog and the root's namespaces, and a well-formedness validator. Anything
these do not read raises ``Unusual`` (the caller then reads the pass with lxml).
"""

from __future__ import annotations

import re

from lxml import etree

from officeeval.cache import ProcessMemo
from officeeval.excel.refs import col_index
from officeeval.ooxml.xml import check_prolog

_XML_NS = "http://www.w3.org/XML/1998/namespace"


class Unusual(Exception):
    """The part holds something this reader does not read: use the lxml reader."""


_ATTR = rb"""\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*')"""
# A cell's content: anything but the start or end of a cell or row (no nesting).
_BODY = rb"[^<]*(?:<(?!/?(?:c|row)[\s/>])[^<]*)*"
UNIT = re.compile(
    rb'\s*(?:<row\s+r\s*=\s*"([1-9][0-9]{0,6})"((?:' + _ATTR + rb')*)\s*(/?)>'
    rb"|</row\s*>"
    rb'|<c\s+r\s*=\s*"([A-Z]{1,3})([1-9][0-9]{0,6})"((?:' + _ATTR + rb")*)\s*"
    rb"(?:/>|>(" + _BODY + rb")</c\s*>))")
# Any tag the rows may not hold here (comments, CDATA and PIs start with ``<!`` / ``<?``).
ODD_TAG = re.compile(rb"<(?!/?(?:row|c|v|f|is|t)[\s/>])")
_ATTR_PARTS = re.compile(rb"""\s+([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_CHILD = re.compile(
    rb"\s*(?:<v(?:" + _ATTR + rb")*\s*(?:/>|>([^<]*)</v\s*>)"
    rb"|<f((?:" + _ATTR + rb")*)\s*(?:/>|>([^<]*)</f\s*>)"
    rb"|<is(?:" + _ATTR + rb")*\s*(?:/>|>((?:\s*<t(?:" + _ATTR + rb")*\s*(?:/>|>[^<]*</t\s*>))*"
    rb"\s*)</is\s*>))")
_T = re.compile(rb"<t(?:" + _ATTR + rb")*\s*(?:/>|>([^<]*)</t\s*>)")
_ENTITY = re.compile(r"&(?:#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|(amp|lt|gt|quot|apos));")
_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
_DECL_ENC = re.compile(rb"""^<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._:\-]{1,40})["']""")
# Column numbers by their letters, remembered (fastrows' row loop looks them up first).
COLS: "ProcessMemo[int]" = ProcessMemo("excel.column_bytes", 20_000, lru=False)


def column_of(letters: bytes) -> int:
    """The column number of a cell reference's letters. Raises ``Unusual`` past XFD."""
    col = COLS.get(letters)
    if col is None:
        col = col_index(letters.decode("ascii"))
        if col is None:  # past XFD: the lxml reader counts it by position
            raise Unusual("a cell reference outside the grid")
        COLS.put(letters, col)
    return col


def _entity(m: re.Match) -> str:
    hexa, dec, name = m.groups()
    if name:
        return _NAMED[name]
    code = int(hexa, 16) if hexa else int(dec)
    try:
        return chr(code)
    except (ValueError, OverflowError):
        raise Unusual("a character reference out of range") from None


def _unescape_checked(s: str) -> str:
    out = _ENTITY.sub(_entity, s)
    # Every & must have been part of a reference: count them in the source.
    if s.count("&") != len(_ENTITY.findall(s)):
        raise Unusual("an entity reference that is not predefined")
    return out


def _text(raw: bytes) -> str:
    s = raw.decode("utf-8")
    if "\r" in s:
        s = s.replace("\r\n", "\n").replace("\r", "\n")
    if "&" in s:
        s = _unescape_checked(s)
    return s


def _attr_value(raw: bytes) -> str:
    """An attribute value as libxml2 gives it (no DTD: every attribute is CDATA): line
    ends normalized, then each whitespace character a space, then references replaced."""
    s = raw.decode("utf-8")
    if "\r" in s:
        s = s.replace("\r\n", "\n").replace("\r", "\n")
    if "\t" in s or "\n" in s:
        s = s.replace("\t", " ").replace("\n", " ")
    if "&" in s:
        s = _unescape_checked(s)
    return s


def attributes(raw: bytes, nsmap: dict) -> dict[str, str]:
    """The attributes of a start tag's attribute text, names in lxml's ``{uri}local`` form
    (prefixes from ``nsmap``, the root's declarations)."""
    out: dict[str, str] = {}
    for m in _ATTR_PARTS.finditer(raw):
        name = m.group(1).decode("ascii", "strict") if m.group(1).isascii() else None
        if name is None:
            raise Unusual("a non-ASCII attribute name")
        if ":" in name:
            prefix, local = name.split(":", 1)
            uri = _XML_NS if prefix == "xml" else nsmap.get(prefix)
            if uri is None or ":" in local:
                raise Unusual(f"an attribute prefix {prefix!r} the root does not declare")
            name = f"{{{uri}}}{local}"
        val = m.group(2) if m.group(2) is not None else m.group(3)
        out[name] = _attr_value(val)
    return out


class Validator:
    """libxml2 checking well-formedness of the bytes fed (no tree, no callbacks)."""

    class _Null:
        def close(self) -> None:
            return None

    def __init__(self) -> None:
        self._parser = etree.XMLParser(target=self._Null(), resolve_entities=False,
                                       no_network=True, load_dtd=False, huge_tree=False)

    def feed(self, data: bytes) -> None:
        try:
            self._parser.feed(data)
        except etree.XMLSyntaxError as exc:
            raise Unusual(f"malformed: {exc}") from None

    def close(self) -> None:
        try:
            self._parser.close()
        except etree.XMLSyntaxError as exc:
            raise Unusual(f"malformed: {exc}") from None

    def abandon(self) -> None:
        """Stop before the end: the parser's state is released now (lxml's target parser
        and its context refer to each other: left alone, they wait for the cyclic
        collector)."""
        try:
            self._parser.close()
        except etree.XMLSyntaxError:
            pass


def check_utf8(head: bytes, part: str) -> None:
    """Refuse (``Unusual``) anything but a UTF-8 part with an acceptable prolog."""
    try:
        check_prolog(head, part)
    except Exception as exc:  # noqa: BLE001 - the lxml reader raises it properly
        raise Unusual(str(exc)) from None
    start = 3 if head.startswith(b"\xef\xbb\xbf") else 0
    if head[start:start + 1] != b"<":
        raise Unusual("not a plain UTF-8 part")
    m = _DECL_ENC.match(head[start:start + 200])
    if m and m.group(1).lower().replace(b"_", b"-") not in (b"utf-8", b"utf8"):
        raise Unusual("an encoding other than UTF-8")


_ROOT = re.compile(rb"<worksheet((?:" + _ATTR + rb")*)\s*>")
_XMLNS = re.compile(rb"""\s+xmlns(?::([A-Za-z_][\w.-]*))?\s*=\s*(?:"([^"]*)"|'([^']*)')""")


def root_namespaces(buf: bytes, part: str) -> dict:
    """The namespace declarations of the part's root start tag (an unprefixed
    ``worksheet`` right after the prolog), as lxml's ``nsmap``."""
    m = _ROOT.match(buf, check_prolog(buf, part))
    if m is None:
        raise Unusual("the root is not an unprefixed worksheet")
    out: dict = {}
    for d in _XMLNS.finditer(m.group(1)):
        uri = _attr_value(d.group(2) if d.group(2) is not None else d.group(3))
        out[d.group(1).decode("ascii") if d.group(1) else None] = uri
    return out


_SIMPLE_V = re.compile(rb"<v>([^<&\r]*)</v>")
_SIMPLE_FV = re.compile(rb"<f>([^<&\r]*)</f><v>([^<&\r]*)</v>")


def children(body: bytes) -> tuple[str | None, str | None, tuple[dict, str | None] | None]:
    """(v text, inline text, (f attributes, f text)) of a cell's content; the first child
    of each kind counts, as ``read_cell`` takes it. ``v`` is ``""`` for an empty ``v``."""
    m = _SIMPLE_V.fullmatch(body)
    if m is not None:
        return m.group(1).decode("utf-8"), None, None
    m = _SIMPLE_FV.fullmatch(body)
    if m is not None:
        return m.group(2).decode("utf-8"), None, ({}, m.group(1).decode("utf-8") or None)
    v = inline = f = None
    pos = 0
    for m in _CHILD.finditer(body):
        if m.start() != pos:
            raise Unusual("text or markup in a cell")
        pos = m.end()
        whole = m.group(0).lstrip()
        if whole.startswith(b"<v"):
            if v is None:
                v = _text(m.group(1)) if m.group(1) is not None else ""
        elif whole.startswith(b"<f"):
            if f is None:
                f = (attributes(m.group(2), {}) if m.group(2) else {},
                     _text(m.group(3)) if m.group(3) else None)
        else:
            if inline is None:
                inner = m.group(4)
                inline = "".join(_text(t.group(1)) if t.group(1) else ""
                                 for t in _T.finditer(inner)) if inner else ""
    if body[pos:].strip():
        raise Unusual("text or markup in a cell")
    return v, inline, f


def first_f(body: bytes) -> tuple[dict, str | None] | None:
    """The cell's first ``f`` as (attributes, text); ``None`` when it has none. Raises
    ``Unusual`` like ``children``."""
    return children(body)[2]


def has_content(body: bytes) -> bool:
    """``rawcells.has_content`` for a matched cell's content: more than one child, or one
    that is not a ``v``, or a ``v`` with text."""
    if not body:
        return False
    m = _SIMPLE_V.fullmatch(body)
    if m is not None:
        return m.group(1) != b""
    if _SIMPLE_FV.fullmatch(body) is not None:
        return True
    v = children(body)[0]  # raises Unusual unless the children are v, f and is only
    n = body.count(b"<v") + body.count(b"<f") + body.count(b"<is")
    if n != 1:
        return n > 1
    return v is None or v != ""
