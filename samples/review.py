"""Apply a task's hand review to its drafted rubric: ``samples/<task>/draft.xml`` (what
``officeeval draft`` wrote) -> ``rubrics/<task>.xml``, with the edits listed in
``samples/<task>/review.py`` (``EDITS``) and explained in its ``NOTES.md``. Points are then
spread again to total 100 (each criterion keeps its drafted share; added criteria say
theirs). The reviewed rubric is validated; audit it with ``officeeval audit``.

    python samples/review.py word-l2-annual
"""

from __future__ import annotations

import importlib.util
import math
import sys
from pathlib import Path

from lxml import etree

HERE = Path(__file__).resolve().parent
NS = "urn:officeeval:rubric:1"
Q = f"{{{NS}}}"


def _crit(root, cid):
    for c in root.iter(Q + "criterion"):
        if c.get("id") == cid:
            return c
    raise KeyError(f"no criterion {cid}")


def drop(root, cid, *props):
    """Drop criterion ``cid`` (no ``props``) or its checks of those properties."""
    c = _crit(root, cid)
    if not props:
        _remove_with_comments(c)
        return
    for k in list(c.iter(Q + "check")):
        if k.get("property") in props:
            _remove_with_comments(k, own_line=True)
    if not list(c.iter(Q + "check")):
        _remove_with_comments(c)


def drop_check(root, cid, select, prop=None):
    """Drop ``cid``'s checks on selector ``select`` (of property ``prop`` only, if given);
    raises ``KeyError`` when there is none."""
    c = _crit(root, cid)
    hit = [k for k in c.iter(Q + "check") if k.get("select") == select
           and (prop is None or k.get("property") == prop)]
    if not hit:
        raise KeyError(f"{cid}: no check on {select}")
    for k in hit:
        _remove_with_comments(k, own_line=True)


def _remove_with_comments(el, own_line=False):
    parent = el.getparent()
    nxt = el.getnext()
    if nxt is not None and isinstance(nxt, etree._Comment) and own_line:
        parent.remove(nxt)
    prev = el.getprevious()
    while not own_line and prev is not None and isinstance(prev, etree._Comment):
        p2 = prev.getprevious()
        parent.remove(prev)
        prev = p2
    parent.remove(el)


def change(root, cid, prop, **attrs):
    """Set attributes of ``cid``'s check of ``prop`` (``None`` removes one)."""
    for k in _crit(root, cid).iter(Q + "check"):
        if k.get("property") == prop:
            for name, value in attrs.items():
                name = name.replace("_", "-")
                if value is None:
                    k.attrib.pop(name, None)
                else:
                    k.set(name, value)


def add(root, cid, skill, points, description, checks, after=None, note=""):
    """A criterion written by hand (``checks``: dicts of check attributes)."""
    c = etree.Element(Q + "criterion", id=cid, skill=skill, points=str(points))
    c.set("hand", "1")
    etree.SubElement(c, Q + "description").text = description
    for attrs in checks:
        k = etree.SubElement(c, Q + "check")
        for name, value in attrs.items():
            k.set(name.replace("_", "-"), value)
    if not any(x.get("id") == skill for x in root.iter(Q + "skill")):
        names = {"reference": "脚注与批注", "preserve": "内容保持", "text": "文字内容",
                 "header_footer": "页眉页脚", "subtotal": "分类汇总"}
        last = list(root.iter(Q + "skill"))[-1]
        last.addnext(etree.Element(Q + "skill", id=skill, name=names.get(skill, skill)))
    anchor = _crit(root, after) if after else None
    if note:
        com = etree.Comment(f" review: {note} ")
        (anchor.addnext(com) if anchor is not None else root.append(com))
        anchor = com
    (anchor.addnext(c) if anchor is not None else root.append(c))


