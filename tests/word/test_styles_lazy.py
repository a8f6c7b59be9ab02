"""The lazily indexed Styles answers exactly what an eager scan of styles.xml says."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from lxml import etree

from officeeval.ooxml.ns import W
from officeeval.vocabulary import style_key
from officeeval.word.styles import Styles, shared_styles
from tests.conftest import REPO, corpus_names

_W = f"{{{W}}}"
DOCS = sorted(REPO.glob("samples/word-*/*.docx"))
REAL = corpus_names("docx")[:12]


def _styles_root(path: Path):
    with zipfile.ZipFile(path) as zf:
        if "word/styles.xml" not in zf.namelist():
            return None
        return etree.fromstring(zf.read("word/styles.xml"))


def _eager(root):
    els = list(root.iter(_W + "style"))
    by_id, by_name, defaults = {}, {}, {}
    for el in els:
        sid = el.get(_W + "styleId") or ""
        n = el.find(_W + "name")
        name = (n.get(_W + "val") or "") if n is not None else ""
        typ = el.get(_W + "type") or "paragraph"
        if sid and sid not in by_id:
            by_id[sid] = el
        if name and name.lower() not in by_name:
            by_name[name.lower()] = el
        if (el.get(_W + "default") or "").lower() in ("1", "true", "on"):
            defaults.setdefault(typ, el)
    return by_id, by_name, defaults


@pytest.mark.parametrize("path", DOCS, ids=lambda p: p.name)
def test_lazy_index_matches_an_eager_scan(path):
    _check_lazy_index(path)


@pytest.mark.parametrize("name", REAL)
def test_lazy_index_matches_an_eager_scan_on_the_corpus(corpus, name):
    _check_lazy_index(corpus / "docx" / name)


def _check_lazy_index(path: Path) -> None:
    root = _styles_root(path)
    if root is None:
        pytest.skip("no styles part")
    by_id, by_name, defaults = _eager(root)
    st = Styles(root)
    assert [s.el for s in st.by_id.values()] == list(by_id.values())
    assert list(st.by_id) == list(by_id)
    for typ in ("paragraph", "character", "table", "numbering", "nonsense"):
        got = st.default(typ)
        assert (got.el if got else None) is defaults.get(typ)
    for sid, el in by_id.items():
        assert st.get(sid).el is el
        assert st.find(sid).el is el
        chain = st.chain(sid)
        assert chain[0].el is el and len({s.id for s in chain}) == len(chain)
    for name, el in by_name.items():
        expected = by_id.get(name, None)
        got = st.find(name)
        assert got is not None
        assert got.el is (expected if expected is not None else el) or got.id == name
    # A localized built-in name finds what a scan over the styles by id order finds.
    for probe in ("标题 1", "正文", "Heading1", "no such style", ""):
        scan = next((s for s in st.by_id.values()
                     if style_key(s.name) == style_key(probe)
                     or style_key(s.id) == style_key(probe)), None)
        direct = st.get(probe) or (by_name.get(probe.lower()) is not None or None)
        if direct is None:
            got = st.find(probe)
            assert (got.el if got else None) is (scan.el if scan else None)
    assert st.get(None) is None and st.get("") is None and st.chain(None) == ()


def test_shared_styles_are_built_once_per_tree():
    root = _styles_root(DOCS[0])
    assert shared_styles(root) is shared_styles(root)
    assert shared_styles(None).get("Normal") is None
