"""A slide after its layout was switched, as PowerPoint leaves it: every placeholder of the
new layout that the slide has no placeholder for is added to the slide, empty (PowerPoint
shows its prompt text only while editing). Date, footer and slide-number placeholders are
not added (PowerPoint adds those only through Header & Footer).

Raises ``NotApplicable`` when the slide has no layout or lacks none of its placeholders.
"""

from __future__ import annotations

from lxml import etree

from officeeval.ooxml.ns import A, P
from officeeval.ppt.shapes import HEADER_FOOTER_TYPES, TITLE_TYPES
from officeeval.ppt.sheets import inherited_placeholders
from officeeval.properties.writing import NotApplicable, Session

_A, _P = f"{{{A}}}", f"{{{P}}}"
# Placeholder types PowerPoint fills with a picture, chart … rather than text.
_NO_TEXT = {"pic", "chart", "tbl", "dgm", "media", "clipArt", "sldImg"}
_NAMES = {"title": "标题", "ctrTitle": "标题", "subTitle": "副标题", "body": "文本占位符",
          "obj": "内容占位符", "pic": "图片占位符", "chart": "图表占位符", "tbl": "表格占位符",
          "dgm": "SmartArt 占位符", "media": "媒体占位符", "clipArt": "剪贴画占位符"}


def add_missing_placeholders(session: Session, slide_part: str) -> list[str]:
    """The layout's placeholders the slide lacks added to slide ``slide_part``, empty;
    returns the names given."""
    doc = session.doc
    sheet = doc.sheet(slide_part)  # type: ignore[attr-defined]
    layout = sheet.layout
    tree = sheet.sp_tree
    if layout is None or tree is None:
        raise NotApplicable("the slide has no layout or no shape tree")
    used = {id(anc) for s in sheet.all_shapes() for anc in inherited_placeholders(s)[:1]}
    ids = [int(s.id) for s in sheet.all_shapes() if s.id.isdigit()]
    next_id = max(ids + [1]) + 1
    added: list[str] = []
    for lp in layout.placeholders:
        ph = lp.placeholder
        if ph is None or id(lp) in used or ph.type in HEADER_FOOTER_TYPES:
            continue
        if ph.type in TITLE_TYPES and any(s.is_title for s in sheet.all_shapes()):
            continue
        name = f"{_NAMES.get(ph.type, '占位符')} {next_id - 1}"
        new = _placeholder_sp(next_id, name, lp.nv_pr)
        ext = tree.find(_P + "extLst")
        if ext is not None:
            ext.addprevious(new)  # p:extLst stays last
        else:
            tree.append(new)
        added.append(name)
        next_id += 1
    if not added:
        raise NotApplicable("the slide has every placeholder of its layout")
    session.touch(tree)
    return added


def _placeholder_sp(shape_id: int, name: str, layout_nv_pr: etree._Element | None
                    ) -> etree._Element:
    sp = etree.Element(_P + "sp")
    nv = etree.SubElement(sp, _P + "nvSpPr")
    etree.SubElement(nv, _P + "cNvPr", id=str(shape_id), name=name)
    c_nv_sp = etree.SubElement(nv, _P + "cNvSpPr")
    etree.SubElement(c_nv_sp, _A + "spLocks", noGrp="1")
    nv_pr = etree.SubElement(nv, _P + "nvPr")
    src = layout_nv_pr.find(_P + "ph") if layout_nv_pr is not None else None
    ph = etree.SubElement(nv_pr, _P + "ph")
    kind = "obj"
    if src is not None:
        for attr in ("type", "orient", "sz", "idx"):
            if src.get(attr) is not None:
                ph.set(attr, src.get(attr))
        kind = src.get("type") or "obj"
    etree.SubElement(sp, _P + "spPr")
    if kind not in _NO_TEXT:
        body = etree.SubElement(sp, _P + "txBody")
        etree.SubElement(body, _A + "bodyPr")
        etree.SubElement(body, _A + "lstStyle")
        para = etree.SubElement(body, _A + "p")
        etree.SubElement(para, _A + "endParaRPr", lang="zh-CN", altLang="en-US")
    return sp
