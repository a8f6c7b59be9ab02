"""The applications: one ``AppSpec`` per Office application, everything the engine knows of it.

An application is a unit: the file extensions it writes, the view class that reads its
package, the modules that define its properties (each a ``PropertySet`` of decorated
resolvers) and their writers (imported when first asked for), its selector steps, its vocabularies, the kind of the target a
rubric without a selector checks, and the targets ``inspect`` walks. Everything that used to
be a table keyed by app name goes through ``app(name)``; an unknown name is an error, never
an empty table. A table whose values belong to a layer above this one (the draft's, the
runner's) is read through ``by_app(table, name)``, which raises as ``app`` does: no code
outside this module and the format packages compares an app's name
(``tests/test_app_switch.py``).

Adding an application is one ``AppSpec`` here. Adding a property is one decorated resolver
(and its writer) in a module already listed here; a new module is added to the tuple of its
app.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from officeeval.properties.define import PropertySet
    from officeeval.properties.writing import WriterSet
    from officeeval.selectors.registry import StepTable
    from officeeval.targets import Document


@dataclass(frozen=True)
class AppSpec:
    """One application, named by the modules that hold it: its view class, property sets,
    writers, selector steps and vocabularies are imported when first read, so a process
    that grades Word documents never loads PowerPoint's or Excel's code
    (``tests/cli/test_cli_startup.py``). ``view(package, path, options)`` opens its
    documents; ``root_kind`` is the kind of the target a check without a selector reads;
    ``standard_targets`` are the selectors ``inspect`` resolves every property on;
    ``recalculates``: its documents hold formulas the recalculation backend computes (a
    batch starts the shared LibreOffice service for them). Reading a lazy field raises
    ``ImportError`` (or ``AttributeError``) only for a spec that names a missing module or
    name: a programming error, caught by the tests."""

    name: str
    title: str
    extensions: tuple[str, ...]
    view_name: str  # "module:Class"
    root_kind: str
    property_modules: tuple[str, ...]  # each module's PROPERTIES
    steps_module: str  # its STEPS
    vocabulary_module: str
    layout_module: str  # the property module the layout backend answers (read-only)
    standard_targets: tuple[str, ...]
    recalculates: bool = False
    # Property modules without a WriterSet besides the layout module: their writers are
    # declared on their definitions (PowerPoint's charts, ``properties.charts``).
    writerless: tuple[str, ...] = ()

    @property
    def extension(self) -> str:
        """The extension of the documents it writes (``.docx``)."""
        return self.extensions[0]

    @cached_property
    def view(self) -> "type[Document]":
        module, _, cls = self.view_name.partition(":")
        return getattr(importlib.import_module(module), cls)

    @cached_property
    def properties(self) -> "tuple[PropertySet, ...]":
        """Its property sets, in catalog order (imported on first read)."""
        return tuple(importlib.import_module(m).PROPERTIES for m in self.property_modules)

    @cached_property
    def steps(self) -> "StepTable":
        return importlib.import_module(self.steps_module).STEPS

    @cached_property
    def vocabulary(self) -> ModuleType:
        return importlib.import_module(self.vocabulary_module)

    def has_step(self, name: str) -> bool:
        """Whether its selectors have the step ``name`` (``slide``, ``sheet``): what code
        that applies to one kind of target asks instead of the application's name."""
        return name in self.steps

    @property
    def writer_modules(self) -> tuple[str, ...]:
        """The property modules that register writers (each module's ``WRITERS``)."""
        return tuple(m for m in self.property_modules
                     if m != self.layout_module and m not in self.writerless)

    @property
    def writers(self) -> "tuple[WriterSet, ...]":
        """The writer sets of ``writer_modules`` (each module's ``WRITERS``), imported on
        first use: grading reads documents and never loads the code that edits them."""
        return tuple(importlib.import_module(m).WRITERS for m in self.writer_modules)


def _modules(package: str, names: str) -> tuple[str, ...]:
    return tuple(f"officeeval.{package}.{n}" for n in names.split())


