"""The Bataclan game package: engine, bots, texts, board and the record's examples together."""

from __future__ import annotations

from typing import Any

from play.engines.base import Move
from play.games.base import GamePackage, Scenario

from . import texts
from .scenarios import scenarios


class BataclanGame(GamePackage):
    slug = "bataclan"
    bots_path = "play.games.bataclan.bots"
    gesture_path = "play.games.bataclan.gesture"
    engine_path = "play.games.bataclan.engine:BataclanEngine"
    titles = ("bataclan",)
    texts = texts
    bot_levels = ("beginner", "intermediate", "strong")
    # A level is offered at a seat count when it beat the level below it there, its 95 %
    # interval above 50 % (bench/ladder.py bataclan; the figures in bots.py's docstring): with
    # more players the dice decide more, and the levels' differences vanish in 400 games.
    offered_levels = {
        3: ("beginner", "strong"),
        4: ("beginner", "intermediate"),
        5: ("beginner",),
        6: ("beginner", "strong"),
    }
    scripts = ("games/bataclan/board.js",)
    styles = ("games/bataclan/board.css",)

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        return scenarios()

    def describe_move(self, before: Any, after: Any, seat: int, move: Move) -> str:
        return texts.move_line(before, after, seat, move)

    def play_texts(self) -> dict[str, Any]:
        return texts.board_texts()
