"""The hand review of the drafted rubric (draft.xml -> rubrics/ppt-l2-farm.xml); why each
edit: NOTES.md. Applied by ``python samples/review.py ppt-l2-farm``."""

SMART = "slide[title='建设历程']/smartart"
FAQ = "slide[title='常见问题']"
BAR = "master[1]/shape[name='顶部色条']"


def EDITS(root, r):
    r.attach(root, *(f"../samples/ppt-l2-farm/example-{i}.png" for i in (1, 2, 3, 4)))
    # Restatements: slide 1's background (the layout's, graded on the layout), every body
    # paragraph's font (the master's; the bodies' shape-level check stays), the links'
    # shape-level copies (the paragraphs' are kept), the placeholders' texts (footer.text
    # and slide.date.text grade them; a slide number's text is the number).
    for cid in ("c03", "c35", "c15", "c25", "c16"):
        r.drop(root, cid)
    # One mistake, one charge: the master's title and body formatting (step 1) are graded on
    # the master; every slide's copy restated it (a wrong master colour cost three
    # criteria). Slide 1's title keeps what step 4 asks (48 pt).
    r.drop(root, "c13")
    r.drop(root, "c14")
    r.drop(root, "c12", "font.bold", "font.color", "font.east_asia")
    r.reselect(root, "slide[title='青禾智慧农业示范园']/shape[name='Title 1']",
               "slide[1]/title")
    # Slides as the instruction names them: step 11 every slide but the title slide (the
    # first), step 15's sections by slide numbers. A slide found by its title charged a
    # changed title (step 17) to those steps too.
    shown = (("slide.date.visible", "true"), ("slide.date.kind", "固定"),
             ("slide.footer.visible", "true"), ("slide.number.visible", "true"))
    r.replace_checks(root, "c06", ["footer.text", "slide.date.text", *[p for p, _ in shown]],
                     [{"select": "slide[2..]", "property": "footer.text",
                       "expected": "青禾智慧农业示范园", "normalize": "space"},
                      {"select": "slide[2..]", "property": "slide.date.text",
                       "expected": "2026年12月", "normalize": "space"}]
                     + [{"select": "slide[2..]", "property": p, "expected": v}
                        for p, v in shown])
    for cid in ("c04", "c07", "c08", "c09", "c11"):
        r.drop(root, cid, "slide.section")
    for rng, name in (("1..2", "封面与目录"), ("3..6", "项目概况"), ("7..10", "成效与问答"),
                      ("11..12", "展望")):
        r.check(root, "c02", select=f"slide[{rng}]", property="slide.section", expected=name)
    r.describe(root, "c12", "第 1 张幻灯片的标题字号为 48 磅")
    # Given by the pictures: colours within what a person tells apart (ΔE00 5).
    for cid, prop in (("c42", "font.color"), ("c43", "slide.background.color"),
                      ("c22", "shape.fill.color")):
        r.change(root, cid, prop, op="approx", tolerance="5dE", origin="picture")
    r.change(root, "c22", "shape.geometry", origin="picture")
    # Values the words or pictures give (the audit's literal origins).
    for cid in ("c36", "c37", "c38", "c39", "c40"):
        r.change(root, cid, "hyperlink.target", origin="instruction",
                 reason="步骤 5：跳转到标题与该行文字相同的幻灯片")
    # "在左下方添加一个形状": where it is, not the reference's box.
    r.check(root, "c22", select="slide[title='常见问题']/shape[name='查看答案']",
            property="shape.region", op="in", expected="左下角|左侧")
    # The SmartArt's frame, found by the name the solution gave it and read twice (as a
    # shape and as a SmartArt): replaced by hand-written criteria on slide/smartart.
    for cid in ("c17", "c18", "c19"):
        r.drop(root, cid)
    # Not asked: the new shapes' fonts and paragraph settings, the answer box's look, the
    # button's and the action button's exact box, outline and text fit, the action button's
    # fill; effect durations (no step names one).
    for cid in ("c20", "c21", "c23", "c24", "c27"):
        r.drop(root, cid)
    r.drop(root, "c22", "shape.height", "shape.left", "shape.top", "shape.width",
           "shape.outline.color", "shape.outline.kind", "shape.text_fits")
    # The action button: its jump and its kind are one step (the audit finds no mistake in
    # a preset's geometry that the jump's check would not also see), so one criterion.
    r.drop(root, "c26")
    r.drop(root, "c28")
    for cid in ("c29", "c30", "c31", "c32", "c33", "c34"):
        r.drop(root, cid, "animation.duration")
    # Descriptions that named a dropped check.
    r.describe(root, "c22", "“常见问题”左下方的“查看答案”形状：圆角矩形、纯色填充，颜色同示例图")
    r.describe(root, "c29", "“核心技术”动画 1：标题单击时以“淡化”进入")
    for n, cid in enumerate(("c30", "c31", "c32", "c33"), start=1):
        r.describe(root, cid, f"“核心技术”动画 {n + 1}：正文第 {n} 段单击时以“擦除”（自底部）进入")
    r.describe(root, "c34", "“常见问题”动画：“答案”以“出现”进入，触发器为单击“查看答案”")
    # The pictured values weigh as steps of their own.
    r.points(root, "c42", 5)     # master title colour (example-1), font, bold
    r.points(root, "c43", 4)     # title layout background (example-2)
    r.points(root, "c22", 4)     # the button's shape and fill (example-4)
    r.add(root, "h1", "font", 2, "母版第一级正文的中文字体为仿宋",
          [{"select": "master[1]/placeholder[type='body']/paragraph[1]",
            "property": "font.east_asia", "expected": "仿宋"}],
          after="c42", note="added by hand: the drafter's check on the whole body placeholder "
          "was dropped (levels 2-5 keep the theme font); step 1 asks for the first level")
    r.add(root, "h2", "design", 5, "母版顶部色条：矩形、与幻灯片同宽、高 1 厘米、位于顶端、无轮廓，填充色同示例图",
          [{"select": BAR, "property": "shape.geometry", "expected": "矩形"},
           {"select": BAR, "property": "shape.fill.color", "op": "approx",
            "expected": "#8BC34A", "tolerance": "5dE", "origin": "picture"},
           {"select": BAR, "property": "shape.width", "op": "approx", "expected": "33.867cm",
            "tolerance": "0.05cm", "origin": "instruction",
            "reason": "步骤 2：与幻灯片同宽（幻灯片宽 33.867 厘米）"},
           {"select": BAR, "property": "shape.height", "op": "approx", "expected": "1cm",
            "tolerance": "0.01cm"},
           {"select": BAR, "property": "shape.top", "op": "approx", "expected": "0cm",
            "tolerance": "0.01cm", "origin": "instruction", "reason": "步骤 2：母版顶部"},
           {"select": BAR, "property": "shape.left", "op": "approx", "expected": "0cm",
            "tolerance": "0.01cm", "origin": "instruction",
            "reason": "步骤 2：与幻灯片同宽的色条从左边缘起"},
           {"select": BAR, "property": "shape.outline.kind", "expected": "无线条"}],
          after="h1", note="added by hand: step 2 (the drafter does not anchor shapes on the "
          "master); the fill colour is pictured in example-1")
    r.add(root, "h3", "smartart", 5, "“建设历程”的 SmartArt 布局同示例图（基本流程）",
          [{"select": SMART, "property": "smartart.layout", "expected": "基本流程",
            "origin": "picture"}],
          after="c12", note="added by hand: step 6's pictured layout, on whatever frame holds "
          "the SmartArt (the drafter selected it by the solution's frame name)")
    r.add(root, "h4", "smartart", 4, "SmartArt 颜色同示例图（彩色 - 个性色）",
          [{"select": SMART, "property": "smartart.colors", "expected": "彩色 - 个性色",
            "origin": "picture"}],
          after="h3", note="added by hand: step 6's pictured colours")
    r.add(root, "h5", "smartart", 3, "SmartArt 样式为中等效果，文字顺序与原文相同",
          [{"select": SMART, "property": "smartart.style", "expected": "中等效果"},
           {"select": SMART, "property": "smartart.nodes",
            "expected": "规划立项|基础建设|试运行|全面投产"}],
          after="h4", note="added by hand: step 6's stated style and the texts")
    r.add(root, "h6", "slide", 2, "“建设历程”的文字占位符已删除，幻灯片上只有一个 SmartArt",
          [{"select": "slide[title='建设历程']/placeholder[type='body']", "op": "count",
            "expected": "0"},
           {"select": SMART, "op": "count", "expected": "1"}],
          after="h5", note="added by hand: step 6's deletion (a target gone from a kept "
          "slide is not seen by the drafter)")
    r.add(root, "h7", "text", 2, "“常见问题”上“查看答案”形状和“答案”文本框的文字",
          [{"select": f"{FAQ}/shape[name='查看答案']", "property": "text",
            "expected": "查看答案"},
           {"select": f"{FAQ}/shape[name='答案']", "property": "text",
            "expected": "答：每周六上午开放，需提前在项目官网预约。", "normalize": "space,punct"}],
          after="c22", note="added by hand: step 9's texts (the drafter wrote them as "
          "expected-from=\"reference\" among the placeholders' texts, dropped)")
    r.add(root, "h8", "show", 3, "自定义放映“精简汇报”依次包含第 1、4、8、11 张幻灯片",
          [{"select": "custom_show('精简汇报')", "property": "custom_show.slides",
            "expected": "1|4|8|11"}],
          after="c01", note="added by hand: step 16's slides of the custom show (the drafter "
          "compares the presentation's properties, not a new custom show's)")
    r.add(root, "h9", "hyperlink", 3, "“联系我们”右下角的“动作按钮：结束”，单击时结束放映",
          [{"select": "slide[title='联系我们']/shape[name='结束放映']",
            "property": "hyperlink.action", "expected": "结束放映"},
           {"select": "slide[title='联系我们']/shape[name='结束放映']",
            "property": "shape.geometry", "expected_from": "reference"},
           {"select": "slide[title='联系我们']/shape[name='结束放映']",
            "property": "shape.region", "expected": "右下角"}],
          after="c41", note="added by hand: the drafter's jump (c26) and geometry (c28) of "
          "the action button as one criterion; its fill, outline and exact box are not asked")
    # The instruction step each criterion grades (the audit's double charges).
    r.steps(root, {
        "c01": "16", "h8": "16", "c02": "15", "c05": "7", "c06": "11", "c08": "12",
        "c10": "14", "c12": "4", "h3": "6", "h4": "6", "h5": "6", "h6": "6", "c22": "9",
        "h7": "9", "c29": "8", "c30": "8", "c31": "8", "c32": "8", "c33": "8", "c34": "10",
        "c36": "5", "c37": "5", "c38": "5", "c39": "5", "c40": "5", "c41": "13", "h9": "13",
        "c42": "1", "h1": "1", "h2": "2", "c43": "3", "c44": "3", "c45": "6", "c46": "8,10",
        "c47": "17"})
