"""Where each literal of a rubric comes from: the instruction a candidate reads, the input
document it is given, an example picture (as the author marks it), or the reference alone.

A candidate knows the instruction, the input and the pictures; the reference's own choices
(a shape's name, a position, a shade, a text no step gives) it cannot know. So:

* a selector that finds an object the candidate creates (it selects nothing in the input)
  by a literal only the reference has is an **error**: a correct answer with another name
  is ``not_found`` (``shape[name='Chart 2']``);
* an expected value only the reference has, without the author's mark (``origin="picture"``,
  or ``origin="reference"`` with a ``reason``), is a **finding** to review; so is
  ``expected-from="reference"`` on a value a candidate chooses freely (a name, a position,
  a size, a colour) without a mark;
* truth values are named by a step's verb (加粗, 隐藏), not by the value: ``implied``.

Nothing here raises for a document or selector it cannot read: the literal is then
classified by the texts alone.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass
from typing import Any, Iterable

from officeeval.catalog import catalog
from officeeval.ooxml.colors import NAMED_COLORS, normalize_hex
from officeeval.properties.types import BoolType, EnumType
from officeeval.rubric.instruction import SPOKEN_VALUES, fold, mentions
from officeeval.rubric.model import Check, Rubric
from officeeval.selectors import select
from officeeval.selectors.grammar import Predicate, parse_selector

# Origins, in the order a literal is looked for.
INSTRUCTION = "instruction"
INPUT = "input"
PICTURE = "picture"
REFERENCE = "reference"          # only the reference has it
MARKED = "reference (marked)"    # the author's mark says why a candidate must match it
COMPARED = "reference (compared)"  # expected-from="reference": the reference's value
ACCEPTED = "accepted set"        # contains_any / in: the answers the author accepts
RELATION = "relation"            # against=: another target of the graded document
IMPLIED = "implied"              # a truth value: the step's verb names it
NOWHERE = "nowhere"              # in no document and no instruction (a typo?)

ERROR = "error"
FINDING = "finding"

# Predicate keys whose literal a candidate must write the same (a text, a name); ``type``
# and flags are the engine's tokens.
_LITERAL_KEYS = {"text", "name", "style", "layout", "title"}
# Step arguments that are names (sheet('成绩'), span('读书节'), style('标题 1') …).
_NAME_STEPS = {"sheet", "span", "style", "layout", "custom_show", "bookmark", "table",
               "name", "master"}
_A1 = re.compile(r"^\$?[A-Za-z]{1,3}\$?\d+(:\$?[A-Za-z]{1,3}\$?\d+)?$|^\d+(,\s*\d+)?$")
# Values a candidate chooses freely when no step fixes them: compared with the reference's
# own value they charge the reference's choice.
_FREE = re.compile(r"^(shape|image|chart)\.(name|left|top|width|height)$|\.color$|"
                   r"\.name$")
_MAX_BAG = 32 * 1024 * 1024


@dataclass
class LiteralOrigin:
    """One literal of one check: ``where`` it is (``select``, ``against``, ``expected``),
    the ``origin`` found, and a ``finding`` (``error`` or ``finding``) with its ``note``."""

    criterion: str
    check: str
    where: str
    literal: str
    origin: str
    finding: str = ""
    note: str = ""
    line: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


class TextBag:
    """Every text and attribute value of a document's XML parts, folded for searching
    (bounded: a part past the budget is left out)."""

    def __init__(self, doc: Any) -> None:
        pieces: list[str] = []
        size = 0
        pkg = getattr(doc, "package", None)
        for name in (pkg.part_names() if pkg is not None else []):
            if not name.endswith((".xml", ".rels")) or size > _MAX_BAG:
                continue
            try:
                root = pkg.xml(name)
            except Exception:  # noqa: BLE001 - an unreadable part adds no text
                continue
            for el in root.iter():
                if isinstance(el.tag, str):
                    if el.text and el.text.strip():
                        pieces.append(el.text)
                    pieces.extend(v for v in el.attrib.values() if v)
            size = sum(len(p) for p in pieces)
        # Runs split a paragraph's text: searched both piece by piece and joined.
        self.folded = fold("\u0001".join(pieces)) + "\u0001" + fold("".join(pieces))

    def has(self, literal: str) -> bool:
        f = fold(literal)
        return bool(f) and f in self.folded


def literal_origins(rubric: Rubric, instruction: str, input_doc: Any, reference_doc: Any,
                    input_statuses: dict[tuple[str, int], str]) -> list[LiteralOrigin]:
    """Every selector and expected literal of ``rubric`` with its origin. ``input_statuses``
    maps (criterion id, check index) to the check's status on the untouched input."""
    folded = fold(instruction)
    in_bag, ref_bag = TextBag(input_doc), TextBag(reference_doc)
    out: list[LiteralOrigin] = []
    for c in rubric.criteria:
        for j, k in enumerate(c.checks):
            label = k.label()
            for where, sel in (("select", k.select), ("against", k.against)):
                for lit in selector_literals(sel):
                    out.append(_selector_origin(c.id, label, where, sel or "", lit, k,
                                                folded, in_bag, ref_bag, input_doc,
                                                reference_doc))
            got = _expected_origin(c.id, label, k, rubric.app, folded, in_bag,
                                   input_statuses.get((c.id, j)))
            if got is not None:
                out.append(got)
    return out


