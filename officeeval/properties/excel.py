"""Excel bindings: which resolver answers each catalog property for which Excel targets.

Shared names get Excel's own value type where the unit differs: ``column.width`` is in
character units (the width Excel's UI shows), ``table.style`` compares Excel table-style
names (``TableStyleMedium2`` = ``表样式中等深浅 2``).
"""

from __future__ import annotations

from officeeval.excel import resolve_cells as RC
from officeeval.excel import resolve_objects as RO
from officeeval.excel import resolve_sheets as RS
from officeeval.properties import definitions_excel as DX
from officeeval.properties.registry import Registry

_VTYPES = {"column.width": DX.COLUMN_WIDTH, "table.style": DX.TABLE_STYLE}


def bind_all(reg: Registry) -> None:
    groups = (
        (RC.CELL_RESOLVERS, ("cell",)),
        (RC.FONT_RESOLVERS, ("cell",)),
        (RS.WORKBOOK_RESOLVERS, ("workbook",)),
        (RS.SHEET_RESOLVERS, ("sheet",)),
        (RS.COLUMN_RESOLVERS, ("column",)),
        (RS.ROW_RESOLVERS, ("row",)),
        (RO.CHART_RESOLVERS, ("chart",)),
        (RO.PIVOT_RESOLVERS, ("pivot",)),
        (RO.TABLE_RESOLVERS, ("table",)),
        (RO.CF_RESOLVERS, ("conditional_format",)),
        (RO.VALIDATION_RESOLVERS, ("validation",)),
        (RO.NAME_RESOLVERS, ("name",)),
    )
    for table, kinds in groups:
        for name, fn in table.items():
            reg.bind(name, "excel", kinds, fn, vtype=_VTYPES.get(name))
