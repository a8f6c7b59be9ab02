"""The scoring engine: statuses, match modes, scoring modes, preservation, expected-from,
eval_error accounting and task outcomes."""

from __future__ import annotations

import pytest

from officeeval.errors import UnverifiableValue
from officeeval.rubric import load_rubric_text
from officeeval.scoring import evaluate, evaluate_outcome
from tests.builders import docx, p, style

STYLES = style("Normal", "Normal", default=True)


def rubric(criteria: str, total: int = 10, files: str = ""):
    return load_rubric_text(
        f'<rubric xmlns="urn:officeeval:rubric:1" id="t" app="word" total="{total}">'
        f"{files}{criteria}</rubric>")


def doc(tmp_path, *paragraphs, name="d.docx"):
    return docx(tmp_path, "".join(paragraphs), styles=STYLES, name=name)


def crit(cid, points, *checks, scoring="all", skill="s"):
    return (f'<criterion id="{cid}" skill="{skill}" points="{points}" scoring="{scoring}">'
            + "".join(checks) + "</criterion>")


def status(card):
    return {c.id: (c.status, c.earned) for c in card.criteria}


def test_pass_fail_not_found(tmp_path):
    path = doc(tmp_path, p("标题", rpr="<w:b/>"), p("正文"))
    card = evaluate(rubric(
        crit("a", 4, '<check select="paragraph[1]" property="font.bold" expected="true"/>')
        + crit("b", 3, '<check select="paragraph[2]" property="font.bold" expected="true"/>')
        + crit("c", 3, '<check select="paragraph[9]" property="font.bold" expected="true"/>')),
        path)
    assert status(card) == {"a": ("pass", 4), "b": ("fail", 0), "c": ("not_found", 0)}
    assert card.score == 4 and card.total == 10 and not card.passed
    c = card.criteria[2].checks[0]
    assert c.actual == "(nothing selected)" and "matched nothing" in c.detail
    assert card.criteria[1].failure_class == "logic"


def test_empty_selection_passes_only_when_absence_is_asked(tmp_path):
    path = doc(tmp_path, p("x"))
    card = evaluate(rubric(
        crit("a", 5, '<check select="paragraph[text=\'不存在\']" property="text" op="absent"/>')
        + crit("b", 5, '<check select="paragraph[text=\'不存在\']" property="font.bold" '
               'expected="true" match="none"/>')), path)
    assert status(card) == {"a": ("pass", 5), "b": ("pass", 5)}


@pytest.mark.parametrize("match,expected", [
    ("all", "fail"), ("any", "pass"), ("none", "fail"), ("count>=1", "pass"),
    ("count>=2", "fail"),
])
def test_match_modes(tmp_path, match, expected):
    path = doc(tmp_path, p("a", rpr="<w:b/>"), p("b"))
    card = evaluate(rubric(crit("a", 10, f'<check select="paragraph" property="font.bold" '
                                         f'expected="true" match="{match}"/>')), path)
    assert card.criteria[0].status == expected
    assert len(card.criteria[0].checks[0].targets) == 2


def test_scoring_modes(tmp_path):
    path = doc(tmp_path, p("a", rpr="<w:b/>"))
    ok = '<check select="paragraph[1]" property="font.bold" expected="true"/>'
    bad = '<check select="paragraph[1]" property="font.italic" expected="true"/>'
    card = evaluate(rubric(crit("all", 4, ok, bad) + crit("any", 3, bad, ok, scoring="any")
                           + crit("part", 3, ok, bad, bad, scoring="partial")), path)
    assert status(card) == {"all": ("fail", 0), "any": ("pass", 3), "part": ("fail", 1)}
    assert card.score == 4


def test_unchanged_and_changed_against_the_input(tmp_path):
    inp = doc(tmp_path, p("第一段"), p("第二段"), name="in.docx")
    out = doc(tmp_path, p("第一段"), p("第二段（改）"), p("新增"), name="out.docx")
    files = f'<files input="{inp}"/>'
    card = evaluate(rubric(
        crit("same1", 4, '<check select="paragraph[1]" property="text" op="unchanged"/>')
        + crit("all", 3, '<check select="paragraph" property="text" op="unchanged"/>')
        + crit("chg", 3, '<check select="paragraph[2]" property="text" op="changed"/>'),
        files=files), out)
    assert status(card) == {"same1": ("pass", 4), "all": ("fail", 0), "chg": ("pass", 3)}
    detail = card.criteria[1].checks[0]
    assert detail.status == "fail"
    assert [t.passed for t in detail.targets] == [True, False, False]
    # Deleting paragraphs is a change too.
    short = doc(tmp_path, p("第一段"), name="short.docx")
    card = evaluate(rubric(crit("all", 10, '<check select="paragraph" property="text" '
                                           'op="unchanged"/>'), files=files), short)
    assert card.criteria[0].status == "fail"
    assert card.criteria[0].checks[0].targets[-1].actual == "(missing)"


