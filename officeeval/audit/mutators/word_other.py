"""Word's other correct answers (``other_answers`` says what each variant is): the fields
updated as Word updates them on open, the drawings the task created renamed, restacked and
resized as the words allow, pictured colours and sizes moved to look-alikes, and a text edit
no step asks for undone. The edits are Word's (``officeeval.word.edit.field_results``,
``created``, ``pictured``).
"""

from __future__ import annotations

from collections import Counter
from difflib import SequenceMatcher

from officeeval.audit import regions as RG
from officeeval.audit.mutators.other_answers import (
    Task, other_answer, pictured_variants, placement_of,
)
from officeeval.audit.mutators.ppt_other import asked
from officeeval.properties.registry import ResolveContext
from officeeval.properties.writing import NotApplicable
from officeeval.rendered import format_page_number
from officeeval.values import Measure
from officeeval.word import page_breaks, props_numbering, props_page, props_section
from officeeval.word import resolvers as WR
from officeeval.word.edit import created as WC
from officeeval.word.edit import field_results as FR
from officeeval.word.edit import pictured as WPIC
from officeeval.word.text import paragraph_text

KIND_WORDS = {"picture": ("图片", "图像", "照片"), "chart": ("图表",),
              "textbox": ("文本框",), "shape": ("形状", "图形"), "smartart": ("smartart", "图示"),
              "wordprocessingGroup": ("组合",)}
TWIPS_PER_PT = 20
# A section's width and margins: its text width (Word's resolvers, read directly).
_TEXT_WIDTH = (props_page.page_width, props_page.margin_left, props_page.margin_right)


def _value(resolver, target, ctx: ResolveContext):
    """What Word's ``resolver`` reads on ``target``; ``None`` when nothing or it fails."""
    try:
        obs = resolver(target, ctx)
    except Exception:  # noqa: BLE001 - planning only: an unreadable value means "not known"
        return None
    return obs.value if obs is not None else None


# ------------------------------------------------------------------ fields updated
def _toc_levels(info) -> tuple[set[int], dict[str, int]]:
    """The outline levels a TOC lists (``\\o``, Word's 1-9 without switches) and the
    styles ``\\t`` adds, by display name."""
    import re
    levels: set[int] = set()
    o = info.switch("o")
    if o is not None:
        m = re.fullmatch(r"\s*(\d)\s*(?:-\s*(\d))?\s*", o or "1-9")
        if m:
            levels = set(range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1))
    styles: dict[str, int] = {}
    t = info.switch("t")
    if t:
        parts = [x.strip() for x in re.split(r"[,;]", t)]
        for name, lvl in zip(parts[0::2], parts[1::2]):
            if lvl.isdigit():
                styles[name] = int(lvl)
    if o is None and t is None:
        levels = set(range(1, 10))
    return levels, styles


def _pages(task: Task):
    """(the layout of the reference, or ``None`` without a backend or when it fails)."""
    layouter = getattr(task.ctx.ws.backends, "layout", None)
    if layouter is None:
        return None
    from officeeval.word.layout import rendered
    try:
        return rendered(task.doc, layouter)
    except Exception:  # noqa: BLE001 - no layout: page numbers are estimated instead
        return None


def _estimated_pages(doc) -> dict[int, str]:
    """Page labels estimated without a layout: a page per explicit page break, page break
    before and section break, numbered per section from its start."""
    ctx = ResolveContext()
    out: dict[int, str] = {}
    by_el = {id(p.el): k for k, p in enumerate(doc.paragraphs)}
    page = 0
    for s in doc.sections:
        start = _value(props_section.page_numbers_start, s, ctx)
        fmt = str(_value(props_section.page_numbers_format, s, ctx) or "decimal")
        page = int(start) if isinstance(start, int) else page + 1
        for p in s.paragraphs:
            if _value(page_breaks.page_break_before, p, ctx) is True \
                    and p is not s.paragraphs[0]:
                page += 1
            k = by_el.get(id(p.el))
            if k is not None:
                out[k] = format_page_number(page, fmt)
            if FR.page_break_inside(p.el):
                page += 1
    return out


