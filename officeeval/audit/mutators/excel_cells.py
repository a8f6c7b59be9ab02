"""Excel cell mutants: a wrong value (a formula turned into a wrong constant), a formula
replaced by its value, another function or a shifted reference; and the cell-level XML
helpers (find or create a ``c`` element, write a constant).

Worksheet parts are edited whole (``Package.xml`` of the sheet part in the fresh view); the
view itself streams them, so the edited tree is the one serialized.
"""

from __future__ import annotations

import re
from typing import Callable

from lxml import etree

from officeeval.audit.mutators.base import (
    Mutation, NotApplicable, PlanContext, chosen_indexes, locators, observed_values, refind,
)
from officeeval.audit.mutators.texts import typo
from officeeval.ooxml.ns import S
from officeeval.rubric.model import Check
from officeeval.targets import Target
from officeeval.values import CellValue

_S = f"{{{S}}}"
_REF = re.compile(r"^([A-Z]+)(\d+)$")
FORMULA_PROPS = ("cell.formula", "cell.has_formula", "cell.functions", "cell.references")
_SWAP_FUNCTIONS = {"SUM": "AVERAGE", "AVERAGE": "SUM", "MAX": "MIN", "MIN": "MAX",
                   "COUNT": "COUNTA", "COUNTA": "COUNT", "SUMIF": "COUNTIF",
                   "COUNTIF": "SUMIF", "SUMIFS": "COUNTIFS", "COUNTIFS": "SUMIFS",
                   "AVERAGEIF": "SUMIF", "RANK": "COUNT", "RANK.EQ": "COUNT",
                   "VLOOKUP": "HLOOKUP", "HLOOKUP": "VLOOKUP", "IF": "AND", "ROUND": "INT"}
_FORMATS = [("General", 0), ("0", 1), ("0.00", 2), ("#,##0.00", 4), ("0%", 9),
            ("yyyy-m-d", 14)]


def col_letters(col: int) -> str:
    out = ""
    while col:
        col, rem = divmod(col - 1, 26)
        out = chr(65 + rem) + out
    return out


def col_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def sheet_root(ws, edit, sheet) -> etree._Element:
    if not sheet.part:
        raise NotApplicable(f"sheet {sheet.name!r} has no part")
    return ws.touch_part(edit, sheet.part)


def cell_el(root: etree._Element, row: int, col: int, create: bool = True
            ) -> etree._Element | None:
    """The ``c`` element of a cell (created in row/column order when absent)."""
    data = root.find(_S + "sheetData")
    if data is None:
        if not create:
            return None
        data = etree.SubElement(root, _S + "sheetData")
    row_el = None
    for r in data.findall(_S + "row"):
        n = int(r.get("r") or 0)
        if n == row:
            row_el = r
            break
        if n > row:
            if not create:
                return None
            row_el = etree.Element(_S + "row", r=str(row))
            r.addprevious(row_el)
            break
    if row_el is None:
        if not create:
            return None
        row_el = etree.SubElement(data, _S + "row", r=str(row))
    ref = f"{col_letters(col)}{row}"
    for c in row_el.findall(_S + "c"):
        m = _REF.match(c.get("r") or "")
        n = col_number(m.group(1)) if m else 0
        if n == col:
            return c
        if n > col:
            if not create:
                return None
            new = etree.Element(_S + "c", r=ref)
            c.addprevious(new)
            return new
    return etree.SubElement(row_el, _S + "c", r=ref) if create else None


def _clear_content(c: etree._Element) -> None:
    for tag in ("f", "v", "is"):
        for el in c.findall(_S + tag):
            c.remove(el)
    c.attrib.pop("t", None)
    c.attrib.pop("cm", None)


def write_value(c: etree._Element, value: CellValue) -> str:
    """Replace the cell's content (formula included) by a constant."""
    _clear_content(c)
    if value.kind == "text":
        c.set("t", "inlineStr")
        is_ = etree.SubElement(c, _S + "is")
        etree.SubElement(is_, _S + "t").text = str(value.value)
        return f"inline text {value.value!r}"
    if value.kind == "bool":
        c.set("t", "b")
        etree.SubElement(c, _S + "v").text = "1" if value.value else "0"
        return f"boolean {value.value}"
    if value.kind == "error":
        c.set("t", "e")
        etree.SubElement(c, _S + "v").text = str(value.value)
        return f"error {value.value}"
    if value.kind == "date":
        serial = value.extra.get("serial")
        if serial is None:
            raise NotApplicable("a date without its serial number")
        etree.SubElement(c, _S + "v").text = repr(float(serial))
        return f"serial {serial}"
    etree.SubElement(c, _S + "v").text = repr(float(value.value)) \
        if not float(value.value).is_integer() else str(int(value.value))
    return f"number {value.value}"


