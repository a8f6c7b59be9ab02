"""The v1 property catalog: every name with its value type and what it means.

Names here are the contract with rubric authors (``rubric-language.md`` section 5). Add
freely; never rename without keeping the old name as an alias. Resolvers are bound per app in
``word.py``, ``excel.py`` and ``ppt.py``.
"""

from __future__ import annotations

from officeeval.properties import types as T
from officeeval.properties.registry import Registry

_TEXT_FORMATTING = [
    ("text", T.TEXT, "The visible text. Word paragraphs include field results and exclude "
     "deleted revisions; tabs are \\t and breaks \\n."),
    ("font.name", T.TEXT, "Latin (ASCII/hAnsi) font name, effective through styles, document "
     "defaults and theme fonts. Word's built-in default is Times New Roman."),
    ("font.east_asia", T.TEXT, "East Asian font name (w:eastAsia / a:ea), kept apart from the "
     "Latin font: 黑体 here does not make font.name 黑体."),
    ("font.size", T.SIZE, "Font size in points (exact: 五号 = 10.5). Word's built-in default is "
     "10 pt."),
    ("font.bold", T.BOOL, "Bold, effective (a heading bold through its style is bold). Word "
     "toggle properties combine paragraph and character styles as Word does."),
    ("font.italic", T.BOOL, "Italic, effective."),
    ("font.underline", T.EnumType("underline"), "Underline style (none when not underlined)."),
    ("font.color", T.COLOR, "Text color as RGB (theme colors resolved with tint/shade), or "
     "auto."),
    ("font.highlight", T.EnumType("highlight"), "Text highlight color (none when absent)."),
    ("font.strike", T.BOOL, "Single strikethrough."),
    ("font.double_strike", T.BOOL, "Double strikethrough."),
    ("font.superscript", T.BOOL, "Superscript (vertical alignment)."),
    ("font.subscript", T.BOOL, "Subscript (vertical alignment)."),
    ("font.small_caps", T.BOOL, "Small capitals."),
    ("font.all_caps", T.BOOL, "All capitals."),
    ("font.spacing", T.LENGTH_ABS, "Character spacing adjustment in points (positive = "
     "expanded, 加宽; negative = condensed, 紧缩); 0 when not set."),
    ("font.scale", T.PERCENT, "Character width scale in percent (缩放); 100 when not set."),
    ("font.emphasis_mark", T.EnumType("emphasis_mark"), "East Asian emphasis mark (着重号)."),
    ("font.shading", T.COLOR, "Character shading fill color (none when absent)."),
]

