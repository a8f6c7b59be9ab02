"""Writers of PowerPoint text formatting: run properties are attributes and children of
``a:rPr`` (``sz``, ``b``, ``a:latin``, ``a:solidFill`` …), paragraph properties of ``a:pPr``
(``algn``, ``marL``, ``a:lnSpc`` …), written on the runs and paragraphs a check reads (as the
resolvers walk them) and, when the value is inherited, on the level it comes from (the
shape's list style, the layout or master placeholder, the master's text styles)."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.ns import A
from officeeval.ppt.resolvers_text import text_paragraphs
from officeeval.properties.writing import Level, NotApplicable, Session, Writer, WriterSet
from officeeval.targets import Target
from officeeval.values import LineSpacing, Measure

WRITERS = WriterSet()
_A = f"{{{A}}}"
EMU_PER_PT = 12700
RUN, PARA = "run", "para"
FILLS = ("noFill", "solidFill", "gradFill", "blipFill", "pattFill", "grpFill")
_UNDERLINE = {"none": "none", "single": "sng", "double": "dbl", "thick": "heavy",
              "dotted": "dotted", "dash": "dash", "wave": "wavy", "words": "words"}
_ALIGN = {"left": "l", "center": "ctr", "right": "r", "justify": "just", "distribute": "dist"}
BULLETS = ("buNone", "buChar", "buAutoNum", "buBlip", "buFont", "buSzPct", "buSzPts",
           "buSzTx", "buClr", "buClrTx", "buFontTx")
# Levels that are the text itself, not something it inherits from.
OWN_LEVELS = {RUN: ("direct", "paragraph", "style"), PARA: ("direct", "paragraph")}
Put = Callable[[etree._Element, Any], str]


def _points(v: Any) -> float | None:
    if isinstance(v, Measure):
        return v.points()
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    return None


def _first(parent: etree._Element, tag: str) -> etree._Element:
    el = parent.find(_A + tag)
    if el is None:
        el = etree.Element(_A + tag)
        parent.insert(0, el)
    return el


def run_props(t: Target) -> list[etree._Element]:
    """``a:rPr`` of every run that shows text in ``t`` (the paragraph mark's
    ``a:endParaRPr`` when none does), created when absent."""
    if t.kind == "run":
        return [_first(t.el, "rPr")]  # type: ignore[attr-defined]
    pars = text_paragraphs(t)
    runs = [r for par in pars for r in par.text_runs()]
    if runs:
        return [_first(r.el, "rPr") for r in runs]
    if not pars:
        raise NotApplicable(f"no text in {t.locator}")
    end = pars[0].el.find(_A + "endParaRPr")
    if end is None:
        end = etree.SubElement(pars[0].el, _A + "endParaRPr")
    return [end]


def para_props(t: Target) -> list[etree._Element]:
    pars = text_paragraphs(t)
    shown = [x for x in pars if x.text.strip()] or pars[:1]
    if not shown:
        raise NotApplicable(f"no paragraph in {t.locator}")
    return [_first(x.el, "pPr") for x in shown]


def inherited_props(t: Target, level: str, defines: Callable[[etree._Element], bool]
                    ) -> tuple[etree._Element, str] | None:
    """The nearest level above the text itself (list style, layout, master, presentation)
    that sets the property."""
    if t.kind == "run":
        chain = t.chain()  # type: ignore[attr-defined]
    else:
        pars = text_paragraphs(t)
        if not pars:
            return None
        runs = [r for par in pars for r in par.text_runs()]
        chain = runs[0].chain() if (runs and level == RUN) else pars[0].mark_chain()
    for lv in chain.levels:
        if lv.source in OWN_LEVELS[level]:
            continue
        el = lv.rpr if level == RUN else lv.ppr
        if el is not None and defines(el):
            return el, lv.source
    return None


def text_writer(name: str, level: str, defines: Callable[[etree._Element], bool], put: Put
                ) -> Writer:
    containers = run_props if level == RUN else para_props

    def write(session: Session, target: Target, value: Any) -> str:
        written = ""
        for el in containers(target):
            written = put(el, value)
            session.touch(el)
        return written

    def inherited(target: Target) -> Level | None:
        found = inherited_props(target, level, defines)
        if found is None:
            return None
        el, source = found

        def write_there(session: Session, value: Any) -> str:
            note = put(el, value)
            session.touch(el)
            return note
        return Level(source, write_there)

    write.__qualname__ = getattr(put, "__qualname__", name)
    return Writer(name, write, inherited)


def _attr(name: str) -> Callable[[etree._Element], bool]:
    return lambda el: el.get(name) is not None


def _child(*tags: str) -> Callable[[etree._Element], bool]:
    return lambda el: any(el.find(_A + t) is not None for t in tags)


def _set(name: str, fmt: Callable[[Any], str]) -> Put:
    def write(el: etree._Element, v: Any) -> str:
        el.set(name, fmt(v))
        return f"@{name}={fmt(v)}"
    return write


def _onoff(v: Any) -> str:
    return "1" if v else "0"


def _face(tag: str) -> Put:
    def write(rpr: etree._Element, v: Any) -> str:
        el = rpr.find(_A + tag)
        if el is None:
            el = etree.SubElement(rpr, _A + tag)
        el.attrib.clear()
        el.set("typeface", str(v))
        return f"a:{tag}/@typeface={v}"
    return write


def write_color(rpr: etree._Element, v: Any) -> str:
    for t in FILLS:
        for el in rpr.findall(_A + t):
            rpr.remove(el)
    fill = etree.Element(_A + "solidFill")
    etree.SubElement(fill, _A + "srgbClr", val=str(v))
    # A fill comes after a:ln and before the effects and fonts.
    ln = rpr.find(_A + "ln")
    rpr.insert(rpr.index(ln) + 1 if ln is not None else 0, fill)
    return f"a:solidFill/a:srgbClr={v}"


def _write_highlight(rpr: etree._Element, v: Any) -> str:
    for el in rpr.findall(_A + "highlight"):
        rpr.remove(el)
    hl = etree.SubElement(rpr, _A + "highlight")
    etree.SubElement(hl, _A + "srgbClr", val=str(v))
    return f"a:highlight={v}"


def _run(name: str, defines, put: Put) -> None:
    WRITERS.add(text_writer(name, RUN, defines, put))


_run("font.name", _child("latin"), _face("latin"))
_run("font.east_asia", _child("ea"), _face("ea"))
_run("font.size", _attr("sz"), _set("sz", lambda v: str(int(round(_points(v) * 100)))))
_run("font.bold", _attr("b"), _set("b", _onoff))
_run("font.italic", _attr("i"), _set("i", _onoff))
_run("font.underline", _attr("u"), _set("u", lambda v: _UNDERLINE.get(str(v), "sng")))
_run("font.color", _child(*FILLS), write_color)
_run("font.highlight", _child("highlight"), _write_highlight)
_run("font.strike", _attr("strike"),
     _set("strike", lambda v: "sngStrike" if v else "noStrike"))
_run("font.double_strike", _attr("strike"),
     _set("strike", lambda v: "dblStrike" if v else "noStrike"))
_run("font.superscript", _attr("baseline"), _set("baseline", lambda v: "30000" if v else "0"))
_run("font.subscript", _attr("baseline"), _set("baseline", lambda v: "-25000" if v else "0"))
_run("font.all_caps", _attr("cap"), _set("cap", lambda v: "all" if v else "none"))
_run("font.small_caps", _attr("cap"), _set("cap", lambda v: "small" if v else "none"))
_run("font.spacing", _attr("spc"),
     _set("spc", lambda v: str(int(round((_points(v) or 0.0) * 100)))))


# ------------------------------------------------------------------ paragraph properties
def _spacing(tag: str) -> Put:
    def write(ppr: etree._Element, v: Any) -> str:
        for el in ppr.findall(_A + tag):
            ppr.remove(el)
        box = etree.SubElement(ppr, _A + tag)
        if isinstance(v, LineSpacing) and v.rule == "multiple":
            etree.SubElement(box, _A + "spcPct", val=str(int(round(v.value * 100000))))
            return f"a:{tag}/a:spcPct={int(round(v.value * 100000))}"
        if isinstance(v, Measure) and v.lines is not None and v.pt is None:
            etree.SubElement(box, _A + "spcPct", val=str(int(round(v.lines * 100000))))
            return f"a:{tag}/a:spcPct={int(round(v.lines * 100000))}"
        points = v.value if isinstance(v, LineSpacing) else (_points(v) or 0.0)
        etree.SubElement(box, _A + "spcPts", val=str(int(round(points * 100))))
        return f"a:{tag}/a:spcPts={int(round(points * 100))}"
    return write


def _write_bullet(ppr: etree._Element, v: Any) -> str:
    for t in BULLETS:
        for el in ppr.findall(_A + t):
            ppr.remove(el)
    s = str(v)
    if s == "none":
        etree.SubElement(ppr, _A + "buNone")
    elif s.startswith("autonumber:"):
        etree.SubElement(ppr, _A + "buAutoNum", type=s.split(":", 1)[1])
    else:
        etree.SubElement(ppr, _A + "buChar", char=s)
    return f"bullet {s}"


def _emu(v: Any, sign: int = 1) -> str:
    return str(int(round(sign * (_points(v) or 0.0) * EMU_PER_PT)))


def _para(name: str, defines, put: Put) -> None:
    WRITERS.add(text_writer(name, PARA, defines, put))


_para("paragraph.alignment", _attr("algn"), _set("algn", lambda v: _ALIGN.get(str(v), "l")))
_para("paragraph.level", _attr("lvl"), _set("lvl", lambda v: str(int(v) - 1)))
_para("paragraph.bullet", _child(*BULLETS[:4]), _write_bullet)
_para("paragraph.line_spacing", _child("lnSpc"), _spacing("lnSpc"))
_para("paragraph.space_before", _child("spcBef"), _spacing("spcBef"))
_para("paragraph.space_after", _child("spcAft"), _spacing("spcAft"))
_para("paragraph.indent.left", _attr("marL"), _set("marL", _emu))
_para("paragraph.indent.first_line", _attr("indent"), _set("indent", _emu))
_para("paragraph.indent.hanging", _attr("indent"), _set("indent", lambda v: _emu(v, -1)))
