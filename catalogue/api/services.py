"""The API's writes: a librarian's game as validated input → :func:`catalogue.services.game_save`.

Everything a write touches (a new publisher, new authors, the game, its credits) is in one
transaction: when the game does not validate, nothing is left behind.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from catalogue import services
from catalogue.models import Game
from catalogue.rules import split_sections


@transaction.atomic
def game_write(*, game: Game | None, data: dict[str, Any]) -> Game:
    """Create (``game`` None) or update a game from validated API input.

    ``authors`` (list of {name, role}) replaces the credits when given; ``publisher`` is a name
    (created if new, None/"" for none); ``rules_sections`` not given but ``rules_text`` given:
    the sections are split from the text. Raises ``django.core.exceptions.ValidationError``
    (the model's own checks, e.g. minimum players above maximum) and writes nothing then.
    """
    game = game if game is not None else Game()
    values = dict(data)
    credits = values.pop("authors", None)
    if "publisher" in values:
        name = (values.pop("publisher") or "").strip()
        game.publisher = services.publisher_get_or_create(name=name) if name else None
    if "rules_sections" in values:
        values["rules_sections"] = [dict(section) for section in values["rules_sections"]]
    elif "rules_text" in values:
        values["rules_sections"] = [
            {"heading": s.heading, "body": s.body} for s in split_sections(values["rules_text"])
        ]
    for name, value in values.items():
        setattr(game, name, value)
    pairs = None if credits is None else [(c["name"].strip(), c["role"].strip()) for c in credits]
    return services.game_save(game=game, credits=pairs)


def game_delete(*, game: Game) -> None:
    """Remove a game (its credits go with it; its authors and publisher stay)."""
    game.delete()
