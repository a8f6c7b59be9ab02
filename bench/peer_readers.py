"""How other graders read the same values: python-docx, openpyxl and python-pptx.

For each check of a rubric, ``read_values(app, path, rubric)`` loads the document with the
library a typical peer grader uses and reads that check's property on that check's targets
through the library's API (direct values, as those graders do: no style inheritance). The
selectors are translated for the forms the sample rubrics use (indexes, slices, text
predicates, spans, sections, sheets and A1 ranges, slides and their shapes); anything else
falls back to the document-level object. This is the work a peer does per document; its
time is what the benchmark compares with ours.

openpyxl: loaded twice when the rubric asks for cell values (``data_only=True`` for cached
values, the default for formulas and styles), which is what openpyxl-based graders do.
"""

from __future__ import annotations

import re
from typing import Any

_IDX = re.compile(r"^(?P<name>[a-z_]+)(?:\('(?P<arg>[^']*)'\))?(?P<preds>(\[[^\]]*\])*)$")


def _steps(select: str | None) -> list[tuple[str, str | None, list[str]]]:
    if not select:
        return []
    out = []
    for raw in re.split(r"/(?![^\[]*\])", select):
        m = _IDX.match(raw.strip())
        if not m:
            out.append((raw.strip(), None, []))
            continue
        preds = re.findall(r"\[([^\]]*)\]", m.group("preds") or "")
        out.append((m.group("name"), m.group("arg"), preds))
    return out


def _filter(items: list, preds: list[str], text_of) -> list:
    for p in preds:
        if re.fullmatch(r"-?\d+", p):
            i = int(p)
            items = items[i - 1:i] if i > 0 else items[i:len(items) + i + 1]
        elif ".." in p:
            lo, hi = p.split("..")
            n = len(items)
            a = int(lo) - 1 if int(lo) > 0 else n + int(lo)
            b = int(hi) if int(hi) > 0 else n + int(hi) + 1
            items = items[a:b]
        elif p == "*":
            continue
        else:
            m = re.match(r"(\w+)\s*([~^*$!]?=)\s*'(.*)'$", p)
            if not m:
                continue
            key, op, val = m.groups()
            if key != "text":
                continue
            test = {"=": lambda t: t.strip() == val, "*=": lambda t: val in t,
                    "^=": lambda t: t.startswith(val), "$=": lambda t: t.endswith(val),
                    "~=": lambda t: re.search(val, t) is not None,
                    "!=": lambda t: t.strip() != val}[op]
            items = [x for x in items if test(text_of(x))]
    return items


# ---------------------------------------------------------------------------- Word
def _word_targets(doc, select: str | None) -> list:
    targets: list = [doc]
    for name, arg, preds in _steps(select):
        nxt: list = []
        for t in targets:
            if name == "paragraph":
                src = t.paragraphs if hasattr(t, "paragraphs") else doc.paragraphs
                nxt += _filter(list(src), preds, lambda p: p.text)
            elif name == "span" and arg:
                paras = [t] if hasattr(t, "runs") else doc.paragraphs
                nxt += [r for p in paras if arg in p.text for r in p.runs if r.text
                        and (r.text in arg or arg in r.text)]
            elif name == "section":
                nxt += _filter(list(doc.sections), preds, lambda s: "")
            elif name == "table":
                nxt += _filter(list(doc.tables), preds, lambda x: "")
            elif name == "cell" and arg is None and hasattr(t, "cell"):
                nums = [int(x) for x in re.findall(r"\d+", select or "")[-2:]]
                if len(nums) == 2:
                    nxt.append(t.cell(nums[0] - 1, nums[1] - 1))
            elif name in ("header", "footer"):
                nxt += [getattr(s, name) for s in doc.sections]
            else:
                nxt.append(t)
        targets = nxt
    return targets


