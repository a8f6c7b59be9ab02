"""Writing PresentationML and DrawingML: what PowerPoint's writers share, and the audit's
edits that are not a property's value.

Every writer is registered beside its resolver (``resolvers_text``, ``resolvers_presentation``,
``resolvers_slide``, ``resolvers_design``, ``resolvers_timing``, ``resolvers_shape``,
``resolvers_table``, ``resolvers_smartart``, ``resolvers_link``, ``resolvers_chart``,
``resolvers_show``, ``resolvers_theme``) with the helpers here: ``text_props`` (the run and
paragraph properties a text formatting writer edits, and the level it inherits from),
``shape_parts`` (a shape's own transform, ``spPr`` and graphic part), ``text_nodes`` (the
text a target shows), ``show_settings`` (presProps' ``p:showPr``), ``sheet_parts`` (a slide,
layout or master and its own background), ``slide_list`` (slides swapped in the show) and
``timing_parts`` (a slide's transition, an effect's ``p:cTn``). ``equivalents`` holds the
rewrites that keep what PowerPoint shows; ``slides`` (targets deleted, formatting no property
reads), ``shapes``, ``created``, ``layout_switch``, ``paragraph_text`` and ``pictured`` the
audit's other edits. ``officeeval.apps`` lists the writer sets (``WRITERS`` of each module).
"""
