"""The Excel (SpreadsheetML) read-only view: workbook, sheets in tab order, streamed cell data,
styles, number formats, formulas, and the objects on sheets (charts, pivots, tables,
conditional formats, validations, defined names)."""
