"""PowerPoint vocabularies and mapping tables for slide timing (data only, tested in
tests/ppt/test_ppt_vocabulary.py): transitions, transition directions, animation effects,
classes, triggers and directions. The object vocabularies (SmartArt in ``ppt_smartart``;
table styles, slide layouts, shape kinds and geometries, backgrounds, show types, click
actions, charts in ``ppt_objects``) are registered when this module is imported.

Vocabularies (``define``) give every spelling a rubric author may write — the OOXML token,
English UI names, Chinese UI names. Mapping tables translate what a document stores into
those tokens: the p:transition child element (including the p14 and p15 extensions) and the
animation preset (presetClass + presetID + presetSubtype).
"""

from officeeval.vocabulary import define
# Importing ppt_smartart and ppt_objects registers the object vocabularies (SmartArt's
# first); their tables stay importable from here too (other modules import
# SMARTART_LAYOUT_IDS and friends from this module).
from officeeval.vocabulary.ppt_smartart import (  # noqa: F401
    SMARTART_CATEGORY, SMARTART_COLORS, SMARTART_COLORS_IDS, SMARTART_LAYOUT,
    SMARTART_LAYOUT_IDS, SMARTART_STYLE, SMARTART_STYLE_IDS,
)
from officeeval.vocabulary.ppt_objects import (  # noqa: F401
    BACKGROUND_KIND, HYPERLINK_ACTION, LAYOUT_TYPE, PLACEHOLDER_KINDS, SHAPE_GEOMETRY,
    SHAPE_KIND, SHOW_JUMPS, SHOW_TYPE, TABLE_STYLE, TABLE_STYLE_GUIDS,
)

# ------------------------------------------------------------------ transitions
TRANSITION = define("transition", {
    "none": ("无", "无切换", "no transition"),
    "cut": ("切出", "切换出"),
    "fade": ("淡入淡出", "淡出", "淡化", "fade smoothly"),
    "push": ("推进", "推入"),
    "wipe": ("擦除",),
    "split": ("分割", "分裂"),
    "reveal": ("显示",),
    "randomBar": ("随机线条", "random bars", "random_bars"),
    "shape": ("形状", "circle", "diamond", "plus", "圆形", "菱形", "加号"),
    "uncover": ("揭开", "pull"),
    "cover": ("覆盖",),
    "flash": ("闪光",),
    "strips": ("条纹", "阶梯状"),
    "blinds": ("百叶窗",),
    "clock": ("时钟", "wheel", "轮辐", "wheelReverse", "逆时针"),
    "wedge": ("楔入", "扇形"),
    "checker": ("棋盘", "checkerboard"),
    "comb": ("梳理", "梳状"),
    "dissolve": ("溶解",),
    "newsflash": ("新闻快报",),
    "random": ("随机", "random transition"),
    "zoom": ("放大", "legacy zoom"),
    "vortex": ("涡流",),
    "switch": ("切换",),
    "flip": ("翻转",),
    "ripple": ("涟漪",),
    "honeycomb": ("蜂巢",),
    "prism": ("棱镜", "立方体", "cube", "box", "盒子", "rotate", "旋转", "orbit", "轨道"),
    "doors": ("门",),
    "window": ("窗口",),
    "ferris": ("摩天轮", "ferris wheel"),
    "gallery": ("库",),
    "conveyor": ("传送带",),
    "pan": ("平移",),
    "glitter": ("闪耀",),
    "warp": ("缩放",),
    "flythrough": ("飞过", "fly through"),
    "shred": ("碎片",),
    "curtains": ("窗帘",),
    "wind": ("风",),
    "prestige": ("威望",),
    "fracture": ("折断",),
    "crush": ("压碎",),
    "peelOff": ("剥离", "peel off"),
    "pageCurl": ("页面卷曲", "page curl", "pageCurlDouble", "pageCurlSingle"),
    "airplane": ("飞机",),
    "origami": ("折纸",),
    "fallOver": ("跌落", "fall over"),
    "drape": ("悬垂",),
    "morph": ("平滑",),
})

