"""Random playouts for the bench scripts: whole random games of any engine, for a while."""

from __future__ import annotations

import random
import time

from play.engines.base import Engine


def random_playouts(engine: Engine, seats: int, seconds: float) -> tuple[int, int, int, float]:
    """``(games, plies, games won by someone, elapsed seconds)`` of seeded uniformly random
    games played for about ``seconds`` (each game to its end: a win, a draw or a turn limit)."""
    games = plies = won = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        rng = random.Random(f"playout/{seats}/{games}")
        state = engine.new_game(seats=seats, options={}, rng=rng)
        while acting := engine.to_act(state):
            moves = engine.legal_moves(state, acting[0])
            state = engine.play(state, acting[0], moves[rng.randrange(len(moves))], rng)
            plies += 1
        games += 1
        outcome = engine.outcome(state)
        won += bool(outcome and outcome.winners)
    return games, plies, won, time.perf_counter() - start