def test_kept_input_observations_are_reused_and_stay_right(tmp_path, monkeypatch):
    # A Grader keeps the input open across gradings and remembers its observations:
    # grading many outputs must give each its own verdict, and the input side is resolved
    # once.
    from officeeval.scoring import Grader, grading as grading_module
    inp = doc(tmp_path, p("甲", rpr="<w:b/>"), p("乙"), name="in2.docx")
    r = rubric(crit("same", 5, '<check select="paragraph" property="text" op="unchanged"/>')
               + crit("bold", 5, '<check select="paragraph" property="font.bold" '
                                 'op="unchanged"/>'), files=f'<files input="{inp}"/>')
    same = doc(tmp_path, p("甲", rpr="<w:b/>"), p("乙"), name="same.docx")
    text = doc(tmp_path, p("甲", rpr="<w:b/>"), p("丙"), name="text.docx")
    bold = doc(tmp_path, p("甲"), p("乙"), name="bold.docx")
    calls = []
    real = grading_module.resolve

    def counting(name, target, ctx=None):
        calls.append((name, target.locator))
        return real(name, target, ctx)

    monkeypatch.setattr(grading_module, "resolve", counting)
    with Grader() as grader:
        verdicts = [status(grader.grade(r, d)) for d in (same, text, bold, same, text)]
    assert verdicts == [{"same": ("pass", 5), "bold": ("pass", 5)},
                        {"same": ("fail", 0), "bold": ("pass", 5)},
                        {"same": ("pass", 5), "bold": ("fail", 0)},
                        {"same": ("pass", 5), "bold": ("pass", 5)},
                        {"same": ("fail", 0), "bold": ("pass", 5)}]
    # 5 gradings x 2 checks x 2 paragraphs on the graded side; the input's 2 x 2 once.
    assert len(calls) == 5 * 4 + 4
    # Separate evaluate() calls share nothing: each resolves the input again.
    calls.clear()
    for d in (same, text):
        evaluate(r, d)
    assert len(calls) == 2 * (4 + 4)


def test_a_closed_grader_has_closed_its_kept_documents(tmp_path):
    from officeeval.scoring import Grader
    inp = doc(tmp_path, p("甲"), name="in3.docx")
    r = rubric(crit("same", 10, '<check select="paragraph" property="text" op="unchanged"/>'),
               files=f'<files input="{inp}"/>')
    grader = Grader(keep=1)
    assert status(grader.grade(r, doc(tmp_path, p("甲"), name="o.docx"))) == \
        {"same": ("pass", 10)}
    kept = grader.kept.documents()
    assert len(kept) == 1
    assert kept[0].package._zip.fp is not None   # open between gradings
    grader.close()
    assert not grader.kept and kept[0].package._zip.fp is None


def test_expected_from_reference(tmp_path):
    ref = doc(tmp_path, p("标题", rpr='<w:sz w:val="44"/>'), name="ref.docx")
    good = doc(tmp_path, p("标题", rpr='<w:sz w:val="44"/>'), name="good.docx")
    bad = doc(tmp_path, p("标题", rpr='<w:sz w:val="32"/>'), name="bad.docx")
    r = rubric(crit("a", 10, '<check select="paragraph[1]" property="font.size" '
                             'expected-from="reference"/>'), files=f'<files reference="{ref}"/>')
    assert evaluate(r, good).criteria[0].status == "pass"
    card = evaluate(r, bad)
    assert card.criteria[0].status == "fail"
    assert card.criteria[0].checks[0].expected == "22pt (二号)"


def test_missing_reference_is_an_evaluator_problem_not_a_failure(tmp_path):
    out = doc(tmp_path, p("x"))
    r = rubric(crit("a", 6, '<check select="paragraph[1]" property="text" '
                            'expected-from="reference"/>')
               + crit("b", 4, '<check select="paragraph[1]" property="text" expected="x"/>'))
    card = evaluate(r, out)
    assert status(card) == {"a": ("eval_error", 0), "b": ("pass", 4)}
    assert card.eval_errors == 1 and card.total == 4 and card.score == 4 and card.passed
    assert card.criteria[0].failure_class == "evaluator"


