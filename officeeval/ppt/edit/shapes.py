"""Writers of PowerPoint shapes: position, size and rotation (the shape's own transform),
name, geometry and fill, placeholder type; tables (size, style and its options, cell
shading); SmartArt; charts on slides; click actions. And a table turned into a text box."""

from __future__ import annotations

from typing import Any

from lxml import etree

from officeeval.ooxml import drawing_edit
from officeeval.ooxml.chart_edit import chart_writers
from officeeval.ooxml.chart_values import CACHED_NAMES
from officeeval.ooxml.editing import add_relationship, rels_part, relationship
from officeeval.ooxml.ns import A, C, DGM, P, R
from officeeval.properties.writing import NotApplicable, Session, WriterSet
from officeeval.targets import Target
from officeeval.values import Measure
from officeeval.vocabulary.ppt_smartart import SMARTART_COLORS_IDS, SMARTART_STYLE_IDS

WRITERS = WriterSet()
_A, _P, _R, _C, _DGM = f"{{{A}}}", f"{{{P}}}", f"{{{R}}}", f"{{{C}}}", f"{{{DGM}}}"
EMU_PER_PT = 12700
SHAPE_KINDS = {"shape", "picture", "table", "chart", "smartart", "media"}


def _shape(t: Target):
    shape = getattr(t, "shape", None)
    if shape is None:
        raise NotApplicable(f"no shape for a {t.kind} target")
    return shape


def own_xfrm(shape) -> etree._Element:
    """The shape's own transform (``p:xfrm`` of a graphic frame, else ``a:xfrm`` in its
    ``spPr``), created when absent."""
    if shape.el.tag == _P + "graphicFrame":
        xfrm = shape.el.find(_P + "xfrm")
        if xfrm is None:
            xfrm = etree.SubElement(shape.el, _P + "xfrm")
        return xfrm
    sp_pr = shape.el.find(_P + "spPr")
    if sp_pr is None:
        sp_pr = etree.SubElement(shape.el, _P + "spPr")
    xfrm = sp_pr.find(_A + "xfrm")
    if xfrm is None:
        xfrm = etree.Element(_A + "xfrm")
        sp_pr.insert(0, xfrm)
    return xfrm


def _box_writer(name: str, which: int) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        """The whole box written on the shape itself (an inherited placeholder box made
        the shape's own), with one of its parts set."""
        from officeeval.ppt.sheets import effective_box
        shape = _shape(target)
        got = effective_box(shape)
        if got is None:
            raise NotApplicable("the shape has no box")
        box = got[0]
        vals = [box.x, box.y, box.cx, box.cy]
        pt = value.points() if isinstance(value, Measure) else float(value)
        vals[which] = pt * EMU_PER_PT
        xfrm = own_xfrm(shape)
        for child in list(xfrm):
            if child.tag in (_A + "off", _A + "ext"):
                xfrm.remove(child)
        etree.SubElement(xfrm, _A + "off", x=str(int(round(vals[0]))),
                         y=str(int(round(vals[1]))))
        etree.SubElement(xfrm, _A + "ext", cx=str(int(round(vals[2]))),
                         cy=str(int(round(vals[3]))))
        session.touch(xfrm)
        return f"{name} {pt:g} pt"


for _i, _name in enumerate(("shape.left", "shape.top", "shape.width", "shape.height")):
    _box_writer(_name, _i)


@WRITERS.writer("shape.region")
def shape_region(session: Session, target: Target, value: Any) -> str:
    """The shape moved, its size kept, so that its centre is at the middle of the region's
    third of the slide (``bottom_right``: five sixths across and down)."""
    size = target.doc.slide_size
    if size is None or size.width <= 0 or size.height <= 0:
        raise NotApplicable("the slide size is unknown")
    token = str(value)
    row, _, col = token.partition("_") if "_" in token else (
        (token, "", "") if token in ("top", "bottom") else ("", "", token))
    fx = {"left": 1 / 6, "right": 5 / 6}.get(col, 1 / 2)
    fy = {"top": 1 / 6, "bottom": 5 / 6}.get(row, 1 / 2)
    xfrm = _own_box(_shape(target))
    off, ext = xfrm.find(_A + "off"), xfrm.find(_A + "ext")
    cx, cy = int(ext.get("cx") or 0), int(ext.get("cy") or 0)
    off.set("x", str(int(round(fx * size.width * EMU_PER_PT - cx / 2))))
    off.set("y", str(int(round(fy * size.height * EMU_PER_PT - cy / 2))))
    session.touch(xfrm)
    return f"shape.region {token}"


