"""PowerPoint object vocabularies and mapping tables (data only, tested in
tests/ppt/test_ppt_vocabulary.py): table styles (by GUID), slide layout types and built-in
layout names, shape kinds and preset geometries, background fill kinds, slide-show types,
click actions, and the chart names used when no other app defines chart.* first (SmartArt's
are in ``ppt_smartart``). Registered by ``officeeval.vocabulary.ppt``.
"""

from officeeval.vocabulary import define

# ------------------------------------------------------------------ tables
_ACCENTS = ("", " - Accent 1", " - Accent 2", " - Accent 3", " - Accent 4", " - Accent 5",
            " - Accent 6")
_ZH_ACCENTS = ("", " - 强调 1", " - 强调 2", " - 强调 3", " - 强调 4", " - 强调 5",
               " - 强调 6")
_FAMILIES = [  # (English family, Chinese family, GUIDs for none/accent1..6; "" = none)
    ("Themed Style 1", "主题样式 1", ("",
                                    "{3C2FFA5D-87B4-456A-9821-1D502468CF0F}",
                                    "{284E427A-3D55-4303-BF80-6455036E1DE7}",
                                    "{69C7853C-536D-4A76-A0AE-DD22124D55A5}",
                                    "{775DCB02-9BB8-47FD-8907-85C794F793BA}",
                                    "{35758FB7-9AC5-4552-8A53-C91805E547FA}",
                                    "{08FB837D-C827-4EFA-A057-4D05807E0F7C}")),
    ("Themed Style 2", "主题样式 2", ("", "{D113A9D2-9D6B-4929-AA2D-F23B5EE8CBE7}",
                                    "{18603FDC-E32A-4AB5-989C-0864C3EAD2B8}",
                                    "{306799F8-075E-4A3A-A7F6-7FBC6576F1A4}",
                                    "{E269D01E-BC32-4049-B463-5C60D7B0CCD2}",
                                    "{327F97BB-C833-4FB7-BDE5-3F7075034690}",
                                    "{638B1855-1B75-4FBE-930C-398BA8C253C6}")),
    ("Light Style 1", "浅色样式 1", ("{9D7B26C5-4107-4FEC-AEDC-1716B250A1EF}",
                                   "{3B4B98B0-60AC-42C2-AFA5-B58CD77FA1E5}",
                                   "{0E3FDE45-AF77-4B5C-9715-49D594BDF05E}",
                                   "{C083E6E3-FA7D-4D7B-A595-EF9225AFEA82}",
                                   "{D27102A9-8310-4765-A935-A1911B00CA55}",
                                   "{5FD0F851-EC5A-4D38-B0AD-8093EC10F338}",
                                   "{68D230F3-CF80-4859-8CE7-A43EE81993B5}")),
    ("Light Style 2", "浅色样式 2", ("{7E9639D4-E3E2-4D34-9284-5A2195B3D0D7}",
                                   "{69012ECD-51FC-41F1-AA8D-1B2483CD663E}",
                                   "{72833802-FEF1-4C79-8D5D-14CF1EAF98D9}",
                                   "{F2DE63D5-997A-4646-A377-4702673A728D}",
                                   "{17292A2E-F333-43FB-9621-5CBBE7FDCDCB}",
                                   "{5A111915-BE36-4E01-A7E5-04B1672EAD32}",
                                   "{912C8C85-51F0-491E-9774-3900AFEF0FD7}")),
    ("Light Style 3", "浅色样式 3", ("{616DA210-FB5B-4158-B5E0-FEB733F419BA}",
                                   "{BC89EF96-8CEA-46FF-86C4-4CE0E7609802}",
                                   "{5DA37D80-6434-44D0-A028-1B22A696006F}",
                                   "{8799B23B-EC83-4686-B30A-512413B5E67A}",
                                   "{ED083AE6-46FA-4A59-8FB0-9F97EB10719F}",
                                   "{BDBED569-4797-4DF1-A0F4-6AAB3CD982D8}",
                                   "{E8B1032C-EA38-4F05-BA0D-38AFFFC7BED3}")),
    ("Medium Style 1", "中度样式 1", ("{793D81CF-94F2-401A-BA57-92F5A7B2D0C5}",
                                    "{B301B821-A1FF-4177-AEE7-76D212191A09}",
                                    "{9DCAF9ED-07DC-4A11-8D7F-57B35C25682E}",
                                    "{1FECB4D8-DB02-4DC6-A0A2-4F2EBAE1DC90}",
                                    "{1E171933-4619-4E11-9A3F-F7608DF75F80}",
                                    "{FABFCF23-3B69-468F-B69F-88F6DE6A72F2}",
                                    "{10A1B5D5-9B99-4C35-A422-299274C87663}")),
    ("Medium Style 2", "中度样式 2", ("{073A0DAA-6AF3-43AB-8588-CEC1D06C72B9}",
                                    "{5C22544A-7EE6-4342-B048-85BDC9FD1C3A}",
                                    "{21E4AEA4-8DFA-4A89-87EB-49C32662AFE0}",
                                    "{F5AB1C69-6EDB-4FF4-983F-18BD219EF322}",
                                    "{00A15C55-8517-42AA-B614-E9B94910E393}",
                                    "{7DF18680-E054-41AD-8BC1-D1AEF772440D}",
                                    "{93296810-A885-4BE3-A3E7-6D5BEEA58F35}")),
    ("Medium Style 3", "中度样式 3", ("{8EC20E35-A176-4012-BC5E-935CFFF8708E}",
                                    "{6E25E649-3F16-4E02-A733-19D2CDBF48F0}",
                                    "{85BE263C-DBD7-4A20-BB59-AAB30ACAA65A}",
                                    "{EB344D84-9AFB-497E-A393-DC336BA19D2E}",
                                    "{EB9631B5-78F2-41C9-869B-9F39066F8104}",
                                    "{74C1A8A3-306A-4EB7-A6B1-4F7E0EB9C5D6}",
                                    "{2A488322-F2BA-4B5B-9748-0D474271808F}")),
    ("Medium Style 4", "中度样式 4", ("{D7AC3CCA-C797-4891-BE02-D94E43425B78}",
                                    "{69CF1AB2-1976-4502-BF36-3FF5EA218861}",
                                    "{8A107856-5554-42FB-B03E-39F5DBC370BA}",
                                    "{0505E3EF-67EA-436B-97B2-0124C06EBD24}",
                                    "{C4B1156A-380E-4F78-BDF5-A606A8083BF9}",
                                    "{22838BEF-8BB2-4498-84A7-C5851F593DF1}",
                                    "{16D9F66E-5EB9-4882-86FB-DCBF35E3C3E4}")),
    ("Dark Style 1", "深色样式 1", ("{E8034E78-7F5D-4C2E-B375-FC64B27BC917}",
                                  "{125E5076-3810-47DD-B79F-674D7AD40C01}",
                                  "{37CE84F3-28C3-443E-9E96-99CF82512B78}",
                                  "{D03447BB-5D67-496B-8E87-E561075AD55C}",
                                  "{E929F9F4-4A8F-4326-A1B4-22849713DDAB}",
                                  "{8FD4443E-F989-4FC4-A0C8-D5A2AF1F390B}",
                                  "{AF606853-7671-496A-8E4F-DF71F8EC918B}")),
]


