"""Excel date serials: the 1900 system (with its fictitious 1900-02-29, serial 60) and the 1904
system (``workbookPr date1904``). Serials out of Excel's range give ``None``, never raise."""

from __future__ import annotations

import datetime as dt
import math
from dataclasses import dataclass

MAX_SERIAL_1900 = 2958465.99999  # 9999-12-31 23:59:59
_BASE_1900 = dt.datetime(1899, 12, 30)
_BASE_1904 = dt.datetime(1904, 1, 1)


@dataclass(frozen=True)
class DateParts:
    """A serial split for display (``day`` may be 0 and ``month`` 2 with ``day`` 29 in 1900,
    as Excel shows serials 0 and 60). ``weekday``: Monday = 0."""

    year: int
    month: int
    day: int
    hour: int
    minute: int
    second: int
    micro: int
    weekday: int


def serial_to_datetime(serial: float, date1904: bool = False) -> dt.datetime | None:
    """The datetime a serial stands for, rounded to the millisecond; ``None`` for negative,
    non-finite or too-large serials and for the fictitious 1900-02-29."""
    if not isinstance(serial, (int, float)) or not math.isfinite(serial) or serial < 0:
        return None
    if serial > MAX_SERIAL_1900 - (1462 if date1904 else 0):
        return None
    if date1904:
        base = _BASE_1904
    else:
        if 60 <= serial < 61:
            return None
        base = _BASE_1900 if serial >= 61 else dt.datetime(1899, 12, 31)
    days = math.floor(serial)
    if serial == days:  # a date without a time (most): nothing to round
        return base + dt.timedelta(days)
    ms = round((serial - days) * 86_400_000)
    return base + dt.timedelta(days, 0, 0, ms)


def datetime_to_serial(value: dt.datetime | dt.date, date1904: bool = False) -> float:
    """The serial of a date or datetime (the inverse of ``serial_to_datetime``)."""
    if not isinstance(value, dt.datetime):
        value = dt.datetime(value.year, value.month, value.day)
    if date1904:
        delta = value - _BASE_1904
    else:
        delta = value - _BASE_1900
        if delta.days < 61:
            delta += dt.timedelta(days=-1)
    return delta.days + delta.seconds / 86400 + delta.microseconds / 86_400_000_000


# The first serial after 9999-12-31, the last day Excel shows (it shows ##### past it).
_PAST_9999 = 2_958_466


def serial_parts(serial: float, date1904: bool = False, round_to: float = 1.0
                 ) -> DateParts | None:
    """Display parts of a serial, time rounded to ``round_to`` seconds (Excel rounds to the
    precision the format shows); ``None`` when the serial cannot be shown as a date."""
    if not math.isfinite(serial) or serial < 0 or serial >= _PAST_9999:
        return None
    total = serial * 86400.0
    total = round(total / round_to) * round_to
    days = int(total // 86400)
    secs = total - days * 86400
    hour = int(secs // 3600)
    minute = int((secs % 3600) // 60)
    second = int(secs % 60)
    micro = int(round((secs - math.floor(secs)) * 1_000_000))
    if micro >= 1_000_000:
        micro = 999_999
    if not date1904 and days == 0:
        return DateParts(1900, 1, 0, hour, minute, second, micro, 5)
    if not date1904 and days == 60:
        return DateParts(1900, 2, 29, hour, minute, second, micro, 2)
    d = serial_to_datetime(float(days), date1904)
    if d is None:
        return None
    return DateParts(d.year, d.month, d.day, hour, minute, second, micro, d.weekday())
