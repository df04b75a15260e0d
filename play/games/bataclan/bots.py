"""Bataclan bots: a hand (how steady) and a head (which dice to keep and place, when to stop).

A bot's level is two things. Its *hand* is a human one (:class:`~.gesture.TimedHand`): it presses
off the marker's centre crossing by a normal timing error of :data:`TIMING_SPREAD_MS` (90 ms for
the beginner, 60 for intermediate, 30 for strong: a very steady person, not a perfect one; mean
steadiness 0.47 / 0.63 / 0.78, see physics.py's table). On a server the bot answers the server's own
challenge with :func:`bot_press` and the server measures its steadiness as for a person
(:mod:`play.services`); ``bot_move`` itself, for benches and searches, draws a steadiness from the
same hand on a fresh simulated challenge. Bots do not choose their steadiness any more than people
do. Its *head* (:class:`Head`) decides the rest:

* beginner and intermediate: keep the Gs and the dice that continue the pile from the value they
  need; before each placement they estimate by simulation (their own hand, the real physical
  model) the chance of a fall and the dice that would fall, and stop when the expected loss
  outweighs the die they would get rid of; big dice first while the pile is low. The beginner's
  hand shakes more;
* strong: the steadiest hand; weighs every die that fits, in chances to win rather
  than dice (taking back a whole pile is far worse than one die less is good), keeps dice by
  simulating the coming roll, and before rolling on a pile it would rather not touch it keeps the
  dice that do *not* fit, so that the roll is unlikely to force a die on it ("dodging": one die
  must be placed whenever one can be).

The arena's reference players choose among every legal move, whose steadiness runs over the
whole grid, so they place with a uniform hand (``random`` 0.52, ``greedy`` 0.47, ``oneply`` 0.54
on average): the arena's default table measures hands and heads together; ``--hand`` (in
``arena/players/bataclan.py``) gives everybody one hand and measures heads alone.

The levels offered at each seat count, the ladder and the oracle bound they were chosen by, and
what the heads measured: ``docs/bots.md`` (Bataclan).

``evaluate`` turns dice counts into a share of the win (fewer dice, more chances); ``gain`` is the
change in the mover's dice count.
"""

from __future__ import annotations

import random
import time
from collections import Counter

from play.bots.mcts import outcome_values
from play.engines.base import Move

from . import physics
from .engine import STEADINESS_GRID, STEADINESS_STEP, BataclanEngine, placeable_groups
from .gesture import TimedHand
from .state import BataclanState, G

ENGINE = BataclanEngine()


class Hand:
    """A steadiness distribution: a normal law of ``mean`` and ``spread`` clipped to [0, 1]."""

    def __init__(self, mean: float, spread: float):
        self.mean, self.spread = mean, spread

    def draw(self, rng: random.Random) -> float:
        value = min(1.0, max(0.0, rng.gauss(self.mean, self.spread)))
        return STEADINESS_GRID[round(value / STEADINESS_STEP)]


# Each level's timing spread (ms), inside the human range of 30 (very steady) to 100 (shaky): on a
# server the bot answers the server's challenge with a press off the centre by this spread, and
# the server measures its steadiness as for a person (play.services).
TIMING_SPREAD_MS = {"beginner": 90, "intermediate": 60, "strong": 30}
HANDS = {level: TimedHand(spread) for level, spread in TIMING_SPREAD_MS.items()}
# The bench's reference players (random, one-ply) place with this hand: a person who stops the
# page's swinging marker fairly well.
REFERENCE_HAND = TimedHand(60)


class Head:
    """How a level decides: ``samples`` simulated placements per estimate (at least one), the
    expected gain ``threshold`` under which it stops, whether it compares the dice that fit
    (``compare``), and how it keeps dice (``keep``: "chain" the Gs and the run from the needed
    value, "simulate" the best of a few keep sets by simulated rolls)."""

    def __init__(
        self,
        samples: int,
        threshold: float,
        compare: bool,
        keep: str,
        utility: bool = False,
        dodge: float | None = None,
    ):
        if samples < 1 or keep not in ("chain", "simulate"):
            raise ValueError("A head needs at least one sample and a keep mode it knows.")
        self.samples, self.threshold, self.compare, self.keep = samples, threshold, compare, keep
        self.utility, self.dodge = utility, dodge


CAREFUL = Head(samples=40, threshold=0.0, compare=False, keep="chain")
HEADS = {
    "beginner": CAREFUL,
    "intermediate": CAREFUL,
    "strong": Head(
        samples=150, threshold=0.0, compare=True, keep="simulate", utility=True, dodge=0.3
    ),
}
SIZE_WEIGHT = {physics.STANDARD: 1.0, physics.MEDIUM: 1.25, physics.GIANT: 1.5}
LOW_PILE = 8  # below this height big dice go first
KEEP_SAMPLES = 60  # simulated rolls per keep candidate (strong)