def wrong_value(v: CellValue) -> CellValue:
    """A realistic wrong result: off by one, a typo, the other truth value, a day later."""
    if v.kind == "number":
        return CellValue("number", float(v.value) + 1)
    if v.kind == "text":
        s = str(v.value)
        i = len(s) // 2
        return CellValue("text", s[:i] + typo(s[i]) + s[i + 1:] if s else "x")
    if v.kind == "bool":
        return CellValue("bool", not v.value)
    if v.kind == "date":
        import datetime as dt
        serial = v.extra.get("serial")
        later = v.value + dt.timedelta(days=1) if isinstance(v.value, dt.datetime) else v.value
        return CellValue("date", later, {"serial": (serial or 0) + 1})
    return CellValue("number", 1.0)


def text_mistakes(s: str) -> list[str]:
    """Wrong versions of a text value, most realistic first: a typo, a stray space inside
    or around it (what cleaning tasks remove), the text doubled."""
    i = len(s) // 2
    return [s[:i] + typo(s[i]) + s[i + 1:] if s else "x", s[:i] + " " + s[i:], " " + s,
            s + s]


def choose_value(check: Check, v: CellValue) -> CellValue:
    """The wrong value for ``v``; for a ``matches`` check the first text mistake its
    pattern rejects (the pattern names what is acceptable)."""
    if v.kind == "text" and check.op == "matches" and check.expected_value is not None:
        for cand in text_mistakes(str(v.value)):
            if not check.expected_value.search(cand):
                return CellValue("text", cand)
    return wrong_value(v)


def _cells(check: Check, targets: list[Target], idx: list[int]) -> bool:
    return all(targets[i].kind == "cell" for i in idx)


