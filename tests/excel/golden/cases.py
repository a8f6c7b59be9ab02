"""Golden cases on corpus workbooks: (file, selector, property). The expected values live in
``expected.json`` next to this file, each with the XML it was checked against (``xml``):
the cell element for cell cases, the element that decides the value otherwise.
Regenerate candidates with ``python tests/excel/golden/make_expected.py`` and review every
changed value against its XML before committing."""

CASES = {
    "poi__shared_formulas.xlsx": [
        ("'Label'!A2", "cell.formula"), ("'Label'!A41", "cell.formula"),
        ("'Label'!A41", "cell.value"), ("'Label'!A41", "cell.has_formula"),
        ("'Label'!B41", "cell.has_formula"), ("sheet('Label')/column('A')", "column.width"),
        ("sheet('Label')/row(2)", "row.height"),
    ],
    "poi__57196.xlsx": [
        ("'Feuil1'!B3", "cell.formula"), ("'Feuil1'!C3", "cell.formula"),
        ("'Feuil1'!C3", "cell.functions"), ("'Feuil1'!C3", "cell.references"),
        ("workbook", "workbook.sheet_names"),
    ],
    "poi__DateFormatTests.xlsx": [
        ("'Tests'!A4", "cell.value"), ("'Tests'!A4", "cell.formula"),
        ("'Tests'!C2", "cell.number_format"), ("'Tests'!C2", "cell.display"),
        ("'Tests'!C2", "cell.value"), ("sheet('Tests')", "sheet.freeze"),
    ],
    "poi__ElapsedFormatTests.xlsx": [
        ("'Tests'!A2", "cell.value"), ("'Tests'!A2", "cell.formula"),
    ],
    "poi__MatrixFormulaEvalTestData.xlsx": [
        ("'Sheet1'!H2", "cell.formula"), ("'Sheet1'!I3", "cell.formula"),
        ("'Sheet1'!I3", "cell.has_formula"), ("'Sheet1'!H10", "cell.value"),
        ("'Sheet1'!H6", "cell.functions"),
    ],
    "poi__StructuredReferences.xlsx": [
        ("'Table'!A2", "cell.references"), ("'Table'!A2", "cell.value"),
        ("'Formulas'!A1", "cell.functions"), ("'Formulas'!A2", "cell.value"),
        ("table", "table.name"), ("table", "table.range"),
    ],
    "poi__VLookupFullColumn.xlsx": [
        ("'Sheet1'!B4", "cell.references"), ("'Sheet1'!B4", "cell.value"),
        ("'Sheet1'!B6", "cell.formula"), ("'Sheet1'!B6", "cell.value"),
    ],
    "poi__55906-MultiSheetRefs.xlsx": [
        ("'Sheet1'!A3", "cell.references"), ("'Sheet1'!H3", "cell.value"),
        ("'Sheet1'!I6", "cell.formula"),
    ],
    "poi__ConditionalFormattingSamples.xlsx": [
        ("sheet('Products1')/conditional_format", "cf.type"),
        ("sheet('Products1')/conditional_format", "cf.range"),
        ("sheet('Products1')/conditional_format", "cf.operator"),
        ("sheet('Products1')/conditional_format", "cf.fill.color"),
        ("sheet('Products2')/validation", "validation.list"),
        ("sheet('Products2')/validation", "validation.range"),
        ("sheet('Book tour')/conditional_format", "cf.type"),
        ("sheet('Book tour')/conditional_format", "cf.rank"),
    ],
    "oxsdk__basicspreadsheet.xlsx": [
        ("sheet('Sheet1')/conditional_format", "cf.type"),
        ("sheet('Sheet1')/conditional_format", "cf.operator"),
        ("sheet('Sheet1')/conditional_format", "cf.formula"),
        ("sheet('Sheet1')/conditional_format", "cf.fill.color"),
        ("sheet('Sheet1')/conditional_format", "cf.font.color"),
        ("sheet('Sheet1')", "sheet.tab_color"), ("sheet('Sheet2')", "sheet.tab_color"),
        ("pivot", "pivot.source"), ("pivot", "pivot.rows"), ("pivot", "pivot.values"),
        ("table", "table.style"), ("table", "table.range"),
    ],
    "oxsdk__pivot5.xlsx": [
        ("pivot", "pivot.name"), ("pivot", "pivot.source"), ("pivot", "pivot.location"),
        ("pivot", "pivot.rows"), ("pivot", "pivot.values"),
    ],
    "poi__WithChartSheet.xlsx": [
        ("chart", "chart.type"), ("chart", "chart.grouping"), ("chart", "chart.title"),
        ("chart", "chart.sheet"), ("chart", "chart.series.value_refs"),
        ("sheet('Chart2')", "sheet.index"), ("pivot", "pivot.columns"),
    ],
    "poi__WithThreeCharts.xlsx": [
        ("chart", "chart.type"), ("chart", "chart.title"), ("chart", "chart.series.names"),
        ("chart", "chart.series.values"), ("chart", "chart.anchor"), ("chart", "chart.sheet"),
        ("name", "name.refers_to"),
    ],
    "poi__SimpleScatterChart.xlsx": [
        ("chart", "chart.type"), ("chart", "chart.legend.position"),
        ("chart", "chart.series.categories"), ("chart", "chart.sheet"),
    ],
    "poi__chartTitle_withTitle.xlsx": [
        ("chart", "chart.title"), ("chart", "chart.legend.position"), ("chart", "chart.anchor"),
    ],
    "poi__50784-font_theme_colours.xlsx": [
        ("'Лист1'!A1", "font.color"), ("'Лист1'!A2", "font.color"),
        ("'Лист1'!A1", "font.name"), ("'Лист1'!A1", "font.size"),
    ],
    "poi__Themes2.xlsx": [
        # Column A names the theme slot its font color uses; column E names its fill.
        ("'Sheet1'!A2:A13", "cell.value"), ("'Sheet1'!A2:A13", "font.color"),
        ("'Sheet1'!E2:E8", "cell.value"), ("'Sheet1'!E2:E8", "cell.fill.color"),
    ],
    "poi__1_NoIden.xlsx": [
        ("'시트_테스트(1)'!B2:D2", "cell.merged"), ("'시트_테스트(1)'!C2", "cell.merge_range"),
        ("'시트_테스트(1)'!B2", "cell.span"), ("'시트_테스트(1)'!B2", "cell.value"),
        ("'시트_테스트(1)'!D7", "cell.merge_range"),
    ],
    "poi__47813.xlsx": [
        ("sheet('Numbers')", "sheet.freeze"), ("chart", "chart.series.names"),
        ("chart", "chart.sheet"), ("chart", "chart.type"),
    ],
    "poi__stress002.xlsx": [
        ("sheet('CS Worksheet')/validation[1]", "validation.type"),
        ("sheet('CS Worksheet')/validation[1]", "validation.range"),
        ("sheet('CS Worksheet')/validation[1]", "validation.list"),
        ("name('Schedules')", "name.refers_to"),
    ],
}
