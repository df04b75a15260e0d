"""The strongest bot's belief about who holds which card, read from the public history only.

A player who holds an Indian's card tends to draft its die, to move it forward by large numbers
and never to send it back; a player who does not, the opposite. What a move says depends on the
moves the player could make instead: an Indian moved 2 when 2 was the longest move on offer was
pushed, one moved 2 when 6 was on offer was held back. So the record keeps, with every move, the
moves on offer, and a move counts by how far it went beyond their middle. Each opponent gets a
score per colour from its moves since its hand last changed (a swap it made or suffered resets
it), and a deal of the cards the seat cannot see has the likelihood ``exp(sum of the scores of
the colours each opponent would hold)``.

The deals are few (at most a few thousand, with six players), so :func:`posterior` enumerates
every deal consistent with what the seat knows (its own hand, the facts swaps taught it) once per
position and :func:`belief_redeal` draws from that exact posterior. The weights are fitted by
``bench/powwow_belief_fit.py`` (the likelihood of the true deals in bot games). No card the seat
cannot see is ever read.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from dataclasses import dataclass

from .moves import NEUTRAL_HOLDER
from .state import COLOURS, HAND_SIZE, PowwowState


@dataclass(frozen=True)
class Weights:
    """Log-likelihood per unit of evidence (see :func:`colour_features`)."""

    forward: float = 0.0  # per square an opponent moved an Indian forward
    back: float = 0.0  # per square it sent an Indian back (holders rarely do)
    take: float = 0.0  # per draft of that colour's die while other colours were left
    skip: float = 0.0  # per time it left that colour's die to the others
    choice: float = 0.0  # per square a move went beyond the middle of the moves it could make


# Fitted by bench/powwow_belief_fit.py on games between intermediate and one-ply players (3 and 5
# seats): mean log probability of the true deal -2.72 against -3.08 for the weights fitted before
# moves were read against the moves on offer (forward 0.22, back 0.6) and -3.82 for a uniform
# redeal. Drafts told nothing once the moves were counted (their weights fitted to 0).
WEIGHTS = Weights(forward=0.097, back=0.067, choice=0.471)

_scores: list = [None, None, None]  # (history list, weights, scores): histories are replaced
_posteriors: dict = {}  # (seat, own hand, facts) -> (history, deals, cumulative weights)


def colour_features(state: PowwowState) -> list[dict[str, list[float]]]:
    """Per seat and colour, the evidence since its hand last changed: squares moved forward,
    squares sent back (negative), drafts of that colour with a choice, times it was left, and
    how far each move went beyond the middle of the moves it had to choose from (a holder takes
    the longest it can, whatever the numbers on offer)."""
    features = [_no_evidence() for _ in range(state.seats)]
    for entry in state.history:
        kind, seat = entry[0], entry[1]
        if kind == "move":
            delta = entry[3]
            found = features[seat][entry[2]]
            found[0 if delta > 0 else 1] += delta
            if len(entry) > 4 and "," in entry[4]:
                deltas = [int(d) for d in entry[4].split(",")]
                found[4] += delta - (min(deltas) + max(deltas)) / 2
        elif kind == "take":
            left = entry[3].split(",")
            if len(left) > 1:
                features[seat][entry[2]][2] += 1
                for colour in left:
                    if colour != entry[2]:
                        features[seat][colour][3] -= 1
        elif kind == "swap":
            features[seat] = _no_evidence()
            if entry[2] != NEUTRAL_HOLDER:
                features[entry[2]] = _no_evidence()
    return features


def _no_evidence() -> dict[str, list[float]]:
    return {c: [0.0] * 5 for c in COLOURS}


def colour_scores(state: PowwowState, weights: Weights = WEIGHTS) -> list[dict[str, float]]:
    """Per seat, how much its moves since its hand last changed suggest it holds each colour."""
    if _scores[0] is state.history and _scores[1] == weights:
        return _scores[2]
    w = weight_vector(weights)
    scores = [
        {c: sum(a * b for a, b in zip(w, f, strict=True)) for c, f in seat.items()}
        for seat in colour_features(state)
    ]
    _scores[0], _scores[1], _scores[2] = state.history, weights, scores
    return scores


def weight_vector(weights: Weights) -> tuple[float, ...]:
    """The weights in the order of :func:`colour_features`' evidence."""
    return (weights.forward, weights.back, weights.take, weights.skip, weights.choice)


