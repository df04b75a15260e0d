"""The strongest bot's belief about who holds which card, read from the public history only.

A player who holds an Indian's card tends to draft its die, to move it forward by large numbers
and never to send it back; a player who does not, the opposite. What a move says depends on the
moves the player could make instead: an Indian moved 2 when 2 was the longest move on offer was
pushed, one moved 2 when 6 was on offer was held back. So the record keeps, with every move, the
moves on offer, and a move counts by how far it went beyond their middle (:func:`evidence`).

The belief is a filter over every deal of all the cards (a few thousand at most, with six
players), run along the public record once for everyone (:func:`public_belief`). A move or a
draft multiplies the deals in which its player holds the colour by ``exp(evidence)``. A swap
moves each deal's weight to the deals it can lead to: the swapper gives its weaker card (the one
further behind, a POW WOW card first) with probability ``Weights.give_weaker``, and draws either
card of the target's pile. So what was learnt about a card follows it through the swaps, shared
between the hands it may have gone to, instead of being forgotten. A seat's posterior keeps the
deals that agree with its own hand and the facts its swaps taught it (:func:`posterior`), and
:func:`belief_redeal` draws a determinisation from it. The weights are fitted by
``bench/experiments/powwow_belief_fit.py`` (the likelihood of the true deals in bot games). No
card the seat cannot see is ever read.
"""

from __future__ import annotations

import bisect
import itertools
import math
import random
from array import array
from dataclasses import dataclass
from functools import cache

from .moves import NEUTRAL_HOLDER
from .state import COLOURS, HAND_SIZE, NEUTRAL_PILE_SIZE, POWWOW, PowwowState, deck


@dataclass(frozen=True)
class Weights:
    """Log-likelihood per unit of evidence (see :func:`evidence`), and the swap model."""

    forward: float = 0.0  # per square an opponent moved an Indian forward
    back: float = 0.0  # per square it sent an Indian back (holders rarely do)
    take: float = 0.0  # per draft of that colour's die while other colours were left
    skip: float = 0.0  # per time it left that colour's die to the others
    choice: float = 0.0  # per square a move went beyond the middle of the moves it could make
    give_weaker: float = 0.5  # chance that a swapper gives its weaker card


# Chosen by bench/experiments/powwow_belief_fit.py on two kinds of games, since strong reads the
# belief against both: the weights fitted on intermediate games at 5 and 6 seats (``--seats 5,6
# --players intermediate --games 8 --rounds 1``, 709 positions: forward 0.129, back 0.089, skip
# 0.2, give_weaker 0.9) and those fitted on games against one-ply (``--players
# oneply,intermediate``, 1,049 positions: 0, 0.178, 0, 0.8) share take and choice; forward, skip
# and give_weaker are taken midway, back from the second. Mean log probability of the true deal
# on intermediate games: -3.25 (-3.19 for the first fit, -3.44 for the second); on one-ply games:
# -3.52 (-3.75, -3.48); a uniform redeal scores -6.37 and -6.38. The first fit left strong at
# 87.5 % against one-ply at 6 seats, these weights at 96.3 % (80 games, ``python -m arena powwow
# --seats 6 --pairs strong:oneply``, seeds arena and s27).
WEIGHTS = Weights(forward=0.065, back=0.178, take=0.2, skip=0.1, choice=0.353, give_weaker=0.85)

_FILTERS_KEPT = 8
_filters: list = []  # ((weights, seats, first squares), record, deal weights), the latest last
_posteriors: dict = {}  # (seat, own hand, facts, seats, weights) -> (record, posterior)


def evidence(entry: tuple, weights: Weights) -> tuple[int, dict[str, float]] | None:
    """What a public record entry says: (its seat, the log-likelihood per colour of holding it),
    or None for an entry that says nothing about the seat's cards (a swap, a forced draft)."""
    kind, seat = entry[0], entry[1]
    if kind == "move":
        delta = entry[3]
        value = delta * (weights.forward if delta > 0 else weights.back)
        if len(entry) > 4 and "," in entry[4]:
            deltas = [int(d) for d in entry[4].split(",")]
            value += weights.choice * (delta - (min(deltas) + max(deltas)) / 2)
        return seat, {entry[2]: value}
    if kind == "take":
        left = entry[3].split(",")
        if len(left) > 1:
            found = {colour: -weights.skip for colour in left if colour != entry[2]}
            found[entry[2]] = weights.take
            return seat, found
    return None


