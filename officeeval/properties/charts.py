"""The ``chart.*`` properties, declared once for the three applications: a chart is the same
DrawingML part (``c:chartSpace``) in an Excel sheet, a Word document and on a slide, read with
``officeeval.ooxml.charts`` and written with the setters of ``officeeval.ooxml.chart_edit``.

Each property is one declaration here: its name, value type and documentation, its reader
(a function of the application's chart, below), the name of its setter in ``chart_edit``
(imported when a chart is first written: grading never loads it), the applications that
read it and the audit's planner of it (``plan=``, a kind of ``audit.mutators.chart_mistakes``;
``plan_apps``: the applications whose audit plans it, when not all of them). An application
binds the whole family with ``bind_charts``, giving only how it finds a target's chart
(``chart_of``) and its chart part (``part_of``).

The chart an application gives its readers (``chart_of(target)``) holds ``info`` (the
``ChartInfo``) and says what the values its cache may lack are: ``title()``,
``series_names()``, ``first_values()``, ``first_categories()`` and, where cells are read,
``all_values()`` (each an ``Observation`` or ``None``). Word and PowerPoint charts read their
cache only (``CachedChart``: their numbers live in an embedded workbook, which grading does
not open); Excel's read the sheet's cells where the cache is missing
(``officeeval.excel.resolve_objects``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

from officeeval import vocabulary
from officeeval.ooxml.charts import ChartInfo
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet, catalog_text
from officeeval.properties.drafting import Drafting
from officeeval.properties.mistakes import Plan, cycled, on_first
from officeeval.properties.writing import Session
from officeeval.targets import Target
from officeeval.values import Observation

ALL_APPS = ("word", "excel", "ppt")


class MarkerListType(T.ListType):
    """Marker symbols in series order; they compare by meaning (``圆形`` = ``circle``)."""

    def _k(self, item: Any) -> str:
        text = T.normalize_text(str(item))
        return (vocabulary.get("marker_symbol").canonical(text) or text).casefold()


ITEMS = T.ListType(name="list", description="items separated by |")
MARKERS = MarkerListType(name="markers", ordered=True,
                         description="marker symbols in series order, e.g. circle|none "
                                     "(圆形, 无 accepted)")
# The type of spreadsheet references, which the application holding their grammar supplies
# when it binds the family (``bind_charts(..., defines={REFERENCES: ...})``).
REFERENCES = "references"


def direct(value: Any) -> Observation | None:
    """``value`` as what the chart part says, with nothing inherited; ``None`` for none."""
    return Observation(value, "direct") if value is not None else None


def number_text(v: float | None) -> str:
    """A cached chart number as text: 15 significant digits, so 8.200000000000001 reads 8.2
    and 1234567 stays 1234567 (``:g`` would give 1.23457e+06); ``""`` for a gap."""
    return "" if v is None else f"{v:.15g}"


class CachedChart:
    """A chart whose values are its part's cache (a Word document's, a slide's)."""

    def __init__(self, info: ChartInfo) -> None:
        self.info = info

    def title(self) -> Observation | None:
        return direct(self.info.title)

    def series_names(self) -> Observation | None:
        return direct([s.name or "" for s in self.info.series])

    def _first(self, attr: str) -> Observation | None:
        if not self.info.series:
            return None
        return direct([v if isinstance(v, str) else number_text(v)
                       for v in getattr(self.info.series[0], attr)])

    def first_values(self) -> Observation | None:
        return self._first("values")

    def first_categories(self) -> Observation | None:
        return self._first("categories")


Read = Callable[[Any], "Observation | None"]


@dataclass(frozen=True)
class ChartProperty:
    """One ``chart.*`` property: ``read(chart)``, ``setter`` (a function of
    ``ooxml.chart_edit``: ``setter(chart_root, value) -> note``), the ``apps`` that bind it,
    the audit's ``plan`` (one or several) and the ``plan_apps`` whose audit plans it
    (``None``: every app); ``draft``, ``implied_by`` and ``typed_text`` as ``@prop`` takes
    them (the drafting policy and the rubric lint's facts of the definition)."""

    name: str
    vtype: T.ValueType | str
    doc: str
    read: Read
    setter: str
    apps: tuple[str, ...] = ALL_APPS
    plan: Plan | tuple[Plan, ...] | None = None
    plan_apps: tuple[str, ...] | None = None
    draft: Drafting | None = None
    implied_by: str = ""
    typed_text: bool = False


