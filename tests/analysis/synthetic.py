"""Synthetic results stores for the analysis and report tests.

``small_store`` is hand-summed: the expected numbers are written out in
tests/analysis/test_metrics.py. ``rich_store`` is a seeded, realistic batch (four
simulated models, Word/Excel/PowerPoint tasks at two levels, Chinese text, every task outcome
and criterion status) used for the report, the Chromium test and the README screenshot.
Both go through ``Store.record`` exactly like the batch command.
"""

from __future__ import annotations

import hashlib
import random
from pathlib import Path
from typing import Any

from officeeval.runner.store import GenerationMeta, Store
from officeeval.scoring.scorecard import CheckResult, CriterionResult, ScoreCard

# (id, skill, points, description)
Rubric = list[tuple[str, str, float, str]]

WORD_A: Rubric = [("c1", "font", 40, "标题：黑体、二号"), ("c2", "paragraph", 30, "正文首行缩进2字符"),
                  ("c3", "page", 30, "纸张A4，上下边距2.5厘米")]
EXCEL_B: Rubric = [("c1", "formula", 50, "F列用SUM求总分"), ("c2", "chart", 50, "插入簇状柱形图")]


def key_of(task: str, model: str, sample: int) -> str:
    return hashlib.sha256(f"{task}|{model}|{sample}".encode()).hexdigest()[:16]


def make_card(task: str, app: str, outcome: str, rubric: Rubric,
              results: dict[str, tuple[str, float]] | None = None,
              checks: dict[str, list[CheckResult]] | None = None, pass_mark: float = 60,
              detail: str = "") -> ScoreCard:
    """A ScoreCard following the engine's rules (scoring/engine.py ``_card``): eval_error
    points leave the total; passed needs outcome ok and score >= pass mark scaled to the
    gradable total. ``results`` maps criterion id -> (status, earned); a non-ok outcome skips
    every criterion."""
    crits = []
    for cid, skill, points, desc in rubric:
        status, earned = (results or {}).get(cid, ("pass", points)) if outcome == "ok" \
            else ("skipped", 0.0)
        crits.append(CriterionResult(cid, skill, points, earned, status, desc,
                                     list((checks or {}).get(cid, [])) if outcome == "ok"
                                     else []))
    rubric_total = sum(p for _, _, p, _ in rubric)
    excluded = sum(c.points for c in crits if c.status == "eval_error")
    possible = rubric_total - excluded
    score = sum(c.earned for c in crits)
    threshold = pass_mark * possible / rubric_total
    return ScoreCard(task=task, app=app, document="output." + {"word": "docx", "excel": "xlsx",
                                                                "ppt": "pptx"}[app],
                     outcome=outcome, score=score, total=possible, pass_mark=pass_mark,
                     passed=outcome == "ok" and possible > 0 and score >= threshold - 1e-9,
                     eval_errors=sum(c.status == "eval_error" for c in crits),
                     criteria=crits, outcome_detail=detail, rubric_total=rubric_total,
                     rubric_sha256="0" * 64, engine_version="test")


def check(prop: str, expected: str, actual: str, status: str, select: str = "paragraph[1]",
          source: str = "direct", detail: str = "") -> CheckResult:
    return CheckResult(select, prop, "equals", expected, actual, source, status == "pass",
                       status, detail)


def sandbox_for(outcome: str) -> dict[str, Any]:
    """A sandbox record shaped like officeeval.runner.sandbox_record.SandboxRecord (the sheet
    renders any keys generically)."""
    base = {"mode": "bwrap", "wall_seconds": 0.42, "cpu_seconds": 0.31,
            "limits": {"timeout": 10, "memory": "2G"}, "started": True}
    if outcome == "exec_error":
        base.update(returncode=1, exit_code=1, exception_type="KeyError",
                    exception_line="KeyError: \"Worksheet 成绩表 does not exist.\"",
                    stdout_tail="开始处理…\n", stderr_tail="Traceback (most recent call last):\n"
                    "  File \"main.py\", line 7, in <module>\n    ws = wb['成绩表']\n"
                    "KeyError: \"Worksheet 成绩表 does not exist.\"\n")
    elif outcome == "exec_timeout":
        base.update(returncode=-9, signal="SIGKILL", timed_out=True, wall_seconds=10.0,
                    stderr_tail="", stdout_tail="")
    elif outcome == "exec_killed":
        base.update(returncode=1, memory_error=True, exception_type="MemoryError",
                    exception_line="MemoryError", stderr_tail="MemoryError\n")
    elif outcome == "no_output":
        base.update(returncode=0, exit_code=0, files_written=["result.xlsx"],
                    output_found=False, stdout_tail="saved\n")
    elif outcome == "no_code":
        return {"mode": "none", "extraction": "no fenced python block in the answer"}
    else:
        base.update(returncode=0, exit_code=0, output_found=True, stdout_tail="",
                    stderr_tail="")
    return base


