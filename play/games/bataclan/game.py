"""The Bataclan game package: engine, bots, texts, board and the record's examples together."""

from __future__ import annotations

from play.games.base import GamePackage


class BataclanGame(GamePackage):
    slug = "bataclan"
    engine_path = "play.games.bataclan.engine:BataclanEngine"
    texts_path = "play.games.bataclan.texts"
    bots_path = "play.games.bataclan.bots"
    scenarios_path = "play.games.bataclan.scenarios"
    gesture_path = "play.games.bataclan.gesture"
    rules_file = "rules.toml"
    tutorial_path = "play.games.bataclan.tutorial"
    titles = ("bataclan",)
    bot_levels = ("beginner", "intermediate", "strong")
    # A level is offered at a seat count when it beat the level below it there, its 95 %
    # interval above 50 % (python -m arena.ladder bataclan; the figures in docs/bots.md): with
    # more players the dice decide more, and the levels' differences vanish in 400 games.
    offered_levels = {
        3: ("beginner", "strong"),
        4: ("beginner", "intermediate"),
        5: ("beginner",),
        6: ("beginner", "strong"),
    }
    scripts = ("games/bataclan/board.js",)
    styles = ("games/bataclan/board.css",)


GAME = BataclanGame()
