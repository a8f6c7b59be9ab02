"""The hand review of the drafted rubric (draft.xml -> rubrics/ppt-l2-festival.xml); why
each edit: NOTES.md. Applied by ``python samples/review.py ppt-l2-festival``."""


def EDITS(root, r):
    r.attach(root, *(f"../samples/ppt-l2-festival/example-{i}.png" for i in (1, 2)))
    # Restatements of the master: every layout's background, the footer placeholders'
    # fonts, every body paragraph's font (the bodies' shape-level check stays).
    r.drop(root, "c30")
    r.drop(root, "c14")
    r.drop(root, "c26")
    # Not asked: the chart's exact position and size; the link's shape-level copy (the
    # paragraph's is kept); the action button's fill, font and text layout.
    r.drop(root, "c16")
    r.drop(root, "c17")
    r.drop(root, "c18")
    r.drop(root, "c20")
    r.drop(root, "c21", "shape.fill.color", "shape.fill.kind")
    # "Appear" has no duration to grade.
    r.drop(root, "c22", "animation.duration")
    # The pictured values weigh as steps of their own.
    r.points(root, "c28", 5)     # master background (example-1)
    r.points(root, "c29", 6)     # master title colour, font, size (example-1 + stated)
    r.points(root, "c15", 8)     # chart type, legend, labels (example-2 + stated)
    r.add(root, "h1", "font", 3, "母版正文的中文字体为微软雅黑",
          [{"select": "master[1]/placeholder[type='body']/paragraph[1]",
            "property": "font.east_asia", "expected": "微软雅黑"}],
          after="c29", note="added by hand: the drafter's check on the whole body placeholder "
          "was dropped (levels 2-5 keep the theme font), its first level is what step 1 asks")
    r.add(root, "h2", "slide", 3, "“客流统计”的文字占位符已删除",
          [{"select": "slide[title='客流统计']/placeholder[type='body']", "op": "count",
            "expected": "0"},
           {"select": "slide[title='客流统计']/chart", "op": "count", "expected": "1"}],
          after="c15", note="added by hand: step 4's deletion (a target gone from a kept "
          "slide is not seen by the drafter)")
