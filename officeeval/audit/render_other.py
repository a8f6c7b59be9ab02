"""How the other-answer variants (issue 36) read in ``rubrics/AUDIT.md`` and on the console:
every variant tried on a rubric, whether it kept full marks, and for a loss the criteria,
the check that lost and why. ``render`` calls these; they hold no timings."""

from __future__ import annotations

from officeeval.audit import model as M

INTRO = ("Other correct answers — the reference answered differently where the instruction's "
         "words leave it open (fields updated as Word does on open; created objects renamed, "
         "made in another order, moved and resized within the region the words name; colours "
         "and font sizes given only by an example picture moved to look-alikes; a switched "
         "layout's empty placeholders; a text edit no step asks for undone) — must keep full "
         "marks too: a loss is a false fail of the rubric, which reads the reference's choice "
         "rather than the task.")


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def summary(report: M.AuditReport) -> str:
    """One sentence for the verdict line."""
    return (f"{report.other_answers} other-answer variants, {report.other_answer_fails} "
            f"lost points (target 0).")


def line(r: M.RubricAudit) -> str:
    """The rubric section's bullet."""
    tried = r.other_answers
    unused = [m for m in r.mutants if m.kind == "other_answer" and m.verdict == M.NOT_APPLICABLE]
    out = (f"- Other answers: {len(tried)} variants, {len(r.other_answer_fails)} lost points"
           + (f" ({', '.join(m.operator.removeprefix('other:') for m in r.other_answer_fails)})"
              if r.other_answer_fails else ""))
    if unused:
        out += f"; {len(unused)} do not apply to this reference"
    return out + "."


def table(r: M.RubricAudit) -> list[str]:
    """Every other-answer variant tried, with its verdict and, for a loss, why."""
    rows = [m for m in r.mutants if m.kind == "other_answer"
            and m.verdict in (M.OTHER_OK, M.FALSE_FAIL)]
    if not rows:
        return []
    out = ["### Other correct answers", "",
           "| mutant | variant | what was changed | verdict | lost (criterion, check, why) |",
           "| --- | --- | --- | --- | --- |"]
    for m in rows:
        verdict = {M.OTHER_OK: "full marks", M.FALSE_FAIL: "**false fail**"}.get(m.verdict,
                                                                                 m.verdict)
        out.append(f"| {m.id} | {m.operator.removeprefix('other:')} | {_cell(m.description)} "
                   f"| {verdict} | {_cell(m.explanation)} |")
    return out + [""]


def console_lines(report: M.AuditReport) -> str:
    return (f"{report.other_answer_fails}/{report.other_answers} other-answer variants "
            f"lost points")