def _table_styles() -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    entries: dict[str, tuple[str, ...]] = {
        "No Style, No Grid": ("无样式，无网格", "无样式,无网格", "no style no grid",
                              "{2D5ABB26-0587-4C30-8999-92F81FD0307C}"),
        "No Style, Table Grid": ("无样式，网格型", "无样式,网格型", "no style table grid",
                                 "{5940675A-B579-460E-94D1-54222C63F5DA}"),
        "Dark Style 2": ("深色样式 2", "{5202B0CA-FC54-4496-8BCA-5EF66A818D29}"),
        "Dark Style 2 - Accent 1/Accent 2": ("深色样式 2 - 强调 1/强调 2",
                                             "Dark Style 2 - Accent 1, Accent 2",
                                             "{0660B408-B3CF-4A94-85FC-2B1E0A45F4A2}"),
        "Dark Style 2 - Accent 3/Accent 4": ("深色样式 2 - 强调 3/强调 4",
                                             "Dark Style 2 - Accent 3, Accent 4",
                                             "{91EBBBCC-DAD2-459C-BE2E-F6DE35CF9A28}"),
        "Dark Style 2 - Accent 5/Accent 6": ("深色样式 2 - 强调 5/强调 6",
                                             "Dark Style 2 - Accent 5, Accent 6",
                                             "{46F890A9-2807-4EBB-B81D-B2AA78EC7F39}"),
    }
    for family, zh, guids in _FAMILIES:
        for i, guid in enumerate(guids):
            if not guid:
                continue  # Themed styles have no un-accented variant
            name = family + _ACCENTS[i]
            entries[name] = (zh + _ZH_ACCENTS[i], guid)
    by_guid = {alias.upper(): name for name, aliases in entries.items()
               for alias in aliases if alias.startswith("{")}
    return entries, by_guid