# -- the public entry point ----------------------------------------------------------------------


def bot_move(
    state: BataclanState, seat: int, *, level: str, rng: random.Random, seconds: float
) -> Move:
    if level not in HANDS:
        raise ValueError(f"Unknown Bataclan bot level {level!r}.")
    return head_move(state, seat, level=level, rng=rng, seconds=seconds, hand=HANDS[level])


def bot_press(params, *, level: str, rng: random.Random) -> float:
    """When a bot of ``level`` presses for the server's challenge ``params`` (ms since shown)."""
    return HANDS[level].press(params, rng)


def head_move(
    state: BataclanState, seat: int, *, level: str, rng: random.Random, seconds: float, hand: Hand
) -> Move:
    """The move ``level``'s head picks when it places with ``hand`` (benches compare heads with
    one hand for everybody)."""
    moves = ENGINE.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"Seat {seat} has no move to choose.")
    deadline = time.perf_counter() + seconds
    if state.phase == "roll":
        return keep_or_roll(state, seat, level, rng, deadline, hand)
    return place_or_stop(state, seat, level, rng, hand, deadline)


def place_or_stop(
    state: BataclanState,
    seat: int,
    level: str,
    rng: random.Random,
    hand_law: Hand,
    deadline: float | None = None,
) -> Move:
    """A placement (the steadiness drawn from ``hand_law``) or a stop, as ``level`` decides."""
    head = HEADS[level]
    groups = placeable_groups(state.hands[seat], state.needed)
    steadiness = hand_law.draw(rng)
    order = _candidate_order(state, groups)
    best, best_value = None, None
    for index in order if head.compare else order[:1]:
        value = _placement_value(state, seat, index, hand_law, head, rng, deadline)
        if best_value is None or value > best_value:
            best, best_value = index, value
    if state.placed and best_value <= head.threshold:
        return {"type": "stop"}
    return _place(state, best, steadiness)


def keep_or_roll(
    state: BataclanState,
    seat: int,
    level: str,
    rng: random.Random,
    deadline: float,
    hand_law: Hand | None = None,
) -> Move:
    """The next die to set aside before the roll, or the roll itself."""
    keeps = [m for m in ENGINE.legal_moves(state, seat) if m["type"] == "keep"]
    if not keeps:
        return {"type": "roll"}
    hand, kept = state.hands[seat], state.kept
    head = HEADS[level]
    hand_law = hand_law or HANDS[level]
    if head.dodge is not None and _dangerous(state, seat, head, hand_law, rng, deadline):
        wanted = _dodging_keep(hand, kept, state.needed)
    elif head.keep == "simulate":
        wanted = _best_keep(state, seat, rng, deadline)
    else:
        wanted = _chain_keep(hand, kept, state.needed, with_chain=True)
    wanted -= Counter(tuple(d) for d in kept)
    for move in keeps:
        if wanted[tuple(hand[move["die"]])] > 0:
            return move
    return {"type": "roll"}


# -- evaluation ----------------------------------------------------------------------------------


def evaluate(state: BataclanState) -> list[float]:
    """Per seat, a share of the win in [0, 1]: finished seats by rank, the others by dice left."""
    seats = state.seats
    outcome = ENGINE.outcome(state)
    if outcome is not None:
        return outcome_values(outcome, seats)
    values = [0.0] * seats
    for rank, seat in enumerate(state.finished):
        values[seat] = 1.0 if rank == 0 else 0.5 * (seats - 1 - rank) / max(1, seats - 2)
    left = state.dice_left()
    rest = [s for s in range(seats) if s not in state.finished]
    prize = 1.0 if not state.finished else 0.5 * (seats - 1 - len(state.finished)) / (seats - 2)
    strengths = {s: 1.0 / (left[s] + 0.5) ** 2 for s in rest}
    total = sum(strengths.values())
    for s in rest:
        values[s] = prize * strengths[s] / total
    return values


def gain(before: BataclanState, after: BataclanState, seat: int) -> float:
    return float(before.dice_left()[seat] - after.dice_left()[seat])


# -- placements ----------------------------------------------------------------------------------


def _place(state: BataclanState, index: int, steadiness: float) -> Move:
    return {"type": "place", "die": index, "as": state.needed, "steadiness": steadiness}


def _candidate_order(state: BataclanState, groups: list[int]) -> list[int]:
    """Dice that fit, in the order the level prefers: natural faces before Gs, then by size."""
    hand = state.hands[state.to_move]
    low = len(state.pile) < LOW_PILE

    def key(i: int) -> tuple:
        size, face = hand[i]
        order = physics.SIZE_ORDER.index(size)
        return (face == G and state.needed != G, -order if low else order)

    return sorted(groups, key=key)


