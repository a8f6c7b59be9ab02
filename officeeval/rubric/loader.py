"""Load a rubric: structure by the shipped XSD, meaning by the engine, and every problem
reported at once with its line (and column inside a selector).

The structure is checked by libxml2's validator (``lxml.etree.XMLSchema``: milliseconds,
nothing more to import); only a rubric it rejects is validated again by ``xmlschema``, whose
messages name what is wrong (``tests/rubric/test_schema_validators.py`` holds the two to
the same verdicts).

Raises ``RubricError`` listing all issues; returns a frozen ``Rubric`` otherwise.
"""

from __future__ import annotations

import hashlib
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path

from lxml import etree

from officeeval import apps
from officeeval.comparators import get_comparator
from officeeval.comparators.registry import ComparatorKind, comparator_names
from officeeval.errors import RubricError, RubricIssue, ValueParseError
from officeeval.ooxml.ns import NSMAP
from officeeval.catalog import catalog
from officeeval.properties.types import ValueType
from officeeval.rubric.model import Check, Criterion, Files, Rubric
from officeeval.selectors import validate_selector

NS = "urn:officeeval:rubric:1"
_NORMALIZE = {"space", "case", "width", "punct", "line_order", "blank_lines"}
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                          huge_tree=False, remove_comments=True)


@lru_cache(maxsize=1)
def schema():  # noqa: ANN201 - an xmlschema.XMLSchema (imported only when needed)
    """The rubric XSD shipped as package data, as ``xmlschema`` reads it (for messages)."""
    import xmlschema
    text = resources.files("officeeval.rubric").joinpath("rubric.xsd").read_text("utf-8")
    return xmlschema.XMLSchema(text)


@lru_cache(maxsize=1)
def fast_schema() -> etree.XMLSchema:
    """The same XSD as libxml2 reads it: tells valid from invalid, fast."""
    data = resources.files("officeeval.rubric").joinpath("rubric.xsd").read_bytes()
    return etree.XMLSchema(etree.fromstring(data, _PARSER))


def schema_issues(root: etree._Element) -> list[RubricIssue]:
    """The structural problems of the rubric ``root`` (none when libxml2 finds it valid;
    else ``xmlschema``'s, each with its line)."""
    tree = etree.ElementTree(root)
    if fast_schema().validate(tree):
        return []
    issues = []
    for err in schema().iter_errors(tree):
        elem = getattr(err, "elem", None)
        line = getattr(elem, "sourceline", None)
        issues.append(RubricIssue(line, _schema_message(err)))
    return issues


def load_rubric(path: str | Path) -> Rubric:
    """Load and validate the rubric at ``path``; raises ``RubricError`` with every issue
    (an unreadable file is one issue without a line)."""
    p = Path(path)
    try:
        data = p.read_bytes()
    except OSError as exc:
        raise RubricError(str(p), [RubricIssue(None, f"cannot read rubric: {exc}")]) from exc
    return load_rubric_text(data, str(p))


def load_rubric_text(data: bytes | str, name: str = "<rubric>") -> Rubric:
    """Load a rubric from its XML text; relative file paths resolve against ``name``'s
    folder. Raises ``RubricError``."""
    raw = data.encode("utf-8") if isinstance(data, str) else data
    try:
        root = etree.fromstring(raw, _PARSER)
    except etree.XMLSyntaxError as exc:
        raise RubricError(name, [RubricIssue(exc.lineno, f"malformed XML: {exc.msg}")]) from exc
    issues: list[RubricIssue] = schema_issues(root)
    rubric = _build(root, raw, name, issues)
    if issues:
        issues.sort(key=lambda i: (i.line or 0, i.column or 0))
        raise RubricError(name, _dedupe(issues))
    return rubric


def _dedupe(issues: list[RubricIssue]) -> list[RubricIssue]:
    seen, out = set(), []
    for i in issues:
        if (i.line, i.message) not in seen:
            seen.add((i.line, i.message))
            out.append(i)
    return out


def _schema_message(err) -> str:  # noqa: ANN001 - an XMLSchemaValidationError
    reason = (err.reason or str(err)).strip().splitlines()[0]
    reason = reason.replace(f"{{{NS}}}", "")
    return f"schema: {reason}"


