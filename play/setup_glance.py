"""Reads for « Mise en place » and the rules sheet (issue 50): the seat counts a game offers, the
box's contents as a checklist, and the opening position of each count as its board draws it.

An opening position is the engine's public view (``view(state, None)``) of a new game with the
table's default options, dealt from a fixed chance (``chance_for("mise-en-place", 0)``): the same
picture on every visit, and never a hidden card, tile or seed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from django.utils.translation import gettext as _

from catalogue.models import Game

from .engines.base import chance_for
from .games.base import GamePackage
from .games.registry import games, get_game
from .services.matches import seat_range
from .texts import play_texts, seat_label

#: The chance every opening position is dealt from (the same picture on every visit).
SETUP_SEED = "mise-en-place"


@dataclass(frozen=True)
class SeatCount:
    """A table size the game offers, and whether it is a variant outside the record's range."""

    seats: int
    variant: bool

    @property
    def label(self) -> str:
        text = _("%(n)d joueurs") % {"n": self.seats}
        return _("%(count)s (variante)") % {"count": text} if self.variant else text


def seat_counts(game: Game, package: GamePackage) -> list[SeatCount]:
    """The table sizes « Jouer » offers for ``game`` (the record's range within the engine's,
    and the package's variant counts), each marked when it is a variant."""
    low, high = seat_range(game)
    info = package.engine.info
    record_low = max(info.min_seats, game.min_players or info.min_seats)
    record_high = min(info.max_seats, game.max_players or info.max_seats)
    return [
        SeatCount(n, variant=n in package.variant_seats and not record_low <= n <= record_high)
        for n in range(low, high + 1)
    ]


def usual_count(counts: list[SeatCount]) -> SeatCount:
    """The count the sheet draws: the smallest one the record itself offers."""
    return next((count for count in counts if not count.variant), counts[0])


@lru_cache(maxsize=64)
def _opening_state(engine: str, seats: int) -> Any:
    """A new game of ``engine`` at ``seats`` with its default options, dealt from the fixed
    chance (kept: the rules and the chance give the same position every time)."""
    rules = get_game(engine).engine
    options = rules.validate_options(seats, {})
    return rules.new_game(seats=seats, options=options, rng=chance_for(SETUP_SEED, 0))


@lru_cache(maxsize=64)
def opening_view(engine: str, seats: int) -> dict[str, Any]:
    """The public view of the opening position of ``engine`` at ``seats``."""
    return get_game(engine).engine.view(_opening_state(engine, seats), None)


def opening_roles(package: GamePackage, seats: int) -> list[str]:
    """What each seat plays in the opening position, in the active language."""
    return package.seat_role_labels(_opening_state(package.slug, seats))


def setup_data(package: GamePackage, counts: list[SeatCount]) -> dict[str, Any]:
    """What the page's script draws: each count's opening view and its seats' roles."""
    return {
        "engine": package.slug,
        "positions": {str(c.seats): opening_view(package.slug, c.seats) for c in counts},
        "roles": {str(c.seats): opening_roles(package, c.seats) for c in counts},
    }


def seat_lines(roles: list[str]) -> list[str]:
    """« Joueur 1 — les rouges » for each seat of a count (empty when no seat has a role)."""
    if not any(roles):
        return []
    return [seat_label(index, role) for index, role in enumerate(roles)]


# How a record lists a box's contents: items apart by commas, semicolons or lines (not those
# inside brackets: « 28 dés (20 standards, 4 moyens) »), the last one often after « et ».
_SEPARATOR = re.compile(r"[,;\n•]+")
# « … et un gobelet », « … et 6 dés »: a new item (not « 12 cartes dont 6 rouges et 6 bleues »).
_AND_ITEM = re.compile(r"\s+et\s+(?=(?:\d+|une?|des|deux|trois|quatre|cinq|six)\b)", re.I)
# « 1 sachet 1 règle »: a count glued to the previous item, after a noun (not « à 8 faces »).
_GLUED_COUNT = re.compile(r"(?<=[^\W\dà]{3})\s+(?=\d+\s+[^\W\d])")
_NOT_BEFORE_A_COUNT = {"de", "des", "dont", "en", "sur", "par", "avec", "pour", "sans"}


def box_items(text: str) -> list[str]:
    """The items of a record's « Contenu » (« 1 plateau, 8 gardiens et un dé. »), in its words."""
    items: list[str] = []
    for part in _outside_brackets_split(text or ""):
        pieces = [part] if re.search(r"\bdont\b", part, re.I) else _AND_ITEM.split(part)
        for piece in pieces:
            items += _glued_counts(piece)
    cleaned = (" ".join(item.split()).strip(" .:-") for item in items)
    return [item for item in cleaned if item]


def _outside_brackets_split(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for index, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth <= 0 and _SEPARATOR.match(char):
            parts.append(text[start:index])
            start, depth = index + 1, 0
    return [*parts, text[start:]]


def _glued_counts(piece: str) -> list[str]:
    """« 1 sachet 1 règle de jeu » → « 1 sachet », « 1 règle de jeu » (a count after a noun)."""
    if not re.match(r"\s*\d", piece):
        return [piece]
    out, start = [], 0
    for match in _GLUED_COUNT.finditer(piece):
        before = piece[start : match.start()].split()
        if before and before[-1].lower() not in _NOT_BEFORE_A_COUNT:
            out.append(piece[start : match.start()])
            start = match.end()
    return [*out, piece[start:]]


def opening_picture(game: Game) -> dict[str, Any] | None:
    """A playable game's opening position as its page shows it when the game has no photo
    (:func:`catalogue.engines.opening_picture`): the usual count, drawn by its board script."""
    package = games().get(game.engine)
    if package is None:
        return None
    usual = usual_count(seat_counts(game, package))
    return {
        "seats": usual.seats,
        "scripts": package.scripts,
        "styles": package.styles,
        "data": setup_data(package, [usual]),
        "texts": play_texts(package),
    }
