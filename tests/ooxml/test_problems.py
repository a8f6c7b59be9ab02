"""``package.problems``: each structural fault found in a small package built here, none in
a clean one, none in the real Office-saved documents of the corpus nor in the shipped
reference documents (they all open in Office)."""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from officeeval.ooxml.package import Package
from officeeval.ooxml.problems import find_problems
from tests.conftest import REPO, corpus_names

W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006/relationships"
CT = "http://schemas.openxmlformats.org/package/2006/content-types"
MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"


def package(body: str = "<w:p/>", doc_rels: str = "", extra: dict[str, bytes] | None = None,
            overrides: str = "") -> Package:
    files = {
        "[Content_Types].xml": (
            f'<Types xmlns="{CT}"><Default Extension="rels" ContentType="application/'
            f'vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" '
            f'ContentType="application/xml"/><Override PartName="/word/document.xml" '
            f'ContentType="{MAIN}"/>{overrides}</Types>'),
        "_rels/.rels": (f'<Relationships xmlns="{PKG}"><Relationship Id="rId1" Type="{RT}/'
                        f'officeDocument" Target="word/document.xml"/></Relationships>'),
        "word/document.xml": (f'<w:document xmlns:w="{W}" xmlns:r="{R}"><w:body>{body}'
                              f'</w:body></w:document>'),
        "word/_rels/document.xml.rels": f'<Relationships xmlns="{PKG}">{doc_rels}</Relationships>',
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return Package.open(buf.getvalue())


def kinds(pkg: Package) -> list[str]:
    return [p.kind for p in find_problems(pkg)]


def rel(rid: str, kind: str, target: str, mode: str = "") -> str:
    m = f' TargetMode="{mode}"' if mode else ""
    return f'<Relationship Id="{rid}" Type="{RT}/{kind}" Target="{target}"{m}/>'


def test_a_clean_package_has_no_problems():
    pkg = package('<w:p><w:pPr><w:keepNext/><w:spacing w:after="0"/><w:jc w:val="center"/>'
                  '</w:pPr></w:p>')
    assert find_problems(pkg) == []


@pytest.mark.parametrize("body, rels, extra, expected", [
    # two relationships with one id
    ("<w:p/>", rel("rId5", "styles", "styles.xml") + rel("rId5", "theme", "theme.xml"),
     {"word/styles.xml": b"<x/>", "word/theme.xml": b"<x/>"},
     ["duplicate_relationship"]),
    # a styles relationship to a part that is not there
    ("<w:p/>", rel("rId2", "styles", "styles.xml"), {}, ["dangling_relationship"]),
    # an image used by the body whose part is missing
    ('<w:p><w:r><w:drawing><a:blip xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/'
     'main" r:embed="rId7"/></w:drawing></w:r></w:p>', rel("rId7", "image", "media/x.png"), {},
     ["dangling_relationship"]),
    # the body refers to an id the part's relationships lack
    ('<w:p><w:hyperlink r:id="rId9"><w:r><w:t>x</w:t></w:r></w:hyperlink></w:p>', "", {},
     ["unknown_relationship_id"]),
    # a part without a content type
    ("<w:p/>", rel("rId3", "image", "media/a.bin"), {"word/media/a.bin": b"\0"},
     ["no_content_type"]),
    # properties out of schema order
    ('<w:p><w:pPr><w:jc w:val="center"/><w:spacing w:after="0"/></w:pPr></w:p>', "", {},
     ["schema_order"]),
    ('<w:tbl><w:tblPr><w:tblLook w:val="04A0"/><w:tblBorders/></w:tblPr></w:tbl>', "", {},
     ["schema_order"]),
    ('<w:sectPr><w:pgMar w:top="1"/><w:pgSz w:w="1"/></w:sectPr>', "", {}, ["schema_order"]),
    # a SmartArt frame without its colors part
    ('<w:p><w:r><w:drawing><dgm:relIds xmlns:dgm="http://schemas.openxmlformats.org/'
     'drawingml/2006/diagram" r:dm="rId1" r:lo="rId2" r:qs="rId3"/></w:drawing></w:r></w:p>',
     rel("rId1", "diagramData", "d.xml") + rel("rId2", "diagramLayout", "l.xml")
     + rel("rId3", "diagramQuickStyle", "q.xml"),
     {"word/d.xml": b"<x/>", "word/l.xml": b"<x/>", "word/q.xml": b"<x/>"},
     ["smartart_incomplete"]),
])
def test_each_fault_is_found(body, rels, extra, expected):
    assert kinds(package(body, rels, extra)) == expected


def test_what_office_itself_writes_is_not_a_problem():
    body = '<w:p><w:sectPr><w:footerReference w:type="default" r:id="rF"/>' \
           '<w:headerReference w:type="default" r:id="rH"/><w:pgSz w:w="1"/></w:sectPr></w:p>'
    rels = (rel("rF", "footer", "f.xml") + rel("rH", "header", "h.xml")
            + rel("rL", "hyperlink", "https://example.org", "External")
            + rel("rU", "image", "media/unused.png"))  # not referred to: left alone
    extra = {"word/f.xml": b"<x/>", "word/h.xml": b"<x/>"}
    assert find_problems(package(body, rels, extra)) == []


def _pivot(cache_items: int, item_x: int, fields: int = 1) -> Package:
    s = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    items = '<s v="x"/>' * cache_items
    cache = (f'<pivotCacheDefinition xmlns="{s}"><cacheFields count="1"><cacheField name="A">'
             f'<sharedItems>{items}</sharedItems></cacheField>'
             f'</cacheFields></pivotCacheDefinition>')
    table = (f'<pivotTableDefinition xmlns="{s}" name="P" cacheId="1"><pivotFields>'
             + '<pivotField axis="axisRow"><items><item x="%d"/></items></pivotField>' % item_x
             + '<pivotField/>' * (fields - 1)
             + '</pivotFields><rowFields><field x="0"/></rowFields></pivotTableDefinition>')
    pt = "application/vnd.openxmlformats-officedocument.spreadsheetml.pivotTable+xml"
    pc = "application/vnd.openxmlformats-officedocument.spreadsheetml.pivotCacheDefinition+xml"
    return package(extra={
        "xl/pivotTables/pivotTable1.xml": table.encode(),
        "xl/pivotTables/_rels/pivotTable1.xml.rels": (
            f'<Relationships xmlns="{PKG}">'
            + rel("rId1", "pivotCacheDefinition", "../pivotCache/pivotCacheDefinition1.xml")
            + "</Relationships>").encode(),
        "xl/pivotCache/pivotCacheDefinition1.xml": cache.encode()},
        overrides=f'<Override PartName="/xl/pivotTables/pivotTable1.xml" ContentType="{pt}"/>'
                  f'<Override PartName="/xl/pivotCache/pivotCacheDefinition1.xml" '
                  f'ContentType="{pc}"/>')


def test_a_pivot_table_and_its_cache_must_agree():
    assert kinds(_pivot(cache_items=2, item_x=1)) == []
    assert kinds(_pivot(cache_items=2, item_x=2)) == ["pivot_mismatch"]  # item past the cache
    assert kinds(_pivot(cache_items=2, item_x=0, fields=2)) == ["pivot_mismatch"]  # 2 vs 1


@pytest.mark.parametrize("kind, name", [(k, n) for k in ("docx", "xlsx", "pptx")
                                        for n in corpus_names(k)])
def test_no_problems_in_office_saved_corpus_documents(corpus, kind, name):
    with Package.open(corpus / kind / name) as pkg:
        assert [str(p) for p in find_problems(pkg)] == []


@pytest.mark.parametrize("path", sorted(str(p.relative_to(REPO)) for p in
                                        (REPO / "samples").glob("*/reference.*")))
def test_no_problems_in_shipped_references(path):
    with Package.open(REPO / path) as pkg:
        assert [str(p) for p in find_problems(pkg)] == []
