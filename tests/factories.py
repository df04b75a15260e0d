"""Small helpers that build catalogue rows through the services, as the app itself does."""

from __future__ import annotations

import itertools

from catalogue import services
from catalogue.models import Game

_counter = itertools.count(1)


def make_game(
    title: str | None = None,
    *,
    authors: tuple[str, ...] = (),
    publisher: str = "",
    category: tuple[str, str, str] | None = None,
    **fields,
) -> Game:
    game = Game(title=title or f"Jeu {next(_counter)}", **fields)
    if publisher:
        game.publisher = services.publisher_get_or_create(name=publisher)
    if category:
        code, label, family = category
        game.category = services.category_get_or_create(code=code, label=label, family=family)
    return services.game_save(game=game, credits=[(name, "Auteur") for name in authors])