def selector_literals(selector: str | None) -> list[str]:
    """The literals a selector finds targets by (texts, names, sheet and style names); cell
    references, positions and the engine's tokens are not literals."""
    if not selector:
        return []
    try:
        parsed = parse_selector(selector)
    except (ValueError, LookupError):
        return []
    out: list[str] = []
    for step in parsed.steps:
        if step.name == "range":
            if step.args and step.args[0]:
                out.append(step.args[0])
        elif step.name in _NAME_STEPS:
            out += [a for a in step.args if a and not _A1.match(a)]
        out += _predicate_literals(step.predicates)
    return [x for x in out if x.strip()]


def _predicate_literals(preds: Iterable[Predicate]) -> list[str]:
    out: list[str] = []
    for p in preds:
        if p.op == "not" and isinstance(p.value, Predicate):
            out += _predicate_literals([p.value])
        elif p.key in _LITERAL_KEYS and isinstance(p.value, str) and p.op != "~=":
            out.append(p.value)
    return out


def _selector_origin(cid: str, label: str, where: str, selector: str, lit: str, check: Check,
                     folded: str, in_bag: TextBag, ref_bag: TextBag, input_doc: Any,
                     reference_doc: Any) -> LiteralOrigin:
    if fold(lit) in folded:
        origin = INSTRUCTION
    elif in_bag.has(lit):
        origin = INPUT
    elif ref_bag.has(lit):
        origin = REFERENCE
    else:
        origin = NOWHERE
    row = LiteralOrigin(cid, label, where, lit, origin, line=check.line)
    if origin in (REFERENCE, NOWHERE):
        created = not _selects(input_doc, selector) and _selects(reference_doc, selector)
        if created:
            row.finding = ERROR
            row.note = (f"{selector!r} finds an object the candidate creates by {lit!r}, "
                        f"which only the reference has: find it by its kind, its order or "
                        f"the instruction's words")
        else:
            row.finding = FINDING
            row.note = f"{lit!r} is in neither the instruction nor the input"
    return row


def _selects(doc: Any, selector: str) -> bool:
    try:
        return bool(select(doc, selector))
    except Exception:  # noqa: BLE001 - an unreadable selection selects nothing
        return False


