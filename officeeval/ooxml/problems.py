"""Structural faults that make Office repair or refuse a package (``package.problems``).

Not a schema validator: a fixed list of faults seen to make Word, Excel or PowerPoint say
"found unreadable content" or refuse the file, each cheap to find without the schemas.

* ``duplicate_relationship``: two relationships of one part share an Id.
* ``dangling_relationship``: an internal relationship targets a part the package lacks.
* ``unknown_relationship_id``: a part refers (``r:id``, ``r:embed`` …) to an Id its
  relationships do not have.
* ``no_content_type``: a part has neither an Override nor a Default for its extension.
* ``smartart_incomplete``: a SmartArt frame lacks its data, layout, colors or style part.
* ``pivot_mismatch``: a pivot table and its cache disagree (field counts, item or field
  indexes past the cache's).
* ``schema_order``: children out of the order ECMA-376 fixes, in the elements the
  applications read strictly (Word's ``w:pPr``, ``w:rPr``, ``w:sectPr``, ``w:tblPr``; a
  worksheet's top-level elements; a slide's).

The sequences below are transcribed from ECMA-376 Part 1 (transitional), not copied
schema files. ``find_problems(package)`` returns ``Problem``s in part order, at most
``MAX_PROBLEMS``; it never raises on a hostile package (a part it cannot read is itself a
problem, ``unreadable_part``).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from lxml import etree

from officeeval.cache import memo_value
from officeeval.errors import OfficeEvalError
from officeeval.ooxml.ns import DGM, MC, P, R, S, W

MAX_PROBLEMS = 200
MAX_XML_PARTS = 2000  # parts scanned for relationship ids

_W = f"{{{W}}}"


@dataclass(frozen=True)
class Problem:
    kind: str
    part: str
    detail: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.part}: {self.detail}"


_PPR = ("pStyle keepNext keepLines pageBreakBefore framePr widowControl numPr "
        "suppressLineNumbers pBdr shd tabs suppressAutoHyphens kinsoku wordWrap overflowPunct "
        "topLinePunct autoSpaceDE autoSpaceDN bidi adjustRightInd snapToGrid spacing ind "
        "contextualSpacing mirrorIndents suppressOverlap jc textDirection textAlignment "
        "textboxTightWrap outlineLvl divId cnfStyle rPr sectPr pPrChange").split()
_RPR = ("ins del moveFrom moveTo rStyle rFonts b bCs i iCs caps smallCaps strike dstrike "
        "outline shadow emboss imprint noProof snapToGrid vanish webHidden color spacing w "
        "kern position sz szCs highlight u effect bdr shd fitText vertAlign rtl cs em lang "
        "eastAsianLayout specVanish oMath rPrChange").split()
_SECTPR = ("headerReference footerReference footnotePr endnotePr type pgSz pgMar paperSrc "
           "pgBorders lnNumType pgNumType cols formProt vAlign noEndnote titlePg "
           "textDirection bidi rtlGutter docGrid printerSettings sectPrChange").split()
_TBLPR = ("tblStyle tblpPr tblOverlap bidiVisual tblStyleRowBandSize tblStyleColBandSize "
          "tblW jc tblCellSpacing tblInd tblBorders shd tblLayout tblCellMar tblLook "
          "tblCaption tblDescription tblPrChange").split()
_WORKSHEET = ("sheetPr dimension sheetViews sheetFormatPr cols sheetData sheetCalcPr "
              "sheetProtection protectedRanges scenarios autoFilter sortState "
              "dataConsolidate customSheetViews mergeCells phoneticPr conditionalFormatting "
              "dataValidations hyperlinks printOptions pageMargins pageSetup headerFooter "
              "rowBreaks colBreaks customProperties cellWatches ignoredErrors smartTags "
              "drawing legacyDrawing legacyDrawingHF drawingHF picture oleObjects controls "
              "webPublishItems tableParts extLst").split()
_SLIDE = "cSld clrMapOvr transition timing extLst".split()

# (namespace, element) -> the order of its children (same namespace)
_ORDERS: dict[str, tuple[str, dict[str, int]]] = {}
for _ns, _tag, _seq in ((W, "pPr", _PPR), (W, "rPr", _RPR), (W, "sectPr", _SECTPR),
                        (W, "tblPr", _TBLPR), (S, "worksheet", _WORKSHEET),
                        (P, "sld", _SLIDE)):
    _ORDERS[f"{{{_ns}}}{_tag}"] = (_ns, {name: i for i, name in enumerate(_seq)})
# Header and footer references are one choice group: either may come first.
_ORDERS[f"{{{W}}}sectPr"][1]["footerReference"] = 0

# Where the order tables apply: the parts the engine reads, by content type suffix.
_ORDERED_PARTS = ("document.main+xml", "styles+xml", "header+xml", "footer+xml",
                  "worksheet+xml", "slide+xml")
# Relationship types an application follows without an id in the source part.
_IMPLICIT = ("/officeDocument", "/styles", "/theme", "/numbering", "/settings", "/fontTable",
             "/webSettings", "/footnotes", "/endnotes", "/comments", "/sharedStrings",
             "/worksheet", "/chartsheet", "/calcChain", "/pivotCacheDefinition",
             "/pivotCacheRecords", "/slideLayout", "/slideMaster", "/notesMaster",
             "/presProps", "/viewProps", "/tableStyles", "/core-properties",
             "/extended-properties", "/drawing", "/vmlDrawing", "/table")
_REL_ATTRS = {f"{{{R}}}{a}" for a in ("id", "embed", "link", "dm", "lo", "qs", "cs", "pict",
                                      "href", "pivotTable")}


def problems_of(doc) -> list[Problem]:
    """``find_problems`` of the view ``doc``'s package, found once per view."""
    return memo_value(doc, "_officeeval_package_problems", lambda: find_problems(doc.package))