def _word_value(doc, t, prop: str) -> Any:
    from docx.oxml.ns import qn
    runs = t.runs if hasattr(t, "runs") else [t] if hasattr(t, "font") else []
    if prop.startswith("font."):
        attr = prop.split(".", 1)[1]
        out = []
        for r in runs:
            f = r.font
            if attr == "east_asia":
                rpr = r._element.rPr
                fonts = rpr.rFonts if rpr is not None else None
                out.append(fonts.get(qn("w:eastAsia")) if fonts is not None else None)
            elif attr == "size":
                out.append(f.size.pt if f.size is not None else None)
            elif attr == "color":
                out.append(str(f.color.rgb) if f.color and f.color.type else None)
            elif attr == "emphasis_mark":
                rpr = r._element.rPr
                em = rpr.find(qn("w:em")) if rpr is not None else None
                out.append(em.get(qn("w:val")) if em is not None else None)
            else:
                out.append(getattr(f, {"name": "name", "bold": "bold", "italic": "italic",
                                       "underline": "underline"}.get(attr, attr), None))
        return out
    if prop.startswith("paragraph.") and hasattr(t, "paragraph_format"):
        pf = t.paragraph_format
        return {"paragraph.alignment": lambda: pf.alignment,
                "paragraph.indent.first_line": lambda: pf.first_line_indent,
                "paragraph.indent.left": lambda: pf.left_indent,
                "paragraph.space_before": lambda: pf.space_before,
                "paragraph.space_after": lambda: pf.space_after,
                "paragraph.line_spacing": lambda: pf.line_spacing,
                "paragraph.style": lambda: t.style.name}.get(prop, lambda: None)()
    if prop.startswith(("page.", "section.")) and hasattr(t, "page_width"):
        return {"page.size": lambda: (t.page_width, t.page_height),
                "page.margin.top": lambda: t.top_margin,
                "page.margin.bottom": lambda: t.bottom_margin,
                "page.margin.left": lambda: t.left_margin,
                "page.margin.right": lambda: t.right_margin,
                "page.header_distance": lambda: t.header_distance,
                "page.orientation": lambda: t.orientation}.get(prop, lambda: None)()
    if prop in ("header.text", "footer.text") and hasattr(t, "header"):
        hf = t.header if prop.startswith("header") else t.footer
        return "\n".join(p.text for p in hf.paragraphs)
    if prop in ("header.has_page_number", "footer.has_page_number") and hasattr(t, "footer"):
        hf = t.header if prop.startswith("header") else t.footer
        return "PAGE" in "".join(hf._element.itertext()) or b"PAGE" in \
            hf._element.xml.encode()
    if hasattr(t, "text"):
        return t.text
    return None


def read_word(path: str, rubric) -> list:
    import docx
    doc = docx.Document(path)
    return [[_word_value(doc, t, c.property or "text") for t in _word_targets(doc, c.select)]
            for c in _checks(rubric)]


# ---------------------------------------------------------------------------- Excel
_RANGE = re.compile(r"^'((?:[^']|'')+)'!(.+)$|^([^'!/]+)!(.+)$")


def _excel_targets(wb, select: str | None) -> list:
    if not select:
        return [wb]
    m = _RANGE.match(select)
    if m:
        sheet = (m.group(1) or m.group(3)).replace("''", "'")
        ref = m.group(2) or m.group(4)
        if sheet not in wb.sheetnames:
            return []
        cells = wb[sheet][ref]
        if not isinstance(cells, tuple):
            return [cells]
        flat: list = []
        for row in cells:
            flat.extend(row if isinstance(row, tuple) else [row])
        return flat
    out: list = [wb]
    for name, arg, preds in _steps(select):
        nxt: list = []
        for t in out:
            if name == "sheet":
                if arg:
                    nxt += [wb[arg]] if arg in wb.sheetnames else []
                else:
                    nxt += _filter(list(wb.worksheets), preds, lambda s: s.title)
            elif name == "chart":
                for ws in ([t] if hasattr(t, "_charts") else wb.worksheets):
                    nxt += _filter(list(ws._charts), preds, lambda c: "")
            elif name == "pivot":
                for ws in ([t] if hasattr(t, "_pivots") else wb.worksheets):
                    nxt += list(ws._pivots)
            elif name == "conditional_format":
                for ws in ([t] if hasattr(t, "conditional_formatting") else wb.worksheets):
                    nxt += [r for cf in ws.conditional_formatting for r in cf.rules]
            elif name == "validation":
                for ws in ([t] if hasattr(t, "data_validations") else wb.worksheets):
                    nxt += list(ws.data_validations.dataValidation)
            elif name == "table":
                for ws in ([t] if hasattr(t, "tables") else wb.worksheets):
                    nxt += list(ws.tables.values())
            elif name == "column" and hasattr(t, "column_dimensions"):
                nxt.append(t.column_dimensions[arg or "A"])
            else:
                nxt.append(t)
        out = nxt
    return out


def _excel_value(t, values_wb, prop: str) -> Any:
    if hasattr(t, "coordinate") and hasattr(t, "value"):
        if prop in ("cell.value", "cell.display"):
            other = values_wb[t.parent.title][t.coordinate] if values_wb is not None else t
            return (other.value, t.number_format)
        if prop.startswith("font."):
            return getattr(t.font, {"size": "sz", "bold": "b", "italic": "i",
                                    "underline": "u", "color": "color",
                                    "east_asia": "name"}.get(prop[5:], prop[5:]), None)
        return {"cell.formula": lambda: t.value, "cell.has_formula": lambda: t.data_type == "f",
                "cell.number_format": lambda: t.number_format,
                "cell.fill.color": lambda: t.fill.fgColor.rgb,
                "cell.alignment.horizontal": lambda: t.alignment.horizontal,
                "cell.alignment.vertical": lambda: t.alignment.vertical,
                "cell.wrap": lambda: t.alignment.wrap_text,
                "cell.border.top": lambda: t.border.top.style,
                "cell.border.bottom": lambda: t.border.bottom.style,
                "cell.border.left": lambda: t.border.left.style,
                "cell.border.right": lambda: t.border.right.style,
                }.get(prop, lambda: t.value)()
    if hasattr(t, "freeze_panes"):
        return {"sheet.freeze": lambda: t.freeze_panes, "sheet.name": lambda: t.title,
                "sheet.tab_color": lambda: t.sheet_properties.tabColor,
                "sheet.autofilter": lambda: t.auto_filter.ref,
                "sheet.print.orientation": lambda: t.page_setup.orientation,
                "sheet.protected": lambda: t.protection.sheet}.get(prop, lambda: t.title)()
    if prop.startswith("chart."):
        return (type(t).__name__, getattr(t, "title", None),
                [s.tx for s in getattr(t, "series", [])])
    if hasattr(t, "sheetnames"):
        return t.sheetnames
    return repr(t)[:50]