def split(root, cid, *groups):
    """Split ``cid`` into one criterion per group of its checks, for steps the draft
    graded together that the instruction asks apart. A group is ``(description, specs)``;
    a spec names checks by property (``"font.color"``) or by selector and property
    (``"sheet('汇总')/G6|cell.value"``). The first group keeps ``cid``; the others follow
    it as new criteria (``<cid>-2`` …, renumbered by ``repoint``) with the same skill, each
    with its share of the drafted points by check count (spread again later). Checks no
    group names stay with the first. Raises ``KeyError`` for a spec that names no check."""
    c = _crit(root, cid)
    checks = list(c.iter(Q + "check"))
    total = float(c.get("points"))

    def hits(spec, k):
        sel, bar, prop = spec.rpartition("|")
        return k.get("property") == prop and (not bar or k.get("select") == sel)

    taken = []
    for _, specs in groups:
        got = [k for k in checks if any(hits(s, k) for s in specs)]
        for s in specs:
            if not any(hits(s, k) for k in checks):
                raise KeyError(f"{cid}: no check {s}")
        taken.append(got)
    rest = [k for k in checks if not any(k in g for g in taken)]
    taken[0] = [k for k in checks if k in taken[0] or k in rest]
    anchor = c
    for n, ((description, _), got) in enumerate(zip(groups, taken), start=1):
        share = max(0.5, total * len(got) / len(checks))
        if n == 1:
            target = c
            c.find(Q + "description").text = description
        else:
            target = etree.Element(Q + "criterion", id=f"{cid}-{n}", skill=c.get("skill"))
            etree.SubElement(target, Q + "description").text = description
            anchor.addnext(target)
            for k in got:
                nxt = k.getnext()
                if nxt is not None and isinstance(nxt, etree._Comment):
                    target.append(k)
                    target.append(nxt)
                else:
                    target.append(k)
        target.set("points", f"{share:g}")
        anchor = target


def merge(root, cid, *others, description=None):
    """Move the checks of criteria ``others`` into ``cid`` (one step the draft graded in
    several criteria), adding their points; ``description`` replaces ``cid``'s."""
    c = _crit(root, cid)
    total = float(c.get("points"))
    for oid in others:
        o = _crit(root, oid)
        total += float(o.get("points"))
        for k in list(o.iter(Q + "check")):
            c.append(k)
        _remove_with_comments(o)
    c.set("points", f"{total:g}")
    if description:
        c.find(Q + "description").text = description


def check(root, cid, **attrs):
    """One more check on criterion ``cid`` (attributes as ``add``'s checks)."""
    k = etree.SubElement(_crit(root, cid), Q + "check")
    for name, value in attrs.items():
        k.set(name.replace("_", "-"), value)


def attach(root, *hrefs):
    """Attachments the program gets beside its input (the example pictures)."""
    files = root.find(Q + "files")
    for h in hrefs:
        etree.SubElement(files, Q + "attachment", href=h)


def points(root, cid, value):
    """Give ``cid`` this many points (kept when the rest are spread again)."""
    c = _crit(root, cid)
    c.set("points", str(value))
    c.set("keep-points", "1")


def _where(root, select, prop):
    hit = [k for k in root.iter(Q + "check")
           if k.get("select") == select and k.get("property") == prop]
    if not hit:
        raise KeyError(f"no check of {prop} on {select}")
    return hit


def change_where(root, select, prop, **attrs):
    """Set attributes of every check of ``prop`` on ``select``, whichever criterion holds
    it (``None`` removes one); raises ``KeyError`` when there is none."""
    for k in _where(root, select, prop):
        for name, value in attrs.items():
            name = name.replace("_", "-")
            if value is None:
                k.attrib.pop(name, None)
            else:
                k.set(name, value)


def drop_where(root, select, prop):
    """Drop every check of ``prop`` on ``select`` (a criterion left without checks goes
    too); raises ``KeyError`` when there is none."""
    for k in _where(root, select, prop):
        c = k.getparent()
        _remove_with_comments(k, own_line=True)
        if not list(c.iter(Q + "check")):
            _remove_with_comments(c)