def find_problems(pkg) -> list[Problem]:
    """The structural faults of the open ``Package`` ``pkg`` (see the module docstring)."""
    out: list[Problem] = []
    names = {n.lstrip("/").lower(): n.lstrip("/") for n in pkg.part_names()}
    for key, name in names.items():
        if len(out) >= MAX_PROBLEMS:
            break
        if key == "[content_types].xml":
            continue
        if not pkg.content_type(name):
            out.append(Problem("no_content_type", name, "no Override or Default names its "
                               "content type"))
        if key.endswith(".rels"):
            _check_rels(pkg, name, names, out)
    xml_parts = [n for k, n in names.items() if _is_xml(pkg, n)][:MAX_XML_PARTS]
    for name in xml_parts:
        if len(out) >= MAX_PROBLEMS:
            break
        root = _xml(pkg, name, out)
        if root is None:
            continue
        rels = pkg.rels(name)
        ordered = pkg.content_type(name).endswith(_ORDERED_PARTS)
        for el in root.iter():
            if not isinstance(el.tag, str):
                continue
            for attr, value in el.attrib.items():
                if attr in _REL_ATTRS and value and value not in rels:
                    out.append(Problem("unknown_relationship_id", name,
                                       f"{etree.QName(el).localname}/@r:{etree.QName(attr).localname}"
                                       f"={value!r} is not among the part's relationships"))
            if el.tag == f"{{{DGM}}}relIds":
                _check_smartart(el, rels, name, out)
            if ordered and el.tag in _ORDERS:
                _check_order(el, name, out)
        if name.lower().startswith("xl/pivottables/"):
            _check_pivot(pkg, name, root, out)
    return out[:MAX_PROBLEMS]


def _is_xml(pkg, name: str) -> bool:
    ct = pkg.content_type(name)
    return (ct.endswith("+xml") or ct.endswith("/xml")) and not name.lower().endswith(".rels")


def _xml(pkg, name: str, out: list[Problem]):
    try:
        return pkg.xml(name)
    except OfficeEvalError as exc:
        out.append(Problem("unreadable_part", name, str(exc)[:200]))
        return None


def _check_rels(pkg, rels_name: str, names: dict[str, str], out: list[Problem]) -> None:
    root = _xml(pkg, rels_name, out)
    if root is None:
        return
    folder = posixpath.dirname(posixpath.dirname(rels_name))  # the source part's folder
    source = posixpath.join(folder, posixpath.basename(rels_name)[:-len(".rels")])
    used = _used_ids(pkg, source, names)
    seen: set[str] = set()
    for el in root:
        if not isinstance(el.tag, str) or etree.QName(el).localname != "Relationship":
            continue
        rid = el.get("Id") or ""
        if rid in seen:
            out.append(Problem("duplicate_relationship", rels_name, f"Id {rid!r} used twice"))
        seen.add(rid)
        target = el.get("Target") or ""
        if (el.get("TargetMode") or "").lower() == "external" or target.startswith("#"):
            continue  # a location in this document (Excel writes them without a mode)
        if rid not in used and not (el.get("Type") or "").endswith(_IMPLICIT):
            continue  # nothing reads it: Office leaves such a relationship alone
        if target == "NULL" and (el.get("Type") or "").endswith("/image"):
            continue  # what PowerPoint itself writes for a picture whose image is lost
        if target.startswith("/"):
            resolved = posixpath.normpath(target.lstrip("/"))
        else:
            resolved = posixpath.normpath(posixpath.join(folder, target))
        if resolved.lower() not in names:
            out.append(Problem("dangling_relationship", rels_name,
                               f"{rid!r} targets {target!r}, which the package lacks"))


