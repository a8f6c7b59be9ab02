"""Word vocabularies: line spacing rules, section starts, numbering formats, wrap types,
emphasis marks, built-in style names in English and Chinese."""

from officeeval.vocabulary import define

LINE_RULE = define("line_rule", {
    "multiple": ("auto", "倍", "多倍行距", "倍行距"),
    "exact": ("exactly", "固定值", "固定"),
    "at_least": ("atLeast", "最小值", "至少"),
})

# Named line spacings, canonical "N line" multiples.
NAMED_LINE_SPACING = {
    "单倍行距": 1.0, "single": 1.0, "单倍": 1.0,
    "1.5倍行距": 1.5, "1.5 倍行距": 1.5, "一点五倍行距": 1.5, "1.5倍": 1.5,
    "双倍行距": 2.0, "double": 2.0, "2倍行距": 2.0, "两倍行距": 2.0, "双倍": 2.0,
}

SECTION_START = define("section_start", {
    "nextPage": ("下一页", "next page", "新建页", "分节符(下一页)"),
    "continuous": ("连续", "分节符(连续)"),
    "evenPage": ("偶数页", "even page"),
    "oddPage": ("奇数页", "odd page"),
    "nextColumn": ("新建栏", "next column"),
})

NUMBER_FORMAT = define("number_format", {
    "decimal": ("1, 2, 3", "阿拉伯数字", "arabic", "1,2,3"),
    "upperRoman": ("大写罗马数字", "roman upper"),
    "lowerRoman": ("小写罗马数字", "roman lower"),
    "upperLetter": ("大写字母",),
    "lowerLetter": ("小写字母",),
    "chineseCounting": ("一, 二, 三", "中文数字", "中文小写", "chineseCountingThousand"),
    "ideographTraditional": ("甲, 乙, 丙", "天干"),
    "ideographZodiac": ("子, 丑, 寅", "地支"),
    "chineseLegalSimplified": ("壹, 贰, 叁", "中文大写"),
    "decimalEnclosedCircle": ("①, ②, ③", "带圈数字", "decimalEnclosedCircleChinese"),
    "decimalFullWidth": ("１, ２, ３", "全角数字"),
    "decimalZero": ("01, 02, 03",),
    "numberInDash": ("- 1 -, - 2 -", "-1-", "带横线数字"),
    "bullet": ("项目符号", "符号"),
    "none": ("无",),
    "ordinal": ("1st, 2nd",),
    "cardinalText": ("One, Two",),
    "ordinalText": ("First, Second",),
})

WRAP_TYPE = define("wrap_type", {
    "inline": ("嵌入型", "in line with text", "嵌入"),
    "square": ("四周型", "四周型环绕", "wrapSquare"),
    "tight": ("紧密型", "紧密型环绕", "wrapTight"),
    "through": ("穿越型", "穿越型环绕", "wrapThrough"),
    "topAndBottom": ("上下型", "上下型环绕", "top and bottom", "wrapTopAndBottom"),
    "behind": ("衬于文字下方", "behind text", "behindDoc"),
    "inFront": ("浮于文字上方", "in front of text", "wrapNone"),
})

EMPHASIS_MARK = define("emphasis_mark", {
    "none": ("无", "无着重号"),
    "dot": ("着重号", "点", "·"),
    "comma": ("逗号",),
    "circle": ("圈", "圆圈"),
    "underDot": ("下点",),
})

DROP_CAP = define("drop_cap", {
    "none": ("无",),
    "drop": ("下沉", "dropped", "首字下沉"),
    "margin": ("悬挂", "in margin", "首字悬挂"),
})

OUTLINE_LEVEL = define("outline_level", {
    "1": ("level 1", "1级", "1 级", "一级", "level1"),
    "2": ("level 2", "2级", "2 级", "二级", "level2"),
    "3": ("level 3", "3级", "3 级", "三级", "level3"),
    "4": ("level 4", "4级", "4 级", "四级", "level4"),
    "5": ("level 5", "5级", "5 级", "五级", "level5"),
    "6": ("level 6", "6级", "6 级", "六级", "level6"),
    "7": ("level 7", "7级", "7 级", "七级", "level7"),
    "8": ("level 8", "8级", "8 级", "八级", "level8"),
    "9": ("level 9", "9级", "9 级", "九级", "level9"),
    "body_text": ("body text", "正文文本", "body", "正文"),
})

# Built-in style names (the lower-case English name Word writes in w:name) and the Chinese
# UI names Word shows. Style names compare through this table without regard to case.
BUILTIN_STYLES = define("builtin_style", {
    "normal": ("正文", "Normal"),
    "heading 1": ("标题 1", "标题1", "Heading1"),
    "heading 2": ("标题 2", "标题2", "Heading2"),
    "heading 3": ("标题 3", "标题3", "Heading3"),
    "heading 4": ("标题 4", "标题4", "Heading4"),
    "heading 5": ("标题 5", "标题5", "Heading5"),
    "heading 6": ("标题 6", "标题6", "Heading6"),
    "heading 7": ("标题 7", "标题7", "Heading7"),
    "heading 8": ("标题 8", "标题8", "Heading8"),
    "heading 9": ("标题 9", "标题9", "Heading9"),
    "title": ("标题", "Title"),
    "subtitle": ("副标题", "Subtitle"),
    "toc 1": ("目录 1", "TOC1"),
    "toc 2": ("目录 2", "TOC2"),
    "toc 3": ("目录 3", "TOC3"),
    "toc heading": ("TOC 标题", "目录标题", "TOCHeading"),
    "caption": ("题注", "Caption"),
    "header": ("页眉",),
    "footer": ("页脚",),
    "footnote text": ("脚注文本", "FootnoteText"),
    "endnote text": ("尾注文本", "EndnoteText"),
    "list paragraph": ("列出段落", "ListParagraph"),
    "quote": ("引用", "Quote"),
    "intense quote": ("明显引用", "IntenseQuote"),
    "no spacing": ("无间隔", "NoSpacing"),
    "strong": ("要点", "Strong"),
    "emphasis": ("强调", "Emphasis"),
    "hyperlink": ("超链接", "Hyperlink"),
    "table grid": ("网格型", "TableGrid", "网格表"),
    "normal table": ("普通表格", "TableNormal"),
    "default paragraph font": ("默认段落字体", "DefaultParagraphFont"),
    "body text": ("正文文本", "BodyText"),
    "body text indent": ("正文文本缩进", "BodyTextIndent"),
    "plain text": ("纯文本", "PlainText"),
    "book title": ("书籍标题", "BookTitle"),
})
