"""Editing WordprocessingML: the helpers Word's writers are built on, and the audit's own
edits.

A property's writer is declared beside its resolver in ``officeeval.word`` (each property
module's ``WRITERS``, listed in ``officeeval.apps``). Here: where a value is written on a
target and the level it is inherited from (``levels``: ``on_level`` builds a writer from
``put(container, value)``), WordprocessingML helpers (``xml``: ``wset``, toggles, the
``w:pPr`` order), borders and shading (``borders``), field instructions and results
(``fields``), a target's header and footer parts (``parts``). The audit's edits that are not
a property's value: ``structure`` (deletions, a table as a text box), ``equivalents`` and
``equivalent_values`` (rewrites that keep what Word shows), ``field_results``,
``pictured``, ``created``, ``paragraph_text``.
"""