def test_our_bugs_and_unverifiable_values_become_eval_error(tmp_path, monkeypatch):
    import officeeval.scoring.grading as grading_module
    real = grading_module.resolve

    def flaky(name, target, ctx=None):
        if name == "font.italic":
            raise UnverifiableValue("formula not recalculated: B2")
        if name == "font.strike":
            raise ZeroDivisionError("boom")
        return real(name, target, ctx)

    monkeypatch.setattr(grading_module, "resolve", flaky)
    path = doc(tmp_path, p("x"))
    card = evaluate(rubric(
        crit("u", 3, '<check select="paragraph[1]" property="font.italic" expected="true"/>')
        + crit("z", 3, '<check select="paragraph[1]" property="font.strike" expected="true"/>')
        + crit("ok", 4, '<check select="paragraph[1]" property="font.bold" expected="false"/>')),
        path)
    assert status(card) == {"u": ("eval_error", 0), "z": ("eval_error", 0), "ok": ("pass", 4)}
    assert "formula not recalculated" in card.criteria[0].checks[0].detail
    assert card.criteria[1].checks[0].detail.startswith("evaluator error: ZeroDivisionError")
    assert card.total == 4 and card.score == 4 and card.eval_errors == 2


def test_invalid_package_and_execution_outcomes(tmp_path):
    junk = tmp_path / "out.docx"
    junk.write_bytes(b"not a zip at all")
    r = rubric(crit("a", 10, '<check select="paragraph[1]" property="text" expected="x"/>'))
    card = evaluate(r, junk)
    assert card.outcome == "invalid_package" and card.outcome_detail.startswith("not_a_zip")
    assert [c.status for c in card.criteria] == ["skipped"]
    assert card.criteria[0].failure_class == "execution"
    card = evaluate_outcome(r, "exec_timeout", detail="killed after 10 s")
    assert card.outcome == "exec_timeout" and card.score == 0 and not card.passed


def test_wrong_app_is_invalid_package(tmp_path):
    import zipfile
    path = tmp_path / "out.docx"
    with zipfile.ZipFile(path, "w") as zf:
        zf.writestr("[Content_Types].xml",
                    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
                    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.'
                    'openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>')
        zf.writestr("_rels/.rels",
                    '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/'
                    'relationships"><Relationship Id="r1" Type="http://schemas.openxmlformats'
                    '.org/officeDocument/2006/relationships/officeDocument" '
                    'Target="xl/workbook.xml"/></Relationships>')
        zf.writestr("xl/workbook.xml", "<workbook/>")
    card = evaluate(rubric(crit("a", 10, '<check select="paragraph" op="count" expected="1"/>')),
                    path)
    assert card.outcome == "invalid_package" and "wrong_format" in card.outcome_detail


def test_count_and_xpath_escape_hatch(tmp_path):
    path = doc(tmp_path, p("a"), p("b"), p("c"))
    card = evaluate(rubric(
        crit("n", 5, '<check select="paragraph" op="count" expected=">=3"/>',
             '<check select="paragraph" property="count" op="less" expected="4"/>')
        + crit("x", 5, '<check part="word/document.xml" xpath="count(//w:p)" expected="3"/>')),
        path)
    assert status(card) == {"n": ("pass", 5), "x": ("pass", 5)}


def test_scorecard_json_contract(tmp_path):
    path = doc(tmp_path, p("x"))
    card = evaluate(rubric(crit("a", 10, '<check select="paragraph[1]" property="font.size" '
                                         'expected="10pt"/>')), path)
    d = card.to_dict()
    for key in ("task", "app", "document", "outcome", "score", "total", "pass_mark", "passed",
                "eval_errors", "criteria"):
        assert key in d
    check = d["criteria"][0]["checks"][0]
    assert check == {**check, "select": "paragraph[1]", "property": "font.size",
                     "op": "equals", "actual": "10pt", "source": "default", "passed": True}
    from officeeval.scoring import ScoreCard
    assert ScoreCard.from_dict(d).to_dict() == d


def test_count_with_expected_from_counts_the_other_document(tmp_path):
    ref = doc(tmp_path, p("a"), p("b"), name="ref.docx")
    r = rubric(crit("a", 5, '<check select="paragraph" property="count" '
                            'expected-from="reference"/>')
               + crit("b", 5, '<check select="paragraph" property="count" op="unchanged"/>'),
               files=f'<files reference="{ref}" input="{ref}"/>')
    card = evaluate(r, doc(tmp_path, p("x"), p("y"), name="good.docx"))
    assert status(card) == {"a": ("pass", 5), "b": ("pass", 5)}
    card = evaluate(r, doc(tmp_path, p("x"), name="bad.docx"))
    assert status(card) == {"a": ("fail", 0), "b": ("fail", 0)}
    k = card.criteria[0].checks[0]
    assert (k.expected, k.actual) == ("2 (in the reference)", "1")


