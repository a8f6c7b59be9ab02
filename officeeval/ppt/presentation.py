"""The PowerPoint document view: slides in ``p:sldIdLst`` order found through relationships
(never by part name), masters and their layouts, notes, sections, slide size, slide-show
settings and the presentation-wide default text style.

Opening parses ``presentation.xml`` and every slide, layout and master part eagerly so that a
malformed core part makes the document ``invalid_package`` at open time rather than halfway
through grading.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from lxml import etree

from officeeval.backends import NO_BACKENDS, Backends
from officeeval.cache import cached_property
from officeeval.errors import PackageError
from officeeval.ooxml.package import Package
from officeeval.ooxml.units import to_float
from officeeval.ppt.markup import P14, R_ID, first_child, on, p
from officeeval.ppt.sheets import Sheet

SECTION_EXT_URI = "{521415D9-36F7-43E2-AB2F-B90AF26B5E84}"


@dataclass(frozen=True)
class SlideSize:
    """The slide size in points and ``p:sldSz/@type`` (``screen16x9``, ``A4`` … or
    ``""``)."""

    width: float
    height: float
    type: str = ""

    def __str__(self) -> str:
        from officeeval.ppt.slide_size import describe
        return describe(self)


class PptDocument:
    """An opened .pptx. Raises ``PackageError`` when the main part is not a presentation or
    a slide, layout or master part is malformed."""

    app = "ppt"

    def __init__(self, package: Package, path: str, options: dict[str, Any] | None = None,
                 backends: Backends = NO_BACKENDS) -> None:
        self.package = package
        self.path = path
        self.options = options or {}
        self.backends = backends
        self.main = package.main_part
        self.root_el = package.main_root(p("presentation"), "a p:presentation")
        self._sheets: dict[str, Sheet] = {}
        # Parse the parts every grade needs now, so a malformed one fails at open time.
        for sheet in self.slide_sheets:
            _ = sheet.layout, sheet.master
        for master in self.masters:
            _ = master.theme

    # ------------------------------------------------------------------ protocol
    def root(self):
        return self._root

    @cached_property
    def _root(self):
        from officeeval.ppt.targets import PresentationTarget
        return PresentationTarget(self)

    def theme_color(self, slot: str) -> str | None:
        """RGB of a theme slot in the first master's theme (rubric colors like
        ``accent1`` compare against it)."""
        return self.masters[0].theme.color(slot) if self.masters else None

    def close(self) -> None:
        self.package.close()

    # ------------------------------------------------------------------ parts
    def sheet(self, part: str) -> Sheet:
        """The ``Sheet`` of a slide/layout/master part, built once. Raises
        ``PackageError`` for a part that is none of those."""
        key = part.lower()
        found = self._sheets.get(key)
        if found is None:
            found = Sheet(self, part)
            self._sheets[key] = found
        return found

    def _id_list(self, list_tag: str, item_tag: str) -> list[str]:
        lst = self.root_el.find(p(list_tag))
        out: list[str] = []
        if lst is None:
            return out
        seen: set[str] = set()
        for item in lst.findall(p(item_tag)):
            part = self.package.target(self.main, item.get(R_ID))
            if part and part.lower() not in seen:
                seen.add(part.lower())
                out.append(part)
        return out

    @cached_property
    def slide_parts(self) -> list[str]:
        """Slide part names in show order (``p:sldIdLst``); dangling ids are skipped."""
        return self._id_list("sldIdLst", "sldId")

    @cached_property
    def slide_ids(self) -> list[str]:
        """The ``p:sldId/@id`` of each listed slide, aligned with ``slide_parts``."""
        lst = first_child(self.root_el, p("sldIdLst"))
        out: list[str] = []
        if lst is None:
            return out
        seen: set[str] = set()
        for item in lst.findall(p("sldId")):
            part = self.package.target(self.main, item.get(R_ID))
            if part and part.lower() not in seen:
                seen.add(part.lower())
                out.append(item.get("id") or "")
        return out

    @cached_property
    def slide_sheets(self) -> list[Sheet]:
        return [self.sheet(part) for part in self.slide_parts]

    @cached_property
    def masters(self) -> list[Sheet]:
        """Slide masters in ``p:sldMasterIdLst`` order (ids naming other parts skipped)."""
        return [self.sheet(part) for part in self._id_list("sldMasterIdLst", "sldMasterId")
                if self.package.xml(part).tag == p("sldMaster")]

    @cached_property
    def layouts(self) -> list[Sheet]:
        """Every layout of every master, in each master's ``p:sldLayoutIdLst`` order."""
        out: list[Sheet] = []
        seen: set[str] = set()
        for master in self.masters:
            lst = first_child(master.root, p("sldLayoutIdLst"))
            if lst is None:
                continue
            for item in lst.findall(p("sldLayoutId")):
                part = self.package.target(master.part, item.get(R_ID))
                if part and part.lower() not in seen and \
                        self.package.xml(part).tag == p("sldLayout"):
                    seen.add(part.lower())
                    out.append(self.sheet(part))
        return out

    def notes_sheet(self, slide: Sheet) -> Sheet | None:
        """The slide's notes page (``None`` when it has none)."""
        part = self.package.related_one(slide.part, "notesSlide")
        return self.sheet(part) if part else None

    # ------------------------------------------------------------------ presentation-wide
    @cached_property
    def slide_size(self) -> SlideSize | None:
        """``p:sldSz`` in points; ``None`` when absent or unparsable."""
        el = first_child(self.root_el, p("sldSz"))
        if el is None:
            return None
        cx, cy = to_float(el.get("cx")), to_float(el.get("cy"))
        if not cx or not cy or cx <= 0 or cy <= 0:
            return None
        return SlideSize(cx / 12700.0, cy / 12700.0, el.get("type") or "")

    @cached_property
    def default_text_style(self) -> etree._Element | None:
        return first_child(self.root_el, p("defaultTextStyle"))

    @cached_property
    def pres_props(self) -> etree._Element | None:
        return self.package.xml_or_none(self.package.related_one(self.main, "presProps"))

    @cached_property
    def table_styles(self) -> etree._Element | None:
        return self.package.xml_or_none(self.package.related_one(self.main, "tableStyles"))

    @cached_property
    def sections(self) -> list[tuple[str, list[str]]]:
        """``p14:sectionLst``: (section name, slide ids) in order; empty without
        sections."""
        ext_lst = first_child(self.root_el, p("extLst"))
        if ext_lst is None:
            return []
        for ext in ext_lst.findall(p("ext")):
            lst = ext.find(f"{{{P14}}}sectionLst")
            if lst is None:
                continue
            out = []
            for sec in lst.findall(f"{{{P14}}}section"):
                ids_el = sec.find(f"{{{P14}}}sldIdLst")
                ids = [i.get("id") or "" for i in ids_el.findall(f"{{{P14}}}sldId")] \
                    if ids_el is not None else []
                out.append((sec.get("name") or "", ids))
            return out
        return []

    def section_of(self, slide_id: str) -> str | None:
        """The name of the section holding the slide with ``p:sldId/@id`` ``slide_id``."""
        for name, ids in self.sections:
            if slide_id in ids:
                return name
        return None

    @cached_property
    def show_settings(self) -> etree._Element | None:
        """``p:presentationPr/p:showPr`` (``None`` when presProps has none)."""
        return first_child(self.pres_props, p("showPr")) if self.pres_props is not None else None

    @property
    def loop(self) -> bool | None:
        sp = self.show_settings
        return on(sp.get("loop"), False) if sp is not None else None

    @property
    def show_type(self) -> str | None:
        """``speaker``, ``kiosk`` or ``browsed``; ``None`` without ``p:showPr``."""
        sp = self.show_settings
        if sp is None:
            return None
        if first_child(sp, p("kiosk")) is not None:
            return "kiosk"
        if first_child(sp, p("browse")) is not None:
            return "browsed"
        return "speaker"

    # ------------------------------------------------------------------ targets
    @cached_property
    def slides(self):
        """Slide targets in show order."""
        from officeeval.ppt.targets import SlideTarget
        return [SlideTarget(self, sheet, i, sid) for i, (sheet, sid) in enumerate(
            zip(self.slide_sheets, self.slide_ids), start=1)]

    @cached_property
    def layout_targets(self):
        from officeeval.ppt.targets import SheetTarget
        return [SheetTarget(self, s, f"layout[{i}]") for i, s in enumerate(self.layouts, 1)]

    @cached_property
    def master_targets(self):
        from officeeval.ppt.targets import SheetTarget
        return [SheetTarget(self, s, f"master[{i}]") for i, s in enumerate(self.masters, 1)]

    def slide_number_of(self, part: str | None) -> int | None:
        """1-based show position of a slide part (``None`` when not listed)."""
        if not part:
            return None
        low = part.lower()
        for i, name in enumerate(self.slide_parts, start=1):
            if name.lower() == low:
                return i
        return None