def _own_box(shape) -> etree._Element:
    """The shape's own transform holding its whole box (an inherited placeholder box made
    its own)."""
    from officeeval.ppt.sheets import effective_box
    xfrm = own_xfrm(shape)
    if xfrm.find(_A + "off") is None or xfrm.find(_A + "ext") is None:
        got = effective_box(shape)
        if got is None:
            raise NotApplicable("the shape has no box")
        box = got[0]
        for child in list(xfrm):
            if child.tag in (_A + "off", _A + "ext"):
                xfrm.remove(child)
        etree.SubElement(xfrm, _A + "off", x=str(int(box.x)), y=str(int(box.y)))
        etree.SubElement(xfrm, _A + "ext", cx=str(int(box.cx)), cy=str(int(box.cy)))
    return xfrm


@WRITERS.writer("shape.rotation")
def rotation(session: Session, target: Target, value: Any) -> str:
    xfrm = _own_box(_shape(target))
    xfrm.set("rot", str(int(round(float(value) * 60000))))
    session.touch(xfrm)
    return f"rot={xfrm.get('rot')}"


@WRITERS.writer("shape.name")
def shape_name(session: Session, target: Target, value: Any) -> str:
    pr = _shape(target).c_nv_pr
    if pr is None:
        raise NotApplicable("a shape without cNvPr")
    session.touch(pr)
    pr.set("name", str(value))
    return f"renamed {pr.get('name')!r}"


def _sp_pr(shape) -> etree._Element:
    sp = shape.el.find(_P + "spPr")
    if sp is None:
        raise NotApplicable("a shape without spPr")
    return sp


def _on_sp_pr(session: Session, target: Target, edit, value: Any) -> str:
    """``edit(spPr, value)`` on the shape's own properties, the part marked as changed."""
    sp = _sp_pr(_shape(target))
    note = edit(sp, value)
    session.touch(sp)
    return note


def _none_or_solid(value: Any, what: str, solid: str) -> str:
    """``none``, or the ``solid`` colour for ``solid``; other kinds are not made up."""
    if str(value) not in ("none", "solid"):
        raise NotApplicable(f"a {value} {what} is not made up")
    return "none" if str(value) == "none" else solid


@WRITERS.writer("shape.geometry")
def geometry(session: Session, target: Target, value: Any) -> str:
    return _on_sp_pr(session, target, drawing_edit.set_geometry, value)


@WRITERS.writer("shape.fill.color")
def fill_color(session: Session, target: Target, value: Any) -> str:
    return _on_sp_pr(session, target, drawing_edit.set_solid_fill, value)


@WRITERS.writer("shape.fill.kind")
def fill_kind(session: Session, target: Target, value: Any) -> str:
    """``none`` (no fill) or ``solid`` (white); other kinds are not made up."""
    return _on_sp_pr(session, target, drawing_edit.set_solid_fill,
                     _none_or_solid(value, "fill", "FFFFFF"))


@WRITERS.writer("shape.outline.color")
def outline_color(session: Session, target: Target, value: Any) -> str:
    """A solid outline of the colour (``none``: no outline) on the shape itself."""
    return _on_sp_pr(session, target, drawing_edit.set_line_fill, value)


@WRITERS.writer("shape.outline.kind")
def outline_kind(session: Session, target: Target, value: Any) -> str:
    """``none`` (no line) or ``solid`` (black); other kinds are not made up."""
    return _on_sp_pr(session, target, drawing_edit.set_line_fill,
                     _none_or_solid(value, "outline", "000000"))


