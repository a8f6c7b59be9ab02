"""The ``<rubric>`` element as a whole: its total and pass mark, title, instruction, files
and skills, its criteria, and what must agree across them (criterion ids, skills, points)."""

from __future__ import annotations

import difflib
import hashlib
from dataclasses import dataclass, field
from pathlib import Path

from lxml import etree

from officeeval.errors import RubricIssue
from officeeval.rubric.criteria import read_criterion
from officeeval.rubric.elements import NS, local_name
from officeeval.rubric.model import Criterion, Files, Rubric
from officeeval.rubric.points import parse_points


@dataclass
class _Body:
    """The children of ``<rubric>``, read in document order."""

    title: str = ""
    instruction: str = ""
    files: Files = field(default_factory=Files)
    skills: dict[str, str] = field(default_factory=dict)  # id -> name
    skill_lines: dict[str, int] = field(default_factory=dict)
    criteria: list[Criterion] = field(default_factory=list)


def build_rubric(root: etree._Element, raw: bytes, name: str,
                 issues: list[RubricIssue]) -> Rubric:
    """The rubric of the document ``root`` (the bytes ``raw``, read from ``name``), every
    problem of meaning added to ``issues``; the ``Rubric`` is built even then."""
    if local_name(root) != "rubric" or etree.QName(root).namespace != NS:
        issues.append(RubricIssue(root.sourceline, f"root element must be <rubric "
                                  f"xmlns=\"{NS}\">"))
    app = root.get("app") or ""
    total, pass_mark = _marks(root, issues)
    body = _read_body(root, app, name, issues)
    _criteria_agree(body, issues)
    if body.criteria:
        got = sum(c.points for c in body.criteria)
        if abs(got - total) > 1e-9:
            issues.append(RubricIssue(root.sourceline, f"criterion points sum to {got:g}, "
                                      f"but total is {total:g}"))
    return Rubric(
        id=root.get("id") or "", app=app, criteria=tuple(body.criteria),
        level=root.get("level") or "", total=total, pass_mark=pass_mark,
        lang=root.get("lang") or "zh-CN", title=body.title, instruction=body.instruction,
        files=body.files, skills=body.skills, path=name if not name.startswith("<") else None,
        sha256=hashlib.sha256(raw).hexdigest())


def _marks(root: etree._Element, issues: list[RubricIssue]) -> tuple[float, float]:
    """``total=`` and ``pass=`` (the pass mark at most the total)."""
    total = parse_points(root.get("total"), 100.0, root.sourceline, "total", issues)
    # The pass line is 60 of 100; a rubric with another total gets 60 % of it by default.
    pass_mark = parse_points(root.get("pass"), round(total * 0.6, 2), root.sourceline,
                             "pass", issues)
    if pass_mark > total:
        issues.append(RubricIssue(root.sourceline, f"pass {pass_mark:g} exceeds total "
                                  f"{total:g}"))
    return total, pass_mark


def _read_body(root: etree._Element, app: str, name: str,
               issues: list[RubricIssue]) -> _Body:
    body = _Body()
    # Relative file paths resolve against the rubric's folder (a "<...>" name has none).
    base = Path(name).parent if name and not name.startswith("<") else Path(".")
    for el in root:
        tag = local_name(el)
        if tag == "title":
            body.title = (el.text or "").strip()
        elif tag == "instruction":
            body.instruction = (el.text or "").strip()
        elif tag == "files":
            body.files = _files(el, base)
        elif tag == "skill":
            sid = el.get("id") or ""
            if sid in body.skills:
                issues.append(RubricIssue(el.sourceline, f"skill {sid!r} declared twice"))
            body.skills[sid] = el.get("name") or sid
            body.skill_lines[sid] = el.sourceline
        elif tag == "criterion":
            body.criteria.append(read_criterion(el, app, issues))
    return body


def _files(el: etree._Element, base: Path) -> Files:
    return Files(input=_resolve(base, el.get("input")),
                 reference=_resolve(base, el.get("reference")), output=el.get("output"),
                 attachments=tuple(_resolve(base, a.get("href")) or "" for a in el
                                   if local_name(a) == "attachment"))


def _resolve(base: Path, value: str | None) -> str | None:
    """``value`` as a path under ``base`` unless absolute; ``None`` when absent or empty."""
    if not value:
        return None
    p = Path(value)
    return str(p if p.is_absolute() else (base / p))


def _criteria_agree(body: _Body, issues: list[RubricIssue]) -> None:
    """Criterion ids are unique; a criterion's skill a letter or two off a declared one is
    a typo; every declared skill has criteria."""
    ids: dict[str, int] = {}
    for c in body.criteria:
        if c.id in ids:
            issues.append(RubricIssue(c.line, f"criterion id {c.id!r} already used on line "
                                      f"{ids[c.id]}"))
        else:
            ids[c.id] = c.line or 0
        if body.skills and c.skill not in body.skills:
            _undeclared_skill(c, body.skills, issues)
    used = {c.skill for c in body.criteria}
    for sid, line in body.skill_lines.items():
        if sid not in used:
            issues.append(RubricIssue(line, f"skill {sid!r} has no criteria"))


def _undeclared_skill(c: Criterion, skills: dict[str, str], issues: list[RubricIssue]) -> None:
    # <skill> elements only label skills: a criterion may use one not declared.
    # One that is a letter or two off a declared one is a typo, though.
    folded = {sid.casefold(): sid for sid in skills}
    hint = [folded[h] for h in difflib.get_close_matches(c.skill.casefold(), list(folded),
                                                         n=1, cutoff=0.8)]
    if hint:
        issues.append(RubricIssue(c.line, f"criterion {c.id}: skill {c.skill!r} is not "
                                  f"declared; did you mean {hint[0]!r}? (declare <skill "
                                  f"id=\"{c.skill}\"/> if it is another skill)"))