_TABLE_STYLE_ENTRIES, TABLE_STYLE_GUIDS = _table_styles()
TABLE_STYLE = define("ppt_table_style", _TABLE_STYLE_ENTRIES)

# ------------------------------------------------------------------ layouts, shapes, slides
# Slide layout types (p:sldLayout/@type) with the built-in layout names in English and
# Chinese; slide.layout compares layout names through this table.
LAYOUT_TYPE = define("layout_type", {
    "title": ("Title Slide", "标题幻灯片"),
    "obj": ("Title and Content", "标题和内容", "title and object", "标题和对象"),
    "secHead": ("Section Header", "节标题"),
    "twoObj": ("Two Content", "两栏内容", "两项内容"),
    "twoTxTwoObj": ("Comparison", "比较"),
    "titleOnly": ("Title Only", "仅标题"),
    "blank": ("Blank", "空白"),
    "objTx": ("Content with Caption", "内容与标题", "带标题的内容"),
    "picTx": ("Picture with Caption", "图片与标题", "带标题的图片"),
    "vertTx": ("Title and Vertical Text", "标题和竖排文字"),
    "vertTitleAndTx": ("Vertical Title and Text", "竖排标题与文本"),
    "tx": ("Title and Text", "标题和文本"),
    "twoColTx": ("Title and 2-Column Text", "标题和两栏文本"),
    "tbl": ("Title and Table", "标题和表格"),
    "chart": ("Title and Chart", "标题和图表"),
    "dgm": ("Title and Diagram", "标题和图示"),
    "txAndObj": ("Text and Object",),
    "objAndTx": ("Object and Text",),
    "objOnly": ("Object", "仅对象"),
    "cust": ("Custom", "自定义"),
})

SHAPE_KIND = define("shape_kind", {
    "title": ("标题", "标题占位符", "ctrTitle", "center title"),
    "subtitle": ("副标题", "subTitle", "副标题占位符"),
    "body": ("正文", "文本占位符", "text placeholder"),
    "content": ("内容", "内容占位符", "obj", "object placeholder"),
    "date": ("日期", "dt", "日期占位符"),
    "footer": ("页脚", "ftr", "页脚占位符"),
    "slide_number": ("幻灯片编号", "sldNum", "编号", "slide number"),
    "header": ("页眉", "hdr"),
    "picture_placeholder": ("图片占位符",),
    "chart_placeholder": ("图表占位符",),
    "table_placeholder": ("表格占位符",),
    "smartart_placeholder": ("SmartArt 占位符",),
    "media_placeholder": ("媒体占位符",),
    "clipart_placeholder": ("剪贴画占位符",),
    "slide_image": ("幻灯片图像", "sldImg"),
    "textbox": ("文本框", "text box", "txBox"),
    "autoshape": ("自选图形", "形状", "auto shape", "sp"),
    "picture": ("图片", "pic", "image", "图像"),
    "table": ("表格", "tbl"),
    "chart": ("图表",),
    "smartart": ("SmartArt", "SmartArt 图形", "diagram", "dgm", "图示"),
    "group": ("组合", "grpSp", "组合图形"),
    "media": ("媒体", "视频", "音频", "video", "audio"),
    "connector": ("连接符", "cxnSp", "线条", "line"),
    "ole": ("对象", "OLE 对象", "ole object"),
    "ink": ("墨迹", "contentPart"),
    "graphic_frame": ("图形框",),
})

