"""Write docs/syllabus.md: the NCRE MS Office syllabus, line by line, with the catalog
properties that grade each operation and the shipped rubrics whose checks read them.

The operations and the names that grade them are the data below (our own summary of the
public syllabus); the property lists are expanded from the catalog (``officeeval.catalog``)
and the rubric lists read from ``rubrics/*.xml``, so the page follows the catalog and the
rubrics as they grow. A name or pattern the catalog no longer has is an error, not a
silently shorter line.

    python docs/make_syllabus.py           # rewrite docs/syllabus.md
    python docs/make_syllabus.py --check   # exit 1 when docs/syllabus.md is stale
"""

from __future__ import annotations

import argparse
import fnmatch
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from officeeval.catalog import catalog  # noqa: E402
from officeeval.rubric import load_rubric  # noqa: E402

OUT = ROOT / "docs" / "syllabus.md"
SHOWN = 8  # property names written out per line; the rest counted


@dataclass(frozen=True)
class Operation:
    """One syllabus line: ``props`` are catalog names or glob patterns (``font.*``,
    ``sheet.outline*``) of the line's app; ``selectors`` are selector fragments a rubric's
    ``select`` may contain (``style(``, ``bookmark``); ``note`` is written after them."""
    app: str
    text: str
    props: tuple[str, ...] = ()
    selectors: tuple[str, ...] = ()
    note: str = ""


def op(app: str, text: str, *props: str, selectors: tuple[str, ...] = (),
       note: str = "") -> Operation:
    return Operation(app, text, props, selectors, note)


LEVEL_1 = [
    op("word", "文字编辑：插入、删除、复制、查找与替换", "text", "count"),
    op("word", "字体格式：字体（中文/西文）、字号、颜色、加粗倾斜下划线、着重号、上下标、字符间距",
       "font.*"),
    op("word", "段落格式：对齐、缩进、行距、段前段后", "paragraph.alignment", "paragraph.indent.*",
       "paragraph.line_spacing", "paragraph.space_*"),
    op("word", "边框和底纹（段落、页面）", "page.border*", "paragraph.border*", "paragraph.shading"),
    op("word", "首字下沉、分栏", "columns.*", "paragraph.drop_cap*"),
    op("word", "页面设置：纸张、方向、页边距", "page.height", "page.width", "page.margin.*",
       "page.orientation", "page.size"),
    op("word", "页眉、页脚、页码", "footer.*", "header.*", "page_numbers.*"),
    op("word", "表格：创建、行列、单元格合并、边框底纹、表格样式、对齐", "table.*", "cell.*", "row.*",
       "column.width"),
    op("word", "表格数据的排序与计算（公式）",
       note="a formula in a cell is read as a field (`field.type`, `field.instruction`) and "
            "its result as `cell.text`; nothing says \"sorted\""),
    op("word", "图片、艺术字、文本框、形状：插入、大小、环绕方式", "image.*", "shape.*"),
    op("excel", "数据输入与编辑、单元格合并", "cell.text", "cell.value", "cell.merged",
       "cell.merge_range"),
    op("excel", "单元格格式：字体、对齐、边框、填充、数字格式", "cell.alignment.*", "cell.border.*",
       "cell.fill.color", "cell.number_format", "cell.indent", "cell.wrap", "font.*"),
    op("excel", "行高、列宽、工作表重命名、标签颜色、冻结窗格", "row.height", "column.width",
       "sheet.name", "workbook.sheet_names", "sheet.tab_color", "sheet.freeze"),
    op("excel", "公式与常用函数（SUM、AVERAGE、MAX、MIN、COUNT、IF、RANK）", "cell.formula",
       "cell.functions", "cell.has_formula", "cell.value"),
    op("excel", "条件格式", "cf.*"),
    op("excel", "图表：类型、数据源、标题、图例、位置", "chart.*"),
    op("excel", "排序、自动筛选", "sheet.sort*", "sheet.autofilter*"),
    op("excel", "分类汇总", "row.outline_level", "sheet.outline*"),
    op("excel", "页面设置与打印（方向、纸张、缩放、打印标题）", "sheet.print.*", "sheet.print_pages"),
    op("ppt", "幻灯片的插入、删除、移动；版式", "slide.count", "slide.index", "slide.title",
       "slide.layout", "slide.layout_type"),
    op("ppt", "文字格式与段落（字体、字号、颜色、行距、项目级别）", "font.*", "paragraph.*"),
    op("ppt", "图片、表格、图表、SmartArt 的插入与设置", "picture.count", "table.*", "cell.*",
       "chart.*", "smartart.*"),
    op("ppt", "背景与主题", "slide.background.*", "theme.*"),
    op("ppt", "页眉页脚：日期、编号、页脚文字", "footer.text", "slide.date.*", "slide.footer.visible",
       "slide.number.visible"),
    op("ppt", "动画效果与切换效果", "animation.*", "transition.*"),
    op("ppt", "超链接", "hyperlink.*"),
    op("ppt", "放映方式（循环放映、展台浏览）", "presentation.loop", "presentation.show_type",
       "presentation.advance"),
]

