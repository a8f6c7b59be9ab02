"""Build small .pptx packages from inline XML for unit tests: one theme, one master with
title/body/date/footer/slide-number placeholders and text styles, layouts, and the slides a
test writes. Every part is given explicitly so a test shows the XML it grades."""

from __future__ import annotations

import zipfile
from pathlib import Path

NS = ('xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" '
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
      'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" '
      'xmlns:p14="http://schemas.microsoft.com/office/powerpoint/2010/main" '
      'xmlns:p15="http://schemas.microsoft.com/office/powerpoint/2012/main" '
      'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"')
RT = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
CT_P = "application/vnd.openxmlformats-officedocument.presentationml"

THEME = f"""<a:theme {NS} name="Test Theme"><a:themeElements>
<a:clrScheme name="Test"><a:dk1><a:sysClr val="windowText" lastClr="000000"/></a:dk1>
<a:lt1><a:sysClr val="window" lastClr="FFFFFF"/></a:lt1><a:dk2><a:srgbClr val="44546A"/></a:dk2>
<a:lt2><a:srgbClr val="E7E6E6"/></a:lt2><a:accent1><a:srgbClr val="4472C4"/></a:accent1>
<a:accent2><a:srgbClr val="ED7D31"/></a:accent2><a:accent3><a:srgbClr val="A5A5A5"/></a:accent3>
<a:accent4><a:srgbClr val="FFC000"/></a:accent4><a:accent5><a:srgbClr val="5B9BD5"/></a:accent5>
<a:accent6><a:srgbClr val="70AD47"/></a:accent6><a:hlink><a:srgbClr val="0563C1"/></a:hlink>
<a:folHlink><a:srgbClr val="954F72"/></a:folHlink></a:clrScheme>
<a:fontScheme name="Test"><a:majorFont><a:latin typeface="Calibri Light"/><a:ea typeface=""/>
<a:cs typeface=""/><a:font script="Hans" typeface="等线 Light"/></a:majorFont>
<a:minorFont><a:latin typeface="Calibri"/><a:ea typeface=""/><a:cs typeface=""/>
<a:font script="Hans" typeface="等线"/></a:minorFont></a:fontScheme>
<a:fmtScheme name="Test"><a:fillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill>
<a:solidFill><a:schemeClr val="phClr"><a:tint val="50000"/></a:schemeClr></a:solidFill>
<a:solidFill><a:schemeClr val="phClr"><a:shade val="50000"/></a:schemeClr></a:solidFill>
</a:fillStyleLst><a:lnStyleLst><a:ln/><a:ln/><a:ln/></a:lnStyleLst>
<a:effectStyleLst><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle><a:effectStyle><a:effectLst/></a:effectStyle></a:effectStyleLst>
<a:bgFillStyleLst><a:solidFill><a:schemeClr val="phClr"/></a:solidFill>
<a:gradFill><a:gsLst><a:gs pos="0"><a:schemeClr val="phClr"/></a:gs><a:gs pos="100000"><a:srgbClr val="000000"/></a:gs></a:gsLst></a:gradFill>
<a:pattFill prst="pct5"><a:fgClr><a:srgbClr val="FF0000"/></a:fgClr><a:bgClr><a:srgbClr val="FFFFFF"/></a:bgClr></a:pattFill>
</a:bgFillStyleLst></a:fmtScheme></a:themeElements></a:theme>"""


def xfrm(x: int, y: int, cx: int, cy: int) -> str:
    return f'<a:xfrm><a:off x="{x}" y="{y}"/><a:ext cx="{cx}" cy="{cy}"/></a:xfrm>'


EMPTY_PARA = '<a:p><a:endParaRPr lang="en-US"/></a:p>'


def ph_shape(sid: int, name: str, ph: str, body: str = "", sppr: str = "",
             lst_style: str = "") -> str:
    """A placeholder p:sp; ``ph`` is the p:ph attributes (``type="title"``)."""
    body = body or EMPTY_PARA
    tx = f"<p:txBody><a:bodyPr/><a:lstStyle>{lst_style}</a:lstStyle>{body}</p:txBody>"
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvSpPr/>'
            f'<p:nvPr><p:ph {ph}/></p:nvPr></p:nvSpPr><p:spPr>{sppr}</p:spPr>{tx}</p:sp>')