_WORD_PARAGRAPH = [
    ("paragraph.alignment", T.EnumType("alignment"), "Horizontal alignment: left, center, "
     "right, justify, distribute (居中, 两端对齐, 分散对齐 …)."),
    ("paragraph.style", T.STYLE_NAME, "The paragraph style's name (built-in names match in "
     "English or Chinese)."),
    ("paragraph.indent.left", T.LENGTH_CHARS, "Left indent; Nchar when stored in character "
     "units (w:leftChars)."),
    ("paragraph.indent.right", T.LENGTH_CHARS, "Right indent; Nchar when stored in character "
     "units."),
    ("paragraph.indent.first_line", T.LENGTH_CHARS, "First-line indent (首行缩进); 0 when the "
     "paragraph has a hanging indent instead. 2char matches firstLineChars=200, or an absolute "
     "indent of two East Asian characters of the paragraph's size."),
    ("paragraph.indent.hanging", T.LENGTH_CHARS, "Hanging indent (悬挂缩进); 0 when the "
     "paragraph has a first-line indent instead."),
    ("paragraph.space_before", T.LENGTH_LINES, "Space before (段前) in points, or Nline when "
     "stored in line units (w:beforeLines)."),
    ("paragraph.space_after", T.LENGTH_LINES, "Space after (段后) in points, or Nline."),
    ("paragraph.line_spacing", T.LINE_SPACING, "Line spacing: a multiple (1.5line, 1.5倍行距), "
     "exactly N pt (固定值) or at least N pt (最小值). Word's default is single (1line)."),
    ("paragraph.outline_level", T.EnumType("outline_level"), "Outline level 1–9, or "
     "body_text (正文文本)."),
    ("paragraph.keep_with_next", T.BOOL, "Keep with next (与下段同页)."),
    ("paragraph.page_break_before", T.BOOL, "Page break before (段前分页)."),
    ("paragraph.numbering", T.TEXT, "Numbering format of the paragraph's list level "
     "(bullet, decimal, chineseCounting …), through numbering.xml; none when not numbered."),
    ("paragraph.numbering.level", T.INTEGER, "List level (1-based) of a numbered paragraph."),
    ("paragraph.numbering.text", T.TEXT, "The level text pattern of the paragraph's list "
     "level (e.g. '第%1章', '%1.%2')."),
    ("paragraph.drop_cap", T.EnumType("drop_cap"), "Drop cap: none, drop (下沉), margin (悬挂)."),
    ("paragraph.drop_cap.lines", T.INTEGER, "Lines the drop cap spans (下沉行数)."),
    ("paragraph.border", T.BORDER, "Paragraph border (the box or the top border when they "
     "differ): style, width, color."),
    ("paragraph.shading", T.COLOR, "Paragraph shading fill (none when absent)."),
    ("paragraph.level", T.INTEGER, "PowerPoint paragraph indent level (1-based)."),
    ("paragraph.bullet", T.TEXT, "PowerPoint paragraph bullet: none, a character, or an "
     "autonumber scheme."),
    ("paragraph.numbering.start", T.INTEGER, "The number the paragraph's list level starts "
     "at (w:start, or the list instance's w:startOverride)."),
    ("paragraph.numbering.label", T.TEXT, "The list label a reader sees ('第一章', '1.2', "
     "'(b)'), counted over the document in order; Word's counting rules (lists sharing an "
     "abstract definition share counters; startOverride restarts)."),
    ("paragraph.drop_cap.distance", T.LENGTH_ABS, "Distance of the drop cap from the text "
     "(距正文, w:framePr w:hSpace)."),
    ("paragraph.border.top", T.BORDER, "Top border of the paragraph (none when absent)."),
    ("paragraph.border.bottom", T.BORDER, "Bottom border of the paragraph."),
    ("paragraph.border.left", T.BORDER, "Left border of the paragraph."),
    ("paragraph.border.right", T.BORDER, "Right border of the paragraph."),
    ("paragraph.indent.special", T.EnumType("special_indent"), "The special indent kind: "
     "first_line (首行缩进), hanging (悬挂缩进) or none (无)."),
    ("caption.label", T.TEXT, "A caption's label: the identifier of its SEQ field (图, 表, "
     "Figure)."),
    ("caption.position", T.EnumType("caption_position"), "Where a caption sits relative to "
     "its table or picture: above (上方) or below (下方)."),
]

_WORD_SECTION = [
    ("page.size", T.PAGE_SIZE, "Paper size by dimensions (A4, A3, B5, 16K, Letter …), in "
     "either orientation."),
    ("page.width", T.LENGTH_ABS, "Page width."),
    ("page.height", T.LENGTH_ABS, "Page height."),
    ("page.orientation", T.EnumType("orientation"), "portrait (纵向) or landscape (横向)."),
    ("page.margin.top", T.LENGTH_ABS, "Top margin."),
    ("page.margin.bottom", T.LENGTH_ABS, "Bottom margin."),
    ("page.margin.left", T.LENGTH_ABS, "Left margin."),
    ("page.margin.right", T.LENGTH_ABS, "Right margin."),
    ("page.margin.gutter", T.LENGTH_ABS, "Gutter (装订线) width."),
    ("page.header_distance", T.LENGTH_ABS, "Header distance from the page edge (页眉距边界)."),
    ("page.footer_distance", T.LENGTH_ABS, "Footer distance from the page edge."),
    ("page.border", T.BORDER, "Page border (top edge, or the box): style, width, color."),
    ("columns.count", T.INTEGER, "Number of text columns (分栏)."),
    ("columns.spacing", T.LENGTH_CHARS, "Space between columns."),
    ("columns.separator", T.BOOL, "Whether a line separates the columns (分隔线)."),
    ("section.start", T.EnumType("section_start"), "How the section starts: nextPage, "
     "continuous, evenPage, oddPage, nextColumn."),
    ("section.title_page", T.BOOL, "Different first page header/footer (首页不同)."),
    ("section.even_and_odd", T.BOOL, "Different odd and even headers (奇偶页不同; a document "
     "setting)."),
    ("page_numbers.format", T.EnumType("number_format"), "Page number format (decimal, "
     "upperRoman, chineseCounting …)."),
    ("page_numbers.start", T.INTEGER, "Page numbering restarts at this number."),
    ("header.text", T.TEXT, "Text of the section's default header (inherited from the "
     "previous section when not set)."),
    ("footer.text", T.TEXT, "Text of the section's default footer, or a slide's footer "
     "placeholder text."),
    ("header.has_page_number", T.BOOL, "Whether the header holds a PAGE field."),
    ("footer.has_page_number", T.BOOL, "Whether the footer holds a PAGE field."),
    ("header.visible", T.BOOL, "Whether a header shows on the page, as a reader sees it: "
     "some text, a field, a drawing (not a watermark) or a border (the 页眉 style's line). "
     "On a section: any header its pages show (default, first page, even pages; inherited "
     "from the previous section). An empty header part is not visible (false)."),
    ("footer.visible", T.BOOL, "Whether a footer shows on the page: some text, a field, a "
     "drawing or a border (as header.visible)."),
    ("page.border.top", T.BORDER, "Top page border."),
    ("page.border.bottom", T.BORDER, "Bottom page border."),
    ("page.border.left", T.BORDER, "Left page border."),
    ("page.border.right", T.BORDER, "Right page border."),
    ("section.vertical_alignment", T.EnumType("vertical_alignment"), "Vertical alignment of "
     "text on the page (页面垂直对齐方式): top, center, justify (both), bottom."),
]

