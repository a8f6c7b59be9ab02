"""Where PowerPoint text formatting is written: ``a:rPr`` of the runs a check reads (as the
resolvers walk them), ``a:pPr`` of its paragraphs and, when the value is inherited, the
level it comes from (the shape's list style, the layout or master placeholder, the master's
text styles); and the small edits the writers of ``font.*`` and ``paragraph.*`` share
(an attribute, a typeface, a spacing box). The writers themselves are registered beside
their resolvers (``officeeval.ppt.resolvers_text``)."""

from __future__ import annotations

from typing import Any, Callable

from lxml import etree

from officeeval.ooxml.ns import A
from officeeval.ppt.targets import text_paragraphs
from officeeval.properties.writing import NotApplicable, Writer, container_writer
from officeeval.targets import Target
from officeeval.values import LineSpacing, Measure

_A = f"{{{A}}}"
EMU_PER_PT = 12700
RUN, PARA = "run", "para"
# Levels that are the text itself, not something it inherits from.
OWN_LEVELS = {RUN: ("direct", "paragraph", "style"), PARA: ("direct", "paragraph")}
Put = Callable[[etree._Element, Any], str]


def to_points(v: Any) -> float | None:
    """Points of a ``Measure`` or a number; ``None`` for anything else."""
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
    """The writer of ``name``: ``put(el, value)`` on the run (``RUN``) or paragraph
    (``PARA``) properties of the target's text; its value is inherited from the nearest
    level above the text that ``defines`` the property (``None`` when none does)."""
    return container_writer(name, run_props if level == RUN else para_props, put,
                            lambda t: inherited_props(t, level, defines))


def has_attr(name: str) -> Callable[[etree._Element], bool]:
    """Whether a level's ``a:rPr``/``a:pPr`` sets the attribute ``name``."""
    return lambda el: el.get(name) is not None


def has_child(*tags: str) -> Callable[[etree._Element], bool]:
    """Whether a level's ``a:rPr``/``a:pPr`` holds one of the ``a:`` children ``tags``."""
    return lambda el: any(el.find(_A + t) is not None for t in tags)


def set_attr(name: str, fmt: Callable[[Any], str]) -> Put:
    """A put that sets the attribute ``name`` to ``fmt(value)``."""
    def write(el: etree._Element, v: Any) -> str:
        el.set(name, fmt(v))
        return f"@{name}={fmt(v)}"
    return write


def onoff(v: Any) -> str:
    return "1" if v else "0"


def typeface(tag: str) -> Put:
    """A put of the ``a:latin``/``a:ea`` child's typeface (the child's other attributes
    dropped)."""
    def write(rpr: etree._Element, v: Any) -> str:
        el = rpr.find(_A + tag)
        if el is None:
            el = etree.SubElement(rpr, _A + tag)
        el.attrib.clear()
        el.set("typeface", str(v))
        return f"a:{tag}/@typeface={v}"
    return write


def spacing(tag: str) -> Put:
    """A put of a spacing box (``a:lnSpc``, ``a:spcBef``, ``a:spcAft``): a percentage for
    a multiple or a number of lines, else points."""
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
        points = v.value if isinstance(v, LineSpacing) else (to_points(v) or 0.0)
        etree.SubElement(box, _A + "spcPts", val=str(int(round(points * 100))))
        return f"a:{tag}/a:spcPts={int(round(points * 100))}"
    return write


def emu(v: Any, sign: int = 1) -> str:
    """A length in points (or a ``Measure``) as EMU text, times ``sign``."""
    return str(int(round(sign * (to_points(v) or 0.0) * EMU_PER_PT)))
