"""The audit makes a mutant for every dialog setting added for the exam writers (validation
messages, table style options, the saved sort, outline summaries, pivot value fields,
conditional-format effects, chart markers; slide-show settings, custom shows, date
placeholders, background graphics, shape outlines) and each one is caught by its check."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from officeeval.audit import audit
from officeeval.audit import model as M
from tests.properties import writer_fixtures as F

# (selector, property, expected) per criterion; expected as the reference shows it.
PPT_CHECKS = [
    ("slide[1]/shape[name='按钮']", "shape.outline.kind", "solid"),
    ("slide[1]/shape[name='按钮']", "shape.outline.color", "4B7EBC"),
    ("slide[1]/shape[name='按钮']", "shape.outline.width", "0.75pt"),
    ("slide[2]", "slide.date.kind", "field"),
    ("slide[1]/animation[2]", "animation.trigger_shape", "按钮"),
    ("slide[2]", "slide.date.text", "2026/12/3"),
    ("slide[1]", "slide.hide_background_graphics", "false"),
    ("presentation", "presentation.custom_shows", "精简版|完整版"),
    ("custom_show('精简版')", "custom_show.name", "精简版"),
    ("custom_show('精简版')", "custom_show.slides", "3|1"),
    ("presentation", "presentation.show.slides", "all"),
    ("presentation", "presentation.advance", "timings"),
    ("slide[3]/chart[1]", "chart.series.markers", "auto|auto"),
]
EXCEL_CHECKS = [
    ("table('成绩')", "table.banded_rows", "true"),
    ("table('成绩')", "table.banded_columns", "false"),
    ("sheet('数据')", "sheet.outline.summary_below", "true"),
    ("sheet('数据')/conditional_format[3]", "cf.cells", "B2|C2|B3|C3|C4"),
    ("sheet('筛选')", "sheet.sort.range", "A1:B3"),
    ("sheet('筛选')/chart[1]", "chart.series.markers", "none|none"),
]


def _rubric(path: Path, app: str, doc: str, checks: list[tuple[str, str, str]]) -> Path:
    crits = "".join(
        f'<criterion id="c{i:02d}" skill="s" points="5"><check select="{sel}" property="{prop}" '
        f'expected="{exp}"/></criterion>' for i, (sel, prop, exp) in enumerate(checks, 1))
    path.write_text(
        f'<?xml version="1.0" encoding="UTF-8"?><rubric xmlns="urn:officeeval:rubric:1" '
        f'id="settings-{app}" app="{app}" level="2" total="{5 * len(checks)}" '
        f'pass="{len(checks)}">'
        f'<title>设置</title><files input="{doc}" reference="{doc}"/><skill id="s" name="设置"/>'
        f'{crits}</rubric>',
        encoding="utf-8")
    return path


def _caught(report) -> None:
    assert report.error == "" and report.reference_ok
    by_criterion = {c.id: c for c in report.criteria}
    for c in by_criterion.values():
        assert c.mutants >= 1, f"{c.id}: no mutant ({c.unmutated_checks})"
        assert c.caught == c.mutants, f"{c.id}: survivors {c.survivors}"
    assert not [m for m in report.mutants if m.verdict in (M.INVALID, M.INEFFECTIVE)
                and m.kind == "break"]


def test_ppt_settings_mutants_are_caught(tmp_path):
    doc = F.ppt_objects(tmp_path)
    report = audit(_rubric(tmp_path / "ppt.xml", "ppt", doc.name, PPT_CHECKS)).rubrics[0]
    ops = {m.operator for m in report.mutants}
    assert {f"direct:{p}" for _, p, _ in PPT_CHECKS} <= ops
    _caught(report)


def _playing(doc: Path, show_id: str | None) -> Path:
    """``doc`` with its slide show playing the custom show ``show_id`` (``p:custShow``)."""
    import zipfile
    with zipfile.ZipFile(doc) as zf:
        members = {i.filename: zf.read(i) for i in zf.infolist()}
    text = members["ppt/presProps.xml"].decode("utf-8")
    assert "<p:sldAll/>" in text
    members["ppt/presProps.xml"] = text.replace(
        "<p:sldAll/>", f'<p:custShow id="{show_id}"/>').encode("utf-8")
    with zipfile.ZipFile(doc, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return doc


@pytest.mark.parametrize("show_id, played", [("0", "精简版"), ("1", "完整版")])
def test_ppt_custom_show_played_mutant_is_caught(tmp_path, show_id, played):
    doc = _playing(F.ppt_objects(tmp_path), show_id)
    checks = [("presentation", "presentation.show.custom_show", played)]
    report = audit(_rubric(tmp_path / "ppt.xml", "ppt", doc.name, checks)).rubrics[0]
    mutants = [m for m in report.mutants
               if m.operator == "direct:presentation.show.custom_show"]
    assert len(mutants) == 1
    # The other custom show is played instead: the mistake is a real show, not a typo.
    other = {"精简版": "完整版", "完整版": "精简版"}[played]
    assert repr(other) in mutants[0].description
    _caught(report)


def test_custom_show_writer_empty_value_plays_every_slide(tmp_path):
    """The mistake the audit writes when only one custom show exists: none chosen."""
    from officeeval.audit.workspace import Workspace
    from officeeval.catalog import catalog, resolve
    from officeeval.formats import open_document
    from officeeval.properties.registry import ResolveContext
    from officeeval.selectors import select
    doc = _playing(F.ppt_objects(tmp_path), "0")
    ctx = ResolveContext(options={})
    ws = Workspace(doc, "ppt", {})
    edit = ws.begin()
    pres = select(edit.doc, "presentation")[0]
    assert resolve("presentation.show.custom_show", pres, ctx).value == "精简版"
    note = catalog().writer("presentation.show.custom_show", "ppt").write(edit, pres, "")
    assert note == "all slides"
    out = ws.write(edit, tmp_path / "written.pptx")
    again = open_document(out, "ppt", options={})
    try:
        pres = select(again, "presentation")[0]
        assert resolve("presentation.show.custom_show", pres, ctx) is None
        assert resolve("presentation.show.slides", pres, ctx).value == "all"
    finally:
        again.close()


@pytest.mark.skipif(shutil.which("soffice") is None,
                    reason="LibreOffice (soffice) is needed to recalculate the openpyxl-written "
                           "workbook")
def test_excel_settings_mutants_are_caught(tmp_path):
    doc = F.excel_objects(tmp_path)
    report = audit(_rubric(tmp_path / "excel.xml", "excel", doc.name,
                           EXCEL_CHECKS)).rubrics[0]
    ops = {m.operator for m in report.mutants}
    assert {f"direct:{p}" for _, p, _ in EXCEL_CHECKS} <= ops
    _caught(report)