_WORD_DOCUMENT = [
    ("watermark.text", T.TEXT, "Text of a text watermark."),
    ("watermark.kind", T.TEXT, "Watermark kind: text, picture or none."),
    ("background.color", T.COLOR, "Page background color (页面颜色)."),
    ("theme.name", T.TEXT, "Name of the document theme."),
    ("core.title", T.TEXT, "Document title (core properties)."),
    ("core.author", T.TEXT, "Document author (dc:creator)."),
    ("core.subject", T.TEXT, "Document subject."),
    ("core.keywords", T.TEXT, "Document keywords."),
    ("mail_merge.main_type", T.TEXT, "Mail-merge main document type (formLetters, …)."),
    ("mail_merge.data_source", T.TEXT, "Mail-merge data source path or connection."),
    ("toc.levels", T.INTEGER, "Deepest outline level the table of contents includes."),
    ("count", T.INTEGER, "Number of targets the selector matched, for any app and selector "
     "(the same number op=\"count\" judges; here with any comparator)."),
    ("watermark.font", T.TEXT, "Font of a text watermark."),
    ("watermark.color", T.COLOR, "Color of a text watermark."),
    ("watermark.layout", T.EnumType("watermark_layout"), "Layout of a text watermark: "
     "diagonal (斜式) or horizontal (水平)."),
    ("core.description", T.TEXT, "Document comments (dc:description, 备注)."),
    ("core.category", T.TEXT, "Document category (cp:category, 类别)."),
    ("core.last_modified_by", T.TEXT, "Last modified by (cp:lastModifiedBy)."),
    ("core.created", T.TEXT, "Creation time as stored (dcterms:created, W3CDTF)."),
    ("core.modified", T.TEXT, "Modification time as stored (dcterms:modified)."),
    ("mail_merge.data_file", T.TEXT, "File name of the mail-merge data source, without "
     "folders (通讯录.xlsx)."),
    ("mail_merge.query", T.TEXT, "Mail-merge query (w:query, e.g. SELECT * FROM `Sheet1$`)."),
    ("mail_merge.destination", T.TEXT, "Mail-merge destination (newDocument, printer, "
     "email, fax)."),
    ("mail_merge.fields", T.ORDERED_LIST, "Names of the MERGEFIELD fields in the document "
     "body, in order (contains checks one name)."),
    ("toc.hyperlinks", T.BOOL, "Whether TOC entries are hyperlinks (\\h)."),
    ("toc.page_numbers", T.BOOL, "Whether TOC entries show page numbers (no \\n)."),
    ("toc.entries", T.INTEGER, "Number of entries (paragraphs with text) in the TOC's "
     "current result."),
    ("toc.kind", T.TEXT, "How the TOC is held: content_control (Word's TOC gallery) or "
     "field."),
    ("style.based_on", T.STYLE_NAME, "Name of the style a style is based on."),
    ("style.custom", T.BOOL, "Whether a style is a custom (user-defined) one."),
    ("style.type", T.TEXT, "Style type: paragraph, character, table or numbering."),
    ("style.next", T.STYLE_NAME, "Style of the paragraph that follows (后续段落样式)."),
]

