"""PowerPoint's other correct answers on a two-slide task written inline: an action button
added at the bottom right with a pictured fill, a text box the instruction names, a slide
switched to a two-content layout. A rubric that reads the reference's shape name, position
and hex is reported; the same rubric written the robust way is not."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.audit import model as M
from officeeval.audit import regions as RG
from officeeval.audit.colour_neighbours import delta_e
from officeeval.audit.runner import audit_rubric
from officeeval.formats import open_document
from tests.ppt import pptxbuild as B

EMU_CM = 360000
BUTTON = ('<p:sp><p:nvSpPr><p:cNvPr id="4" name="Action Button: End 3"/><p:cNvSpPr/><p:nvPr/>'
          '</p:nvSpPr><p:spPr>' + B.xfrm(30 * EMU_CM, 16 * EMU_CM, 2 * EMU_CM, int(1.6 * EMU_CM))
          + '<a:prstGeom prst="actionButtonEnd"><a:avLst/></a:prstGeom><a:solidFill>'
          '<a:srgbClr val="1F4E79"/></a:solidFill></p:spPr></p:sp>')
ANSWER = B.textbox(5, "答案", B.para("每周六开放"), sppr=B.xfrm(2 * EMU_CM, 8 * EMU_CM,
                                                             20 * EMU_CM, 2 * EMU_CM))
TWO = ("Two Content", "twoObj",
       B.ph_shape(2, "Title 1", 'type="title"') +
       B.ph_shape(3, "Content Placeholder 2", 'sz="half" idx="1"') +
       B.ph_shape(4, "Content Placeholder 3", 'sz="half" idx="2"'))
INSTRUCTION = """# 任务

## 题目（中文）

1. 在“联系我们”幻灯片右下角添加一个“动作按钮：结束”，填充颜色参照示例图 `example-1.png`；
   再添加一个名称为“答案”的文本框，文字为“每周六开放”。
