"""Sheets: slides, slide layouts, slide masters, notes slides and the notes master — every
part with a ``p:cSld`` shape tree — and the inheritance between them.

The chain is found through relationships only: slide -> slideLayout -> slideMaster -> theme,
notesSlide -> notesMaster -> theme. Placeholders are matched the way PowerPoint matches them
(``match_placeholder``): a slide placeholder to its layout placeholder by ``idx`` first, then
by type with the body/object/subtitle fallbacks; a layout placeholder to the master's by type
(titles to the title, header/footer types to themselves, everything else to the body).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from lxml import etree

from officeeval.cache import memo_value
from officeeval.cache import cached_property
from officeeval.errors import PackageError
from officeeval.ooxml.drawingml import color_value
from officeeval.ooxml.shared_trees import SHARED_TREES
from officeeval.ooxml.theme import Theme, read_theme
from officeeval.ppt.markup import a, first_child, on, p
from officeeval.ppt.shapes import (
    HEADER_FOOTER_TYPES, TITLE_TYPES, Box, Placeholder, Shape, absolute_box, build_shapes,
    placeholder_index,
)

if TYPE_CHECKING:
    from officeeval.ppt.presentation import PptDocument

_ROOTS = {p("sld"): "slide", p("sldLayout"): "layout", p("sldMaster"): "master",
          p("notes"): "notes", p("notesMaster"): "notesMaster",
          p("handoutMaster"): "handoutMaster"}
MASTER_KINDS = frozenset({"master", "notesMaster", "handoutMaster"})
_PARENT_REL = {"slide": "slideLayout", "layout": "slideMaster", "notes": "notesMaster"}
# What each kind's parent must be: the chain only climbs, so a relationship that points
# sideways or back (a layout whose "master" is itself, a slide whose layout is a slide) ends
# the chain instead of looping through every inherited property.
_PARENT_KINDS = {"slide": frozenset({"layout"}), "layout": frozenset({"master"}),
                 "notes": frozenset({"notesMaster"})}
# Default p:clrMap of Office masters, for a master that lacks one.
DEFAULT_CLR_MAP = {"bg1": "lt1", "tx1": "dk1", "bg2": "lt2", "tx2": "dk2",
                   "accent1": "accent1", "accent2": "accent2", "accent3": "accent3",
                   "accent4": "accent4", "accent5": "accent5", "accent6": "accent6",
                   "hlink": "hlink", "folHlink": "folHlink"}

# Fallback chains when a layout has no placeholder of the slide placeholder's type.
_LAYOUT_TYPE_FALLBACK = {"ctrTitle": ("ctrTitle", "title"), "title": ("title", "ctrTitle"),
                         "subTitle": ("subTitle", "body", "obj"), "obj": ("obj", "body"),
                         "body": ("body", "obj")}


def _master_type(ph_type: str) -> str:
    if ph_type in TITLE_TYPES:
        return "title"
    if ph_type in HEADER_FOOTER_TYPES:
        return ph_type
    return "body"


class Sheet:
    """A slide, layout, master, notes slide or notes master.

    Raises ``PackageError`` on construction when the part is not one of those.
    """

    def __init__(self, doc: "PptDocument", part: str) -> None:
        self.doc = doc
        self.part = part
        # options["shared_trees"] (set while grading): slides, layouts, masters and themes
        # with bytes identical to an earlier document's share its read-only tree.
        self.shared = bool(getattr(doc, "options", {}).get("shared_trees"))
        self.root = doc.package.xml(part, self.shared)
        kind = _ROOTS.get(self.root.tag)
        if kind is None:
            raise PackageError("malformed_xml", f"{part} is not a slide, layout or master "
                               f"(root {self.root.tag})", part=part)
        self.kind = kind
        self.c_sld = first_child(self.root, p("cSld"))

    # ------------------------------------------------------------------ identity
    @property
    def name(self) -> str:
        return (self.c_sld.get("name") or "") if self.c_sld is not None else ""

    @property
    def layout_type(self) -> str | None:
        """``p:sldLayout/@type`` (``None`` when absent: PowerPoint then treats it as
        ``cust``)."""
        return self.root.get("type") if self.kind == "layout" else None

    # ------------------------------------------------------------------ chain
    @cached_property
    def parent(self) -> "Sheet | None":
        rel = _PARENT_REL.get(self.kind)
        if rel is None:
            return None
        target = self.doc.package.related_one(self.part, rel)
        # A relationship naming a part of another kind (a theme, the slide itself) is no
        # parent: a hostile package must not make the chain loop or the open fail.
        if not target:
            return None
        # A parent is a template part (a layout, a master): every output of a task carries
        # its template's, so it is shared however small (with the placeholders and text
        # styles read from it).
        if _ROOTS.get(self.doc.package.xml(target, self.shared, any_size=True).tag) not in \
                _PARENT_KINDS[self.kind]:
            return None
        return self.doc.sheet(target)

    @cached_property
    def master(self) -> "Sheet | None":
        """The master at the top of this sheet's chain (itself for a master)."""
        if self.kind in MASTER_KINDS:
            return self
        sheet, hops = self.parent, 0
        while sheet is not None and sheet.kind not in MASTER_KINDS and hops < 4:
            sheet, hops = sheet.parent, hops + 1
        return sheet if sheet is not None and sheet.kind in MASTER_KINDS else None

    @cached_property
    def layout(self) -> "Sheet | None":
        if self.kind == "layout":
            return self
        if self.kind == "slide":
            return self.parent
        return None

    @cached_property
    def theme_root(self) -> etree._Element | None:
        m = self.master
        if m is None:
            return None
        return self.doc.package.xml_or_none(self.doc.package.related_one(m.part, "theme"),
                                            self.shared, any_size=True)

    @cached_property
    def theme(self) -> Theme:
        """The theme of this sheet's master (an empty ``Theme`` when there is none)."""
        if self.master is None:
            return Theme()
        if self.master is not self:
            return self.master.theme
        root = self.theme_root
        if root is None or not self.shared:
            return read_theme(root)
        # A shared theme tree (equal bytes: every output of a task has its template's
        # theme) is read once per process; the Theme is only ever read.
        return SHARED_TREES.derived(root, "ppt.theme", lambda: read_theme(root))

    @cached_property
    def clr_map(self) -> dict[str, str]:
        """Scheme name -> theme slot for text and fills shown on this sheet: the master's
        ``p:clrMap``, overridden by a layout's or slide's ``p:clrMapOvr``."""
        if self.kind in MASTER_KINDS:
            el = first_child(self.root, p("clrMap"))
            return _clr_map(el) if el is not None else dict(DEFAULT_CLR_MAP)
        ovr = first_child(self.root, p("clrMapOvr"))
        if ovr is not None:
            o = first_child(ovr, a("overrideClrMapping"))
            if o is not None:
                return _clr_map(o)
        if self.parent is not None:
            return self.parent.clr_map
        return dict(DEFAULT_CLR_MAP)

    def scheme_color(self, name: str) -> str | None:
        """RGB of a scheme color name as seen on this sheet (``tx1`` through the color
        map; ``accent1`` … and ``dk1``/``lt1`` directly). ``None`` when unknown."""
        slot = self.clr_map.get(name, name)
        return self.theme.color(slot)

    def color(self, el: etree._Element | None, placeholder: str | None = None) -> str | None:
        """RGB of a DrawingML color element as seen on this sheet."""
        return color_value(el, self.scheme_color, placeholder)

    # ------------------------------------------------------------------ shapes
    @cached_property
    def sp_tree(self) -> etree._Element | None:
        return first_child(self.c_sld, p("spTree")) if self.c_sld is not None else None

    @cached_property
    def shapes(self) -> list[Shape]:
        """Top-level shapes in z-order."""
        return build_shapes(self, self.sp_tree)

    def all_shapes(self) -> list[Shape]:
        """Every shape, groups followed by their members (depth first). The list is kept
        (like ``shapes``): callers must not change it."""
        return self._all_shapes

    @cached_property
    def _all_shapes(self) -> list[Shape]:
        return [s for top in self.shapes for s in top.walk()]

    @cached_property
    def placeholders(self) -> list[Shape]:
        return [s for s in self.all_shapes() if s.placeholder is not None]

    @cached_property
    def placeholder_index(self) -> list[tuple[tuple[int, ...], Placeholder]]:
        """(path, placeholder) of every placeholder shape, in ``placeholders`` order
        (``shapes.placeholder_index``); read once per process for a shared tree (a task's
        layouts and masters are the same in every document)."""
        sp_tree = self.sp_tree
        if not self.shared:
            return placeholder_index(sp_tree)
        return SHARED_TREES.derived(self.root, "ppt.placeholder_index",
                                    lambda: placeholder_index(sp_tree))

    def shape_at(self, path: tuple[int, ...]) -> Shape:
        """The shape at ``path`` (``placeholder_index``): the same object ``all_shapes``
        holds. Raises ``IndexError`` for a path this sheet does not have."""
        shape = self.shapes[path[0]]
        for i in path[1:]:
            shape = shape.children[i]
        return shape

    def shape_by_id(self, shape_id: str) -> Shape | None:
        """The first shape (in ``all_shapes`` order) with this ``p:cNvPr/@id``."""
        return self._by_id.get(shape_id)

    @cached_property
    def _by_id(self) -> dict[str, Shape]:
        out: dict[str, Shape] = {}
        for s in self.all_shapes():
            out.setdefault(s.id, s)
        return out

    # ------------------------------------------------------------------ visibility flags
    @property
    def hidden(self) -> bool:
        return not on(self.root.get("show"), True)

    @cached_property
    def header_footer(self) -> etree._Element | None:
        """``p:hf`` on a layout or master (which header/footer placeholders are on)."""
        return first_child(self.root, p("hf"))

    # ------------------------------------------------------------------ background
    @cached_property
    def background(self) -> etree._Element | None:
        """This sheet's own ``p:bg`` (``None`` when it inherits)."""
        return first_child(self.c_sld, p("bg")) if self.c_sld is not None else None

    def effective_background(self) -> tuple[etree._Element, "Sheet"] | None:
        """The ``p:bg`` in force and the sheet that defines it: this sheet's, else its
        layout's, else its master's."""
        sheet: Sheet | None = self
        hops = 0
        while sheet is not None and hops < 4:
            if sheet.background is not None:
                return sheet.background, sheet
            sheet = sheet.parent
            hops += 1
        return None


