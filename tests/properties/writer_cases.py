"""One round-trip case per (app, property) that has a writer: the document, a selector and
a value (a literal of the property's value type, as a rubric writes it) that differs from
what the document shows. ``test_writers.py`` writes the value with the writer, saves, reads
it back with the resolver and compares; a writer without a case fails the coverage test.

Documents: ``W``/``X``/``P`` are the packages ``writer_fixtures`` builds (Word objects, Excel
objects, PowerPoint objects); the others are the shipped samples' reference outputs."""

from __future__ import annotations

WR, WM, WA, WN = ("word-l2-report/reference.docx", "word-l2-merge/reference.docx",
                  "word-l1-article/reference.docx", "word-l1-notice/reference.docx")
XG, XS, XP, XI = ("excel-l1-grades/reference.xlsx", "excel-l2-sales/reference.xlsx",
                  "excel-l1-purchase/reference.xlsx", "excel-l2-import/reference.xlsx")
PC, PT, PM, PR = ("ppt-l1-campus/reference.pptx", "ppt-l1-travel/reference.pptx",
                  "ppt-l2-museum/reference.pptx", "ppt-l2-report/reference.pptx")
W, X, P = "W", "X", "P"

Case = tuple[str, str, str]
CASES: dict[tuple[str, str], Case] = {}


def _add(app: str, doc: str, selector: str, rows: dict[str, str]) -> None:
    for prop, literal in rows.items():
        assert (app, prop) not in CASES, (app, prop)
        CASES[(app, prop)] = (doc, selector, literal)


# ------------------------------------------------------------------ Word
_add("word", WN, "paragraph[2]", {
    "font.all_caps": "true", "font.bold": "true", "font.color": "FF0000",
    "font.double_strike": "true", "font.east_asia": "楷体", "font.emphasis_mark": "dot",
    "font.highlight": "yellow", "font.italic": "true", "font.name": "Arial",
    "font.scale": "150%", "font.shading": "FFFF00", "font.size": "9pt",
    "font.small_caps": "true", "font.spacing": "2pt", "font.strike": "true",
    "font.subscript": "true", "font.underline": "double",
    "paragraph.alignment": "right", "paragraph.border": "single",
    "paragraph.border.top": "double", "paragraph.border.bottom": "double",
    "paragraph.border.left": "double", "paragraph.border.right": "double",
    "paragraph.indent.left": "1cm", "paragraph.indent.right": "1cm",
    "paragraph.indent.hanging": "2char", "paragraph.keep_with_next": "true",
    "paragraph.line_spacing": "固定值 20磅", "paragraph.outline_level": "2",
    "paragraph.page_break_before": "true", "paragraph.shading": "D9D9D9",
    "paragraph.space_after": "1line", "paragraph.space_before": "6pt",
    "paragraph.indent.special": "hanging", "paragraph.widow_control": "true",
    "paragraph.tab_stops": "right 6in dot | left 2cm",
    "text": "改写的一段",
})
_add("word", WN, "paragraph[3]", {"font.superscript": "true",
                                  "paragraph.indent.first_line": "3char",
                                  "paragraph.style": "标题 1"})
_add("word", WN, "section[1]", {
    "page.size": "A3", "page.width": "20cm", "page.height": "25cm",
    "page.orientation": "landscape", "page.margin.top": "1cm", "page.margin.bottom": "1cm",
    "page.margin.left": "1cm", "page.margin.right": "1cm", "page.margin.gutter": "1cm",
    "page.margin.gutter_position": "top",
    "page.header_distance": "2cm", "page.footer_distance": "2cm", "page.border": "double",
    "page.border.top": "single", "page.border.bottom": "single",
    "page.border.left": "single", "page.border.right": "single", "columns.count": "3",
    "columns.spacing": "1cm", "columns.separator": "true", "section.start": "continuous",
    "section.title_page": "true", "section.vertical_alignment": "center",
    "page_numbers.format": "upperRoman", "page_numbers.start": "5",
    "section.even_and_odd": "true", "header.text": "新页眉文字",
    "footer.text": "新页脚文字", "header.has_page_number": "true",
    "footer.visible": "false",
})
_add("word", WR, "section[1]", {"header.visible": "true"})
_add("word", WR, "section[2]", {"footer.has_page_number": "false"})

