"""PowerPoint selector targets: the presentation, slides, layouts and masters, shapes (with
the kinds ``shape``, ``picture``, ``table``, ``chart``, ``smartart``, ``media`` depending on
the step that selected them), paragraphs, runs, table cells, animation effects and notes.

Locators name shapes by their name (``slide[2]/shape[name='Title 1']``, with ``[k]`` when a
name repeats) so the same shape pairs across the candidate, input and reference documents
even when other shapes were added.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lxml import etree

from officeeval.cache import cached_property, memo_table
from officeeval.ppt import tables
from officeeval.ppt.markup import a, body_text, first_child, paragraph_text, paragraphs, text_runs
from officeeval.ppt.shapes import Shape
from officeeval.ppt.sheets import Sheet
from officeeval.ppt.textstyle import TextChain, paragraph_chain
from officeeval.targets import Target
from officeeval.vocabulary import get as vocab

if TYPE_CHECKING:
    from officeeval.ppt.animations import Effect
    from officeeval.ppt.presentation import PptDocument

SHAPE_KINDS = frozenset({"shape", "picture", "table", "chart", "smartart", "media"})
# Placeholder types as rubric authors name them in [type='…'].
_PH_TYPE_NAMES = {"obj": ("obj", "content", "body", "object"), "body": ("body", "text"),
                  "subTitle": ("subTitle", "subtitle"), "ctrTitle": ("ctrTitle", "title",
                                                                     "center_title"),
                  "title": ("title",), "dt": ("dt", "date"), "ftr": ("ftr", "footer"),
                  "sldNum": ("sldNum", "slide_number", "slidenumber"),
                  "hdr": ("hdr", "header"), "pic": ("pic", "picture"),
                  "tbl": ("tbl", "table"), "chart": ("chart",), "dgm": ("dgm", "smartart"),
                  "media": ("media",), "clipArt": ("clipArt", "clipart"),
                  "sldImg": ("sldImg", "slide_image")}


def layout_names(sheet: Sheet | None) -> list[str]:
    """A layout's name plus the built-in names in both languages it is known by (so
    ``[layout='标题幻灯片']`` selects slides on a layout named "Title Slide")."""
    if sheet is None:
        return []
    names = [sheet.name]
    v = vocab("layout_type")
    token = v.canonical(sheet.name)
    if token:
        names += [token, *v.entries.get(token, ())]
    return names


class PresentationTarget(Target):
    kind = "presentation"

    def __init__(self, doc: "PptDocument") -> None:
        super().__init__(doc, "presentation")


class CustomShowTarget(Target):
    """A custom show (自定义放映), ``custom_show('名称')`` / ``custom_show[n]``."""

    kind = "custom_show"

    def __init__(self, doc: "PptDocument", show, index: int) -> None:
        super().__init__(doc, f"custom_show[{index}]")
        self.show = show

    def predicate_value(self, key: str) -> Any:
        return self.show.name if key in ("name", "text") else None


class SheetTarget(Target):
    """A layout or master (``kind`` ``layout`` / ``master``)."""

    def __init__(self, doc: "PptDocument", sheet: Sheet, locator: str) -> None:
        super().__init__(doc, locator)
        self.sheet = sheet
        self.kind = "master" if sheet.kind == "master" else "layout"

    def predicate_value(self, key: str) -> Any:
        if key in ("name", "layout"):
            return layout_names(self.sheet) if self.kind == "layout" else self.sheet.name
        if key == "type":
            return self.sheet.layout_type
        return None


class SlideTarget(Target):
    kind = "slide"

    def __init__(self, doc: "PptDocument", sheet: Sheet, index: int, slide_id: str) -> None:
        super().__init__(doc, f"slide[{index}]")
        self.sheet = sheet
        self.index = index
        self.slide_id = slide_id

    @cached_property
    def title_shape(self) -> Shape | None:
        for s in self.sheet.all_shapes():
            if s.is_title:
                return s
        return None

    @cached_property
    def title_text(self) -> str | None:
        # Kept like a paragraph's text: ``[title='…']`` asks it of every slide for every
        # selector naming a slide by its title.
        t = self.title_shape
        return body_text(t.tx_body).strip() if t is not None else None

    @cached_property
    def notes(self) -> Sheet | None:
        return self.doc.notes_sheet(self.sheet)  # type: ignore[attr-defined]

    def predicate_value(self, key: str) -> Any:
        if key == "layout":
            return layout_names(self.sheet.layout)
        if key in ("title", "text"):
            return self.title_text
        if key == "name":
            return self.sheet.name or None
        if key == "hidden":
            return "true" if self.sheet.hidden else "false"
        if key == "section":
            return self.doc.section_of(self.slide_id)  # type: ignore[attr-defined]
        return None


def shape_locator(owner_locator: str, shape: Shape, siblings: list[Shape]) -> str:
    """``owner_locator`` followed by the shape's step among ``siblings``: by name
    (``shape[name='Title 1']``, ``[k]`` when the name repeats), by position when it has
    none."""
    return f"{owner_locator}/{shape_steps(siblings)[id(shape)]}"


def shape_steps(siblings: list[Shape]) -> dict[int, str]:
    """id(shape) -> its locator step among ``siblings`` (a sheet's ``shapes`` or a group's
    ``children``: lists kept as long as their owner, so the ids are stable). Worked out for
    every sibling at once and kept with the list's owner: naming one shape compares the
    names of all of them."""
    if not siblings:
        return {}
    owner = siblings[0].parent if siblings[0].parent is not None else siblings[0].sheet
    kept = memo_table(owner, "_officeeval_shape_steps")
    found = kept.get(id(siblings))
    if found is None or found[0] is not siblings:
        counts: dict[str, int] = {}
        for s in siblings:
            counts[s.name] = counts.get(s.name, 0) + 1
        steps: dict[int, str] = {}
        seen: dict[str, int] = {}
        for i, s in enumerate(siblings, start=1):
            name = s.name
            if not name:
                steps[id(s)] = f"shape[{i}]"
            elif counts[name] == 1:
                steps[id(s)] = f"shape[name={name!r}]"
            else:
                k = seen[name] = seen.get(name, 0) + 1
                steps[id(s)] = f"shape[name={name!r}][{k}]"
        found = kept[id(siblings)] = (siblings, steps)
    return found[1]


class ShapeTarget(Target):
    """A shape. ``kind`` is ``shape`` unless the selecting step names a content kind
    (``picture``, ``table``, ``chart``, ``smartart``, ``media``)."""

    def __init__(self, doc: "PptDocument", shape: Shape, locator: str, kind: str = "shape"
                 ) -> None:
        super().__init__(doc, locator)
        self.shape = shape
        self.kind = kind

    @cached_property
    def text(self) -> str:
        from officeeval.ppt import content
        return content.shape_text(self.shape)

    @cached_property
    def paragraphs(self) -> list["ParagraphTarget"]:
        body = self.shape.tx_body
        return [ParagraphTarget(self, el, i, body) for i, el in
                enumerate(paragraphs(body), start=1)]

    @cached_property
    def cells(self) -> list["CellTarget"]:
        """A table's cells row by row (merge continuations included); ``[]`` otherwise."""
        from officeeval.ppt import tables
        tbl = tables.table_element(self.shape) if self.shape.kind == "table" else None
        if tbl is None:
            return []
        return [CellTarget(self, c.el, c.row, c.col) for c in tables.cells(tbl)]

    def predicate_value(self, key: str) -> Any:
        s = self.shape
        if key == "name":
            return s.name
        if key == "text":
            return self.text
        if key == "type":
            out = [s.kind]
            if s.placeholder is not None:
                out += list(_PH_TYPE_NAMES.get(s.placeholder.type, (s.placeholder.type,)))
            if s.geometry:
                out.append(s.geometry)
            return out
        if key == "id":
            return s.id
        return None


