"""Word bindings: which resolver answers each catalog property for which Word targets.

Names PowerPoint or Excel define (``shape.geometry``, ``shape.fill.color``, ``shape.name``,
``smartart.*``, ``chart.*``, ``cell.border.*``) are bound here only when their definitions are
loaded, with that definition's value type, so the catalog never depends on which engineer's
module landed first.
"""

from __future__ import annotations

import importlib.util

from officeeval.properties import types as T
from officeeval.properties.registry import Registry
from officeeval.word import props_document as PD
from officeeval.word import props_objects as PO
from officeeval.word import props_paragraph as PP
from officeeval.word import props_section as PS
from officeeval.word import props_table as PT
from officeeval.word import resolvers as WR

HF = ("header", "footer")
NUMBERING_FORMAT = T.EnumType("number_format")


def bind_all(reg: Registry) -> None:
    for name, fn in WR.RUN_RESOLVERS.items():
        reg.bind(name, "word", WR.RUN_KINDS, fn)
    reg.bind("text", "word", WR.TEXT_KINDS, WR.text)
    reg.bind("paragraph.style", "word", WR.PARA_KINDS, WR.paragraph_style)
    for name, fn in WR.PARA_RESOLVERS.items():
        reg.bind(name, "word", WR.PARA_KINDS, fn)
    for name, fn in PP.PARAGRAPH_RESOLVERS.items():
        reg.bind(name, "word", WR.PARA_KINDS, fn)
    for name, fn in PP.NUMBERING_RESOLVERS.items():
        reg.bind(name, "word", WR.PARA_KINDS, fn,
                 vtype=NUMBERING_FORMAT if name == "paragraph.numbering" else None)
    for name, fn in {**PP.DROP_CAP_RESOLVERS, **PP.CAPTION_RESOLVERS}.items():
        reg.bind(name, "word", ("paragraph",), fn)
    _bind_sections(reg)
    for name, (kinds, fn) in {**PT.TABLE_RESOLVERS, **PO.DRAWING_RESOLVERS,
                              **PO.FIELD_RESOLVERS, **PO.TOC_RESOLVERS,
                              **PO.NOTE_RESOLVERS}.items():
        reg.bind(name, "word", kinds, fn)
    for name, fn in PD.DOCUMENT_RESOLVERS.items():
        vtype = {"watermark.kind": T.EnumType("watermark_kind"),
                 "mail_merge.main_type": T.EnumType("mail_merge_type")}.get(name)
        reg.bind(name, "word", ("document",), fn, vtype=vtype)
    for name, fn in PD.STYLE_RESOLVERS.items():
        reg.bind(name, "word", ("style",), fn)
    _bind_shared(reg)


def _bind_sections(reg: Registry) -> None:
    hf_names = {"header.text": PS.hf_text, "footer.text": PS.hf_text,
                "header.has_page_number": PS.hf_page_number,
                "footer.has_page_number": PS.hf_page_number,
                "header.visible": PS.hf_visible, "footer.visible": PS.hf_visible}
    for name, fn in PS.SECTION_RESOLVERS.items():
        if name in hf_names:
            section_fn, hf_fn = fn, hf_names[name]

            def both(target, ctx, _s=section_fn, _h=hf_fn):
                if target.kind in HF:
                    return _h(target, ctx)
                return _s(target, ctx)
            reg.bind(name, "word", (*PS.SECTION_KINDS, *HF), both)
        elif name.startswith("page_numbers."):
            reg.bind(name, "word", (*PS.SECTION_KINDS, *HF), fn)
        else:
            reg.bind(name, "word", PS.SECTION_KINDS, fn)


def _bind_shared(reg: Registry) -> None:
    """Bind names other apps define, when they are defined."""
    optional = {
        "shape.geometry": (("shape", "textbox"), PO.DRAWING_EXTRA["shape.geometry"]),
        "shape.fill.color": (("shape", "textbox"), PO.DRAWING_EXTRA["shape.fill.color"]),
        "shape.name": (PO.DRAWING_KINDS, PO.DRAWING_EXTRA["shape.name"]),
        "shape.width": (PO.DRAWING_KINDS, PO.DRAWING_RESOLVERS["image.width"][1]),
        "shape.height": (PO.DRAWING_KINDS, PO.DRAWING_RESOLVERS["image.height"][1]),
        "smartart.layout": (("smartart",), PO.DRAWING_EXTRA["smartart.layout"]),
        "smartart.layout_id": (("smartart",), PO.DRAWING_EXTRA["smartart.layout_id"]),
        "smartart.nodes": (("smartart",), PO.DRAWING_EXTRA["smartart.nodes"]),
        **{name: (("cell",), fn) for name, fn in PT.CELL_BORDER_RESOLVERS.items()},
    }
    if importlib.util.find_spec("officeeval.ooxml.charts") is not None:
        from officeeval.word import props_chart as PC
        optional.update({name: (("chart",), fn) for name, fn in PC.CHART_RESOLVERS.items()})
    for name, (kinds, fn) in optional.items():
        pdef = reg.get(name)
        if pdef is not None and "word" not in pdef.bindings:
            vtype = T.BORDER if name.startswith("cell.border.") else None
            reg.bind(name, "word", kinds, fn, vtype=vtype)