# p:ph/@type -> shape kind of a placeholder drawn as a p:sp (the default type is obj).
PLACEHOLDER_KINDS = {
    "title": "title", "ctrTitle": "title", "subTitle": "subtitle", "body": "body",
    "obj": "content", "dt": "date", "ftr": "footer", "sldNum": "slide_number",
    "hdr": "header", "pic": "picture_placeholder", "chart": "chart_placeholder",
    "tbl": "table_placeholder", "dgm": "smartart_placeholder", "media": "media_placeholder",
    "clipArt": "clipart_placeholder", "sldImg": "slide_image",
}

# Action buttons (动作按钮) as PowerPoint's Chinese UI names them across versions, with
# the half- and full-width colon both written in task texts ("动作按钮：结束").
_ACTION_BUTTONS = {
    "actionButtonBackPrevious": ("后退或前一项", "上一张", "Back or Previous"),
    "actionButtonForwardNext": ("前进或下一项", "下一张", "Forward or Next"),
    "actionButtonBeginning": ("转到开头", "开始", "第一张", "Beginning"),
    "actionButtonEnd": ("转到结尾", "结束", "最后一张", "End"),
    "actionButtonHome": ("转到主页", "主页", "Home"),
    "actionButtonInformation": ("获取信息", "信息", "Information"),
    "actionButtonReturn": ("返回", "Return"),
    "actionButtonMovie": ("视频", "影片", "Movie", "Video"),
    "actionButtonDocument": ("文档", "Document"),
    "actionButtonSound": ("声音", "Sound"),
    "actionButtonHelp": ("帮助", "Help"),
    "actionButtonBlank": ("空白", "自定义", "Blank", "Custom"),
}


def _action_buttons() -> dict[str, tuple[str, ...]]:
    out = {}
    for token, names in _ACTION_BUTTONS.items():
        aliases: list[str] = []
        for n in names:
            prefixes = ("动作按钮: ", "动作按钮：") if not n.isascii() else ("Action Button: ",)
            aliases += [p + n for p in prefixes]
        out[token] = tuple(aliases)
    return out