def _expected_origin(cid: str, label: str, k: Check, app: str, folded: str, in_bag: TextBag,
                     input_status: str | None) -> LiteralOrigin | None:
    row = LiteralOrigin(cid, label, "expected", k.expected or "", "", line=k.line)
    if k.against:
        row.literal, row.origin = k.against, RELATION
        return row
    if k.op in ("unchanged", "changed") or k.expected_from == "input":
        row.literal, row.origin = "(the input's value)", INPUT
        return row
    free = _FREE.search(k.property or "") is not None
    if k.expected_from == "reference":
        row.literal = "(the reference's value)"
        row.origin = _marked(k) or COMPARED
        if row.origin == COMPARED and free:
            row.finding = FINDING
            row.note = (f"{k.property} is a value a candidate chooses: compared with the "
                        f"reference's own, mark why (origin=, reason=) or grade what the "
                        f"step says")
        return row
    if k.expected is None:
        return None
    vtype = _vtype(k, app)
    if k.origin == PICTURE:
        row.origin = PICTURE
    elif k.origin == "reference":
        row.origin, row.note = MARKED, k.reason or ""
    elif k.origin in (INSTRUCTION, INPUT) and k.reason:
        # The author's mark with the words that give the value ("与幻灯片同宽", "锁定纵横比"):
        # reviewed, and said why.
        row.origin, row.note = k.origin, k.reason
    elif _implied_count(k):
        row.origin = IMPLIED
    elif isinstance(vtype, BoolType):
        row.origin = IMPLIED
    elif k.op in ("contains_any", "in") and "|" in k.expected and \
            not _named(k.expected, vtype, folded, k.op):
        # Alternatives the author accepts ("any of Excel's lookup functions"): a generous
        # reading of the step, not the reference's own choice.
        row.origin = ACCEPTED
    elif input_status == "pass":
        row.origin = INPUT
    elif _known(k, vtype, folded, in_bag):
        row.origin = INSTRUCTION if _named(k.expected, vtype, folded, k.op) else INPUT
    else:
        row.origin = REFERENCE
        row.finding = FINDING
        row.note = ("only the reference has this value: if a picture gives it, mark it "
                    "origin=\"picture\"; if the candidate must match the reference's own "
                    "choice, say why (origin=\"reference\" reason=…); else grade what the "
                    "step says")
    if k.origin == "instruction" and not k.reason and \
            not _named(k.expected, vtype, folded, k.op):
        row.finding, row.note = FINDING, "marked origin=\"instruction\", but no step names it"
    return row


def _implied_count(k: Check) -> bool:
    """A count that says "there is one" or "there is none" (a step's verb: 添加, 删除)."""
    if k.op != "count" and k.property != "count":
        return False
    return re.sub(r"\s+", "", k.expected or "") in ("0", "==0", "<1", "1", "==1", ">=1", ">0")


def _marked(k: Check) -> str | None:
    if k.origin == PICTURE:
        return PICTURE
    if k.origin == "reference" and k.reason:
        return MARKED
    return None


def _vtype(k: Check, app: str) -> Any:
    pdef = catalog().get(k.property or "")
    try:
        return pdef.type_for(app) if pdef is not None else None
    except (KeyError, LookupError):
        return None


def _items(literal: str) -> list[str]:
    return [x for x in re.split(r"\s*\|\s*", literal) if x] if "|" in literal else [literal]


def _named(literal: str, vtype: Any, folded: str, op: str = "equals") -> bool:
    """Whether the instruction names the value: the literal (every item of a list; one of
    the options of ``in``), a spoken form, an enumeration's other names, a size's points,
    a colour's hex, palette name or RGB triple, or each of its parts (``_parts``)."""
    hits = [_piece(x, vtype, folded) for x in _items(literal)]
    return any(hits) if op == "in" else all(hits)


def _known(k: Check, vtype: Any, folded: str, in_bag: TextBag) -> bool:
    """Named by the instruction, or (item by item, part by part) found in it or in the
    input."""
    hits = [_piece(x, vtype, folded, in_bag) for x in _items(k.expected or "")]
    return any(hits) if k.op == "in" else all(hits)


def _piece(literal: str, vtype: Any, folded: str, in_bag: TextBag | None = None) -> bool:
    if mentions("", literal, folded) or (in_bag is not None and in_bag.has(literal)):
        return True
    token = _token(literal, vtype)
    if any(mentions("", w, folded) for w in SPOKEN_VALUES.get(token or literal.strip(), ())):
        return True
    parts = _parts(literal, vtype)
    # A literal that is its own only piece (1.5倍 is what 1.5line is cut into) is one piece.
    if parts is not None and parts != [literal.strip()]:
        return all(_piece(x, None, folded, in_bag) for x in parts)
    return _named_one(literal, vtype, folded)


def _token(literal: str, vtype: Any) -> str | None:
    if not isinstance(vtype, EnumType):
        return None
    try:
        return vtype.parse(literal)
    except Exception:  # noqa: BLE001 - not a value of the enumeration
        return None


