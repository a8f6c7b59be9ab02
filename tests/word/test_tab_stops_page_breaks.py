"""paragraph.tab_stops (制表位, merged through the chain with w:val="clear"),
paragraph.page_break_before (any way a paragraph is made to start a page) and
page_breaks.count; their writers."""

from __future__ import annotations

import pytest

from officeeval.audit.workspace import Workspace
from officeeval.catalog import catalog
from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate
from officeeval.selectors import select
from officeeval.values import Measure, TabStop
from tests.word.wbuild import NORMAL, docx, p, style, values

TOC_STYLE = style("Toc", "目录行", '<w:pPr><w:tabs><w:tab w:val="right" w:leader="dot" '
                  'w:pos="8640"/><w:tab w:val="left" w:pos="1134"/></w:tabs></w:pPr>',
                  based_on="Normal")
DEFAULTS = ('<w:docDefaults><w:pPrDefault><w:pPr><w:tabs><w:tab w:val="center" '
            'w:pos="4320"/></w:tabs></w:pPr></w:pPrDefault></w:docDefaults>')


def _stops(rows):
    return [(str(s), s.position.pt) for s in rows]


def _tabs_doc(tmp_path):
    body = (p("样式的制表位", ppr='<w:pStyle w:val="Toc"/>')
            + p("清除一个，再加一个", ppr='<w:pStyle w:val="Toc"/><w:tabs>'
                '<w:tab w:val="clear" w:pos="1134"/>'
                '<w:tab w:val="decimal" w:leader="hyphen" w:pos="2835"/></w:tabs>')
            + p("只有文档默认")
            + p("列表制表位不算", ppr='<w:tabs><w:tab w:val="num" w:pos="420"/>'
                '<w:tab w:val="end" w:pos="9000"/><w:tab w:val="bogus" w:pos="10"/>'
                '<w:tab w:val="left" w:pos="x"/></w:tabs>'))
    return docx(tmp_path, body, styles=DEFAULTS + NORMAL + TOC_STYLE)


def test_tab_stops_merge_the_chain_and_honour_clear(tmp_path):
    path = _tabs_doc(tmp_path)
    got = values(path, "paragraph", "paragraph.tab_stops")
    assert [(_stops(v), src) for v, src in got] == [
        ([("left 56.7pt", 56.7), ("center 216pt", 216.0), ("right 432pt dot", 432.0)],
         "style:Toc"),
        ([("decimal 141.75pt hyphen", 141.75), ("center 216pt", 216.0),
          ("right 432pt dot", 432.0)], "direct"),
        ([("center 216pt", 216.0)], "docDefaults"),
        # w:val="num" is the list's own tab; an unknown alignment or position is no stop.
        ([("center 216pt", 216.0), ("right 450pt", 450.0)], "direct"),
    ]
    direct = values(path, "paragraph", "paragraph.tab_stops", direct=True)
    assert direct[0] is None and direct[2] is None
    assert [str(s) for s in direct[1][0]] == ["decimal 141.75pt hyphen"]


def test_no_custom_stop_is_the_empty_list(tmp_path):
    path = docx(tmp_path, p("无制表位"), styles=NORMAL)
    assert values(path, "paragraph", "paragraph.tab_stops") == [([], "default")]