def _placement_value(
    state: BataclanState,
    seat: int,
    index: int,
    hand_law: Hand,
    head: Head,
    rng: random.Random,
    deadline: float | None,
) -> float:
    """What placing die ``index`` is expected to bring (positive: better than stopping).

    The stock is the bot's dice weighted by size. Linear heads count the weight it gets rid of
    against the weight that falls back to it; ``utility`` heads compare chances to win instead
    (``1 / (stock + 0.5)²``, relative to the present stock), for which taking back a whole pile
    weighs far more than one die less."""
    hand = state.hands[seat]
    size = hand[index][0]
    stock = sum(SIZE_WEIGHT[s] for s, _ in hand) + sum(SIZE_WEIGHT[s] for s, _ in state.kept)
    pile = [(d["size"], d["x"]) for d in state.pile]
    total = 0.0
    done = 0
    for _ in range(head.samples):
        _, failing = physics.place(pile, size, hand_law.draw(rng), rng)
        if failing is None:
            change = -SIZE_WEIGHT[size]
        else:
            change = sum(SIZE_WEIGHT[s] for s, _ in pile[failing:])
        total += _utility(stock + change) / _utility(stock) - 1 if head.utility else -change
        done += 1
        if deadline is not None and done >= 8 and time.perf_counter() > deadline:
            break
    return total / max(1, done)


def _utility(stock: float) -> float:
    return 1.0 / (stock + 0.5) ** 2


# -- keeping dice --------------------------------------------------------------------------------


def _dangerous(
    state: BataclanState, seat: int, head: Head, hand_law: Hand, rng: random.Random, deadline: float
) -> bool:
    """Whether the die the roll would force on the pile is expected to cost more than it brings."""
    if not state.pile:
        return False
    probe = state.clone()
    probe.hands[seat] = hand = [*state.hands[seat], *state.kept]
    probe.kept = []
    smallest = min(range(len(hand)), key=lambda i: physics.SIZE_ORDER.index(hand[i][0]))
    linear = Head(head.samples, 0.0, False, "chain")
    value = _placement_value(probe, seat, smallest, hand_law, linear, rng, deadline)
    return value < head.dodge


def _dodging_keep(hand: list[list], kept: list[list], needed: int) -> Counter:
    """Keep every die that does not fit (re-rolling as few as allowed): a wobbly pile is best
    left to the next players."""
    fits = {needed, G}
    return Counter(tuple(d) for d in [*kept, *hand] if d[1] is not None and d[1] not in fits)


def _chain_keep(hand: list[list], kept: list[list], needed: int, *, with_chain: bool) -> Counter:
    """Dice worth keeping (a multiset over hand and kept dice): every G, and (``with_chain``) one
    die per value of the run that continues the pile from ``needed``."""
    dice = [tuple(d) for d in [*kept, *hand] if d[1] is not None]
    wanted = Counter(d for d in dice if d[1] == G)
    if not with_chain:
        return wanted
    value = needed
    for _ in range(5):
        match = [d for d in dice if d[1] == value and value != G]
        if not match:
            break
        wanted[min(match, key=lambda d: physics.SIZE_ORDER.index(d[0]))] += 1
        value = value % 6 + 1
    return wanted


def _best_keep(state: BataclanState, seat: int, rng: random.Random, deadline: float) -> Counter:
    """The keep set (among a few candidates) with the longest expected chain after the roll."""
    hand, kept, needed = state.hands[seat], state.kept, state.needed
    candidates = [
        _chain_keep(hand, kept, needed, with_chain=True),
        _chain_keep(hand, kept, needed, with_chain=False),
        Counter(tuple(d) for d in kept),
    ]
    best, best_value = candidates[0], -1.0
    for wanted in candidates:
        if not wanted >= Counter(tuple(d) for d in kept):
            continue  # what is kept stays kept
        value = 0.0
        for _ in range(KEEP_SAMPLES):
            value += _chain_length(_simulated_roll(hand, kept, wanted, rng), needed)
        if value > best_value:
            best, best_value = wanted, value
        if time.perf_counter() > deadline:
            break
    return best


def _simulated_roll(
    hand: list[list], kept: list[list], wanted: Counter, rng: random.Random
) -> list:
    left = wanted - Counter(tuple(d) for d in kept)
    result = [list(d) for d in kept]
    for die in hand:
        if left[tuple(die)] > 0:
            left[tuple(die)] -= 1
            result.append(list(die))
        else:
            result.append([die[0], rng.randint(1, 6)])
    return result


def _chain_length(dice: list[list], needed: int) -> int:
    """How many dice of ``dice`` could go on the pile in a row from ``needed`` (Gs as jokers)."""
    faces = [d[1] for d in dice]
    jokers = faces.count(G)
    counts = {f: faces.count(f) for f in range(2, 7)}
    length, value = 0, needed
    while True:
        if value != G and counts.get(value, 0):
            counts[value] -= 1
        elif jokers:
            jokers -= 1
        else:
            return length
        length += 1
        value = value % 6 + 1