# p:transition child element (local name, any of p/p14/p15) -> transition token.
TRANSITION_ELEMENTS = {
    "blinds": "blinds", "checker": "checker", "circle": "shape", "comb": "comb",
    "cover": "cover", "cut": "cut", "diamond": "shape", "dissolve": "dissolve", "fade": "fade",
    "newsflash": "newsflash", "plus": "shape", "pull": "uncover", "push": "push",
    "random": "random", "randomBar": "randomBar", "split": "split", "strips": "strips",
    "wedge": "wedge", "wheel": "clock", "wipe": "wipe", "zoom": "zoom",
    # PowerPoint 2010 (p14)
    "vortex": "vortex", "switch": "switch", "flip": "flip", "ripple": "ripple",
    "honeycomb": "honeycomb", "prism": "prism", "doors": "doors", "window": "window",
    "ferris": "ferris", "gallery": "gallery", "conveyor": "conveyor", "pan": "pan",
    "glitter": "glitter", "warp": "warp", "flythrough": "flythrough", "flash": "flash",
    "shred": "shred", "reveal": "reveal", "wheelReverse": "clock",
    # PowerPoint 2019+ (p159)
    "morph": "morph",
}

# p15:prstTrans prst -> transition token.
TRANSITION_PRESETS = {
    "curtains": "curtains", "wind": "wind", "prestige": "prestige", "fracture": "fracture",
    "crush": "crush", "peelOff": "peelOff", "pageCurlDouble": "pageCurl",
    "pageCurlSingle": "pageCurl", "airplane": "airplane", "origami": "origami",
    "fallOver": "fallOver", "drape": "drape",
}

# OOXML stores the direction the new slide moves; PowerPoint's effect options name the side
# it comes from ("From Bottom" = moving up = "u").
TRANSITION_DIRECTION = define("transition_direction", {
    "l": ("left", "自右侧", "从右", "from right", "向左"),
    "r": ("right", "自左侧", "从左", "from left", "向右"),
    "u": ("up", "自底部", "从下", "from bottom", "向上"),
    "d": ("down", "自顶部", "从上", "from top", "向下"),
    "lu": ("left up", "自右下部", "from bottom right"),
    "ru": ("right up", "自左下部", "from bottom left"),
    "ld": ("left down", "自右上部", "from top right"),
    "rd": ("right down", "自左上部", "from top left"),
    "horz": ("horizontal", "水平", "横向"),
    "vert": ("vertical", "垂直", "纵向"),
    "in": ("inward", "中央向左右展开", "向内", "放大"),
    "out": ("outward", "左右向中央收缩", "向外", "缩小"),
})

# Legacy p:transition spd -> seconds (PowerPoint's fast/medium/slow).
TRANSITION_SPEED_SECONDS = {"fast": 0.5, "med": 0.75, "slow": 1.0}

# ------------------------------------------------------------------ animations
ANIMATION_CLASS = define("animation_class", {
    "entrance": ("entr", "进入", "进入效果"),
    "emphasis": ("emph", "强调", "强调效果"),
    "exit": ("退出", "退出效果"),
    "path": ("动作路径", "路径", "motion path", "motionpath"),
    "verb": ("对象动作", "ole action"),
    "media": ("mediacall", "媒体"),
})

ANIMATION_CLASS_TOKENS = {"entr": "entrance", "emph": "emphasis", "exit": "exit",
                          "path": "path", "verb": "verb", "mediacall": "media"}

ANIMATION_TRIGGER = define("animation_trigger", {
    "on_click": ("clickEffect", "click", "单击时", "单击", "鼠标单击时"),
    "with_previous": ("withEffect", "with", "与上一动画同时", "同时"),
    "after_previous": ("afterEffect", "after", "上一动画之后", "之后"),
    "on_shape_click": ("interactive", "触发器", "trigger", "单击对象时"),
})

