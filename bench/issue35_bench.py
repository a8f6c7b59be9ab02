"""Issue 35: where users wait. Every number is "today" (main at d63076e, before the issue)
against "now" (this checkout), measured in the same run, as ratios.

    python bench/issue35_bench.py startup          # --help and score: CPU against grading
    python bench/issue35_bench.py audit [RUBRIC…]  # officeeval audit (default rubrics/*.xml)
    python bench/issue35_bench.py draft TASK…      # officeeval draft with its audit
    python bench/issue35_bench.py drafts [TASK…]   # every level-2 draft, this checkout only
    python bench/issue35_bench.py warm             # Excel score with recalc-server vs batch
    python bench/issue35_bench.py limits [DOC]     # LibreOffice's CPU on the largest document
    options: --today DIR (a checkout of d63076e; default: a git worktree made for the run),
             --json FILE (append the rows)

Each command runs in a process of its own; "CPU" is that process's and every process it
started (LibreOffice, forked workers: the bench is their subreaper, so LibreOffice killed
by its group is counted too), read with ``getrusage(RUSAGE_CHILDREN)``. On a machine shared
with other work, wall time depends on the load; CPU time much less, and the ratios of both
are what to read. The two sides of a ratio run one after the other (``today`` first), with
Python bytecode cached (a user's installed package has it; the first run of each side is a
warm-up that is not counted for the start-up rows).
"""

from __future__ import annotations

import argparse
import contextlib
import ctypes
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
TODAY_COMMIT = "d63076e"
CORPUS = REPO.parent / "shared" / "corpus" / "real"


def _subreaper() -> None:
    # PR_SET_CHILD_SUBREAPER: orphans (LibreOffice after its launcher is killed) come to us.
    try:
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            time.sleep(0.2)
            try:
                if os.waitpid(-1, os.WNOHANG)[0] == 0:
                    return
            except ChildProcessError:
                return


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def run(tree: Path, args: list[str], env: dict | None = None, timeout: float = 7200) -> dict:
    """Run ``python -m officeeval ARGS`` (or ``python -c`` when args[0] is ``-c``) with the
    code of ``tree``, in ``tree`` (``-m`` puts the working folder first on the path); its
    wall and CPU seconds (with its children), exit code and output."""
    full_env = {**os.environ, "PYTHONPATH": str(tree),
                "PYTHONPYCACHEPREFIX": str(Path(tempfile.gettempdir()) /
                                           f"issue35-pyc-{tree.name}"),
                **(env or {})}
    full_env.pop("PYTHONDONTWRITEBYTECODE", None)
    cmd = [sys.executable, *(args if args[0] == "-c" else ["-m", "officeeval", *args])]
    cpu0, t0 = _cpu(), time.perf_counter()
    res = subprocess.run(cmd, cwd=tree, env=full_env, capture_output=True, text=True,
                         timeout=timeout)
    wall = time.perf_counter() - t0
    _reap()
    return {"wall": wall, "cpu": _cpu() - cpu0, "code": res.returncode,
            "stdout": res.stdout, "stderr": res.stderr}


def today_tree(given: str | None) -> Path:
    if given:
        return Path(given)
    where = Path(tempfile.mkdtemp(prefix="issue35-today-")) / "tree"
    subprocess.run(["git", "worktree", "add", "--detach", str(where), TODAY_COMMIT],
                   cwd=REPO, check=True, capture_output=True)
    return where


def _ratio(a: float, b: float) -> str:
    return f"{a / b:.2f}x" if b > 0 else "-"


# ---------------------------------------------------------------------------- start-up
_GRADE = """
import sys, time
from officeeval.rubric import load_rubric
from officeeval.scoring import Grader
from officeeval.backends import Backends
r = load_rubric(sys.argv[2])
t = time.process_time()
Grader(Backends()).grade(r, sys.argv[1])
print(time.process_time() - t)
"""


