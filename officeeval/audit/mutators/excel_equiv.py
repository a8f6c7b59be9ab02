"""Excel equivalent variants: the reference written another way a careful examiner grades
the same (each must keep every criterion's points):

* the workbook with its formula results cached (as Excel saves it) instead of none (as
  openpyxl writes it), or without the cache it had (then graded by recalculation);
* colours as the theme colour they equal, and theme colours as plain RGB;
* shared strings written as inline strings, and inline strings as shared ones;
* built-in number formats written as custom formats with the same code;
* worksheet part names out of tab order (the tab order, ``workbook.xml``, unchanged).
"""

from __future__ import annotations

from lxml import etree

from officeeval.audit.mutators import repackage as RP
from officeeval.audit.mutators.base import Mutation, NotApplicable, PlanContext
from officeeval.audit.mutators.equivalent import equivalent
from officeeval.excel.styles import THEME_INDEX, ColorSpec, read_color
from officeeval.ooxml.ns import S

_S = f"{{{S}}}"
_COLOR_TAGS = ("color", "fgColor", "bgColor")
# Built-in formats whose code is the same in every locale.
PORTABLE_BUILTINS = {1: "0", 2: "0.00", 3: "#,##0", 4: "#,##0.00", 9: "0%", 10: "0.00%",
                     11: "0.00E+00", 49: "@"}


def _styles_part(edit) -> str:
    part = edit.doc.package.related_one(edit.doc.main, "styles")
    if part is None:
        raise NotApplicable("the workbook has no styles part")
    return part


def _colours(to_theme: bool):
    def apply(ws, edit) -> str:
        doc = edit.doc
        sheet = doc.styles
        theme = doc.theme
        accents: dict[str, int] = {}
        for i in range(10):  # lt1, dk1, lt2, dk2, accent1 … accent6
            if theme.color(THEME_INDEX[i]):
                accents.setdefault(theme.color(THEME_INDEX[i]).upper(), i)
        part = _styles_part(edit)
        root = ws.touch_part(edit, part)
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


def _inline_strings(ws, edit) -> str:
    doc = edit.doc
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
            ws.touch_part(edit, sheet.part)
    if not n:
        raise NotApplicable("no shared strings")
    return f"{n} cells"


_SST_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
_SST_REL = ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
            "sharedStrings")


def _shared_strings(ws, edit) -> str:
    """Inline strings (as openpyxl and pandas write them) written as shared strings (as
    Excel writes them)."""
    doc = edit.doc
    pkg = doc.package
    part = pkg.related_one(doc.main, "sharedStrings")
    if part is not None:
        sst = ws.touch_part(edit, part)
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
            ws.touch_part(edit, sheet.part)
    if not n:
        raise NotApplicable("no inline strings")
    sst.set("count", str(n))
    sst.set("uniqueCount", str(len(index)))
    if pkg.related_one(doc.main, "sharedStrings") is None:
        edit.replaced[part] = etree.tostring(sst, xml_declaration=True, encoding="UTF-8",
                                             standalone=True)
        folder, _, base = doc.main.rpartition("/")
        rels = ws.touch_part(edit, f"{folder}/_rels/{base}.rels")
        etree.SubElement(rels, f"{{{RP.PKG_REL}}}Relationship",
                         {"Id": "rIdEqSst", "Type": _SST_REL,
                          "Target": "sharedStrings_eq.xml"})
        ct = ws.touch_part(edit, "[Content_Types].xml")
        etree.SubElement(ct, f"{{{RP.CT_NS}}}Override", {"PartName": "/" + part,
                                                         "ContentType": _SST_TYPE})
    return f"{n} cells, {len(index)} strings"


def _custom_formats(ws, edit) -> str:
    part = _styles_part(edit)
    root = ws.touch_part(edit, part)
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


def _sheet_names(ws, edit) -> str:
    parts = [s.part for s in edit.doc.sheets if s.kind == "worksheet" and s.part]
    if len(parts) < 2:
        raise NotApplicable("fewer than two worksheets")
    n = len(parts)
    temp = {old: f"{old}.tmp" for old in parts}
    final = {f"{parts[i]}.tmp": parts[(i + 1) % n] for i in range(n)}

    def run(members: dict[str, bytes]) -> dict[str, bytes]:
        return RP.rename_parts(RP.rename_parts(members, temp), final)
    edit.repackage = run
    return ", ".join(f"{parts[i].rsplit('/', 1)[-1]} -> {parts[(i + 1) % n].rsplit('/', 1)[-1]}"
                     for i in range(n))


def _uncached(ws, edit) -> str:
    """Formula results dropped and a full calculation asked for on load (as openpyxl
    writes a workbook): graded by recalculation."""
    doc = edit.doc
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
        ws.touch_part(edit, sheet.part)
    if not n:
        raise NotApplicable("no cached formula results")
    calc = doc.root_el.find(_S + "calcPr")
    if calc is None:
        calc = etree.SubElement(doc.root_el, _S + "calcPr")
    calc.set("fullCalcOnLoad", "1")
    ws.touch(edit, calc)
    return f"{n} cached results dropped"


def plan_equivalent(ctx: PlanContext) -> list[Mutation]:
    out = []
    if ctx.ws.reference != ctx.ws.original:
        out.append(equivalent("excel|cached", "cached-results",
                              "the workbook with its formula results cached (as Excel saves "
                              "it); the reference had none", lambda ws, edit: None))
    elif ctx.ws.backends.recalc is not None and ctx.ws.options.get("recalc") is not False:
        out.append(equivalent("excel|uncached", "uncached-results",
                              "the workbook without its cached formula results (as openpyxl "
                              "writes it), graded by recalculation", _uncached))
    return out + [
        equivalent("excel|rgb-to-theme", "colour-rgb-to-theme", "colours equal to a theme "
                   "colour written as that theme colour", _colours(to_theme=True)),
        equivalent("excel|theme-to-rgb", "colour-theme-to-rgb", "theme colours written as "
                   "the RGB they resolve to", _colours(to_theme=False)),
        equivalent("excel|inline-strings", "inline-strings", "shared strings written as "
                   "inline strings", _inline_strings),
        equivalent("excel|shared-strings", "shared-strings", "inline strings written as "
                   "shared strings", _shared_strings),
        equivalent("excel|custom-formats", "number-format-custom", "built-in number formats "
                   "written as custom formats with the same code", _custom_formats),
        equivalent("excel|sheet-names", "sheet-part-names", "worksheet part names out of "
                   "tab order (the tab order unchanged)", _sheet_names),
    ]
