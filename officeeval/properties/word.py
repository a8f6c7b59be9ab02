"""Word bindings: which resolver answers each catalog property for which Word targets."""

from __future__ import annotations

from officeeval.properties.registry import Registry
from officeeval.word import resolvers as WR


def bind_all(reg: Registry) -> None:
    for name, fn in WR.RUN_RESOLVERS.items():
        reg.bind(name, "word", WR.RUN_KINDS, fn)
    reg.bind("text", "word", ("paragraph", "run", "span", "section", "document"), WR.text)
    reg.bind("paragraph.style", "word", WR.PARA_KINDS, WR.paragraph_style)
    for name, fn in WR.PARA_RESOLVERS.items():
        reg.bind(name, "word", WR.PARA_KINDS, fn)
    for name, fn in WR.SECTION_RESOLVERS.items():
        reg.bind(name, "word", WR.SECTION_KINDS, fn)