def textbox(sid: int, name: str, body: str, sppr: str = "", lst_style: str = "",
            box: bool = True) -> str:
    flag = ' txBox="1"' if box else ""
    return (f'<p:sp><p:nvSpPr><p:cNvPr id="{sid}" name="{name}"/><p:cNvSpPr{flag}/><p:nvPr/>'
            f'</p:nvSpPr><p:spPr>{sppr or xfrm(100, 100, 1000, 1000)}</p:spPr>'
            f'<p:txBody><a:bodyPr/><a:lstStyle>{lst_style}</a:lstStyle>{body}</p:txBody></p:sp>')


def para(text: str, attrs: str = "", inner: str = "", ppr: str = "") -> str:
    """One paragraph with one run: ``attrs`` on a:rPr (``sz="2000" b="1"``), ``inner`` its
    children (fills, fonts), ``ppr`` a whole a:pPr element."""
    return (f'<a:p>{ppr}<a:r><a:rPr lang="en-US" {attrs}>{inner}</a:rPr><a:t>{text}</a:t>'
            f'</a:r></a:p>')


MASTER_SHAPES = (
    ph_shape(2, "Title Placeholder 1", 'type="title"', sppr=xfrm(838200, 365125, 10515600,
                                                                   1325563)) +
    ph_shape(3, "Text Placeholder 2", 'type="body" idx="1"', sppr=xfrm(838200, 1825625,
                                                                        10515600, 4351338)) +
    ph_shape(4, "Date Placeholder 3", 'type="dt" sz="half" idx="2"',
             sppr=xfrm(838200, 6356350, 2743200, 365125)) +
    ph_shape(5, "Footer Placeholder 4", 'type="ftr" sz="quarter" idx="3"',
             sppr=xfrm(4038600, 6356350, 4114800, 365125)) +
    ph_shape(6, "Slide Number Placeholder 5", 'type="sldNum" sz="quarter" idx="4"',
             sppr=xfrm(8610600, 6356350, 2743200, 365125)))

TX_STYLES = """<p:txStyles><p:titleStyle><a:lvl1pPr algn="l"><a:defRPr sz="4400" b="0">
<a:solidFill><a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mj-lt"/>
<a:ea typeface="+mj-ea"/><a:cs typeface="+mj-cs"/></a:defRPr></a:lvl1pPr></p:titleStyle>
<p:bodyStyle><a:lvl1pPr marL="228600" indent="-228600"><a:buChar char="•"/>
<a:defRPr sz="2800"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill>
<a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/></a:defRPr></a:lvl1pPr>
<a:lvl2pPr marL="685800" indent="-228600"><a:buChar char="–"/><a:defRPr sz="2400">
<a:solidFill><a:schemeClr val="tx1"/></a:solidFill><a:latin typeface="+mn-lt"/>
<a:ea typeface="+mn-ea"/></a:defRPr></a:lvl2pPr></p:bodyStyle>
<p:otherStyle><a:lvl1pPr><a:defRPr sz="1800"><a:solidFill><a:schemeClr val="tx1"/></a:solidFill>
<a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/></a:defRPr></a:lvl1pPr></p:otherStyle>
</p:txStyles>"""

CLR_MAP = ('<p:clrMap bg1="lt1" tx1="dk1" bg2="lt2" tx2="dk2" accent1="accent1" '
           'accent2="accent2" accent3="accent3" accent4="accent4" accent5="accent5" '
           'accent6="accent6" hlink="hlink" folHlink="folHlink"/>')

DEFAULT_TEXT_STYLE = """<p:defaultTextStyle><a:lvl1pPr><a:defRPr sz="1800">
<a:latin typeface="+mn-lt"/><a:ea typeface="+mn-ea"/></a:defRPr></a:lvl1pPr>
</p:defaultTextStyle>"""

LAYOUT_TITLE_CONTENT = ("Title and Content", "obj",
                        ph_shape(2, "Title 1", 'type="title"') +
                        ph_shape(3, "Content Placeholder 2", 'idx="1"'))
