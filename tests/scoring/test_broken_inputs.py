"""Broken documents end as invalid_package with the failing stage, in a child process held
to a memory and CPU limit (so a bomb that slipped through would be killed, not tolerated)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from tests.builders import docx, p

REPO = Path(__file__).resolve().parents[2]
RUBRIC = REPO / "rubrics" / "word-l1-notice.xml"

CHILD = r"""
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (768 * 1024 * 1024, 768 * 1024 * 1024))
resource.setrlimit(resource.RLIMIT_CPU, (30, 30))
from officeeval.rubric import load_rubric
from officeeval.scoring import evaluate
card = evaluate(load_rubric(sys.argv[1]), sys.argv[2])
print(json.dumps({"outcome": card.outcome, "detail": card.outcome_detail,
                  "statuses": sorted({c.status for c in card.criteria})}))
"""


def _members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {n: zf.read(n) for n in zf.namelist()}


def _zip(members: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for n, d in members.items():
            zf.writestr(n, d)
    return buf.getvalue()


def _broken(kind: str, tmp_path: Path) -> bytes:
    good = docx(tmp_path, p("正文"), styles="")
    m = _members(good)
    if kind == "not_a_zip":
        return "这不是一个文档".encode()
    if kind == "truncated":
        return good.read_bytes()[:300]
    if kind == "no_main_part":
        m["_rels/.rels"] = (b'<Relationships xmlns="http://schemas.openxmlformats.org/package/'
                            b'2006/relationships"/>')
        return _zip(m)
    if kind == "malformed_xml":
        m["word/document.xml"] = m["word/document.xml"][:-20]
        return _zip(m)
    if kind == "bomb":
        m["word/document.xml"] = (m["word/document.xml"][:-len(b"</w:body></w:document>")]
                                  + b"<w:p/>" * 40_000_000 + b"</w:body></w:document>")
        return _zip(m)
    if kind == "xxe":
        m["word/styles.xml"] = (b'<?xml version="1.0"?><!DOCTYPE s [<!ENTITY x SYSTEM '
                                b'"file:///etc/passwd">]><w:styles xmlns:w="http://schemas.'
                                b'openxmlformats.org/wordprocessingml/2006/main">&x;</w:styles>')
        return _zip(m)
    raise AssertionError(kind)


@pytest.mark.parametrize("kind,stage", [
    ("not_a_zip", "not_a_zip"), ("truncated", "not_a_zip"), ("no_main_part", "no_main_part"),
    ("malformed_xml", "malformed_xml"), ("bomb", "limit_exceeded"), ("xxe", "malformed_xml"),
])
def test_broken_input_is_invalid_package_with_its_stage(tmp_path, kind, stage):
    out = tmp_path / "output.docx"
    out.write_bytes(_broken(kind, tmp_path))
    res = subprocess.run([sys.executable, "-c", CHILD, str(RUBRIC), str(out)],
                         capture_output=True, text=True, timeout=120, cwd=REPO)
    assert res.returncode == 0, res.stderr[-2000:]
    got = json.loads(res.stdout)
    assert got["outcome"] == "invalid_package"
    assert got["detail"].startswith(stage), got["detail"]
    assert got["statuses"] == ["skipped"]
    assert "root:" not in got["detail"]  # nothing of /etc/passwd leaked into the detail