def test_expected_from_where_neither_document_has_a_value_is_equal(tmp_path):
    # header.text of a section without a header: no value in either document.
    ref = doc(tmp_path, p("a"), name="ref.docx")
    files = f'<files reference="{ref}"/>'
    eq = rubric(crit("a", 10, '<check select="section[1]" property="header.text" '
                              'expected-from="reference"/>'), files=files)
    ne = rubric(crit("a", 10, '<check select="section[1]" property="header.text" '
                              'op="not_equals" expected-from="reference"/>'), files=files)
    out = doc(tmp_path, p("b"), name="out.docx")
    assert status(evaluate(eq, out)) == {"a": ("pass", 10)}
    assert status(evaluate(ne, out))["a"][1] == 0


def test_absent_and_exists_without_a_property_judge_the_selection(tmp_path):
    path = doc(tmp_path, p("正文"), p("附件一"))
    card = evaluate(rubric(
        crit("a", 3, '<check select="paragraph[text*=\'附件\']" op="absent"/>')
        + crit("b", 3, '<check select="paragraph[text*=\'附录\']" op="absent"/>')
        + crit("c", 2, '<check select="paragraph[text*=\'附件\']" op="exists"/>')
        + crit("d", 2, '<check select="paragraph[text*=\'附录\']" op="exists"/>')), path)
    assert status(card) == {"a": ("fail", 0), "b": ("pass", 3), "c": ("pass", 2),
                            "d": ("not_found", 0)}


def test_xpath_numbers_and_booleans_compare_as_such(tmp_path):
    path = doc(tmp_path, p("a"), p("b"), p("c"))
    card = evaluate(rubric(
        crit("a", 2, '<check part="word/document.xml" xpath="count(//w:p)" '
                     'op="greater_equal" expected="3"/>')
        + crit("b", 2, '<check part="word/document.xml" xpath="count(//w:p)" '
                       'op="less" expected="3"/>')
        + crit("c", 2, '<check part="word/document.xml" xpath="boolean(//w:tbl)" '
                       'expected="false"/>')
        + crit("d", 2, '<check part="word/document.xml" xpath="count(//w:p)" '
                       'expected="3.0"/>')
        + crit("e", 2, '<check part="word/document.xml" xpath="string(//w:t)" '
                       'expected="a"/>')), path)
    assert status(card) == {"a": ("pass", 2), "b": ("fail", 0), "c": ("pass", 2),
                            "d": ("pass", 2), "e": ("pass", 2)}
    assert card.criteria[1].checks[0].actual == "3"


@pytest.mark.parametrize("tolerance,passes", [(None, False), ("8", True), ("7", False)])
def test_approx_on_colours_uses_the_channel_tolerance(tmp_path, tolerance, passes):
    path = doc(tmp_path, p("字", rpr='<w:color w:val="F80808"/>'))
    tol = f' tolerance="{tolerance}"' if tolerance else ""
    card = evaluate(rubric(crit("a", 10, f'<check select="paragraph[1]" property="font.color" '
                                         f'op="approx" expected="#FF0000"{tol}/>')), path)
    assert (card.criteria[0].status == "pass") is passes


@pytest.mark.parametrize("op", ["contains", "starts_with", "ends_with", "equals"])
def test_text_comparators_with_expected_from_on_cell_values(tmp_path, op):
    from tests.excel.xlsx_builder import rows, xlsx
    sheet = rows('<c r="A1" t="inlineStr"><is><t>华东区</t></is></c><c r="B1"><v>250</v></c>')
    ref = xlsx(tmp_path, [("S", sheet)], name="ref.xlsx")
    out = xlsx(tmp_path, [("S", sheet)], name="out.xlsx")
    other = xlsx(tmp_path, [("S", rows('<c r="A1" t="inlineStr"><is><t>华北区</t></is></c>'
                                       '<c r="B1"><v>251</v></c>'))], name="other.xlsx")
    r = load_rubric_text(
        '<rubric xmlns="urn:officeeval:rubric:1" id="t" app="excel" total="2">'
        f'<files reference="{ref}"/>'
        f'<criterion id="a" skill="s" points="1"><check select="\'S\'!A1" property="cell.value" '
        f'op="{op}" expected-from="reference"/></criterion>'
        f'<criterion id="b" skill="s" points="1"><check select="\'S\'!B1" property="cell.value" '
        f'op="{op}" expected-from="reference"/></criterion></rubric>')
    opts = {"recalc": False}
    assert status(evaluate(r, out, options=opts)) == {"a": ("pass", 1), "b": ("pass", 1)}
    assert status(evaluate(r, other, options=opts)) == {"a": ("fail", 0), "b": ("fail", 0)}
