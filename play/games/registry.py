"""The game packages the site offers: one entry per game, nothing else to edit to add one.

Each package's ``game.py`` declares ``GAME``; loading the games checks every one against the game
contract (:mod:`play.games.contract`), so a missing or misspelt part stops the site at start-up
with the game's and the part's names (``manage.py check`` reports the same as errors)."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from django.conf import settings
from django.core import checks

from play.engines.base import Engine

from .base import GamePackage
from .contract import GameContractError, check_package, ensure_package

# Dotted paths of the game packages (each declares ``GAME`` in its ``game`` module). Settings may
# override the list (``PLAY_GAMES``), which is how the tests plug a toy game in.
GAME_PACKAGES: tuple[str, ...] = (
    "play.games.buffalo",
    "play.games.alcatraz",
    "play.games.bataclan",
    "play.games.powwow",
    "play.games.tayu",
)


def _paths() -> tuple[str, ...]:
    return tuple(getattr(settings, "PLAY_GAMES", None) or GAME_PACKAGES)


def load_package(path: str) -> GamePackage:
    """The ``GAME`` declared by the package at ``path`` (in its ``game`` module), unchecked."""
    game = getattr(import_module(f"{path}.game"), "GAME", None)
    if not isinstance(game, GamePackage):
        raise GameContractError(path, [f"{path}.game declares no GAME (a GamePackage)"])
    return game


@cache
def _load(paths: tuple[str, ...]) -> dict[str, GamePackage]:
    games: dict[str, GamePackage] = {}
    for path in paths:
        game = load_package(path)
        ensure_package(game)
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


def has_tutorial(slug: str) -> bool:
    """Whether the game registered under ``slug`` has a guided first game."""
    game = games().get(slug)
    return game is not None and bool(game.tutorial_path)


def catalogue_entries() -> list[tuple[str, str, tuple[str, ...]]]:
    """``(slug, title, catalogue titles)`` per game, for :mod:`catalogue.engines`."""
    return [(slug, game.engine.info.title, game.titles) for slug, game in games().items()]


@checks.register("play")
def check_game_packages(app_configs=None, **kwargs) -> list[checks.CheckMessage]:
    """``manage.py check`` (and ``runserver``): every broken part of every registered package."""
    errors = []
    for path in _paths():
        try:
            game = load_package(path)
            problems = [f"{game.slug}: {problem}" for problem in check_package(game)]
        except (ImportError, GameContractError) as error:
            problems = [f"{path}: {error}"]
        errors += [checks.Error(problem, obj=path, id="play.E001") for problem in problems]
    return errors