_add("word", WA, "table[1]", {
    "table.alignment": "right", "table.width": "10cm", "table.border.outer": "single",
    "table.border.inner": "dotted", "table.border.top": "single",
    "table.border.bottom": "single", "table.border.left": "single",
    "table.border.right": "single", "table.border.inside_h": "dotted",
    "table.border.inside_v": "dotted", "table.header_repeat": "true", "table.rows": "3",
    "table.columns": "2", "table.style": "Light Grid",
})
_add("word", WA, "table[1]/cell(2,2)", {
    "cell.shading": "FFFF00", "cell.vertical_alignment": "bottom", "cell.text": "新格",
    "cell.text_direction": "tbRl", "cell.border.top": "double", "cell.border.bottom": "double",
    "cell.border.left": "double", "cell.border.right": "double",
})
_add("word", WA, "table[1]/row[2]", {"row.height": "30pt", "row.height_rule": "at_least"})
_add("word", WA, "table[1]/column[2]", {"column.width": "5cm"})
_add("word", W, "paragraph[3]", {
    "paragraph.numbering": "upperRoman", "paragraph.numbering.text": "第%1条",
    "paragraph.numbering.start": "3", "paragraph.numbering.level": "2",
    "paragraph.numbering.suffix": "space",
})
_add("word", W, "paragraph[4]", {"paragraph.drop_cap": "margin",
                                 "paragraph.drop_cap.lines": "2",
                                 "paragraph.drop_cap.distance": "6pt"})
_add("word", W, "paragraph[5]", {"caption.label": "图", "caption.position": "below"})
_add("word", W, "comment[1]", {"comment.text": "改过的批注", "comment.author": "李四"})
_add("word", W, "footnote[1]", {"footnote.text": "改过的脚注",
                                "footnote.number_format": "lowerRoman"})
_add("word", W, "hyperlink[1]", {"hyperlink.target": "http://example.com/b"})
_add("word", W, "image[1]", {"image.width": "5cm", "image.height": "4cm",
                             "image.alt_text": "另一张图", "image.wrap": "square"})
_add("word", W, "textbox[1]", {"shape.text": "另外的文字", "shape.geometry": "ellipse",
                               "shape.fill.color": "0000FF", "shape.name": "框 9",
                               "shape.width": "6cm", "shape.height": "3cm",
                               "shape.wordart": "true"})
_add("word", W, "chart[1]", {
    "chart.type": "line", "chart.types": "bar", "chart.grouping": "stacked",
    "chart.three_d": "true", "chart.title": "销售额", "chart.series.count": "1",
    "chart.series.names": "2023|2025", "chart.series.values": "11|21",
    "chart.series.categories": "三月|四月",
    "chart.series.value_refs": "Sheet1!$B$2:$B$4|Sheet1!$C$2:$C$3",
    "chart.series.category_refs": "Sheet1!$A$2:$A$4|Sheet1!$A$2:$A$3",
    "chart.legend.position": "bottom", "chart.data_labels": "true",
    "chart.axis.x.title": "季度", "chart.axis.y.title": "金额", "chart.style": "5",
})
_add("word", W, "smartart[1]", {"smartart.nodes": "丙|乙", "smartart.layout": "basic_process",
                                "smartart.layout_id": "urn:microsoft.com/office/officeart/"
                                                      "2005/8/layout/cycle2"})
_add("word", W, "document", {"watermark.text": "样本", "watermark.font": "宋体",
                             "watermark.color": "FF0000", "watermark.layout": "horizontal",
                             "watermark.kind": "none"})
_add("word", WN, "document", {
    "background.color": "FFFF00", "theme.name": "Another Theme", "core.title": "新标题",
    "core.author": "王五", "core.subject": "新主题", "core.keywords": "甲;乙",
    "core.description": "新备注", "core.category": "新类别", "core.last_modified_by": "赵六",
    "core.created": "2020-01-01T00:00:00Z", "core.modified": "2021-01-01T00:00:00Z",
})
_add("word", WM, "document", {
    "mail_merge.main_type": "catalog", "mail_merge.query": "SELECT * FROM `Sheet2$`",
    "mail_merge.destination": "printer", "mail_merge.data_source": "D:\\数据\\名单.xlsx",
    "mail_merge.data_file": "名单2.xlsx", "mail_merge.fields": "名字|性别|座位号",
})
_add("word", WM, "paragraph[2]/field[type='IF']", {
    "field.type": "SET", "field.instruction": 'IF { MERGEFIELD 性别 } = "女" "先生" "女士"',
})
_add("word", WM, "paragraph[2]/field[1]", {"field.argument": "名字", "field.result": "«名»"})
_add("word", "WX", "chart[1]", {"chart.cache_matches_workbook": "false"})  # tests/word/wrefs
_add("word", WR, "toc[1]", {"toc.levels": "3", "toc.hyperlinks": "false",
                            "toc.page_numbers": "false", "field.switches": '\\o 1-2 \\h'})