LEVEL_2 = [
    op("word", "样式：修改内置样式、新建样式（基于、后续段落）", "style.*", selectors=("style(",)),
    op("word", "多级列表并链接到标题样式", "paragraph.numbering*", "paragraph.outline_level"),
    op("word", "分节（下一页、连续），各节不同的页眉页脚与页码格式", "section.*", "header.visible",
       "footer.visible", "page_numbers.*"),
    op("word", "分页后的版面：目录单独一页、封面不计页码、总页数、某页的页眉页脚",
       "document.page_count", "layout.*", "paragraph.starts_page", "paragraph.page_break_before",
       "page_breaks.count", "page.header_text", "page.footer_text", "page.number",
       "section.page_range", note="the page values as LibreOffice lays the document out"),
    op("word", "目录的插入与更新", "toc.*", "toc_entry.*"),
    op("word", "题注与交叉引用", "caption.*", "field.target_text",
       selectors=("field[type='REF']",)),
    op("word", "脚注与尾注", "footnote.*"),
    op("word", "文档属性", "core.*"),
    op("word", "水印、页面颜色、主题", "watermark.*", "background.color", "theme.name"),
    op("word", "邮件合并（数据源、合并域、规则）", "mail_merge.*", "field.type", "field.argument",
       "field.instruction", "field.result", "field.switches"),
    op("word", "批注与修订", "comment.*"),
    op("word", "文本转换为表格、表格转换为图表", "table.rows", "table.columns", "chart.*"),
    op("word", "索引、书签", selectors=("bookmark",)),
    op("excel", "数据验证（序列、整数范围、输入信息、出错警告）", "validation.*"),
    op("excel", "自定义数字格式、日期格式", "cell.number_format", "cell.display", "cell.display_fits"),
    op("excel", "跨表引用与查找函数（VLOOKUP、XLOOKUP、INDEX/MATCH）", "cell.formula",
       "cell.functions", "cell.references"),
    op("excel", "条件统计函数（SUMIFS、COUNTIFS、AVERAGEIFS）", "cell.functions"),
    op("excel", "文本、日期函数（TRIM、MID、TEXT、DATEVALUE）", "cell.functions"),
    op("excel", "公式条件格式、数据条、色阶、图标集", "cf.*"),
    op("excel", "定义名称", "name.*"),
    op("excel", "套用表格格式（表）", "table.*"),
    op("excel", "数据透视表", "pivot.*"),
    op("excel", "数据透视图", "chart.pivot_source",
       note="with the `chart.*` properties of the chart itself"),
    op("excel", "高级筛选、分类汇总、合并计算", "sheet.autofilter*", "row.outline_level",
       "sheet.outline*"),
    op("excel", "工作表保护、隐藏", "sheet.protected", "cell.locked", "sheet.hidden", "row.hidden",
       "column.hidden"),
    op("excel", "迷你图、模拟分析（单变量求解、方案）"),
    op("ppt", "母版与版式的修改", "slide.hide_background_graphics", selectors=("master[", "layout("),
       note="with `shape.*`, `font.*` and `slide.background.*` on master and layout targets"),
    op("ppt", "节", "section.names", "slide.section"),
    op("ppt", "文本转换为 SmartArt（布局、颜色、样式）", "smartart.*"),
    op("ppt", "动画：效果、方向、顺序、计时、触发、按段落", "animation.*"),
    op("ppt", "超链接与动作按钮", "hyperlink.*"),
    op("ppt", "隐藏幻灯片、放映设置、排练计时", "slide.hidden", "presentation.loop",
       "presentation.show_type", "presentation.advance", "presentation.slide_size",
       "transition.advance_after", "transition.advance_on_click"),
    op("ppt", "备注", "notes.text"),
    op("ppt", "音频、视频", "shape.kind"),
    op("ppt", "自定义放映", "custom_show.*", "presentation.custom_shows", "presentation.show.*"),
    op("ppt", "演示文稿打包与导出"),
]

APP_TITLES = {"word": "Word", "excel": "Excel", "ppt": "PowerPoint"}

