"""From changes to proposed criteria: one criterion per changed property group (a family of
properties, on the targets that changed the same way), each check with the comparator a
rubric author would pick, and preservation criteria for what the task must not change.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from officeeval.draft.anchors import Anchor, quote, safe_select
from officeeval.draft.changes import Change, Diff, observe, shown
from officeeval.draft.instruction import prop_words
from officeeval.errors import OfficeEvalError
from officeeval.excel.refs import cell_ref
from officeeval.properties.types import ListType, NumberType, TextType
from officeeval.properties.types.choices import BoolType
from officeeval.properties.types.lengths import FontSizeType, LengthType
from officeeval.targets import Document, Target

PRESERVE_POINTS = 6      # at most this many points on preservation (the input earns them)
LONG_TEXT = 40           # longer texts are checked by what was inserted, not whole


@dataclass
class DraftCheck:
    select: str
    prop: str | None
    op: str = "equals"
    expected: str | None = None
    expected_from: str | None = None
    tolerance: str | None = None
    normalize: str | None = None
    note: str = ""              # evidence: the input's value

    def attrs(self) -> list[tuple[str, str]]:
        out = [("select", self.select)]
        if self.prop:
            out.append(("property", self.prop))
        out.append(("op", self.op))
        if self.expected is not None:
            out.append(("expected", self.expected))
        if self.expected_from:
            out.append(("expected-from", self.expected_from))
        if self.tolerance:
            out.append(("tolerance", self.tolerance))
        if self.normalize:
            out.append(("normalize", self.normalize))
        return out


@dataclass
class DraftCriterion:
    id: str
    skill: str
    description: str
    checks: list[DraftCheck]
    weight: float
    points: float = 0
    preservation: bool = False
    evidence: list[str] = field(default_factory=list)
    instruction: str = ""        # the instruction sentence it most likely grades
    tokens: list[str] = field(default_factory=list)   # values it mentions (for matching)


# Property family -> (skill id, skill name).
SKILLS = [
    ("core.", "properties", "文档属性"),
    ("style.", "style", "样式"),
    ("paragraph.numbering", "numbering", "编号与列表"),
    ("paragraph.border", "border", "边框与底纹"),
    ("paragraph.shading", "border", "边框与底纹"),
    ("paragraph.drop_cap", "paragraph", "段落格式"),
    ("paragraph.", "paragraph", "段落格式"),
    ("font.", "font", "字体格式"),
    ("page.", "page", "页面设置"),
    ("columns.", "page", "页面设置"),
    ("section.", "section", "分节"),
    ("header.", "header_footer", "页眉页脚"),
    ("footer.", "header_footer", "页眉页脚"),
    ("page_numbers.", "header_footer", "页眉页脚"),
    ("slide.footer", "header_footer", "页眉页脚"),
    ("slide.number", "header_footer", "页眉页脚"),
    ("slide.date", "header_footer", "页眉页脚"),
    ("caption.", "caption", "题注与引用"),
    ("toc.", "toc", "目录"),
    ("field.", "toc", "目录"),
    ("table.", "table", "表格"),
    ("cell.border", "border", "边框与底纹"),
    ("cell.fill", "cell_format", "单元格格式"),
    ("cell.shading", "border", "边框与底纹"),
    ("cell.number_format", "number_format", "数字格式"),
    ("cell.alignment", "cell_format", "单元格格式"),
    ("cell.merge", "cell_format", "单元格格式"),
    ("cell.wrap", "cell_format", "单元格格式"),
    ("cell.indent", "cell_format", "单元格格式"),
    ("cell.vertical", "cell_format", "单元格格式"),
    ("cell.text_direction", "cell_format", "单元格格式"),
    ("cell.locked", "sheet", "工作表"),
    ("formula", "formula", "公式与函数"),
    ("cell.", "data", "数据"),
    ("text", "text", "文字内容"),
    ("column.", "rowcol", "行高列宽"),
    ("row.", "rowcol", "行高列宽"),
    ("sheet.print", "print", "打印设置"),
    ("sheet.", "sheet", "工作表"),
    ("workbook.", "sheet", "工作表"),
    ("cf.", "conditional", "条件格式"),
    ("validation.", "validation", "数据验证"),
    ("pivot.", "pivot", "数据透视表"),
    ("chart.", "chart", "图表"),
    ("name.", "sheet", "工作表"),
    ("image.", "object", "图片与对象"),
    ("shape.", "object", "图片与对象"),
    ("smartart.", "smartart", "SmartArt"),
    ("hyperlink.", "hyperlink", "超链接"),
    ("animation.", "animation", "动画"),
    ("transition.", "transition", "切换"),
    ("slide.background", "design", "背景与主题"),
    ("theme.", "design", "背景与主题"),
    ("background.", "design", "背景与主题"),
    ("watermark.", "design", "背景与主题"),
    ("slide.", "slide", "幻灯片"),
    ("presentation.", "show", "放映设置"),
    ("section.names", "slide", "幻灯片"),
    ("notes.", "notes", "备注"),
    ("footnote.", "reference", "脚注与批注"),
    ("comment.", "reference", "脚注与批注"),
    ("mail_merge.", "mail_merge", "邮件合并"),
    ("count", "structure", "结构"),
    ("preserve", "preserve", "内容保持"),
]


def skill_of(prop: str) -> tuple[str, str]:
    for prefix, sid, name in SKILLS:
        if prop == prefix.rstrip(".") or prop.startswith(prefix):
            return sid, name
    return "other", "其他"


def family_of(prop: str) -> str:
    """The criterion group of a property: its skill, except that paragraph formatting is
    three edits, as exam steps and rubric authors treat it (alignment, indents, spacing:
    "首行缩进 2 字符" and "1.5 倍行距" are often separate steps)."""
    sid = skill_of(prop)[0]
    if sid == "paragraph":
        for part in ("paragraph.alignment", "paragraph.indent", "paragraph.space",
                     "paragraph.line_spacing"):
            if prop.startswith(part):
                return "paragraph.spacing" if part in ("paragraph.space",
                                                       "paragraph.line_spacing") else part
    return sid


CM_PROPS = ("page.", "image.", "shape.", "table.width", "paragraph.drop_cap.distance",
            "columns.spacing", "paragraph.indent.left", "paragraph.indent.right")


def literal(vtype, value, prop: str | None = None) -> str | None:
    """The rubric literal for a resolved value; ``None`` when there is none to write (the
    check then takes its value from the reference)."""
    if value is None:
        return None
    if isinstance(vtype, BoolType):
        return "true" if value else "false"
    if isinstance(vtype, ListType):
        return "|".join(str(v) for v in value)
    if isinstance(vtype, TextType):
        return str(value)
    if hasattr(value, "ui") and hasattr(value, "stored"):
        return f"{round(float(value.ui), 2):g}"
    text = vtype.render(value)
    if prop and prop.startswith(CM_PROPS) and isinstance(vtype, LengthType) and \
            re.fullmatch(r"[-\d.]+pt", text):
        cm = float(text[:-2]) / 28.3464567
        return f"{round(cm, 2):g}cm"
    if isinstance(vtype, FontSizeType):
        m = re.search(r"\((.+)\)$", text)
        return m.group(1) if m else text
    m = re.match(r"^(\S+?) \((.+)\)$", text)
    if m:
        head = m.group(1)
        # Measures in char/line units keep their unit; named values keep the name.
        return head if re.search(r"(char|line)$", head) else m.group(2) \
            if not re.match(r"^[-\d.]", m.group(2)) else head
    return text


def _op_for(vtype, value) -> tuple[str, str | None]:
    if isinstance(vtype, LengthType) and not isinstance(vtype, FontSizeType):
        return "approx", None
    if isinstance(vtype, NumberType) and isinstance(value, float) and not value.is_integer():
        return "approx", None
    return "equals", None


_PUNCT = re.compile(r"[\u3000-\u303f\uff00-\uffef“”‘’…—,.;:!?()]")


def _text_check(sel: str, prop: str, ref: str, inp: str | None) -> DraftCheck:
    if inp and len(ref) > LONG_TEXT:
        # What was inserted (the common head and tail dropped), with a little context.
        i = 0
        while i < min(len(ref), len(inp)) and ref[i] == inp[i]:
            i += 1
        j = 0
        while j < min(len(ref), len(inp)) - i and ref[-1 - j] == inp[-1 - j]:
            j += 1
        piece = ref[max(0, i - 2): len(ref) - j + 2] if j else ref[max(0, i - 2):]
        if piece:
            return DraftCheck(sel, prop, "contains", piece.strip(),
                              normalize="space" + (",punct" if _PUNCT.search(piece) else ""),
                              note=f"input: {inp[:40]!r}")
    norm = "space" + (",punct" if _PUNCT.search(ref) else "")
    return DraftCheck(sel, prop, "equals", ref, normalize=norm,
                      note=f"input: {(inp or '')[:40]!r}")


def make_check(sel: str, c: Change) -> DraftCheck:
    """The check of one change on ``sel``."""
    v = c.ref.value
    inp = shown(c.inp, c.vtype) if c.inp is not None else "(none)"
    if isinstance(c.vtype, TextType) and not isinstance(v, list) and v is not None and \
            c.prop in ("text", "cell.text", "shape.text", "notes.text", "header.text",
                       "footer.text", "core.title", "core.author", "core.subject",
                       "core.keywords", "core.description", "chart.title", "slide.title",
                       "footnote.text", "comment.text"):
        raw = c.inp.value if c.inp is not None and isinstance(c.inp.value, str) else None
        return _text_check(sel, c.prop, str(v), raw)
    lit = literal(c.vtype, v, c.prop)
    if lit is not None:
        try:
            c.vtype.parse(lit)
        except (ValueError, OfficeEvalError):
            lit = None      # the value has no literal the rubric language accepts
    if lit is None or v is None and c.ref.parts:
        return DraftCheck(sel, c.prop, "equals", expected_from="reference", note=f"input: {inp}")
    op, tol = _op_for(c.vtype, v)
    if op == "approx" and lit.endswith("pt"):
        tol = "0.1pt"   # Word shows points to one decimal; other writers round a twip
    elif op == "approx" and lit.endswith("cm"):
        tol = "0.01cm"  # the UI's precision; a literal rounded to it may be 0.005 off
    return DraftCheck(sel, c.prop, op, lit, tolerance=tol, note=f"input: {inp}")


def _signature(changes: list[Change]) -> tuple:
    return tuple(sorted((c.prop, _sig_value(c)) for c in changes))


def _sig_value(c: Change) -> str:
    if c.vtype is None:
        return "formula:" + ",".join(_functions(c.anchor))
    if c.anchor.group == "cell" and c.prop == "cell.value":
        return "typed"          # typed values: a range of them is one edit
    if c.prop in ("cell.text", "text"):
        return "typed"          # the cells of a new table, the edits of a replace-all
    return shown(c.ref, c.vtype)


def _functions(a: Anchor) -> list[str]:
    try:
        obs = observe("cell.functions", a.target)
    except (OfficeEvalError, LookupError):
        return []
    return list(obs.value or []) if obs else []


def _rectangles(cells: list[Anchor]) -> list[tuple[int, int, int, int]]:
    """Cover ``cells`` (one sheet) with rectangles: runs down each column, then runs of
    columns with the same rows side by side."""
    by_col: dict[int, list[int]] = {}
    for a in cells:
        by_col.setdefault(a.extra["col"], []).append(a.extra["row"])
    runs: list[tuple[int, int, int]] = []   # (col, r1, r2)
    for col, rows in sorted(by_col.items()):
        rows.sort()
        start = prev = rows[0]
        for r in rows[1:]:
            if r != prev + 1:
                runs.append((col, start, prev))
                start = r
            prev = r
        runs.append((col, start, prev))
    rects: list[tuple[int, int, int, int]] = []
    for col, r1, r2 in sorted(runs, key=lambda x: (x[1], x[2], x[0])):
        for k, (a1, b1, a2, b2) in enumerate(rects):
            if b1 == r1 and b2 == r2 and a2 == col - 1:
                rects[k] = (a1, b1, col, b2)
                break
        else:
            rects.append((col, r1, col, r2))
    return rects


def _range_sel(sheet_sel: str, r: tuple[int, int, int, int]) -> str:
    c1, r1, c2, r2 = r
    a, b = cell_ref(r1, c1), cell_ref(r2, c2)
    return f"{sheet_sel}/{a}" if a == b else f"{sheet_sel}/{a}:{b}"


def _group_selectors(ref: Document, anchors: list[Anchor], props: set[str]) -> list[str]:
    """Selectors covering exactly ``anchors`` in ``ref``: one selector over all of them
    when one exists (a style, a range), else one per anchor."""
    if not anchors:
        return []
    if anchors[0].group == "cell":
        out = []
        by_sheet: dict[str, list[Anchor]] = {}
        for a in anchors:
            by_sheet.setdefault(a.parent, []).append(a)
        for ssel, cells in by_sheet.items():
            out += [_range_sel(ssel, r) for r in _rectangles(cells)]
        return out
    if len(anchors) == 1:
        return [anchors[0].selector]
    want = sorted(a.target.locator for a in anchors)
    cands: list[str] = []
    if anchors[0].group == "paragraph" and "paragraph.style" not in props:
        styles = {_style_name(a) for a in anchors}
        if len(styles) == 1 and None not in styles:
            cands.append(f"paragraph[style={quote(styles.pop())}]")
    if anchors[0].group == "paragraph":
        everything = safe_select(ref, "paragraph")
        chosen = {a.target.locator for a in anchors}
        rest = [t for t in everything if t.locator not in chosen]
        preds = []
        for t in rest:
            text = (t.predicate_value("text") or "").strip()
            if not text or "'" in text:
                preds = None
                break
            preds.append(f"[not(text={quote(text)})]" if len(text) <= 30
                         else f"[not(text^={quote(text[:12])})]")
        if preds is not None and len(preds) <= 3:
            cands.append("paragraph" + "".join(preds))
    if anchors[0].group == "slide":
        cands.append("slide")
    if anchors[0].group == "table_cell":
        cands.append(f"{anchors[0].parent}/cell")
    if anchors[0].group == "section":
        cands.append("section")
    for sel in cands:
        got = sorted(t.locator for t in safe_select(ref, sel))
        if got == want:
            return [sel]
    return [a.selector for a in anchors]


def _style_name(a: Anchor) -> str | None:
    try:
        obs = observe("paragraph.style", a.target)
    except (OfficeEvalError, LookupError):
        return None
    return str(obs.value) if obs and obs.value and "'" not in str(obs.value) else None


def propose(diff: Diff, inp: Document, ref: Document) -> list[DraftCriterion]:
    """The proposed criteria (points not yet assigned)."""
    by_target: dict[str, list[Change]] = {}
    anchor_of: dict[str, Anchor] = {}
    for c in _pruned(diff.changes):
        by_target.setdefault(c.anchor.selector, []).append(c)
        anchor_of[c.anchor.selector] = c.anchor
    # (family, anchor group, parent, signature) -> anchors
    groups: dict[tuple, list[Anchor]] = {}
    sig_changes: dict[tuple, list[Change]] = {}
    for sel, changes in by_target.items():
        fams: dict[str, list[Change]] = {}
        for c in changes:
            fams.setdefault(family_of(c.prop), []).append(c)
        for fam, cs in fams.items():
            a = anchor_of[sel]
            key = (fam, a.group, a.parent if a.group == "cell" else "", _signature(cs))
            groups.setdefault(key, []).append(a)
            sig_changes.setdefault(key, cs)
    out: list[DraftCriterion] = []
    for (fam, group, _, _sig), anchors in groups.items():
        template = sig_changes[(fam, group, _, _sig)]
        selectors = _group_selectors(ref, anchors, {c.prop for c in template})
        checks: list[DraftCheck] = []
        tokens: list[str] = []
        for sel in selectors:
            for c in sorted(template, key=lambda c: c.prop):
                if c.prop == "formula":
                    checks += _formula_checks(sel, c.anchor, ref)
                    tokens += _functions(c.anchor)
                    continue
                k = make_check(sel, c)
                if c.anchor.group == "cell" and c.prop == "cell.value" and ":" in sel:
                    k = DraftCheck(sel, c.prop, "equals", expected_from="reference",
                                   note="values typed as in the reference")
                checks.append(k)
                if k.expected:
                    tokens.append(k.expected)
        sid, sname = skill_of(template[0].prop)
        labels = [a.label for a in anchors]
        what = "、".join(labels[:3]) + (f" 等 {len(labels)} 处" if len(labels) > 3 else "")
        vals = "，".join(f"{k.prop or 'count'} {k.expected}" if k.expected else
                        f"{k.prop} 同参考" for k in checks[:4])
        desc = f"{what}：{vals}" + ("…" if len(checks) > 4 else "")
        weight = 1 + math.log2(len(anchors)) + 0.15 * (len(template) - 1)
        evidence = [f"{a.selector}: " + "; ".join(
            f"{c.prop} {shown(c.inp, c.vtype) if c.vtype else ''} -> "
            f"{shown(c.ref, c.vtype) if c.vtype else 'formula'}" for c in by_target[a.selector]
            if family_of(c.prop) == fam)[:300] for a in anchors[:3]]
        tokens += [a.label.strip("“”") for a in anchors]
        tokens += prop_words(c.prop for c in template)
        tokens += [_range_token(s) for s in selectors]
        out.append(DraftCriterion("", sid, desc, checks, weight, evidence=evidence,
                                  tokens=[t for t in tokens if t]))
        out[-1].skill_name = sname  # type: ignore[attr-defined]
    out += _structure(diff, inp, ref)
    out += _preservation(diff, inp, ref)
    return out


SIDES_OF_OUTER = {"table.border.top", "table.border.bottom", "table.border.left",
                  "table.border.right"}
SIDES_OF_INNER = {"table.border.inside_h", "table.border.inside_v"}


def _named_size(changes: list[Change], c: Change) -> bool:
    """Whether the paper size the target changed to has a name (A4, B5, Letter …): then
    its width and height restate it; a custom size is checked by width and height."""
    for x in changes:
        if x.anchor.selector == c.anchor.selector and x.prop == "page.size":
            lit = literal(x.vtype, x.ref.value, x.prop) or ""
            return bool(re.match(r"^(A\d|B\d|Letter|Legal|\d+开)", lit))
    return False


def _pruned(changes: list[Change]) -> list[Change]:
    """Drop restatements: page width and height when the paper size changed; a default
    paragraph style's change when the paragraphs using it show it (they are what the
    instruction names)."""
    props_of: dict[str, set[str]] = {}
    for c in changes:
        props_of.setdefault(c.anchor.selector, set()).add(c.prop)
    para_props = {c.prop for c in changes if c.anchor.group in ("paragraph", "span")}
    restyled = {c.anchor.selector for c in changes if c.prop == "paragraph.style"}
    style_changes = {(getattr(getattr(c.anchor.target, "style", None), "id", None), c.prop,
                      shown(c.ref, c.vtype)) for c in changes if c.anchor.group == "style"}
    # The default paragraph style's changes are graded on its paragraphs (below), so those
    # paragraphs keep the formatting it brings.
    default_ids = {getattr(getattr(c.anchor.target, "style", None), "id", None)
                   for c in changes if c.anchor.group == "style" and
                   getattr(getattr(c.anchor.target, "style", None), "is_default", False)}
    out = []
    for c in changes:
        # Paragraph formatting a modified style brings: graded on the style (the instruction
        # says to modify it); the paragraphs' fonts are still checked as shown.
        if c.anchor.group == "paragraph" and c.prop.startswith("paragraph.") and \
                c.prop != "paragraph.style" and c.ref.source.startswith("style:") and (
                    (c.ref.source[6:], c.prop, shown(c.ref, c.vtype)) in style_changes
                    and c.ref.source[6:] not in default_ids
                    or c.anchor.selector in restyled):
            continue    # brought by the style: graded by the style and its application
        if c.prop in ("page.width", "page.height") and \
                "page.size" in props_of[c.anchor.selector] and _named_size(changes, c):
            continue
        if c.prop in SIDES_OF_OUTER and "table.border.outer" in props_of[c.anchor.selector]:
            continue
        if c.prop in SIDES_OF_INNER and "table.border.inner" in props_of[c.anchor.selector]:
            continue
        st = getattr(c.anchor.target, "style", None)
        if c.anchor.group == "style" and getattr(st, "is_default", False) and \
                c.prop in para_props:
            continue
        out.append(c)
    return out


def _range_token(sel: str) -> str:
    m = re.search(r"/([A-Z]+\d+(?::[A-Z]+\d+)?)$", sel)
    return m.group(1) if m else ""


def _formula_checks(sel: str, a: Anchor, ref: Document) -> list[DraftCheck]:
    funcs = _functions(a)
    out = [DraftCheck(sel, "cell.has_formula", "equals", "true")]
    if funcs:
        out.append(DraftCheck(sel, "cell.functions", "contains_all", "|".join(funcs)))
    out.append(DraftCheck(sel, "cell.value", "equals", expected_from="reference"))
    try:
        fmt = observe("cell.number_format", a.target)
        formula = observe("cell.formula", a.target)
    except (OfficeEvalError, LookupError):
        fmt = formula = None
    if fmt is not None and fmt.value and str(fmt.value).lower() != "general":
        out.append(DraftCheck(sel, "cell.display", "equals", expected_from="reference"))
    m = re.search(r"\$[A-Z]{1,3}\$\d+:\$[A-Z]{1,3}\$\d+", str(formula.value if formula else ""))
    if m:
        out.append(DraftCheck(sel, "cell.formula", "contains", m.group(0)))
    return out


# Collections whose number matters: a new chart, section, caption or slide is an edit.
COUNTED = {
    "word": ["section", "table", "image", "chart", "smartart", "caption", "toc",
             "footnote", "hyperlink", "textbox", "field[type='REF']"],
    "excel": ["sheet", "sheet/chart", "sheet/pivot", "sheet/conditional_format",
              "sheet/validation", "sheet/table"],
    "ppt": ["slide", "slide/smartart", "slide/chart", "slide/table", "slide/picture",
            "slide/animation", "layout"],
}


def _structure(diff: Diff, inp: Document, ref: Document) -> list[DraftCriterion]:
    out = []
    for sel in COUNTED.get(ref.app, []):
        n_ref, n_inp = len(safe_select(ref, sel)), len(safe_select(inp, sel))
        if n_ref != n_inp:
            out.append(DraftCriterion("", "structure", f"{sel} 的数量：{n_inp} → {n_ref}",
                                      [DraftCheck(sel, None, "count", str(n_ref),
                                                  note=f"input: {n_inp}")], 1.0,
                                      tokens=[sel.split("/")[-1]]))
    if ref.app == "word":
        styles = {}
        for t in safe_select(ref, "paragraph"):
            try:
                obs = observe("paragraph.style", t)
            except (OfficeEvalError, LookupError):
                continue
            if obs is not None and obs.value and "'" not in str(obs.value):
                styles[str(obs.value)] = styles.get(str(obs.value), 0) + 1
        for name, n in styles.items():
            sel = f"paragraph[style={quote(name)}]"
            n_inp = len(safe_select(inp, sel))
            if n_inp != n and n <= 40:
                out.append(DraftCriterion("", "style", f"应用“{name}”样式的段落数：{n_inp} → {n}",
                                          [DraftCheck(sel, None, "count", str(n),
                                                      note=f"input: {n_inp}")], 1.0,
                                          tokens=[name]))
    for a in diff.gone:
        out.append(DraftCriterion("", "text", f"删除 {a.label}",
                                  [DraftCheck(a.selector, None, "count", "0",
                                              note="present in the input")], 1.0,
                                  tokens=[a.label.strip("“”")]))
    return out


# What a cell's content is: a change of these (not of a format) keeps it out of the values
# the task preserves.
VALUE_PROPS = {"cell.value", "formula", "cell.text", "text", "cell.display"}


def _preservation(diff: Diff, inp: Document, ref: Document) -> list[DraftCriterion]:
    """Content the task keeps: constant cells unchanged (a cell whose format changed keeps
    its value), untouched sheets, the sheet names; table texts and body paragraphs; slide
    titles, body placeholders' texts and the number of slides."""
    changed = {c.anchor.selector for c in diff.changes if c.prop in VALUE_PROPS}
    checks: list[DraftCheck] = []
    if ref.app == "excel":
        keep: dict[str, list[Anchor]] = {}
        for a, cp in diff.matched:
            if a.group != "cell" or a.extra.get("formula") or a.selector in changed:
                continue
            try:
                r, i = observe("cell.value", a.target), observe("cell.value", cp)
            except (OfficeEvalError, LookupError):
                continue
            if r is None or r.value is None or r.value.kind == "empty":
                continue
            if i is not None and str(r.value) == str(i.value):
                keep.setdefault(a.parent, []).append(a)
        for ssel, cells in keep.items():
            ssel = _sheet_in_both(ssel, inp, ref)
            rects = sorted(_rectangles(cells), key=lambda x: -(x[2] - x[0] + 1) * (x[3] - x[1] + 1))
            for rect in rects[:4]:
                if (rect[2] - rect[0] + 1) * (rect[3] - rect[1] + 1) >= 4:
                    checks.append(DraftCheck(_range_sel(ssel, rect), "cell.value", "unchanged"))
        touched = {c.anchor.parent or c.anchor.selector for c in diff.changes
                   if c.prop in VALUE_PROPS}
        for a, cp in diff.matched:
            if a.group == "sheet" and a.selector not in touched and not any(
                    x.parent == a.selector for x in diff.new):
                checks.append(DraftCheck(a.selector, "sheet.values", "unchanged"))
        if not any(c.prop == "workbook.sheet_names" for c in diff.changes):
            checks.append(DraftCheck("workbook", "workbook.sheet_names", "unchanged"))
    elif ref.app == "word":
        for a, cp in diff.matched:
            if a.group == "table" and a.selector.startswith("table[text"):
                try:
                    same = shown(observe("text", a.target), _TT) == shown(observe("text", cp), _TT)
                except (OfficeEvalError, LookupError):
                    same = False
                if same:
                    checks.append(DraftCheck(f"{a.selector}/cell", "cell.text", "unchanged"))
        checks += _kept_paragraphs(inp, ref)
    else:
        titles_same = all(a.selector.startswith("slide[title") for a, _ in diff.matched
                          if a.group == "slide") and not diff.gone and not any(
            a.group == "slide" for a in diff.new)
        if titles_same and any(a.group == "slide" for a, _ in diff.matched):
            checks.append(DraftCheck("slide", "slide.title", "unchanged"))
        else:
            checks += [DraftCheck(a.selector, "slide.title", "unchanged")
                       for a, cp in diff.matched if a.group == "slide"
                       and _same(a.target, cp, "slide.title")][:MAX_KEPT]
        if len(safe_select(inp, "slide")) == len(safe_select(ref, "slide")):
            checks.append(DraftCheck("presentation", "slide.count", "unchanged"))
        checks += [DraftCheck(a.selector, "text", "unchanged")
                   for a, cp in diff.matched if a.group == "shape" and _body(a.target)
                   and a.selector not in changed and _same(a.target, cp, "text")][:MAX_KEPT]
    if not checks:
        return []
    return [DraftCriterion("", "preserve", "原有内容未被改动", checks, 0.0,
                           preservation=True, tokens=[])]


