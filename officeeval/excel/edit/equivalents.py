"""Excel written another way, for the same workbook a reader sees: the rewrites the rubric
audit's equivalent variants are made of. Colours as the theme colour they equal (or the
reverse), shared strings as inline strings (or the reverse), built-in number formats as
custom formats with the same code, formula results dropped (graded by recalculation), and
worksheet part names out of tab order. Each function edits a session's document and returns
a note, or raises ``NotApplicable``.
"""

from __future__ import annotations

from lxml import etree

from officeeval.excel.styles import THEME_INDEX, ColorSpec, read_color
from officeeval.ooxml.editing import add_override, add_relationship, rels_part
from officeeval.ooxml.ns import S
from officeeval.properties.writing import NotApplicable, Session

_S = f"{{{S}}}"
_COLOR_TAGS = ("color", "fgColor", "bgColor")
# Built-in formats whose code is the same in every locale.
PORTABLE_BUILTINS = {1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%",
                     11: "0.00E+00", 49: "@"}


def _styles_part(session: Session) -> str:
    part = session.doc.package.related_one(session.doc.main, "styles")  # type: ignore
    if part is None:
        raise NotApplicable("the workbook has no styles part")
    return part


def colours(to_theme: bool):
    """Colours equal to a theme colour written as that theme colour (``to_theme``), or
    theme colours written as the RGB they resolve to."""
    def apply(session: Session) -> str:
        doc = session.doc
        sheet = doc.styles
        theme = doc.theme
        accents: dict[str, int] = {}
        for i in range(10):  # lt1, dk1, lt2, dk2, accent1 … accent6
            if theme.color(THEME_INDEX[i]):
                accents.setdefault(theme.color(THEME_INDEX[i]).upper(), i)
        part = _styles_part(session)
        root = session.part(part)
        n = 0
        for tag in _COLOR_TAGS:
            for el in root.iter(_S + tag):
                spec = read_color(el)
                if spec is None or spec.tint:
                    continue
                if to_theme and spec.rgb and spec.rgb.upper() in accents:
                    del el.attrib["rgb"]
                    el.set("theme", str(accents[spec.rgb.upper()]))
                elif not to_theme and spec.theme is not None:
                    rgb = sheet.resolve(ColorSpec(theme=spec.theme))
                    if not rgb or rgb == "auto":
                        continue
                    del el.attrib["theme"]
                    el.set("rgb", "FF" + rgb.upper())
                else:
                    continue
                n += 1
        if not n:
            raise NotApplicable("no colour " + ("equals a theme colour" if to_theme
                                                else "names a theme colour"))
        return f"{n} colours"
    return apply


def inline_strings(session: Session) -> str:
    """Shared strings written as inline strings."""
    doc = session.doc
    n = 0
    for sheet in doc.sheets:
        if sheet.kind != "worksheet" or not sheet.part:
            continue
        root = doc.package.xml(sheet.part)
        touched = False
        for c in root.iter(_S + "c"):
            if c.get("t") != "s":
                continue
            v = c.find(_S + "v")
            try:
                text = doc.shared_string(int((v.text or "").strip())) if v is not None \
                    else None
            except ValueError:
                text = None
            if text is None:
                continue
            c.remove(v)
            c.set("t", "inlineStr")
            is_ = etree.SubElement(c, _S + "is")
            t = etree.SubElement(is_, _S + "t")
            t.text = text
            if text != text.strip():
                t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
            n += 1
            touched = True
        if touched:
            session.part(sheet.part)
    if not n:
        raise NotApplicable("no shared strings")
    return f"{n} cells"


_SST_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
_SST_REL = ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
            "sharedStrings")