_add("word", WN, "style('Normal')", {"style.based_on": "标题 1", "style.custom": "true",
                                     "style.next": "标题 2", "style.type": "character"})

# ------------------------------------------------------------------ Excel
_add("excel", XG, "'期末成绩'!A2", {
    "cell.alignment.horizontal": "right", "cell.alignment.vertical": "top",
    "cell.border.top": "double", "cell.border.bottom": "double", "cell.border.left": "double",
    "cell.border.right": "double", "cell.fill.color": "FF0000", "cell.indent": "2",
    "cell.locked": "false", "cell.wrap": "true", "cell.number_format": "0.00",
    "font.bold": "false", "font.color": "0000FF", "font.east_asia": "黑体",
    "font.italic": "true", "font.name": "Arial", "font.size": "20pt", "font.strike": "true",
    "font.subscript": "true", "font.underline": "double", "cell.merged": "true",
    "cell.merge_range": "A2:C2", "cell.span": "1x3",
})
_add("excel", XG, "'期末成绩'!A3", {"font.superscript": "true", "cell.value": "甲乙丙",
                                   "cell.display": "显示", "text": "文字",
                                   "cell.text": "文字二"})
_add("excel", XG, "'期末成绩'!G3", {"cell.formula": "=MAX(D3:F3)"})
_add("excel", X, "'数据'!D2", {"cell.has_formula": "false"})
_add("excel", XG, "sheet('期末成绩')/chart[1]", {
    "chart.type": "line", "chart.types": "bar", "chart.grouping": "stacked",
    "chart.three_d": "true", "chart.title": "新标题", "chart.series.count": "0",
    "chart.series.names": "新系列", "chart.series.categories": "a|b|c|d|e|f|g|h|i",
    "chart.series.value_refs": "'期末成绩'!$G$3:$G$10",
    "chart.series.category_refs": "'期末成绩'!$B$3:$B$10",
    "chart.legend.position": "left", "chart.data_labels": "true",
    "chart.axis.y.title": "总分", "chart.style": "7", "chart.anchor": "M2:T18",
    "chart.pivot_source": "透视表!数据透视表1",
})
_add("excel", X, "sheet('数据')/chart[1]", {"chart.series.values": "1|2|3",
                                           "chart.series.all_values": "6|5|4|3|2|1",
                                           "chart.axis.x.title": "学生"})
_add("excel", XG, "sheet('期末成绩')/conditional_format[1]", {
    "cf.type": "expression", "cf.range": "H3:H20", "cf.operator": "greaterThan",
    "cf.formula": "70", "cf.fill.color": "00B0F0", "cf.font.color": "00B0F0",
    "cf.font.bold": "true",
})
_add("excel", X, "sheet('数据')/conditional_format[1]", {"cf.colors": "FF0000|00FF00"})
_add("excel", X, "sheet('数据')/conditional_format[2]", {"cf.icon_set": "3Arrows"})
_add("excel", X, "sheet('数据')/conditional_format[3]", {"cf.rank": "7"})
_add("excel", X, "sheet('数据')/conditional_format[4]", {"cf.text": "乙",
                                                          "cf.cells": "A3:A4"})
