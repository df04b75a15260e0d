"""The Pow Wow game package: the engine, texts, bots, house rules and the record's examples."""

from __future__ import annotations

from play.games.base import GamePackage


class PowwowGame(GamePackage):
    slug = "powwow"
    engine_path = "play.games.powwow.engine:PowwowEngine"
    texts_path = "play.games.powwow.texts"
    bots_path = "play.games.powwow.bots"
    scenarios_path = "play.games.powwow.scenarios"
    rules_file = "rules.toml"
    tutorial_path = "play.games.powwow.tutorial"
    titles = ("pow wow", "powwow")
    variant_seats = (2,)  # the record's variant for two, with a neutral pile
    # A level is offered at a seat count when it beat the level below it there, its 95 %
    # interval above 50 % (python -m arena.ladder powwow; the figures in docs/bots.md).
    # Intermediate did not beat beginner at any seat count (41 to 50 %, 126 to 400 games): it is
    # offered nowhere. Strong beat beginner at 5 and 6 seats; at 3 it was not cleared in 110
    # games (55.5 %), and at 2 and 4 it was not measured: beginner alone there.
    offered_levels = {
        2: ("beginner",),
        3: ("beginner",),
        4: ("beginner",),
        5: ("beginner", "strong"),
        6: ("beginner", "strong"),
    }
    scripts = ("games/powwow/board.js",)
    styles = ("games/powwow/board.css",)


GAME = PowwowGame()
