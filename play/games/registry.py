"""The game packages the site offers: one entry per game, nothing else to edit to add one."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from django.conf import settings

from play.engines.base import Engine

from .base import GamePackage

# Dotted paths of the game packages (each exposes ``GAME``). Settings may override the list
# (``PLAY_GAMES``), which is how the tests plug a toy game in.
GAME_PACKAGES: tuple[str, ...] = (
    "play.games.buffalo",
    "play.games.alcatraz",
    "play.games.bataclan",
    "play.games.powwow",
    "play.games.tayu",
)


def _paths() -> tuple[str, ...]:
    return tuple(getattr(settings, "PLAY_GAMES", None) or GAME_PACKAGES)


@cache
def _load(paths: tuple[str, ...]) -> dict[str, GamePackage]:
    games: dict[str, GamePackage] = {}
    for path in paths:
        module = import_module(path)
        game = getattr(module, "GAME", None) or import_module(f"{path}.game").GAME
        games[game.slug] = game
    return games


def games() -> dict[str, GamePackage]:
    """Every registered game package, by slug."""
    return _load(_paths())


def get_game(slug: str) -> GamePackage:
    """The package registered under ``slug``; ``KeyError`` if there is none."""
    return games()[slug]


def get_engine(slug: str) -> Engine:
    """The rules engine of the game registered under ``slug``; ``KeyError`` if there is none."""
    return get_game(slug).engine


def catalogue_entries() -> list[tuple[str, str, tuple[str, ...]]]:
    """``(slug, title, catalogue titles)`` per game, for :mod:`catalogue.engines`."""
    return [(slug, game.engine.info.title, game.titles) for slug, game in games().items()]