def _used_ids(pkg, source: str, names: dict[str, str]) -> set[str]:
    """The relationship ids the source part refers to (none for the package's rels)."""
    if source.lower() not in names or not _is_xml(pkg, source):
        return set()
    try:
        root = pkg.xml(source)
    except OfficeEvalError:
        return set()
    return {v for el in root.iter() if isinstance(el.tag, str)
            for a, v in el.attrib.items() if a in _REL_ATTRS}


def _check_smartart(el, rels: dict, part: str, out: list[Problem]) -> None:
    for attr, what in (("dm", "data"), ("lo", "layout"), ("qs", "style"), ("cs", "colors")):
        rid = el.get(f"{{{R}}}{attr}")
        if not rid:
            out.append(Problem("smartart_incomplete", part, f"a SmartArt frame names no {what} "
                               f"part (r:{attr})"))


def _local(el) -> str:
    """The name an element counts as for ordering: an ``mc:AlternateContent`` counts as the
    element its first choice holds."""
    if el.tag == f"{{{MC}}}AlternateContent":
        for choice in el:
            for child in choice:
                if isinstance(child.tag, str):
                    return etree.QName(child).localname
        return ""
    return etree.QName(el).localname


def _check_order(el, part: str, out: list[Problem]) -> None:
    ns, order = _ORDERS[el.tag]
    last_name, last = "", -1
    for child in el:
        if not isinstance(child.tag, str):
            continue
        qn = etree.QName(child)
        if qn.namespace not in (ns, MC):
            continue
        name = _local(child)
        pos = order.get(name)
        if pos is None:
            continue
        if pos < last:
            out.append(Problem("schema_order", part, f"{etree.QName(el).localname}: "
                               f"{name} after {last_name}"))
            return
        last_name, last = name, pos


def _check_pivot(pkg, name: str, root, out: list[Problem]) -> None:
    s = f"{{{S}}}"
    cache_part = next((r.target for r in pkg.rels(name).values()
                       if r.type_name == "pivotCacheDefinition" and not r.external), None)
    if cache_part is None or not pkg.has_part(cache_part):
        out.append(Problem("pivot_mismatch", name, "no pivot cache definition"))
        return
    cache = _xml(pkg, cache_part, out)
    if cache is None:
        return
    cache_fields = cache.findall(f"{s}cacheFields/{s}cacheField")
    pivot_fields = root.findall(f"{s}pivotFields/{s}pivotField")
    n = len(cache_fields)
    if len(pivot_fields) != n:
        out.append(Problem("pivot_mismatch", name, f"{len(pivot_fields)} pivot fields, "
                           f"{n} cache fields"))
        return
    for i, (pf, cf) in enumerate(zip(pivot_fields, cache_fields)):
        shared = cf.find(f"{s}sharedItems")
        grouped = cf.find(f"{s}fieldGroup/{s}groupItems")
        count = max(len(shared) if shared is not None else 0,
                    len(grouped) if grouped is not None else 0)
        for item in pf.findall(f"{s}items/{s}item"):
            x = item.get("x")
            if x is not None and (not x.isdigit() or int(x) >= count):
                out.append(Problem("pivot_mismatch", name, f"field {i + 1}: item x={x} past "
                                   f"the cache's {count} items"))
                return
    for tag, attr in (("rowFields", "x"), ("colFields", "x"), ("pageFields", "fld"),
                      ("dataFields", "fld")):
        for f in root.findall(f"{s}{tag}/*"):
            v = f.get(attr)
            if v is None or v == "-2":  # -2: the values pseudo-field
                continue
            if not v.lstrip("-").isdigit() or not 0 <= int(v) < n:
                out.append(Problem("pivot_mismatch", name, f"{tag} names field {v}, the cache "
                                   f"has {n}"))
                return
