"""page.header_text / page.footer_text when the page was laid out but its printed text could
not be read from the exported PDF: an evaluator error, never an empty footer that fails the
candidate (seen with a venv missing the PDF reader: every footer read '')."""

from pathlib import Path

import pytest

from officeeval.errors import UnverifiableValue
from officeeval.rendered import Rendered
from officeeval.word import props_layout as L


def _page(info: dict) -> L.PageTarget:
    layout = Rendered("word", {"app": "word", "pages": 1, "page_info": [info]}, Path("."),
                      "LibreOffice 25.2")
    return L.PageTarget(None, 1, layout)


@pytest.mark.parametrize("which", ["header", "footer"])
def test_unread_page_text_is_unverifiable(which):
    resolve = L._page_text(which)
    with pytest.raises(UnverifiableValue, match=f"the {which} text of page 1"):
        resolve(_page({"number": "1"}), None)


@pytest.mark.parametrize("which, info, expected", [
    ("footer", {"footer_text": "I", "header_text": ""}, "I"),
    ("footer", {"footer_text": "", "header_text": "标题"}, ""),
    ("header", {"footer_text": "1", "header_text": "标题"}, "标题"),
])
def test_read_page_text_is_observed(which, info, expected):
    obs = L._page_text(which)(_page(info), None)
    assert obs.value == expected
    assert "LibreOffice 25.2" in obs.source
