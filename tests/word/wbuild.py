"""Build small .docx packages from inline XML for the Word unit tests: any parts, their
relationships and content types, written with zipfile (no binary fixtures).

``docx(tmp_path, body, **parts)`` returns the path of a package whose ``word/document.xml``
body is ``body``; keyword arguments add parts (see the signature). ``NS`` declares every
prefix the fragments may use.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "application/vnd.openxmlformats-officedocument.wordprocessingml"
NS = (f'xmlns:w="{W}" xmlns:r="{R}" '
      'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
      'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture" '
      'xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" '
      'xmlns:wpg="http://schemas.microsoft.com/office/word/2010/wordprocessingGroup" '
      'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
      'xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" '
      'xmlns:w10="urn:schemas-microsoft-com:office:word" '
      'xmlns:c="http://schemas.openxmlformats.org/drawingml/2006/chart" '
      'xmlns:dgm="http://schemas.openxmlformats.org/drawingml/2006/diagram"')


def docx(tmp_path: Path, body: str, *, styles: str | None = None,
         numbering: str | None = None, settings: str | None = None,
         settings_rels: list[tuple[str, str, str, bool]] | None = None,
         headers: dict[str, str] | None = None, footers: dict[str, str] | None = None,
         footnotes: str | None = None, endnotes: str | None = None,
         comments: str | None = None, core: str | None = None, theme: str | None = None,
         document_head: str = "", parts: dict[str, tuple[str, str]] | None = None,
         rels: list[tuple[str, str, str, bool]] | None = None,
         name: str = "doc.docx") -> Path:
    """Write a package. ``headers``/``footers`` map relationship ids to inner XML;
    ``footnotes``/``endnotes``/``comments`` are inner XML of their roots; ``parts`` adds
    ``{part name: (content type, xml)}``; ``rels`` adds document relationships ``(id, type
    name or URI, target, external)``; ``document_head`` goes before ``w:body`` (e.g. a
    ``w:background``)."""
    files: dict[str, str] = {
        "word/document.xml": f'<?xml version="1.0" encoding="UTF-8"?><w:document {NS}>'
                             f"{document_head}<w:body>{body}</w:body></w:document>"}
    overrides = {"/word/document.xml": f"{CT}.document.main+xml"}
    doc_rels: list[tuple[str, str, str, bool]] = list(rels or [])

    def add(part: str, ct: str, xml: str, rid: str | None = None, rtype: str | None = None):
        files[part] = xml
        overrides["/" + part] = ct
        if rid:
            doc_rels.append((rid, rtype or "", part.split("word/", 1)[-1], False))

    if styles is not None:
        add("word/styles.xml", f"{CT}.styles+xml", f"<w:styles {NS}>{styles}</w:styles>",
            "rIdStyles", "styles")
    if numbering is not None:
        add("word/numbering.xml", f"{CT}.numbering+xml",
            f"<w:numbering {NS}>{numbering}</w:numbering>", "rIdNum", "numbering")
    if settings is not None or settings_rels:
        add("word/settings.xml", f"{CT}.settings+xml",
            f"<w:settings {NS}>{settings or ''}</w:settings>", "rIdSettings", "settings")
        if settings_rels:
            files["word/_rels/settings.xml.rels"] = _rels(settings_rels)
    if theme is not None:
        add("word/theme/theme1.xml", "application/vnd.openxmlformats-officedocument.theme+xml",
            theme, "rIdTheme", "theme")
    for kind, mapping in (("header", headers or {}), ("footer", footers or {})):
        tag = "hdr" if kind == "header" else "ftr"
        for rid, inner in mapping.items():
            add(f"word/{kind}{rid}.xml", f"{CT}.{kind}+xml",
                f"<w:{tag} {NS}>{inner}</w:{tag}>", rid, kind)
    for kind, inner in (("footnotes", footnotes), ("endnotes", endnotes),
                        ("comments", comments)):
        if inner is not None:
            root = kind
            add(f"word/{kind}.xml", f"{CT}.{kind}+xml", f"<w:{root} {NS}>{inner}</w:{root}>",
                f"rId_{kind}", kind)
    for part, (ct, xml) in (parts or {}).items():
        files[part] = xml
        overrides["/" + part] = ct
    files["word/_rels/document.xml.rels"] = _rels(doc_rels)
    package_rels = [("rId1", "officeDocument", "word/document.xml", False)]
    if core is not None:
        files["docProps/core.xml"] = core
        overrides["/docProps/core.xml"] = "application/vnd.openxmlformats-package.core-properties+xml"
        package_rels.append(("rId2", "http://schemas.openxmlformats.org/package/2006/"
                             "relationships/metadata/core-properties", "docProps/core.xml",
                             False))
    files["_rels/.rels"] = _rels(package_rels)
    files["[Content_Types].xml"] = (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        + "".join(f'<Override PartName="{p}" ContentType="{ct}"/>'
                  for p, ct in overrides.items()) + "</Types>")
    path = tmp_path / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for part, data in files.items():
            zf.writestr(part, data)
    return path


def _rels(items: list[tuple[str, str, str, bool]]) -> str:
    out = []
    for rid, rtype, target, external in items:
        uri = rtype if "://" in rtype else f"{REL}/{rtype}"
        mode = ' TargetMode="External"' if external else ""
        out.append(f'<Relationship Id="{rid}" Type="{uri}" Target="{target}"{mode}/>')
    return f'<Relationships xmlns="{PKG}">' + "".join(out) + "</Relationships>"


def p(text: str = "", ppr: str = "", rpr: str = "") -> str:
    """A paragraph with one run of ``text``."""
    run = (f"<w:r>{f'<w:rPr>{rpr}</w:rPr>' if rpr else ''}"
           f'<w:t xml:space="preserve">{text}</w:t></w:r>') if text else ""
    return f"<w:p>{f'<w:pPr>{ppr}</w:pPr>' if ppr else ''}{run}</w:p>"


def r(text: str, rpr: str = "") -> str:
    return (f"<w:r>{f'<w:rPr>{rpr}</w:rPr>' if rpr else ''}"
            f'<w:t xml:space="preserve">{text}</w:t></w:r>')


def field(instruction: str, result: str, rpr: str = "") -> str:
    """A complex field as runs: begin, instruction, separate, result, end."""
    pr = f"<w:rPr>{rpr}</w:rPr>" if rpr else ""
    return (f'<w:r>{pr}<w:fldChar w:fldCharType="begin"/></w:r>'
            f'<w:r>{pr}<w:instrText xml:space="preserve"> {instruction} </w:instrText></w:r>'
            f'<w:r>{pr}<w:fldChar w:fldCharType="separate"/></w:r>'
            f'<w:r>{pr}<w:t xml:space="preserve">{result}</w:t></w:r>'
            f'<w:r>{pr}<w:fldChar w:fldCharType="end"/></w:r>')


def style(sid: str, name: str, body: str = "", kind: str = "paragraph",
          based_on: str | None = None, default: bool = False, custom: bool = False) -> str:
    based = f'<w:basedOn w:val="{based_on}"/>' if based_on else ""
    flags = (' w:default="1"' if default else "") + (' w:customStyle="1"' if custom else "")
    return (f'<w:style w:type="{kind}" w:styleId="{sid}"{flags}><w:name w:val="{name}"/>'
            f"{based}{body}</w:style>")


NORMAL = style("Normal", "Normal", default=True)


def values(path: Path, selector: str, prop: str, direct: bool = False) -> list:
    """``[(value, source)]`` for every target of ``selector`` (``None`` when unresolved)."""
    from officeeval.formats import open_document
    from officeeval.catalog import resolve
    from officeeval.properties.registry import ResolveContext
    from officeeval.selectors import select
    doc = open_document(path)
    try:
        out = []
        for t in select(doc, selector):
            obs = resolve(prop, t, ResolveContext(direct=direct))
            out.append(None if obs is None else (obs.value, obs.source))
        return out
    finally:
        doc.close()


def value(path: Path, selector: str, prop: str, direct: bool = False):
    """The plain value of the first target (``None`` when unresolved); asserts a target."""
    got = values(path, selector, prop, direct)
    assert got, f"{selector} selected nothing"
    return None if got[0] is None else got[0][0]
