"""How close `officeeval draft` comes to the hand-written rubrics of the shipped tasks.

For every task in rubrics/ (or those named), draft a rubric from the task's input,
reference and instruction, then compare it with the hand-written one target by target:
each check is read as the set of (target locator in the reference, property) pairs its
selector and property name (``count`` for op="count": the set of targets counted). A hand
check is *recovered* when the draft reads every one of its pairs; a draft check is *extra*
when the hand rubric reads none of its pairs. Then the draft is audited (reference 100,
input low, mutants caught, no false fails) and the task's independent solutions — programs
written blind from the prompt — are run and graded with the draft (``solutions``: each
program's score; a correct blind answer should score full marks, a text-only one loses only
what the pictures alone give).

``--drafted`` adds the tasks whose shipped rubric was itself drafted and then reviewed by
hand (word-l2-annual, word-l2-transit, excel-l2-orders, excel-l2-library, ppt-l2-festival,
ppt-l2-farm): their recall is measured against the reviewed rubric (how much of the hand
review ``draft`` now does itself), and their blind solutions are the yardstick of issue 36.

    python bench/draft_bench.py                      # all shipped tasks; table to stdout
    python bench/draft_bench.py word-l1-notice --keep /tmp/drafts --no-audit
    python bench/draft_bench.py --drafted word-l2-annual ppt-l2-farm
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from officeeval import recalc  # noqa: E402
from officeeval.audit.runner import audit_rubric  # noqa: E402
from officeeval.draft import draft  # noqa: E402
from officeeval.draft.anchors import safe_select  # noqa: E402
from officeeval.formats import open_document  # noqa: E402
from officeeval.rubric import load_rubric  # noqa: E402


def pairs(rubric, ref_doc, inp_doc) -> list[tuple[str, set]]:
    """Each check of ``rubric`` as (label, its (locator, property) pairs)."""
    out = []
    for c in rubric.criteria:
        for k in c.checks:
            sel = k.select or None
            targets = safe_select(ref_doc, sel) if sel else [ref_doc.root()]
            if k.op == "count" or not k.property:
                locs = frozenset(t.locator for t in targets)
                if not locs and sel:
                    locs = frozenset("input:" + t.locator for t in safe_select(inp_doc, sel))
                keys = {("count", locs)}
            else:
                keys = {(t.locator, k.property) for t in targets}
            out.append((f"{c.id} {k.label()}", keys))
    return out


def compare(hand_path: Path, draft_path: Path) -> dict:
    hand = load_rubric(hand_path)
    drafted = load_rubric(draft_path)
    ref = open_document(hand.files.reference)
    inp = open_document(hand.files.input)
    try:
        hp, dp = pairs(hand, ref, inp), pairs(drafted, ref, inp)
    finally:
        ref.close()
        inp.close()
    dset = set().union(*[k for _, k in dp]) if dp else set()
    hset = set().union(*[k for _, k in hp]) if hp else set()
    recovered = [lab for lab, k in hp if k and k <= dset]
    missed = [lab for lab, k in hp if not (k and k <= dset)]
    extra = [lab for lab, k in dp if k and not (k & hset)]
    return {"hand_checks": len(hp), "recovered": len(recovered), "missed": missed,
            "draft_checks": len(dp), "extra": extra,
            "draft_criteria": len(drafted.criteria), "hand_criteria": len(hand.criteria)}


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("tasks", nargs="*")
    ap.add_argument("--keep", help="write the drafts here (else a temporary directory)")
    ap.add_argument("--no-audit", action="store_true")
    ap.add_argument("--verbose", action="store_true", help="list missed and extra checks")
    ap.add_argument("--drafted", action="store_true",
                    help="also the tasks whose rubric was drafted, then reviewed by hand")
    args = ap.parse_args(argv)
    rubrics = sorted((REPO / "rubrics").glob("*.xml"))
    # Rubrics that were themselves drafted (and reviewed) are no independent yardstick of
    # recall: only with --drafted (what the review did that draft now does itself).
    reviewed = {r.stem for r in rubrics if "Drafted by `officeeval draft`" in
                r.read_text(encoding="utf-8")[:400]}
    if not args.drafted:
        rubrics = [r for r in rubrics if r.stem not in reviewed]
    if args.tasks:
        rubrics = [r for r in rubrics if r.stem in args.tasks]
    out_dir = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="drafts-"))
    out_dir.mkdir(parents=True, exist_ok=True)
    backends = recalc.backends(None)
    rows = []
    try:
        for r in rubrics:
            hand = load_rubric(r)
            sample = Path(hand.files.reference).parent
            instr = sample / "instruction.md"
            path = out_dir / f"{r.stem}.xml"
            t0 = time.perf_counter()
            d = draft(hand.files.input, hand.files.reference, path,
                      instruction=instr if instr.is_file() else None, rubric_id=r.stem,
                      level=hand.level, backends=backends)
            path.write_text(d.text, encoding="utf-8")
            secs = time.perf_counter() - t0
            row = compare(r, path) | {"task": r.stem, "draft_s": secs,
                                      "unmatched_steps": len(d.unmatched_steps),
                                      "flags": len(d.flags)}
            if not args.no_audit:
                a = audit_rubric(path, backends=backends)
                row |= {"clean": a.clean(), "ref": a.reference_score, "inp": a.input_score,
                        "detection": a.detection_rate, "false_fails": len(a.false_fails),
                        "survivors": [m.id for m in a.survivors],
                        "error": a.error, "audit_s": a.seconds,
                        "offenders": [c.id for c in a.input_offenders],
                        "solutions": {x.name: x.score for x in a.solutions}}
            row["reviewed"] = r.stem in reviewed
            rows.append(row)
            print(_line(row), flush=True)
            if args.verbose:
                for m in row["missed"]:
                    print("    missed:", m)
                for e in row["extra"]:
                    print("    extra: ", e)
                for s in row.get("survivors", []):
                    print("    survivor:", s)
    finally:
        backends.close()
    h = sum(x["hand_checks"] for x in rows)
    rec = sum(x["recovered"] for x in rows)
    dc = sum(x["draft_checks"] for x in rows)
    ex = sum(len(x["extra"]) for x in rows)
    sols = [v for x in rows for v in (x.get("solutions") or {}).values() if v is not None]
    if sols:
        print(f"independent solutions: {len(sols)}, mean {sum(sols) / len(sols):.1f}, "
              f"full marks {sum(1 for v in sols if v >= 100)}")
    print(f"TOTAL hand checks {h}, recovered {rec} ({rec / max(h, 1):.1%}); draft checks "
          f"{dc}, extra {ex} ({ex / max(dc, 1):.1%}); clean "
          f"{sum(1 for x in rows if x.get('clean'))}/{len(rows)}")
    print(f"drafts in {out_dir}")
    return 0


def _line(x: dict) -> str:
    s = (f"{x['task']:18} hand {x['hand_checks']:3} recovered {x['recovered']:3} "
         f"({x['recovered'] / max(1, x['hand_checks']):5.1%})  draft {x['draft_checks']:3} "
         f"checks/{x['draft_criteria']:2} crit, extra {len(x['extra']):3}  "
         f"unmatched steps {x['unmatched_steps']}  {x['draft_s']:.1f}s")
    if "clean" in x:
        det = x["detection"]
        s += (f" | audit {'clean' if x['clean'] else 'NOT clean'} ref {x['ref']} inp "
              f"{x['inp']} det {det if det is None else f'{det:.1%}'} ff {x['false_fails']}"
              f"{' err ' + x['error'] if x['error'] else ''}"
              f"{' offenders ' + ','.join(x['offenders']) if x['offenders'] else ''}")
        if x.get("solutions"):
            s += " | solutions " + " ".join(f"{k}:{v if v is None else f'{v:g}'}"
                                            for k, v in sorted(x["solutions"].items()))
    if x.get("reviewed"):
        s += "  (rubric drafted, then reviewed)"
    return s


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