def toc_entries(task: Task) -> tuple[list[FR.TocEntry], int, str, object] | None:
    """The entries Word would write for the document's first TOC, the tab position, where
    the page numbers came from, and the layout (``None``: no TOC field)."""
    doc = task.doc
    idx = doc.story_index(doc.main)
    info = next((f for f in idx.fields if f.type == "TOC" and f.kind == "complex"), None)
    if info is None:
        return None
    levels, styles = _toc_levels(info)
    no_pages = info.switch("n")
    in_toc = {id(p) for p in info.result_paragraphs} | {id(info.paragraph)}
    layout = _pages(task)
    estimated = _estimated_pages(doc) if layout is None else {}
    ctx = ResolveContext(options=task.ctx.ws.options)
    entries: list[FR.TocEntry] = []
    for k, p in enumerate(doc.paragraphs):
        if id(p.el) in in_toc:
            continue
        text = paragraph_text(p.el).strip()
        if not text:
            continue
        lvl = None
        style = _value(WR.paragraph_style, p, ctx)
        if style is not None and str(style) in styles:
            lvl = styles[str(style)]
        else:
            ol = _value(WR.outline_level, p, ctx)
            if isinstance(ol, int) or str(ol).isdigit():
                lvl = int(ol) if int(ol) in levels else None
        if lvl is None:
            continue
        label = ""
        hit = doc.list_labels.get(id(p.el))
        if hit and hit[0]:
            label = hit[0]
        sep = {"space": " ", "nothing": ""}.get(
            str(_value(props_numbering.numbering_suffix, p, ctx) or "tab"), "\t")
        page = ""
        if no_pages is None or (no_pages and not _in_range(lvl, no_pages)):
            page = estimated.get(k, "1")
            if layout is not None:
                from officeeval.word.layout import paragraph_pages
                placed = paragraph_pages(doc, layout, p.el)
                page = (layout.page_label(placed[0]) if placed else None) or page
        entries.append(FR.TocEntry(k, lvl, label, text, page, sep))
    tab = FR.DEFAULT_TAB
    sect = doc.section_of(_At(info.paragraph)) if info.paragraph is not None else None
    if sect is not None:
        w, left, right = (_value(r, sect, ctx) for r in _TEXT_WIDTH)
        if all(isinstance(v, Measure) for v in (w, left, right)):
            tab = int(round((w.points() - left.points() - right.points()) * TWIPS_PER_PT))
    return entries, tab, ("the layout" if layout is not None else "estimated"), layout


class _At:
    """Where an element is, for ``section_of`` (which asks a target for its ``el``)."""

    def __init__(self, el) -> None:
        self.el = el


def _in_range(lvl: int, spec: str) -> bool:
    import re
    m = re.fullmatch(r"\s*(\d)\s*(?:-\s*(\d))?\s*", spec or "")
    return bool(m) and int(m.group(1)) <= lvl <= int(m.group(2) or m.group(1))


def _page_fields(task: Task, layout) -> tuple[str | None, dict[str, str]]:
    """NUMPAGES's and each header/footer's PAGE result from the layout."""
    if layout is None:
        return None, {}
    total = str(layout.page_count) if layout.page_count else None
    doc = task.doc
    from officeeval.word.layout import paragraph_pages
    out: dict[str, str] = {}
    for s in doc.sections:
        if not s.paragraphs:
            continue
        placed = paragraph_pages(doc, layout, s.paragraphs[0].el)
        if not placed:
            continue
        for kind, rid in FR.story_references(s.sect_pr):
            if kind not in ("default", "first"):
                continue
            part = doc.part_for_rel(rid)
            label = layout.page_label(placed[0])
            if part and label and part not in out:
                out[part] = label
    return total, out


