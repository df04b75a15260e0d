"""Random playouts for the benchmarks and tests: whole random games of any engine, for a while."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

from play.engines.base import Engine, chance_for


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


def random_walk(engine: Engine, seats: int, seed: str, plies: int) -> Iterator[tuple[object, int]]:
    """``(state, seat to act)`` before each of the first ``plies`` plies of a seeded uniformly
    random game (chance from ``chance_for(seed, ply)``), until the game ends."""
    state = engine.new_game(seats=seats, options={}, rng=chance_for(seed, 0))
    rng = random.Random(seed)
    for ply in range(1, plies + 1):
        acting = engine.to_act(state)
        if not acting:
            return
        yield state, acting[0]
        moves = engine.legal_moves(state, acting[0])
        state = engine.play(state, acting[0], rng.choice(moves), chance_for(seed, ply))
