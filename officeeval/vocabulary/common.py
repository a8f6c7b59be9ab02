"""Vocabularies shared by several apps."""

from officeeval.vocabulary import define

BOOL_TRUE = ("true", "yes", "是", "on", "1", "真", "y", "t")
BOOL_FALSE = ("false", "no", "否", "off", "0", "假", "n", "f")

UNDERLINE = define("underline", {
    "none": ("无", "无下划线", "no underline"),
    "single": ("单线", "下划线", "sng", "single line"),
    "double": ("双线", "双下划线", "dbl", "double line"),
    "thick": ("粗线", "heavy"),
    "dotted": ("点式下划线", "点线", "dotted line"),
    "dottedHeavy": ("粗点线",),
    "dash": ("虚线", "dashed"),
    "dashedHeavy": ("粗虚线", "dashHeavy"),
    "dashLong": ("长虚线", "long dash"),
    "dashLongHeavy": ("粗长虚线",),
    "dotDash": ("点划线", "dot dash"),
    "dashDotHeavy": ("粗点划线",),
    "dotDotDash": ("双点划线", "dot dot dash"),
    "dashDotDotHeavy": ("粗双点划线",),
    "wave": ("波浪线", "wavy"),
    "wavyHeavy": ("粗波浪线",),
    "wavyDouble": ("双波浪线", "double wave"),
    "words": ("字下加线", "words only"),
})

HORIZONTAL_ALIGNMENT = define("alignment", {
    "left": ("左对齐", "start", "l", "靠左", "文本左对齐"),
    "center": ("居中", "centre", "ctr", "居中对齐", "水平居中", "centered"),
    "right": ("右对齐", "end", "r", "靠右", "文本右对齐"),
    # Kashida justification (Arabic: justified by elongating letters) is justified text.
    "justify": ("两端对齐", "both", "just", "justified", "lowKashida", "mediumKashida",
                "highKashida", "justLow"),
    "distribute": ("分散对齐", "dist", "distributed", "thaiDistribute", "thaiDist"),
    "general": ("常规",),
    "fill": ("填充",),
    "centerContinuous": ("跨列居中", "center across selection"),
})

VERTICAL_ALIGNMENT = define("vertical_alignment", {
    "top": ("顶端对齐", "靠上", "t", "顶端"),
    "center": ("居中", "垂直居中", "ctr", "middle", "中部居中"),
    "bottom": ("底端对齐", "靠下", "b", "底端"),
    "justify": ("两端对齐",),
    "distributed": ("分散对齐", "distribute"),
    "both": (),
})

ORIENTATION = define("orientation", {
    "portrait": ("纵向", "竖向", "vertical"),
    "landscape": ("横向", "horizontal"),
})

HIGHLIGHT = define("highlight", {
    "none": ("无", "无颜色", "no color"),
    "yellow": ("黄色", "黄"),
    "green": ("鲜绿", "鲜绿色", "bright green", "brightGreen"),
    "cyan": ("青绿", "青绿色", "turquoise"),
    "magenta": ("粉红", "粉红色", "pink"),
    "blue": ("蓝色", "蓝"),
    "red": ("红色", "红"),
    "darkBlue": ("深蓝", "深蓝色"),
    "darkCyan": ("青色", "teal"),
    "darkGreen": ("绿色", "深绿"),
    "darkMagenta": ("紫罗兰", "violet"),
    "darkRed": ("深红", "深红色"),
    "darkYellow": ("深黄", "深黄色"),
    "darkGray": ("灰色-50%", "深灰", "gray 50"),
    "lightGray": ("灰色-25%", "浅灰", "gray 25"),
    "black": ("黑色", "黑"),
    "white": ("白色", "白"),
})

BORDER_STYLE = define("border_style", {
    "none": ("无", "nil", "无边框", "no border"),
    "single": ("单实线", "实线", "solid", "thin", "细实线", "单线"),
    "thick": ("粗实线", "粗线"),
    "double": ("双实线", "双线", "双线条"),
    "dotted": ("点线", "点虚线", "dot", "hair"),
    "dashed": ("虚线", "dash"),
    "dotDash": ("点划线", "dashDot"),
    "dotDotDash": ("双点划线", "dashDotDot"),
    "triple": ("三线",),
    "thinThickSmallGap": ("细粗线",),
    "thickThinSmallGap": ("粗细线",),
    "wave": ("波浪线",),
    "doubleWave": ("双波浪线",),
    "medium": ("中等",),
    "mediumDashed": ("中虚线",),
    "threeDEmboss": ("三维浮雕",),
    "threeDEngrave": ("三维雕刻",),
    "outset": ("外凸",),
    "inset": ("内凹",),
    "box": ("方框",),
    "shadow": ("阴影",),
})

# Where an object sits on its slide or page, in the words exam steps use ("在右下角添加…",
# "左下方", "顶部"): the third of the width and of the height its centre falls in.
REGION = define("region", {
    "top_left": ("左上角", "左上方", "左上", "top left", "upper left"),
    "top": ("顶部", "顶端", "上方", "上部", "top", "upper"),
    "top_right": ("右上角", "右上方", "右上", "top right", "upper right"),
    "left": ("左侧", "左边", "左部", "left"),
    "center": ("中央", "中间", "正中", "中部", "center", "centre", "middle"),
    "right": ("右侧", "右边", "右部", "right"),
    "bottom_left": ("左下角", "左下方", "左下", "bottom left", "lower left"),
    "bottom": ("底部", "底端", "下方", "下部", "bottom", "lower"),
    "bottom_right": ("右下角", "右下方", "右下", "bottom right", "lower right"),
})


def region_of(cx: float, cy: float) -> str:
    """The region token of a centre given as fractions of the width and height (0..1,
    from the top left): thirds, a centre on a boundary counting as the middle third."""
    col = "left" if cx < 1 / 3 else ("right" if cx > 2 / 3 else "")
    row = "top" if cy < 1 / 3 else ("bottom" if cy > 2 / 3 else "")
    if row and col:
        return f"{row}_{col}"
    return row or col or "center"
