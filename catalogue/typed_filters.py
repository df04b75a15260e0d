"""Filters typed in the search box: « 2 joueurs », « pour 4 », « 8 ans », « moins de 30 min »,
« 2 players », « under 30 minutes »… become the players, age and duration filters, and leave
the words searched in the text.

A number becomes a filter only with a word that says what it counts (a unit, or a preposition
that only goes with players: « à 2 », « pour 4 »), so that a title's number (« 7 Wonders »,
« Les 4 saisons ») stays a word of the search. A negative number (« -1 ans ») is no age, no
count of players and no duration: it stays in the text, and no filter is set — the search box
never refuses what is typed in it, and a filter of the number without its sign would answer
another question than the one asked.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

# Each filter's bounds, as the search form's fields have them.
BOUNDS = {"players": (1, 99), "age": (0, 120), "max_duration": (1, 1440)}

# A minus sign before the number (« -1 ans », « −3 ans ») makes it no count at all: such a number
# stays a word of the search rather than become a filter of its opposite. A dash between two
# numbers (« 3-6 ans ») is a range, whose end counts as before.
_MINUS = "-−–‐"
_N = rf"(?:(?<![{_MINUS}])|(?<=\d[{_MINUS}]))(?P<n>\d{{1,4}})"
# Tried in this order: a unit decides before a bare preposition (« pour 8 ans » is an age).
_PATTERNS: tuple[tuple[str, re.Pattern[str], int], ...] = tuple(
    (name, re.compile(rf"(?<!\w){pattern}(?!\w)", re.IGNORECASE), factor)
    for name, pattern, factor in (
        # Durations: « moins de 30 min », « 45 minutes », « en 1 h », « under 30 minutes ».
        (
            "max_duration",
            rf"(?:(?:en|de|moins\s+de|maxi(?:mum)?|max\.?|jusqu'?à|under|less\s+than|"
            rf"at\s+most|up\s+to|in)\s+)?{_N}\s*(?:minutes?|mins?|mn)",
            1,
        ),
        (
            "max_duration",
            rf"(?:(?:en|de|moins\s+d'?|maxi(?:mum)?|under|less\s+than|at\s+most|up\s+to|in)"
            rf"\s*)?{_N}\s*(?:heures?|hours?|hrs?|h)",
            60,
        ),
        # Ages: « 8 ans », « dès 8 ans », « à partir de 8 ans », « 8 years old », « age 8 ».
        (
            "age",
            rf"(?:(?:dès|des|à\s+partir\s+de|a\s+partir\s+de|pour|from|for)\s+)?"
            rf"{_N}\s*(?:ans|an|years?(?:\s+old)?|yrs?|y\.?o\.?)",
            1,
        ),
        ("age", rf"(?:âge|age|aged)\s+{_N}", 1),
        # Players: « 2 joueurs », « pour 4 joueurs », « 2 players », then « à 2 », « for 4 ».
        (
            "players",
            rf"(?:(?:à|a|pour|for|with)\s+)?{_N}\s*"
            rf"(?:joueurs?|joueuses?|players?|pers(?:onnes)?|enfants?|people|persons?|kids?)",
            1,
        ),
        # A bare « à 2 » only when no other word follows the number (« à 2 dés » is no filter).
        ("players", rf"(?:à|a|pour|for|with)\s+{_N}(?!\s+(?!(?:et|ou|and|or)\b)[^\W\d_])", 1),
    )
)


@dataclass(frozen=True)
class TypedQuery:
    """The search box's text without the filters typed in it, and those filters."""

    text: str
    filters: dict[str, int] = field(default_factory=dict)


def typed_filters(text: str) -> TypedQuery:
    """Split ``text`` into the words to search and the filters it types (the first of each)."""
    filters: dict[str, int] = {}
    for name, pattern, factor in _PATTERNS:
        if name in filters:
            continue
        for match in pattern.finditer(text):
            value = int(match["n"]) * factor
            low, high = BOUNDS[name]
            if low <= value <= high:
                filters[name] = value
                text = f"{text[: match.start()]} {text[match.end() :]}"
                break
    return TypedQuery(text=" ".join(text.split()), filters=filters)