def replace_checks(root, cid, props, checks):
    """Replace ``cid``'s checks of ``props`` by ``checks`` (dicts of attributes): a step
    graded on the targets the instruction names ("全部幻灯片" is every slide, "第 1～4 张" the
    first four) instead of one check per target the draft found by its text."""
    c = _crit(root, cid)
    for k in list(c.iter(Q + "check")):
        if k.get("property") in props:
            _remove_with_comments(k, own_line=True)
    for attrs in checks:
        k = etree.SubElement(c, Q + "check")
        for name, value in attrs.items():
            k.set(name.replace("_", "-"), value)


def reselect(root, old, new, *cids):
    """Every check (of criteria ``cids``, or all) whose selector is ``old`` or starts with
    ``old/`` selects ``new`` instead: a target found by what only the reference holds (a
    shape's name, a section's text that a filled-in TOC repeats) found by what the
    instruction says (its number, its kind)."""
    crits = [_crit(root, c) for c in cids] if cids else list(root.iter(Q + "criterion"))
    for c in crits:
        for k in c.iter(Q + "check"):
            sel = k.get("select") or ""
            if sel == old or sel.startswith(old + "/"):
                k.set("select", new + sel[len(old):])


def steps(root, mapping):
    """Set each criterion's ``step`` (the instruction step(s) it grades: ``"7"``,
    ``"4,7"``) by draft or hand id; raises ``KeyError`` for an id that is not there."""
    for cid, step in mapping.items():
        _crit(root, cid).set("step", step)


def describe(root, cid, text):
    _crit(root, cid).find(Q + "description").text = text


def repoint(root) -> None:
    crits = list(root.iter(Q + "criterion"))
    fixed = [c for c in crits if c.get("hand") or c.get("keep-points")]
    rest = [c for c in crits if c not in fixed]
    budget = 100 - sum(float(c.get("points")) for c in fixed)
    raw = [float(c.get("points")) for c in rest]
    scale = budget / sum(raw)
    want = [r * scale for r in raw]
    base = [max(1, math.floor(w)) for w in want]
    left = round(budget - sum(base))
    order = sorted(range(len(rest)), key=lambda i: -(want[i] - math.floor(want[i])))
    i = 0
    while left != 0 and order:
        j = order[i % len(order)]
        if left > 0:
            base[j] += 1
            left -= 1
        elif base[j] > 1:
            base[j] -= 1
            left += 1
        i += 1
    for c, b in zip(rest, base):
        c.set("points", str(b))
    for c in fixed:
        c.attrib.pop("hand", None)
        c.attrib.pop("keep-points", None)
    for n, c in enumerate(root.iter(Q + "criterion"), start=1):
        c.set("id", f"c{n:02d}")
    used = {c.get("skill") for c in root.iter(Q + "criterion")}
    for s in list(root.iter(Q + "skill")):
        if s.get("id") not in used:
            root.remove(s)


def main(task: str) -> int:
    folder = HERE / task
    spec = importlib.util.spec_from_file_location("review_edits", folder / "review.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    tree = etree.parse(str(folder / "draft.xml"))
    root = tree.getroot()
    files = root.find(Q + "files")
    for key in ("input", "reference"):
        files.set(key, f"../samples/{task}/{Path(files.get(key)).name}")
    mod.EDITS(root, sys.modules[__name__])
    repoint(root)
    etree.indent(root, space="  ")
    out = HERE.parent / "rubrics" / f"{task}.xml"
    head = (f"<!-- Drafted by `officeeval draft` (samples/{task}/draft.xml), then reviewed by "
            f"hand (samples/{task}/review.py; why: samples/{task}/NOTES.md). Regenerate with "
            f"`python samples/review.py {task}`. -->\n")
    out.write_bytes(b'<?xml version="1.0" encoding="UTF-8"?>\n' + head.encode()
                    + etree.tostring(root, encoding="utf-8") + b"\n")
    sys.path.insert(0, str(HERE.parent))
    from officeeval.rubric import load_rubric
    r = load_rubric(out)
    print(f"wrote {out}: {len(r.criteria)} criteria, "
          f"{sum(len(c.checks) for c in r.criteria)} checks, "
          f"{len({c.skill for c in r.criteria})} skills")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1]))
