"""SmartArt style (SmartArt 样式) and colours (更改颜色): read from the quick style and colors
parts the graphic frame names, else from the data model's qsTypeId/csTypeId; the writers
set both places; the audit's mutant leaves the gallery default in place."""

from __future__ import annotations

from pathlib import Path

import pytest

from officeeval.audit.workspace import Workspace
from officeeval.catalog import catalog, resolve
from officeeval.formats import open_document
from officeeval.properties.registry import ResolveContext
from officeeval.selectors import select
from tests.ppt import pptxbuild as B

DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
DGM_CT = "application/vnd.openxmlformats-officedocument.drawingml.diagram"
QS = "urn:microsoft.com/office/officeart/2005/8/quickstyle/"
CS = "urn:microsoft.com/office/officeart/2005/8/colors/"


def _frame(rels: str) -> str:
    return (f'<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id="5" name="图示 4"/>'
            f'<p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm><a:off x="0" y="0"/>'
            f'<a:ext cx="100" cy="100"/></p:xfrm><a:graphic><a:graphicData uri="{DGM}">'
            f'<dgm:relIds xmlns:dgm="{DGM}" {rels}/></a:graphicData></a:graphic>'
            f'</p:graphicFrame>')


def _data(qs: str = "", cs: str = "") -> str:
    attrs = (f' qsTypeId="{qs}"' if qs else "") + (f' csTypeId="{cs}"' if cs else "")
    return (f'<dgm:dataModel xmlns:dgm="{DGM}" xmlns:a="http://schemas.openxmlformats.org/'
            f'drawingml/2006/main"><dgm:ptLst><dgm:pt modelId="0" type="doc"><dgm:prSet'
            f'{attrs}/><dgm:spPr/></dgm:pt><dgm:pt modelId="1"><dgm:prSet/><dgm:spPr/><dgm:t>'
            f'<a:bodyPr/><a:p><a:r><a:t>甲</a:t></a:r></a:p></dgm:t></dgm:pt></dgm:ptLst>'
            f'<dgm:cxnLst><dgm:cxn modelId="9" srcId="0" destId="1" srcOrd="0"/></dgm:cxnLst>'
            f'</dgm:dataModel>')


def _build(path: Path, qs_part: str | None, cs_part: str | None, data: str) -> Path:
    parts = {"ppt/diagrams/data1.xml": (f"{DGM_CT}Data+xml", data)}
    rels = [f'<Relationship Id="rIdD" Type="{B.RT}/diagramData" '
            f'Target="../diagrams/data1.xml"/>']
    attrs = 'r:dm="rIdD" r:lo=""'
    if qs_part is not None:
        parts["ppt/diagrams/quickStyle1.xml"] = (
            f"{DGM_CT}Style+xml", f'<dgm:styleDef xmlns:dgm="{DGM}" uniqueId="{qs_part}"/>')
        rels.append(f'<Relationship Id="rIdQ" Type="{B.RT}/diagramQuickStyle" '
                    f'Target="../diagrams/quickStyle1.xml"/>')
        attrs += ' r:qs="rIdQ"'
    else:
        attrs += ' r:qs=""'
    if cs_part is not None:
        parts["ppt/diagrams/colors1.xml"] = (
            f"{DGM_CT}Colors+xml", f'<dgm:colorsDef xmlns:dgm="{DGM}" uniqueId="{cs_part}"/>')
        rels.append(f'<Relationship Id="rIdC" Type="{B.RT}/diagramColors" '
                    f'Target="../diagrams/colors1.xml"/>')
        attrs += ' r:cs="rIdC"'
    else:
        attrs += ' r:cs=""'
    return B.build(path, [B.sld(_frame(attrs))], extra_parts=parts,
                   slide_rels={1: "\n".join(rels)})


def _read(path: Path, prop: str):
    doc = open_document(path)
    try:
        got = resolve(prop, select(doc, "slide[1]/smartart")[0], ResolveContext())
        return None if got is None else got.value
    finally:
        doc.close()


@pytest.mark.parametrize("qs_part, cs_part, data, style, colors", [
    # The parts' ids win (a "#n" copy suffix is dropped) over the data model's.
    (QS + "simple4", CS + "colorful1#3", _data(QS + "simple1", CS + "accent1_2"),
     "moderate_effect", "colorful_accent"),
    # No parts: the data model's document point names them.
    (None, None, _data(QS + "3d1", CS + "accent2_4"), "polished", "accent2_gradient_loop"),
    # An id no gallery entry has is reported as the id.
    (QS + "custom9", CS + "colorful3", _data(), QS + "custom9", "colorful_range_3_4"),
    # Named nowhere: no value.
    (None, None, _data(), None, None),
])
def test_style_and_colors_are_read(tmp_path, qs_part, cs_part, data, style, colors):
    path = _build(tmp_path / "s.pptx", qs_part, cs_part, data)
    assert _read(path, "smartart.style") == style
    assert _read(path, "smartart.colors") == colors


def test_names_match_in_chinese_and_english():
    from officeeval.properties.types import CompareContext
    style = catalog().get("smartart.style").type_for("ppt")
    colors = catalog().get("smartart.colors").type_for("ppt")
    ctx = CompareContext()
    assert style.equals("moderate_effect", style.parse("中等效果"), ctx)
    assert style.equals("intense_effect", style.parse("Intense Effect"), ctx)
    assert colors.equals("colorful_accent", colors.parse("彩色 - 个性色"), ctx)
    assert colors.equals("colorful_range_2_3", colors.parse("彩色范围 - 个性色 2 至 3"), ctx)
    assert colors.equals("accent3_outline", colors.parse("彩色轮廓 - 个性色 3"), ctx)
    assert not colors.equals("accent1_fill", colors.parse("彩色 - 个性色"), ctx)


def test_writers_set_the_part_and_the_data_model(tmp_path):
    path = _build(tmp_path / "s.pptx", QS + "simple1", None, _data(QS + "simple1",
                                                                     CS + "accent1_2"))
    ws = Workspace(path, "ppt", {})
    edit = ws.begin()
    target = select(edit.doc, "slide[1]/smartart")[0]
    assert catalog().writer("smartart.style", "ppt").write(
        edit, target, "intense_effect") == "style simple5"
    # No colors part: only the data model holds the scheme.
    assert catalog().writer("smartart.colors", "ppt").write(
        edit, target, "colorful_accent") == "colors colorful1"
    out = ws.write(edit, tmp_path / "w.pptx")
    assert _read(out, "smartart.style") == "intense_effect"
    assert _read(out, "smartart.colors") == "colorful_accent"
    import zipfile
    with zipfile.ZipFile(out) as zf:
        data = zf.read("ppt/diagrams/data1.xml").decode()
        assert f'qsTypeId="{QS}simple5"' in data and f'csTypeId="{CS}colorful1"' in data
        assert f'uniqueId="{QS}simple5"' in zf.read("ppt/diagrams/quickStyle1.xml").decode()
