"""SmartArt vocabularies and mapping tables (data only, tested in
tests/ppt/test_ppt_vocabulary.py): layouts (by layout definition id), layout categories,
SmartArt styles and colour schemes (by definition id). Registered by
``officeeval.vocabulary.ppt``.
"""

from officeeval.vocabulary import define

SMARTART_LAYOUT = define("smartart_layout", {
    "basic_block_list": ("基本列表", "basic block list", "default"),
    "vertical_bullet_list": ("垂直项目符号列表", "vertical bullet list"),
    "horizontal_bullet_list": ("水平项目符号列表", "horizontal bullet list"),
    "vertical_box_list": ("垂直框列表", "vertical box list"),
    "vertical_block_list": ("垂直块列表", "vertical block list"),
    "vertical_chevron_list": ("垂直 V 形列表", "垂直V形列表", "vertical chevron list"),
    "grouped_list": ("分组列表", "grouped list"),
    "basic_process": ("基本流程", "basic process", "process"),
    "continuous_block_process": ("连续块状流程", "continuous block process"),
    "basic_chevron_process": ("基本 V 形流程", "基本V形流程", "basic chevron process"),
    "closed_chevron_process": ("闭合 V 形流程", "闭合V形流程", "closed chevron process"),
    "basic_bending_process": ("基本蛇形流程", "basic bending process"),
    "upward_arrow": ("向上箭头", "upward arrow"),
    "basic_cycle": ("基本循环", "basic cycle", "cycle"),
    "text_cycle": ("文本循环", "text cycle"),
    "basic_radial": ("基本射线图", "basic radial"),
    "radial_cycle": ("射线循环", "radial cycle"),
    "hierarchy": ("层次结构", "hierarchy"),
    "organization_chart": ("组织结构图", "organization chart", "org chart"),
    "horizontal_hierarchy": ("水平层次结构", "horizontal hierarchy"),
    "basic_venn": ("基本维恩图", "basic venn", "venn"),
    "basic_target": ("基本目标图", "basic target"),
    "balance": ("平衡", "balance"),
    "gear": ("齿轮", "gear"),
    "funnel": ("漏斗", "funnel"),
    "basic_matrix": ("基本矩阵", "basic matrix", "matrix"),
    "titled_matrix": ("带标题的矩阵", "titled matrix"),
    "basic_pyramid": ("基本棱锥图", "basic pyramid", "pyramid"),
    "inverted_pyramid": ("倒棱锥图", "inverted pyramid"),
    "pyramid_list": ("棱锥型列表", "pyramid list"),
    "alternating_hexagons": ("交替六边形", "alternating hexagons"),
})

# Layout definition ids (dgm:layoutDef/@uniqueId without any "#n" suffix, or the data
# model's loTypeId) -> token. Only ids whose gallery name is certain are listed (checked
# against the layout definitions in the corpus: shapes drawn and gallery category/priority);
# any other layout reports its id, which rubrics can check with smartart.layout_id.
SMARTART_LAYOUT_IDS = {
    "urn:microsoft.com/office/officeart/2005/8/layout/" + k: v for k, v in {
        "default": "basic_block_list", "vList2": "vertical_bullet_list",
        "hList1": "horizontal_bullet_list", "list1": "vertical_box_list",
        "vList5": "vertical_block_list", "chevron2": "vertical_chevron_list",
        "lProcess2": "grouped_list", "process1": "basic_process",
        "hProcess9": "continuous_block_process", "chevron1": "basic_chevron_process",
        "hChevron3": "closed_chevron_process", "bProcess3": "basic_bending_process",
        "arrow2": "upward_arrow", "cycle2": "basic_cycle", "cycle1": "text_cycle",
        "radial1": "basic_radial", "radial2": "radial_cycle", "hierarchy1": "hierarchy",
        "orgChart1": "organization_chart", "hierarchy2": "horizontal_hierarchy",
        "venn1": "basic_venn", "target1": "basic_target", "balance1": "balance",
        "gear1": "gear", "funnel1": "funnel", "matrix3": "basic_matrix",
        "matrix1": "titled_matrix", "pyramid1": "basic_pyramid",
        "pyramid3": "inverted_pyramid", "pyramid2": "pyramid_list",
    }.items()
}
SMARTART_LAYOUT_IDS["urn:microsoft.com/office/officeart/2008/layout/AlternatingHexagons"] = \
    "alternating_hexagons"

