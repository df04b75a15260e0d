"""Which bot plays which game, at which level, within the time a request allows."""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from django.utils.translation import gettext_lazy as _

from play.engines.base import Move
from play.engines.registry import get_engine

LEVELS = ("beginner", "intermediate", "strong")
LEVEL_LABELS = {
    "beginner": _("débutant"),
    "intermediate": _("intermédiaire"),
    "strong": _("fort"),
}


def bot_levels(engine_slug: str) -> tuple[str, ...]:
    return LEVELS


def bot_move(
    engine_slug: str, state: Any, seat: int, *, level: str, rng: random.Random, seconds: float
) -> Move:
    """The move a bot of ``level`` picks for ``seat``, thinking at most about ``seconds``."""
    engine = get_engine(engine_slug)
    moves = engine.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    seconds = max(seconds, 0.05)
    if engine_slug == "buffalo":
        from .buffalo import LEVELS as PRESETS
        from .buffalo import AlphaBetaBot

        preset = dict(PRESETS[level])
        preset["max_seconds"] = min(preset.get("max_seconds") or seconds, seconds)
        return AlphaBetaBot(**preset).choose(state)

    from . import mcts

    presets, extra = mcts.LEVELS, {}
    if engine_slug == "alcatraz":
        from . import alcatraz

        presets = alcatraz.ALCATRAZ_LEVELS
        extra = {"evaluate": alcatraz.evaluate, "playout_policy": alcatraz.playout_policy}
    budget = presets[level]
    limit = min(budget.time_limit or seconds, seconds)
    bot = mcts.make_bot(
        engine,
        level,
        seed=rng.getrandbits(32),
        presets={level: replace(budget, time_limit=limit)},
        **extra,
    )
    return bot.choose(state, seat)