LAYOUT_TITLE = ("Title Slide", "title",
                ph_shape(2, "Title 1", 'type="ctrTitle"',
                         sppr=xfrm(1524000, 1122363, 9144000, 2387600),
                         lst_style='<a:lvl1pPr algn="ctr"><a:defRPr sz="6000"/></a:lvl1pPr>') +
                ph_shape(3, "Subtitle 2", 'type="subTitle" idx="1"',
                         sppr=xfrm(1524000, 3602038, 9144000, 1655762),
                         lst_style='<a:lvl1pPr marL="0" indent="0" algn="ctr"><a:buNone/>'
                                   '<a:defRPr sz="2400"/></a:lvl1pPr>'))


def sld(shapes: str, extra: str = "", attrs: str = "", c_sld_extra: str = "",
        name: str = "") -> str:
    """A slide root: ``shapes`` go in the shape tree; ``extra`` after cSld/clrMapOvr
    (transition, timing); ``c_sld_extra`` before the shape tree (a p:bg)."""
    nm = f' name="{name}"' if name else ""
    return (f'<p:sld {NS} {attrs}><p:cSld{nm}>{c_sld_extra}<p:spTree><p:nvGrpSpPr>'
            f'<p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
            f'{shapes}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr>'
            f'{extra}</p:sld>')