def plan_value(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    idx = chosen_indexes(check, len(targets))
    if idx is None or not _cells(check, targets, idx):
        return []
    vals = [v for i in idx for v in observed_values(ctx.observe(
        Check(check.select, "cell.value", "equals"), targets[i]))]
    if not vals or not all(isinstance(v, CellValue) for v in vals):
        return []
    if check.property == "cell.display" and check.op not in ("equals", "unchanged") and \
            not check.expected_from:
        return []  # a pattern on the display judges its format: see excel_formats
    wrong = [choose_value(check, v) for v in vals]

    def apply(ws, edit) -> str:
        note = ""
        for t, w in zip(refind(edit, check.select, idx), wrong):
            c = cell_el(sheet_root(ws, edit, t.sheet), t.row, t.col)  # type: ignore
            note = write_value(c, w)
        return note

    where = locators(targets, idx)
    return [Mutation(key=f"value|{check.select}|{idx}", operator="direct:cell.value",
                     apply=apply, description=f"{where}: value {vals[0]} -> {wrong[0]} "
                                              f"(a constant, any formula removed)")]


def plan_formula(ctx: PlanContext, check: Check, targets: list[Target]) -> list[Mutation]:
    """The formula replaced by its own value (pasted values), and — for checks that read
    the formula text — another function or a reference one row off."""
    idx = chosen_indexes(check, len(targets))
    if idx is None or not _cells(check, targets, idx):
        return []
    fcheck = Check(check.select, "cell.formula", "equals")
    formulas = [ctx.observe(fcheck, targets[i]) for i in idx]
    if any(f is None for f in formulas):
        return []
    values = [ctx.observe(Check(check.select, "cell.value", "equals"), targets[i]) for i in idx]
    where = locators(targets, idx)
    out: list[Mutation] = []
    if all(v is not None for v in values):
        consts = [v.value for v in values]  # type: ignore[union-attr]

        def paste(ws, edit) -> str:
            for t, v in zip(refind(edit, check.select, idx), consts):
                root = sheet_root(ws, edit, t.sheet)  # type: ignore[attr-defined]
                _detach_shared(root, t)
                write_value(cell_el(root, t.row, t.col), v)  # type: ignore[attr-defined]
            return f"value {consts[0]}"
        out.append(Mutation(key=f"paste|{check.select}|{idx}", operator="replace:formula->value",
                            apply=paste, description=f"{where}: formula replaced by its value"))
    if check.property in ("cell.formula", "cell.functions", "cell.references"):
        texts = [str(f.value) for f in formulas]  # type: ignore[union-attr]
        swap, what = _rewrites(check, texts)
        if all(s is not None and s != x for s, x in zip(swap, texts)):
            def rewrite(ws, edit) -> str:
                for t, new in zip(refind(edit, check.select, idx), swap):
                    root = sheet_root(ws, edit, t.sheet)  # type: ignore[attr-defined]
                    _detach_shared(root, t)
                    c = cell_el(root, t.row, t.col)  # type: ignore[attr-defined]
                    f = c.find(_S + "f")
                    if f is None:
                        f = etree.Element(_S + "f")
                        c.insert(0, f)
                    f.attrib.clear()
                    f.text = str(new).lstrip("=")
                return f"{texts[0]} -> {swap[0]}"
            out.append(Mutation(key=f"formula|{check.property}|{check.select}|{idx}",
                                operator=f"direct:{check.property}", apply=rewrite,
                                description=f"{where}: formula uses {what}"))
    return out


def _rewrites(check: Check, texts: list[str]) -> tuple[list[str | None], str]:
    """The formula mistake that matters to the check: the function it looks for replaced
    everywhere (``functions``), the literal it looks for broken — absolute references made
    relative, or a row number off by one (``formula`` contains …) — or another function."""
    literal = (check.expected or "").strip() if check.op in ("contains", "equals",
                                                             "starts_with", "ends_with") else ""
    if check.property == "cell.references":
        return [_shift_reference(x) for x in texts], "a reference one row off"
    if check.property == "cell.functions" and literal:
        names = [n.strip().upper() for n in re.split(r"[|,]", literal) if n.strip()]
        return [_swap_function(x, names) for x in texts], f"no {literal} (another function)"
    if check.property == "cell.formula" and literal.lstrip("=") and not re.fullmatch(
            r"[A-Za-z.]+\(?", literal.lstrip("=")):
        core = literal.lstrip("=")
        if "$" in core:
            fixed = core.replace("$", "")
            return [x.replace(core, fixed) if core in x else None for x in texts], \
                "relative references where absolute ones were asked"
        shifted = _shift_reference(core)
        if shifted is not None:
            return [x.replace(core, shifted) if core in x else None for x in texts], \
                "a reference one row off"
    return [_swap_function(x) for x in texts], "another function"


def _swap_function(text: str, names: list[str] | None = None) -> str | None:
    """Replace ``names`` (every occurrence) or the first function by another one."""
    upper = text.upper()
    if names:
        out = text
        for name in names:
            new = _SWAP_FUNCTIONS.get(name, "SUM" if name != "SUM" else "AVERAGE")
            out = re.sub(r"(?<![A-Z0-9.])" + re.escape(name) + r"(?=\()", new, out,
                         flags=re.I)
        return out if out != text else None
    m = re.search(r"([A-Z][A-Z0-9.]*)\(", upper)
    if not m:
        return None
    name = m.group(1)
    new = _SWAP_FUNCTIONS.get(name, "SUM" if name != "SUM" else "AVERAGE")
    return text[:m.start(1)] + new + text[m.end(1):]


def _shift_reference(text: str) -> str | None:
    m = re.search(r"(\$?[A-Z]{1,3}\$?)(\d+)", text)
    if not m:
        return None
    return text[:m.start(2)] + str(int(m.group(2)) + 1) + text[m.end(2):]


def _detach_shared(root: etree._Element, t) -> None:
    """Before editing a shared formula's master, give every other member of its group its
    own formula text (read through the engine), so they keep their formulas."""
    c = cell_el(root, t.row, t.col, create=False)
    f = c.find(_S + "f") if c is not None else None
    if f is None or f.get("t") != "shared" or f.get("ref") is None:
        return
    si = f.get("si")
    from officeeval.excel.cells import formula_of
    for other in root.iter(_S + "c"):
        of = other.find(_S + "f")
        if other is c or of is None or of.get("t") != "shared" or of.get("si") != si:
            continue
        m = _REF.match(other.get("r") or "")
        if not m:
            continue
        got = formula_of(t.sheet, int(m.group(2)), col_number(m.group(1)))
        of.attrib.clear()
        of.text = (got[0] if got else "").lstrip("=")


PLANNERS: dict[str, Callable] = {
    "cell.value": plan_value, "cell.display": plan_value,
    **{p: plan_formula for p in FORMULA_PROPS},
}
