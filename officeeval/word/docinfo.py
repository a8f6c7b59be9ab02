"""Document-wide facts: core properties (``docProps/core.xml`` found through the package
relationship), the page background, and mail-merge settings (``w:mailMerge`` in settings, its
data source found through the settings part's relationships)."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from urllib.parse import unquote

from officeeval.ooxml.colors import normalize_hex
from officeeval.ooxml.ns import CP, DC, DCTERMS, R, W
from officeeval.word.theme_colors import theme_or_stored

_W = f"{{{W}}}"
CORE_FIELDS = {
    "title": f"{{{DC}}}title", "author": f"{{{DC}}}creator", "subject": f"{{{DC}}}subject",
    "keywords": f"{{{CP}}}keywords", "description": f"{{{DC}}}description",
    "category": f"{{{CP}}}category", "last_modified_by": f"{{{CP}}}lastModifiedBy",
    "created": f"{{{DCTERMS}}}created", "modified": f"{{{DCTERMS}}}modified",
}


def core_property(doc, name: str) -> str | None:
    """A core property's text (``None`` when the part or the element is absent)."""
    part = doc.package.related_one("", "core-properties")
    root = doc.package.xml_or_none(part)
    if root is None:
        return None
    el = root.find(CORE_FIELDS[name])
    if el is None:
        return None
    return "".join(el.itertext()).strip()


def background_color(doc) -> tuple[str, str] | None:
    """(RRGGBB or ``none``, source) of ``w:background``; ``None`` when it sets no color."""
    el = doc.root_el.find(_W + "background")
    if el is None:
        return None
    slot = el.get(_W + "themeColor")
    if slot and doc.theme.color(slot):
        return theme_or_stored(doc.theme.color(slot), normalize_hex(el.get(_W + "color")),
                               el.get(_W + "themeTint"), el.get(_W + "themeShade")), "direct"
    v = normalize_hex(el.get(_W + "color"))
    if v is None:
        return None
    return ("none" if v == "auto" else v), "direct"


@dataclass(frozen=True)
class MailMerge:
    main_type: str | None
    data_source: str | None
    query: str | None
    destination: str | None
    data_type: str | None

    @property
    def data_file(self) -> str | None:
        """The data source's file name (no folders), or ``None``."""
        src = self.data_source
        if not src:
            return None
        name = src.replace("\\", "/").rstrip("/")
        return posixpath.basename(name) or None


def mail_merge(doc) -> MailMerge | None:
    """The mail-merge settings, or ``None`` when the document is not a merge main
    document. The data source is the relationship target of ``w:dataSource`` (a file path
    or URL, percent-decoded, ``file:///`` stripped), else the ``Data Source=`` of the
    connection string."""
    mm = doc.setting("mailMerge")
    if mm is None:
        return None

    def val(tag: str) -> str | None:
        el = mm.find(_W + tag)
        return el.get(_W + "val") if el is not None else None

    source = None
    ds = mm.find(_W + "dataSource")
    if ds is not None and doc.settings_part:
        raw = doc.package.rel_target_raw(doc.settings_part, ds.get(f"{{{R}}}id"))
        source = _clean_path(raw)
    if not source:
        source = _from_connection(val("connectString"))
    return MailMerge(val("mainDocumentType"), source, val("query"), val("destination"),
                     val("dataType"))


def _clean_path(raw: str | None) -> str | None:
    if not raw:
        return None
    t = unquote(raw.strip())
    if t.lower().startswith("file:///"):
        t = t[8:]
    elif t.lower().startswith("file:"):
        t = t[5:]
    return t or None


def _from_connection(conn: str | None) -> str | None:
    if not conn:
        return None
    for part in conn.split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            if k.strip().lower() == "data source":
                return v.strip().strip('"') or None
    return None


