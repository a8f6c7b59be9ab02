"""docs/properties.md is the catalog as ``officeeval properties --markdown`` prints it: a
property added, renamed or documented differently without regenerating it fails here."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from officeeval.catalog import catalog, markdown
from officeeval.cli import app

DOC = Path(__file__).resolve().parents[2] / "docs" / "properties.md"


def test_docs_properties_md_is_generated_from_the_registry():
    want = markdown() + "\n"
    assert DOC.read_text(encoding="utf-8") == want, (
        "docs/properties.md is stale: run `officeeval properties --markdown > "
        "docs/properties.md`")


def test_cli_prints_the_same_markdown_with_every_name_and_its_meaning():
    out = CliRunner().invoke(app, ["properties", "--markdown"])
    assert out.exit_code == 0
    assert out.stdout == markdown() + "\n"
    for p in catalog().all():
        assert f"| `{p.name}` |" in out.stdout
    assert "| `paragraph.widow_control` | word | bool | word: " in out.stdout
    assert "孤行控制" in out.stdout
    assert "*Not written (word: counted from the level text" in out.stdout
