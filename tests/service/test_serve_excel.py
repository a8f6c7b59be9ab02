"""Excel through the service: workbooks written by openpyxl are recalculated by the shared
LibreOffice service (as in ``batch``), and the metrics count it."""

from __future__ import annotations

import pytest
from serve_fixtures import RUBRICS, Server, sample

from officeeval import recalc

pytestmark = pytest.mark.libreoffice

def test_excel_is_recalculated_by_the_shared_service(tmp_path):
    if not recalc.available():
        pytest.skip("LibreOffice (soffice) is not installed")
    store = tmp_path / "store"
    with Server("--tasks", str(RUBRICS), "--jobs", "2", "--store", str(store)) as s, \
            s.client() as c:
        assert c.get("/healthz").json()["recalc_service"] is True
        doc = sample("excel-l1-grades", "reference.xlsx").read_bytes()
        card = c.post("/v1/score?detail=summary", data={"task": "excel-l1-grades"},
                      files={"document": ("book.xlsx", doc)}).json()
        assert card["score"] == 100 and card["value_sources"]["recalculated"] > 0
        again = c.post("/v1/score?detail=summary", data={"task": "excel-l1-grades"},
                       files={"document": ("book.xlsx", doc)}).json()
        assert again["score"] == 100
        text = c.get("/metrics").text
    assert "officeeval_recalculated_documents_total 2" in text
    total = [ln for ln in text.splitlines() if ln.startswith("officeeval_recalculations_total")]
    assert total and 1 <= float(total[0].split()[-1]) <= 2
    assert (store / "recalc-cache").is_dir()
