"""Independent solutions in the audit (``audit.solutions``): each program runs in the
batch's sandbox on a fresh copy of the task's input and is graded; it must score full marks
or lose exactly the criteria the task's NOTES list for it. A loss the NOTES do not explain,
or a noted loss that does not happen, makes the audit not clean; a program that crashes is
graded as the batch grades it (``exec_error``)."""

from __future__ import annotations

import pytest

from officeeval.audit import audit
from officeeval.audit.solutions import (AS_NOTED, FULL_MARKS, UNEXPLAINED, expectations,
                                        solution_folder)
from tests.word.wbuild import NORMAL, docx, p

RUBRIC = """<rubric xmlns="urn:officeeval:rubric:1" id="bold-task" app="word">
  <files input="input.docx" reference="reference.docx"/>
  <criterion id="c1" skill="font" points="60">
    <check select="paragraph[1]" property="font.bold" expected="true"/></criterion>
  <criterion id="c2" skill="text" points="40">
    <check select="paragraph[2]" property="text" op="unchanged"/></criterion>
</rubric>"""

GOOD = """import docx
d = docx.Document("input.docx")
for r in d.paragraphs[0].runs:
    r.bold = True
d.save("output.docx")
"""
FORGOT = GOOD.replace("r.bold = True", "pass")
CRASHES = "raise SystemExit('cannot open the file')\n"

NOTES = """# bold-task

## Independent solutions

- `forgot.py` (text-only): 40
  - c1 (step 1, "第 1 段加粗"): the program never sets bold.
- `good.py` (with pictures): 100
"""


@pytest.fixture()
def task(tmp_path):
    docx(tmp_path, p("标题") + p("正文") + "<w:sectPr/>", styles=NORMAL, name="input.docx")
    docx(tmp_path, p("标题", rpr="<w:b/>") + p("正文") + "<w:sectPr/>", styles=NORMAL,
         name="reference.docx")
    (tmp_path / "rubric.xml").write_text(RUBRIC, "utf-8")
    sol = tmp_path / "solutions"
    sol.mkdir()
    (sol / "good.py").write_text(GOOD, "utf-8")
    (sol / "forgot.py").write_text(FORGOT, "utf-8")
    (tmp_path / "NOTES.md").write_text(NOTES, "utf-8")
    return tmp_path


def test_solutions_as_noted_keep_the_audit_clean(task):
    r = audit(task / "rubric.xml").rubrics[0]
    got = {s.name: (s.score, s.verdict, sorted(s.lost)) for s in r.solutions}
    assert got == {"forgot.py": (40.0, AS_NOTED, ["c1"]), "good.py": (100.0, FULL_MARKS, [])}
    assert r.clean(), (r.solutions_failing, r.origin_errors, r.false_fails, r.survivors,
                       r.input_offenders, r.reference_failures)


def test_an_unexplained_loss_and_a_crash_make_it_not_clean(task):
    (task / "solutions" / "crashes.py").write_text(CRASHES, "utf-8")
    (task / "NOTES.md").write_text(NOTES.replace("  - c1 (step 1", "  - c2 (step 1"), "utf-8")
    r = audit(task / "rubric.xml", mutate=False).rubrics[0]
    by = {s.name: s for s in r.solutions}
    assert by["forgot.py"].verdict == UNEXPLAINED
    assert "loses c1 without a note" in by["forgot.py"].detail
    assert "keeps c2, which the NOTES say it loses" in by["forgot.py"].detail
    assert (by["crashes.py"].outcome, by["crashes.py"].verdict) == ("exec_error", UNEXPLAINED)
    assert not r.clean()
    off = audit(task / "rubric.xml", mutate=False, solutions=False).rubrics[0]
    assert off.solutions == [] and off.clean()


def test_a_folder_given_for_many_rubrics(task, tmp_path_factory):
    elsewhere = tmp_path_factory.mktemp("given")
    (elsewhere / "bold-task").mkdir()
    (elsewhere / "bold-task" / "good.py").write_text(GOOD, "utf-8")
    assert solution_folder(str(task / "input.docx"), elsewhere, "bold-task") == \
        elsewhere / "bold-task"
    assert solution_folder(str(task / "input.docx")) == task / "solutions"
    assert solution_folder(str(task / "input.docx"), elsewhere, "other-task") is None
    r = audit(task / "rubric.xml", mutate=False, solutions=elsewhere).rubrics[0]
    assert [s.name for s in r.solutions] == ["good.py"]


def test_expectations_read_from_the_notes():
    got = expectations(NOTES + "\n## Another section\n- `x.py`: 5\n")
    assert set(got) == {"forgot.py", "good.py"}
    assert got["forgot.py"].score == 40 and list(got["forgot.py"].lost) == ["c1"]
    assert "never sets bold" in got["forgot.py"].lost["c1"]
    assert got["good.py"].lost == {}
    assert expectations("# no section\n") == {}
