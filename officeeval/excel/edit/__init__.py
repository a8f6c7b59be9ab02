"""Writing SpreadsheetML: the writer side of Excel's properties, beside the readers.

``cells`` writes values and formulas into worksheet parts (and caches formula results),
``formats`` a cell's format (a copy of its ``cellXfs`` entry with the font, fill, border,
alignment or number format changed) and merges, ``sheets`` a sheet and its settings (name,
visibility, tab colour, panes, filters, sorting, print setup, outlines), ``workbook`` the
order of the sheets and the date system, ``rows_columns`` columns and rows,
``objects`` tables, pivot tables, defined names, conditional formats and validations, and
``charts`` a chart deleted (charts' properties are written where they are declared).
``equivalents`` holds the rewrites that keep what Excel shows. ``officeeval.apps`` lists
the writer sets (``WRITERS`` of each module).
"""
