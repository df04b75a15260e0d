"""Django set up for the arena, and the game to play: a registered slug or a package's module."""

from __future__ import annotations

import os
from importlib import import_module


def setup_django() -> None:
    import django
    from django.apps import apps

    if not apps.ready:
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.dev")
        django.setup()


def load_game(slug_or_path: str):
    """A registered game by slug, or a game package by dotted module path (its ``GAME``)."""
    from play.games.registry import games

    registered = games()
    if slug_or_path in registered:
        return registered[slug_or_path]
    try:
        module = import_module(slug_or_path)
    except ModuleNotFoundError:
        raise SystemExit(f"Unknown game {slug_or_path!r}: one of {', '.join(registered)}") from None
    game = getattr(module, "GAME", None)
    if game is None and hasattr(module, "__path__"):  # a package whose GAME lives in .game
        game = import_module(f"{slug_or_path}.game").GAME
    if game is None:  # the module defining the package's class: the GAME is its package's
        game = import_module(slug_or_path.rpartition(".")[0]).GAME
    return game
