"""Which rules engines can play a catalogue game, as the play app tells the catalogue.

The catalogue sits below the play app and never imports it: at start-up the play app registers
a provider (``register_engine_provider``) that lists its games as ``(slug, title, titles)``:
the engine's slug, its name, and the catalogue titles (lower case, without accents) it plays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

EngineEntry = tuple[str, str, tuple[str, ...]]
_providers: list[Callable[[], Iterable[EngineEntry]]] = []
_tutorials: list[Callable[[str], bool]] = []
_pictures: list[Callable[[object], dict | None]] = []


def register_engine_provider(provider: Callable[[], Iterable[EngineEntry]]) -> None:
    if provider not in _providers:
        _providers.append(provider)


def _entries() -> list[EngineEntry]:
    return [entry for provider in _providers for entry in provider()]


def engine_choices() -> list[tuple[str, str]]:
    """``(slug, title)`` of every engine, for the librarian's « moteur de jeu » field."""
    return sorted((slug, title) for slug, title, _titles in _entries())


def playable_engines() -> set[str]:
    return {slug for slug, _title, _titles in _entries()}


def engine_for_title(folded_title: str) -> str:
    """The engine that plays the game of this title (lower case, accents removed), or ""."""
    return next((slug for slug, _t, titles in _entries() if folded_title in titles), "")


def register_tutorial_provider(provider: Callable[[str], bool]) -> None:
    """``provider(engine)``: whether the game playing as ``engine`` has a guided first game."""
    if provider not in _tutorials:
        _tutorials.append(provider)


def has_tutorial(engine: str) -> bool:
    """Whether the game playing as ``engine`` has a guided first game (« Apprendre à jouer »)."""
    return bool(engine) and any(provider(engine) for provider in _tutorials)


def register_picture_provider(provider: Callable[[object], dict | None]) -> None:
    """``provider(game)``: the opening position a playable game without a photo shows."""
    if provider not in _pictures:
        _pictures.append(provider)


def opening_picture(game) -> dict | None:
    """What draws ``game``'s board at the start of a game, for its page when it has no photo:
    ``{"seats", "scripts", "styles", "data", "texts"}`` (static paths, the board script's data
    and strings), or None for a game nobody can play here."""
    if not game.engine:
        return None
    return next((found for p in _pictures if (found := p(game)) is not None), None)
