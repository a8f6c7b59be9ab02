"""PowerPoint resolvers for custom shows and the slide show settings (设置放映方式)."""

from __future__ import annotations

from officeeval.ppt import shows
from officeeval.properties import types as T
from officeeval.properties.define import PropertySet
from officeeval.values import Observation

PRES, SHOW = "presentation", "custom_show"

PROPERTIES = PropertySet()
prop = PROPERTIES.prop


@prop("presentation.custom_shows", T.ORDERED_LIST, kinds=PRES)
def custom_shows(target, ctx) -> Observation | None:
    """Names of the custom shows (自定义放映) in order; an empty list when there are none."""
    got = shows.custom_shows(target.doc)
    return Observation([s.name for s in got], "direct" if got else "default")


@prop("custom_show.name", T.TEXT, kinds=SHOW)
def custom_show_name(target, ctx) -> Observation | None:
    """The custom show's name."""
    return Observation(target.show.name, "direct")


@prop("custom_show.slides", T.ORDERED_LIST, kinds=SHOW)
def custom_show_slides(target, ctx) -> Observation | None:
    """The slides of the custom show in the order it plays them, as their numbers in the
    presentation (3|1|5)."""
    return Observation([str(n) for n in target.show.slides], "direct")


@prop("presentation.show.slides", T.TEXT, kinds=PRES)
def show_slides(target, ctx) -> Observation | None:
    """Which slides the slide show plays (放映幻灯片): all (全部), a range such as 2-5 (从 2
    到 5), or custom (a custom show: presentation.show.custom_show names it). all by
    default."""
    v = shows.played_slides(target.doc)
    if v is None:
        return None if ctx.direct else Observation("all", "default")
    return Observation(v, "presProps")


@prop("presentation.show.custom_show", T.TEXT, kinds=PRES)
def show_custom_show(target, ctx) -> Observation | None:
    """Name of the custom show the slide show plays (放映幻灯片 / 自定义放映); no value when it
    plays all slides or a range."""
    s = shows.played_custom_show(target.doc)
    return Observation(s.name, "presProps") if s is not None else None


@prop("presentation.advance", T.EnumType("show_advance"), kinds=PRES)
def show_advance(target, ctx) -> Observation | None:
    """How slides advance in the show (换片方式): timings (如果出现计时，则使用它, the default)
    or manual (手动; showPr/@useTimings=0)."""
    v = shows.uses_timings(target.doc)
    if v is None:
        return None if ctx.direct else Observation("timings", "default")
    return Observation("timings" if v else "manual", "presProps")
