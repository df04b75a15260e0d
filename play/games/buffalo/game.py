"""Prairie / Buffalo as a game package: the engine, its alpha-beta bot, texts, board, series."""

from __future__ import annotations

from play.games.base import GamePackage

from .series import BuffaloSeriesAdapter


class BuffaloGame(GamePackage):
    slug = "buffalo"
    engine_path = "play.games.buffalo.engine:BuffaloEngine"
    texts_path = "play.games.buffalo.texts"
    bots_path = "play.games.buffalo.bots"
    scenarios_path = "play.games.buffalo.scenarios"
    rules_file = "rules.toml"
    tutorial_path = "play.games.buffalo.tutorial"
    titles = ("prairie ou buffalo", "prairie", "buffalo")
    bot_levels = ("beginner", "intermediate", "strong", "expert")
    scripts = ("games/buffalo/board.js",)
    styles = ("games/buffalo/board.css",)
    series = BuffaloSeriesAdapter()


GAME = BuffaloGame()
