"""Prairie / Buffalo as a game package: the engine, its alpha-beta bot, texts, board, series."""

from __future__ import annotations

import math
import random
from typing import Any

from play.engines.base import Move
from play.games.base import GamePackage, Scenario

from . import board as bb
from . import texts
from .series import BuffaloSeriesAdapter

EVALUATION_SCALE = 400.0  # static score (side to move) that maps to about 73 % / 27 %


class BuffaloGame(GamePackage):
    slug = "buffalo"
    engine_path = "play.games.buffalo.engine:BuffaloEngine"
    titles = ("prairie ou buffalo", "prairie", "buffalo")
    texts = texts
    bot_levels = ("beginner", "intermediate", "strong", "expert")
    scripts = ("games/buffalo/board.js",)
    styles = ("games/buffalo/board.css",)
    series = BuffaloSeriesAdapter()

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        from .scenarios import SCENARIOS

        return SCENARIOS

    def describe_move(self, before: Any, after: Any, seat: int, move: Move) -> str:
        from .engine import move_info

        return texts.describe_move(move_info(before, move))

    def play_texts(self) -> dict[str, Any]:
        return texts.play_texts()

    def evaluate(self, state: Any) -> list[float]:
        outcome = self.engine.outcome(state)
        if outcome is not None:
            return [1.0 if seat in outcome.winners else 0.0 for seat in range(2)]
        from .evaluation import evaluate

        score = evaluate(state.buffalo, state.dogs, state.chief, state.side)
        mover = 1 / (1 + math.exp(-score / EVALUATION_SCALE))
        seat = state.seat_of(state.side)
        values = [0.0, 0.0]
        values[seat], values[1 - seat] = mover, 1 - mover
        return values

    def gain(self, before: Any, after: Any, seat: int) -> float:
        """Captures for the Indians, rows advanced for the buffalo (a win counts most)."""
        outcome = self.engine.outcome(after)
        if outcome is not None:
            return 100.0 if seat in outcome.winners else -100.0
        if seat == before.seat_of(bb.BUFFALO_SIDE):
            return float(_rows(after.buffalo) - _rows(before.buffalo))
        return float(before.buffalo.bit_count() - after.buffalo.bit_count())

    def bot_move(
        self, state: Any, seat: int, *, level: str, rng: random.Random, seconds: float
    ) -> Move:
        from .bots import LEVELS, AlphaBetaBot

        preset = dict(LEVELS[level])
        preset["max_seconds"] = min(preset.get("max_seconds") or seconds, seconds)
        if preset.get("indian_seconds") is not None:
            preset["indian_seconds"] = min(preset["indian_seconds"], seconds)
        return AlphaBetaBot(**preset).choose(state)


def _rows(buffalo: int) -> int:
    return sum(sq // bb.COLUMNS for sq in bb.bits(buffalo))


GAME = BuffaloGame()
