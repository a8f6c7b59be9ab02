"""Word mutants of tables, paragraph borders/shading and drop caps: wrong values written
into ``w:tblPr`` / ``w:trPr`` / ``w:tcPr`` / ``w:pBdr`` / ``w:framePr``, rows and columns
removed, another table style, and a native table replaced by a text box holding its text
(the shortcut a candidate program takes when it cannot build a table)."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, ensure_child, locators, refind,
)
from officeeval.audit.mutators.mistakes import CM, choices, flip, pt, shift
from officeeval.audit.mutators.word_setters import Setter, twips, wset
from officeeval.ooxml.ns import W
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import Border

_W = f"{{{W}}}"
_V = "{urn:schemas-microsoft-com:vml}"
SIDES = ("top", "left", "bottom", "right")


# ------------------------------------------------------------------ containers
def cell_props(t: Target) -> list[etree._Element]:
    if t.kind != "cell":
        raise NotApplicable(f"no cell properties on a {t.kind} target")
    return [ensure_child(t.el, _W + "tcPr", first=True)]  # type: ignore[attr-defined]


def table_props(t: Target) -> list[etree._Element]:
    if t.kind != "table":
        raise NotApplicable(f"no table properties on a {t.kind} target")
    return [ensure_child(t.el, _W + "tblPr", first=True)]  # type: ignore[attr-defined]


def row_props(t: Target) -> list[etree._Element]:
    if t.kind == "table":
        rows = t.el.findall(_W + "tr")  # type: ignore[attr-defined]
        if not rows:
            raise NotApplicable("a table without rows")
        return [ensure_child(rows[0], _W + "trPr", first=True)]
    if t.kind != "row":
        raise NotApplicable(f"no row properties on a {t.kind} target")
    return [ensure_child(t.el, _W + "trPr", first=True)]  # type: ignore[attr-defined]


def frame_props(t: Target) -> list[etree._Element]:
    """The drop cap's ``w:framePr`` (the frame paragraph folded into ``t``)."""
    for el in (getattr(t, "drop_cap_el", None), getattr(t, "el", None)):
        if el is None:
            continue
        ppr = el.find(_W + "pPr")
        fp = ppr.find(_W + "framePr") if ppr is not None else None
        if fp is not None and fp.get(_W + "dropCap") in ("drop", "margin"):
            return [ppr]
    raise NotApplicable("no drop cap")


CONTAINERS = {"cell": cell_props, "table": table_props, "row": row_props,
              "frame": frame_props}


# ------------------------------------------------------------------ writers
def _shd(ppr: etree._Element, v: Any) -> str:
    fill = "auto" if v == "none" else str(v)
    wset(ppr, "shd", val="clear", fill=fill, color="auto", themeFill=None, themeFillTint=None,
         themeFillShade=None)
    return f"w:shd/@w:fill={fill}"


def _valued(tag: str, mapping: dict[str, str] | None = None) -> Callable:
    def write(el: etree._Element, v: Any) -> str:
        val = (mapping or {}).get(str(v), str(v))
        wset(el, tag, val=val)
        return f"w:{tag}={val}"
    return write


def _border_side(el: etree._Element, side: str, v: Border) -> None:
    if el.tag == _W + "pPr":
        box = ensure_child(el, _W + "pBdr")
    elif el.tag == _W + "tblPr":
        box = ensure_child(el, _W + "tblBorders")
    else:
        raise NotApplicable("no border container")
    old = box.find(_W + side)
    if old is not None:
        box.remove(old)
    attrs = {_W + "val": "nil"} if v.style == "none" else {
        _W + "val": v.style, _W + "sz": "4", _W + "space": "0", _W + "color": "auto"}
    etree.SubElement(box, _W + side, attrs)


def _borders(sides: tuple[str, ...]) -> Callable:
    def write(el: etree._Element, v: Any) -> str:
        for s in sides:
            _border_side(el, s, v)
        return f"{'/'.join(sides)} border {v.style}"
    return write


def _border_values(ref: list[Any]) -> list[Any]:
    shown = [r for r in ref if isinstance(r, Border) and r.style not in ("none", "nil")]
    if not shown:
        return [Border("single")]
    other = "double" if shown[0].style != "double" else "single"
    return [Border("none"), Border(other)]


def _frame_attr(attr: str, fmt: Callable[[Any], str]) -> Callable:
    def write(ppr: etree._Element, v: Any) -> str:
        fp = ppr.find(_W + "framePr")
        fp.set(_W + attr, fmt(v))
        return f"w:framePr/@w:{attr}={fmt(v)}"
    return write