_add("excel", XS, "sheet('销售数据')/validation[1]", {
    "validation.type": "whole", "validation.range": "C2:C10", "validation.list": "甲|乙",
    "validation.formula": "1", "validation.formula2": "100",
    "validation.operator": "greaterThan", "validation.list.ordered": "华北|华东",
    "validation.input.show": "true", "validation.input.title": "提示",
    "validation.input.message": "请从列表中选择地区", "validation.error.show": "true",
    "validation.error.style": "warning", "validation.error.title": "输入有误",
    "validation.error.message": "只能输入列表中的地区",
})
_add("excel", XS, "pivot[1]", {
    "pivot.name": "透视2", "pivot.location": "B5", "pivot.range": "B5:F12",
    "pivot.source": "'销售数据'!A1:F10", "pivot.rows": "", "pivot.columns": "",
    "pivot.filters": "", "pivot.values": "销售额:count", "pivot.values.captions": "销售总额",
    "pivot.values.functions": "平均值", "pivot.values.number_formats": "0.0%",
})
_add("excel", X, "table", {"table.name": "成绩2", "table.range": "A1:C3",
                           "table.style": "TableStyleLight9", "table.total_row": "true",
                           "table.header_row": "false",
                           "table.column_names": "名字|语文|数学",
                           "table.banded_rows": "false", "table.banded_columns": "true",
                           "table.first_column": "true", "table.last_column": "true"})
_add("excel", X, "name", {"name.refers_to": "'数据'!$C$2:$C$4", "name.scope": "数据"})
_add("excel", X, "sheet[1]", {"sheet.outline.rows": "0", "sheet.outline": "0",
                              "sheet.outline.columns": "0",
                              "sheet.outline.summary_below": "false",
                              "sheet.outline.summary_right": "false"})
_add("excel", XP, "sheet('采购清单')", {
    "sheet.name": "清单", "sheet.hidden": "true", "sheet.tab_color": "00B050",
    "sheet.freeze": "B3", "sheet.protected": "true", "sheet.print.orientation": "portrait",
    "sheet.print.paper": "A3", "sheet.print.fit": "2x1", "sheet.print.titles": "1:1",
    "sheet.print.area": "A1:F10", "sheet.index": "2", "sheet.values": "{\"A1\": \"改\"}",
})
_add("excel", X, "sheet('筛选')", {"sheet.autofilter": "none",
                                  "sheet.autofilter.criteria": "", "sheet.sort": "none"})
_add("excel", X, "sheet('筛选') ", {"sheet.sort.range": "A2:B5",
                                   "sheet.sort.custom_lists": "B: 高,中,低"})
_add("excel", XP, "workbook", {"workbook.sheet_names": "甲|乙", "workbook.sheet_count": "1",
                               "workbook.date1904": "true"})
_add("excel", XG, "sheet('期末成绩')/column('B')", {"column.width": "30",
                                                    "column.hidden": "true"})
_add("excel", XG, "sheet('期末成绩')/row(3)", {"row.height": "40pt", "row.hidden": "true",
                                               "row.outline_level": "2"})

# ------------------------------------------------------------------ PowerPoint
_add("ppt", PC, "slide[1]/title", {
    "font.all_caps": "true", "font.bold": "true", "font.color": "00FF00",
    "font.double_strike": "true", "font.east_asia": "楷体", "font.highlight": "FFFF00",
    "font.italic": "true", "font.name": "Arial", "font.size": "18pt",
    "font.small_caps": "true", "font.spacing": "3pt", "font.strike": "true",
    "font.subscript": "true", "font.underline": "double", "paragraph.alignment": "right",
    "paragraph.line_spacing": "2line", "paragraph.space_after": "12pt",
    "paragraph.space_before": "12pt", "paragraph.level": "2", "paragraph.bullet": "•",
    "paragraph.indent.left": "1cm", "paragraph.indent.first_line": "1cm",
    "shape.text": "新标题", "shape.left": "3cm", "shape.top": "2cm", "shape.width": "20cm",
    "shape.height": "4cm", "shape.rotation": "30", "shape.name": "标题 9",
    "shape.geometry": "ellipse", "shape.fill.color": "FF0000", "shape.fill.kind": "solid",
    "shape.placeholder_type": "body", "text": "新文字", "shape.region": "bottom_right",
})
_add("ppt", PC, "slide[1]/placeholder[type='subTitle']", {"font.superscript": "true",
                                      "paragraph.indent.hanging": "1cm"})
_add("ppt", PC, "slide[1]", {
    "slide.title": "新的标题", "slide.layout": "空白", "slide.layout_type": "blank",
    "slide.hidden": "true", "slide.background.color": "FF0000",
    "slide.background.kind": "gradient", "slide.index": "2", "transition.type": "push",
})
_add("ppt", PC, "slide[2]", {"slide.section": "封面"})
_add("ppt", PC, "layout[1]", {"slide.date.visible": "false", "slide.footer.visible": "false",
                             "slide.number.visible": "false"})