@pytest.mark.parametrize("op,expected,passes", [
    # 8640 twips = 6in = 15.24cm: contains matches one stop at the examiner's precision.
    ("contains", "right 6in", True),
    ("contains", "right 15.24cm dot", True),
    ("contains", "right 15.2cm", False),             # 15.20cm shows differently
    ("contains", "右对齐 152.4毫米 点", True),
    ("contains", "right 6in hyphen", False),         # the leader named must match
    ("contains", "left 6in", False),                 # so must the alignment
    ("contains", "left 2cm", True),                  # 1134 twips = 2.0003cm
    ("contains", "left 2.01cm", False),
    ("equals", "left 2cm | center 3in | right 6in dot", True),
    ("equals", "right 6in dot | left 2cm | center 3in", True),   # in any order
    ("equals", "left 2cm | right 6in dot", False),              # one missing
    ("subset_of", "left 2cm | center 3in | right 6in | decimal 1in", True),
    ("subset_of", "left 2cm | center 3in", False),
    ("same_set", "center 3in | left 2cm | right 6in", True),
    ("superset_of", "center 3in | right 6in", True),
    ("not_contains", "bar 1in", True),
])
def test_tab_stop_comparators(tmp_path, op, expected, passes):
    path = _tabs_doc(tmp_path)
    rubric = load_rubric_text(f"""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="paragraph" points="100">
        <check select="paragraph[1]" property="paragraph.tab_stops" op="{op}"
               expected="{expected}"/>
      </criterion></rubric>""")
    card = evaluate(rubric, path)
    assert (card.score == 100) is passes, card.criteria[0].checks[0]