MAX_KEPT = 6    # preservation checks of one kind (slide titles, placeholders, runs of text)


def _same(t: Target, cp: Target, prop: str) -> bool:
    """Whether ``prop`` has the same non-empty value on the reference target and its input
    counterpart."""
    try:
        r, i = observe(prop, t), observe(prop, cp)
    except (OfficeEvalError, LookupError):
        return False
    return r is not None and i is not None and bool(r.value) and \
        shown(r, _TT) == shown(i, _TT)


def _body(t: Target) -> bool:
    """A body (content) placeholder: the text a slide carries besides its title."""
    try:
        obs = observe("shape.placeholder_type", t)
    except (OfficeEvalError, LookupError):
        return False
    return obs is not None and str(obs.value or "") in ("body", "obj", "subTitle")


def _kept_paragraphs(inp: Document, ref: Document) -> list[DraftCheck]:
    """Body text the task keeps: ``paragraph text unchanged`` when every paragraph's text
    is the input's, else the runs of paragraphs whose text and position are both the
    input's (``paragraph[3..7]``: before the first inserted or deleted one, or between
    edits), the longest few."""
    import difflib
    texts = []
    for doc in (inp, ref):
        got = []
        for t in safe_select(doc, "paragraph"):
            try:
                obs = observe("text", t)
            except (OfficeEvalError, LookupError):
                return []
            got.append("" if obs is None or obs.value is None else str(obs.value))
        texts.append(got)
    a, b = texts
    if not b or not any(x.strip() for x in b):
        return []
    if a == b:
        return [DraftCheck("paragraph", "text", "unchanged")]
    runs = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal" and i1 == j1 and any(x.strip() for x in b[j1:j2]):
            runs.append((j1 + 1, j2))
    runs = sorted(sorted(runs, key=lambda r: -(r[1] - r[0]))[:MAX_KEPT // 2])
    return [DraftCheck(f"paragraph[{r1}]" if r1 == r2 else f"paragraph[{r1}..{r2}]", "text",
                       "unchanged") for r1, r2 in runs]


def _sheet_in_both(ssel: str, inp: Document, ref: Document) -> str:
    """A sheet's selector that finds it in the input too: its name, or its position when
    the task renamed it (an ``unchanged`` check compares with the input's)."""
    if safe_select(inp, ssel):
        return ssel
    mine = [t.locator for t in safe_select(ref, ssel)]
    sheets = [t.locator for t in safe_select(ref, "sheet")]
    if len(mine) == 1 and mine[0] in sheets:
        k = sheets.index(mine[0]) + 1
        if len(safe_select(inp, f"sheet[{k}]")) == 1:
            return f"sheet[{k}]"
    return ssel


class _TTx:
    def render(self, v):
        return "(none)" if v is None else str(v)


_TT = _TTx()


def assign_points(criteria: list[DraftCriterion], total: int = 100) -> None:
    """Points by weight, integers (halves when there are many criteria) summing to
    ``total``; preservation gets a small fixed share so the input stays low."""
    keep = [c for c in criteria if c.preservation]
    rest = [c for c in criteria if not c.preservation]
    budget = total
    for c in keep:
        c.points = min(PRESERVE_POINTS, max(2, len(c.checks) * 2)) if rest else total
        budget -= c.points
    if not rest:
        return
    step = 1.0 if len(rest) <= budget else 0.5
    units = round(budget / step)
    if len(rest) > units:
        raise ValueError(f"{len(rest)} criteria cannot share {budget} points")
    wsum = sum(c.weight for c in rest) or 1.0
    spare = units - len(rest)
    raw = [c.weight / wsum * spare for c in rest]
    base = [math.floor(r) for r in raw]
    left = spare - sum(base)
    order = sorted(range(len(rest)), key=lambda i: -(raw[i] - base[i]))
    for i in order[:left]:
        base[i] += 1
    for c, b in zip(rest, base):
        c.points = (1 + b) * step
