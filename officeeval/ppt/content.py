"""What shapes hold beyond formatting: their text whatever their kind, pictures, and click
actions (hyperlinks, jumps to slides, ``ppaction://`` show actions)."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import parse_qs, urlparse

from lxml import etree

from officeeval.ppt import smartart, tables
from officeeval.ppt.markup import R_ID, body_text
from officeeval.ppt.shapes import Shape
from officeeval.ppt.sheets import Sheet
from officeeval.vocabulary.ppt_objects import SHOW_JUMPS


def shape_text(shape: Shape) -> str:
    """A shape's text: its text body; a table's cells (tabs/newlines); a SmartArt's nodes
    (newlines); a group's members' texts (newlines)."""
    if shape.tx_body is not None:
        return body_text(shape.tx_body)
    kind = shape.kind
    if kind == "table":
        tbl = tables.table_element(shape)
        return tables.table_text(tbl) if tbl is not None else ""
    if kind == "smartart":
        return "\n".join(n.text for n in smartart.nodes(shape))
    if kind == "group":
        return "\n".join(t for t in (shape_text(c) for c in shape.children) if t)
    return ""


def pictures(sheet: Sheet) -> list[Shape]:
    """Every picture on the sheet, inside groups too (media are not pictures)."""
    return [s for s in sheet.all_shapes() if s.kind == "picture"]


@dataclass(frozen=True)
class Action:
    """A click action: ``kind`` is a ``hyperlink_action`` token; ``target`` is the URL,
    ``slide[N]`` for a jump, or the raw action text."""

    kind: str
    target: str


def read_action(sheet: Sheet, el: etree._Element | None) -> Action | None:
    """Interpret an ``a:hlinkClick`` (or ``a:hlinkHover``); ``None`` when ``el`` is
    ``None``."""
    if el is None:
        return None
    pkg = sheet.doc.package
    action = el.get("action") or ""
    rid = el.get(R_ID)
    raw = pkg.rel_target_raw(sheet.part, rid) if rid else None
    if action.startswith("ppaction://hlinkshowjump"):
        jump = parse_qs(urlparse(action).query).get("jump", [""])[0].lower()
        kind = SHOW_JUMPS.get(jump, "none")
        return Action(kind, kind)
    if action.startswith("ppaction://hlinksldjump"):
        number = sheet.doc.slide_number_of(pkg.target(sheet.part, rid))
        return Action("slide", f"slide[{number}]" if number else (raw or ""))
    if action.startswith("ppaction://customshow"):
        return Action("custom_show", action)
    if action.startswith("ppaction://hlinkfile"):
        return Action("file", raw or action)
    if action.startswith("ppaction://program"):
        return Action("program", raw or action)
    if action.startswith("ppaction://macro"):
        return Action("macro", action)
    if action.startswith("ppaction://ole"):
        return Action("ole_verb", action)
    if action.startswith("ppaction://noaction") or (not rid and not action):
        return Action("none", "")
    if raw is not None:
        return Action("email" if raw.lower().startswith("mailto:") else "url", raw)
    return Action("none", action)