# The other presets of ST_ShapeType (ECMA-376 Part 1, 20.1.10.56), by their OOXML token, a
# few with the Chinese name a task writes: a document may hold any of them and a rubric
# may name any of them.
_MORE_PRESETS = {
    "lineInv": (), "nonIsoscelesTrapezoid": ("非等腰梯形",), "heptagon": ("七边形",),
    "decagon": ("十边形",), "dodecagon": ("十二边形",), "star7": ("七角星",),
    "star8": ("八角星",), "star10": ("十角星",), "star12": ("十二角星",),
    "star16": ("十六角星",), "star24": ("二十四角星",), "star32": ("三十二角星",),
    "round1Rect": ("单圆角矩形",), "round2SameRect": ("同侧圆角矩形",),
    "round2DiagRect": ("对角圆角矩形",), "snipRoundRect": ("一个圆顶角，剪去另一个顶角",),
    "snip1Rect": ("剪去单角的矩形",), "snip2SameRect": ("剪去同侧角的矩形",),
    "snip2DiagRect": ("剪去对角的矩形",), "plaque": ("缺角矩形",), "teardrop": ("泪滴形",),
    "pieWedge": (), "pie": ("不完整圆",), "blockArc": ("空心弧",), "noSmoking": ("禁止符",),
    "stripedRightArrow": ("虚尾箭头",), "notchedRightArrow": ("燕尾形箭头",),
    "bentUpArrow": ("直角上箭头",), "upDownArrow": ("上下箭头",), "leftUpArrow": ("左上箭头",),
    "leftRightUpArrow": ("左右上箭头",), "quadArrow": ("十字箭头",),
    "leftArrowCallout": ("左箭头标注",), "rightArrowCallout": ("右箭头标注",),
    "upArrowCallout": ("上箭头标注",), "downArrowCallout": ("下箭头标注",),
    "leftRightArrowCallout": ("左右箭头标注",), "upDownArrowCallout": ("上下箭头标注",),
    "quadArrowCallout": ("十字箭头标注",), "bentArrow": ("圆角右箭头",),
    "uturnArrow": ("手杖形箭头",), "circularArrow": ("环形箭头",),
    "leftCircularArrow": (), "leftRightCircularArrow": (), "curvedRightArrow": ("右弧形箭头",),
    "curvedLeftArrow": ("左弧形箭头",), "curvedUpArrow": ("上弧形箭头",),
    "curvedDownArrow": ("下弧形箭头",), "swooshArrow": (), "lightningBolt": ("闪电形",),
    "irregularSeal1": ("爆炸形 1",), "irregularSeal2": ("爆炸形 2",),
    "foldedCorner": ("折角形",), "bevel": ("棱台",), "frame": ("图文框",),
    "halfFrame": ("半闭框",), "corner": ("L 形",), "diagStripe": ("斜纹",), "chord": ("弦形",),
    "arc": ("弧形",), "leftBracket": ("左中括号",), "rightBracket": ("右中括号",),
    "leftBrace": ("左大括号",), "rightBrace": ("右大括号",), "bracketPair": ("双括号",),
    "bracePair": ("双大括号",), "bentConnector2": (), "bentConnector4": (),
    "bentConnector5": (), "curvedConnector2": (), "curvedConnector4": (),
    "curvedConnector5": (), "callout1": ("线形标注 1",), "callout2": ("线形标注 2",),
    "callout3": ("线形标注 3",), "accentCallout1": (), "accentCallout2": (),
    "accentCallout3": (), "borderCallout1": (), "borderCallout2": (), "borderCallout3": (),
    "accentBorderCallout1": (), "accentBorderCallout2": (), "accentBorderCallout3": (),
    "cloudCallout": ("思想气泡: 云",), "ribbon": ("前凸带形",), "ribbon2": ("上凸带形",),
    "ellipseRibbon": ("前凸弯带形",), "ellipseRibbon2": ("上凸弯带形",),
    "leftRightRibbon": (), "verticalScroll": ("竖卷形",), "horizontalScroll": ("横卷形",),
    "wave": ("波形",), "doubleWave": ("双波形",),
    "flowChartInputOutput": ("流程图: 数据",), "flowChartPredefinedProcess": ("流程图: 预定义过程",),
    "flowChartInternalStorage": ("流程图: 内部贮存",), "flowChartDocument": ("流程图: 文档",),
    "flowChartMultidocument": ("流程图: 多文档",), "flowChartPreparation": ("流程图: 准备",),
    "flowChartManualInput": ("流程图: 手动输入",),
    "flowChartManualOperation": ("流程图: 手动操作",), "flowChartConnector": ("流程图: 接点",),
    "flowChartPunchedCard": ("流程图: 卡片",), "flowChartPunchedTape": ("流程图: 资料带",),
    "flowChartSummingJunction": ("流程图: 汇总连接",), "flowChartOr": ("流程图: 或者",),
    "flowChartCollate": ("流程图: 对照",), "flowChartSort": ("流程图: 排序",),
    "flowChartExtract": ("流程图: 摘录",), "flowChartMerge": ("流程图: 合并",),
    "flowChartOfflineStorage": ("流程图: 库存数据",),
    "flowChartOnlineStorage": ("流程图: 存储数据",),
    "flowChartMagneticTape": ("流程图: 顺序访问存储器",),
    "flowChartMagneticDisk": ("流程图: 磁盘",),
    "flowChartMagneticDrum": ("流程图: 直接访问存储器",), "flowChartDisplay": ("流程图: 显示",),
    "flowChartDelay": ("流程图: 延期",), "flowChartAlternateProcess": ("流程图: 可选过程",),
    "flowChartOffpageConnector": ("流程图: 离页连接符",), "gear6": ("齿轮 6",),
    "gear9": ("齿轮 9",), "funnel": ("漏斗",), "mathPlus": ("加号: 数学",),
    "mathMinus": ("减号",), "mathMultiply": ("乘号",), "mathDivide": ("除号",),
    "mathEqual": ("等号",), "mathNotEqual": ("不等号",), "cornerTabs": (), "squareTabs": (),
    "plaqueTabs": (), "chartX": (), "chartStar": (), "chartPlus": (),
}

