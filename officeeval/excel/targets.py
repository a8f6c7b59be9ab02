"""Excel selector targets: the workbook, sheets, cells, columns, rows, charts, pivot tables,
tables, conditional-format rules, validation rules and defined names.

Locators are stable across the graded, input and reference documents: ``'成绩'!B2``,
``sheet('成绩')``, ``sheet('成绩')/column('C')``, ``sheet('成绩')/chart[1]``,
``table('表1')``, ``name('税率')``. Targets built from one sheet's objects are cached on
the document so that a rule reached from several cells is one target.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from officeeval.cache import cached_property
from officeeval.errors import OfficeEvalError
from officeeval.excel.refs import col_letters, cell_ref
from officeeval.ooxml.charts import ChartInfo, read_chart
from officeeval.targets import LazySelection, Target

if TYPE_CHECKING:
    from officeeval.excel.conditional import CfRule
    from officeeval.excel.drawings import PlacedChart
    from officeeval.excel.pivots import PivotInfo
    from officeeval.excel.sheets import Sheet
    from officeeval.excel.tables import TableInfo
    from officeeval.excel.validation import ValidationRule
    from officeeval.excel.workbook import DefinedName, ExcelDocument


@lru_cache(maxsize=1024)  # a sheet's name, quoted for every cell locator
def q(name: str) -> str:
    return "'" + name.replace("'", "''") + "'"


class WorkbookTarget(Target):
    kind = "workbook"

    def __init__(self, doc: "ExcelDocument") -> None:
        super().__init__(doc, "workbook")


class SheetTarget(Target):
    kind = "sheet"

    def __init__(self, sheet: "Sheet") -> None:
        super().__init__(sheet.book, f"sheet({q(sheet.name)})")
        self.sheet = sheet

    def predicate_value(self, key: str) -> Any:
        if key in ("name", "text"):
            return self.sheet.name
        if key == "type":
            return self.sheet.kind
        if key == "state":
            return self.sheet.state
        return None


class CellTarget(Target):
    kind = "cell"

    # Ranges and whole columns make many cell targets: the locator is built when asked.
    def __init__(self, sheet: "Sheet", row: int, col: int) -> None:  # noqa: D107
        self.doc = sheet.book
        self.sheet = sheet
        self.row = row
        self.col = col

    @cached_property
    def locator(self) -> str:  # type: ignore[override]
        return f"{q(self.sheet.name)}!{cell_ref(self.row, self.col)}"

    @property
    def ref(self) -> str:
        return cell_ref(self.row, self.col)

    @property
    def pair_key(self) -> Any:
        # The locator is the sheet's name and the reference: the same pairing, no string.
        return (self.sheet.name, self.row, self.col)

    def predicate_value(self, key: str) -> Any:
        from officeeval.excel.cells import display_text
        if key == "text":
            try:
                return display_text(self.sheet, self.row, self.col)[0]
            except OfficeEvalError:
                return None
        if key == "type":
            from officeeval.excel.cells import cell_value
            try:
                return cell_value(self.sheet, self.row, self.col)[0].kind
            except OfficeEvalError:
                return None
        return None


class CellRange(LazySelection):
    """The cells of a rectangle of a worksheet (two or more), row by row, as ``CellTarget``
    objects built on first use (``targets.LazySelection``). ``groups`` groups the cells by
    their style index for a resolver that reads only the style (``per_style``): a column of
    200,000 cells sharing one format is one group, resolved and judged once. The area
    must have been read into the sheet's store (the selector does it first)."""

    def __init__(self, sheet: "Sheet", r1: int, r2: int, c1: int, c2: int) -> None:
        super().__init__((r2 - r1 + 1) * (c2 - c1 + 1))
        self.sheet = sheet
        self.r1, self.r2, self.c1, self.c2 = r1, r2, c1, c2
        # The selection is shared by every check with the same selector (four border
        # checks of one table): its style groups and the targets a result shows are made
        # once for all of them.
        self._by_style: tuple[list[int], list[int]] | None = None
        self._built: dict[int, Target] = {}

    def target_at(self, i: int) -> Target:
        if self._items is not None:
            return self._items[i]
        t = self._built.get(i)
        if t is None:
            width = self.c2 - self.c1 + 1
            t = self._built[i] = CellTarget(self.sheet, self.r1 + i // width,
                                            self.c1 + i % width)
        return t

    def _build(self) -> list[Target]:
        sheet = self.sheet
        items: list[Target] = [CellTarget(sheet, r, c) for r in range(self.r1, self.r2 + 1)
                               for c in range(self.c1, self.c2 + 1)]
        # Targets already handed out by ``target_at`` keep their identity.
        for i, t in self._built.items():
            items[i] = t
        return items

    def same_places(self, other: Any) -> bool:
        # A cell's pair_key is its sheet's name and position: the same rectangle of a
        # sheet of the same name, cell for cell.
        return isinstance(other, CellRange) and other.sheet.name == self.sheet.name and \
            (other.r1, other.r2, other.c1, other.c2) == (self.r1, self.r2, self.c1, self.c2)

    def groups(self, resolver: Any) -> tuple[list[int], list[int]] | None:
        if not getattr(resolver, "per_style", False) or self.sheet.store is None:
            return None
        if self._by_style is None:
            self._by_style = self._style_groups()
        return self._by_style

    def _style_groups(self) -> tuple[list[int], list[int]]:
        sheet = self.sheet
        cells = sheet.store.cells
        style_at = sheet.style_at
        labels: list[int] = []
        firsts: list[int] = []
        group_of: dict[int, int] = {}
        cols = range(self.c1, self.c2 + 1)
        i = 0
        for r in range(self.r1, self.r2 + 1):
            for c in cols:
                raw = cells.get((r, c))
                s = raw.s if raw is not None else style_at(r, c)
                g = group_of.get(s)
                if g is None:
                    g = group_of[s] = len(firsts)
                    firsts.append(i)
                labels.append(g)
                i += 1
        return labels, firsts


