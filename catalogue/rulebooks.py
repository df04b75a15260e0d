"""A playable game's rules in small pieces, as the play app tells the catalogue.

The catalogue sits below the play app and never imports it: at start-up the play app registers a
provider (``register_rules_provider``) that gives, for an engine's slug, its rule book's topics as
plain data (``[{"slug", "label", "rules": [{"anchor", "number", "title", "text", "house",
"original", "note", "related"}]}]``), or None when the game has no rule book. The game's page
shows them in place of the record's rules sections.
"""

from __future__ import annotations

from collections.abc import Callable

RulesProvider = Callable[[str], list[dict] | None]
#: (engine, question) → the rules that answer it best, as ``{"anchor", "title", "text"}``.
LookupProvider = Callable[[str, str], list[dict] | None]
_providers: list[RulesProvider] = []
_lookups: list[LookupProvider] = []


def register_rules_provider(provider: RulesProvider, lookup: LookupProvider) -> None:
    if provider not in _providers:
        _providers.append(provider)
    if lookup not in _lookups:
        _lookups.append(lookup)


def rules_answering(engine: str, question: str) -> list[dict] | None:
    """The rules of ``engine``'s game that answer ``question`` best, or None without a book."""
    if not engine:
        return None
    return next((found for p in _lookups if (found := p(engine, question)) is not None), None)


def rules_for_engine(engine: str) -> list[dict] | None:
    """The rule book's topics of the game playing as ``engine``, or None."""
    if not engine:
        return None
    return next((topics for p in _providers if (topics := p(engine)) is not None), None)