def test_tab_stops_shown_in_the_rubric_unit(tmp_path):
    path = _tabs_doc(tmp_path)
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="paragraph" points="100">
        <check select="paragraph[3]" property="paragraph.tab_stops" op="contains"
               expected="right 6in"/>
      </criterion></rubric>""")
    check = evaluate(rubric, path).criteria[0].checks[0]
    assert check.expected == "right 6in"
    assert check.actual == "[center 3.00in]"


@pytest.mark.parametrize("literal,message", [
    ("6in", "names no alignment"),
    ("right", "names no position"),
    ("right 6in dot dot", "one word too many"),
    ("right 6char", "char units do not apply"),
    ("sideways 6in", "is not a tab alignment"),
])
def test_malformed_tab_stops_are_rubric_errors(literal, message):
    from officeeval.errors import RubricError
    with pytest.raises(RubricError) as exc:
        load_rubric_text(f"""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
          <criterion id="c" skill="paragraph" points="100">
            <check select="paragraph[1]" property="paragraph.tab_stops" op="contains"
                   expected="{literal}"/>
          </criterion></rubric>""")
    assert message in str(exc.value)
    assert "line 4: criterion c" in str(exc.value)


def test_tab_stops_writer_replaces_and_clears_inherited(tmp_path):
    path = _tabs_doc(tmp_path)
    ws = Workspace(path, "word")
    edit = ws.begin()
    target = select(edit.doc, "paragraph[1]")[0]
    value = [TabStop("right", Measure(pt=425.2), "dot")]
    note = catalog().writer("paragraph.tab_stops", "word").write(edit, target, value)
    assert note == "w:tabs (1 stop(s), 3 cleared)"
    out = ws.write(edit, tmp_path / "written.docx")
    got = values(out, "paragraph[1]", "paragraph.tab_stops")
    assert [(str(s), src) for s in got[0][0] for src in [got[0][1]]] == [
        ("right 425.2pt dot", "direct")]


# ------------------------------------------------------------------ page breaks
PAGE_BREAK = '<w:r><w:br w:type="page"/></w:r>'
LINE_BREAK = '<w:r><w:br/></w:r>'
BREAK_STYLE = style("Chapter", "章标题", "<w:pPr><w:pageBreakBefore/></w:pPr>",
                    based_on="Normal")


def _sect(kind: str | None) -> str:
    t = f'<w:type w:val="{kind}"/>' if kind else ""
    return f'<w:sectPr>{t}<w:pgSz w:w="11906" w:h="16838"/></w:sectPr>'


def _breaks_doc(tmp_path):
    body = ("<w:p><w:r><w:t>第一页</w:t></w:r>" + PAGE_BREAK + "</w:p>"   # 1: ends w/ break
            + p("第二页开头")                                              # 2: after a break
            + p("样式段前分页", ppr='<w:pStyle w:val="Chapter"/>')          # 3: styled
            + "<w:p>" + PAGE_BREAK + "<w:r><w:t>分页后的文字</w:t></w:r></w:p>"  # 4: opens w/ one
            + "<w:p><w:r><w:t>中间</w:t></w:r>" + LINE_BREAK
            + "<w:r><w:t>换行不是分页</w:t></w:r></w:p>"                     # 5: none
            # A w:sectPr ends its section and says how that section starts.
            + p("第一节结束", ppr=_sect(None))                             # 6: ends section 1
            + p("连续分节", ppr=_sect("continuous"))                       # 7: section 2
            + p("奇数页分节")                                              # 8: section 3 starts
            + "<w:p>" + PAGE_BREAK + "</w:p>"                              # 9: python-docx style
            + p("已在页首的段前分页", ppr='<w:pageBreakBefore/>')            # 10: not counted again
            + p("直接关闭", ppr='<w:pStyle w:val="Chapter"/><w:pageBreakBefore w:val="0"/>')
            + _sect("oddPage"))
    return docx(tmp_path, body, styles=NORMAL + BREAK_STYLE)


def test_page_break_before_says_how_the_paragraph_starts_a_page(tmp_path):
    path = _breaks_doc(tmp_path)
    assert values(path, "paragraph", "paragraph.page_break_before") == [
        (False, "default"), (True, "page_break"), (True, "style:Chapter"),
        (True, "page_break"), (False, "default"), (False, "default"),
        (False, "default"), (True, "section_break"), (False, "default"),
        (True, "direct"), (False, "direct")]
    direct = values(path, "paragraph", "paragraph.page_break_before", direct=True)
    assert direct[1] is None and direct[9] == (True, "direct")


def test_page_breaks_count(tmp_path):
    path = _breaks_doc(tmp_path)
    # Explicit breaks in 1, 4 and 9; paragraph 3's styled break (not at a page top); the
    # odd-page section break before 8. Not: the line break, the continuous section break,
    # paragraph 10's page break before (already at the top of a page).
    assert values(path, "document", "page_breaks.count") == [(5, "computed")]
    assert values(path, "section", "page_breaks.count") == [
        (3, "computed"), (0, "computed"), (2, "computed")]
    assert values(path, "document", "page_breaks.count", direct=True) == [(5, "computed")]


def test_page_breaks_of_a_document_without_any(tmp_path):
    path = docx(tmp_path, p("一") + p("二", ppr='<w:pageBreakBefore/>'.replace(
        "<w:pageBreakBefore/>", "")), styles=NORMAL)
    assert values(path, "document", "page_breaks.count") == [(0, "computed")]
    # page break before on the first paragraph forces nothing: it is already on page 1.
    path = docx(tmp_path, p("一", ppr="<w:pageBreakBefore/>"), styles=NORMAL, name="b.docx")
    assert values(path, "document", "page_breaks.count") == [(0, "computed")]
    assert values(path, "paragraph", "paragraph.page_break_before") == [(True, "direct")]


def test_page_break_before_writer_off_removes_what_made_the_page(tmp_path):
    path = _breaks_doc(tmp_path)
    ws = Workspace(path, "word")
    edit = ws.begin()
    writer = catalog().writer("paragraph.page_break_before", "word")
    notes = [writer.write(edit, select(edit.doc, f"paragraph[{i}]")[0], False)
             for i in (2, 4, 8)]
    assert notes == ["w:pageBreakBefore=0; 1 page break(s) removed",
                     "w:pageBreakBefore=0; 1 page break(s) removed",
                     "w:pageBreakBefore=0; section break made continuous"]
    out = ws.write(edit, tmp_path / "written.docx")
    got = values(out, "paragraph", "paragraph.page_break_before")
    assert [v for v, _ in got][1:8] == [False, True, False, False, False, False, False]
    assert values(out, "document", "page_breaks.count") == [(2, "computed")]


def test_page_break_rubric(tmp_path):
    path = _breaks_doc(tmp_path)
    rubric = load_rubric_text("""<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word">
      <criterion id="c" skill="page" points="100">
        <check select="paragraph[text='第二页开头']" property="paragraph.page_break_before"
               expected="是"/>
        <check property="page_breaks.count" op="greater_equal" expected="5"/>
        <check select="paragraph[paragraph.page_break_before=true]" op="count"
               expected="5"/>
      </criterion></rubric>""")
    assert evaluate(rubric, path).score == 100