2. 将“江畔音乐周”幻灯片的版式改为“两栏内容”（原有文字保留在左侧）。
"""


def _slides(extra: str) -> list[str]:
    one = B.sld(B.ph_shape(2, "Title 1", 'type="title"', body=B.para("联系我们")) +
                B.ph_shape(3, "Content Placeholder 2", 'idx="1"', body=B.para("电话 123"))
                + extra)
    two = B.sld(B.ph_shape(2, "Title 1", 'type="title"', body=B.para("江畔音乐周")) +
                B.ph_shape(3, "Content Placeholder 2", 'idx="1"', body=B.para("七月开幕")))
    return [one, two]


FRAGILE = """
  <criterion id="c1" skill="obj" points="2"><description>按钮</description>
    <check select="slide[1]/shape[name='Action Button: End 3']" property="shape.geometry"
           expected-from="reference"/></criterion>
  <criterion id="c2" skill="obj" points="2"><description>位置</description>
    <check select="slide[1]/shape[type='actionButtonEnd']" property="shape.left" op="approx"
           expected="30cm" tolerance="0.01cm"/></criterion>
  <criterion id="c3" skill="obj" points="2"><description>颜色</description>
    <check select="slide[1]/shape[type='actionButtonEnd']" property="shape.fill.color"
           expected="#1F4E79"/></criterion>
  <criterion id="c4" skill="keep" points="1"><description>文字保留</description>
    <check select="slide[2]/placeholder[type='body']" property="text" op="unchanged"/>
  </criterion>
  <criterion id="c5" skill="obj" points="2"><description>答案</description>
    <check select="slide[1]/shape[name='答案']" property="text" expected="每周六开放"/>
  </criterion>"""
ROBUST = """
  <criterion id="c1" skill="obj" points="2"><description>按钮</description>
    <check select="slide[1]/shape[type='actionButtonEnd']" op="count" expected="1"/></criterion>
  <criterion id="c2" skill="obj" points="2"><description>位置：右下角</description>
    <check select="slide[1]/shape[type='actionButtonEnd']" property="shape.left"
           op="greater_equal" expected="16.93cm"/>
    <check select="slide[1]/shape[type='actionButtonEnd']" property="shape.top"
           op="greater_equal" expected="9.53cm"/></criterion>
  <criterion id="c3" skill="obj" points="2"><description>纯色填充</description>
    <check select="slide[1]/shape[type='actionButtonEnd']" property="shape.fill.kind"
           expected="solid"/></criterion>
  <criterion id="c4" skill="keep" points="1"><description>文字保留</description>
    <check select="slide[2]/placeholder[type='body'][1]" property="text" op="unchanged"/>
  </criterion>
  <criterion id="c5" skill="obj" points="2"><description>答案</description>
    <check select="slide[1]/shape[name='答案']" property="text" expected="每周六开放"/>
  </criterion>"""


def _rubric(folder: Path, rid: str, body: str) -> Path:
    path = folder / f"{rid}.xml"
    path.write_text(
        f'<rubric xmlns="urn:officeeval:rubric:1" id="{rid}" app="ppt" total="9">'
        f'<files input="input.pptx" reference="reference.pptx"/>{body}</rubric>', "utf-8")
    return path


@pytest.fixture(scope="module")
def task(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("ppt-other")
    layouts = [B.LAYOUT_TITLE_CONTENT, B.LAYOUT_TITLE, TWO]
    B.build(folder / "input.pptx", _slides(""), layouts=layouts, slide_layouts=[1, 1])
    B.build(folder / "reference.pptx", _slides(BUTTON + ANSWER), layouts=layouts,
            slide_layouts=[1, 3])
    (folder / "instruction.md").write_text(INSTRUCTION, "utf-8")
    return folder


def _audit(task: Path, rid: str, body: str):
    keep = task / f"{rid}-mutants"
    r = audit_rubric(_rubric(task, rid, body), options={"recalc": False}, keep_mutants=keep)
    assert r.error == "" and r.reference_ok, (r.error, r.reference_failures)
    return r, keep


def _variant(r, operator: str):
    return next(m for m in r.mutants if m.operator == f"other:{operator}")


def _open(keep: Path, rid: str, m):
    return open_document(keep / f"{rid}-{m.id}.pptx", "ppt")


def test_a_rubric_reading_the_references_name_box_and_hex_is_reported(task):
    r, _ = _audit(task, "fragile", FRAGILE)
    lost = {m.operator: m for m in r.other_answer_fails}
    assert set(lost) >= {"other:created-renamed", "other:created-moved",
                         "other:pictured-colours", "other:layout-placeholders"}
    assert "c1" in lost["other:created-renamed"].changed
    assert "not_found" in lost["other:created-renamed"].explanation
    assert "c2" in lost["other:created-moved"].changed
    assert "c3" in lost["other:pictured-colours"].changed
    assert "c4" in lost["other:layout-placeholders"].changed
    assert not any("c5" in m.changed for m in r.other_answer_fails)
    assert not r.clean() and r.false_fails and r.to_dict()["other_answers"]["false_fails"]


def test_the_same_rubric_written_the_robust_way_is_not(task):
    r, _ = _audit(task, "robust", ROBUST)
    assert r.other_answers and r.other_answer_fails == []
    assert all(m.verdict == M.OTHER_OK for m in r.other_answers)


def test_renamed_shapes_keep_their_id_and_a_given_name_is_kept(task):
    r, keep = _audit(task, "robust2", ROBUST)
    m = _variant(r, "created-renamed")
    assert "kept as the instruction names them: 答案" in m.description
    doc = _open(keep, "robust2", m)
    try:
        shapes = {s.id: s.name for s in doc.slide_sheets[0].all_shapes()}
        assert shapes["4"] == "动作按钮 3" and shapes["5"] == "答案"
    finally:
        doc.close()


def test_the_moved_button_stays_in_the_bottom_right(task):
    r, keep = _audit(task, "robust3", ROBUST)
    doc = _open(keep, "robust3", _variant(r, "created-moved"))
    try:
        s = next(s for s in doc.slide_sheets[0].all_shapes() if s.id == "4")
        b = s.own_box
        page = (doc.slide_size.width * 12700, doc.slide_size.height * 12700)
        where = RG.placement("右下角")
        assert RG.within((b.x, b.y, b.cx, b.cy), page, where)
        assert (b.x, b.y) != (30 * EMU_CM, 16 * EMU_CM) and b.cx != 2 * EMU_CM
    finally:
        doc.close()


def test_the_pictured_fill_moves_within_the_band_and_layout_placeholders_are_empty(task):
    r, keep = _audit(task, "robust4", ROBUST)
    doc = _open(keep, "robust4", _variant(r, "pictured-colours"))
    try:
        from officeeval.ppt.edit.pictured import colours
        got = set(colours(doc)["ppt/slides/slide1.xml"])
        assert "1F4E79" not in got and len(got) == 1
        assert 2.0 <= delta_e("1F4E79", got.pop()) <= 3.0
    finally:
        doc.close()
    doc = _open(keep, "robust4", _variant(r, "layout-placeholders"))
    try:
        shapes = doc.slide_sheets[1].all_shapes()
        added = [s for s in shapes if s.placeholder is not None and s.placeholder.idx == 2]
        assert len(added) == 1 and added[0].name == "内容占位符 3"
        from officeeval.ppt.content import shape_text
        assert shape_text(added[0]) == ""
    finally:
        doc.close()


def test_created_shapes_are_made_in_the_reverse_order(task):
    r, keep = _audit(task, "robust5", ROBUST)
    doc = _open(keep, "robust5", _variant(r, "created-reordered"))
    try:
        assert [s.name for s in doc.slide_sheets[0].shapes] == [
            "Title 1", "Content Placeholder 2", "答案", "Action Button: End 3"]
    finally:
        doc.close()
