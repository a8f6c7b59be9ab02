"""Writing WordprocessingML: the writer side of Word's properties, beside the readers.

Each module registers, in its ``WRITERS`` (a ``WriterSet``), how a value of a catalog
property is written on a Word target: ``font`` (run formatting in ``w:rPr``), ``paragraph``
(``w:pPr``), ``section`` (``w:sectPr``), ``table`` (``w:tblPr``/``w:trPr``/``w:tcPr``),
``numbering``, ``parts`` (headers, footers, the paragraph style), ``fields``, ``objects``
(pictures, drawings, document settings, core properties, styles), ``charts``. Writers that
inherit find the level a target's value comes from (a style, the document defaults) and write
there too (``levels``). ``structure`` holds the edits that are not a property's value (text
elements, deletions, a table as a text box); ``equivalents`` the rewrites that keep what Word
shows. ``officeeval.apps`` lists the writer sets; the rubric audit is their main user.
"""
