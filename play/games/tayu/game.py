"""The Ta Yü game package: the engine, its texts, its scenarios and its bots behind one object."""

from __future__ import annotations

from play.games.base import GamePackage


class TaYuGame(GamePackage):
    slug = "tayu"
    engine_path = "play.games.tayu.engine:TaYuEngine"
    texts_path = "play.games.tayu.texts"
    bots_path = "play.games.tayu.bots"
    scenarios_path = "play.games.tayu.scenarios"
    tutorial_path = "play.games.tayu.tutorial"
    rules_file = "rules.toml"
    titles = ("ta yu",)
    bot_levels = ("beginner", "intermediate", "strong")
    # A level is offered at a seat count when it beat the level below it there, its 95 %
    # interval above 50 % (python -m arena.ladder tayu; the figures in docs/bots.md): « fort »
    # was not measured stronger than « intermédiaire » at any seat count.
    offered_levels = {
        2: ("beginner", "intermediate"),
        3: ("beginner", "intermediate"),
        4: ("beginner", "intermediate"),
    }
    scripts = ("games/tayu/board.js",)
    styles = ("games/tayu/board.css",)


GAME = TaYuGame()