SHAPE_GEOMETRY = define("shape_geometry", {
    "rect": ("矩形", "rectangle"),
    "roundRect": ("圆角矩形", "rounded rectangle"),
    "ellipse": ("椭圆", "oval", "圆"),
    "triangle": ("等腰三角形", "isosceles triangle", "三角形"),
    "rtTriangle": ("直角三角形", "right triangle"),
    "parallelogram": ("平行四边形",),
    "trapezoid": ("梯形",),
    "diamond": ("菱形",),
    "pentagon": ("五边形", "箭头: 五边形"),
    "hexagon": ("六边形",),
    "octagon": ("八边形",),
    "star5": ("五角星", "星形: 五角", "5-point star"),
    "star4": ("四角星", "4-point star"),
    "star6": ("六角星",),
    "rightArrow": ("右箭头", "箭头: 右", "right arrow"),
    "leftArrow": ("左箭头", "箭头: 左", "left arrow"),
    "upArrow": ("上箭头", "箭头: 上", "up arrow"),
    "downArrow": ("下箭头", "箭头: 下", "down arrow"),
    "leftRightArrow": ("左右箭头", "left right arrow"),
    "chevron": ("燕尾形", "V 形", "箭头: V 形"),
    "homePlate": ("箭头五边形", "home plate"),
    "heart": ("心形",),
    "cloud": ("云形",),
    "smileyFace": ("笑脸",),
    "sun": ("太阳形",),
    "moon": ("新月形",),
    "wedgeRectCallout": ("矩形标注", "对话气泡: 矩形"),
    "wedgeRoundRectCallout": ("圆角矩形标注", "对话气泡: 圆角矩形"),
    "wedgeEllipseCallout": ("椭圆形标注", "对话气泡: 椭圆形"),
    "flowChartProcess": ("流程图: 过程", "流程图:过程"),
    "flowChartDecision": ("流程图: 决策", "流程图:决策"),
    "flowChartTerminator": ("流程图: 终止", "流程图:终止"),
    "line": ("直线",),
    "straightConnector1": ("直线箭头连接符", "straight arrow connector"),
    "bentConnector3": ("肘形连接符", "elbow connector"),
    "curvedConnector3": ("曲线连接符", "curved connector"),
    "plus": ("十字形", "加号"),
    "donut": ("圆环",),
    "can": ("圆柱形", "cylinder"),
    "cube": ("立方体",),
    "custom": ("任意多边形", "freeform", "custGeom"),
    **_action_buttons(), **_MORE_PRESETS,
})

BACKGROUND_KIND = define("background_kind", {
    "solid": ("纯色填充", "纯色", "solid fill", "solidFill"),
    "gradient": ("渐变填充", "渐变", "gradient fill", "gradFill"),
    "picture": ("图片或纹理填充", "图片填充", "纹理填充", "图片", "texture", "blipFill",
                "picture fill"),
    "pattern": ("图案填充", "图案", "pattern fill", "pattFill"),
    "none": ("无填充", "无", "noFill", "no fill"),
})

SHOW_TYPE = define("show_type", {
    "speaker": ("演讲者放映", "演讲者放映(全屏幕)", "演讲者放映（全屏幕）", "present",
                "presented by a speaker", "full screen"),
    "browsed": ("观众自行浏览", "观众自行浏览(窗口)", "观众自行浏览（窗口）", "browse",
                "window", "browsed by an individual"),
    "kiosk": ("在展台浏览", "在展台浏览(全屏幕)", "在展台浏览（全屏幕）", "展台",
              "browsed at a kiosk"),
})