def plan_fields(task: Task) -> list:
    got = toc_entries(task)
    entries, tab, source, layout = got if got is not None else ([], FR.DEFAULT_TAB, "", None)
    if layout is None and got is None:
        layout = _pages(task)
    numpages, page_by_part = _page_fields(task, layout)
    idx = task.doc.story_index(task.doc.main)
    kinds = Counter(f.type for f in idx.fields)
    if not entries and not kinds.get("SEQ") and not kinds.get("REF") and numpages is None:
        return []

    def apply(ws, edit) -> str:
        notes = []
        if entries:
            notes.append(FR.regenerate_toc(edit, entries, tab))
        n_seq = FR.renumber_seq(edit)
        n_ref = FR.update_refs(edit)
        n_pg = FR.set_page_fields(edit, numpages, page_by_part)
        notes += [f"{n} {what}" for n, what in ((n_seq, "SEQ"), (n_ref, "REF"),
                                                 (n_pg, "page fields")) if n]
        if not notes:
            raise NotApplicable("every field's result is already current")
        return "; ".join(notes)

    shown = "; ".join(f"{e.level}:{(e.label + ' ') if e.label else ''}{e.text[:20]} "
                      f"{e.page}" for e in entries[:6])
    desc = ("fields updated as Word does on open: "
            + (f"the TOC regenerated from the headings ({len(entries)} entries, page "
               f"numbers from {source}: {shown}{' …' if len(entries) > 6 else ''}); "
               if entries else "")
            + "REF results set to their bookmarks' text, SEQ renumbered"
            + (f", NUMPAGES {numpages}" if numpages else "")
            + (f", PAGE as each header/footer first shows it" if page_by_part else ""))
    return [other_answer("word|fields", "fields-updated", desc, apply)]


# ------------------------------------------------------------------ created drawings
def _story_parts(doc) -> list[str]:
    import re
    return [doc.main] + [p for p in doc.package.part_names()
                         if re.fullmatch(r"word/(header|footer)\d*\.xml", p)]


def created(task: Task) -> list[WC.Drawing]:
    """The reference's drawings whose name the input does not have (as many times)."""
    if task.input_doc is None:
        return []
    had = Counter(d.name for p in _story_parts(task.input_doc)
                  for d in WC.drawings(task.input_doc, p))
    out = []
    for part in _story_parts(task.doc):
        for d in WC.drawings(task.doc, part):
            if had[d.name] > 0:
                had[d.name] -= 1
            else:
                out.append(d)
    return out


def plan_drawings(task: Task) -> list:
    ins = task.instruction
    if ins is None:
        return []
    made = created(task)
    out = []
    renames = [(d, d.default_name) for d in made if not ins.gives_name(d.name)
               and d.default_name != d.name]
    if renames:
        def rename(ws, edit) -> str:
            for d, name in renames:
                WC.rename(edit, d.part, d.index, name)
            return f"{len(renames)} renamed"
        kept = [d.name for d in made if ins.gives_name(d.name)]
        out.append(other_answer(
            "word|renamed", "created-renamed",
            "created drawings renamed as Word names them: "
            + "; ".join(f"{d.name!r} -> {n!r}" for d, n in renames)
            + (f"; kept as the instruction names them: {', '.join(kept)}" if kept else ""),
            rename))
    floating = [d for d in made if d.floating]
    by_part: dict[str, list[int]] = {}
    for d in floating:
        by_part.setdefault(d.part, []).append(d.index)
    stacks = {p: ix for p, ix in by_part.items() if len(ix) >= 2}
    if stacks:
        def restack(ws, edit) -> str:
            return "; ".join(WC.restack(edit, p, ix) for p, ix in stacks.items())
        out.append(other_answer("word|reordered", "created-reordered",
                                "created floating drawings stacked in the reverse order",
                                restack))
    page = _page_width_emu(task)
    sizes = []
    for d in made:
        if d.extent is None:
            continue
        where, _ = placement_of(ins, [d.name] if ins.gives_name(d.name) else [],
                                KIND_WORDS.get(d.kind, ()))
        f = RG.GROW if d.kind in ("chart", "textbox", "smartart") else RG.SHRINK
        cx = d.extent[0] if "w" in where.fixed else int(round(d.extent[0] * f))
        cy = d.extent[1] if "h" in where.fixed else int(round(d.extent[1] * f))
        if d.kind == "picture" and {"w", "h"} & where.fixed:
            cx, cy = d.extent
        # A floating drawing placed by offsets moves too, unless the words place it (a
        # region or a position in numbers): no words, a generous move across the page.
        offset = None
        if d.floating and not where.said and not {"x", "y"} & where.fixed and page:
            dx = int(page * RG.FREE_MOVE)
            offset = tuple(None if v is None else max(0, v + dx) for v in d.offset)
            if offset == d.offset:
                offset = None
        if (cx, cy) != d.extent or offset is not None:
            sizes.append((d, cx, cy, where, offset))
    if sizes:
        def resize(ws, edit) -> str:
            for d, cx, cy, _, offset in sizes:
                if (cx, cy) != d.extent:
                    WC.set_extent(edit, d.part, d.index, cx, cy)
                if offset is not None:
                    WC.set_offset(edit, d.part, d.index, *offset)
            return f"{len(sizes)} changed"
        out.append(other_answer(
            "word|moved", "created-moved",
            "created drawings resized (and, floating, moved) within what the words allow: "
            + "; ".join(
                f"{d.name!r} ({'/'.join(w.words) or 'no words'}"
                f"{', kept ' + ''.join(sorted(w.fixed)) if w.fixed else ''}) "
                f"{d.extent[0] / 360000:.2f}x{d.extent[1] / 360000:.2f} cm -> "
                f"{cx / 360000:.2f}x{cy / 360000:.2f} cm"
                + (f", offsets {d.offset} -> {off} EMU" if off else "")
                for d, cx, cy, w, off in sizes),
            resize))
    return out