def small_store(outdir: Path) -> Path:
    """Ten generations of two models, hand-summed in test_metrics.py."""
    wa, eb = "word-l1-a", "excel-l2-b"
    items = [
        # sim-alpha
        ("sim-alpha", wa, "word", "1", 1, make_card(wa, "word", "ok", WORD_A, {
            "c2": ("fail", 0.0)}, {"c1": [check("font.east_asia", "黑体", "黑体", "pass",
                                                 source="style:Title")],
                                   "c2": [check("paragraph.indent.first_line", "2char",
                                                "0pt", "fail", select="paragraph[2]")]})),
        ("sim-alpha", wa, "word", "1", 2, make_card(wa, "word", "exec_error", WORD_A,
                                                    detail="KeyError")),
        ("sim-alpha", eb, "excel", "2", 1, make_card(eb, "excel", "ok", EXCEL_B, {
            "c1": ("eval_error", 0.0)}, {"c1": [check(
                "cell.value", "300", "", "eval_error", select="'成绩'!F2",
                detail="formula without cached value; no recalculation backend")]})),
        ("sim-alpha", wa, "word", "1", 3, make_card(wa, "word", "no_code", WORD_A)),
        # sim-beta
        ("sim-beta", wa, "word", "1", 1, make_card(wa, "word", "ok", WORD_A, {
            "c1": ("not_found", 0.0), "c3": ("fail", 10.0)}, {
            "c1": [check("font.east_asia", "黑体", "(nothing selected)", "not_found")],
            "c3": [check("section.margin.top", "2.5cm", "72pt", "fail", select="section[1]")]})),
        ("sim-beta", eb, "excel", "2", 1, make_card(eb, "excel", "ok", EXCEL_B, {
            "c1": ("eval_error", 0.0), "c2": ("eval_error", 0.0)})),
        ("sim-beta", eb, "excel", "2", 2, make_card(eb, "excel", "exec_timeout", EXCEL_B)),
        ("sim-beta", wa, "word", "1", 2, make_card(wa, "word", "invalid_package", WORD_A,
                                                   detail="not_a_zip: File is not a zip")),
        ("sim-beta", wa, "word", "1", 3, make_card(wa, "word", "exec_killed", WORD_A)),
        ("sim-beta", eb, "excel", "2", 3, make_card(eb, "excel", "no_output", EXCEL_B)),
    ]
    with Store(outdir) as store:
        for model, task, app, level, sample, card in items:
            meta = GenerationMeta(key_of(task, model, sample), task, model, sample, app, level,
                                  "code")
            store.record(meta, card, sandbox_for(card.outcome))
    return outdir


# ------------------------------------------------------------------------------ rich store
SKILLS = {"word": ["font", "paragraph", "page", "table", "style", "image"],
          "excel": ["formula", "format", "chart", "sort_filter", "data"],
          "ppt": ["slide", "text", "动画效果", "design", "media"]}
TASKS = [("word-l1-notice", "word", "1"), ("word-l2-brochure", "word", "2"),
         ("excel-l1-grades", "excel", "1"), ("excel-l2-sales", "excel", "2"),
         ("ppt-l1-travel", "ppt", "1"), ("ppt-l2-museum", "ppt", "2")]
# model -> (probability the program fails to run, probability a criterion passes)
MODELS = {"sim-coder-xl": (0.08, 0.86), "sim-generalist": (0.2, 0.7),
          "sim-small": (0.35, 0.55), "sim-tiny": (0.55, 0.38)}