def _tag(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def _num(text: str | None, default: float, line: int | None, what: str,
         issues: list[RubricIssue]) -> float:
    if text is None:
        return default
    try:
        v = float(text)
    except ValueError:
        issues.append(RubricIssue(line, f"{what} {text!r} is not a number"))
        return default
    if v < 0 or (v * 2) != int(v * 2):
        issues.append(RubricIssue(line, f"{what} {text!r} must be a whole or half number >= 0"))
    return v


def _build(root: etree._Element, raw: bytes, name: str, issues: list[RubricIssue]) -> Rubric:
    if _tag(root) != "rubric" or etree.QName(root).namespace != NS:
        issues.append(RubricIssue(root.sourceline, f"root element must be <rubric "
                                  f"xmlns=\"{NS}\">"))
    app = root.get("app") or ""
    total = _num(root.get("total"), 100.0, root.sourceline, "total", issues)
    # The pass line is 60 of 100; a rubric with another total gets 60 % of it by default.
    pass_mark = _num(root.get("pass"), round(total * 0.6, 2), root.sourceline, "pass", issues)
    if pass_mark > total:
        issues.append(RubricIssue(root.sourceline, f"pass {pass_mark:g} exceeds total "
                                  f"{total:g}"))
    title = instruction = ""
    files = Files()
    skills: dict[str, str] = {}
    skill_lines: dict[str, int] = {}
    criteria: list[Criterion] = []
    base = Path(name).parent if name and not name.startswith("<") else Path(".")
    for el in root:
        tag = _tag(el)
        if tag == "title":
            title = (el.text or "").strip()
        elif tag == "instruction":
            instruction = (el.text or "").strip()
        elif tag == "files":
            files = Files(
                input=_rel(base, el.get("input")), reference=_rel(base, el.get("reference")),
                output=el.get("output"),
                attachments=tuple(_rel(base, a.get("href")) or "" for a in el
                                  if _tag(a) == "attachment"))
        elif tag == "skill":
            sid = el.get("id") or ""
            if sid in skills:
                issues.append(RubricIssue(el.sourceline, f"skill {sid!r} declared twice"))
            skills[sid] = el.get("name") or sid
            skill_lines[sid] = el.sourceline
        elif tag == "criterion":
            criteria.append(_criterion(el, app, issues))
    ids: dict[str, int] = {}
    for c in criteria:
        if c.id in ids:
            issues.append(RubricIssue(c.line, f"criterion id {c.id!r} already used on line "
                                      f"{ids[c.id]}"))
        else:
            ids[c.id] = c.line or 0
        if skills and c.skill not in skills:
            # <skill> elements only label skills: a criterion may use one not declared.
            # One that is a letter or two off a declared one is a typo, though.
            import difflib
            folded = {sid.casefold(): sid for sid in skills}
            hint = [folded[h] for h in difflib.get_close_matches(c.skill.casefold(),
                                                                 list(folded), n=1,
                                                                 cutoff=0.8)]
            if hint:
                issues.append(RubricIssue(c.line, f"criterion {c.id}: skill {c.skill!r} is "
                                          f"not declared; did you mean {hint[0]!r}? (declare "
                                          f"<skill id=\"{c.skill}\"/> if it is another "
                                          f"skill)"))
    used = {c.skill for c in criteria}
    for sid, line in skill_lines.items():
        if sid not in used:
            issues.append(RubricIssue(line, f"skill {sid!r} has no criteria"))
    if criteria:
        got = sum(c.points for c in criteria)
        if abs(got - total) > 1e-9:
            issues.append(RubricIssue(root.sourceline, f"criterion points sum to {got:g}, "
                                      f"but total is {total:g}"))
    return Rubric(
        id=root.get("id") or "", app=app, criteria=tuple(criteria), level=root.get("level") or "",
        total=total, pass_mark=pass_mark, lang=root.get("lang") or "zh-CN", title=title,
        instruction=instruction, files=files, skills=skills,
        path=name if not name.startswith("<") else None,
        sha256=hashlib.sha256(raw).hexdigest())


def _rel(base: Path, value: str | None) -> str | None:
    if not value:
        return None
    p = Path(value)
    return str(p if p.is_absolute() else (base / p))


def _criterion(el: etree._Element, app: str, issues: list[RubricIssue]) -> Criterion:
    cid = el.get("id") or ""
    points = _num(el.get("points"), 0.0, el.sourceline, f"criterion {cid} points", issues)
    scoring = el.get("scoring") or "all"
    description = ""
    checks: list[Check] = []
    for child in el:
        tag = _tag(child)
        if tag == "description":
            description = (child.text or "").strip()
        elif tag == "check":
            checks.append(_check(child, app, cid, issues))
    if scoring == "partial":
        given = [c.points for c in checks if c.points is not None]
        if given and len(given) != len(checks):
            issues.append(RubricIssue(el.sourceline, f"criterion {cid}: give points on every "
                                      f"check or on none"))
        elif given and abs(sum(given) - points) > 1e-9:
            issues.append(RubricIssue(el.sourceline, f"criterion {cid}: check points sum to "
                                      f"{sum(given):g}, criterion has {points:g}"))
    elif any(c.points is not None for c in checks):
        issues.append(RubricIssue(el.sourceline, f"criterion {cid}: check points only apply "
                                  f"with scoring=\"partial\""))
    step = ",".join(x.strip() for x in (el.get("step") or "").split(",") if x.strip())
    return Criterion(cid, el.get("skill") or "", points, tuple(checks), scoring, description,
                     el.sourceline, step)


def _check(el: etree._Element, app: str, cid: str, issues: list[RubricIssue]) -> Check:
    line = el.sourceline
    where = f"criterion {cid}"
    select = el.get("select")
    prop_name = el.get("property")
    op_name = el.get("op") or "equals"
    expected = el.get("expected")
    expected_from = el.get("expected-from")
    tolerance = el.get("tolerance")
    threshold = el.get("threshold")
    match = re.sub(r"\s+", "", el.get("match") or "all")
    part, xpath = el.get("part"), el.get("xpath")
    normalize = frozenset(x.strip() for x in (el.get("normalize") or "").split(",") if x.strip())
    bad_norm = normalize - _NORMALIZE
    if bad_norm:
        issues.append(RubricIssue(line, f"{where}: unknown normalize option(s) "
                                  f"{', '.join(sorted(bad_norm))}"))
    reg = catalog()
    comparator = get_comparator(op_name)
    if comparator is None:
        import difflib
        hint = difflib.get_close_matches(op_name, comparator_names(), n=1)
        issues.append(RubricIssue(line, f"{where}: unknown comparator {op_name!r}"
                                  + (f"; did you mean {hint[0]!r}?" if hint else "")))
    kind = None
    if select is not None and app in apps.APPS:
        sel_issues, kind = validate_selector(select, app)
        for col, msg in sel_issues:
            issues.append(RubricIssue(line, f"{where}: select={select!r}: {msg}", col))
    vtype = None
    if xpath is not None or part is not None:
        if prop_name:
            issues.append(RubricIssue(line, f"{where}: give either property or part+xpath"))
        if not (xpath and part):
            issues.append(RubricIssue(line, f"{where}: the XPath escape hatch needs both part "
                                      f"and xpath"))
        elif xpath:
            try:
                etree.XPath(xpath, namespaces=NSMAP)
            except etree.XPathSyntaxError as exc:
                issues.append(RubricIssue(line, f"{where}: bad xpath {xpath!r}: {exc}"))
        vtype = xpath_value_type(xpath)
    elif prop_name == "count":
        from officeeval.properties.types import INTEGER
        vtype = INTEGER  # the number of selected targets, for any selector
    elif prop_name:
        pdef = reg.get(prop_name)
        if pdef is None:
            hint = reg.suggest(prop_name, app)
            issues.append(RubricIssue(line, f"{where}: unknown property {prop_name!r}"
                                      + (f"; did you mean {hint!r}?" if hint else "")))
        elif app in apps.APPS and app not in pdef.bindings:
            hint = reg.suggest(prop_name, app)
            issues.append(RubricIssue(line, f"{where}: property {prop_name!r} is not "
                                      f"available for {app}"
                                      + (f"; did you mean {hint!r}?" if hint else "")))
        else:
            vtype = pdef.type_for(app)
            binding = pdef.bindings.get(app)
            if kind is None and select is None and binding is not None:
                kind = apps.app(app).root_kind
            if binding is not None and kind is not None and kind not in binding.kinds:
                issues.append(RubricIssue(line, f"{where}: property {prop_name} does not apply "
                                          f"to {kind} targets (it applies to: "
                                          f"{', '.join(sorted(binding.kinds))})"))
    elif comparator is None or comparator.kind not in (ComparatorKind.COUNT,
                                                       ComparatorKind.PRESENCE):
        issues.append(RubricIssue(line, f"{where}: a check needs a property (or part+xpath); "
                                  f"only op=\"count\", \"exists\" and \"absent\" (which judge "
                                  f"the selection itself) may omit it"))
    expected_value = None
    tolerance_value = None
    threshold_value = None
    if comparator is not None:
        if comparator.kind is ComparatorKind.COUNT:
            from officeeval.properties.types import INTEGER
            vtype = vtype or INTEGER
        if comparator.needs_expected:
            if expected is None and expected_from is None and el.get("against") is None:
                issues.append(RubricIssue(line, f"{where}: op={comparator.name!r} needs "
                                          f"expected=, expected-from= or against="))
            if expected is not None and expected_from is not None:
                issues.append(RubricIssue(line, f"{where}: give expected= or expected-from=, "
                                          f"not both"))
        elif expected is not None:
            issues.append(RubricIssue(line, f"{where}: op={comparator.name!r} takes no "
                                      f"expected value"))
        if expected is not None and (vtype is not None
                                     or comparator.kind is ComparatorKind.COUNT):
            try:
                expected_value = comparator.parse(expected, vtype)
            except ValueParseError as exc:
                issues.append(RubricIssue(line, f"{where}: expected={expected!r} does not parse"
                                          f" for {prop_name or 'this check'}: {exc}"))
        if tolerance is not None and vtype is not None:
            try:
                tolerance_value = vtype.parse_tolerance(tolerance)
            except ValueParseError as exc:
                issues.append(RubricIssue(line, f"{where}: tolerance={tolerance!r}: {exc}"))
        if comparator.name in LISTS and vtype is not None and not vtype.listy:
            issues.append(RubricIssue(line, f"{where}: op={comparator.name!r} compares lists "
                                      f"of items, and {prop_name or 'this xpath'} is "
                                      f"{vtype.name} ({vtype.description}); for one value "
                                      f"among several use op=\"in\""))
        if threshold is not None:
            threshold_value = _threshold(threshold, comparator.name, line, where, issues)
        if comparator.name == "within" and vtype is not None and not hasattr(vtype, "within"):
            issues.append(RubricIssue(line, f"{where}: op=\"within\" places a chart in an "
                                      f"area, and {prop_name or 'this xpath'} is "
                                      f"{vtype.name} ({vtype.description})"))
        if comparator.name in ORDERING and vtype is not None and not vtype.orderable:
            issues.append(RubricIssue(line, f"{where}: op={comparator.name!r} orders values, "
                                      f"and {prop_name or 'this xpath'} is {vtype.name} "
                                      f"({vtype.description}), which has no order"))
    if match.startswith("count") and not re.fullmatch(r"count(>=|<=|>|<|=|==)\d+", match):
        issues.append(RubricIssue(line, f"{where}: match={match!r} must be all, any, none or "
                                  f"count>=N"))
    against, against_property = _relation(el, app, prop_name, comparator, where, vtype,
                                          issues)
    origin, reason = el.get("origin"), el.get("reason")
    if origin == "reference" and not (reason or "").strip():
        issues.append(RubricIssue(line, f"{where}: origin=\"reference\" needs reason= (why a "
                                  f"candidate must match the model answer's own choice)"))
    return Check(select=select, property=prop_name, op=comparator.name if comparator else op_name,
                 expected=expected, expected_value=expected_value, expected_from=expected_from,
                 tolerance=tolerance, tolerance_value=tolerance_value, match=match,
                 source=el.get("source") or "effective", normalize=normalize,
                 points=float(el.get("points")) if _is_num(el.get("points")) else None,
                 part=part, xpath=xpath, line=line, threshold=threshold_value,
                 against=against, against_property=against_property, origin=origin,
                 reason=reason)


# Comparators a relation (``against=``) can use: one value against another.
RELATIONS = frozenset({"equals", "not_equals", "approx", "greater", "greater_equal", "less",
                       "less_equal"})


def _relation(el: etree._Element, app: str, prop_name: str | None, comparator, where: str,
              vtype: ValueType | None, issues: list[RubricIssue]
              ) -> tuple[str | None, str | None]:
    """``against=`` / ``against-property=`` checked: a selector of this app, a comparator
    that relates two values, no expected value beside it, and an other property of the
    same type that applies to what the selector selects."""
    against, other = el.get("against"), el.get("against-property")
    line = el.sourceline
    if against is None:
        if other is not None:
            issues.append(RubricIssue(line, f"{where}: against-property= needs against="))
        return None, None
    if comparator is not None and comparator.name not in RELATIONS:
        issues.append(RubricIssue(line, f"{where}: against= relates two values: op must be "
                                  f"one of {', '.join(sorted(RELATIONS))}"))
    if el.get("expected") is not None or el.get("expected-from") is not None:
        issues.append(RubricIssue(line, f"{where}: against= is the expected value; give no "
                                  f"expected= or expected-from= beside it"))
    if not prop_name or prop_name == "count":
        issues.append(RubricIssue(line, f"{where}: against= compares a property of two "
                                  f"selections; give property="))
    kind = None
    if app in apps.APPS:
        sel_issues, kind = validate_selector(against, app)
        for col, msg in sel_issues:
            issues.append(RubricIssue(line, f"{where}: against={against!r}: {msg}", col))
    if other is not None and app in apps.APPS:
        pdef = catalog().get(other)
        if pdef is None or app not in pdef.bindings:
            issues.append(RubricIssue(line, f"{where}: against-property={other!r} is not a "
                                      f"{app} property"))
        else:
            binding = pdef.bindings[app]
            if kind is not None and kind not in binding.kinds:
                issues.append(RubricIssue(line, f"{where}: against-property {other} does "
                                          f"not apply to {kind} targets"))
            if vtype is not None and pdef.type_for(app).name != vtype.name:
                issues.append(RubricIssue(line, f"{where}: against-property {other} is "
                                          f"{pdef.type_for(app).name}, {prop_name} is "
                                          f"{vtype.name}: they cannot be compared"))
    elif prop_name and app in apps.APPS and kind is not None:
        pdef = catalog().get(prop_name)
        binding = pdef.bindings.get(app) if pdef is not None else None
        if binding is not None and kind not in binding.kinds:
            issues.append(RubricIssue(line, f"{where}: property {prop_name} does not apply "
                                      f"to {kind} targets (against={against!r})"))
    return against, other


def _threshold(text: str, op: str, line: int | None, where: str,
               issues: list[RubricIssue]) -> float | None:
    """``threshold=`` of ``op="similar"``: a ratio 0..1 or a percentage."""
    if op != "similar":
        issues.append(RubricIssue(line, f"{where}: threshold= applies to op=\"similar\" only"))
        return None
    t = text.strip()
    try:
        v = float(t[:-1]) / 100.0 if t.endswith("%") else float(t)
    except ValueError:
        v = float("nan")
    if not 0.0 <= v <= 1.0:
        issues.append(RubricIssue(line, f"{where}: threshold={text!r} must be a ratio from 0 "
                                  f"to 1 (0.9) or a percentage (90%)"))
        return None
    return v


# Comparators of lists of items: the property must be list-valued.
LISTS = frozenset({"subset_of", "same_set"})
# Comparators that order values: they need a type with an order (numbers, lengths, dates).
ORDERING = frozenset({"greater", "greater_equal", "less", "less_equal", "between"})
_PROBE = etree.Element("probe")


def xpath_value_type(xpath: str | None) -> ValueType:
    """The value type of an XPath escape hatch's result. XPath 1.0 types are static: a
    number (``count(//w:tbl)``, ``sum(…)``, arithmetic) is a number, a boolean
    (``boolean(…)``, ``not(…)``, a comparison) a boolean, a node-set or string text. Found by
    evaluating the expression once on an empty element; text when that cannot be done."""
    from officeeval.properties.types import BOOL, NUMBER, TEXT
    if not xpath:
        return TEXT
    try:
        result = etree.XPath(xpath, namespaces=NSMAP)(_PROBE)
    except (etree.XPathError, TypeError, ValueError):
        return TEXT
    if isinstance(result, bool):
        return BOOL
    if isinstance(result, float):
        return NUMBER
    return TEXT


def _is_num(s: str | None) -> bool:
    try:
        float(s)  # type: ignore[arg-type]
        return True
    except (TypeError, ValueError):
        return False