HEAD = """# The NCRE MS Office syllabus and what grades it

Generated by `python docs/make_syllabus.py`; do not edit by hand (a test fails when this
file is stale). The operations of the public syllabus of China's National Computer Rank
Examination (NCRE) for MS Office — level 1 (计算机基础及 MS Office 应用) and level 2 (MS
Office 高级应用与设计) — summarised line by line in our own words, each mapped to the catalog
properties (`docs/properties.md`) that grade it and the shipped rubrics (`rubrics/`) whose
checks read them. A line marked **not graded by the catalog** has no property yet: a rubric
can only reach it through the raw `part` + `xpath` escape hatch, or not at all. Level 2
includes level 1's operations; its lines below are those it adds.

A rubric is listed on a line of its own application when one of its checks reads one of the
line's properties or selects with one of its selectors. The script holds the operations and
the names (or patterns such as `font.*`) that grade them; the lists are expanded from the
catalog and the rubrics each time it runs ({rubrics} rubrics now).
"""

GAPS = """## Known gaps

* Word: sorting and calculating table data (a formula field in a cell is readable as a
  field, its result as `cell.text`, but no property says "sorted"); tracked revisions
  (修订); index entries (索引). Comments and bookmarks are readable but no shipped task
  uses them.
* Excel: sparklines (迷你图), what-if analysis (单变量求解, 方案), consolidation
  (合并计算) beyond its result values; the advanced filter's criteria range is read only as
  values.
* PowerPoint: rehearsed timings beyond `transition.advance_after`, packaging and export;
  audio and video are seen as shapes (`shape.kind`) with no playback settings.
* Layout (page counts, where pages break, what a page's header shows) is graded from the
  document as LibreOffice lays it out: reliable where section and page breaks decide, and for
  text flow when the document's fonts are installed or metric-compatible (see
  `layout.reliable` in the ScoreCard and README "Page layout and rendered pages").
"""


def expand(o: Operation, reg) -> list[str]:
    """The catalog names of ``o``'s app its patterns cover, in catalog order; raises
    ``ValueError`` for a pattern that covers none (a renamed or removed property)."""
    names = reg.names(o.app)
    out: list[str] = []
    for pat in o.props:
        if pat == "count":  # the engine's own name, valid in every app
            hits = ["count"]
        else:
            hits = [n for n in names if fnmatch.fnmatchcase(n, pat)]
        if not hits:
            raise ValueError(f"{APP_TITLES[o.app]} line {o.text!r}: {pat!r} names no "
                             f"property of the catalog")
        out += [h for h in hits if h not in out]
    return sorted(out)


def uses(o: Operation, names: list[str], rubrics) -> list[str]:
    """Ids of the rubrics of ``o``'s app whose checks read one of ``names`` or select with
    one of ``o.selectors``."""
    wanted = set(names)
    out = []
    for r in rubrics:
        if r.app != o.app:
            continue
        checks = [k for c in r.criteria for k in c.checks]
        if any(k.property in wanted or ("count" in wanted and k.op == "count")
               or any(s in (k.select or "") for s in o.selectors) for k in checks):
            out.append(r.id)
    return sorted(out)


def row(o: Operation, reg, rubrics) -> str:
    names = expand(o, reg)
    shown = ", ".join(f"`{n}`" for n in names[:SHOWN])
    if len(names) > SHOWN:
        shown += f" … ({len(names)})"
    parts = [shown] if shown else []
    if o.selectors:
        parts.append("selectors " + ", ".join(f"`{s}`" for s in o.selectors))
    if o.note and parts:
        parts[-1] += f" ({o.note})"
    if not names and not o.selectors:
        graded = "**not graded by the catalog**" + (f" ({o.note})" if o.note else "")
        used = "—"
    else:
        graded = "; ".join(parts)
        used = ", ".join(uses(o, names, rubrics)) or "none yet"
    return f"| {APP_TITLES[o.app]} | {o.text} | {graded} | {used} |"


def render() -> str:
    reg = catalog()
    rubrics = [load_rubric(p) for p in sorted((ROOT / "rubrics").glob("*.xml"))]
    table = ["| app | operation (操作) | catalog properties that grade it | shipped rubrics that "
             "use them |", "| --- | --- | --- | --- |"]
    lines = [HEAD.format(rubrics=len(rubrics)),
             "## NCRE level 1（一级 计算机基础及 MS Office 应用）", "", *table,
             *(row(o, reg, rubrics) for o in LEVEL_1), "",
             "## NCRE level 2（二级 MS Office 高级应用与设计）", "", *table,
             *(row(o, reg, rubrics) for o in LEVEL_2), "", GAPS]
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true",
                    help="exit 1 when docs/syllabus.md differs from what would be written")
    args = ap.parse_args()
    text = render()
    if args.check:
        if OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run python docs/make_syllabus.py",
                  file=sys.stderr)
            return 1
        return 0
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
