"""Golden cases: for each corpus presentation, the (selector, property) pairs whose values
are checked in ``expected.json``. Every expected value was verified by reading the
presentation's XML (see the comment beside each file for what was checked)."""

CASES: dict[str, list[tuple[str, str]]] = {
    # p:sldIdLst, layout names via rels, title text, master title size and theme font.
    "pypptx__ph-inherit-props.pptx": [
        ("presentation", "slide.count"), ("slide", "slide.layout"),
        ("slide[1]/title", "text"), ("slide[1]/title", "font.size"),
        ("slide[1]/title", "font.name"), ("slide[1]/title", "paragraph.alignment"),
        ("slide[1]/title", "shape.left"), ("slide[1]/placeholder[type='body']", "font.size"),
        ("slide[1]/placeholder[type='body']", "shape.geometry"),
    ],
    # Latin and East Asian faces set on runs; theme fonts for the plain text box.
    "pypptx__txt-font-typeface.pptx": [
        ("slide[1]/textbox", "font.name"), ("slide[1]/textbox", "font.east_asia"),
        ("slide[1]/textbox", "font.size"), ("slide[1]/textbox[2]", "paragraph.alignment"),
    ],
    # Layout names and types of ten slides.
    "poi__layouts.pptx": [("slide", "slide.layout"), ("slide", "slide.layout_type"),
                          ("slide", "slide.title")],
    # Legacy transitions with speeds and directions.
    "poi__keyframes.pptx": [("slide[1..8]", "transition.type"),
                            ("slide[1..8]", "transition.duration"),
                            ("slide[1..8]", "transition.direction")],
    # p14 transition in AlternateContent (beta namespace: Fallback) and a motion path.
    "oxsdk__animation.pptx": [("slide", "transition.type"), ("slide", "transition.duration"),
                              ("slide[2]/animation", "animation.class"),
                              ("slide[2]/animation", "animation.effect"),
                              ("slide[2]/animation", "animation.duration")],
    # Fly-in by paragraph: effects in order, targets and paragraphs.
    "oxsdk__typical.pptx": [("slide[2]/animation", "animation.effect"),
                            ("slide[2]/animation", "animation.trigger"),
                            ("slide[2]/animation", "animation.direction"),
                            ("slide[2]/animation", "animation.target"),
                            ("slide[2]/animation", "animation.paragraph"),
                            ("slide[8]/table", "table.rows"),
                            ("slide[8]/table", "table.columns")],
    # Fly in by letter.
    "oxsdk__Text_withEffects_100chars_Animation_Fly_In_by_letter.pptx": [
        ("slide[1]/animation", "animation.effect"), ("slide[1]/animation", "animation.trigger"),
        ("slide[1]/animation", "animation.duration")],
    # Chart animation by category.
    "oxsdk__Chart_3D_Column_Animation_Fly_In_by_element_in_category.pptx": [
        ("slide[1]/chart", "chart.type"), ("slide[1]/animation", "animation.effect"),
        ("slide[1]/animation", "animation.trigger")],
    # SmartArt layouts and nodes.
    "oxsdk__Bug571679_Brownbag.pptx": [("slide/smartart", "smartart.layout_id"),
                                       ("slide/smartart", "smartart.layout"),
                                       ("slide/smartart", "smartart.nodes")],
    "oxsdk__O12Typical.pptx": [("slide/smartart", "smartart.layout_id"),
                               ("slide/smartart", "smartart.nodes"),
                               ("slide/chart", "chart.type"), ("slide/table", "table.rows")],
    "poi__60810.pptx": [("slide/smartart", "smartart.layout"),
                        ("slide/smartart", "smartart.nodes")],
    # Tables: style from tableStyles.xml / GUID, cells.
    "poi__table-with-theme.pptx": [("slide[1]/table", "table.style"),
                                   ("slide[1]/table", "table.rows"),
                                   ("slide[1]/table", "table.columns"),
                                   ("slide[1]/table/cell(1,1)", "cell.text")],
    "poi__shapes.pptx": [("slide/table", "table.style"), ("slide/table", "table.rows"),
                         ("slide[1]/shape", "shape.kind")],
    # Charts read with the shared chart reader.
    "poi__bar-chart.pptx": [("slide[1]/chart", "chart.type"), ("slide[1]/chart", "chart.title"),
                            ("slide[1]/chart", "chart.series.names"),
                            ("slide[1]/chart", "chart.series.values")],
    "poi__line-chart.pptx": [("slide[1]/chart", "chart.type"),
                             ("slide[1]/chart", "chart.series.count")],
    "pypptx__cht-chart-type.pptx": [("slide/chart", "chart.type")],
    # East Asian text (Simplified and Traditional Chinese) through the master.
    "oxsdk__AllSlidesConverterSC.pptx": [("slide[1]/title", "text"),
                                         ("slide[1]/title", "font.east_asia"),
                                         ("slide[1]/title", "font.size"),
                                         ("slide", "notes.text")],
    "oxsdk__AllSlidesConverterTC.pptx": [("slide[1]/title", "font.east_asia")],
    "poi__templatePPTWithOnlyOneText.pptx": [("slide[1]/shape", "text"),
                                             ("slide[1]/shape", "font.east_asia"),
                                             ("slide[1]/shape", "font.size")],
    # Header/footer placeholders.
    "poi__bug58144-headers-footers-2007.pptx": [("slide[1]", "slide.footer.visible"),
                                                ("slide[1]", "slide.number.visible"),
                                                ("slide[1]", "slide.date.visible"),
                                                ("slide[1]", "footer.text")],
    # Backgrounds, slide size, theme.
    "poi__WithMaster.pptx": [("slide", "slide.background.kind"),
                             ("presentation", "presentation.slide_size"),
                             ("presentation", "theme.name"),
                             ("presentation", "theme.font.major")],
}
