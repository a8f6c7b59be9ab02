"""What a draft is made of: proposed checks and criteria, the skill a property grades, the
literal a value is written as, the comparator a rubric author would pick, and the points."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from officeeval.draft.changes import FORMULA_WRITTEN, Change, shown
from officeeval.draft.policy import policy
from officeeval.errors import OfficeEvalError
from officeeval.properties.types import ListType, NumberType, TextType
from officeeval.properties.types.choices import BoolType
from officeeval.properties.types.lengths import FontSizeType, LengthType


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
    against: str | None = None  # a relation: the same property of these targets
    against_property: str | None = None     # ... or this property of them
    origin: str | None = None   # where a candidate learns the value (picture, reference)
    reason: str | None = None

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
        if self.against:
            out.append(("against", self.against))
        if self.against_property:
            out.append(("against-property", self.against_property))
        if self.origin:
            out.append(("origin", self.origin))
        if self.reason:
            out.append(("reason", self.reason))
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
    step: str = ""               # that step's number ("" when none matched)
    tokens: list[str] = field(default_factory=list)   # values it mentions (for matching)
    labels: list[str] = field(default_factory=list)   # its targets' own texts (matching)


# Property family -> (skill id, skill name); a property's ``Drafting.skill`` goes first.
SKILLS = [
    ("core.", "properties", "文档属性"),
    ("style.", "style", "样式"),
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
    ("cell.alignment", "cell_format", "单元格格式"),
    ("cell.merge", "cell_format", "单元格格式"),
    ("cell.vertical", "cell_format", "单元格格式"),
    (FORMULA_WRITTEN, "formula", "公式与函数"),
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
    ("custom_show.", "show", "放映设置"),
    ("notes.", "notes", "备注"),
    ("footnote.", "reference", "脚注与批注"),
    ("comment.", "reference", "脚注与批注"),
    ("mail_merge.", "mail_merge", "邮件合并"),
    ("count", "structure", "结构"),
    ("preserve", "preserve", "内容保持"),
]


def describe(what: str, checks: list[DraftCheck]) -> str:
    """A criterion's description: its targets, then the first few checked values."""
    def value(k: DraftCheck) -> str:
        if k.against:
            return f"{k.prop} {k.op} {k.against}" + (f" 的 {k.against_property}"
                                                      if k.against_property else "")
        if k.op == "not_equals" and k.expected:
            return f"{k.prop} 不为 {k.expected}"
        if k.op == "count_distinct" and k.expected:
            return f"{k.prop} 不同值的个数 {k.expected}"
        if k.op == "exists":
            return f"{k.prop} 已设置"
        return f"{k.prop or 'count'} {k.expected}" if k.expected else f"{k.prop} 同参考"
    vals = "，".join(value(k) for k in checks[:4])
    return f"{what}：{vals}" + ("…" if len(checks) > 4 else "")


# Skills only a definition gives (``Drafting.skill``), no family prefix.
OWN_SKILLS = {"numbering": "编号与列表", "number_format": "数字格式"}
SKILL_NAMES = {**{sid: name for _, sid, name in SKILLS}, **OWN_SKILLS}


def skill_of(prop: str) -> tuple[str, str]:
    """``(skill id, skill name)`` of a property (or of the draft's own names, ``count``,
    ``preserve``): its ``Drafting.skill``, else the first family of SKILLS it is in;
    ``("other", "其他")`` when none is."""
    own = policy(prop).skill
    if own:
        return own, SKILL_NAMES[own]
    for prefix, sid, name in SKILLS:
        if prop == prefix.rstrip(".") or prop.startswith(prefix):
            return sid, name
    return "other", "其他"


def family_of(prop: str) -> str:
    """The criterion group of a property: its skill, except that paragraph formatting is
    three edits, as exam steps and rubric authors treat it (alignment, indents, spacing:
    "首行缩进 2 字符" and "1.5 倍行距" are often separate steps)."""
    return policy(prop).family or skill_of(prop)[0]


# Lengths written in centimetres (as the dialogs show them): these families, and each
# property whose ``Drafting.in_cm`` says so.
CM_PROPS = ("page.", "image.", "shape.")


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
    if prop and (prop.startswith(CM_PROPS) or policy(prop).in_cm) and \
            isinstance(vtype, LengthType) and \
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
            policy(c.prop).inserted_text:
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


def assign_points(criteria: list[DraftCriterion], total: int = 100) -> None:
    """Points by weight, integers (halves when there are many criteria) summing to
    ``total``; preservation gets a small fixed share so the input stays low (all of it,
    shared alike, when there is nothing else). Criteria whose weights are all zero share
    alike. Raises ``ValueError`` when there are more criteria than half points."""
    keep = [c for c in criteria if c.preservation]
    rest = [c for c in criteria if not c.preservation]
    if not rest:
        # Nothing but preservation: it is the whole rubric.
        rest, keep = keep, []
    budget = total
    for c in keep:
        c.points = min(PRESERVE_POINTS, max(2, len(c.checks) * 2))
        budget -= c.points
    if not rest:
        return
    step = 1.0 if len(rest) <= budget else 0.5
    units = round(budget / step)
    if len(rest) > units:
        raise ValueError(f"{len(rest)} criteria cannot share {budget} points")
    weights = [max(0.0, c.weight) for c in rest]
    if not any(weights):
        weights = [1.0] * len(rest)
    wsum = sum(weights)
    spare = units - len(rest)
    raw = [w / wsum * spare for w in weights]
    base = [math.floor(r) for r in raw]
    left = spare - sum(base)
    order = sorted(range(len(rest)), key=lambda i: -(raw[i] - base[i]))
    for i in order[:left]:
        base[i] += 1
    for c, b in zip(rest, base):
        c.points = (1 + b) * step
