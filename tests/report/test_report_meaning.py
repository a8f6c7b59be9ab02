"""The report says what the results mean: "most common actual values" lists values (from
ScoreCards the real engine wrote, where a check over many targets once showed a tally), a
grade sheet of an execution failure does not claim a document that was never written, and
short values stay on one line."""

from __future__ import annotations

import json
import re

import pytest
from lxml import html as lhtml

from officeeval.report.html import write_report
from officeeval.report.sheets import document_note, sheet_name
from officeeval.rubric.loader import load_rubric_text
from officeeval.runner.store import GenerationMeta, Store
from officeeval.scoring import evaluate, evaluate_outcome
from tests.builders import docx, p

RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="notice" app="word" total="10" pass="6">
  <criterion id="c1" skill="font" points="5"><description>正文小四</description>
    <check select="paragraph[2..]" property="font.size" expected="小四"/></criterion>
  <criterion id="c2" skill="font" points="5"><description>正文 Times New Roman</description>
    <check select="paragraph[2..]" property="font.name" expected="Times New Roman"/>
  </criterion>
</rubric>"""


def _doc(tmp_path, name: str, sizes: list[int], font: str):
    body = p("通知", rpr='<w:sz w:val="44"/>') + "".join(
        p(f"第{i}段", rpr=f'<w:rFonts w:ascii="{font}" w:hAnsi="{font}"/><w:sz w:val="{s}"/>')
        for i, s in enumerate(sizes, 1))
    return docx(tmp_path, body, name=name)


@pytest.fixture(scope="module")
def batch(tmp_path_factory):
    """A store written from the real engine's ScoreCards: three models whose paragraphs
    have sizes that differ from one another and from 小四 (12pt = sz 24)."""
    tmp = tmp_path_factory.mktemp("meaning")
    rubric = load_rubric_text(RUBRIC, "notice.xml")
    docs = {"m-a": ([21, 24, 21], "Arial"), "m-b": ([21, 21, 28], "Arial"),
            "m-c": ([24, 24, 24], "Times New Roman"), "m-d": ([28, 21, 24], "Calibri")}
    out = tmp / "out"
    with Store(out) as store:
        for model, (sizes, font) in docs.items():
            card = evaluate(rubric, _doc(tmp, f"{model}.docx", sizes, font))
            store.record(GenerationMeta(f"k-{model}", "notice", model, 1, "word", "1",
                                        "code"), card, {"mode": "bwrap", "exit_code": 0,
                                                        "output_found": True})
        failures = [("exec_error", {"mode": "bwrap", "exit_code": 1, "output_found": False,
                                    "exception_line": "KeyError: 'x'"}),
                    ("exec_timeout", {"mode": "bwrap", "timed_out": True,
                                      "output_found": True}),
                    ("invalid_package", {"mode": "bwrap", "exit_code": 0,
                                         "output_found": True})]
        for outcome, sandbox in failures:
            card = evaluate_outcome(rubric, outcome, "output.docx", "detail")
            store.record(GenerationMeta(f"k-{outcome}", "notice", "m-e", len(outcome), "word",
                                        "1", "code"), card, sandbox)
    write_report(out)
    return out


def test_most_common_actual_values_are_values(batch):
    s = json.loads((batch / "report" / "summary.json").read_text(encoding="utf-8"))
    rows = {r["criterion_id"]: r for r in s["top_failed"]}
    sizes = [(a["expected"], a["actual"], a["count"]) for a in rows["c1"]["actuals"]]
    # Each failing generation's first failing paragraph: m-a, m-b and m-d show 10.5pt
    # (sz 21) first, m-d's paragraph[2] being 14pt (sz 28).
    assert sizes == [("12pt (小四)", "10.5pt (五号)", 2), ("12pt (小四)", "14pt (四号)", 1)]
    fonts = [(a["actual"], a["count"]) for a in rows["c2"]["actuals"]]
    assert fonts == [("'Arial'", 2), ("'Calibri'", 1)]
    for r in rows.values():
        assert not any(re.fullmatch(r"\d+/\d+ pass", a["actual"]) for a in r["actuals"])
    page = (batch / "report" / "index.html").read_text(encoding="utf-8")
    assert "12pt (小四) → <b>10.5pt (五号)</b> × 2" in page
    md = (batch / "report" / "summary.md").read_text(encoding="utf-8")
    assert "12pt (小四) → 10.5pt (五号) ×2" in md


def _lead(batch, key: str) -> str:
    page = lhtml.parse(str(batch / "report" / "sheets" / sheet_name(key))).getroot()
    return " ".join(page.xpath("//p[@class='lead']")[0].text_content().split())


def test_an_execution_failure_sheet_claims_no_document(batch):
    assert "no document written (expected output.docx)" in _lead(batch, "k-exec_error")
    assert "document output.docx" not in _lead(batch, "k-exec_error")
    assert "document output.docx (written, but not graded: the program failed)" in \
        _lead(batch, "k-exec_timeout")
    assert "document output.docx (written but not a readable package)" in \
        _lead(batch, "k-invalid_package")
    assert "m-a.docx · key" in _lead(batch, "k-m-a")


@pytest.mark.parametrize("outcome, sandbox, said", [
    ("ok", None, ("out.docx", "")),
    ("no_code", None, ("", "no document written (expected out.docx)")),
    ("exec_killed", {"output_found": False}, ("", "no document written (expected out.docx)")),
    ("exec_error", {"output_found": True},
     ("out.docx", "written, but not graded: the program failed")),
    ("exec_error", "not a record", ("", "no document written (expected out.docx)")),
])
def test_document_note(outcome, sandbox, said):
    assert document_note(outcome, {"document": "out.docx"}, sandbox) == said
    assert document_note(outcome, None, sandbox)[0] == ""


def test_short_values_are_kept_on_one_line(batch):
    page = lhtml.parse(str(batch / "report" / "sheets" / sheet_name("k-m-a"))).getroot()
    cells = page.xpath("//tr[@class='check']/td[contains(@class, 'val')]")
    assert cells and all("nw" in c.get("class").split() for c in cells
                         if len(c.text_content()) <= 40)
    css = page.xpath("//style")[0].text
    assert re.search(r"td\.val\.nw[^{]*\{ white-space: nowrap; \}", css)
    assert "word-break: break-word" not in css[css.index("td.val"):css.index("td.val") + 200]
