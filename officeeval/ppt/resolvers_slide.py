"""PowerPoint resolvers for the presentation, slides, layouts, masters and notes
(transitions and animations are in ``resolvers_timing``, the theme in ``resolvers_theme``)."""

from __future__ import annotations

from officeeval.ooxml.problems import problems_of
from officeeval.ppt import backgrounds, content
from officeeval.ppt.markup import a, body_text, on
from officeeval.ppt.sheets import Sheet
from officeeval.ppt.targets import NotesTarget, PresentationTarget, SheetTarget, SlideTarget
from officeeval.ppt.value_types import LAYOUT_NAME, SLIDE_SIZE
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.properties.mistakes import Plan, cycled, flipped, mistyped
from officeeval.values import Observation
from officeeval.vocabulary import get as vocab

SHEET_KINDS = ("slide", "layout", "master")
PRES, SLIDE = "presentation", "slide"
SHAPE_KINDS = ("shape", "picture", "table", "chart", "smartart", "media")
TEXT_ANYWHERE = ("presentation", "slide", "layout", "master", *SHAPE_KINDS, "paragraph",
                 "run", "cell", "notes")

PROPERTIES = PropertySet()
prop, binds = PROPERTIES.prop, PROPERTIES.binds


# ------------------------------------------------------------------ presentation
@prop("slide.count", T.INTEGER, kinds=PRES)
def slide_count(target, ctx) -> Observation | None:
    """Number of slides (p:sldIdLst, hidden slides included)."""
    return Observation(len(target.doc.slides), "computed")


@prop("presentation.slide_size", SLIDE_SIZE, kinds=PRES)
def slide_size(target, ctx) -> Observation | None:
    """Slide size: 16:9, 4:3, 16:10 by aspect ratio (1 % tolerance), a PowerPoint paper size
    (A4 = 26 x 19.05 cm, by p:sldSz/@type or dimensions), or exact dimensions within 1
    pt."""
    size = target.doc.slide_size
    return Observation(size, "direct") if size is not None else None


@prop("presentation.loop", T.BOOL, kinds=PRES)
def loop(target, ctx) -> Observation | None:
    """Loop continuously until Esc (循环放映，按 ESC 键终止; presProps showPr/@loop). False by
    default."""
    v = target.doc.loop
    if v is None:
        return None if ctx.direct else Observation(False, "default")
    return Observation(v, "presProps")


@prop("presentation.show_type", T.EnumType("show_type"), kinds=PRES)
def show_type(target, ctx) -> Observation | None:
    """Show type: speaker (演讲者放映), browsed (观众自行浏览), kiosk (在展台浏览). speaker by
    default."""
    v = target.doc.show_type
    if v is None:
        return None if ctx.direct else Observation("speaker", "default")
    return Observation(v, "presProps")


@prop("section.names", T.ORDERED_LIST, kinds=PRES)
def section_names(target, ctx) -> Observation | None:
    """Section names in order (节; p14:sectionLst)."""
    sections = target.doc.sections
    if not sections:
        return None
    return Observation([name for name, _ in sections], "direct")


@prop("slide.section", T.TEXT, kinds=SLIDE)
def slide_section(target, ctx) -> Observation | None:
    """Name of the section the slide belongs to."""
    name = target.doc.section_of(target.slide_id)
    return Observation(name, "direct") if name is not None else None


@prop("picture.count", T.INTEGER, kinds=(PRES, SLIDE),
      read_only="counted: add or delete pictures")
def picture_count(target, ctx) -> Observation | None:
    """Number of pictures on the slide (or in the presentation), inside groups too; media
    are not counted."""
    if isinstance(target, PresentationTarget):
        return Observation(sum(len(content.pictures(s.sheet)) for s in target.doc.slides),
                           "computed")
    return Observation(len(content.pictures(target.sheet)), "computed")