ANIMATION_EFFECT = define("animation_effect", {
    # entrance
    "appear": ("出现",),
    "fly_in": ("飞入",),
    "blinds": ("百叶窗", "venetian blinds"),
    "box": ("盒状",),
    "checkerboard": ("棋盘",),
    "shape": ("形状", "circle", "圆形", "diamond", "菱形", "plus", "十字形扩展"),
    "crawl_in": ("缓慢进入", "crawl"),
    "dissolve_in": ("向内溶解", "dissolve"),
    "fade": ("淡出", "淡入", "fade in", "fade out", "淡化"),
    "flash_once": ("闪烁一次",),
    "peek_in": ("切入",),
    "random_bars": ("随机线条",),
    "spiral_in": ("螺旋飞入",),
    "split": ("劈裂",),
    "stretch": ("伸展",),
    "strips": ("阶梯状",),
    "swivel": ("旋转",),
    "wedge": ("楔入",),
    "wheel": ("轮子",),
    "wipe": ("擦除",),
    "basic_zoom": ("基本缩放", "legacy zoom"),
    "random_effects": ("随机效果",),
    "boomerang": ("飞旋",),
    "bounce": ("弹跳",),
    "color_typewriter": ("彩色打字机",),
    "credits": ("字幕式",),
    "ease_in": ("渐入",),
    "float": ("浮动",),
    "grow_turn": ("翻转式由远及近", "grow and turn", "grow & turn"),
    "light_speed": ("光速",),
    "pinwheel": ("玩具风车",),
    "rise_up": ("上升",),
    "swish": ("挥鞭式",),
    "thin_line": ("细线",),
    "unfold": ("展开",),
    "whip": ("挥鞭",),
    "float_in": ("浮入", "ascend", "descend", "上浮", "下浮"),
    "center_revolve": ("中心旋转",),
    "fade_swivel": ("淡出式回旋",),
    "sling": ("投掷",),
    "spinner": ("回旋",),
    "compress": ("压缩",),
    "magnify": ("放大",),
    "curve_up": ("曲线向上",),
    "zoom": ("缩放", "fade zoom", "淡出式缩放"),
    "glide": ("滑翔",),
    "expand": ("扩展",),
    "flip": ("翻转",),
    "fold": ("折叠",),
    # emphasis
    "fill_color": ("填充颜色", "change fill color"),
    "change_font": ("更改字体",),
    "font_color": ("字体颜色", "change font color"),
    "font_size": ("更改字号", "change font size"),
    "font_style": ("更改字形", "change font style"),
    "grow_shrink": ("放大/缩小", "放大缩小", "grow/shrink", "grow shrink"),
    "line_color": ("线条颜色", "change line color"),
    "spin": ("陀螺旋",),
    "transparency": ("透明",),
    "bold_flash": ("加粗闪烁",),
    "blast": ("爆炸",),
    "bold_reveal": ("加粗展示",),
    "brush_color": ("画笔颜色", "brush on color"),
    "underline": ("下划线", "brush on underline"),
    "color_blend": ("混色",),
    "color_wave": ("彩色波纹",),
    "complementary_color": ("补色",),
    "complementary_color_2": ("补色 2", "补色2"),
    "contrasting_color": ("对比色",),
    "darken": ("加深",),
    "desaturate": ("不饱和",),
    "pulse": ("脉冲", "flash bulb"),
    "color_pulse": ("彩色脉冲", "flicker"),
    "grow_with_color": ("彩色延伸",),
    "lighten": ("变淡",),
    "style_emphasis": ("样式强调",),
    "teeter": ("跷跷板",),
    "vertical_highlight": ("垂直突出显示",),
    "wave": ("波浪形",),
    "blink": ("闪烁",),
    "shimmer": ("闪现",),
    # exit
    "disappear": ("消失",),
    "fly_out": ("飞出",),
    "crawl_out": ("缓慢移出",),
    "dissolve_out": ("向外溶解",),
    "peek_out": ("切出",),
    "spiral_out": ("螺旋飞出",),
    "collapse": ("层叠",),
    "shrink_turn": ("收缩并旋转", "shrink and turn", "shrink & turn"),
    "sink_down": ("下沉",),
    "float_out": ("浮出",),
    "spin_out": ("旋出",),
    "contract": ("收缩",),
    "curve_down": ("曲线向下",),
    "ease_out": ("渐出",),
    # motion paths
    "lines": ("直线", "line", "line path"),
    "arcs": ("弧形", "arc"),
    "turns": ("转弯", "turn"),
    "path_shapes": ("形状路径", "shapes path"),
    "loops": ("循环", "loop", "loop de loop"),
    "custom_path": ("自定义路径", "custom"),
    "motion_path": ("动作路径效果", "other motion path"),
    # media
    "play": ("播放",),
    "pause": ("暂停",),
    "stop": ("停止",),
    "object_action": ("对象动作效果",),
})

