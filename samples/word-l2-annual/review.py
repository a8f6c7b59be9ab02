"""The hand review of the drafted rubric (draft.xml -> rubrics/word-l2-annual.xml); why
each edit: NOTES.md. Applied by ``python samples/review.py word-l2-annual``."""


def EDITS(root, r):
    r.attach(root, *(f"../samples/word-l2-annual/example-{i}.png" for i in (1, 2, 3)))
    # Cover title: the picture shows it much larger than the rest, not its exact size.
    r.change(root, "c03", "font.size", op="between", expected="22pt..28pt")
    r.describe(root, "c03", "封面报告名称：黑体、加粗，字号明显大于其余封面文字（示例图）")
    # Not a caption: the paragraph after the table only reads as "below" one.
    r.drop(root, "c13")
    # Section 2 (new): page setup the task asks for only; no page-number format asked.
    r.drop(root, "c16", "columns.spacing", "page.footer_distance", "page.header_distance")
    r.drop(root, "c17", "page_numbers.format")
    # A PAGE field's cached result is whatever the writer put there.
    r.drop(root, "c22")
    # Latin fonts and Heading 2's space after: not asked (left as the template has them).
    r.drop(root, "c24", "font.name")
    r.drop(root, "c26", "font.name")
    r.drop(root, "c27", "paragraph.space_after")
    r.drop(root, "c29", "paragraph.indent.hanging", "paragraph.style")
    # The table's look is its style (the picture): its borders restate the style.
    r.drop(root, "c31", "table.border.inside_h", "table.border.inside_v", "table.border.outer")
    r.describe(root, "c31", "表格 7 行 4 列，套用示例图中的样式（中等深浅底纹 1 - 强调文字颜色 1），居中")
    r.drop(root, "c32")
    r.drop(root, "c34")
    # Depends on how many empty paragraphs a writer leaves: not graded.
    r.drop(root, "c43")
    # The two "deleted" paragraphs are the replace-all: one check over the whole body.
    r.drop(root, "c48")
    r.drop(root, "c49")
    r.add(root, "h1", "text", 3, "“阅览市”已全部更正为“阅览室”",
          [{"select": "paragraph[text*='阅览市']", "op": "count", "expected": "0"},
           {"select": "paragraph[text*='阅览室']", "op": "count", "expected": "5"}],
          after="c04", note="added by hand: the replace-all graded as a whole")
    r.add(root, "h2", "header_footer", 3, "封面节和目录节不显示页眉页脚",
          [{"select": "section[1]", "property": "header.visible", "expected": "false"},
           {"select": "section[1]", "property": "footer.visible", "expected": "false"},
           {"select": "section[text^='目录']", "property": "header.visible",
            "expected": "false"},
           {"select": "section[text^='目录']", "property": "footer.visible",
            "expected": "false"}],
          after="c17", note="added by hand: step 13 (a value equal in the input is no change)")
    r.add(root, "h3", "reference", 4, "“一卡通”处的脚注及其内容",
          [{"select": "footnote[1]", "property": "footnote.text", "expected":
            "读者证在全区各分馆和服务点通用，可通借通还。", "normalize": "space,punct"},
           {"select": "footnote[1]", "property": "footnote.anchor", "op": "contains",
            "expected": "一卡通"}],
          after="c41", note="added by hand: the drafter counts footnotes but reads no text")
    r.add(root, "h4", "preserve", 4, "正文文字未被改动（抽查两段）",
          [{"select": "paragraph[text^='全年新购图书']", "property": "text", "op": "unchanged"},
           {"select": "paragraph[text^='同时，将继续完善']", "property": "text",
            "op": "unchanged"}],
          note="added by hand: preservation of the body text")