def _page_width_emu(task: Task) -> int | None:
    """The first section's text width in EMU (``None`` when unknown)."""
    secs = task.doc.sections
    if not secs:
        return None
    ctx = ResolveContext()
    w, left, right = (_value(r, secs[0], ctx) for r in _TEXT_WIDTH)
    if not all(isinstance(v, Measure) for v in (w, left, right)):
        return None
    return int((w.points() - left.points() - right.points()) * 12700)


# ------------------------------------------------------------------ unasked text
def plan_unasked_text(task: Task) -> list:
    ins, inp = task.instruction, task.input_doc
    if ins is None or inp is None:
        return []
    # A paragraph's text as a reader sees it (a drop cap is its first letter).
    old = [p.text for p in inp.paragraphs]
    new = [p.text for p in task.doc.paragraphs]
    plain = [p.drop_cap_el is None for p in task.doc.paragraphs]
    undo = []
    for tag, i1, i2, j1, j2 in SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag != "replace" or i2 - i1 != j2 - j1:
            continue
        for a, k in zip(range(i1, i2), range(j1, j2)):
            if plain[k] and old[a].strip() and not asked(ins, old[a], new[k]) and \
                    SequenceMatcher(None, old[a], new[k]).ratio() > 0.6:
                undo.append((k, old[a], new[k]))
    if not undo:
        return []

    def apply(ws, edit) -> str:
        done = 0
        for k, text, _ in undo:
            try:
                _set_paragraph_text(edit, k, text)
                done += 1
            except NotApplicable:
                continue
        if not done:
            raise NotApplicable("no changed paragraph holds plain run text only")
        return f"{done} paragraphs"

    return [other_answer("word|unasked-text", "unasked-text-undone",
                         "text edits no step asks for undone: " + "; ".join(
                             f"{b!r} -> {a!r}" for _, a, b in undo[:6]), apply)]


def _set_paragraph_text(edit, k: int, text: str) -> None:
    from officeeval.word.edit.paragraph_text import set_paragraph_text
    set_paragraph_text(edit, k, text)


# ------------------------------------------------------------------ all
def plan_other(task: Task) -> list:
    out = plan_fields(task) + plan_drawings(task)
    out += pictured_variants(task, WPIC.colours, WPIC.sizes, task.doc.theme_color,
                             WPIC.replace_colours, WPIC.theme_colours, WPIC.replace_sizes)
    out += plan_unasked_text(task)
    return out