def _named_one(literal: str, vtype: Any, folded: str) -> bool:
    """One piece named by the instruction in another form: a sheet in a formula fragment,
    an enumeration's other names, a size in points, a colour's hex, palette name or RGB."""
    # A sheet named in a formula fragment ('产品'!, $A$2:$C$13): its quotes, $ and ! are the
    # formula's spelling, not the name's.
    bare = re.sub(r"[!$'\"]", "", literal)
    if bare != literal and bare and mentions("", bare, folded):
        return True
    points = _points(literal, vtype)
    if points is not None and any(mentions("", f"{points:g}{u}", folded)
                                  for u in ("pt", "磅", "point")):
        return True
    if isinstance(vtype, EnumType):
        token = _token(literal, vtype)
        names = (token, *vtype.vocab.entries.get(token, ())) if token else ()
        return any(len(fold(n)) >= 2 and mentions("", n, folded) for n in names)
    rgb = normalize_hex(literal) or NAMED_COLORS.get(literal.strip().lower())
    if rgb and rgb != "auto":
        if fold("#" + rgb) in folded or fold(rgb) in folded:
            return True
        r, g, b = (int(rgb[i:i + 2], 16) for i in (0, 2, 4))
        if re.search(rf"(?<!\d){r}[,，、]+{g}[,，、]+{b}(?!\d)", folded):
            return True
        return any(v == rgb and len(fold(n)) >= 2 and fold(n) in folded
                   for n, v in NAMED_COLORS.items())
    return False


_REF = re.compile(r"^'?([^'!]+)'?!(\$?[A-Z]{1,3}\$?\d+(?::\$?[A-Z]{1,3}\$?\d+)?)$")
_LINES = re.compile(r"^([\d.]+)\s*(?:倍|倍行距|line|lines)$")


def _parts(literal: str, vtype: Any) -> list[str] | None:
    """The pieces a step names separately: a text's lines, a reference's sheet and range, a
    pivot value field and its function, a border's style, width and colour, a number
    format's features (千位分隔符, N 位小数, 百分比, ¥); ``None`` when the literal is one
    piece."""
    t = literal.strip()
    name = getattr(vtype, "name", "") if vtype is not None else ""
    if "\n" in t:
        return [x for x in t.splitlines() if x.strip()]
    m = _REF.match(t)
    if m:
        return [m.group(1), m.group(2).replace("$", "")]
    if "!" in t and "\n" not in t:  # 借阅透视!学院分类借阅: a sheet and a name on it
        return [x.strip("'") for x in t.split("!") if x.strip("'")]
    if ":" in t and name.startswith("pivot"):
        field_, _, fn = t.rpartition(":")
        return [field_, fn]
    if name == "border" and " " in t:
        return [x for x in t.split() if x.lower() not in ("single", "solid")]
    m = _LINES.match(t)
    if m:
        return [f"{m.group(1)}倍"]
    if name == "number_format":
        return _format_words(t)
    return None


def _format_words(code: str) -> list[str] | None:
    """What a step says of a number format: thousands separators, decimals, a percentage,
    a currency sign; ``None`` for a format it describes otherwise (a date: by example)."""
    words = []
    body = code.split(";")[0]
    if "," in body:
        words.append("千位分隔符")
    m = re.search(r"\.(0+)", body)
    if m:
        words.append(f"{len(m.group(1))} 位小数")
    if "%" in body:
        words.append("百分比")
    if "¥" in body or "￥" in body:
        words.append("¥")
    return words or None


def _points(literal: str, vtype: Any) -> float | None:
    """A size or length literal in points (二号 is 22), ``None`` for other types."""
    if vtype is None or getattr(vtype, "name", "") not in ("size", "length"):
        return None
    try:
        value = vtype.parse(literal)
    except Exception:  # noqa: BLE001 - not a size after all
        return None
    pts = getattr(value, "points", None)
    try:
        return float(pts()) if callable(pts) else float(value)
    except (TypeError, ValueError):
        return None


def summary(origins: list[LiteralOrigin]) -> dict[str, int]:
    """Literals counted by origin."""
    out: dict[str, int] = {}
    for o in origins:
        out[o.origin] = out.get(o.origin, 0) + 1
    return out
