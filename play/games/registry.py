"""The game packages the site offers: one entry per game, nothing else to edit to add one."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from django.conf import settings

from .base import GamePackage

# Dotted paths of the game packages (each exposes ``GAME``). Settings may override the list
# (``PLAY_GAMES``), which is how the tests plug a toy game in.
GAME_PACKAGES: tuple[str, ...] = ("play.games.tayu",)


def _paths() -> tuple[str, ...]:
    return tuple(getattr(settings, "PLAY_GAMES", None) or GAME_PACKAGES)


@cache
def _load(paths: tuple[str, ...]) -> dict[str, GamePackage]:
    games: dict[str, GamePackage] = {}
    for path in paths:
        game = import_module(path).GAME
        games[game.slug] = game
    return games


def games() -> dict[str, GamePackage]:
    """Every registered game package, by slug."""
    return _load(_paths())


def get_game(slug: str) -> GamePackage:
    """The package registered under ``slug``; ``KeyError`` if there is none."""
    return games()[slug]
