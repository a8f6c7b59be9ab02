"""docs/syllabus.md is what docs/make_syllabus.py writes from its syllabus lines, the
catalog and the shipped rubrics: a rubric, a property or a syllabus line added without
regenerating it fails here, and a line naming a property the catalog lost is an error."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

from officeeval.catalog import catalog

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "make_syllabus.py"


def _module():
    spec = importlib.util.spec_from_file_location("make_syllabus", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = mod  # its dataclasses look their module up there
    spec.loader.exec_module(mod)
    return mod


def test_docs_syllabus_md_is_current():
    proc = subprocess.run([sys.executable, str(SCRIPT), "--check"], capture_output=True,
                          text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr


def test_a_pattern_naming_no_property_is_an_error():
    mod = _module()
    with pytest.raises(ValueError, match="'font.sizee' names no property"):
        mod.expand(mod.op("word", "字号", "font.sizee"), catalog())


def test_patterns_expand_within_the_line_s_app_and_rubrics_are_matched_by_what_they_read():
    mod = _module()
    reg = catalog()
    names = mod.expand(mod.op("excel", "排序", "sheet.sort*"), reg)
    assert names == ["sheet.sort", "sheet.sort.custom_lists", "sheet.sort.range"]
    # font.* of PowerPoint has no emphasis mark (a Word-only property)
    assert "font.emphasis_mark" in mod.expand(mod.op("word", "x", "font.*"), reg)
    assert "font.emphasis_mark" not in mod.expand(mod.op("ppt", "x", "font.*"), reg)
    text = (ROOT / "docs" / "syllabus.md").read_text(encoding="utf-8")
    pivot = next(line for line in text.splitlines() if line.startswith("| Excel | 数据透视表 |"))
    assert pivot.endswith("| excel-l2-library, excel-l2-orders, excel-l2-sales |")
    untouched = next(line for line in text.splitlines() if "迷你图" in line)
    assert "**not graded by the catalog**" in untouched and untouched.endswith("| — |")