def _lines(ref: list[Any]) -> list[Any]:
    n = next((int(v) for v in ref if isinstance(v, (int, float))), 3)
    return [n + 1 if n < 10 else n - 1]


def _height(el: etree._Element, v: Any) -> str:
    wset(el, "trHeight", val=twips(pt(v) or 0.0))
    return f"w:trHeight={twips(pt(v) or 0.0)}"


def _height_rule(el: etree._Element, v: Any) -> str:
    val = {"at_least": "atLeast", "exact": "exact", "auto": "auto"}.get(str(v), str(v))
    wset(el, "trHeight", hRule=val)
    return f"w:trHeight/@w:hRule={val}"


def _s(level: str, tag: str, values, write, variants: int = 1) -> Setter:
    return Setter(level, tag, (), values, write, variants)


SETTERS: dict[str, Setter] = {
    "cell.shading": _s("cell", "shd", choices("none", "FFFF00", "DDEBF7"), _shd),
    "cell.vertical_alignment": _s("cell", "vAlign", choices("top", "center", "bottom"),
                                  _valued("vAlign")),
    "table.alignment": _s("table", "jc", choices("left", "center", "right"),
                          _valued("jc", {"justify": "both"})),
    "table.width": _s("table", "tblW", shift(2 * CM),
                      lambda el, v: (wset(el, "tblW", w=twips(pt(v) or 0.0), type="dxa"),
                                     "w:tblW")[1]),
    "table.header_repeat": _s("row", "tblHeader", flip,
                              lambda el, v: (wset(el, "tblHeader", val="1" if v else "0"),
                                             f"w:tblHeader={int(bool(v))}")[1]),
    "table.border.outer": _s("table", "tblBorders", _border_values, _borders(SIDES)),
    "table.border.inner": _s("table", "tblBorders", _border_values,
                             _borders(("insideH", "insideV"))),
    **{f"table.border.{s}": _s("table", "tblBorders", _border_values, _borders((s,)))
       for s in SIDES},
    "table.border.inside_h": _s("table", "tblBorders", _border_values, _borders(("insideH",))),
    "table.border.inside_v": _s("table", "tblBorders", _border_values, _borders(("insideV",))),
    "row.height": _s("row", "trHeight", shift(10.0), _height),
    "row.height_rule": _s("row", "trHeight", choices("exact", "at_least"), _height_rule),
    "paragraph.border": _s("para", "pBdr", _border_values, _borders(SIDES)),
    **{f"paragraph.border.{s}": _s("para", "pBdr", _border_values, _borders((s,)))
       for s in SIDES},
    "paragraph.shading": _s("para", "shd", choices("none", "FFFF00", "D9D9D9"), _shd),
    "paragraph.drop_cap": _s("frame", "framePr", choices("margin", "drop"),
                             _frame_attr("dropCap", str)),
    "paragraph.drop_cap.lines": _s("frame", "framePr", _lines,
                                   _frame_attr("lines", lambda v: str(int(v)))),
    "paragraph.drop_cap.distance": _s("frame", "framePr", shift(CM / 2),
                                      _frame_attr("hSpace", lambda v: twips(pt(v) or 0.0))),
}


