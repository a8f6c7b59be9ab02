"""Excel properties read from LibreOffice's layout of the workbook (``excel.layout``): the
pages a sheet prints to and whether a cell's displayed text fits its column (no ``####``).
Source ``rendered (LibreOffice <version>)``; without a layout backend, or when it fails or
times out, ``UnverifiableValue`` (an ``eval_error``). Read-only: computed from the page
setup, the column widths, the fonts and the values together."""

from __future__ import annotations

from officeeval.excel.layout import cell_fits, rendered, sheet_pages
from officeeval.excel.targets import CellTarget, SheetTarget
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet, read_many_one_by_one
from officeeval.properties.drafting import Drafting
from officeeval.values import Observation

PROPERTIES = PropertySet()
prop = PROPERTIES.prop

LAID_OUT = "laid out by LibreOffice from the page setup, widths and values: write those"


def _layout(t, ctx):
    return rendered(t.doc, getattr(ctx.backends, "layout", None))


@prop("sheet.print_pages", T.INTEGER, kinds=("sheet",), read_only=LAID_OUT,
      draft=Drafting(asked="pages", page_result=True, called=("打印",)))
def sheet_print_pages(t, ctx):
    """Pages the sheet prints to with its page setup (paper, orientation, margins,
    scaling or fit-to-page, print area), as LibreOffice paginates it."""
    if not isinstance(t, SheetTarget):
        return None
    layout = _layout(t, ctx)
    n = sheet_pages(layout, t.sheet.name)
    return Observation(n, layout.source) if n is not None else None


@prop("cell.display_fits", T.BOOL, kinds=("cell",), read_only=LAID_OUT,
      draft=Drafting(pictured_by=("格式", "显示"), never_asked=True))
def cell_display_fits(t, ctx):
    """Whether the cell's displayed text fits the room it has: a number or date wider than
    its column shows as ``####`` in Excel (false), measured with LibreOffice's text width
    under the cell's font against the column width. A cell without text has nothing to
    fit (no value)."""
    if not isinstance(t, CellTarget):
        return None
    layout = _layout(t, ctx)
    hit = cell_fits(layout, t.sheet.name, t.ref)
    if hit is None:
        return None
    return Observation(hit[0], layout.source, note=hit[1])


# A range's cells behind one dispatch (``catalog.bulk_resolver``).
read_many_one_by_one(PROPERTIES, "cell")
