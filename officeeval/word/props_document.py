"""Document-level resolvers (watermark, page background, theme, core properties, mail
merge) and the facts of a style definition (based on, custom, type, next style)."""

from __future__ import annotations

from typing import Callable

from officeeval.cache import memo_value
from officeeval.values import Observation
from officeeval.word.docinfo import CORE_FIELDS, background_color, core_property, mail_merge
from officeeval.word.targets import DocumentTarget, StyleTarget
from officeeval.word.watermark import find_watermark


def _doc(read: Callable) -> Callable:
    def resolve(t, ctx):
        return read(t.doc, ctx) if isinstance(t, DocumentTarget) else None
    return resolve


def _watermark(doc):
    return memo_value(doc, "_officeeval_watermark", lambda: find_watermark(doc))


def watermark_attr(attr: str, none_kind: bool = False):
    def read(doc, ctx):
        wm = _watermark(doc)
        if wm is None:
            return Observation("none", "default") if none_kind else None
        v = getattr(wm, attr)
        return Observation(v, wm.part) if v is not None else None
    return read


def background(doc, ctx):
    got = background_color(doc)
    if got is None:
        return None if ctx.direct else Observation("none", "default")
    return Observation(got[0], got[1])


def theme_name(doc, ctx):
    name = doc.theme.name
    return Observation(name, "theme") if name else None


def core(name: str):
    def read(doc, ctx):
        v = core_property(doc, name)
        return Observation(v, "core") if v is not None else None
    return read


def merge(attr: str):
    def read(doc, ctx):
        mm = mail_merge(doc)
        if mm is None:
            return None
        v = getattr(mm, attr)
        return Observation(v, "settings") if v else None
    return read


def merge_fields(doc, ctx):
    names = [f.argument for f in doc.story_index(doc.main).fields
             if f.type == "MERGEFIELD" and f.argument]
    return Observation(names, "computed")


DOCUMENT_RESOLVERS: dict[str, Callable] = {
    "watermark.text": _doc(watermark_attr("text")),
    "watermark.kind": _doc(watermark_attr("kind", none_kind=True)),
    "watermark.font": _doc(watermark_attr("font")),
    "watermark.color": _doc(watermark_attr("color")),
    "watermark.layout": _doc(watermark_attr("layout")),
    "background.color": _doc(background),
    "theme.name": _doc(theme_name),
    **{f"core.{name}": _doc(core(name)) for name in CORE_FIELDS},
    "mail_merge.main_type": _doc(merge("main_type")),
    "mail_merge.data_source": _doc(merge("data_source")),
    "mail_merge.data_file": _doc(merge("data_file")),
    "mail_merge.query": _doc(merge("query")),
    "mail_merge.destination": _doc(merge("destination")),
    "mail_merge.fields": _doc(merge_fields),
}


# ------------------------------------------------------------------ style definitions
def _style(read: Callable) -> Callable:
    def resolve(t, ctx):
        return read(t.style, t.doc) if isinstance(t, StyleTarget) else None
    return resolve


def _based_on(st, doc):
    base = doc.styles.get(st.based_on)
    if base is None:
        return None
    return Observation(base.display_name, "direct")


def _next(st, doc):
    el = st.child("next")
    nxt = doc.styles.get(el.get(f"{{{_W_NS}}}val")) if el is not None else None
    return Observation(nxt.display_name, "direct") if nxt is not None else None


_W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

STYLE_RESOLVERS: dict[str, Callable] = {
    "style.based_on": _style(_based_on),
    "style.custom": _style(lambda st, doc: Observation(st.custom, "direct")),
    "style.type": _style(lambda st, doc: Observation(st.type, "direct")),
    "style.next": _style(_next),
}