FAILURES = ["exec_error", "exec_error", "exec_error", "exec_timeout", "exec_killed",
            "no_output", "no_code", "invalid_package"]
WRONG = {"font": ("font.east_asia", "黑体", ["宋体", "Calibri", "等线"]),
         "paragraph": ("paragraph.alignment", "居中", ["左对齐", "两端对齐"]),
         "page": ("section.page_size", "A4", ["Letter", "B5"]),
         "table": ("table.style", "网格型", ["普通表格"]),
         "style": ("paragraph.style", "标题 1", ["正文"]),
         "image": ("image.width", "8cm", ["12.7cm"]),
         "formula": ("cell.functions", "SUM", ["AVERAGE", "(none)"]),
         "format": ("cell.number_format", "0.00", ["General", "0"]),
         "chart": ("chart.type", "clusteredColumn", ["line", "pie"]),
         "sort_filter": ("sheet.autofilter", "A1:F31", ["(none)"]),
         "data": ("sheet.values", "unchanged", ["changed"]),
         "slide": ("slide.layout", "标题和内容", ["空白"]),
         "text": ("font.size", "28pt", ["18pt", "24pt"]),
         "动画效果": ("shape.animation", "飞入", ["(none)"]),
         "design": ("presentation.theme", "Office 主题", ["Facet"]),
         "media": ("picture.count", "1", ["0"])}


def _rubric(app: str, rng: random.Random) -> Rubric:
    skills = SKILLS[app]
    n = rng.randint(20, 28)
    base = [100 // n] * n
    for i in range(100 - sum(base)):
        base[i] += 1
    return [(f"c{i + 1:02d}", skills[i % len(skills)], float(p),
             f"{skills[i % len(skills)]} 要求 {i + 1}") for i, p in enumerate(base)]


def rich_store(outdir: Path, samples: int = 3, seed: int = 7,
               shuffle: int | None = None) -> Path:
    """A seeded batch: 4 models x 6 tasks x ``samples``; every outcome and status occurs.
    ``shuffle``: record the same generations in an order shuffled with that seed (as a
    batch whose workers finish in another order would)."""
    rng = random.Random(seed)
    rubrics = {t: _rubric(app, rng) for t, app, _ in TASKS}
    records = []
    for model, (p_fail, p_pass) in MODELS.items():
        for task, app, level in TASKS:
            for sample in range(1, samples + 1):
                rub = rubrics[task]
                outcome = rng.choice(FAILURES) if rng.random() < p_fail else "ok"
                results, checks = {}, {}
                everything_eval = (model, task, sample) == ("sim-small", "excel-l2-sales", 2)
                for cid, skill, points, _ in rub:
                    prop, exp, wrongs = WRONG[skill]
                    r = rng.random()
                    if everything_eval or (app == "excel" and r < 0.02):
                        status = "eval_error"
                    elif r < p_pass:
                        status = "pass"
                    else:
                        status = "not_found" if rng.random() < 0.35 else "fail"
                    earned = points if status == "pass" else 0.0
                    if status == "fail" and rng.random() < 0.2:
                        earned = points / 2  # partial credit
                    actual = {"pass": exp, "fail": rng.choice(wrongs),
                              "not_found": "(nothing selected)", "eval_error": ""}[status]
                    detail = ("formula without cached value; no recalculation backend"
                              if status == "eval_error" else "")
                    results[cid] = (status, earned)
                    checks[cid] = [check(prop, exp, actual, status,
                                         select=f"paragraph[{cid[1:]}]",
                                         source=rng.choice(["direct", "style:Heading1",
                                                            "docDefaults", "theme"]),
                                         detail=detail)]
                if everything_eval and outcome != "ok":
                    outcome = "ok"
                detail = {"invalid_package": "not_a_zip: File is not a zip file",
                          "exec_error": "KeyError"}.get(outcome, "")
                card = make_card(task, app, outcome, rub, results, checks, detail=detail)
                meta = GenerationMeta(key_of(task, model, sample), task, model, sample,
                                      app, level, "code")
                records.append((meta, card, sandbox_for(outcome)))
    if shuffle is not None:
        random.Random(shuffle).shuffle(records)
    with Store(outdir) as store:
        for meta, card, sandbox in records:
            store.record(meta, card, sandbox)
    return outdir