class ParagraphTarget(Target):
    kind = "paragraph"

    def __init__(self, owner: "ShapeTarget | CellTarget", el: etree._Element, index: int,
                 tx_body: etree._Element | None) -> None:
        super().__init__(owner.doc, f"{owner.locator}/paragraph[{index}]")
        self.owner = owner
        self.shape: Shape = owner.shape
        self.el = el
        self.index = index
        self.tx_body = tx_body

    @cached_property
    def text(self) -> str:
        return paragraph_text(self.el)

    @cached_property
    def runs(self) -> list["RunTarget"]:
        return [RunTarget(self, r, i) for i, r in enumerate(text_runs(self.el), start=1)]

    def text_runs(self) -> list["RunTarget"]:
        """Runs that show visible characters (formatting is judged on these)."""
        return [r for r in self.runs if r.text.strip()]

    def mark_chain(self) -> TextChain:
        return self._mark_chain

    @cached_property
    def _mark_chain(self) -> TextChain:
        return paragraph_chain(self.shape, self.el, None, self.tx_body, self.text)

    def predicate_value(self, key: str) -> Any:
        if key == "text":
            return self.text
        if key == "level":
            from officeeval.ppt.textstyle import paragraph_level
            return str(paragraph_level(self.el) + 1)
        return None


