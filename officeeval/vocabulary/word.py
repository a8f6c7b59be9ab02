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

# Tab stops (制表位): alignment and leader (ISO 29500 17.3.1.37, ST_TabJc, ST_TabTlc).
TAB_ALIGNMENT = define("tab_alignment", {
    "left": ("start", "左对齐", "左"),
    "center": ("居中", "居中对齐", "centre"),
    "right": ("end", "右对齐", "右"),
    "decimal": ("小数点对齐", "小数点"),
    "bar": ("竖线对齐", "竖线"),
})
TAB_LEADER = define("tab_leader", {
    "none": ("无", "no leader"),
    "dot": ("dots", "点", "dotted", "点线"),
    "hyphen": ("dash", "dashes", "短划线", "虚线"),
    "underscore": ("underline", "实线", "下划线"),
    "heavy": ("粗线",),
    "middleDot": ("middle_dot", "中点"),
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

NUMBER_SUFFIX = define("number_suffix", {
    "tab": ("制表符", "tab character"),
    "space": ("空格", "space character"),
    "nothing": ("不特别标注", "无", "none", "不标注"),
})

GUTTER_POSITION = define("gutter_position", {
    "left": ("靠左", "左", "左侧"),
    "top": ("靠上", "上", "顶部", "上侧"),
    "right": ("靠右", "右", "右侧"),
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

# Built-in table styles of Word 2013+ (English w:name, Chinese UI name). Generated from the
# gallery's regular naming: "Grid Table 4 Accent 1" is 网格表 4 - 着色 1.
_TABLE_GALLERY = {"Grid Table": "网格表", "List Table": "清单表"}
_TABLE_VARIANTS = {1: (" Light", " 浅色"), 2: ("", ""), 3: ("", ""), 4: ("", ""),
                   5: (" Dark", " 深色"), 6: (" Colorful", " 彩色"), 7: (" Colorful", " 彩色")}
_TABLE_STYLES: dict[str, tuple[str, ...]] = {}
for _en, _zh in _TABLE_GALLERY.items():
    for _n, (_en_v, _zh_v) in _TABLE_VARIANTS.items():
        _TABLE_STYLES[f"{_en.lower()} {_n}{_en_v.lower()}"] = (f"{_zh} {_n}{_zh_v}",)
        for _a in range(1, 7):
            _TABLE_STYLES[f"{_en.lower()} {_n}{_en_v.lower()} accent {_a}"] = (
                f"{_zh} {_n}{_zh_v} - 着色 {_a}", f"{_zh} {_n}{_zh_v} 着色 {_a}")
for _n in range(1, 6):
    _TABLE_STYLES[f"plain table {_n}"] = (f"无格式表格 {_n}", f"简单表格 {_n}")
_TABLE_STYLES["table grid light"] = ("网格型浅色",)
# Word 2007/2010 table styles.
for _en, _zh in {"light shading": "浅色底纹", "light list": "浅色列表", "light grid": "浅色网格",
                 "medium shading 1": "中等深浅底纹 1", "medium shading 2": "中等深浅底纹 2",
                 "medium list 1": "中等深浅列表 1", "medium list 2": "中等深浅列表 2",
                 "medium grid 1": "中等深浅网格 1", "medium grid 2": "中等深浅网格 2",
                 "medium grid 3": "中等深浅网格 3", "dark list": "深色列表",
                 "colorful shading": "彩色底纹", "colorful list": "彩色列表",
                 "colorful grid": "彩色网格"}.items():
    _TABLE_STYLES[_en] = (_zh,)
    for _a in range(1, 7):
        _TABLE_STYLES[f"{_en} accent {_a}"] = (f"{_zh} - 强调文字颜色 {_a}",
                                              f"{_zh} - 着色 {_a}")

# More built-in paragraph and character styles (w:name as Word writes it, Chinese UI names).
_MORE_STYLES = {
    "toc 4": ("目录 4", "TOC4"), "toc 5": ("目录 5", "TOC5"), "toc 6": ("目录 6", "TOC6"),
    "toc 7": ("目录 7", "TOC7"), "toc 8": ("目录 8", "TOC8"), "toc 9": ("目录 9", "TOC9"),
    "table of figures": ("图表目录", "TableofFigures"),
    "footnote reference": ("脚注引用", "FootnoteReference"),
    "endnote reference": ("尾注引用", "EndnoteReference"),
    "annotation text": ("批注文字", "CommentText"),
    "annotation reference": ("批注引用", "CommentReference"),
    "balloon text": ("批注框文本", "BalloonText"),
    "page number": ("页码", "PageNumber"),
    "line number": ("行号", "LineNumber"),
    "list bullet": ("列表项目符号", "ListBullet"),
    "list number": ("列表编号", "ListNumber"),
    "list": ("列表",),
    "list continue": ("列表接续",),
    "normal (web)": ("普通(网站)", "NormalWeb", "普通（网站）"),
    "normal indent": ("正文缩进", "NormalIndent"),
    "intense emphasis": ("明显强调", "IntenseEmphasis"),
    "subtle emphasis": ("不明显强调", "SubtleEmphasis"),
    "subtle reference": ("不明显参考", "SubtleReference"),
    "intense reference": ("明显参考", "IntenseReference"),
    "followedhyperlink": ("已访问的超链接", "FollowedHyperlink"),
    "document map": ("文档结构图", "DocumentMap"),
    "date": ("日期",),
    "salutation": ("称呼",),
    "closing": ("结束语",),
    "signature": ("签名",),
    "block text": ("文本块", "BlockText"),
    "body text 2": ("正文文本 2", "BodyText2"),
    "body text 3": ("正文文本 3", "BodyText3"),
    "body text first indent": ("正文首行缩进", "BodyTextFirstIndent"),
    "index 1": ("索引 1", "Index1"),
    "index heading": ("索引标题", "IndexHeading"),
    "macro": ("宏文本", "MacroText"),
    "envelope address": ("信封地址", "EnvelopeAddress"),
    "envelope return": ("寄信人地址", "EnvelopeReturn"),
    "no list": ("无列表", "NoList"),
    "html preformatted": ("HTML 预设格式", "HTMLPreformatted"),
}


# Built-in style names (the lower-case English name Word writes in w:name) and the Chinese
# UI names Word shows. Style names compare through this table without regard to case.
BUILTIN_STYLES = define("builtin_style", {**_MORE_STYLES, **_TABLE_STYLES, **{
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
}})


SPECIAL_INDENT = define("special_indent", {
    "none": ("无", "(无)", "no special"),
    "first_line": ("首行缩进", "首行", "first line", "firstLine"),
    "hanging": ("悬挂缩进", "悬挂", "hanging indent"),
})

CAPTION_POSITION = define("caption_position", {
    "above": ("上方", "所选项目上方", "above selected item", "top"),
    "below": ("下方", "所选项目下方", "below selected item", "bottom"),
})

ROW_HEIGHT_RULE = define("row_height_rule", {
    "auto": ("自动",),
    "at_least": ("atLeast", "最小值", "至少", "at least"),
    "exact": ("exactly", "固定值", "固定", "exact"),
})

WATERMARK_KIND = define("watermark_kind", {
    "text": ("文字水印", "文字", "text watermark"),
    "picture": ("图片水印", "图片", "picture watermark", "image"),
    "none": ("无水印", "无", "no watermark"),
})

WATERMARK_LAYOUT = define("watermark_layout", {
    "diagonal": ("斜式", "倾斜", "diagonal"),
    "horizontal": ("水平", "水平式"),
})

MAIL_MERGE_TYPE = define("mail_merge_type", {
    "formLetters": ("信函", "letters", "form letters", "letter"),
    "mailingLabels": ("标签", "labels", "mailing labels"),
    "envelopes": ("信封", "envelope"),
    "catalog": ("目录", "directory"),
    "email": ("电子邮件", "电子邮件合并", "e-mail"),
    "fax": ("传真",),
})
