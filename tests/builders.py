"""Build small OOXML packages from inline XML for unit tests (no binary fixtures).

``docx(tmp_path, body=..., styles=..., ...)`` writes a minimal but valid .docx whose parts
are the given XML fragments wrapped in their root elements, with content types and
relationships, and returns its path.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
REL_BASE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

DOC_CT = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"
_WORD_CT = "application/vnd.openxmlformats-officedocument.wordprocessingml"


def theme_xml(major_latin="Calibri Light", minor_latin="Calibri", major_ea="", minor_ea="",
              hans_major="等线 Light", hans_minor="等线", accent1="4472C4") -> str:
    return f"""<a:theme xmlns:a="{A_NS}" name="Office Theme"><a:themeElements>
<a:clrScheme name="Office"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1>
<a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="44546A"/></a:dk2>
<a:lt2><a:srgbClr val="E7E6E6"/></a:lt2><a:accent1><a:srgbClr val="{accent1}"/></a:accent1>
<a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3>
<a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5>
<a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink>
<a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme>
<a:fontScheme name="Office"><a:majorFont><a:latin typeface="{major_latin}"/><a:ea typeface="{major_ea}"/>
<a:cs typeface=""/><a:font script="Hans" typeface="{hans_major}"/><a:font script="Jpan" typeface="游ゴシック Light"/></a:majorFont>
<a:minorFont><a:latin typeface="{minor_latin}"/><a:ea typeface="{minor_ea}"/><a:cs typeface=""/>
<a:font script="Hans" typeface="{hans_minor}"/><a:font script="Jpan" typeface="游明朝"/></a:minorFont></a:fontScheme>
<a:fmtScheme name="Office"/></a:themeElements></a:theme>"""


def docx(tmp_path: Path, body: str, styles: str | None = None, theme: str | None = None,
         settings: str | None = None, headers: dict[str, str] | None = None,
         footers: dict[str, str] | None = None, name: str = "doc.docx",
         numbering: str | None = None) -> Path:
    """Write a .docx. ``body`` is the inner XML of ``w:body`` (with ``w:`` and ``r:``
    prefixes available); ``styles`` the inner XML of ``w:styles``; ``headers`` / ``footers``
    map relationship ids (``rIdH1``) to the inner XML of ``w:hdr`` / ``w:ftr``."""
    ns = f'xmlns:w="{W_NS}" xmlns:r="{R_NS}"'
    parts: dict[str, str] = {
        "word/document.xml": f'<?xml version="1.0" encoding="UTF-8"?><w:document {ns}>'
                             f"<w:body>{body}</w:body></w:document>",
    }
    overrides = {"/word/document.xml": DOC_CT}
    rels = []
    if styles is not None:
        parts["word/styles.xml"] = f"<w:styles {ns}>{styles}</w:styles>"
        overrides["/word/styles.xml"] = f"{_WORD_CT}.styles+xml"
        rels.append(("rIdS", "styles", "styles.xml"))
    if theme is not None:
        parts["word/theme/theme1.xml"] = theme
        overrides["/word/theme/theme1.xml"] = "application/vnd.openxmlformats-officedocument.theme+xml"
        rels.append(("rIdT", "theme", "theme/theme1.xml"))
    if settings is not None:
        parts["word/settings.xml"] = f"<w:settings {ns}>{settings}</w:settings>"
        overrides["/word/settings.xml"] = f"{_WORD_CT}.settings+xml"
        rels.append(("rIdSet", "settings", "settings.xml"))
    if numbering is not None:
        parts["word/numbering.xml"] = f"<w:numbering {ns}>{numbering}</w:numbering>"
        overrides["/word/numbering.xml"] = f"{_WORD_CT}.numbering+xml"
        rels.append(("rIdN", "numbering", "numbering.xml"))
    for kind, mapping in (("header", headers or {}), ("footer", footers or {})):
        tag = "hdr" if kind == "header" else "ftr"
        for i, (rid, inner) in enumerate(mapping.items(), start=1):
            pname = f"word/{kind}{rid}.xml"
            parts[pname] = f"<w:{tag} {ns}>{inner}</w:{tag}>"
            overrides[f"/{pname}"] = f"{_WORD_CT}.{kind}+xml"
            rels.append((rid, kind, f"{kind}{rid}.xml"))
    parts["word/_rels/document.xml.rels"] = (
        f'<Relationships xmlns="{PKG_REL}">' + "".join(
            f'<Relationship Id="{rid}" Type="{REL_BASE}/{t}" Target="{target}"/>'
            for rid, t, target in rels) + "</Relationships>")
    parts["_rels/.rels"] = (f'<Relationships xmlns="{PKG_REL}"><Relationship Id="rId1" '
                            f'Type="{REL_BASE}/officeDocument" Target="word/document.xml"/>'
                            f"</Relationships>")
    parts["[Content_Types].xml"] = (
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        + "".join(f'<Override PartName="{p}" ContentType="{ct}"/>'
                  for p, ct in overrides.items()) + "</Types>")
    path = tmp_path / name
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for pname, data in parts.items():
            zf.writestr(pname, data)
    return path


def p(text: str = "", ppr: str = "", rpr: str = "") -> str:
    """A paragraph with one run."""
    run = f"<w:r>{f'<w:rPr>{rpr}</w:rPr>' if rpr else ''}<w:t xml:space=\"preserve\">{text}</w:t></w:r>" if text else ""
    return f"<w:p>{f'<w:pPr>{ppr}</w:pPr>' if ppr else ''}{run}</w:p>"


def style(sid: str, name: str, body: str = "", kind: str = "paragraph",
          based_on: str | None = None, default: bool = False) -> str:
    based = f'<w:basedOn w:val="{based_on}"/>' if based_on else ""
    dflt = ' w:default="1"' if default else ""
    return (f'<w:style w:type="{kind}" w:styleId="{sid}"{dflt}><w:name w:val="{name}"/>'
            f"{based}{body}</w:style>")