def read_excel(path: str, rubric) -> list:
    import openpyxl
    wb = openpyxl.load_workbook(path)
    checks = _checks(rubric)
    values_wb = (openpyxl.load_workbook(path, data_only=True)
                 if any(c.property in ("cell.value", "cell.display") for c in checks) else None)
    return [[_excel_value(t, values_wb, c.property or "text") for t in _excel_targets(wb, c.select)]
            for c in checks]


# ---------------------------------------------------------------------------- PowerPoint
def _ppt_targets(prs, select: str | None) -> list:
    targets: list = [prs]
    for name, arg, preds in _steps(select):
        nxt: list = []
        for t in targets:
            if name == "slide":
                nxt += _filter(list(prs.slides), preds, lambda s: "")
            elif name == "title" and hasattr(t, "shapes"):
                nxt += [t.shapes.title] if t.shapes.title is not None else []
            elif name in ("placeholder", "shape", "textbox", "picture") and hasattr(t, "shapes"):
                items = list(t.placeholders if name == "placeholder" else t.shapes)
                for p in preds:
                    m = re.match(r"(\w+)='(.*)'$", p)
                    if m and m.group(1) == "type":
                        items = [s for s in items if s.is_placeholder and
                                 m.group(2).lower() in str(s.placeholder_format.type).lower()]
                    elif m and m.group(1) in ("name", "text"):
                        items = [s for s in items if (s.name if m.group(1) == "name" else
                                 (s.text_frame.text if s.has_text_frame else "")) == m.group(2)]
                nxt += _filter(items, [p for p in preds if "=" not in p], lambda s: "")
            elif name == "table" and hasattr(t, "shapes"):
                nxt += _filter([s.table for s in t.shapes if s.has_table], preds, lambda x: "")
            elif name == "cell" and hasattr(t, "cell"):
                nums = [int(x) for x in re.findall(r"\d+", select or "")[-2:]]
                if len(nums) == 2:
                    nxt.append(t.cell(nums[0] - 1, nums[1] - 1))
            elif name == "paragraph" and hasattr(t, "text_frame"):
                nxt += _filter(list(t.text_frame.paragraphs), preds, lambda p: "")
            elif name == "notes" and hasattr(t, "notes_slide"):
                nxt.append(t.notes_slide)
            else:
                nxt.append(t)
        targets = nxt
    return targets


def _ppt_value(prs, t, prop: str) -> Any:
    if prop.startswith("font."):
        paras = (t.text_frame.paragraphs if getattr(t, "has_text_frame", False)
                 else [t] if hasattr(t, "runs") else [])
        attr = prop[5:]
        return [getattr(r.font, {"east_asia": "name"}.get(attr, attr), None)
                for p in paras for r in p.runs]
    if prop.startswith("paragraph.") and hasattr(t, "text_frame"):
        return [(p.level, p.alignment, p.line_spacing) for p in t.text_frame.paragraphs]
    if prop.startswith("transition."):
        el = t._element.find("{http://schemas.openxmlformats.org/presentationml/2006/main}"
                             "transition") if hasattr(t, "slide_layout") else None
        return dict(el.attrib) if el is not None else None
    if prop.startswith("slide.") and hasattr(t, "slide_layout"):
        return {"slide.layout": lambda: t.slide_layout.name,
                "slide.title": lambda: t.shapes.title.text if t.shapes.title else None,
                "slide.background.color": lambda: t.background.fill.type,
                "slide.background.kind": lambda: t.background.fill.type,
                }.get(prop, lambda: t.slide_id)()
    if prop in ("slide.count",):
        return len(prs.slides)
    if prop == "presentation.slide_size":
        return (prs.slide_width, prs.slide_height)
    if prop.startswith("table."):
        return (len(t.rows), len(t.columns)) if hasattr(t, "rows") else None
    if prop == "notes.text" and hasattr(t, "notes_text_frame"):
        return t.notes_text_frame.text
    if hasattr(t, "text_frame"):
        return t.text_frame.text
    if hasattr(t, "text"):
        return t.text
    return None


def read_ppt(path: str, rubric) -> list:
    from pptx import Presentation
    prs = Presentation(path)
    return [[_ppt_value(prs, t, c.property or "text") for t in _ppt_targets(prs, c.select)]
            for c in _checks(rubric)]


def _checks(rubric) -> list:
    return [k for c in rubric.criteria for k in c.checks]


READERS = {"word": read_word, "excel": read_excel, "ppt": read_ppt}


def read_values(app: str, path: str, rubric) -> list:
    """Load ``path`` with the peer library for ``app`` and read every check's values."""
    return READERS[app](path, rubric)