def _clr_map(el: etree._Element) -> dict[str, str]:
    out = dict(DEFAULT_CLR_MAP)
    for k, v in el.attrib.items():
        if "}" not in k and v:
            out[k] = v
    return out


def match_placeholder(ph: Placeholder, candidates: list[Shape], to_master: bool
                      ) -> Shape | None:
    """The placeholder in ``candidates`` (a layout's or master's) that ``ph`` inherits
    from; ``None`` when none matches."""
    with_ph = [c for c in candidates if c.placeholder is not None]
    if not to_master and ph.idx is not None:
        for c in with_ph:
            cidx = c.placeholder.idx if c.placeholder.idx is not None else 0
            if cidx == ph.idx:
                return c
    wanted = (_master_type(ph.type),) if to_master else _LAYOUT_TYPE_FALLBACK.get(
        ph.type, (ph.type,))
    for t in wanted:
        for c in with_ph:
            if c.placeholder.type == t:
                return c
    if to_master and ph.idx is not None:
        for c in with_ph:
            if c.placeholder.idx == ph.idx:
                return c
    return None


def _match_index(ph: Placeholder, index: list[tuple[tuple[int, ...], Placeholder]],
                 to_master: bool) -> tuple[int, ...] | None:
    """``match_placeholder`` over a sheet's ``placeholder_index``: the path of the
    placeholder ``ph`` inherits from, by the same rules in the same order."""
    if not to_master and ph.idx is not None:
        for path, c in index:
            if (c.idx if c.idx is not None else 0) == ph.idx:
                return path
    wanted = (_master_type(ph.type),) if to_master else _LAYOUT_TYPE_FALLBACK.get(
        ph.type, (ph.type,))
    for t in wanted:
        for path, c in index:
            if c.type == t:
                return path
    if to_master and ph.idx is not None:
        for path, c in index:
            if c.idx == ph.idx:
                return path
    return None


