"""The drafted rubric as readable XML: criteria with their evidence and the instruction
step each grades as comments, and what could not be drafted listed at the end."""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from officeeval.draft.criteria import SKILL_NAMES, DraftCriterion


def _comment(text: str) -> str:
    t = text.replace("--", "—").replace("\n", " ")
    return f"<!-- {t.rstrip('-')} -->"


def xml(criteria: list[DraftCriterion], *, rubric_id: str, app: str, title: str,
        files: dict[str, str], level: str | None, header: list[str],
        footer: list[str]) -> str:
    """The rubric text (``files``: input, reference, output relative to the rubric)."""
    names = SKILL_NAMES
    skills: list[str] = []
    for c in criteria:
        if c.skill not in skills:
            skills.append(c.skill)
    lv = f' level={quoteattr(level)}' if level else ""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>']
    lines += [_comment(h) for h in header]
    lines.append(f'<rubric xmlns="urn:officeeval:rubric:1" id={quoteattr(rubric_id)} '
                 f'app="{app}"{lv} total="100" pass="60" lang="zh-CN">')
    lines.append(f"  <title>{escape(title)}</title>")
    lines.append("  <files " + " ".join(f"{k}={quoteattr(v)}" for k, v in files.items()
                                        if v) + "/>")
    for s in skills:
        lines.append(f"  <skill id={quoteattr(s)} name={quoteattr(names.get(s, s))}/>")
    for c in criteria:
        lines.append("")
        if c.instruction:
            lines.append("  " + _comment(f"instruction {c.instruction}"))
        for e in c.evidence:
            lines.append("  " + _comment(f"evidence: {e}"))
        step = f" step={quoteattr(c.step)}" if c.step else ""
        lines.append(f'  <criterion id="{c.id}" skill={quoteattr(c.skill)} '
                     f'points="{_pts(c.points)}"{step}>')
        lines.append(f"    <description>{escape(c.description)}</description>")
        for k in c.checks:
            attrs = " ".join(f"{n}={quoteattr(v)}" for n, v in k.attrs())
            note = f"  {_comment(k.note)}" if k.note else ""
            lines.append(f"    <check {attrs}/>{note}")
        lines.append("  </criterion>")
    lines.append("")
    lines += ["  " + _comment(f) for f in footer]
    lines.append("</rubric>")
    return "\n".join(lines) + "\n"


def _pts(p: float) -> str:
    return str(int(p)) if float(p).is_integer() else f"{p:.1f}"