class RunTarget(Target):
    kind = "run"

    def __init__(self, paragraph: ParagraphTarget, el: etree._Element, index: int) -> None:
        super().__init__(paragraph.doc, f"{paragraph.locator}/run[{index}]")
        self.paragraph = paragraph
        self.el = el
        self.index = index

    @cached_property
    def text(self) -> str:
        t = first_child(self.el, a("t"))
        return (t.text or "") if t is not None else ""

    def chain(self) -> TextChain:
        return self._chain

    @cached_property
    def _chain(self) -> TextChain:
        par = self.paragraph
        return paragraph_chain(par.shape, par.el, self.el, par.tx_body, self.text)

    def predicate_value(self, key: str) -> Any:
        return self.text if key == "text" else None


class CellTarget(Target):
    """A table cell (1-based row and column; merged continuation cells are included)."""

    kind = "cell"

    def __init__(self, table: ShapeTarget, el: etree._Element, row: int, col: int) -> None:
        super().__init__(table.doc, f"{table.locator}/cell({row},{col})")
        self.table = table
        self.shape = table.shape
        self.el = el
        self.row = row
        self.col = col

    @cached_property
    def tx_body(self) -> etree._Element | None:
        return first_child(self.el, a("txBody"))

    @property
    def text(self) -> str:
        return body_text(self.tx_body)

    @cached_property
    def paragraphs(self) -> list[ParagraphTarget]:
        return [ParagraphTarget(self, el, i, self.tx_body) for i, el in
                enumerate(paragraphs(self.tx_body), start=1)]

    def predicate_value(self, key: str) -> Any:
        return self.text if key == "text" else None


class AnimationTarget(Target):
    kind = "animation"

    def __init__(self, slide: SlideTarget, effect: "Effect", index: int) -> None:
        super().__init__(slide.doc, f"{slide.locator}/animation[{index}]")
        self.slide = slide
        self.effect = effect
        self.index = index

    @cached_property
    def target_shape(self) -> Shape | None:
        return self.slide.sheet.shape_by_id(self.effect.shape_id) \
            if self.effect.shape_id else None

    def predicate_value(self, key: str) -> Any:
        e = self.effect
        if key == "target":
            s = self.target_shape
            return [s.name, body_text(s.tx_body)] if s is not None else None
        if key in ("effect", "type"):
            return [e.effect, e.preset_class] if e.effect else e.preset_class
        if key == "class":
            return e.preset_class
        if key == "trigger":
            return e.trigger
        return None


class NotesTarget(Target):
    kind = "notes"

    def __init__(self, slide: SlideTarget, sheet: Sheet) -> None:
        super().__init__(slide.doc, f"{slide.locator}/notes")
        self.slide = slide
        self.sheet = sheet

    @cached_property
    def body_shape(self) -> Shape | None:
        for s in self.sheet.all_shapes():
            if s.placeholder is not None and s.placeholder.type == "body":
                return s
        return None

    @property
    def text(self) -> str:
        s = self.body_shape
        return body_text(s.tx_body).strip() if s is not None else ""

    def predicate_value(self, key: str) -> Any:
        return self.text if key == "text" else None


def text_paragraphs(target: Target) -> list[ParagraphTarget]:
    """The paragraphs a target's text formatting is judged on: its own, a cell's, a
    shape's (a table's: those of its cells, merged-away cells left out); none for another
    target."""
    if isinstance(target, ParagraphTarget):
        return [target]
    if isinstance(target, CellTarget):
        return target.paragraphs
    if isinstance(target, ShapeTarget):
        if target.shape.tx_body is not None:
            return target.paragraphs
        if target.shape.kind == "table":
            tbl = tables.table_element(target.shape)
            merged = {(c.row, c.col) for c in tables.cells(tbl) if c.merged_into} \
                if tbl is not None else set()
            return [par for cell in target.cells if (cell.row, cell.col) not in merged
                    for par in cell.paragraphs]
    return []
