"""The Ta Yü game package: the engine, its texts, its scenarios and its bots behind one object."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from play.engines.base import Move
from play.games.base import GamePackage, Scenario

from . import texts


class TaYuGame(GamePackage):
    slug = "tayu"
    bots_path = "play.games.tayu.bots"
    engine_path = "play.games.tayu.engine:TaYuEngine"
    titles = ("ta yu",)
    texts = texts
    bot_levels = ("beginner", "intermediate", "strong")
    # A level is offered at a seat count when it beat the level below it there, its 95 %
    # interval above 50 % (bench/ladder.py tayu; the figures in bots.py's docstring): « fort »
    # was not measured stronger than « intermédiaire » at any seat count.
    offered_levels = {
        2: ("beginner", "intermediate"),
        3: ("beginner", "intermediate"),
        4: ("beginner", "intermediate"),
    }
    scripts = ("games/tayu/board.js",)
    styles = ("games/tayu/board.css",)

    @cached_property
    def _scenarios(self) -> tuple[Scenario, ...]:
        from .scenarios import build_scenarios

        return build_scenarios()

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        return self._scenarios

    def describe_move(self, before: Any, after: Any, seat: int, move: Move) -> str:
        return texts.describe_move(before, after, seat, move)

    def play_texts(self) -> dict[str, Any]:
        return texts.play_texts()
