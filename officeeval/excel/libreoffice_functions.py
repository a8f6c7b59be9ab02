"""The Excel functions LibreOffice does not compute in every version (data), and the version
from which it does.

The recalculation backend is LibreOffice: a workbook written by openpyxl carries no cached
results, and its formulas are computed by whatever LibreOffice the machine has. A function
that LibreOffice lacks comes out ``#NAME?`` (or hides inside ``IFERROR``), which is not what
Excel computes: such a value is never the candidate's (``excel.recalc_gaps``).

``SINCE`` maps each Excel function (``excel.function_names``, upper case, no prefix) that
some LibreOffice version lacks, *as Excel stores it*, to the first LibreOffice release that
computes it, or ``None`` when no release is known to. A function not listed here is computed
by every LibreOffice from 7.0 on. ``VERIFIED`` is the newest release this table was checked
against by recalculating every Excel function (``tests/recalc/test_libreoffice_functions.py``
does it again on the machine's LibreOffice and fails when the table is wrong for it).

Where the versions come from: LibreOffice's help ("This function is available since
LibreOffice …", ``helpcontent2/source/text/scalc/01/func_*.xhp``), read for XLOOKUP, LET,
SEQUENCE, RANDARRAY, UNIQUE (24.8), TEXTSPLIT, TEXTBEFORE, TEXTAFTER, VSTACK, TAKE, TOCOL
(25.8), LAMBDA, MAP, ISOMITTED (27.2, a release still in development when this was written);
their companions (same commits, same help pages' "related" lists) are given the same release.
The functions of Excel 2016 (IFS, TEXTJOIN …) came with LibreOffice 5.2 (its release notes).
Checked on LibreOffice 25.2.3: every function listed with a later release or ``None`` comes
out ``#NAME?``, every other Excel function is computed.
"""

from __future__ import annotations

import re

VERIFIED = "25.2"

_V248 = "24.8"  # Excel 2021's dynamic arrays and LET
_V258 = "25.8"  # Excel 365's array-shaping and text-splitting functions
_V272 = "27.2"  # LAMBDA and its helpers (LibreOffice's help; not yet released)

SINCE: dict[str, str | None] = {
    # Excel 2016 (LibreOffice 5.2 release notes)
    "CONCAT": "5.2", "TEXTJOIN": "5.2", "IFS": "5.2", "SWITCH": "5.2", "MAXIFS": "5.2",
    "MINIFS": "5.2", "FORECAST.ETS": "5.2", "FORECAST.ETS.CONFINT": "5.2",
    "FORECAST.ETS.SEASONALITY": "5.2", "FORECAST.ETS.STAT": "5.2", "FORECAST.LINEAR": "5.2",
    # Excel 2021
    "XLOOKUP": _V248, "XMATCH": _V248, "FILTER": _V248, "SORT": _V248, "SORTBY": _V248,
    "UNIQUE": _V248, "SEQUENCE": _V248, "RANDARRAY": _V248, "LET": _V248,
    # Excel 365 (2022)
    "TEXTBEFORE": _V258, "TEXTAFTER": _V258, "TEXTSPLIT": _V258, "VSTACK": _V258,
    "HSTACK": _V258, "TAKE": _V258, "DROP": _V258, "EXPAND": _V258, "CHOOSECOLS": _V258,
    "CHOOSEROWS": _V258, "TOCOL": _V258, "TOROW": _V258, "WRAPCOLS": _V258, "WRAPROWS": _V258,
    "LAMBDA": _V272, "MAP": _V272, "REDUCE": _V272, "SCAN": _V272, "BYROW": _V272,
    "BYCOL": _V272, "MAKEARRAY": _V272, "ISOMITTED": _V272,
    # No LibreOffice release known to compute these as Excel stores them.
    "ANCHORARRAY": None, "SINGLE": None,  # the spill (#) and implicit-intersection (@) forms
    "ARRAYTOTEXT": None, "VALUETOTEXT": None, "IMAGE": None, "GROUPBY": None,
    "PIVOTBY": None, "PERCENTOF": None, "REGEXTEST": None, "REGEXEXTRACT": None,
    "REGEXREPLACE": None, "TRIMRANGE": None, "STOCKHISTORY": None, "FIELDVALUE": None,
    "PY": None, "TRANSLATE": None, "DETECTLANGUAGE": None, "COPILOT": None,
    "QUERYSTRING": None,
    # LibreOffice computes these only stored bare (its own spelling), not as _xlfn.X.
    "BINOM.DIST.RANGE": None, "IMCOSH": None, "IMCOT": None, "IMCSC": None, "IMCSCH": None,
    "IMSEC": None, "IMSECH": None, "IMSINH": None, "IMTAN": None,
    # Predefined functions LibreOffice never had (OLAP cubes, real-time data, phonetic
    # guides, Thai text) or reads under another name (ECMA.CEILING).
    "CUBEKPIMEMBER": None, "CUBEMEMBER": None, "CUBEMEMBERPROPERTY": None,
    "CUBERANKEDMEMBER": None, "CUBESET": None, "CUBESETCOUNT": None, "CUBEVALUE": None,
    "RTD": None, "PHONETIC": None, "BAHTTEXT": None, "ECMA.CEILING": None,
}

# Of the functions above, those LibreOffice computes under its own spelling (stored without
# the ``_xlfn.`` prefix), where Excel shows ``#NAME?``: such a bare call is a lenient miss
# (LibreOffice gives a value Excel would not), rare enough to be left as it is.
BARE_ONLY: frozenset[str] = frozenset({"IMCOSH", "IMCOT", "IMCSC", "IMCSCH", "IMSEC",
                                       "IMSECH", "IMSINH", "IMTAN"})

_VERSION = re.compile(r"(\d+)\.(\d+)(?:\.(\d+))?(?:\.(\d+))?")


def parse_version(text: str | None) -> tuple[int, ...] | None:
    """``LibreOffice 25.2.3.2 520(Build:2)`` (or ``25.2``) -> ``(25, 2, 3, 2)``; ``None``
    when ``text`` holds no version."""
    m = _VERSION.search(text or "")
    if m is None:
        return None
    return tuple(int(g) for g in m.groups() if g is not None)


def lacks(name: str, version: tuple[int, ...] | None) -> bool:
    """Whether LibreOffice ``version`` does not compute the Excel function ``name`` (upper
    case, no prefix) as Excel stores it. An unknown version (``None``) lacks every function
    of the table: nothing is trusted that some version gets wrong."""
    if name not in SINCE:
        return False
    since = SINCE[name]
    if since is None or version is None:
        return True
    first = parse_version(since)
    return first is None or version[:len(first)] < first


def available_from(name: str) -> str | None:
    """The first LibreOffice release that computes ``name``; ``None`` when none is known."""
    return SINCE.get(name)