@WRITERS.writer("shape.outline.width")
def outline_width(session: Session, target: Target, value: Any) -> str:
    """The outline's width (``a:ln/@w``); a shape without a visible line gets a black one."""
    from officeeval.ppt.resolvers_shape import outline_kind as read_kind
    from officeeval.properties.registry import ResolveContext
    sp = _sp_pr(_shape(target))
    shown = read_kind(target, ResolveContext())
    if shown is None or shown.value == "none":
        drawing_edit.set_line_fill(sp, "000000")
    ln = drawing_edit.line_el(sp)
    pt = value.points() if isinstance(value, Measure) else float(value)
    ln.set("w", str(int(round(pt * EMU_PER_PT))))
    session.touch(sp)
    return f"a:ln/@w={ln.get('w')}"


@WRITERS.writer("shape.placeholder_type")
def placeholder_type(session: Session, target: Target, value: Any) -> str:
    shape = _shape(target)
    ph = next(shape.el.iter(_P + "ph"), None)
    if ph is None:
        raise NotApplicable("not a placeholder")
    ph.set("type", str(value))
    session.touch(ph)
    return f"ph/@type={value}"


# ------------------------------------------------------------------ tables
def _tbl(t: Target) -> etree._Element:
    tbl = next(_shape(t).el.iter(_A + "tbl"), None)
    if tbl is None:
        raise NotApplicable("not a table")
    return tbl


@WRITERS.writer("table.rows")
def table_rows(session: Session, target: Target, value: Any) -> str:
    tbl = _tbl(target)
    trs = tbl.findall(_A + "tr")
    n = int(value)
    if not 1 <= n < len(trs):
        raise NotApplicable(f"{len(trs)} rows cannot become {n}")
    session.touch(tbl)
    for tr in trs[n:]:
        tbl.remove(tr)
    return "last row removed"


@WRITERS.writer("table.columns")
def table_columns(session: Session, target: Target, value: Any) -> str:
    tbl = _tbl(target)
    grid = tbl.find(_A + "tblGrid")
    cols = grid.findall(_A + "gridCol") if grid is not None else []
    n = int(value)
    if not 1 <= n < len(cols):
        raise NotApplicable(f"{len(cols)} columns cannot become {n}")
    session.touch(tbl)
    for _ in range(len(cols) - n):
        grid.remove(grid.findall(_A + "gridCol")[-1])
        for tr in tbl.findall(_A + "tr"):
            tcs = tr.findall(_A + "tc")
            if tcs:
                tr.remove(tcs[-1])
    return "last column removed"


@WRITERS.writer("table.style")
def table_style(session: Session, target: Target, value: Any) -> str:
    """A table style by GUID (``{5C22544A-…}``) or by a name the vocabulary knows."""
    tbl_pr = _tbl(target).find(_A + "tblPr")
    if tbl_pr is None:
        raise NotApplicable("a table without tblPr")
    guid = str(value)
    if not guid.startswith("{"):
        from officeeval.vocabulary import get as vocab
        styles = vocab("ppt_table_style")
        token = styles.canonical(guid)
        guid = next((x for x in styles.entries.get(token or "", ()) if x.startswith("{")), "")
        if not guid:
            raise NotApplicable(f"no table style {value!r}")
    session.touch(tbl_pr)
    sid = tbl_pr.find(_A + "tableStyleId")
    if sid is None:
        sid = etree.SubElement(tbl_pr, _A + "tableStyleId")
    sid.text = guid
    return f"tableStyleId={guid}"


