"""What search engines read of a page: its meta description and a game's schema.org data."""

from __future__ import annotations

import re
from typing import Any

from .models import Game
from .readable import readable

DESCRIPTION_LENGTH = 155

_SPACES = re.compile(r"\s+")


def description(text: str, *, limit: int = DESCRIPTION_LENGTH) -> str:
    """``text`` on one line, cut at a word boundary to at most ``limit`` characters (« … » ends
    a cut text)."""
    text = _SPACES.sub(" ", text).strip()
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:.-–—") + "…"


def game_description(game: Game) -> str:
    """The game's meta description, from its record: its principle, else its rules; else what
    the record says of it (players, age, publisher). The text as the page shows it."""
    for text in (game.principle, game.rules_text, game.pedagogical_analysis):
        if text and text.strip():
            return description(readable(text).text)
    facts = [game.title, game.players_display, game.age_display]
    if game.publisher_id:
        facts.append(game.publisher.name)
    return description(" · ".join(fact for fact in facts if fact))


def _iso_duration(minutes: int) -> str:
    hours, minutes = divmod(minutes, 60)
    return "PT" + (f"{hours}H" if hours else "") + (f"{minutes}M" if minutes or not hours else "")


def game_structured_data(game: Game, *, url: str, language: str) -> dict[str, Any]:
    """The game as schema.org's ``Game`` (JSON-LD): name, players, age, duration, authors,
    publisher. ``url`` is the page's absolute address; ``language`` the record's language."""
    data: dict[str, Any] = {
        "@context": "https://schema.org",
        "@type": "Game",
        "name": game.title,
        "url": url,
        "inLanguage": language,
        "description": game_description(game),
    }
    if game.min_players or game.max_players:
        players: dict[str, Any] = {"@type": "QuantitativeValue"}
        if game.min_players:
            players["minValue"] = game.min_players
        if game.max_players:
            players["maxValue"] = game.max_players
        data["numberOfPlayers"] = players
    if game.min_age is not None and game.max_age is not None:
        data["typicalAgeRange"] = f"{game.min_age}-{game.max_age}"
    elif game.min_age is not None:
        data["typicalAgeRange"] = f"{game.min_age}-"
    if game.duration_minutes:
        data["timeRequired"] = _iso_duration(game.duration_minutes)
    authors = [{"@type": "Person", "name": credit.author.name} for credit in game.credits.all()]
    if authors:
        data["author"] = authors if len(authors) > 1 else authors[0]
    if game.publisher_id:
        data["publisher"] = {"@type": "Organization", "name": game.publisher.name}
    return data
