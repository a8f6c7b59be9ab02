"""Prompt templates: a versioned text file with a header and three sections.

    # comment lines
    id: officeeval-default-zh
    version: 1
    lang: zh

    === system ===
    …Jinja text…
    === user ===
    …Jinja text…
    === feedback ===
    …Jinja text…

The header holds ``key: value`` lines (``id`` and ``version`` are required, ``lang`` is
the language of the frame text); ``#`` lines before the first section are comments.
``system`` is optional, ``user`` is required, ``feedback`` is needed only for the
execution-feedback loop (``generate --turns N``). Sections are rendered by a sandboxed Jinja
environment with undefined variables as errors; the variables are listed in
docs/generation.md. Two templates are shipped: ``default-zh`` and ``default-en``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import StrictUndefined, TemplateError
from jinja2.sandbox import SandboxedEnvironment

from officeeval.errors import OfficeEvalError

SECTIONS = ("system", "user", "feedback")
_SECTION = re.compile(r"^===\s*([a-z_]+)\s*===\s*$")
_HEADER = re.compile(r"^([A-Za-z_][A-Za-z0-9_-]*)\s*:\s*(.*?)\s*$")
MAX_TEMPLATE = 256 * 1024


class TemplateProblem(OfficeEvalError):
    """A prompt template that cannot be read, parsed or rendered (the message names the
    file, and the line or the variable)."""


@dataclass(frozen=True)
class PromptTemplate:
    """A parsed template: its identity (``id``, ``version``, the SHA-256 of its text), the
    language of its frame text, and the Jinja source of each section present."""

    id: str
    version: str
    lang: str
    sha256: str
    sections: dict[str, str] = field(default_factory=dict)
    origin: str = ""

    @property
    def identity(self) -> dict[str, str]:
        """What a prompt line records about the template."""
        return {"id": self.id, "version": self.version, "sha256": self.sha256}

    def render(self, section: str, variables: dict[str, Any]) -> str:
        """Render one section; raises ``TemplateProblem`` for a missing section, an
        undefined variable or a Jinja error."""
        source = self.sections.get(section)
        if source is None:
            raise TemplateProblem(f"{self.origin}: the template has no '=== {section} ==='"
                                  f" section")
        return render_text(source, variables, f"{self.origin} [{section}]")


def render_text(source: str, variables: dict[str, Any], where: str) -> str:
    """Render Jinja ``source`` in the sandboxed environment; trailing white space and
    runs of more than one blank line are trimmed. Raises ``TemplateProblem``."""
    env = SandboxedEnvironment(undefined=StrictUndefined, trim_blocks=True,
                               lstrip_blocks=True, keep_trailing_newline=False,
                               autoescape=False)
    try:
        text = env.from_string(source).render(**variables)
    except TemplateError as exc:
        raise TemplateProblem(f"{where}: {type(exc).__name__}: {exc}") from exc
    text = re.sub(r"[ \t]+\n", "\n", text)
    return re.sub(r"\n{3,}", "\n\n", text).strip() + "\n"


def parse_template(text: str, origin: str = "<template>") -> PromptTemplate:
    """Parse a template's text. Raises ``TemplateProblem`` naming the line of a problem."""
    header: dict[str, str] = {}
    sections: dict[str, list[str]] = {}
    current: str | None = None
    for n, line in enumerate(text.splitlines(), start=1):
        m = _SECTION.match(line)
        if m:
            current = m.group(1)
            if current not in SECTIONS:
                raise TemplateProblem(f"{origin}, line {n}: unknown section {current!r} "
                                      f"(known: {', '.join(SECTIONS)})")
            if current in sections:
                raise TemplateProblem(f"{origin}, line {n}: section {current!r} appears "
                                      f"twice")
            sections[current] = []
            continue
        if current is not None:
            sections[current].append(line)
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        h = _HEADER.match(line)
        if not h:
            raise TemplateProblem(f"{origin}, line {n}: expected 'key: value' or a "
                                  f"'=== section ===' line")
        header[h.group(1).lower()] = h.group(2)
    for key in ("id", "version"):
        if not header.get(key):
            raise TemplateProblem(f"{origin}: the header needs '{key}: …'")
    if "user" not in sections:
        raise TemplateProblem(f"{origin}: the template needs a '=== user ===' section")
    return PromptTemplate(header["id"], header["version"], header.get("lang", ""),
                          hashlib.sha256(text.encode("utf-8")).hexdigest(),
                          {k: "\n".join(v).strip("\n") for k, v in sections.items()},
                          origin)


def load_template(path: str | Path | None = None, lang: str = "zh") -> PromptTemplate:
    """The template at ``path``, else the shipped ``default-<lang>`` one. Raises
    ``TemplateProblem`` for an unreadable, oversized or malformed file or an unknown
    language."""
    if path is None:
        name = f"default-{lang}.txt"
        try:
            text = resources.files("officeeval.generation").joinpath(
                "templates", name).read_text(encoding="utf-8")
        except FileNotFoundError:
            raise TemplateProblem(f"no shipped template for language {lang!r} "
                                  f"(zh or en)") from None
        return parse_template(text, f"default-{lang}")
    p = Path(path)
    try:
        if p.stat().st_size > MAX_TEMPLATE:
            raise TemplateProblem(f"{p}: larger than {MAX_TEMPLATE} bytes")
        text = p.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TemplateProblem(f"cannot read template {p}: {exc}") from exc
    return parse_template(text, str(p))
