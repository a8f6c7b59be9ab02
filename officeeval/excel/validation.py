"""Data validation rules of a sheet: ``dataValidations/dataValidation`` and the Excel 2010
``x14:dataValidation`` rules in ``extLst`` (used when the list source is on another sheet).

A list rule's items come from its literal (``"男,女"``), or from the cells of the range or
defined name it references, read through the workbook.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from officeeval.ooxml.ns import S, X14, XM

if TYPE_CHECKING:
    from officeeval.excel.sheets import Sheet

_S = f"{{{S}}}"
_X14 = f"{{{X14}}}"
_XM = f"{{{XM}}}"


@dataclass
class ValidationRule:
    sheet: "Sheet"
    range: str
    type: str
    operator: str | None
    formula1: str | None
    formula2: str | None
    allow_blank: bool
    prompt: str | None
    error: str | None
    error_style: str | None
    extended: bool = False
    prompt_title: str | None = None
    error_title: str | None = None
    show_input: bool = False
    show_error: bool = False


def _messages(dv) -> dict:
    """The input message and error alert settings of a rule element (base or x14: the
    attributes are the same)."""
    return {"prompt_title": dv.get("promptTitle"), "error_title": dv.get("errorTitle"),
            "show_input": (dv.get("showInputMessage") or "") in ("1", "true"),
            "show_error": (dv.get("showErrorMessage") or "") in ("1", "true")}


def sheet_validations(sheet: "Sheet") -> list[ValidationRule]:
    out: list[ValidationRule] = []
    dvs = sheet.tail_child("dataValidations")
    for dv in dvs.findall(_S + "dataValidation") if dvs is not None else []:
        out.append(ValidationRule(
            sheet, (dv.get("sqref") or "").strip(), dv.get("type") or "any", dv.get("operator"),
            dv.findtext(_S + "formula1"), dv.findtext(_S + "formula2"),
            (dv.get("allowBlank") or "") in ("1", "true"), dv.get("prompt"), dv.get("error"),
            dv.get("errorStyle"), **_messages(dv)))
    ext = sheet.tail_child("extLst")
    if ext is not None:
        for dv in ext.iter(_X14 + "dataValidation"):
            f1 = dv.find(_X14 + "formula1")
            f2 = dv.find(_X14 + "formula2")
            out.append(ValidationRule(
                sheet, (dv.findtext(_XM + "sqref") or "").strip(), dv.get("type") or "any",
                dv.get("operator"), f1.findtext(_XM + "f") if f1 is not None else None,
                f2.findtext(_XM + "f") if f2 is not None else None,
                (dv.get("allowBlank") or "") in ("1", "true"), dv.get("prompt"),
                dv.get("error"), dv.get("errorStyle"), extended=True, **_messages(dv)))
    return out


def literal_items(formula: str | None) -> list[str] | None:
    """Items of a quoted list literal (``"男,女"``); ``None`` when the formula is not one."""
    if formula is None:
        return None
    f = formula.strip()
    if len(f) >= 2 and f.startswith('"') and f.endswith('"'):
        body = f[1:-1].replace('""', '"')
        return [p.strip() for p in body.split(",")]
    return None