@dataclass(frozen=True)
class Table:
    """Every deal of the cards for a seat count: ``holders`` (the seats, then -1 for the neutral
    pile), ``deals`` (per deal, each holder's sorted pile of two), ``holding[(place, colour)]``
    the deals in which the holder at ``place`` holds that colour, ``piles[(place, pile)]`` those
    in which it holds that pile, ``index`` each deal's position."""

    seats: int
    holders: tuple[int, ...]
    deals: tuple[tuple[tuple[str, ...], ...], ...]
    holding: dict
    piles: dict
    index: dict


@cache
def table(seats: int) -> Table:
    holders = tuple(range(seats)) + ((NEUTRAL_HOLDER,) if seats in NEUTRAL_PILE_SIZE else ())
    assert HAND_SIZE == 2 and all(size == 2 for size in NEUTRAL_PILE_SIZE.values())
    found: list[tuple[tuple[str, ...], ...]] = []

    def place(i: int, left: list[str], piles: list[tuple[str, ...]]) -> None:
        if i == len(holders):
            found.append(tuple(piles))
            return
        for chosen in sorted(set(itertools.combinations(left, 2))):
            rest = left[:]
            for card in chosen:
                rest.remove(card)
            place(i + 1, rest, [*piles, chosen])

    place(0, sorted(deck(seats)), [])
    holding: dict = {}
    piles: dict = {}
    for d, deal in enumerate(found):
        for p, pile in enumerate(deal):
            piles.setdefault((p, pile), []).append(d)
            for card in set(pile) - {POWWOW}:
                holding.setdefault((p, card), []).append(d)
    index = {deal: d for d, deal in enumerate(found)}
    return Table(seats, holders, tuple(found), holding, piles, index)


@cache
def _swap_successors(seats: int, giver: int, target: int) -> array:
    """For a swap between these places, per deal ``d``, at ``4 d + 2 g + j``: the deal it
    becomes when the giver gives its card ``g`` and draws the target's card ``j``."""
    t = table(seats)
    found = array("i")
    for deal in t.deals:
        mine, theirs = deal[giver], deal[target]
        for g in (0, 1):
            for j in (0, 1):
                new = list(deal)
                new[giver] = tuple(sorted((mine[1 - g], theirs[j])))
                new[target] = tuple(sorted((theirs[1 - j], mine[g])))
                found.append(t.index[tuple(new)])
    return found


def _place(t: Table, holder: int) -> int:
    return t.holders.index(holder)


def _advance(t: Table, weights: Weights, probs: list[float], squares: list[int], entry: tuple):
    """The deal weights after ``entry`` (normalised), ``squares`` (the Indians' squares)
    updated in place."""
    if entry[0] == "move":
        squares[COLOURS.index(entry[2])] += entry[3]
    if entry[0] == "swap":
        giver, target = _place(t, entry[1]), _place(t, entry[2])
        successors = _swap_successors(t.seats, giver, target)
        first: dict = {}  # per pile of the giver, the chance it gives its first card
        new = [0.0] * len(probs)
        for d, p in enumerate(probs):
            mine = t.deals[d][giver]
            chance = first.get(mine)
            if chance is None:
                chance = first[mine] = _gives_first(mine, squares, weights.give_weaker)
            a, b, base = p * chance / 2, p * (1 - chance) / 2, 4 * d
            new[successors[base]] += a
            new[successors[base + 1]] += a
            new[successors[base + 2]] += b
            new[successors[base + 3]] += b
        return _normalised(new)
    said = evidence(entry, weights)
    if said is None:
        return probs
    seat, values = said
    new = probs[:]
    for colour, value in values.items():
        if value:
            factor = math.exp(value)
            for d in t.holding.get((_place(t, seat), colour), ()):
                new[d] *= factor
    return _normalised(new)


def _gives_first(pile: tuple[str, ...], squares: list[int], give_weaker: float) -> float:
    """How likely a swapper holding ``pile`` (two cards) is to give its first card: the weaker
    (a POW WOW card, or the Indian further behind) with ``give_weaker``, even odds on a tie."""

    def strength(card: str) -> int:
        return -1 if card == POWWOW else squares[COLOURS.index(card)]

    first, second = strength(pile[0]), strength(pile[1])
    if first == second:
        return 0.5
    return give_weaker if first < second else 1.0 - give_weaker


