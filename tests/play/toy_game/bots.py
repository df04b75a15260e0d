"""The toy game's bot: a random legal move; the evaluation knows only finished games."""

from __future__ import annotations

import random

from play.games.base import evaluation_gain, finished_evaluation
from tests.play.toy_engine import GuessEngine

ENGINE = GuessEngine()


def bot_move(state, seat, *, level, rng: random.Random, seconds):
    moves = ENGINE.legal_moves(state, seat)
    return moves[rng.randrange(len(moves))]


def evaluate(state):
    return finished_evaluation(ENGINE, state)


def gain(before, after, seat):
    return evaluation_gain(evaluate, before, after, seat)
