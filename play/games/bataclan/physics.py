"""The wobbling pile: where a placed die lands and whether the pile stands (RULES.md §5).

A side view in two dimensions. Each die is a square of edge ``size`` (a standard die is 1) and mass
``size ** 3``; the pile is a list of dice from the bottom up, each with the horizontal position of
its centre. A die placed on the pile is aimed at the centre of the top die and lands off-centre by
a normal offset whose spread grows with the pile's height and the die's size and shrinks with the
placer's steadiness (0 = shaking, 1 = the steadiest hand):

    sigma = SIGMA_BASE * (1 + HEIGHT_GROWTH * height) * size * (1 - STEADINESS_EFFECT * steadiness)

After each placement every interface is checked from the bottom (the table under the first die,
then each die on the one below it): if the centre of mass of everything above an interface lies
outside the face the two touch (their overlap), everything above that interface falls. The lowest
failing interface decides; the table interface failing is a full collapse. Even a perfectly steady
hand keeps ``1 - STEADINESS_EFFECT`` of the spread, so every pile eventually falls.

The steadiness comes from the gesture (:mod:`.gesture`): a marker sweeps the track at constant
speed, there and back in a period of 1000–1200 ms drawn by the server for each die, and the
player presses (key-down or pointer-down) as it crosses the centre; a press ``e`` ms off puts it
``4e / period`` from the centre, and the steadiness is
``1 - (distance / CURVE_WIDTH) ** CURVE_POWER`` (0 beyond ``CURVE_WIDTH``).

Calibration, on simulated people whose presses are off the centre crossing by a normal timing
error (``python bench/bataclan_calibration.py``, 2000 piles a row, 200 games a line; "median pile":
standard dice standing, the base die counted, when the next one made the pile fall; "fall by 10":
the pile falls before it stands 10 dice high)::

    steadiness of a press off the centre crossing by (mean period 1100 ms):
      0 ms: 1.00  15 ms: 0.83  30 ms: 0.72  60 ms: 0.53  100 ms: 0.31  150 ms: 0.07
    spread  mean st.  median pile  fall by 10  fall by 20  giant on std  std on giant
      30 ms      0.78           15         14%         76%          1.5%          0.0%
      60 ms      0.63           11         33%         92%          4.5%          0.0%
     100 ms      0.47            9         52%         98%          8.0%          0.0%
    games (200 each)                   >=1 fall  hand emptied on 1st turn
    3p: 60 ms, 60 ms, beginner              98%        0.0%
    2p: 60 ms, 60 ms                        98%        1.0%

So with a 60 ms spread a 10-die pile falls one time in three and a 20-die pile nine times in ten;
a three-player game of two such people and the beginner has a fall in 98 % of games, and a hand
emptied on the first turn is rare (1 % of two-player games, 0 at three). For comparison, a
fixed steadiness stands a median pile of 10 at 0.5 (the untimed option's), 12 at 0.63 (the 60 ms
person's mean: a hand that varies falls sooner than its mean) and 16 at 0.8 (RULES.md asks 10–20
dice for a careful player). Reduced motion on the page changes nothing here: the server measures
the press time against its own challenge, whatever the screen showed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

STANDARD, MEDIUM, GIANT = "standard", "medium", "giant"
SIZES: dict[str, float] = {STANDARD: 1.0, MEDIUM: 1.35, GIANT: 1.7}  # edge, a standard die = 1
SIZE_ORDER = (STANDARD, MEDIUM, GIANT)
SIGMA_BASE = 0.22  # spread of the landing offset on an empty table, standard die, steadiness 0
HEIGHT_GROWTH = 0.08  # each die already on the pile widens the spread by 8 %
STEADINESS_EFFECT = 0.7  # a steadiness of 1 removes 70 % of the spread
TABLE = 0  # index of the interface between the table and the first die


def mass(size: str) -> float:
    return SIZES[size] ** 3


def landing_sigma(height: int, size: str, steadiness: float) -> float:
    """The spread of a die's landing offset on a pile of ``height`` dice."""
    return (
        SIGMA_BASE
        * (1 + HEIGHT_GROWTH * height)
        * SIZES[size]
        * (1 - STEADINESS_EFFECT * steadiness)
    )


def landing_x(pile: Sequence[tuple[str, float]], size: str, steadiness: float, rng) -> float:
    """Where the centre of a die placed on ``pile`` (``(size, x)`` pairs, bottom first) lands."""
    aim = pile[-1][1] if pile else 0.0
    return aim + rng.gauss(0.0, landing_sigma(len(pile), size, steadiness))


def first_failure(pile: Sequence[tuple[str, float]]) -> int | None:
    """The lowest interface that gives way (``i``: everything from die ``i`` up falls), or None.

    Interface ``i`` supports dice ``i..top``; interface 0 is the table, which supports the whole
    pile on the bottom die's face.
    """
    failing = None
    total = moment = 0.0
    for i in range(len(pile) - 1, -1, -1):  # accumulate the mass above each interface
        size, x = pile[i]
        m = SIZES[size] ** 3
        total += m
        moment += m * x
        centre = moment / total
        half = SIZES[size] / 2
        low, high = x - half, x + half
        if i > TABLE:
            below_size, below_x = pile[i - 1]
            below_half = SIZES[below_size] / 2
            low, high = max(low, below_x - below_half), min(high, below_x + below_half)
        if not low < centre < high:
            failing = i
    return failing


def place(
    pile: Sequence[tuple[str, float]], size: str, steadiness: float, rng: random.Random
) -> tuple[float, int | None]:
    """Drop a die of ``size`` on ``pile``: (its landing x, the failing interface or None)."""
    x = landing_x(pile, size, steadiness, rng)
    return x, first_failure([*pile, (size, x)])


# -- the gesture: a marker sweeping the track, stopped by a press ---------------------------------
#
# The server sets each placement's challenge: a period (ms for a full sweep there and back) drawn in
# PERIOD_RANGE_MS and a phase (where in its sweep the marker starts, a fraction of the period). The
# marker moves at a constant speed (a triangle wave from the left end, -1, to the right end, 1): its
# speed at the centre is 4 / period track-halves per ms, so a timing error of e ms puts it
# 4e / period from the centre. The steadiness is STEADINESS_CURVE of that distance.

PERIOD_RANGE_MS = (1000, 1200)
CURVE_WIDTH = 0.6  # distance from the centre (track half = 1) at which the steadiness is 0
CURVE_POWER = 0.75  # steadiness = 1 - (distance / CURVE_WIDTH) ** CURVE_POWER


def marker_position(t_ms: float, period_ms: float, phase: float) -> float:
    """Where the marker is ``t_ms`` after the challenge was shown: -1 (left end) to 1 (right)."""
    u = (t_ms / period_ms + phase) % 1.0
    return -1.0 + 4.0 * u if u < 0.5 else 3.0 - 4.0 * u


def steadiness_at(position: float) -> float:
    """The steadiness of a press with the marker at ``position`` (1 at the centre)."""
    distance = min(1.0, abs(position) / CURVE_WIDTH)
    return 1.0 - distance**CURVE_POWER


def centre_crossing(period_ms: float, phase: float, after_ms: float) -> float:
    """The first time (ms since shown) at or after ``after_ms`` when the marker is at the centre."""
    first = ((0.25 - phase) % 0.5) * period_ms  # the centre is at u = 0.25 and u = 0.75
    half = period_ms / 2
    if first >= after_ms:
        return first
    return first + half * -(-(after_ms - first) // half)
