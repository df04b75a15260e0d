"""The reference players of the bots' tests and bench: the best static score, or chance."""

from __future__ import annotations

import random

from play.engines.base import Move

from . import board as bb
from .engine import MAX_PLIES, BuffaloState, move_from_int
from .evaluation import MATE, NEIGHBOURS, ROW6, buffalo_to_move_win, dogs_lock_all
from .evaluation import evaluate as static_evaluate

LOCK_PLIES = MAX_PLIES  # a dog lock wins for the Indians within the game's length


class GreedyBot:
    """Plays the move with the best static score (exact short wins first); seeded tie-breaks."""

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, state: BuffaloState) -> Move:
        return move_from_int(self.choose_int(state))

    def choose_int(self, state: BuffaloState) -> int:
        best, choices = None, []
        for move in state.int_moves():
            child = state.child(move)
            if child.result is not None:
                score = MATE if child.result[0] == state.side else -MATE
            elif child.side == state.side:
                score = static_evaluate(child.buffalo, child.dogs, child.chief, child.side)
            else:
                score = -_static(child)
            if best is None or score > best:
                best, choices = score, [move]
            elif score == best:
                choices.append(move)
        return self.rng.choice(choices)


def _static(state: BuffaloState) -> int:
    """Score for the side to move of a position: exact short results, else the evaluation."""
    b, d, c = state.buffalo, state.dogs, state.chief
    if dogs_lock_all(b, d, c):
        return MATE - LOCK_PLIES if state.side == bb.INDIAN_SIDE else LOCK_PLIES - MATE
    if state.side == bb.BUFFALO_SIDE:
        win = buffalo_to_move_win(b, d, c)
        if win:
            return MATE - win
    else:
        runners = b & ROW6
        if runners and (runners & (runners - 1) or not NEIGHBOURS[c] & runners):
            return -(MATE - 2)
    return static_evaluate(b, d, c, state.side)


class RandomBot:
    """Uniformly random legal moves (seeded)."""

    def __init__(self, seed: int | str = 0):
        self.rng = random.Random(seed)

    def choose(self, state: BuffaloState) -> Move:
        return move_from_int(self.choose_int(state))

    def choose_int(self, state: BuffaloState) -> int:
        return self.rng.choice(state.int_moves())