@binds("text", kinds=TEXT_ANYWHERE)
def text(target, ctx) -> Observation | None:
    if isinstance(target, PresentationTarget):
        return Observation("\n".join(_sheet_text(s.sheet) for s in target.doc.slides),
                           "direct")
    if isinstance(target, (SlideTarget, SheetTarget)):
        return Observation(_sheet_text(target.sheet), "direct")
    if isinstance(target, NotesTarget):
        return Observation(target.text, "direct")
    if hasattr(target, "text"):
        return Observation(target.text, "direct")
    return None


def _sheet_text(sheet: Sheet) -> str:
    return "\n".join(t for t in (content.shape_text(s) for s in sheet.shapes) if t)


# ------------------------------------------------------------------ slides and layouts
@prop("slide.layout", LAYOUT_NAME, kinds=(SLIDE, "layout"))
def slide_layout(target, ctx) -> Observation | None:
    """Name of the slide's layout (built-in names match in English or Chinese: Title and
    Content = 标题和内容)."""
    if isinstance(target, SheetTarget):
        return Observation(target.sheet.name, "direct") if target.kind == "layout" else None
    layout = target.sheet.layout
    return Observation(layout.name, "layout") if layout is not None else None


@prop("slide.layout_type", T.EnumType("layout_type"), kinds=(SLIDE, "layout"))
def layout_type(target, ctx) -> Observation | None:
    """The layout's type (p:sldLayout/@type: title, obj, twoObj, titleOnly, blank …),
    inferred from a built-in name when the type is absent."""
    sheet = target.sheet if isinstance(target, SheetTarget) else target.sheet.layout
    if sheet is None or sheet.kind != "layout":
        return None
    if sheet.layout_type:
        return Observation(sheet.layout_type, "layout")
    token = vocab("layout_type").canonical(sheet.name)
    return Observation(token or "cust", "layout" if token else "default")


@prop("slide.title", T.TEXT, kinds=SLIDE)
def slide_title(target, ctx) -> Observation | None:
    """Text of the slide's title (or centered title) placeholder."""
    t = target.title_text
    return Observation(t, "direct") if t is not None else None


@prop("slide.hidden", T.BOOL, kinds=SLIDE)
def slide_hidden(target, ctx) -> Observation | None:
    """Hidden slide (隐藏幻灯片; p:sld/@show=0)."""
    raw = target.sheet.root.get("show")
    if raw is None:
        return None if ctx.direct else Observation(False, "default")
    return Observation(target.sheet.hidden, "direct")


@prop("slide.index", T.INTEGER, kinds=SLIDE)
def slide_index(target, ctx) -> Observation | None:
    """1-based position of the slide in the show."""
    return Observation(target.index, "computed")


@prop("slide.background.kind", T.EnumType("background_kind"), kinds=SHEET_KINDS)
def background_kind(target, ctx) -> Observation | None:
    """Background fill kind: solid, gradient, picture (picture or texture), pattern, none —
    on the slide or inherited from its layout and master (p:bgPr, or p:bgRef into the
    theme)."""
    obs = backgrounds.background_kind(target.sheet)
    return _direct_only(obs, ctx)


@prop("slide.background.color", T.COLOR, kinds=SHEET_KINDS)
def background_color(target, ctx) -> Observation | None:
    """Background color: the solid color, a gradient's first stop, a pattern's foreground;
    theme colors through the slide's color map."""
    obs = backgrounds.background_color(target.sheet)
    return _direct_only(obs, ctx)


def _direct_only(obs: Observation | None, ctx) -> Observation | None:
    if obs is not None and ctx.direct and obs.source != "direct":
        return None
    return obs


# ------------------------------------------------------------------ header / footer
def _placeholder_on(sheet: Sheet, ph_type: str):
    for s in sheet.all_shapes():
        if s.placeholder is not None and s.placeholder.type == ph_type:
            return s
    return None


def _placeholder_visible(target, ctx, ph_type: str) -> Observation | None:
    """Slides: the placeholder is on the slide (what PowerPoint draws). Layouts and
    masters: their ``p:hf`` flag (on by default)."""
    if isinstance(target, SlideTarget):
        return Observation(_placeholder_on(target.sheet, ph_type) is not None, "direct")
    hf = target.sheet.header_footer
    if hf is None:
        return None if ctx.direct else Observation(True, "default")
    return Observation(on(hf.get(ph_type), True), "direct")


