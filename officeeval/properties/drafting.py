"""How ``officeeval draft`` treats a property, declared where the property is defined
(``@prop(..., draft=Drafting(...))``; a binding's ``draft=`` overrides it in its app).

Format-neutral data only: the words an instruction uses for the property's feature, and
the like; the drafting code (``officeeval.draft``) reads it from the catalog
(``PropertyDef.drafting(app)``) instead of keeping tables keyed by property names.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Drafting:
    """A property's drafting policy. Every field's default is what drafting does for a
    property that declares nothing."""

    # Which differences between the input and the reference become checks (draft/changes.py).
    volatile: bool = False
    """Never compared: it differs between any two saves or restates a target's position or
    text (a save time, a sheet's index, the page a paragraph falls on). Default: compared."""
    made: bool = False
    """On a target the task creates, what its author made wherever the value is stored (a
    new slide's layout, a new table's rows). Default: on a new target only a value set on
    the target itself (not inherited from a default, theme or template) is a change."""
    restates_value: bool = False
    """Excel: on a cell it restates ``cell.value`` (left out unless only the format changed,
    which ``cell.number_format`` says). Default: compared on cells."""
    top_left_only: bool = False
    """Its value is a range that every cell of it reads (a merged range): a change only on
    the range's top-left cell. Default: a change on every cell it differs on."""
    header_kinds: tuple[str, ...] = ()
    """Word: the header/footer kinds (``header``, ``footer``) it is compared on; a value
    with such kinds (a header's own text) is not compared again on the section. Default:
    on a header or footer only fonts are compared, the rest is its paragraphs'."""
    formula_shadowed: bool = False
    """On a cell that holds a formula it is graded by the formula's own checks (value,
    functions), not compared. Default: compared."""
    content: bool = False
    """A change of it is a change of a cell's content (not of a format): the cell is left
    out of the values the task preserves. Default: a format."""

    # Whether the step a check belongs to asks for its value (draft/asked.py).
    asked: str = ""
    """The rule by which a check of it is kept only when its step asks for it (each rule
    reads ``words``): ``"feature"`` a paragraph's or style's formatting, kept where the
    step names the feature or states the value; ``"section"`` a section's setting, kept
    where the step names it; ``"page_setup"`` the page setup of a section the task creates,
    likewise; ``"named"`` kept only where a step names it (a slide's footer), wherever the
    criterion landed; ``"words"`` kept where the step says one of ``words``; ``"pages"``
    where text lands on pages, kept where the step speaks of pages and states the value;
    ``"placed"`` a created object's place or size, kept where the step states the value or
    says one of ``words``; ``"drawn"`` a slide's created shape's geometry, kept where the
    step states it, says one of ``words`` or pictures it; ``"functions"`` the functions a
    formula uses, kept where a step names one; ``"spelling"`` how a formula spells a range,
    kept where the step states it or asks for absolute references; ``"anchor"`` where a
    chart sits, kept (as its top-left cell) where the step names that cell; ``"refs"`` the
    ranges a chart series reads, kept where the step names them all. Default ``""``: no
    such rule, kept."""
    words: tuple[str, ...] = ()
    """The words with which a step names the feature, for the rule of ``asked`` (段后,
    行高, 边框). Default: none."""
    not_named_by: str = ""
    """A pattern of phrases that use ``words`` for another feature ("填充颜色" names no font
    colour), taken out of a step before its words are looked for. Default: none."""
    stated_by: tuple[str, ...] = ()
    """Words with which a step that also states the value asks for it, whichever step the
    criterion matched ("第 1 行行高设置为 28" for a row of 28pt). Default: none (only the
    matched step asks)."""
    stated_within: float = 0.0
    """How far a number a step with ``stated_by`` words states may be from the value and
    still be it (Excel's dialog column width and the stored one differ by the cell padding:
    a width written as 12 is stored as 11.29). Default 0: only the value as written or the
    same length in another unit."""
    numbering_part: bool = False
    """Part of what a step asking for numbering asks ("编号为“第1章”"): kept wherever the
    criterion landed when some step speaks of numbering. Default: no."""
    names_shape: bool = False
    """Its value is the name of a shape on the same slide (an animation's target): a shape
    the task creates is found as the candidate's document finds it, not by its name.
    Default: no."""
    order_asked: bool = False
    """Its value is an ordered list whose order is graded only where the step speaks of
    order (之前, 移到 …); otherwise as a set. Default: graded as the list it is."""
    freed_by: tuple[str, ...] = ()
    """The words (大小, 颜色, 切换 …) with which a clause that leaves a choice to the
    candidate ("大小自定") frees it: then it is not graded. Default: nothing frees it."""
    when_freed: tuple[str, ...] = ()
    """``(op, expected)``, or ``(op,)``: the check a freed effect the step still asks for
    is graded by instead ("some transition": ``("not_equals", "无")``). Default: dropped
    when freed."""
    distinct: tuple[str, ...] = ()
    """``(word, selector)``: "至少 N 种不同的<word>" counts its different values over the
    targets of the selector (``("切换", "slide")``). Default: not counted so."""
    pictured_by: tuple[str, ...] = ()
    """The words with which a step's picture clause ("颜色参照示例图") gives it: then its
    value comes from the picture (``origin="picture"``). Default: only a clause naming the
    whole layout (排版, 外观) gives it."""

    # How the proposal and the restatements treat it (draft/proposal.py, restated.py).
    page_result: bool = False
    """Where text lands on pages, which follows from every edit and the writer's fonts:
    proposed only when the instruction speaks of pages. Default: proposed."""
    from_layout: bool = False
    """A shape's place or text fit that its slide layout or master gives: a change of it
    read from there is graded on the layout, not on the shape. Default: graded where it
    shows."""
    side_of: str = ""
    """The property that sets it together with the others of its kind
    (``table.border.outer`` for a table's top border, ``page.size`` for a page's width):
    not proposed where that one changed on the target (to a named size, when that one
    has ``named_sizes``). Default: none."""
    named_sizes: bool = False
    """Its values include named sizes (A4, B5, Letter, 16开) that fix the properties whose
    ``side_of`` it is; a custom size leaves them to be checked. Default: no."""
    needs: str = ""
    """The property without whose check on the same target a check of it means nothing
    (a caption's position needs its label: a line after a table only reads as a caption
    below it): dropped where that one is not checked. Default: none."""
    beside: str = ""
    """The property whose check on the same target restates it (a SmartArt's text beside
    its nodes, its layout's categories beside its layout): dropped there. Default: none."""
    new_page: bool = False
    """It puts the paragraph on a new page: restated where a section break before the
    paragraph starts the page anyway. Default: no."""
    not_on_styles: bool = False
    """Never graded on a style (it is what a paragraph applies, not a style's own
    value). Default: graded on styles too."""
    page_field: bool = False
    """A number alone as its value is a PAGE field's cached result (whatever its writer
    last saw), never graded. Default: no."""
    never_asked: bool = False
    """A value no step fixes (a layout result, a TOC field's switches): never graded.
    Default: graded as asked."""
    twin: str = ""
    """The property that reads the same value on the same target (``image.width`` for
    ``shape.width``): dropped beside an equal check of that one. Default: none."""

    # How a criterion groups and writes it (draft/criteria.py).
    skill: str = ""
    """The skill (criterion group id: ``border``, ``numbering``, ``cell_format`` …) it is
    graded under when its name's family would say another (a paragraph's border is a
    border's). Default ``""``: its family's skill."""
    family: str = ""
    """The group of a paragraph's formatting its criteria are drafted in
    (``paragraph.alignment``, ``paragraph.indent``, ``paragraph.spacing``: exam steps ask
    alignment, indents and spacing separately). Default ``""``: its skill."""
    in_cm: bool = False
    """A length written in centimetres in a rubric, as its dialog shows it (besides a
    page's, a picture's and a shape's). Default: in points."""

    # How a step speaks of it (draft/instruction.py, named.py, criteria.py).
    called: tuple[str, ...] = ()
    """What a step calls the feature it belongs to (页脚 for a footer's values, 动画):
    words that match a criterion of it to its step even when no value is named.
    Default: none."""
    spoken_true: tuple[str, ...] = ()
    """How a step says ``true`` of this yes/no property (加粗, 与下段同页); a bare
    true/false is never matched. Default: never said."""
    by_name: bool = True
    """A step that names its value on a target the task leaves unchanged gets a check
    that the value stays. ``False`` for what a step names for other reasons (the text, a
    style applied). Default: yes."""
    inserted_text: bool = False
    """Its value is text the author writes: checked as the text (only what was inserted,
    for a long one), spaces and punctuation normalised. Default: checked by its literal."""
