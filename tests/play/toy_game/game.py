"""The toy package's ``GAME``: its parts named, as every game package names them."""

from __future__ import annotations

from play.games.base import GamePackage


class GuessGame(GamePackage):
    slug = "guess"
    engine_path = "tests.play.toy_engine:GuessEngine"
    texts_path = "tests.play.toy_game.texts"
    bots_path = "tests.play.toy_game.bots"
    scenarios_path = "tests.play.toy_game.scenarios"
    titles = ("devine",)
    scripts = ("games/guess/board.js",)
    bot_levels = ("beginner",)
    default_level = "beginner"


GAME = GuessGame()
