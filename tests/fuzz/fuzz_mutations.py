"""XML-aware mutations of real documents, and the oracle every mutated document must pass.

Shared by the hypothesis run (test_fuzz_corpus.py, CI) and the atheris harness
(atheris_harness.py, long local runs): both turn their input into a list of ``Op`` and call
``mutate`` then ``check_document``.

The oracle: grading returns a ScoreCard (never raises), no check or task detail starts with
``evaluator error:`` (the engine's mark for an exception of ours), and ``inspect`` returns
rows whose only errors are damaged parts (``PackageError``) or values that cannot be
verified (``UnverifiableValue``).
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from pathlib import Path

from lxml import etree

REPO = Path(__file__).resolve().parents[2]
HOSTILE_RUBRICS = REPO / "tests" / "hostile" / "rubrics"
EXTENSIONS = {"word": ".docx", "excel": ".xlsx", "ppt": ".pptx"}

# Attribute values a model's code (or a broken writer) can leave behind.
HOSTILE_VALUES = (
    "", " ", "0", "-1", "-2147483649", "4294967296", "99999999999999999999", "1e309",
    "-1e309", "NaN", "inf", "-0", "0.5", "1.5e3", "12pt", "2.54cm", "abc", "true", "false",
    "auto", "none", "#GG0000", "FF00", "FFFFFFFFFF", "rId999", "../../../../etc/passwd",
    "file:///etc/passwd", "http://127.0.0.1:9/x", "%1%2%3%", "\u202e\u0000"[:1], "黑体",
    "x" * 5000, "A1:XFD1048576", "Sheet1!A1", "'", "]]>", "{", "[1]",
)
OPS = ("drop", "dup", "reorder", "attr_set", "attr_drop", "text", "truncate", "flip",
       "drop_part", "rel_target", "attr_copy", "wrap")


@dataclass(frozen=True)
class Op:
    """One mutation: ``kind`` from ``OPS``; ``part``/``node``/``arg`` are indexes taken
    modulo what the document has; ``value`` is used by ``attr_set``/``text``/
    ``rel_target``."""

    kind: str
    part: int = 0
    node: int = 0
    arg: int = 0
    value: str = ""


def corpus_files(corpus: Path, app: str, max_bytes: int | None = None) -> list[Path]:
    """Documents of ``app`` in the corpus directory CORPUS (the tests' ``corpus`` fixture),
    smallest first (``max_bytes`` drops the larger ones)."""
    folder = corpus / EXTENSIONS[app].lstrip(".")
    files = sorted(folder.glob("*" + EXTENSIONS[app]), key=lambda p: (p.stat().st_size, p.name))
    return [p for p in files if max_bytes is None or p.stat().st_size <= max_bytes]


def _xml_names(names: list[str]) -> list[str]:
    # Main content parts first, so small part indexes hit what grading reads most.
    def rank(n: str) -> tuple[int, str]:
        low = n.lower()
        key = 3
        if low.endswith((".rels",)):
            key = 2
        if any(k in low for k in ("document.xml", "styles.xml", "numbering.xml", "sheet",
                                   "workbook.xml", "sharedstrings", "slide", "presentation",
                                   "theme", "header", "footer", "chart", "drawing")):
            key = 1 if "rels" not in low else 2
        if low in ("word/document.xml", "xl/workbook.xml", "ppt/presentation.xml"):
            key = 0
        return key, n
    return sorted((n for n in names if n.lower().endswith((".xml", ".rels", ".vml"))), key=rank)


_PLAIN = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                         huge_tree=False, remove_blank_text=False)


def mutate(data: bytes, ops: list[Op]) -> bytes:
    """Apply ``ops`` to the zip ``data`` and return the new zip bytes. Mutations that make
    no sense for the document (an index past the end) still do something: indexes wrap."""
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        members = [(i.filename, zf.read(i)) for i in zf.infolist()]
    parts = dict(members)
    order = [n for n, _ in members]
    raw_ops: list[Op] = []
    for op in ops:
        if op.kind in ("flip",):
            raw_ops.append(op)
            continue
        xml_names = _xml_names(order)
        if not xml_names:
            continue
        name = xml_names[op.part % len(xml_names)]
        if op.kind == "drop_part":
            parts.pop(name, None)
            order = [n for n in order if n != name]
            continue
        if op.kind == "truncate":
            blob = parts[name]
            parts[name] = blob[: (op.arg * 7919) % max(len(blob), 1)]
            continue
        try:
            root = etree.fromstring(parts[name], _PLAIN)
        except etree.XMLSyntaxError:
            continue  # already broken by an earlier op
        _mutate_tree(root, op)
        parts[name] = etree.tostring(root, xml_declaration=True, encoding="UTF-8",
                                     standalone=True)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for n in order:
            if n in parts:
                zf.writestr(n, parts[n])
    out = bytearray(buf.getvalue())
    for op in raw_ops:
        if out:
            pos = (op.node * 104729 + op.arg) % len(out)
            out[pos] ^= (op.arg % 255) + 1
    return bytes(out)


def _mutate_tree(root: etree._Element, op: Op) -> None:
    nodes = [el for el in root.iter() if isinstance(el.tag, str)]
    el = nodes[op.node % len(nodes)]
    parent = el.getparent()
    if op.kind == "drop" and parent is not None:
        parent.remove(el)
    elif op.kind == "dup" and parent is not None:
        parent.insert(parent.index(el) + 1, _copy(el))
    elif op.kind == "wrap" and parent is not None:
        # Re-parent an element under a copy of itself: nesting a reader did not expect.
        outer = etree.Element(el.tag, dict(el.attrib))
        parent.replace(el, outer)
        outer.append(el)
    elif op.kind == "reorder":
        target = el if len(el) > 1 else parent
        if target is not None and len(target) > 1:
            kids = list(target)
            k = op.arg % len(kids)
            kids = kids[k:] + kids[:k]
            if op.arg % 2:
                kids.reverse()
            for child in list(target):
                target.remove(child)
            target.extend(kids)
    elif op.kind == "attr_set":
        names = list(el.attrib)
        value = op.value
        if names and op.arg % 3:
            el.set(names[op.arg % len(names)], _xml_safe(value))
        else:
            # Add a likely attribute: w:val and friends are what readers look for.
            ns = etree.QName(el).namespace
            local = ("val", "w", "h", "sz", "type", "id", "r", "s", "t", "idx")[op.arg % 10]
            el.set(f"{{{ns}}}{local}" if ns and op.arg % 2 else local, _xml_safe(value))
    elif op.kind == "attr_drop":
        names = list(el.attrib)
        if names:
            del el.attrib[names[op.arg % len(names)]]
    elif op.kind == "attr_copy":
        # Copy an attribute from elsewhere in the part: plausible names, wrong places.
        donor = nodes[op.arg % len(nodes)]
        for k, v in list(donor.attrib.items())[:2]:
            el.set(k, v)
    elif op.kind == "text":
        el.text = _xml_safe(op.value)
    elif op.kind == "rel_target":
        for rel in root.iter("{http://schemas.openxmlformats.org/package/2006/relationships}"
                             "Relationship"):
            if op.arg % 3 == 0:
                rel.set("Target", _xml_safe(op.value))
            elif op.arg % 3 == 1:
                rel.set("TargetMode", "External")
            else:
                rel.set("Type", rel.get("Type", "") + "x")
            break


def _copy(el: etree._Element) -> etree._Element:
    from copy import deepcopy
    return deepcopy(el)


def _xml_safe(value: str) -> str:
    # lxml refuses control characters in text and attributes; keep everything else.
    return "".join(ch for ch in value if ch in "\t\n\r" or ord(ch) >= 0x20)[:10_000]


# ---------------------------------------------------------------------------- the oracle
class EvaluatorCrash(AssertionError):
    """The engine raised or reported an exception of ours on a mutated document."""


def rubric_for(app: str):
    from officeeval.rubric import load_rubric
    return load_rubric(HOSTILE_RUBRICS / f"hostile-{app}.xml")


def sample_rubrics(app: str) -> list:
    """The shipped rubrics of ``app`` (they select with predicates the hostile rubric does
    not); loaded once per process."""
    from officeeval.rubric import load_rubric
    from officeeval.errors import RubricError
    out = []
    for path in sorted((REPO / "rubrics").glob(f"{app}-*.xml")):
        try:
            out.append(load_rubric(path))
        except RubricError:
            continue  # another team's rubric mid-edit is not a fuzz finding
    return out


def check_document(path: Path, app: str, rubrics: list, inspect_limit: int = 8) -> dict:
    """Grade ``path`` with every rubric and inspect it; raise ``EvaluatorCrash`` naming the
    first evaluator error. Returns a summary (outcomes, row counts) for logging."""
    from officeeval.errors import OfficeEvalError, PackageError
    from officeeval.formats import open_document
    from officeeval.inspection import inspect
    from officeeval.scoring import evaluate

    summary: dict = {"outcomes": [], "rows": 0}
    for rubric in rubrics:
        card = evaluate(rubric, path)
        summary["outcomes"].append(card.outcome)
        if card.outcome_detail.startswith("evaluator error:"):
            raise EvaluatorCrash(f"{rubric.id}: opening: {card.outcome_detail}")
        for crit in card.criteria:
            for check in crit.checks:
                if check.detail.startswith("evaluator error:"):
                    raise EvaluatorCrash(f"{rubric.id} {crit.id} {check.select!r} "
                                         f"{check.property}: {check.detail}")
    try:
        doc = open_document(path, app)
    except PackageError:
        return summary
    try:
        try:
            rows = inspect(doc, limit=inspect_limit)
        except OfficeEvalError as exc:
            raise EvaluatorCrash(f"inspect raised {type(exc).__name__}: {exc}") from exc
        except Exception as exc:  # noqa: BLE001 - the finding itself
            raise EvaluatorCrash(f"inspect crashed: {type(exc).__name__}: {exc}") from exc
    finally:
        doc.close()
    summary["rows"] = len(rows)
    for row in rows:
        err = row.get("error")
        if err and not err.startswith(("PackageError", "UnverifiableValue")):
            raise EvaluatorCrash(f"inspect {row['target']} {row['property']}: {err}")
    return summary
