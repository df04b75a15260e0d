"""The strongest bot's belief about who holds which card, read from the public history only.

A player who holds an Indian's card tends to draft its die, to move it forward by large numbers
and never to send it back; a player who does not, the opposite. Each opponent gets a score per
colour from its moves since its hand last changed (a swap it made or suffered resets it), and a
hand's likelihood is ``exp(BELIEF_STRENGTH * sum of the scores of its colours)``.

:func:`belief_redeal` samples a determinisation from that belief by importance resampling:
``BELIEF_CANDIDATES`` uniform redeals from the engine's ``redeal_hidden`` (which keeps the seat's
own hand and what it learnt from swaps), one of them kept with probability proportional to its
likelihood. No card the seat cannot see is ever read.
"""

from __future__ import annotations

import math
import random

from .engine import PowwowEngine
from .moves import NEUTRAL_HOLDER
from .state import COLOURS, PowwowState

BELIEF_CANDIDATES = 8  # uniform redeals among which one is drawn by likelihood
BELIEF_STRENGTH = 1.0  # how far the scores tilt the draw (0: uniform redeals)
FORWARD_WEIGHT = 1 / 6  # per square an opponent moved an Indian forward
BACK_WEIGHT = 1 / 2  # per square it sent an Indian back (holders rarely do)
TAKE_WEIGHT = 0.3  # drafting a die while other colours were left

ENGINE = PowwowEngine()
_cache: list = [None, None]  # (history list, scores): histories are replaced, never mutated


def colour_scores(state: PowwowState) -> list[dict[str, float]]:
    """Per seat, how much its moves since its hand last changed suggest it holds each colour."""
    if _cache[0] is state.history:
        return _cache[1]
    scores = [dict.fromkeys(COLOURS, 0.0) for _ in range(state.seats)]
    for entry in state.history:
        kind, seat = entry[0], entry[1]
        if kind == "move":
            delta = entry[3]
            weight = FORWARD_WEIGHT if delta > 0 else BACK_WEIGHT
            scores[seat][entry[2]] += weight * delta
        elif kind == "take":
            if "," in entry[3]:
                scores[seat][entry[2]] += TAKE_WEIGHT
        elif kind == "swap":
            scores[seat] = dict.fromkeys(COLOURS, 0.0)
            if entry[2] != NEUTRAL_HOLDER:
                scores[entry[2]] = dict.fromkeys(COLOURS, 0.0)
    _cache[0], _cache[1] = state.history, scores
    return scores


def likelihood(state: PowwowState, seat: int, scores: list[dict[str, float]]) -> float:
    """How well the other seats' hands in ``state`` explain their moves (unnormalised)."""
    total = 0.0
    for other, hand in enumerate(state.hands):
        if other != seat:
            total += sum(scores[other].get(card, 0.0) for card in hand)
    return math.exp(BELIEF_STRENGTH * total)


def belief_redeal(state: PowwowState, seat: int, rng: random.Random) -> PowwowState:
    """A determinisation for ``seat`` drawn from the belief (see the module docstring)."""
    scores = colour_scores(state)
    candidates = [ENGINE.redeal_hidden(state, seat, rng) for _ in range(BELIEF_CANDIDATES)]
    weights = [likelihood(world, seat, scores) for world in candidates]
    pick = rng.random() * sum(weights)
    for world, weight in zip(candidates, weights, strict=True):
        pick -= weight
        if pick <= 0:
            return world
    return candidates[-1]
