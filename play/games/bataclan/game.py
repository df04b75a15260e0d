"""The Bataclan game package: engine, bots, texts, board and the record's examples together."""

from __future__ import annotations

import random
from typing import Any, ClassVar

from django.utils.translation import gettext_lazy

from play.engines.base import Move
from play.games.base import GamePackage, Scenario

from . import bots, texts
from .scenarios import scenarios


class BataclanGame(GamePackage):
    slug = "bataclan"
    engine_path = "play.games.bataclan.engine:BataclanEngine"
    titles = ("bataclan",)
    rule_messages = texts.RULE_MESSAGES
    outcome_reasons = texts.OUTCOME_REASONS
    role_labels = texts.ROLE_LABELS
    option_labels = texts.OPTION_LABELS
    option_choice_labels = texts.OPTION_CHOICE_LABELS
    house_rules = texts.HOUSE_RULES
    bot_levels = ("beginner", "intermediate", "strong")
    level_descriptions: ClassVar[dict[str, Any]] = {
        "beginner": gettext_lazy(
            "Main hésitante ; pose tout ce qu'il peut sans mesurer le risque."
        ),
        "intermediate": gettext_lazy(
            "Main assez sûre ; s'arrête quand la pile devient trop dangereuse."
        ),
        "strong": gettext_lazy(
            "Main sûre ; pèse chaque dé, choisit ceux qu'il garde et sait s'arrêter."
        ),
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

    def evaluate(self, state: Any) -> list[float]:
        return bots.evaluate(state)

    def gain(self, before: Any, after: Any, seat: int) -> float:
        return bots.gain(before, after, seat)

    def bot_move(
        self, state: Any, seat: int, *, level: str, rng: random.Random, seconds: float
    ) -> Move:
        return bots.bot_move(state, seat, level=level, rng=rng, seconds=seconds)