def startup(today: Path, now: Path, rounds: int) -> list[dict]:
    rows = []
    samples = [("word-l1-notice", "docx"), ("word-l2-merge", "docx"), ("ppt-l1-campus", "pptx"),
               ("ppt-l2-museum", "pptx")]
    for side, tree in (("today", today), ("now", now)):
        run(tree, ["--help"])  # bytecode written once, as an installed package has it
    for side, tree in (("today", today), ("now", now)):
        helps = [run(tree, ["--help"], env={"COLUMNS": "100"})["cpu"] for _ in range(rounds)]
        rows.append({"what": "officeeval --help", "side": side, "cpu": min(helps)})
        for task, ext in samples:
            args = ["score", f"samples/{task}/reference.{ext}", "-r", f"rubrics/{task}.xml",
                    "--json", "--no-recalc"]
            run(tree, args)
            cpus = [run(tree, args)["cpu"] for _ in range(rounds)]
            grading = min(float(run(tree, ["-c", _GRADE, f"samples/{task}/reference.{ext}",
                                           f"rubrics/{task}.xml"])["stdout"].split()[-1])
                          for _ in range(rounds))
            rows.append({"what": f"score {task}", "side": side, "cpu": min(cpus),
                         "grading": grading, "over_grading": min(cpus) / grading})
    rows += _served(now, samples, rounds)
    by = {(r["what"], r["side"]): r for r in rows}
    print(f"{'command':28} {'today CPU':>10} {'now CPU':>9} {'today/now':>10} "
          f"{'grading':>8} {'now/grading':>12}")
    for what in dict.fromkeys(r["what"] for r in rows if r["side"] != "served"):
        t, n = by[(what, "today")], by[(what, "now")]
        over = "%.2fx" % n["over_grading"] if "grading" in n else "-"
        print(f"{what:28} {t['cpu']:10.3f} {n['cpu']:9.3f} {_ratio(t['cpu'], n['cpu']):>10} "
              f"{n.get('grading', 0):8.3f} {over:>12}")
    for r in rows:
        if r["side"] == "served":
            g = by[(r["what"], "now")]["grading"]
            print(f"{r['what'] + ' (served)':28} {'':>10} {r['cpu']:9.3f} {'':>10} "
                  f"{g:8.3f} {r['cpu'] / g:11.2f}x   server's grading {r['server']:.3f}s")
    return rows


def _served(now: Path, samples: list[tuple[str, str]], rounds: int) -> list[dict]:
    """``score`` answered by a running ``recalc-server`` (``scoring.warm``): the command's
    own CPU, and the grading's time in the server (the card's ``seconds``); no rows when
    LibreOffice is absent (the server needs it)."""
    if shutil.which("soffice") is None and shutil.which("libreoffice") is None:
        return []
    rows = []
    with _recalc_server(now, Path(tempfile.mkdtemp(prefix="issue35-served-")) / "run") as env:
        for task, ext in samples:
            args = ["score", f"samples/{task}/reference.{ext}", "-r", f"rubrics/{task}.xml",
                    "--json"]
            run(now, args, env=env)  # the server's first grading of this rubric
            res = [run(now, args, env=env) for _ in range(rounds)]
            rows.append({"what": f"score {task}", "side": "served",
                         "cpu": min(r["cpu"] for r in res),
                         "server": min(json.loads(r["stdout"])["seconds"] for r in res)})
    return rows


