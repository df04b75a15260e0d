"""Alcatraz as a game package: the engine, its MCTS bot, texts, board and house rules."""

from __future__ import annotations

from play.games.base import GamePackage


class AlcatrazGame(GamePackage):
    slug = "alcatraz"
    engine_path = "play.games.alcatraz.engine:AlcatrazEngine"
    texts_path = "play.games.alcatraz.texts"
    bots_path = "play.games.alcatraz.bots"
    scenarios_path = "play.games.alcatraz.scenarios"
    tutorial_path = "play.games.alcatraz.tutorial"
    rules_file = "rules.toml"
    titles = ("alcatraz",)
    scripts = ("games/alcatraz/board.js",)
    styles = ("games/alcatraz/board.css",)


GAME = AlcatrazGame()
