"""Excel vocabularies: chart types and groupings, legend positions (shared with PowerPoint
charts), conditional-format rule types and operators, validation types, cell border styles
and pivot-table summary functions, with their zh-CN UI names."""

from officeeval.vocabulary import define

CHART_TYPE = define("chart_type", {
    "column": ("柱形图", "柱形", "簇状柱形图", "柱状图", "col", "column chart", "bar chart (vertical)"),
    "bar": ("条形图", "条形", "簇状条形图", "horizontal bar"),
    "line": ("折线图", "折线", "带数据标记的折线图", "line chart"),
    "pie": ("饼图", "饼", "三维饼图", "复合饼图", "pie chart"),
    "doughnut": ("圆环图", "圆环", "donut", "doughnut chart"),
    "area": ("面积图", "面积", "area chart"),
    "scatter": ("散点图", "XY散点图", "xy", "xy scatter", "散点"),
    "radar": ("雷达图", "雷达", "radar chart"),
    "bubble": ("气泡图", "气泡"),
    "stock": ("股价图",),
    "surface": ("曲面图",),
})

CHART_GROUPING = define("chart_grouping", {
    "clustered": ("簇状", "cluster", "grouped"),
    "stacked": ("堆积", "stack"),
    "percentStacked": ("百分比堆积", "percent", "100%堆积", "percent stacked", "100% stacked"),
    "standard": ("标准", "normal", "default"),
})

LEGEND_POSITION = define("legend_position", {
    "right": ("靠右", "右", "右侧", "r"),
    "left": ("靠左", "左", "左侧", "l"),
    "top": ("顶部", "靠上", "上", "上方", "t"),
    "bottom": ("底部", "靠下", "下", "下方", "b"),
    "top_right": ("右上", "右上角", "tr", "topright"),
    "none": ("无", "不显示", "hidden", "关闭", "no legend"),
})

CF_TYPE = define("cf_type", {
    "cellIs": ("单元格值", "突出显示单元格规则", "cell value", "cell_is"),
    "expression": ("公式", "使用公式确定要设置格式的单元格", "formula", "使用公式"),
    "colorScale": ("色阶", "color scale"),
    "dataBar": ("数据条", "data bar", "databar"),
    "iconSet": ("图标集", "icon set"),
    "top10": ("项目选取规则", "前10项", "最前/最后规则", "top/bottom", "top 10", "rank"),
    "aboveAverage": ("高于平均值", "平均值", "above average", "average"),
    "duplicateValues": ("重复值", "duplicate", "duplicates"),
    "uniqueValues": ("唯一值", "unique"),
    "containsText": ("文本包含", "包含文本", "contains text", "text contains"),
    "notContainsText": ("文本不包含", "不包含文本"),
    "beginsWith": ("开头是", "始于", "begins with"),
    "endsWith": ("结尾是", "止于", "ends with"),
    "containsBlanks": ("空值", "包含空值", "blanks"),
    "notContainsBlanks": ("无空值", "非空值", "no blanks"),
    "containsErrors": ("错误", "包含错误", "errors"),
    "notContainsErrors": ("无错误", "no errors"),
    "timePeriod": ("发生日期", "日期", "a date occurring", "time period"),
})

CF_OPERATOR = define("cf_operator", {
    "between": ("介于",),
    "notBetween": ("未介于", "not between"),
    "equal": ("等于", "=", "==", "eq"),
    "notEqual": ("不等于", "!=", "<>", "ne"),
    "greaterThan": ("大于", ">", "gt"),
    "lessThan": ("小于", "<", "lt"),
    "greaterThanOrEqual": ("大于或等于", "大于等于", ">=", "ge"),
    "lessThanOrEqual": ("小于或等于", "小于等于", "<=", "le"),
    "containsText": ("包含", "contains"),
    "notContains": ("不包含", "not contains", "notContainsText"),
    "beginsWith": ("开头是", "始于"),
    "endsWith": ("结尾是", "止于"),
    "top": ("前", "最大", "值最大", "最前"),
    "bottom": ("后", "最小", "值最小", "最后"),
    "above": ("高于平均值", "above average"),
    "below": ("低于平均值", "below average"),
    "equalOrAbove": ("等于或高于平均值",),
    "equalOrBelow": ("等于或低于平均值",),
    "duplicate": ("重复",),
    "unique": ("唯一",),
    "today": ("今天",),
    "yesterday": ("昨天",),
    "tomorrow": ("明天",),
    "last7Days": ("最近7天", "最近 7 天"),
    "thisWeek": ("本周",),
    "lastWeek": ("上周",),
    "nextWeek": ("下周",),
    "thisMonth": ("本月",),
    "lastMonth": ("上月",),
    "nextMonth": ("下月",),
})

VALIDATION_TYPE = define("validation_type", {
    "whole": ("整数", "integer", "whole number"),
    "decimal": ("小数", "decimal number"),
    "list": ("序列", "列表", "下拉列表", "下拉"),
    "date": ("日期",),
    "time": ("时间",),
    "textLength": ("文本长度", "text length", "length"),
    "custom": ("自定义", "formula"),
    "any": ("任何值", "none", "any value"),
})

VALIDATION_ERROR_STYLE = define("validation_error_style", {
    "stop": ("停止",),
    "warning": ("警告",),
    "information": ("信息", "info"),
})

EXCEL_BORDER_STYLE = define("excel_border_style", {
    "none": ("无", "无边框", "no border", "nil"),
    "thin": ("细实线", "实线", "单实线", "细线", "single", "solid"),
    "medium": ("中等", "中实线", "中等粗细", "中粗"),
    "thick": ("粗实线", "粗线", "粗"),
    "double": ("双实线", "双线", "双线条"),
    "dotted": ("点线", "点虚线", "dot"),
    "dashed": ("虚线", "dash"),
    "hair": ("极细线", "hairline"),
    "mediumDashed": ("中虚线", "粗虚线"),
    "dashDot": ("点划线", "dotDash"),
    "mediumDashDot": ("中点划线", "粗点划线"),
    "dashDotDot": ("双点划线", "dotDotDash"),
    "mediumDashDotDot": ("中双点划线", "粗双点划线"),
    "slantDashDot": ("斜点划线",),
})

PIVOT_FUNCTION = define("pivot_function", {
    "sum": ("求和", "求和项", "总和", "合计"),
    "count": ("计数", "计数项", "个数"),
    "average": ("平均值", "平均值项", "平均", "avg", "mean"),
    "max": ("最大值", "最大值项", "最大"),
    "min": ("最小值", "最小值项", "最小"),
    "product": ("乘积",),
    "countNums": ("数值计数", "count numbers"),
    "stdDev": ("标准偏差", "stdev"),
    "stdDevp": ("总体标准偏差", "stdevp"),
    "var": ("方差",),
    "varp": ("总体方差",),
})