_add("ppt", PT, "slide[2]", {"footer.text": "新页脚"})
_add("ppt", PC, "presentation", {
    "presentation.loop": "false", "presentation.show_type": "kiosk",
    "presentation.slide_size": "16:9", "section.names": "甲|乙", "slide.count": "3",
    "theme.name": "新主题", "theme.font.major": "Arial", "theme.font.minor": "Arial",
    "theme.font.major.east_asia": "黑体", "theme.font.minor.east_asia": "楷体",
    **{f"theme.color.{s}": "123456" for s in (
        "dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5",
        "accent6", "hlink", "folHlink")},
})
_add("ppt", PC, "slide/animation[1]", {
    "animation.effect": "fade", "animation.class": "exit",
    "animation.trigger": "after_previous", "animation.duration": "3", "animation.delay": "2",
    "animation.direction": "from_left", "animation.by_paragraph": "true",
    "animation.target": "Title 1",
})
_add("ppt", PM, "slide[4]/animation[2]", {"animation.paragraph": "2"})
_add("ppt", PC, "slide/smartart[1]", {"smartart.style": "中等效果",
                                      "smartart.colors": "colorful_accent"})
_add("ppt", PC, "slide/smartart[1]", {"smartart.nodes": "一|二|复赛|决赛",
                                      "smartart.layout": "basic_cycle",
                                      "smartart.layout_id": "urn:microsoft.com/office/"
                                                            "officeart/2005/8/layout/cycle2"})
_add("ppt", PT, "slide/table[1]", {"table.rows": "2", "table.columns": "2",
                                   "table.style": "中度样式 2", "table.first_row": "false",
                                   "table.banded_rows": "false"})
_add("ppt", PT, "slide/table[1]/cell(2,2)", {"cell.shading": "FF0000", "cell.text": "新格"})
_add("ppt", PT, "slide[5]", {"notes.text": "新备注"})
_add("ppt", PT, "slide[1]", {"transition.direction": "l",
                             "transition.duration": "2", "transition.advance_after": "8",
                             "transition.advance_on_click": "false"})
_add("ppt", PR, "slide/chart[1]", {
    "chart.type": "line", "chart.types": "bar", "chart.grouping": "stacked",
    "chart.three_d": "true", "chart.title": "新图表", "chart.series.count": "1",
    "chart.series.names": "甲|乙", "chart.series.values": "1|2|3|4",
    "chart.series.categories": "a|b|c|d",
    "chart.series.value_refs": "Sheet1!$B$2:$B$4|Sheet1!$C$2:$C$5",
    "chart.series.category_refs": "Sheet1!$A$2:$A$4|Sheet1!$A$2:$A$5",
    "chart.legend.position": "left", "chart.data_labels": "true",
    "chart.axis.x.title": "横轴", "chart.axis.y.title": "纵轴", "chart.style": "9",
})
_add("ppt", PC, "slide[4]/shape[name='Content Placeholder 2']", {
    "hyperlink.target": "http://example.com/x", "hyperlink.action": "next_slide"})
_add("ppt", P, "slide[1]/animation[2]", {"animation.trigger_shape": "圆形"})
_add("ppt", P, "slide[1]/shape[name='按钮']", {"shape.outline.kind": "none",
                                              "shape.outline.color": "FF0000",
                                              "shape.outline.width": "3pt"})
_add("ppt", P, "slide[2]", {"slide.date.kind": "fixed", "slide.date.text": "2026年12月3日",
                            "slide.hide_background_graphics": "true"})
_add("ppt", P, "presentation", {"presentation.custom_shows": "短版|长版",
                                "presentation.show.slides": "2-3",
                                "presentation.show.custom_show": "精简版",
                                "presentation.advance": "manual"})
_add("ppt", P, "custom_show[1]", {"custom_show.name": "新放映", "custom_show.slides": "2|3"})
_add("ppt", P, "slide[3]/chart[1]", {"chart.series.markers": "circle|square"})
_add("excel", X, "sheet('筛选')/chart[1]", {"chart.series.markers": "diamond|none"})