# ------------------------------------------------------------------ structure
def plan_table_structure(ctx: PlanContext, check: Check, targets: list[Target]
                         ) -> list[Mutation]:
    """The last row or column removed, another table style, the table replaced by a text
    box (for ``table.rows`` / ``table.columns`` / ``table.style`` checks)."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind != "table" for i in idx):
        return []
    prop = check.property
    where = locators(targets, idx)
    out: list[Mutation] = []
    if prop in ("table.rows", "table.columns"):
        rows = prop == "table.rows"

        def shrink(ws, edit) -> str:
            for t in refind(edit, check.select, idx):
                tbl = t.el  # type: ignore[attr-defined]
                ws.touch(edit, tbl)
                if rows:
                    trs = tbl.findall(_W + "tr")
                    if len(trs) < 2:
                        raise NotApplicable("a one-row table")
                    tbl.remove(trs[-1])
                else:
                    grid = tbl.find(_W + "tblGrid")
                    if grid is not None and len(grid):
                        grid.remove(grid[-1])
                    for tr in tbl.findall(_W + "tr"):
                        tcs = tr.findall(_W + "tc")
                        if tcs:
                            tr.remove(tcs[-1])
            return "last row removed" if rows else "last column removed"
        out.append(Mutation(key=f"table-shrink|{prop}|{where}", operator=f"delete:{prop}",
                            apply=shrink, description=f"{where}: last "
                                                      f"{'row' if rows else 'column'} removed"))
    elif prop == "table.style":
        styles = ctx.doc.styles  # type: ignore[attr-defined]
        current = {getattr(targets[i], "style_id", None) for i in idx}
        others = sorted((s for s in styles.by_id.values() if s.type == "table"
                         and s.id not in current), key=lambda s: (not s.is_default, s.id))
        new_id = others[0].id if others else None

        def restyle(ws, edit) -> str:
            for t in refind(edit, check.select, idx):
                tp = ensure_child(t.el, _W + "tblPr", first=True)  # type: ignore[attr-defined]
                ws.touch(edit, tp)
                if new_id is None:
                    old = tp.find(_W + "tblStyle")
                    if old is None:
                        raise NotApplicable("no table style to drop")
                    tp.remove(old)
                else:
                    wset(tp, "tblStyle", first=True, val=new_id)
            return f"tblStyle={new_id or '(none)'}"
        out.append(Mutation(key=f"table-style|{where}", operator="direct:table.style",
                            apply=restyle, description=f"{where}: table style changed"))
    return out + plan_table_to_textbox(ctx, check, targets)


def plan_table_to_textbox(ctx: PlanContext, check: Check, targets: list[Target]
                          ) -> list[Mutation]:
    idx = [0] if check.match == "all" else list(range(len(targets)))
    if not targets or any(targets[i].kind != "table" for i in idx):
        return []

    def apply(ws, edit) -> None:
        for t in refind(edit, check.select, idx):
            tbl = t.el  # type: ignore[attr-defined]
            lines = ["\t".join("".join(x.text or "" for x in tc.iter(_W + "t"))
                               for tc in tr.findall(_W + "tc")) for tr in tbl.findall(_W + "tr")]
            ws.touch(edit, tbl)
            tbl.getparent().replace(tbl, _vml_textbox(lines))

    where = locators(targets, idx)
    return [Mutation(key=f"table-textbox|{where}", operator="replace:table->textbox",
                     apply=apply, scope="rubric",
                     description=f"{where}: table replaced by a text box with its text")]


def _vml_textbox(lines: list[str]) -> etree._Element:
    p = etree.Element(_W + "p")
    r = etree.SubElement(p, _W + "r")
    pict = etree.SubElement(r, _W + "pict")
    shape = etree.SubElement(pict, _V + "shape", id="AuditTextBox", type="#_x0000_t202",
                             style="width:400pt;height:120pt")
    box = etree.SubElement(shape, _V + "textbox")
    content = etree.SubElement(box, _W + "txbxContent")
    for line in lines or [""]:
        tp = etree.SubElement(content, _W + "p")
        tr = etree.SubElement(tp, _W + "r")
        etree.SubElement(tr, _W + "t").text = line
    return p


def plan_column_width(ctx: PlanContext, check: Check, targets: list[Target]
                      ) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or any(targets[i].kind not in ("column", "cell") for i in idx):
        return []

    def apply(ws, edit) -> str:
        for t in refind(edit, check.select, idx):
            table = t.table  # type: ignore[attr-defined]
            col = t.index if t.kind == "column" else t.col  # type: ignore[attr-defined]
            grid = table.el.find(_W + "tblGrid")
            ws.touch(edit, table.el)
            if grid is not None and col < len(grid):
                w = float(grid[col].get(_W + "w") or 0) + 567
                grid[col].set(_W + "w", str(int(w)))
            cells = t.cells if t.kind == "column" else [t]  # type: ignore[attr-defined]
            for c in cells:
                tcpr = ensure_child(c.el, _W + "tcPr", first=True)
                cur = tcpr.find(_W + "tcW")
                base = float(cur.get(_W + "w") or 0) if cur is not None and (
                    cur.get(_W + "type") or "dxa") == "dxa" else 0
                wset(tcpr, "tcW", w=str(int(base + 567) if base else 2000), type="dxa")
        return "+1cm"

    return [Mutation(key=f"column-width|{check.select}|{idx}", operator="direct:column.width",
                     apply=apply, description=f"{locators(targets, idx)}: column 1 cm wider")]


PLANNERS: dict[str, Callable] = {
    "table.rows": plan_table_structure, "table.columns": plan_table_structure,
    "table.style": plan_table_structure, "column.width": plan_column_width,
}

_ = flip