_WORD_OBJECTS = [
    ("table.rows", T.INTEGER, "Number of rows."),
    ("table.columns", T.INTEGER, "Number of grid columns."),
    ("table.style", T.STYLE_NAME, "Table style name."),
    ("table.alignment", T.EnumType("alignment"), "Table alignment on the page."),
    ("table.border.outer", T.BORDER, "Outer border as seen (table, table style and cell "
     "borders combined)."),
    ("table.border.inner", T.BORDER, "Inner border as seen."),
    ("cell.text", T.TEXT, "A table cell's text."),
    ("cell.shading", T.COLOR, "A table cell's shading fill."),
    ("cell.vertical_alignment", T.EnumType("vertical_alignment"), "Vertical alignment in the "
     "cell."),
    ("cell.span", T.TEXT, "Merged span of a cell as ROWSxCOLS (1x1 when not merged)."),
    ("row.height", T.LENGTH_ABS, "Row height in points."),
    ("column.width", T.LENGTH_ABS, "Column width (Word: points; Excel: character units)."),
    ("table.header_repeat", T.BOOL, "Whether the first row repeats as a header row."),
    ("image.width", T.LENGTH_ABS, "Image width."),
    ("image.height", T.LENGTH_ABS, "Image height."),
    ("image.wrap", T.EnumType("wrap_type"), "Text wrapping (嵌入型, 四周型环绕 …)."),
    ("shape.text", T.TEXT, "Text inside a shape or text box."),
    ("field.type", T.TEXT, "Field type (MERGEFIELD, PAGE, TOC …)."),
    ("field.instruction", T.TEXT, "Full field instruction text."),
    ("field.argument", T.TEXT, "First argument of the field (e.g. the merge field name)."),
    ("footnote.text", T.TEXT, "Footnote or endnote text."),
    ("footnote.number_format", T.EnumType("number_format"), "Footnote numbering format."),
    ("hyperlink.target", T.TEXT, "Hyperlink target URL or anchor."),
    ("table.width", T.LENGTH_ABS, "Preferred table width when given as a length."),
    ("table.border.top", T.BORDER, "Top outline border as seen (every segment)."),
    ("table.border.bottom", T.BORDER, "Bottom outline border as seen."),
    ("table.border.left", T.BORDER, "Left outline border as seen."),
    ("table.border.right", T.BORDER, "Right outline border as seen."),
    ("table.border.inside_h", T.BORDER, "Inside horizontal borders as seen."),
    ("table.border.inside_v", T.BORDER, "Inside vertical borders as seen."),
    ("row.height_rule", T.EnumType("row_height_rule"), "Row height rule: auto (自动), "
     "at_least (最小值) or exact (固定值)."),
    ("cell.text_direction", T.TEXT, "Text direction in a cell (lrTb horizontal, tbRl "
     "vertical …)."),
    ("image.alt_text", T.TEXT, "Alternative text of a picture or shape (descr or title)."),
    ("shape.wordart", T.BOOL, "Whether a shape is WordArt (艺术字): a VML text path or a "
     "text shape with a text warp."),
    ("field.result", T.TEXT, "The field's current result text (what it shows)."),
    ("field.switches", T.TEXT, "The field's switches as written (\\o \"1-3\" \\h)."),
    ("footnote.anchor", T.TEXT, "Text of the referencing paragraph before the note's "
     "reference mark (the note is attached after it)."),
    ("comment.text", T.TEXT, "Text of a comment (批注)."),
    ("comment.author", T.TEXT, "Author of a comment."),
    ("comment.anchor", T.TEXT, "The text a comment's range covers."),
]


def define_all(reg: Registry) -> None:
    """Define every catalog name on ``reg``."""
    for group in (_TEXT_FORMATTING, _WORD_PARAGRAPH, _WORD_SECTION, _WORD_DOCUMENT,
                  _WORD_OBJECTS):
        for name, vtype, doc in group:
            reg.define(name, vtype, doc)
    for mod in ("definitions_excel", "definitions_ppt"):
        try:
            module = __import__(f"officeeval.properties.{mod}", fromlist=["define_all"])
        except ModuleNotFoundError as exc:
            if exc.name != f"officeeval.properties.{mod}":
                raise
            continue
        module.define_all(reg)
