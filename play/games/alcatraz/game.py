"""Alcatraz as a game package: the engine, its MCTS bot, texts, board and house rules."""

from __future__ import annotations

import random
from typing import Any

from play.engines.base import InvalidOptions, Move
from play.games.base import GamePackage, Scenario

from . import texts


class AlcatrazGame(GamePackage):
    slug = "alcatraz"
    engine_path = "play.games.alcatraz.engine:AlcatrazEngine"
    titles = ("alcatraz",)
    texts = texts
    scripts = ("games/alcatraz/board.js",)
    styles = ("games/alcatraz/board.css",)

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        from .scenarios import SCENARIOS

        return SCENARIOS

    def validate_options(self, *, seats: int, options: Any) -> dict[str, Any]:
        """The engine's check; the reason for a refused option in the reader's language."""
        try:
            return super().validate_options(seats=seats, options=options)
        except InvalidOptions as error:
            reason = texts.OPTION_REFUSALS.get(error.option)
            if reason is None:
                raise
            raise InvalidOptions(str(reason), option=error.option) from None

    def describe_move(self, before: Any, after: Any, seat: int, move: Move) -> str:
        return " ".join(texts.describe_event(event) for event in after.events)

    def play_texts(self) -> dict[str, Any]:
        return texts.play_texts()

    def evaluate(self, state: Any) -> list[float]:
        from .evaluation import evaluate

        outcome = self.engine.outcome(state)
        return super().evaluate(state) if outcome is not None else evaluate(state)

    def gain(self, before: Any, after: Any, seat: int) -> float:
        """Prisoners in the boat first, then the static score's progress."""
        from .evaluation import seat_scores

        boat = after.boat[seat] - before.boat[seat]
        return 10.0 * boat + seat_scores(after)[seat] - seat_scores(before)[seat]

    def bot_move(
        self, state: Any, seat: int, *, level: str, rng: random.Random, seconds: float
    ) -> Move:
        from .bots import bot_move

        return bot_move(state, seat, level=level, seed=rng.getrandbits(32), seconds=seconds)


GAME = AlcatrazGame()
