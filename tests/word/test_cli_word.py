"""The command line on Word: ``officeeval properties --app word`` lists every Word property
with its value type, unit and description; ``query`` reaches the new targets."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from officeeval.catalog import catalog
from tests.word.wbuild import NORMAL, docx, p


def _run(*args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "COLUMNS": "300"}  # rich folds long names in narrow terminals
    return subprocess.run([sys.executable, "-m", "officeeval", *args], capture_output=True,
                          text=True, timeout=120, env=env)


def test_properties_lists_every_word_property_with_type_unit_and_description():
    res = _run("properties", "--app", "word", "--json")
    assert res.returncode == 0, res.stderr
    rows = {r["name"]: r for r in json.loads(res.stdout)}
    expected = set(catalog().names("word"))
    assert expected <= set(rows), sorted(expected - set(rows))
    for name in expected:
        row = rows[name]
        assert "word" in row["apps"] and row["description"].strip() and row["type"], name
        assert "word" in row["targets"], name
    # units where the value is a length or size, none where it is not
    assert rows["paragraph.indent.first_line"]["unit"] == "pt"
    assert rows["table.border.outer"]["type"] == "border"
    assert rows["image.wrap"]["type"] == "wrap_type"
    assert rows["paragraph.numbering"]["type"] in ("number_format", "number_format, text")
    assert sorted(rows["table.border.outer"]["targets"]["word"]) == ["table"]
    for name in ("header.text", "toc.levels", "mail_merge.data_file", "watermark.text",
                 "cell.span", "field.argument", "footnote.anchor", "caption.position",
                 "paragraph.numbering.label", "style.based_on"):
        assert name in rows, name


def test_properties_table_output_names_the_word_properties():
    res = _run("properties", "--app", "word")
    assert res.returncode == 0, res.stderr
    for name in ("paragraph.drop_cap", "table.border", "mail_merge", "watermark"):
        assert name in res.stdout


def test_query_reaches_cells_and_fields(tmp_path):
    body = ("<w:tbl><w:tblGrid><w:gridCol/></w:tblGrid><w:tr><w:tc>" + p("格子")
            + "</w:tc></w:tr></w:tbl>" + p("尾"))
    path = docx(tmp_path, body, styles=NORMAL)
    res = _run("query", str(path), "--select", "table[1]/cell(1,1)", "--property",
               "cell.text", "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)[0]["value"] == "格子"
    bad = _run("query", str(path), "--select", "table[1]/cel(1,1)", "--property", "text")
    assert bad.returncode == 2 and "'cel" in bad.stderr


def test_query_count_is_the_number_of_targets(tmp_path):
    path = docx(tmp_path, p("一") + p("二") + p("三"), styles=NORMAL)
    res = _run("query", str(path), "--select", "paragraph", "--property", "count", "--json")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout) == [{"target": "paragraph", "property": "count", "value": 3,
                                       "rendered": "3", "source": "computed"}]