def shared_strings(session: Session) -> str:
    """Inline strings (as openpyxl and pandas write them) written as shared strings (as
    Excel writes them)."""
    doc = session.doc
    pkg = doc.package
    part = pkg.related_one(doc.main, "sharedStrings")
    if part is not None:
        sst = session.part(part)
    else:
        part = "xl/sharedStrings_eq.xml"
        sst = etree.Element(_S + "sst", nsmap={None: S})
    index = {etree.tostring(si): i for i, si in enumerate(sst.findall(_S + "si"))}
    n = 0
    for sheet in doc.sheets:
        if sheet.kind != "worksheet" or not sheet.part:
            continue
        root = pkg.xml(sheet.part)
        touched = False
        for c in root.iter(_S + "c"):
            is_ = c.find(_S + "is")
            if c.get("t") != "inlineStr" or is_ is None:
                continue
            si = etree.Element(_S + "si")
            for child in is_:
                si.append(child)
            key = etree.tostring(si)
            if key not in index:
                index[key] = len(index)
                sst.append(si)
            c.remove(is_)
            for v in c.findall(_S + "v"):
                c.remove(v)
            c.set("t", "s")
            etree.SubElement(c, _S + "v").text = str(index[key])
            n += 1
            touched = True
        if touched:
            session.part(sheet.part)
    if not n:
        raise NotApplicable("no inline strings")
    sst.set("count", str(n))
    sst.set("uniqueCount", str(len(index)))
    if pkg.related_one(doc.main, "sharedStrings") is None:
        session.put(part, etree.tostring(sst, xml_declaration=True, encoding="UTF-8",
                                         standalone=True))
        add_relationship(session.part(rels_part(doc.main)), "rIdEqSst", _SST_REL,
                         "sharedStrings_eq.xml")
        add_override(session.part("[Content_Types].xml"), part, _SST_TYPE)
    return f"{n} cells, {len(index)} strings"


def custom_formats(session: Session) -> str:
    """Built-in number formats written as custom formats with the same code."""
    part = _styles_part(session)
    root = session.part(part)
    xfs = root.find(_S + "cellXfs")
    used = {int(x.get("numFmtId")) for x in (xfs if xfs is not None else [])
            if (x.get("numFmtId") or "").isdigit()}
    wanted = sorted(i for i in used if i in PORTABLE_BUILTINS)
    if not wanted:
        raise NotApplicable("no portable built-in number format in use")
    fmts = root.find(_S + "numFmts")
    if fmts is None:
        fmts = etree.Element(_S + "numFmts")
        root.insert(0, fmts)
    taken = {int(f.get("numFmtId")) for f in fmts if (f.get("numFmtId") or "").isdigit()}
    new_id = max([163, *taken]) + 1
    mapping = {}
    for i in wanted:
        etree.SubElement(fmts, _S + "numFmt", {"numFmtId": str(new_id),
                                                "formatCode": PORTABLE_BUILTINS[i]})
        mapping[i] = new_id
        new_id += 1
    fmts.set("count", str(len(fmts)))
    for x in xfs:
        i = x.get("numFmtId")
        if i and i.isdigit() and int(i) in mapping:
            x.set("numFmtId", str(mapping[int(i)]))
    return ", ".join(f"{i} -> {PORTABLE_BUILTINS[i]!r} as {j}" for i, j in mapping.items())


def sheet_part_renames(doc) -> tuple[dict[str, str], dict[str, str], str]:
    """Worksheet part names out of tab order: ``(to temporary names, to final names,
    note)`` for ``officeeval.ooxml.repackage.rename_parts`` (each worksheet's part takes
    the next one's name, through temporary names so no two parts ever share one)."""
    parts = [s.part for s in doc.sheets if s.kind == "worksheet" and s.part]
    if len(parts) < 2:
        raise NotApplicable("fewer than two worksheets")
    n = len(parts)
    temp = {old: f"{old}.tmp" for old in parts}
    final = {f"{parts[i]}.tmp": parts[(i + 1) % n] for i in range(n)}
    return temp, final, ", ".join(f"{parts[i].rsplit('/', 1)[-1]} -> {parts[(i + 1) % n].rsplit('/', 1)[-1]}"
                     for i in range(n))


def uncached(session: Session) -> str:
    """Formula results dropped and a full calculation asked for on load (as openpyxl
    writes a workbook): graded by recalculation."""
    doc = session.doc
    n = 0
    for sheet in doc.sheets:
        if sheet.kind != "worksheet" or not sheet.part:
            continue
        root = doc.package.xml(sheet.part)
        for c in root.iter(_S + "c"):
            if c.find(_S + "f") is None:
                continue
            for v in c.findall(_S + "v"):
                c.remove(v)
                n += 1
            c.attrib.pop("t", None)
        session.part(sheet.part)
    if not n:
        raise NotApplicable("no cached formula results")
    calc = doc.root_el.find(_S + "calcPr")
    if calc is None:
        calc = etree.SubElement(doc.root_el, _S + "calcPr")
    calc.set("fullCalcOnLoad", "1")
    session.touch(calc)
    return f"{n} cached results dropped"