class ChartFamily:
    """The chart properties, in the order they are declared."""

    def __init__(self) -> None:
        self.properties: list[ChartProperty] = []

    def declare(self, name: str, vtype: T.ValueType | str, *, writes: str,
                apps: tuple[str, ...] = ALL_APPS, plan: Plan | tuple[Plan, ...] | None = None,
                plan_apps: tuple[str, ...] | None = None, draft: Drafting | None = None,
                implied_by: str = "", typed_text: bool = False) -> Callable[[Read], Read]:
        """Declare chart property ``name`` read by the decorated ``read(chart)``, documented
        by its docstring's first paragraph and written by ``chart_edit``'s ``writes``."""
        def decorate(read: Read) -> Read:
            self.properties.append(ChartProperty(name, vtype, catalog_text(read.__doc__),
                                                 read, writes, apps, plan, plan_apps, draft,
                                                 implied_by, typed_text))
            return read
        return decorate

    def __iter__(self):
        return iter(self.properties)


CHARTS = ChartFamily()
chart = CHARTS.declare


@chart("chart.type", T.EnumType("chart_type"), writes="set_type",
       plan=Plan("chart_retype", via="chart.type"),
       draft=Drafting(made=True, pictured_by=("类型",), called=("图表",)), implied_by="type")
def chart_type(c) -> Observation | None:
    """Chart type of the first plot: column, bar, line, pie, doughnut, area, scatter, radar,
    bubble, stock, surface."""
    return direct(c.info.type or None)


@chart("chart.types", ITEMS, writes="set_types",
       plan=Plan("chart_retype", via="chart.type"), plan_apps=("excel",),
       draft=Drafting(volatile=True, pictured_by=("类型",), called=("图表",)))
def chart_types(c) -> Observation | None:
    """Types of every plot (combination charts)."""
    return direct(list(c.info.types))


@chart("chart.grouping", T.EnumType("chart_grouping"), writes="set_grouping",
       plan=Plan("chart_retype", via="chart.type"),
       draft=Drafting(pictured_by=("类型",), called=("图表",)))
def chart_grouping(c) -> Observation | None:
    """clustered 簇状, stacked 堆积, percentStacked 百分比堆积, standard."""
    return direct(c.info.grouping)


@chart("chart.three_d", T.BOOL, writes="set_three_d", plan=Plan("chart_deleted"),
       plan_apps=("excel",),
       draft=Drafting(called=("图表",)))
def chart_three_d(c) -> Observation | None:
    """Whether the chart is a 3-D chart."""
    return direct(bool(c.info.three_d))


@chart("chart.title", T.TEXT, writes="set_title", plan=Plan("chart_typo"),
       draft=Drafting(called=("图表",), inserted_text=True), typed_text=True)
def chart_title(c) -> Observation | None:
    """Chart title text (the series name for an automatic title)."""
    return c.title()


@chart("chart.series.count", T.INTEGER, writes="set_series_count",
       plan=Plan("chart_fewer_series"),
       draft=Drafting(called=("图表",)))
def series_count(c) -> Observation | None:
    """Number of series."""
    return direct(len(c.info.series))


@chart("chart.series.names", T.ORDERED_LIST, writes="set_series_names",
       plan=Plan("chart_first_item_typo"),
       draft=Drafting(called=("图表",)))
def series_names(c) -> Observation | None:
    """Series names in order: the chart's cached names or, when a series names its title by
    a cell reference without a cache (openpyxl writes none), the text of the referenced
    cells (source cells)."""
    return c.series_names()


# A series' data is broken where a candidate breaks it: its reference one row short and its
# first cached value mistyped.
VALUE_DATA = Plan("chart_data", refs="chart.series.value_refs", cache="chart.series.values")
CATEGORY_DATA = Plan("chart_data", refs="chart.series.category_refs",
                     cache="chart.series.categories")


@chart("chart.series.value_refs", REFERENCES, writes="set_value_refs", plan=VALUE_DATA,
       plan_apps=("excel",),
       draft=Drafting(asked="refs", called=("图表",)))
def series_value_refs(c) -> Observation | None:
    """Each series' value reference ('成绩'!D2:D31)."""
    return direct([s.values_ref for s in c.info.series if s.values_ref])


@chart("chart.series.category_refs", REFERENCES, writes="set_category_refs",
       plan=CATEGORY_DATA, plan_apps=("excel",),
       draft=Drafting(asked="refs", called=("图表",)))
def series_category_refs(c) -> Observation | None:
    """Each series' category (or x) reference."""
    return direct([s.categories_ref for s in c.info.series if s.categories_ref])


@chart("chart.series.values", T.ORDERED_LIST, writes="set_values", plan=VALUE_DATA,
       draft=Drafting(called=("图表",)))
def first_values(c) -> Observation | None:
    """The first series' values, from the chart's cache or, without one (openpyxl writes
    none), from the referenced cells (as Word and PowerPoint charts read it)."""
    return c.first_values()


@chart("chart.series.all_values", T.ORDERED_LIST, writes="set_all_values", apps=("excel",),
       plan=VALUE_DATA,
       draft=Drafting(volatile=True, called=("图表",)))