def _normalised(probs: list[float]) -> list[float]:
    total = sum(probs)
    return [p / total for p in probs] if total > 0 else [1.0 / len(probs)] * len(probs)


def public_belief(state: PowwowState, weights: Weights = WEIGHTS) -> list[float]:
    """The weight of every deal of :func:`table` given the public record alone, extended from
    the longest part of this record already filtered (the record only grows during a game)."""
    t = table(state.seats)
    record = state.history
    squares = state.indians[:]  # the squares when the record began (0 in a game from its start)
    for entry in record:
        if entry[0] == "move":
            squares[COLOURS.index(entry[2])] -= entry[3]
    key = (weights, state.seats, tuple(squares))
    start, probs = 0, [1.0 / len(t.deals)] * len(t.deals)
    for kept_key, known, known_probs in _filters:
        if kept_key == key and start <= len(known) <= len(record) and record[: len(known)] == known:
            start, probs = len(known), known_probs
    if start == len(record):
        return probs
    for entry in record[:start]:
        if entry[0] == "move":
            squares[COLOURS.index(entry[2])] += entry[3]
    for entry in record[start:]:
        probs = _advance(t, weights, probs, squares, entry)
    _filters.append((key, list(record), probs))
    del _filters[:-_FILTERS_KEPT]
    return probs


def forget() -> None:
    """Drop the records filtered and the posteriors computed so far (benches and tests: the
    next record is read at once)."""
    _filters.clear()
    _posteriors.clear()


def deals(state: PowwowState, seat: int) -> tuple[list[int], list[tuple[tuple[str, ...], ...]]]:
    """Every distinct deal of the cards ``seat`` cannot see that agrees with its hand and the
    facts it knows: the holders (other seats, then -1 for the neutral pile) and, per deal, each
    holder's sorted pile."""
    holders, found, _ = _consistent(state, seat)
    return holders, found


def _consistent(state: PowwowState, seat: int):
    t = table(state.seats)
    facts = [(_place(t, holder), card) for holder, card in state.knowledge[seat]]
    others = [p for p, h in enumerate(t.holders) if h != seat]
    indices, found = [], []
    for d in t.piles.get((seat, tuple(state.hands[seat])), ()):
        deal = t.deals[d]
        if all(card in deal[p] for p, card in facts):
            indices.append(d)
            found.append(tuple(deal[p] for p in others))
    return [t.holders[p] for p in others], found, indices


def posterior(state: PowwowState, seat: int, weights: Weights = WEIGHTS):
    """(holders, deals, cumulative likelihoods) for ``seat``, cached while the record holds."""
    key = (seat, tuple(state.hands[seat]), tuple(state.knowledge[seat]), state.seats, weights)
    cached = _posteriors.get(key)
    if cached is not None and cached[0] is state.history:
        return cached[1]
    probs = public_belief(state, weights)
    holders, found, indices = _consistent(state, seat)
    cumulative = list(itertools.accumulate(probs[d] for d in indices))
    if not cumulative[-1] > 0:  # every agreeing deal ruled out: fall back on a uniform draw
        cumulative = [float(i + 1) for i in range(len(indices))]
    if len(_posteriors) > 64:
        _posteriors.clear()
    _posteriors[key] = (state.history, (holders, found, cumulative))
    return holders, found, cumulative


def true_deal_probability(state: PowwowState, seat: int, weights: Weights = WEIGHTS) -> float:
    """The posterior probability of the real deal (benches only: it reads every hand)."""
    holders, found, cumulative = posterior(state, seat, weights)
    real = tuple(tuple(state.neutral if h == NEUTRAL_HOLDER else state.hands[h]) for h in holders)
    index = found.index(real)
    return (cumulative[index] - (cumulative[index - 1] if index else 0.0)) / cumulative[-1]


def holding_probability(state: PowwowState, seat: int, holder: int, card: str) -> float:
    """How likely ``seat`` finds it that ``holder`` holds ``card`` (tests and benches)."""
    holders, found, cumulative = posterior(state, seat)
    place = holders.index(holder)
    weights = [b - a for a, b in itertools.pairwise([0.0, *cumulative])]
    return sum(w for deal, w in zip(found, weights, strict=True) if card in deal[place]) / sum(
        weights
    )


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