HYPERLINK_ACTION = define("hyperlink_action", {
    "url": ("网址", "link", "hyperlink", "超链接"),
    "slide": ("幻灯片", "jump to slide", "sldjump", "hlinksldjump"),
    "first_slide": ("第一张幻灯片", "firstslide"),
    "last_slide": ("最后一张幻灯片", "lastslide"),
    "next_slide": ("下一张幻灯片", "nextslide"),
    "previous_slide": ("上一张幻灯片", "previousslide"),
    "last_viewed": ("最近观看的幻灯片", "lastslideviewed"),
    "end_show": ("结束放映", "endshow"),
    "custom_show": ("自定义放映", "customshow"),
    "file": ("其他文件", "hlinkfile"),
    "program": ("运行程序", "run program"),
    "macro": ("运行宏", "run macro"),
    "ole_verb": ("对象动作",),
    "email": ("电子邮件", "mailto", "mail"),
    "none": ("无动作", "无"),
})

# ppaction://hlinkshowjump?jump=… -> hyperlink action.
SHOW_JUMPS = {"firstslide": "first_slide", "lastslide": "last_slide",
              "nextslide": "next_slide", "previousslide": "previous_slide",
              "lastslideviewed": "last_viewed", "endshow": "end_show"}

# ------------------------------------------------------------------ charts
# Used for the chart.* names only when no other app's definitions define them first (the
# tokens are those of officeeval.ooxml.charts, shared with Excel).
CHART_TYPE = define("ppt_chart_type", {
    "column": ("柱形图", "簇状柱形图", "col"),
    "bar": ("条形图", "簇状条形图"),
    "line": ("折线图",),
    "pie": ("饼图",),
    "doughnut": ("圆环图", "donut"),
    "area": ("面积图",),
    "scatter": ("散点图", "xy", "xy scatter"),
    "radar": ("雷达图",),
    "bubble": ("气泡图",),
    "stock": ("股价图",),
    "surface": ("曲面图",),
})
CHART_GROUPING = define("ppt_chart_grouping", {
    "clustered": ("簇状",),
    "stacked": ("堆积",),
    "percentStacked": ("百分比堆积", "percent", "percent stacked", "100%"),
    "standard": ("标准",),
})
LEGEND_POSITION = define("ppt_legend_position", {
    "right": ("靠右", "右", "r"),
    "left": ("靠左", "左", "l"),
    "top": ("顶部", "靠上", "上", "t"),
    "bottom": ("底部", "靠下", "下", "b"),
    "top_right": ("右上", "tr"),
    "none": ("无", "无图例"),
})
SHOW_ADVANCE = define("show_advance", {
    "manual": ("手动", "手动换片", "manually"),
    "timings": ("如果出现计时，则使用它", "如果存在排练时间，则使用它", "使用计时", "排练计时",
                "use timings", "using timings", "timings if present"),
})
DATE_KIND = define("date_kind", {
    "field": ("自动更新", "automatic", "auto", "update automatically", "datetime"),
    "fixed": ("固定", "fixed text"),
})
OUTLINE_KIND = define("outline_kind", {
    "solid": ("实线", "纯色", "solid line", "solidFill"),
    "gradient": ("渐变线", "渐变", "gradient line", "gradFill"),
    "pattern": ("图案", "pattFill"),
    "none": ("无线条", "无轮廓", "无", "noFill", "no line", "no outline"),
})
MARKER_SYMBOL = define("marker_symbol", {
    "auto": ("自动", "automatic"),
    "none": ("无", "无标记", "no marker"),
    "circle": ("圆形", "圆"),
    "square": ("正方形", "方形"),
    "diamond": ("菱形",),
    "triangle": ("三角形",),
    "x": ("叉形", "×"),
    "star": ("星形",),
    "dot": ("点",),
    "dash": ("短划线",),
    "plus": ("加号", "+"),
    "picture": ("图片",),
})