def _table_flag(name: str, attr: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        tbl_pr = _tbl(target).find(_A + "tblPr")
        if tbl_pr is None:
            raise NotApplicable("a table without tblPr")
        tbl_pr.set(attr, "1" if value else "0")
        session.touch(tbl_pr)
        return f"{attr}={int(bool(value))}"


_table_flag("table.first_row", "firstRow")
_table_flag("table.banded_rows", "bandRow")


@WRITERS.writer("cell.shading")
def cell_shading(session: Session, target: Target, value: Any) -> str:
    if target.kind != "cell":
        raise NotApplicable(f"not a cell: {target.kind}")
    tc = target.el  # type: ignore[attr-defined]
    tc_pr = tc.find(_A + "tcPr")
    if tc_pr is None:
        tc_pr = etree.SubElement(tc, _A + "tcPr")
    for tag in ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill"):
        for el in tc_pr.findall(_A + tag):
            tc_pr.remove(el)
    if str(value) == "none":
        fill = etree.Element(_A + "noFill")
    else:
        fill = etree.Element(_A + "solidFill")
        etree.SubElement(fill, _A + "srgbClr", val=str(value))
    # Fills come after the cell's borders (a:lnL … a:lnBlToTr) and before a:cell3D.
    after = [c for c in tc_pr if isinstance(c.tag, str) and etree.QName(c).localname in (
        "lnL", "lnR", "lnT", "lnB", "lnTlToBr", "lnBlToTr")]
    tc_pr.insert(tc_pr.index(after[-1]) + 1 if after else 0, fill)
    session.touch(tc_pr)
    return f"cell fill {value}"


def table_to_textbox(session: Session, t: Target) -> None:
    """A native table replaced by a text box holding its text (a row per paragraph,
    cells joined by tabs): a frequent shortcut."""
    frame = _shape(t).el
    rows = ["\t".join("".join(x.text or "" for x in tc.iter(_A + "t"))
                      for tc in tr.findall(_A + "tc"))
            for tr in frame.iter(_A + "tr")]
    session.touch(frame)
    c_nv = frame.find(f"{_P}nvGraphicFramePr/{_P}cNvPr")
    sp = etree.Element(_P + "sp")
    nv = etree.SubElement(sp, _P + "nvSpPr")
    etree.SubElement(nv, _P + "cNvPr", id=c_nv.get("id") if c_nv is not None else "99",
                     name=c_nv.get("name") if c_nv is not None else "Table")
    etree.SubElement(nv, _P + "cNvSpPr", txBox="1")
    etree.SubElement(nv, _P + "nvPr")
    sp_pr = etree.SubElement(sp, _P + "spPr")
    xfrm = frame.find(_P + "xfrm")
    if xfrm is not None:
        ax = etree.SubElement(sp_pr, _A + "xfrm")
        for child in xfrm:
            ax.append(etree.fromstring(etree.tostring(child)))
    geom = etree.SubElement(sp_pr, _A + "prstGeom", prst="rect")
    etree.SubElement(geom, _A + "avLst")
    body = etree.SubElement(sp, _P + "txBody")
    etree.SubElement(body, _A + "bodyPr", wrap="square")
    etree.SubElement(body, _A + "lstStyle")
    for line in rows or [""]:
        par = etree.SubElement(body, _A + "p")
        r = etree.SubElement(par, _A + "r")
        etree.SubElement(r, _A + "t").text = line
    frame.getparent().replace(frame, sp)


def is_table(t: Target) -> bool:
    shape = getattr(t, "shape", None)
    return shape is not None and next(shape.el.iter(_A + "tbl"), None) is not None


# ------------------------------------------------------------------ SmartArt and charts
def graphic_part(session: Session, t: Target, tag: str, attr: str) -> str:
    """The part a shape's graphic data points to (``c:chart``/@r:id, ``dgm:relIds``/@r:dm
    …)."""
    shape = _shape(t)
    el = next(shape.el.iter(tag), None)
    rid = el.get(attr) if el is not None else None
    part = session.doc.package.target(shape.sheet.part, rid)
    if part is None:
        raise NotApplicable("the graphic's part is not found")
    return part


@WRITERS.writer("smartart.nodes")
def smartart_nodes(session: Session, target: Target, value: Any) -> str:
    root = session.part(graphic_part(session, target, _DGM + "relIds", _R + "dm"))
    return drawing_edit.set_nodes(root, value)


def _layout(name: str) -> None:
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        root = session.part(graphic_part(session, target, _DGM + "relIds", _R + "lo"))
        return drawing_edit.set_layout(root, value)


_layout("smartart.layout")
_layout("smartart.layout_id")


def _definition(name: str, rel_attr: str, type_attr: str, ids: dict[str, str],
                urn: str) -> None:
    """A writer of the SmartArt definition ``rel_attr`` names (quick style ``qs``, colors
    ``cs``): the part's ``uniqueId`` and the data model's ``type_attr`` on its document
    point, so both places a reader looks agree. ``value`` is a gallery token, an id, or a
    bare definition name (``simple4``)."""
    @WRITERS.writer(name)
    def write(session: Session, target: Target, value: Any) -> str:
        text = str(value)
        uid = next((k for k, v in ids.items() if v == text), None) or (
            text if text.startswith("urn:") else urn + text)
        written = 0
        try:
            root = session.part(graphic_part(session, target, _DGM + "relIds",
                                             _R + rel_attr))
        except NotApplicable:
            root = None
        if root is not None:
            root.set("uniqueId", uid)
            written += 1
        data = session.part(graphic_part(session, target, _DGM + "relIds", _R + "dm"))
        for pt in data.iter(_DGM + "pt"):
            if pt.get("type") == "doc":
                pr = pt.find(_DGM + "prSet")
                if pr is None:
                    pr = etree.Element(_DGM + "prSet")
                    pt.insert(0, pr)
                pr.set(type_attr, uid)
                written += 1
                break
        if not written:
            raise NotApplicable(f"no {rel_attr} part and no document point")
        return f"{name.rsplit('.', 1)[-1]} {uid.rsplit('/', 1)[-1]}"


def _smartart_definitions() -> None:
    _definition("smartart.style", "qs", "qsTypeId", SMARTART_STYLE_IDS,
                "urn:microsoft.com/office/officeart/2005/8/quickstyle/")
    _definition("smartart.colors", "cs", "csTypeId", SMARTART_COLORS_IDS,
                "urn:microsoft.com/office/officeart/2005/8/colors/")


_smartart_definitions()


def chart_part(session: Session, t: Target) -> str:
    return graphic_part(session, t, _C + "chart", _R + "id")


chart_writers(WRITERS, chart_part, names=(*CACHED_NAMES, "chart.series.markers"))


# ------------------------------------------------------------------ click actions
def _links(t: Target) -> list[etree._Element]:
    shape = getattr(t, "shape", None)
    el = getattr(t, "el", None)
    if shape is None or el is None and t.kind not in SHAPE_KINDS:
        raise NotApplicable(f"no link on a {t.kind} target")
    scope = shape.el if t.kind not in ("paragraph", "run") else el
    return list(scope.iter(_A + "hlinkClick"))


@WRITERS.writer("hyperlink.target")
def hyperlink_target(session: Session, target: Target, value: Any) -> str:
    """The target of the first link's relationship."""
    links = _links(target)
    link = next((x for x in links if x.get(_R + "id")), None)
    shape = _shape(target)
    rels = session.part(rels_part(shape.sheet.part))
    if link is None:
        # A jump within the show (an action button's "first slide"): the link is made an
        # external one to ``value``, which is what the target then reads.
        link = next((x for x in links if (x.get("action") or "").startswith("ppaction://")),
                    None)
        if link is None:
            raise NotApplicable("no linked relationship")
        used = {r.get("Id") for r in rels}
        rid = next(f"rId{n}" for n in range(len(used) + 1, len(used) + 1000)
                   if f"rId{n}" not in used)
        add_relationship(rels, rid, _HYPERLINK_REL, str(value)).set("TargetMode", "External")
        old = link.get("action")
        del link.attrib["action"]
        link.set(_R + "id", rid)
        return f"{old} -> {value}"
    rel = relationship(rels, link.get(_R + "id"))
    if rel is None:
        raise NotApplicable("the relationship is missing")
    old = rel.get("Target") or ""
    rel.set("Target", str(value))
    return f"{old} -> {value}"


_HYPERLINK_REL = ("http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
                  "hyperlink")
_ACTIONS = {"next_slide": "ppaction://hlinkshowjump?jump=nextslide",
            "previous_slide": "ppaction://hlinkshowjump?jump=previousslide",
            "first_slide": "ppaction://hlinkshowjump?jump=firstslide",
            "last_slide": "ppaction://hlinkshowjump?jump=lastslide",
            "end_show": "ppaction://hlinkshowjump?jump=endshow"}


@WRITERS.writer("hyperlink.action")
def hyperlink_action(session: Session, target: Target, value: Any) -> str:
    """A jump within the show (``next_slide``, ``end_show`` …) on the first link."""
    action = _ACTIONS.get(str(value))
    if action is None:
        raise NotApplicable(f"a {value} action is not made up")
    link = next(iter(_links(target)), None)
    if link is None:
        raise NotApplicable("no link")
    link.set("action", action)
    link.attrib.pop(_R + "id", None)
    session.touch(link)
    return f"action={action}"