WORD = AppSpec(
    name="word", title="Word", extensions=(".docx",),
    view_name="officeeval.word.document:WordDocument", root_kind="document",
    property_modules=_modules("word", """resolvers props_font props_numbering props_paragraph
        props_page props_section props_headers props_table props_cells props_objects
        props_fields props_notes props_document props_watermark props_chart tab_stops
        page_breaks props_layout"""),
    steps_module="officeeval.selectors.word", vocabulary_module="officeeval.vocabulary.word",
    layout_module="officeeval.word.props_layout",
    standard_targets=("document", "section", "paragraph", "table", "header", "footer",
                      "image", "textbox", "field", "footnote", "hyperlink"),
)

EXCEL = AppSpec(
    name="excel", title="Excel", extensions=(".xlsx",),
    view_name="officeeval.excel.workbook:ExcelDocument", root_kind="workbook",
    property_modules=_modules("excel", """resolve_cells resolve_cell_format resolve_workbook
        resolve_sheets resolve_sort_filter resolve_print resolve_rows_columns resolve_objects
        resolve_pivots resolve_tables resolve_rules resolve_validation resolve_layout"""),
    steps_module="officeeval.selectors.excel", vocabulary_module="officeeval.vocabulary.excel",
    layout_module="officeeval.excel.resolve_layout",
    standard_targets=("workbook", "sheet", "chart", "pivot", "table", "conditional_format",
                      "validation", "name", "sheet/A1:E10", "sheet/column", "sheet/row"),
    recalculates=True,
)

PPT = AppSpec(
    name="ppt", title="PowerPoint", extensions=(".pptx",),
    view_name="officeeval.ppt.presentation:PptDocument", root_kind="presentation",
    property_modules=_modules("ppt", """resolvers_text resolvers_presentation resolvers_slide
        resolvers_design resolvers_theme resolvers_timing resolvers_shape resolvers_table
        resolvers_smartart resolvers_link resolvers_chart resolvers_show resolvers_layout"""),
    steps_module="officeeval.selectors.ppt", vocabulary_module="officeeval.vocabulary.ppt",
    layout_module="officeeval.ppt.resolvers_layout",
    writerless=("officeeval.ppt.resolvers_chart",),
    standard_targets=("presentation", "slide", "slide/shape", "slide/animation", "layout",
                      "master", "slide/table", "slide/table/cell", "slide/chart",
                      "slide/smartart", "slide/picture", "slide/paragraph", "slide/notes"),
)

APPS: dict[str, AppSpec] = {a.name: a for a in (WORD, EXCEL, PPT)}


def names() -> tuple[str, ...]:
    """The application names, in catalog order (``word``, ``excel``, ``ppt``)."""
    return tuple(APPS)


def app(name: str) -> AppSpec:
    """The application called ``name``; raises ``KeyError`` naming the known ones."""
    try:
        return APPS[name]
    except KeyError:
        raise KeyError(f"unknown app {name!r} (known: {', '.join(APPS)})") from None


T = TypeVar("T")


def by_app(table: Mapping[str, T], name: str) -> T:
    """``table[name]`` for a table keyed by app name that cannot hang off ``AppSpec`` (its
    values belong to a layer above this one). Raises ``KeyError`` naming the known apps
    when ``name`` is not one, or when the table has no entry for it: a switch on the
    application never falls back to one of them."""
    try:
        return table[name]
    except KeyError:
        known = ", ".join(APPS)
        if name in APPS:
            raise KeyError(f"no entry for app {name!r} (known: {known}; the table has: "
                           f"{', '.join(table)})") from None
        raise KeyError(f"unknown app {name!r} (known: {known})") from None


def layout_properties() -> frozenset[str]:
    """The names the layout backend answers (each app's layout module), for the batch's
    choice to start the shared LibreOffice service."""
    return frozenset(d.name for spec in APPS.values()
                     for d in importlib.import_module(spec.layout_module).PROPERTIES)
