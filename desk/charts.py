"""Bar charts drawn on the server: the geometry of an inline SVG (no script, no library).

The template (``admin/desk/_chart.html``) draws what :func:`weekly_chart` computes: one bar a
week, each with its ``<title>`` (the week and its number), the axis' top value, and a few week
labels under the bars; the same numbers are in a table beside it for screen readers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from datetime import date

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from .selectors import week_label

WIDTH = 640
HEIGHT = 220
LEFT = 56  # room for the axis' numbers
BOTTOM = 32  # room for the week labels
TOP = 24
RIGHT = 24  # room for the last week's label, centred under its bar
#: At most this many week labels under the bars (every second, fourth… week otherwise).
X_LABELS = 9


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    value: int
    title: str


@dataclass(frozen=True)
class Tick:
    x: float
    text: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    bars: list[Bar]
    ticks: list[Tick]
    top_value: int
    top_y: float
    base_y: float
    left: float
    right: float
    total: int
    summary: str


def nice_top(value: int) -> int:
    """The axis' top: ``value`` rounded up to 1, 2 or 5 times a power of ten (at least 1)."""
    if value <= 1:
        return 1
    power = 10 ** math.floor(math.log10(value))
    return next(step * power for step in (1, 2, 5, 10) if step * power >= value)


def week_text(week: date) -> str:
    """« semaine du 3 mars 2025 »."""
    return _("semaine du %(day)s") % {"day": date_format(week, "j F Y")}


def weekly_chart(points: list[tuple[date, int]], *, what: str) -> Chart:
    """A bar a week for ``points`` (``(monday, number)``, oldest first); ``what`` names the
    numbers in the chart's summary (« recherches sans résultat »)."""
    plot_width = WIDTH - LEFT - RIGHT
    plot_height = HEIGHT - TOP - BOTTOM
    base = HEIGHT - BOTTOM
    top = nice_top(max((value for _week, value in points), default=0))
    slot = plot_width / max(1, len(points))
    gap = min(4.0, slot * 0.2)
    bars = []
    for i, (week, value) in enumerate(points):
        height = plot_height * value / top
        bars.append(
            Bar(
                x=round(LEFT + i * slot + gap / 2, 2),
                y=round(base - height, 2),
                width=round(slot - gap, 2),
                height=round(height, 2),
                value=value,
                title=f"{week_text(week)} ({week_label(week)}) : {value}",
            )
        )
    every = max(1, math.ceil(len(points) / X_LABELS))
    ticks = [
        Tick(x=round(LEFT + i * slot + slot / 2, 2), text=date_format(week, "j/m"))
        for i, (week, _value) in enumerate(points)
        if (len(points) - 1 - i) % every == 0
    ]
    total = sum(value for _week, value in points)
    busiest = max(points, key=lambda point: point[1], default=None)
    if busiest and busiest[1]:
        summary = _(
            "%(what)s par semaine, %(weeks)d semaines : %(total)d en tout, au plus %(most)d "
            "la %(week)s."
        ) % {
            "what": what,
            "weeks": len(points),
            "total": total,
            "most": busiest[1],
            "week": week_text(busiest[0]),
        }
    else:
        summary = _("%(what)s par semaine, %(weeks)d semaines : 0 en tout.") % {
            "what": what,
            "weeks": len(points),
        }
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        bars=bars,
        ticks=ticks,
        top_value=top,
        top_y=TOP,
        base_y=base,
        left=LEFT,
        right=WIDTH - RIGHT,
        total=total,
        summary=summary,
    )


def share_width(value: int, largest: int, *, width: int = 120) -> float:
    """A ranking row's bar length, proportional to the largest row's."""
    return round(width * value / largest, 1) if largest else 0.0
