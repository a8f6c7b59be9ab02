"""Writing PresentationML and DrawingML: what PowerPoint's writers share, the writers not yet
beside their resolvers, and the audit's edits that are not a property's value.

Most writers are registered beside their resolvers (``resolvers_text``, ``resolvers_shape``,
``resolvers_table``, ``resolvers_smartart``, ``resolvers_link``, ``resolvers_chart``,
``resolvers_show``) with the helpers here: ``text_props`` (the run and paragraph properties
a text formatting writer edits, and the level it inherits from), ``shape_parts`` (a shape's
own transform, ``spPr`` and graphic part), ``text_nodes`` (the text a target shows) and
``show_settings`` (presProps' ``p:showPr``). ``slides`` writes text, slide count and order,
``design`` slides' layouts, backgrounds, visibility, the slide size and the theme,
``presentation`` the show's loop and type and sections, ``timing`` transitions and
animations. ``equivalents`` holds the rewrites that keep what PowerPoint shows; ``shapes``,
``created``, ``layout_switch``, ``paragraph_text`` and ``pictured`` the audit's other edits.
``officeeval.apps`` lists the writer sets (``WRITERS`` of each module).
"""