def build(path: Path, slides: list[str], layouts: list[tuple[str, str, str]] | None = None,
          slide_layouts: list[int] | None = None, master_shapes: str = MASTER_SHAPES,
          master_extra: str = "", master_bg: str = "", tx_styles: str = TX_STYLES,
          theme: str = THEME, pres_extra: str = "", sld_sz: str = 'cx="12192000" cy="6858000"',
          pres_props: str | None = None, default_text_style: str = DEFAULT_TEXT_STYLE,
          notes: dict[int, str] | None = None, extra_parts: dict[str, tuple[str, str]] | None
          = None, slide_rels: dict[int, str] | None = None, layout_bgs: dict[int, str] | None
          = None) -> Path:
    """Write a .pptx. ``layouts`` are (name, type, shapes); ``slide_layouts`` gives each
    slide's 1-based layout (default 1); ``notes`` maps a 1-based slide to notes text;
    ``extra_parts`` maps a part name to (content type, xml); ``slide_rels`` adds raw
    Relationship elements to a slide's rels."""
    layouts = layouts or [LAYOUT_TITLE_CONTENT, LAYOUT_TITLE]
    slide_layouts = slide_layouts or [1] * len(slides)
    notes = notes or {}
    files: dict[str, str] = {}
    overrides = [("/ppt/presentation.xml", f"{CT_P}.presentation.main+xml"),
                 ("/ppt/theme/theme1.xml", "application/vnd.openxmlformats-officedocument.theme+xml"),
                 ("/ppt/slideMasters/slideMaster1.xml", f"{CT_P}.slideMaster+xml")]
    files["_rels/.rels"] = (f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
                            f'<Relationship Id="rId1" Type="{RT}/officeDocument" Target="ppt/presentation.xml"/>'
                            f'</Relationships>')
    pres_rels = [f'<Relationship Id="rIdM" Type="{RT}/slideMaster" Target="slideMasters/slideMaster1.xml"/>',
                 f'<Relationship Id="rIdT" Type="{RT}/theme" Target="theme/theme1.xml"/>']
    sld_ids = []
    for i, xml in enumerate(slides, start=1):
        files[f"ppt/slides/slide{i}.xml"] = xml
        overrides.append((f"/ppt/slides/slide{i}.xml", f"{CT_P}.slide+xml"))
        pres_rels.append(f'<Relationship Id="rIdS{i}" Type="{RT}/slide" Target="slides/slide{i}.xml"/>')
        sld_ids.append(f'<p:sldId id="{255 + i}" r:id="rIdS{i}"/>')
        rels = [f'<Relationship Id="rId1" Type="{RT}/slideLayout" '
                f'Target="../slideLayouts/slideLayout{slide_layouts[i - 1]}.xml"/>']
        if i in notes:
            rels.append(f'<Relationship Id="rIdN" Type="{RT}/notesSlide" Target="../notesSlides/notesSlide{i}.xml"/>')
            body_ph = ph_shape(2, "Notes Placeholder 2", 'type="body" idx="1"',
                               body=para(notes[i]))
            files[f"ppt/notesSlides/notesSlide{i}.xml"] = (
                f'<p:notes {NS}><p:cSld><p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/>'
                f'<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>{body_ph}'
                f'</p:spTree></p:cSld></p:notes>')
            overrides.append((f"/ppt/notesSlides/notesSlide{i}.xml", f"{CT_P}.notesSlide+xml"))
        rels.extend((slide_rels or {}).get(i, "").split("\n") if (slide_rels or {}).get(i) else [])
        files[f"ppt/slides/_rels/slide{i}.xml.rels"] = (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            + "".join(rels) + "</Relationships>")
    lay_ids, master_rels = [], [f'<Relationship Id="rIdT" Type="{RT}/theme" Target="../theme/theme1.xml"/>']
    for j, (name, ltype, shapes) in enumerate(layouts, start=1):
        bg = (layout_bgs or {}).get(j, "")
        files[f"ppt/slideLayouts/slideLayout{j}.xml"] = (
            f'<p:sldLayout {NS} type="{ltype}"><p:cSld name="{name}">{bg}<p:spTree><p:nvGrpSpPr>'
            f'<p:cNvPr id="1" name=""/><p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>'
            f'{shapes}</p:spTree></p:cSld><p:clrMapOvr><a:masterClrMapping/></p:clrMapOvr>'
            f'</p:sldLayout>')
        files[f"ppt/slideLayouts/_rels/slideLayout{j}.xml.rels"] = (
            '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
            f'<Relationship Id="rId1" Type="{RT}/slideMaster" Target="../slideMasters/slideMaster1.xml"/>'
            '</Relationships>')
        overrides.append((f"/ppt/slideLayouts/slideLayout{j}.xml", f"{CT_P}.slideLayout+xml"))
        master_rels.append(f'<Relationship Id="rIdL{j}" Type="{RT}/slideLayout" Target="../slideLayouts/slideLayout{j}.xml"/>')
        lay_ids.append(f'<p:sldLayoutId id="{2147483649 + j}" r:id="rIdL{j}"/>')
    files["ppt/slideMasters/slideMaster1.xml"] = (
        f'<p:sldMaster {NS}><p:cSld>{master_bg}<p:spTree><p:nvGrpSpPr><p:cNvPr id="1" name=""/>'
        f'<p:cNvGrpSpPr/><p:nvPr/></p:nvGrpSpPr><p:grpSpPr/>{master_shapes}</p:spTree></p:cSld>'
        f'{CLR_MAP}<p:sldLayoutIdLst>{"".join(lay_ids)}</p:sldLayoutIdLst>{master_extra}'
        f'{tx_styles}</p:sldMaster>')
    files["ppt/slideMasters/_rels/slideMaster1.xml.rels"] = (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(master_rels) + "</Relationships>")
    files["ppt/theme/theme1.xml"] = theme
    if pres_props is not None:
        files["ppt/presProps.xml"] = f'<p:presentationPr {NS}>{pres_props}</p:presentationPr>'
        overrides.append(("/ppt/presProps.xml", f"{CT_P}.presProps+xml"))
        pres_rels.append(f'<Relationship Id="rIdPP" Type="{RT}/presProps" Target="presProps.xml"/>')
    for name, (ctype, xml) in (extra_parts or {}).items():
        files[name] = xml
        if ctype:
            overrides.append(("/" + name, ctype))
    files["ppt/presentation.xml"] = (
        f'<p:presentation {NS}><p:sldMasterIdLst><p:sldMasterId id="2147483648" r:id="rIdM"/>'
        f'</p:sldMasterIdLst><p:sldIdLst>{"".join(sld_ids)}</p:sldIdLst>'
        f'<p:sldSz {sld_sz}/><p:notesSz cx="6858000" cy="9144000"/>{default_text_style}'
        f'{pres_extra}</p:presentation>')
    files["ppt/_rels/presentation.xml.rels"] = (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + "".join(pres_rels) + "</Relationships>")
    ct = ('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
          '<Default Extension="xml" ContentType="application/xml"/>'
          + "".join(f'<Override PartName="{n}" ContentType="{t}"/>' for n, t in overrides)
          + "</Types>")
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("[Content_Types].xml", ct)
        for name, xml in files.items():
            z.writestr(name, xml)
    return path