# dgm:catLst category types -> a coarse family, for layouts missing from the table.
SMARTART_CATEGORY = define("smartart_category", {
    "list": ("列表",), "process": ("流程",), "cycle": ("循环",),
    "hierarchy": ("层次结构图", "层次"), "relationship": ("关系",), "matrix": ("矩阵",),
    "pyramid": ("棱锥图",), "picture": ("图片",), "officeonline": ("office.com",),
    "other": ("其他",),
})

# SmartArt styles (SmartArt 样式: dgm:styleDef/@uniqueId, or the data model's qsTypeId) and
# colour schemes (更改颜色: dgm:colorsDef/@uniqueId, or csTypeId), by gallery name.
_QS = "urn:microsoft.com/office/officeart/2005/8/quickstyle/"
SMARTART_STYLE = define("smartart_style", {
    "simple_fill": ("简单填充", "simple fill", "default"),
    "white_outline": ("白色轮廓", "white outline"),
    "subtle_effect": ("细微效果", "subtle effect"),
    "moderate_effect": ("中等效果", "moderate effect"),
    "intense_effect": ("强烈效果", "intense effect"),
    "polished": ("优雅", "polished"),
    "inset": ("嵌入", "inset"),
    "cartoon": ("卡通", "cartoon"),
    "powder": ("粉末", "powder"),
    "brick_scene": ("砖块场景", "brick scene"),
    "flat_scene": ("平面场景", "flat scene"),
    "metallic_scene": ("金属场景", "metallic scene"),
    "sunset_scene": ("日落场景", "sunset scene"),
    "birds_eye_scene": ("鸟瞰场景", "birds eye scene", "bird's eye scene"),
})
SMARTART_STYLE_IDS = {_QS + k: v for k, v in {
    "simple1": "simple_fill", "simple2": "white_outline", "simple3": "subtle_effect",
    "simple4": "moderate_effect", "simple5": "intense_effect", "3d1": "polished",
    "3d2": "inset", "3d3": "cartoon", "3d4": "powder", "3d5": "brick_scene",
    "3d6": "flat_scene", "3d7": "metallic_scene", "3d8": "sunset_scene",
    "3d9": "birds_eye_scene",
}.items()}

_CS = "urn:microsoft.com/office/officeart/2005/8/colors/"
_ACCENT_SCHEMES = (  # accentN_k: (token suffix, Chinese name, English name)
    ("outline", "彩色轮廓", "colored outline"), ("fill", "彩色填充", "colored fill"),
    ("gradient_range", "渐变范围", "gradient range"), ("gradient_loop", "渐变循环", "gradient loop"),
    ("transparent_gradient_range", "透明渐变范围", "transparent gradient range"))
SMARTART_COLORS = define("smartart_colors", {
    "colorful_accent": ("彩色 - 个性色", "彩色-个性色", "colorful accent colors",
                        "colorful - accent colors"),
    **{f"colorful_range_{a}_{a + 1}": (f"彩色范围 - 个性色 {a} 至 {a + 1}",
                                       f"彩色范围-个性色{a}至{a + 1}",
                                       f"colorful range - accent colors {a} to {a + 1}")
       for a in range(2, 6)},
    **{f"accent{n}_{suffix}": (f"{zh} - 个性色 {n}", f"{zh}-个性色{n}", f"{en} - accent {n}",
                               *(("default",) if (n, suffix) == (1, "fill") else ()))
       for n in range(1, 7) for suffix, zh, en in _ACCENT_SCHEMES},
})
SMARTART_COLORS_IDS = {
    _CS + "colorful1": "colorful_accent",
    **{_CS + f"colorful{a}": f"colorful_range_{a}_{a + 1}" for a in range(2, 6)},
    **{_CS + f"accent{n}_{k}": f"accent{n}_{suffix}" for n in range(1, 7)
       for k, (suffix, _, _) in enumerate(_ACCENT_SCHEMES, start=1)},
}
