"""Writing PresentationML and DrawingML: the writer side of PowerPoint's properties, beside
the readers.

``text`` writes run and paragraph formatting (and the level a value is inherited from),
``slides`` text, deletions and the slide order, ``shapes`` shapes (position, size, name,
geometry, fill, tables, SmartArt, charts, click actions), ``design`` slides' layouts,
backgrounds, visibility, the slide size and the theme, ``presentation`` show settings,
sections and header/footer placeholders, ``timing`` transitions and animations.
``equivalents`` holds the rewrites that keep what PowerPoint shows. ``officeeval.apps``
lists the writer sets (``WRITERS`` of each module).
"""