def all_values(c) -> Observation | None:
    """The plotted numbers of every series, series after series."""
    return c.all_values()


@chart("chart.series.categories", T.ORDERED_LIST, writes="set_categories",
       plan=CATEGORY_DATA,
       draft=Drafting(called=("图表",)))
def first_categories(c) -> Observation | None:
    """The first series' category labels (cache, else the referenced cells)."""
    return c.first_categories()


@chart("chart.series.markers", MARKERS, writes="set_markers", apps=("excel", "ppt"),
       draft=Drafting(called=("图表",)),
       plan=Plan("setting", mistake=on_first(cycled("circle", "none"))))
def series_markers(c) -> Observation | None:
    """Data markers (数据标记) of each line, scatter or radar series in order: the symbol
    (circle 圆形, square, diamond 菱形, triangle, x, star, none 无 …) or auto when the series
    leaves it to the application; no value for a chart without such series."""
    return direct([s.marker for s in c.info.series if s.marker is not None] or None)


@chart("chart.legend.position", T.EnumType("legend_position"), writes="set_legend",
       plan=Plan("chart_other", value="top", instead="bottom"),
       draft=Drafting(pictured_by=("图例",), called=("图表",)))
def legend_position(c) -> Observation | None:
    """Legend position: right, left, top, bottom, top_right, or none."""
    return direct(c.info.legend or "none")


@chart("chart.axis.x.title", T.TEXT, writes="set_x_axis_title", plan=Plan("chart_typo"),
       draft=Drafting(pictured_by=("坐标轴", "轴标题"), called=("图表",)), typed_text=True)
def axis_x_title(c) -> Observation | None:
    """Title of the horizontal axis."""
    return direct(c.info.axis_titles.get("x"))


@chart("chart.axis.y.title", T.TEXT, writes="set_y_axis_title", plan=Plan("chart_typo"),
       draft=Drafting(pictured_by=("坐标轴", "轴标题"), called=("图表",)), typed_text=True)
def axis_y_title(c) -> Observation | None:
    """Title of the vertical axis."""
    return direct(c.info.axis_titles.get("y"))


@chart("chart.data_labels", T.BOOL, writes="set_data_labels", plan=Plan("chart_flip"),
       draft=Drafting(pictured_by=("数据标签", "标签"), called=("图表",)))
def data_labels(c) -> Observation | None:
    """Whether data labels are shown."""
    return direct(bool(c.info.data_labels))


@chart("chart.style", T.INTEGER, writes="set_style",
       plan=Plan("chart_other", value=3, instead=4),
       draft=Drafting(freed_by=("样式",), called=("图表",)))
def chart_style(c) -> Observation | None:
    """Chart style number."""
    return direct(c.info.style)


def bind_charts(properties: PropertySet, app: str, *, kinds: str | tuple[str, ...],
                chart_of: Callable[[Target], Any],
                part_of: Callable[[Session, Target], str],
                defines: dict[str, T.ValueType] | None = None) -> None:
    """Bind every chart property ``app`` reads into ``properties``, each with its writer and
    the audit's plan: ``chart_of(target)`` is the target's chart for the readers (``None``
    when it is not one: the resolver then gives ``None``), ``part_of(session, target)`` its
    chart part (raises ``NotApplicable`` when it has none). ``defines`` (given by exactly
    one application) makes these bindings the catalog's definitions, with the value types
    the declarations name by a string (``REFERENCES``); raises ``KeyError`` for one it
    lacks."""
    for p in CHARTS:
        if app not in p.apps:
            continue
        plan = p.plan if p.plan_apps is None or app in p.plan_apps else None
        resolver, writer = _resolver(p.read, chart_of), _writer(p.setter, part_of)
        if defines is None:
            properties.binds(p.name, kinds=kinds, plan=plan, writer=writer)(resolver)
        else:
            vtype = defines[p.vtype] if isinstance(p.vtype, str) else p.vtype
            properties.prop(p.name, vtype, kinds=kinds, doc=p.doc, plan=plan,
                            writer=writer, draft=p.draft, implied_by=p.implied_by,
                            typed_text=p.typed_text)(resolver)


def _resolver(read: Read, chart_of: Callable[[Target], Any]) -> Callable:
    def resolve(target, ctx) -> Observation | None:
        c = chart_of(target)
        return read(c) if c is not None else None
    resolve.__qualname__ = read.__qualname__
    return resolve


def _writer(setter: str, part_of: Callable[[Session, Target], str]) -> Callable:
    def write(session: Session, target: Target, value: Any) -> str:
        # Chart editing is imported when a chart is first written: grading never loads it.
        from officeeval.ooxml import chart_edit
        return getattr(chart_edit, setter)(session.part(part_of(session, target)), value)
    write.__qualname__ = setter
    return write
