"""Which rules engines can play a catalogue game, as the play app tells the catalogue.

The catalogue sits below the play app and never imports it: at start-up the play app registers
a provider (``register_engine_provider``) that lists its games as ``(slug, title, titles)``:
the engine's slug, its name, and the catalogue titles (lower case, without accents) it plays.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

EngineEntry = tuple[str, str, tuple[str, ...]]
_providers: list[Callable[[], Iterable[EngineEntry]]] = []


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
