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
from types import ModuleType
from typing import TypeVar

from officeeval.excel import (resolve_cell_format, resolve_cells, resolve_objects,
                              resolve_pivots, resolve_rules)
from officeeval.excel import resolve_layout, resolve_print, resolve_rows_columns, resolve_sheets
from officeeval.excel import resolve_sort_filter, resolve_tables, resolve_validation
from officeeval.excel import resolve_workbook
from officeeval.excel.workbook import ExcelDocument
from officeeval.ppt import (
    resolvers_chart, resolvers_design, resolvers_layout, resolvers_presentation,
    resolvers_shape, resolvers_show, resolvers_slide, resolvers_text, resolvers_timing,
)
from officeeval.ppt import resolvers_link, resolvers_smartart, resolvers_table, resolvers_theme
from officeeval.ppt.presentation import PptDocument
from officeeval.properties.define import PropertySet
from officeeval.properties.writing import WriterSet
from officeeval.selectors import excel as excel_steps
from officeeval.selectors import ppt as ppt_steps
from officeeval.selectors import word as word_steps
from officeeval.selectors.registry import StepTable
from officeeval.targets import Document
from officeeval.vocabulary import excel as excel_vocabulary
from officeeval.vocabulary import ppt as ppt_vocabulary
from officeeval.vocabulary import word as word_vocabulary
from officeeval.word import page_breaks, props_cells, props_chart, props_document, props_fields
from officeeval.word import props_font, props_headers, props_layout, props_notes
from officeeval.word import props_numbering, props_objects, props_page, props_paragraph
from officeeval.word import props_section, props_table, props_watermark, resolvers, tab_stops
from officeeval.word.document import WordDocument


@dataclass(frozen=True)
class AppSpec:
    """One application. ``view(package, path, options)`` opens its documents;
    ``root_kind`` is the kind of the target a check without a selector reads;
    ``standard_targets`` are the selectors ``inspect`` resolves every property on;
    ``recalculates``: its documents hold formulas the recalculation backend computes (a
    batch starts the shared LibreOffice service for them)."""

    name: str
    title: str
    extensions: tuple[str, ...]
    view: type[Document]
    root_kind: str
    properties: tuple[PropertySet, ...]
    writer_modules: tuple[str, ...]
    steps: StepTable
    vocabulary: ModuleType
    standard_targets: tuple[str, ...]
    recalculates: bool = False

    @property
    def extension(self) -> str:
        """The extension of the documents it writes (``.docx``)."""
        return self.extensions[0]

    def has_step(self, name: str) -> bool:
        """Whether its selectors have the step ``name`` (``slide``, ``sheet``): what code
        that applies to one kind of target asks instead of the application's name."""
        return name in self.steps

    @property
    def writers(self) -> tuple[WriterSet, ...]:
        """The writer sets of ``writer_modules`` (each module's ``WRITERS``), imported on
        first use: grading reads documents and never loads the code that edits them."""
        return tuple(importlib.import_module(m).WRITERS for m in self.writer_modules)


WORD = AppSpec(
    name="word", title="Word", extensions=(".docx",), view=WordDocument,
    root_kind="document",
    properties=(resolvers.PROPERTIES, props_font.PROPERTIES, props_numbering.PROPERTIES,
                props_paragraph.PROPERTIES, props_page.PROPERTIES, props_section.PROPERTIES,
                props_headers.PROPERTIES, props_table.PROPERTIES, props_cells.PROPERTIES,
                props_objects.PROPERTIES, props_fields.PROPERTIES, props_notes.PROPERTIES,
                props_document.PROPERTIES, props_watermark.PROPERTIES, props_chart.PROPERTIES,
                tab_stops.PROPERTIES, page_breaks.PROPERTIES, props_layout.PROPERTIES),
    writer_modules=tuple(f"officeeval.word.{m}" for m in (
        "resolvers", "props_font", "props_numbering", "props_paragraph", "props_page",
        "props_section", "props_headers", "props_table", "props_cells", "props_objects",
        "props_fields", "props_notes", "props_document", "props_watermark", "props_chart",
        "tab_stops", "page_breaks")),
    steps=word_steps.STEPS, vocabulary=word_vocabulary,
    standard_targets=("document", "section", "paragraph", "table", "header", "footer",
                      "image", "textbox", "field", "footnote", "hyperlink"),
)

EXCEL = AppSpec(
    name="excel", title="Excel", extensions=(".xlsx",), view=ExcelDocument,
    root_kind="workbook",
    properties=(resolve_cells.PROPERTIES, resolve_cell_format.PROPERTIES,
                resolve_workbook.PROPERTIES, resolve_sheets.PROPERTIES,
                resolve_sort_filter.PROPERTIES, resolve_print.PROPERTIES,
                resolve_rows_columns.PROPERTIES, resolve_objects.PROPERTIES,
                resolve_pivots.PROPERTIES, resolve_tables.PROPERTIES,
                resolve_rules.PROPERTIES, resolve_validation.PROPERTIES,
                resolve_layout.PROPERTIES),
    writer_modules=tuple(f"officeeval.excel.{m}" for m in (
        "resolve_cells", "resolve_cell_format", "resolve_workbook", "resolve_sheets",
        "resolve_sort_filter", "resolve_print", "resolve_rows_columns", "resolve_pivots",
        "resolve_tables", "resolve_rules", "resolve_validation", "resolve_objects")),
    steps=excel_steps.STEPS, vocabulary=excel_vocabulary,
    standard_targets=("workbook", "sheet", "chart", "pivot", "table", "conditional_format",
                      "validation", "name", "sheet/A1:E10", "sheet/column", "sheet/row"),
    recalculates=True,
)

PPT = AppSpec(
    name="ppt", title="PowerPoint", extensions=(".pptx",), view=PptDocument,
    root_kind="presentation",
    properties=(resolvers_text.PROPERTIES, resolvers_presentation.PROPERTIES,
                resolvers_slide.PROPERTIES, resolvers_design.PROPERTIES,
                resolvers_theme.PROPERTIES, resolvers_timing.PROPERTIES,
                resolvers_shape.PROPERTIES,
                resolvers_table.PROPERTIES,
                resolvers_smartart.PROPERTIES,
                resolvers_link.PROPERTIES,
                resolvers_chart.PROPERTIES,
                resolvers_show.PROPERTIES, resolvers_layout.PROPERTIES),
    writer_modules=(
        "officeeval.ppt.resolvers_text",
        "officeeval.ppt.resolvers_presentation",
        "officeeval.ppt.resolvers_slide",
        "officeeval.ppt.resolvers_design",
        "officeeval.ppt.resolvers_timing",
        "officeeval.ppt.resolvers_shape",
        "officeeval.ppt.resolvers_table",
        "officeeval.ppt.resolvers_smartart",
        "officeeval.ppt.resolvers_link",
        "officeeval.ppt.resolvers_show",
        "officeeval.ppt.resolvers_theme",
    ),
    steps=ppt_steps.STEPS, vocabulary=ppt_vocabulary,
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
    return frozenset(d.name for ps in (props_layout.PROPERTIES, resolve_layout.PROPERTIES,
                                       resolvers_layout.PROPERTIES) for d in ps)
