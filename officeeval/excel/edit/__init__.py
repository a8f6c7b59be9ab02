"""Editing SpreadsheetML: the XML helpers Excel's writers share, and the audit's own edits.

Excel's writers sit beside their resolvers (``excel.resolve_*``, each module's ``WRITERS``;
the charts' with the chart family, ``properties.charts``) and are built on these helpers:
``cells`` finds or creates a cell, writes a constant over a formula and merges ranges (and
caches formula results for the audit), ``formats`` gives a cell a changed copy of its format
(``cellXfs``) and finds number formats, ``sheets`` reaches a sheet's entry in workbook.xml
and its worksheet part, ``workbook`` swaps and drops sheets, ``rules`` edits
conditional-format and validation rules, ``pivots`` a pivot table's part, ``charts``
deletes a chart. ``equivalents``, ``created`` and ``pictured`` hold the audit's rewrites
(what keeps what Excel shows, objects created, look-alike colours and sizes).
``officeeval.apps`` lists the writer sets.
"""