@prop("slide.number.visible", T.BOOL, kinds=SHEET_KINDS)
def number_visible(target, ctx) -> Observation | None:
    """Slide number shown (幻灯片编号): a slide-number placeholder is on the slide; on a
    layout or master, its p:hf/@sldNum."""
    return _placeholder_visible(target, ctx, "sldNum")


@prop("slide.footer.visible", T.BOOL, kinds=SHEET_KINDS)
def footer_visible(target, ctx) -> Observation | None:
    """Footer shown (页脚): a footer placeholder is on the slide; on a layout or master, its
    p:hf/@ftr."""
    return _placeholder_visible(target, ctx, "ftr")


@prop("slide.date.visible", T.BOOL, kinds=SHEET_KINDS)
def date_visible(target, ctx) -> Observation | None:
    """Date and time shown (日期和时间): a date placeholder is on the slide; on a layout or
    master, its p:hf/@dt."""
    return _placeholder_visible(target, ctx, "dt")


def _date_field(target):
    """(is a field, shown text) of the date placeholder on the slide, layout or master;
    ``None`` without one."""
    shape = _placeholder_on(target.sheet, "dt")
    if shape is None or shape.tx_body is None:
        return None
    fields = [f for f in shape.tx_body.iter(a("fld"))
              if (f.get("type") or "").startswith("datetime")]
    return bool(fields), body_text(shape.tx_body).strip()


@prop("slide.date.kind", T.EnumType("date_kind"), kinds=SHEET_KINDS,
      plan=Plan("setting", mistake=cycled("field", "fixed")))
def date_kind(target, ctx) -> Observation | None:
    """Whether the date and time placeholder holds a date field that updates (自动更新: a
    datetime field) or fixed text (固定); no value without a date placeholder."""
    got = _date_field(target)
    if got is None:
        return None
    return Observation("field" if got[0] else "fixed", "direct")


@prop("slide.date.text", T.TEXT, kinds=SHEET_KINDS,
      plan=Plan("setting", mistake=mistyped))
def date_text(target, ctx) -> Observation | None:
    """The text the date and time placeholder shows (a field's last shown value, or the
    fixed text)."""
    got = _date_field(target)
    return Observation(got[1], "direct") if got is not None else None


@prop("slide.hide_background_graphics", T.BOOL, kinds=("slide", "layout"),
      plan=Plan("setting", mistake=flipped))
def hide_background_graphics(target, ctx) -> Observation | None:
    """Hide background graphics (隐藏背景图形): the master's (or layout's) shapes are not
    drawn on this slide or layout (showMasterSp="0"); false by default."""
    v = target.sheet.root.get("showMasterSp")
    if v is None:
        return None if ctx.direct else Observation(False, "default")
    return Observation(not on(v, True), "direct")


@binds("footer.text", kinds=SHEET_KINDS)
def footer_text(target, ctx) -> Observation | None:
    shape = _placeholder_on(target.sheet, "ftr")
    if shape is None:
        return None
    return Observation(body_text(shape.tx_body).strip(), "direct")


@prop("notes.text", T.TEXT, kinds=(SLIDE, "notes"))
def notes_text(target, ctx) -> Observation | None:
    """Text of the slide's speaker notes (备注)."""
    if isinstance(target, NotesTarget):
        return Observation(target.text, "direct")
    notes = target.notes
    if notes is None:
        return None
    return Observation(NotesTarget(target, notes).text, "direct")


# ------------------------------------------------------------------ the package
@binds("package.problems", kinds=PRES, read_only="found in the package's structure: write the part, relationship or order")
def package_problems(t, ctx):
    if t.kind != PRES:
        return None
    return Observation([str(p) for p in problems_of(t.doc)], "computed")


@binds("package.problem_count", kinds=PRES, read_only="found in the package's structure: write the part, relationship or order")
def package_problem_count(t, ctx):
    if t.kind != PRES:
        return None
    return Observation(len(problems_of(t.doc)), "computed")