@contextlib.contextmanager
def _recalc_server(now: Path, folder: Path):
    """``officeeval recalc-server`` of ``now`` listening in ``folder`` (made private) while
    the block runs; yields the environment that makes commands find it."""
    env = {"OFFICEEVAL_RECALC_SOCKET": str(folder / "recalc.sock")}
    server = subprocess.Popen([sys.executable, "-m", "officeeval", "recalc-server"],
                              cwd=now, env={**os.environ, "PYTHONPATH": str(now), **env},
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert server.stdout is not None and server.stdout.readline().strip() == "ready"
        yield env
    finally:
        server.terminate()
        server.wait(timeout=60)
        _reap()


# ---------------------------------------------------------------------------- audit, draft
def audit(today: Path, now: Path, rubrics: list[str]) -> list[dict]:
    rows = []
    out = Path(tempfile.mkdtemp(prefix="issue35-audit-"))
    for side, tree in (("today", today), ("now", now)):
        md = out / f"AUDIT-{side}.md"
        r = run(tree, ["audit", *rubrics, "--write-md", str(md)])
        # The file names the command that wrote it: the same but for where it went.
        text = md.read_text("utf-8").replace(str(md), "rubrics/AUDIT.md") if md.exists() \
            else ""
        rows.append({"what": f"audit {len(rubrics)} rubrics", "side": side, "wall": r["wall"],
                     "cpu": r["cpu"], "code": r["code"], "md": text})
    t, n = rows
    same = t["md"] == n["md"]
    committed = (REPO / "rubrics" / "AUDIT.md").read_text("utf-8")
    if rubrics == sorted(str(p.relative_to(REPO)) for p in (REPO / "rubrics").glob("*.xml")):
        print(f"now's AUDIT.md is {'byte-identical to' if n['md'] == committed else 'NOT'} "
              f"the committed rubrics/AUDIT.md")
    print(f"audit of {len(rubrics)} rubrics: today {t['wall']:.1f}s wall {t['cpu']:.1f}s CPU, "
          f"now {n['wall']:.1f}s wall {n['cpu']:.1f}s CPU: wall {_ratio(t['wall'], n['wall'])}"
          f", CPU {_ratio(t['cpu'], n['cpu'])}; AUDIT.md {'identical' if same else 'DIFFERS'}")
    for r in rows:
        r.pop("md")
    return rows


def draft(today: Path, now: Path, tasks: list[str]) -> list[dict]:
    rows = []
    for task in tasks:
        sample = REPO / "samples" / task
        inp = next(sample.glob("input.*"))
        ref = next(sample.glob("reference.*"))
        res = {}
        for side, tree in (("today", today), ("now", now)):
            out = Path(tempfile.mkdtemp(prefix="issue35-draft-")) / f"{task}.xml"
            args = ["draft", str(inp), str(ref), "-o", str(out)]
            instr = sample / "instruction.md"
            if instr.exists():
                args += ["--instruction", str(instr)]
            r = run(tree, args)
            verdict = next((ln for ln in r["stdout"].splitlines() if ln.startswith("audit:")),
                           r["stderr"][-200:])
            res[side] = r | {"verdict": verdict, "rubric": out.read_text("utf-8")
                             if out.exists() else ""}
            rows.append({"what": f"draft {task}", "side": side, "wall": r["wall"],
                         "cpu": r["cpu"], "verdict": verdict})
        t, n = res["today"], res["now"]
        print(f"draft {task}: today {t['wall']:.1f}s wall {t['cpu']:.1f}s CPU, now "
              f"{n['wall']:.1f}s wall {n['cpu']:.1f}s CPU: wall {_ratio(t['wall'], n['wall'])}, "
              f"CPU {_ratio(t['cpu'], n['cpu'])}; same rubric: "
              f"{t['rubric'] == n['rubric']}; verdict today: {t['verdict']!r}, now: "
              f"{n['verdict']!r}", flush=True)
    return rows


def drafts_now(now: Path, tasks: list[str]) -> list[dict]:
    """``draft`` with its audit of every level-2 task (or ``tasks``) with this checkout
    only: the target is an absolute one (at most 60 s each)."""
    rows = []
    tasks = tasks or sorted(p.name for p in (REPO / "samples").iterdir()
                            if "-l2-" in p.name and (p / "instruction.md").exists())
    for task in tasks:
        sample = REPO / "samples" / task
        out = Path(tempfile.mkdtemp(prefix="issue35-drafts-")) / f"{task}.xml"
        r = run(now, ["draft", str(next(sample.glob("input.*"))),
                      str(next(sample.glob("reference.*"))), "-o", str(out), "--instruction",
                      str(sample / "instruction.md"), "--level", "2", "--id", task])
        verdict = next((ln for ln in r["stdout"].splitlines() if ln.startswith("audit:")),
                       r["stderr"][-200:])
        rows.append({"what": f"draft {task}", "side": "now", "wall": r["wall"],
                     "cpu": r["cpu"], "verdict": verdict})
        print(f"draft {task}: {r['wall']:.1f}s wall, {r['cpu']:.1f}s CPU; {verdict}",
              flush=True)
    worst = max(rows, key=lambda r: r["wall"])
    print(f"slowest: {worst['what']} {worst['wall']:.1f}s wall (target 60 s)")
    return rows


# ---------------------------------------------------------------------------- warm service
_BATCH_LIKE = """
import sys, time
from officeeval import recalc
from officeeval.rubric import load_rubric
from officeeval.scoring import Grader
r = load_rubric(sys.argv[3])
with Grader(recalc.backends(None)) as g:
    g.grade(r, sys.argv[1])  # a warm worker: its first workbook is not counted
    t = time.perf_counter()
    g.grade(r, sys.argv[2])
    print(time.perf_counter() - t)
"""


def _unique(src: Path, dst: Path, n: int) -> Path:
    """A copy of the workbook with one part of its own (so no cache knows it) and nothing
    a check reads changed."""
    import zipfile
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            zout.writestr(info, zin.read(info))
        zout.writestr("customXml/issue35.xml", f"<n>{n}-{time.time()}</n>")
    return dst


def warm(now: Path, rounds: int) -> list[dict]:
    task = "excel-l1-grades"
    ref = REPO / "samples" / task / "reference.xlsx"
    rubric = REPO / "rubrics" / f"{task}.xml"
    work = Path(tempfile.mkdtemp(prefix="issue35-warm-"))
    rows = []
    with _recalc_server(now, work / "sock") as env:
        for i in range(rounds):
            a = _unique(ref, work / f"a{i}.xlsx", 2 * i)
            b = _unique(ref, work / f"b{i}.xlsx", 2 * i + 1)
            c = _unique(ref, work / f"c{i}.xlsx", 100 + i)
            score = run(now, ["score", str(a), "-r", str(rubric), "--json"], env=env)
            inside = run(now, ["-c", _BATCH_LIKE, str(c), str(b), str(rubric)], env=env)
            cold = run(now, ["score", str(_unique(ref, work / f"d{i}.xlsx", 200 + i)), "-r",
                             str(rubric), "--json"], env={"OFFICEEVAL_RECALC_SOCKET": "none"})
            rows.append({"what": "excel score warm", "score_wall": score["wall"],
                         "batch_grading_wall": float(inside["stdout"].split()[-1]),
                         "cold_score_wall": cold["wall"]})
    best = min(rows, key=lambda r: r["score_wall"])
    inside = min(r["batch_grading_wall"] for r in rows)
    cold = min(r["cold_score_wall"] for r in rows)
    print(f"excel score of an openpyxl workbook: with recalc-server {best['score_wall']:.2f}s "
          f"wall, same grading in a warm worker {inside:.2f}s ({_ratio(best['score_wall'], inside)}"
          f"), without the server {cold:.2f}s ({_ratio(cold, best['score_wall'])} slower)")
    return rows


# ---------------------------------------------------------------------------- limits
_LAYOUT = """
import sys, time, os
from pathlib import Path
from officeeval.recalc.libreoffice import LibreOfficeBackend, find_soffice
from officeeval.recalc.cpu_time import group_seconds
from officeeval.formats import open_document
from officeeval.word.layout_marks import marked_copy, MARK_PREFIX
be = LibreOfficeBackend(find_soffice(), timeout=float(sys.argv[2]))
be.start()
doc = open_document(sys.argv[1])
src = Path(be.workdir) / "doc.docx"
src.write_bytes(marked_copy(doc))
groups = {be._office.pid, be._worker.pid}
c0, t0 = group_seconds(groups), time.perf_counter()
be.layout(src, MARK_PREFIX)
print(time.perf_counter() - t0, group_seconds(groups) - c0, os.getloadavg()[0])
be.close()
"""


def limits(now: Path, doc: Path) -> list[dict]:
    sys.path.insert(0, str(now))
    from officeeval.recalc.libreoffice import CPU_LIMIT, RETRY_FACTOR
    r = run(now, ["-c", _LAYOUT, str(doc), "3600"])
    wall, cpu, load = (float(x) for x in r["stdout"].split()[-3:])
    print(f"layout of {doc.name}: {wall:.1f}s wall, {cpu:.1f}s of LibreOffice's CPU (office "
          f"and worker; load {load:.1f} on {os.cpu_count()} cores): the default limit "
          f"({CPU_LIMIT:g}s CPU, retried at {CPU_LIMIT * RETRY_FACTOR:g}s) is "
          f"{CPU_LIMIT / cpu:.2f}x and {CPU_LIMIT * RETRY_FACTOR / cpu:.2f}x what it needs")
    return [{"what": f"layout {doc.name}", "wall": wall, "lo_cpu": cpu, "load": load}]


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=["startup", "audit", "draft", "drafts", "warm", "limits"])
    ap.add_argument("items", nargs="*")
    ap.add_argument("--today", help=f"a checkout of {TODAY_COMMIT} (default: made here)")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--json", help="append the rows to this file (JSON lines)")
    args = ap.parse_args(argv)
    _subreaper()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    now = REPO
    if args.what == "warm":
        rows = warm(now, args.rounds)
    elif args.what == "drafts":
        rows = drafts_now(now, args.items)
    elif args.what == "limits":
        doc = Path(args.items[0]) if args.items else CORPUS / "docx" / "poi__bug65649.docx"
        rows = limits(now, doc)
    else:
        today = today_tree(args.today)
        if args.what == "startup":
            rows = startup(today, now, args.rounds)
        elif args.what == "audit":
            rubrics = args.items or sorted(str(p.relative_to(REPO))
                                           for p in (REPO / "rubrics").glob("*.xml"))
            rows = audit(today, now, rubrics)
        else:
            rows = draft(today, now, args.items)
        if not args.today:
            subprocess.run(["git", "worktree", "remove", "--force", str(today)], cwd=REPO,
                           capture_output=True)
            shutil.rmtree(today.parent, ignore_errors=True)
    if args.json:
        with open(args.json, "a", encoding="utf-8") as fh:
            for row in rows:
                fh.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