_ENTRANCE_IDS = {
    1: "appear", 2: "fly_in", 3: "blinds", 4: "box", 5: "checkerboard", 6: "shape",
    7: "crawl_in", 8: "shape", 9: "dissolve_in", 10: "fade", 11: "flash_once", 12: "peek_in",
    13: "shape", 14: "random_bars", 15: "spiral_in", 16: "split", 17: "stretch", 18: "strips",
    19: "swivel", 20: "wedge", 21: "wheel", 22: "wipe", 23: "basic_zoom", 24: "random_effects",
    25: "boomerang", 26: "bounce", 27: "color_typewriter", 28: "credits", 29: "ease_in",
    30: "float", 31: "grow_turn", 34: "light_speed", 35: "pinwheel", 37: "rise_up",
    38: "swish", 39: "thin_line", 40: "unfold", 41: "whip", 42: "float_in",
    43: "center_revolve", 45: "fade_swivel", 47: "float_in", 48: "sling", 49: "spinner",
    50: "compress", 51: "magnify", 52: "curve_up", 53: "zoom", 54: "glide", 55: "expand",
    56: "flip", 58: "fold",
}
_EMPHASIS_IDS = {
    1: "fill_color", 2: "change_font", 3: "font_color", 4: "font_size", 5: "font_style",
    6: "grow_shrink", 7: "line_color", 8: "spin", 9: "transparency", 10: "bold_flash",
    14: "blast", 15: "bold_reveal", 16: "brush_color", 18: "underline", 19: "color_blend",
    20: "color_wave", 21: "complementary_color", 22: "complementary_color_2",
    23: "contrasting_color", 24: "darken", 25: "desaturate", 26: "pulse", 27: "color_pulse",
    28: "grow_with_color", 30: "lighten", 31: "style_emphasis", 32: "teeter",
    33: "vertical_highlight", 34: "wave", 35: "blink", 36: "shimmer",
}
# Exit presets share ids with their entrance counterparts; where the UI name differs
# (Appear/Disappear, Fly In/Fly Out …) the exit token says so.
_EXIT_RENAMES = {"appear": "disappear", "fly_in": "fly_out", "crawl_in": "crawl_out",
                 "dissolve_in": "dissolve_out", "peek_in": "peek_out",
                 "spiral_in": "spiral_out", "stretch": "collapse", "grow_turn": "shrink_turn",
                 "rise_up": "sink_down", "float_in": "float_out", "spinner": "spin_out",
                 "expand": "contract", "curve_up": "curve_down", "ease_in": "ease_out"}
_EXIT_IDS = {k: _EXIT_RENAMES.get(v, v) for k, v in _ENTRANCE_IDS.items()}
_PATH_IDS = {0: "custom_path", 42: "lines", 64: "lines", 35: "lines", 63: "lines",
             37: "arcs", 44: "arcs", 51: "arcs", 58: "arcs", 50: "turns", 43: "turns",
             36: "turns", 57: "turns", 1: "path_shapes", 2: "path_shapes", 3: "path_shapes",
             4: "path_shapes", 7: "path_shapes", 8: "path_shapes", 10: "path_shapes",
             12: "path_shapes", 13: "path_shapes", 14: "path_shapes", 15: "path_shapes",
             24: "loops"}
_MEDIA_IDS = {1: "play", 2: "pause", 3: "stop"}

# (presetClass as stored, presetID) -> animation effect token.
PRESET_EFFECTS: dict[tuple[str, int], str] = {
    **{("entr", k): v for k, v in _ENTRANCE_IDS.items()},
    **{("emph", k): v for k, v in _EMPHASIS_IDS.items()},
    **{("exit", k): v for k, v in _EXIT_IDS.items()},
    **{("path", k): v for k, v in _PATH_IDS.items()},
    **{("mediacall", k): v for k, v in _MEDIA_IDS.items()},
}

# presetSubtype of directional effects (Fly In, Wipe, Float In, Peek In …) -> direction.
ANIMATION_DIRECTION = define("animation_direction", {
    "from_top": ("top", "自顶部", "从上", "上"),
    "from_right": ("right", "自右侧", "从右", "右"),
    "from_top_right": ("top right", "自右上部", "右上"),
    "from_bottom": ("bottom", "自底部", "从下", "下"),
    "from_bottom_right": ("bottom right", "自右下部", "右下"),
    "from_left": ("left", "自左侧", "从左", "左"),
    "from_top_left": ("top left", "自左上部", "左上"),
    "from_bottom_left": ("bottom left", "自左下部", "左下"),
    "horizontal": ("水平",),
    "vertical": ("垂直",),
    "in": ("向内", "放大"),
    "out": ("向外", "缩小"),
})
ANIMATION_SUBTYPES = {1: "from_top", 2: "from_right", 3: "from_top_right", 4: "from_bottom",
                      5: "horizontal", 6: "from_bottom_right", 8: "from_left",
                      9: "from_top_left", 10: "vertical", 12: "from_bottom_left", 16: "in",
                      32: "out"}
# Effects whose presetSubtype is a direction (others use it for spokes, shapes, colors).
DIRECTIONAL_EFFECTS = frozenset({"fly_in", "fly_out", "wipe", "peek_in", "peek_out",
                                 "crawl_in", "crawl_out", "split", "blinds", "checkerboard",
                                 "random_bars", "strips", "basic_zoom", "zoom", "box"})