def _matched(ph: Placeholder, sheet: "Sheet", to_master: bool) -> Shape | None:
    """The placeholder shape of ``sheet`` (a layout or master) that ``ph`` inherits from;
    kept per sheet by placeholder (a deck asks the same few of every slide)."""
    kept = memo_value(sheet, "_officeeval_ph_matches", dict)
    key = (ph, to_master)
    if key not in kept:
        path = _match_index(ph, sheet.placeholder_index, to_master)
        kept[key] = sheet.shape_at(path) if path is not None else None
    return kept[key]


def inherited_placeholders(shape: Shape) -> list[Shape]:
    """The layout and master placeholders a placeholder shape inherits from, nearest
    first (empty for a shape that is not a placeholder)."""
    return memo_value(shape, "_officeeval_inherited", lambda: _inherited(shape))


def _inherited(shape: Shape) -> list[Shape]:
    ph = shape.placeholder
    if ph is None:
        return []
    out: list[Shape] = []
    sheet = shape.sheet
    current_ph = ph
    if sheet.kind == "slide":
        layout = sheet.parent
        if layout is not None:
            found = _matched(current_ph, layout, to_master=False)
            if found is not None:
                out.append(found)
                current_ph = found.placeholder or current_ph
            master = layout.parent
            if master is not None:
                m = _matched(current_ph, master, to_master=True)
                if m is not None:
                    out.append(m)
    elif sheet.kind in ("layout", "notes"):
        master = sheet.parent
        if master is not None:
            m = _matched(ph, master, to_master=True)
            if m is not None:
                out.append(m)
    return out


def effective_box(shape: Shape) -> tuple[Box, str] | None:
    """The shape's box in sheet coordinates (EMU) and where it came from: its own
    transform (``direct``), else the inherited placeholder's (``layout``/``master``)."""
    if shape.own_box is not None:
        return absolute_box(shape, shape.own_box), "direct"
    for anc in inherited_placeholders(shape):
        if anc.own_box is not None:
            return absolute_box(anc, anc.own_box), anc.sheet.kind
    return None


def box_component(shape: Shape, index: int) -> tuple[float, str] | None:
    """One of x, y, cx, cy (``index`` 0..3, EMU, sheet coordinates) and its source. A
    transform written partly (python-pptx writes ``a:ext`` alone when a placeholder is
    resized) gives the parts it has; the rest comes from the inherited placeholder."""
    full = effective_box(shape)
    if full is not None and full[1] == "direct":
        return (full[0].x, full[0].y, full[0].cx, full[0].cy)[index], "direct"
    partial = shape.partial_box
    if partial[index] is not None and shape.parent is None:
        return partial[index], "direct"  # type: ignore[return-value]
    if full is None:
        return None
    return (full[0].x, full[0].y, full[0].cx, full[0].cy)[index], full[1]