def deals(state: PowwowState, seat: int) -> tuple[list[int], list[tuple[tuple[str, ...], ...]]]:
    """Every distinct deal of the cards ``seat`` cannot see: the holders (other seats, then -1
    for the neutral pile) and, per deal, each holder's sorted pile."""
    holders = [s for s in range(state.seats) if s != seat]
    if state.neutral:
        holders.append(NEUTRAL_HOLDER)
    sizes = {h: HAND_SIZE for h in holders}
    if state.neutral:
        sizes[NEUTRAL_HOLDER] = len(state.neutral)
    known: dict[int, list[str]] = {h: [] for h in holders}
    pool = [c for h in holders for c in (state.neutral if h == -1 else state.hands[h])]
    for holder, card in state.knowledge[seat]:
        pool.remove(card)
        known[holder].append(card)
    found: list[tuple[tuple[str, ...], ...]] = []

    def place(index: int, left: list[str], piles: list[tuple[str, ...]]) -> None:
        if index == len(holders):
            found.append(tuple(piles))
            return
        holder = holders[index]
        need = sizes[holder] - len(known[holder])
        for chosen in sorted(set(itertools.combinations(left, need))):
            rest = left[:]
            for card in chosen:
                rest.remove(card)
            place(index + 1, rest, [*piles, tuple(sorted([*known[holder], *chosen]))])

    place(0, sorted(pool), [])
    return holders, found


def posterior(state: PowwowState, seat: int, weights: Weights = WEIGHTS):
    """(holders, deals, cumulative likelihoods) for ``seat``, cached while the history holds."""
    key = (seat, tuple(state.hands[seat]), tuple(state.knowledge[seat]), state.seats, weights)
    cached = _posteriors.get(key)
    if cached is not None and cached[0] is state.history:
        return cached[1:]
    scores = colour_scores(state, weights)
    holders, found = deals(state, seat)
    cumulative, total = [], 0.0
    logs = [
        sum(
            scores[h].get(card, 0.0)
            for h, pile in zip(holders, deal, strict=True)
            if h != NEUTRAL_HOLDER
            for card in pile
        )
        for deal in found
    ]
    top = max(logs)
    for value in logs:
        total += math.exp(value - top)
        cumulative.append(total)
    if len(_posteriors) > 64:
        _posteriors.clear()
    _posteriors[key] = (state.history, holders, found, cumulative)
    return holders, found, cumulative


def true_deal_probability(state: PowwowState, seat: int, weights: Weights = WEIGHTS) -> float:
    """The posterior probability of the real deal (benches only: it reads every hand)."""
    holders, found, cumulative = posterior(state, seat, weights)
    real = tuple(tuple(state.neutral if h == NEUTRAL_HOLDER else state.hands[h]) for h in holders)
    index = found.index(real)
    return (cumulative[index] - (cumulative[index - 1] if index else 0.0)) / cumulative[-1]


def belief_redeal(state: PowwowState, seat: int, rng: random.Random) -> PowwowState:
    """A determinisation for ``seat`` drawn from the posterior (see the module docstring)."""
    if state.phase == "over":
        return state.clone()
    holders, found, cumulative = posterior(state, seat)
    index = bisect.bisect_left(cumulative, rng.random() * cumulative[-1])
    deal = found[min(index, len(found) - 1)]
    new = state.clone()
    for holder, pile in zip(holders, deal, strict=True):
        if holder == NEUTRAL_HOLDER:
            new.neutral = list(pile)
        else:
            new.hands[holder] = list(pile)
    new.knowledge = [
        [f for f in fs if f[1] in (new.neutral if f[0] == -1 else new.hands[f[0]])]
        for fs in state.knowledge
    ]
    return new