class ColumnTarget(Target):
    kind = "column"

    def __init__(self, sheet: "Sheet", col: int) -> None:
        super().__init__(sheet.book, f"sheet({q(sheet.name)})/column('{col_letters(col)}')")
        self.sheet = sheet
        self.col = col


class RowTarget(Target):
    kind = "row"

    def __init__(self, sheet: "Sheet", row: int) -> None:
        super().__init__(sheet.book, f"sheet({q(sheet.name)})/row({row})")
        self.sheet = sheet
        self.row = row


class ChartTarget(Target):
    kind = "chart"

    def __init__(self, placed: "PlacedChart", index: int) -> None:
        super().__init__(placed.sheet.book, f"sheet({q(placed.sheet.name)})/chart[{index}]")
        self.placed = placed
        self.sheet = placed.sheet

    @cached_property
    def info(self) -> ChartInfo:
        return read_chart(self.sheet.book.package.xml(self.placed.part))

    def predicate_value(self, key: str) -> Any:
        if key == "name":
            return [self.placed.name, self.info.title or ""]
        if key == "type":
            return self.info.type
        if key == "text":
            return self.info.title
        return None


class PivotTarget(Target):
    kind = "pivot"

    def __init__(self, pivot: "PivotInfo", index: int) -> None:
        super().__init__(pivot.sheet.book, f"sheet({q(pivot.sheet.name)})/pivot[{index}]")
        self.pivot = pivot
        self.sheet = pivot.sheet

    def predicate_value(self, key: str) -> Any:
        return self.pivot.name if key == "name" else None


class TableTarget(Target):
    kind = "table"

    def __init__(self, table: "TableInfo") -> None:
        super().__init__(table.sheet.book, f"table({q(table.display_name)})")
        self.table = table
        self.sheet = table.sheet

    def predicate_value(self, key: str) -> Any:
        if key == "name":
            return [self.table.name, self.table.display_name]
        if key == "style":
            return self.table.style
        return None


class CfTarget(Target):
    kind = "conditional_format"

    def __init__(self, rule: "CfRule", index: int) -> None:
        super().__init__(rule.sheet.book,
                         f"sheet({q(rule.sheet.name)})/conditional_format[{index}]")
        self.rule = rule
        self.sheet = rule.sheet

    def predicate_value(self, key: str) -> Any:
        if key == "type":
            return self.rule.type
        if key in ("range", "text"):
            return self.rule.range
        return None


class ValidationTarget(Target):
    kind = "validation"

    def __init__(self, rule: "ValidationRule", index: int) -> None:
        super().__init__(rule.sheet.book, f"sheet({q(rule.sheet.name)})/validation[{index}]")
        self.rule = rule
        self.sheet = rule.sheet

    def predicate_value(self, key: str) -> Any:
        if key == "type":
            return self.rule.type
        if key in ("range", "text"):
            return self.rule.range
        return None


class NameTarget(Target):
    kind = "name"

    def __init__(self, doc: "ExcelDocument", name: "DefinedName") -> None:
        scope = ""
        if name.local_sheet is not None and name.local_sheet < len(doc.sheets):
            scope = f"{q(doc.sheets[name.local_sheet].name)}!"
        super().__init__(doc, f"name({q(scope + name.name)})")
        self.name = name

    def predicate_value(self, key: str) -> Any:
        return self.name.name if key in ("name", "text") else None
