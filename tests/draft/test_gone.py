"""draft/gone.py: what became of the input's paragraphs the reference lacks: deleted,
edited by one replace-all (found again by the text both share), or converted to a table;
and the replaced piece widened until the reference no longer holds it."""

from __future__ import annotations

import pytest

from officeeval.draft.changes import diff
from officeeval.draft.gone import Gone, _replacement, read, replace_all, selector
from officeeval.formats import open_document
from tests.builders import docx, p

TABLE = ('<w:tbl><w:tr><w:tc><w:p><w:r><w:t>姓名</w:t></w:r></w:p></w:tc><w:tc><w:p><w:r>'
         '<w:t>年龄</w:t></w:r></w:p></w:tc></w:tr></w:tbl>')
A = "第一分馆位于滨江区文化中心二楼，馆内设有少儿阅览市和成人阅览区，每周一闭馆。"
B = "第二分馆位于滨江区体育中心三楼，馆内设有电子阅览市和期刊阅览区，每周二闭馆。"


@pytest.fixture
def pair(tmp_path):
    docs = []

    def _pair(inp_body: str, ref_body: str):
        inp = open_document(docx(tmp_path, inp_body, name=f"i{len(docs)}.docx"))
        ref = open_document(docx(tmp_path, ref_body, name=f"r{len(docs)}.docx"))
        docs.extend([inp, ref])
        return inp, ref
    yield _pair
    for d in docs:
        d.close()


def test_read_sorts_deleted_replaced_and_tabled_paragraphs(pair):
    inp, ref = pair(p("各分馆阅览市开放时间为每天九点") + p("要删除的一段话。") + p("姓名\t年龄")
                    + p("结语"), p("各分馆阅览室开放时间为每天九点") + TABLE + p("结语"))
    d = diff(inp, ref)
    g = read(d.gone, d.new, ref)
    assert [a.selector for a in g.deleted] == ["paragraph[text='要删除的一段话。']"]
    assert g.replaced == {"阅览市": "阅览室"}
    # The edited paragraph is found again by the words the input shares with it.
    edited = next(a for a in d.new if a.group == "paragraph")
    assert edited.selector == "paragraph[text^='各分馆阅览']"
    assert g.edited == {"paragraph[text='各分馆阅览室开放时间为每天九点']",
                        "paragraph[text^='各分馆阅览']"}


def test_read_with_nothing_gone_is_empty(pair):
    inp, ref = pair(p("甲"), p("甲") + p("乙"))
    d = diff(inp, ref)
    assert read(d.gone, d.new, ref) == Gone()


def test_a_paragraph_rewritten_beyond_recognition_is_deleted(pair):
    inp, ref = pair(p("原来的通知内容") + p("结语"), p("全新的另一段文字") + p("结语"))
    d = diff(inp, ref)
    g = read(d.gone, d.new, ref)
    assert [a.selector for a in g.deleted] == ["paragraph[text='原来的通知内容']"]
    assert (g.replaced, g.edited) == ({}, set())


def test_replace_all_covers_the_same_piece_replaced_in_two_paragraphs(pair):
    inp, ref = pair(p(A) + p(B), p(A.replace("阅览市", "阅览室"))
                    + p(B.replace("阅览市", "阅览室")))
    d = diff(inp, ref)
    assert [c.prop for c in d.changes] == ["text", "text"]
    g = read(d.gone, d.new, ref)
    assert replace_all(d.changes, g, ref) == {id(c) for c in d.changes}
    assert g.replaced == {"阅览市": "阅览室"}


def test_one_paragraph_edited_once_is_no_replace_all(pair):
    inp, ref = pair(p(A), p(A.replace("阅览市", "阅览室")))
    d = diff(inp, ref)
    g = read(d.gone, d.new, ref)
    assert replace_all(d.changes, g, ref) == set()
    assert g.replaced == {}


def test_a_replace_all_is_found_with_enough_context_to_be_absent_from_the_reference():
    old, new = _replacement("各分馆阅览市开放时间", "各分馆阅览室开放时间",
                            ["各分馆阅览室开放时间", "市民"])
    assert old.endswith("市") and len(old) >= 3 and new.endswith("室")


@pytest.mark.parametrize("old, new, refs, want", [
    ("各分馆阅览市开放时间", "各分馆阅览室开放时间", ["各分馆阅览室开放时间", "市民"],
     ("阅览市", "阅览室")),
    # The reference still holds "阅览市" elsewhere: widened to the right as well.
    ("阅览市开放", "阅览室开放", ["少儿阅览市"], ("览市开", "览室开")),
    ("市", "室", [], ("市", "室")),           # a one-character text is its own piece
    ("相同", "相同", [], None),               # nothing replaced
])
def test_replacement_pieces(old, new, refs, want):
    assert _replacement(old, new, refs) == want


def test_selector_quotes_the_piece():
    assert selector("阅览市") == "paragraph[text*='阅览市']"
    assert selector("it's") == 'paragraph[text*="it\'s"]'
