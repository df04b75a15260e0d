"""Pow Wow bots: an evaluation, a heuristic player, and determinising searches that never peek.

Evaluation: each Indian's chance to finish first grows exponentially with its square
(``exp(square / RACE_TEMPERATURE)``, normalised over the six), and a seat is worth the chances of
the Indians whose cards it holds (a POW WOW card is worth nothing), plus, with two players, half
the chances of the neutral pile's Indians: nobody wins then, both players share the place, as in
a draw. It reads the hands of the state it is given, so searches call it only on
determinisations (``redeal_hidden`` or the belief below), never on the real position.

Levels:

* ``beginner``: the heuristic player alone. It knows only its own cards: it drafts the die whose
  best move helps it most, moves the stone that best helps its own Indians (or sends another's
  back, or lands on a moccasin or stone square when a swap would pay), and swaps or re-rolls when
  the exact mean result, over the cards it cannot place, beats keeping.
* ``intermediate``: MCTS (``play.bots.mcts``) over determinisations drawn uniformly by the engine's
  ``redeal_hidden``; fast playouts (own colour's die, best advance, no swap) cut after a few plies
  and scored by the evaluation.
* ``strong``: the same search with more iterations (3,000, the clock permitting) over
  determinisations drawn from a *belief* about who holds which card (:mod:`.belief`): a filter
  over every deal of the cards, run along the public record, in which each opponent's Indian
  moves and drafts make the deals under which those choices were good more likely (each read
  against the choices on offer) and a swap carries what was learnt along with the cards it may
  have moved; the seat keeps the deals that agree with its own hand and what its swaps taught it.

Playouts pick the advance ``best_advance`` would, valued incrementally (:func:`playout_advance`:
a move changes one Indian's weight), the same moves for less CPU.

The levels offered at each seat count, the arena's results, the belief's and the playouts'
measurements: ``docs/bots.md`` (Pow Wow).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from play.bots.mcts import Budget, MCTSBot
from play.engines.base import Move

from . import moves as m
from .belief import belief_redeal
from .engine import PowwowEngine
from .state import COLOURS, CORRIDORS, FINISH, MOCCASIN_SQUARES, STONE_SQUARES, PowwowState

RACE_TEMPERATURE = 5.0  # squares: an Indian 5 squares ahead is e (2.7) times likelier to win
STONE_WORTH = 0.5  # a prediction stone is worth this share of the swap it could buy
REROLL_MARGIN = 0.01  # a re-roll or a paid swap must promise at least this much more
SWAP_MARGIN = 0.0  # a free moccasin swap is made when it promises more than keeping
PLAYOUT_EPSILON = 0.15  # playouts play a random move this often, the heuristic one otherwise
DRAW_SHARE = 0.5  # two players: what a neutral card's win (nobody's) is worth to each seat


@dataclass(frozen=True)
class Level:
    budget: Budget | None  # None: the heuristic player alone
    belief: bool = False  # determinisations from the belief instead of uniform redeals


LEVELS: dict[str, Level] = {
    "beginner": Level(None),
    "intermediate": Level(Budget(iterations=250, playout_depth=8, time_limit=1.0)),
    "strong": Level(Budget(iterations=3000, playout_depth=8, time_limit=0.9), belief=True),
}

ENGINE = PowwowEngine()


# -- evaluation -----------------------------------------------------------------------------------


def win_chances(state: PowwowState) -> dict[str, float]:
    """Each Indian's chance to be the first at the finish, from the squares alone."""
    if state.finisher is not None:
        return {c: float(c == state.finisher) for c in COLOURS}
    weights = race_weights(state.indians)
    total = sum(weights)
    return {c: w / total for c, w in zip(COLOURS, weights, strict=True)}


def race_weights(squares) -> list[float]:
    """Each Indian's unnormalised chance to finish first, from its square."""
    return [math.exp((square - FINISH) / RACE_TEMPERATURE) for square in squares]


def evaluate(state: PowwowState) -> list[float]:
    """Per seat, the chance that one of its cards wins, plus half the chance that a card of the
    neutral pile does (nobody wins then: a shared place, as a draw; a value in [0, 1])."""
    chances = win_chances(state)
    shared = DRAW_SHARE * sum(chances.get(card, 0.0) for card in state.neutral)
    return [sum(chances.get(card, 0.0) for card in hand) + shared for hand in state.hands]


def hand_value(state: PowwowState, hand: list[str]) -> float:
    chances = win_chances(state)
    return sum(chances.get(card, 0.0) for card in hand)


def gain(before: PowwowState, after: PowwowState, seat: int) -> float:
    """Immediate gain: how much the seat's own cards' chances grew (its hand as it is after)."""
    hand = after.hands[seat]
    return hand_value(after, hand) - hand_value(before, hand)


# -- the heuristic player -------------------------------------------------------------------------


def _chance_of(chances: dict[str, float], card: str) -> float:
    return chances.get(card, 0.0)


def expected_draw(
    state: PowwowState, seat: int, chances: dict[str, float], target: int | str
) -> float:
    """The mean win chance of the card ``seat`` would draw from ``target``, from what it knows.

    The card drawn is one the target is known to hold (a swap taught the seat) or, for the other
    places of that hand, any card the seat cannot place, all equally likely: no peeking."""
    facts = state.knowledge[seat]
    unseen = [c for h, pile in enumerate(state.hands) if h != seat for c in pile] + state.neutral
    for _holder, card in facts:
        unseen.remove(card)
    unknown = sum(_chance_of(chances, c) for c in unseen) / len(unseen) if unseen else 0.0
    holder = m.NEUTRAL_HOLDER if target == m.NEUTRAL else target
    size = len(state.neutral) if holder == m.NEUTRAL_HOLDER else len(state.hands[holder])
    known = [card for h, card in facts if h == holder]
    return (sum(_chance_of(chances, c) for c in known) + (size - len(known)) * unknown) / size


def swap_gain(
    state: PowwowState, seat: int, chances: dict[str, float]
) -> tuple[float, Move | None]:
    """The best swap's expected gain for ``seat`` (its weakest card for the best draw)."""
    give = min(state.hands[seat], key=lambda c: _chance_of(chances, c))
    best: tuple[float, Move | None] = (-1.0, None)
    for target in m.swap_targets(state, seat):
        gain = expected_draw(state, seat, chances, target) - _chance_of(chances, give)
        if gain > best[0]:
            best = (gain, {"type": "swap", "give": give, "target": target})
    return best


def _advance_value(state, seat, colour, index, back, specials) -> float:
    ring, number = m.stone_target(state, index)
    hand = state.hands[seat]
    indians = state.indians
    i = COLOURS.index(colour)
    old = indians[i]
    square = indians[i] = max(0, min(FINISH, old + (-number if back else number)))
    if square >= FINISH:
        indians[i] = old
        return float(colour in hand)
    chances = win_chances(state)
    value = sum(_chance_of(chances, c) for c in hand)
    if specials and number:
        if square in MOCCASIN_SQUARES:
            value += max(0.0, swap_gain(state, seat, chances)[0])
        elif square in STONE_SQUARES and state.supply:
            value += STONE_WORTH * max(0.0, swap_gain(state, seat, chances)[0])
    indians[i] = old
    return value


def best_advance(
    state: PowwowState, seat: int, colour: str | None = None, *, specials: bool = False
) -> tuple[float, Move]:
    """The advance that leaves the seat's own cards best placed, with its value (``specials``:
    counting what a moccasin swap or a prediction stone would then be worth)."""
    colour = colour or state.taken[seat]
    best: tuple[float, Move] | None = None
    for index, _, back in m.advance_options(state, colour):
        value = _advance_value(state, seat, colour, index, back, specials)
        if best is None or value > best[0]:
            best = (value, {"type": "advance", "corridor": CORRIDORS[index], "back": back})
    assert best is not None
    return best


def heuristic_move(state: PowwowState, seat: int, rng: random.Random) -> Move:
    """The beginner's move: the best one-move result for its own cards, from what it knows."""
    phase = state.phase
    if phase == "roll":
        return {"type": "roll"}
    if phase == "draft":
        options = [c for c in COLOURS if c in state.dice]
        colour = max(options, key=lambda c: best_advance(state, seat, c, specials=True)[0])
        return {"type": "take", "colour": colour}
    chances = win_chances(state)
    if phase == "moccasin":
        gain, swap = swap_gain(state, seat, chances)
        return swap if swap is not None and gain > SWAP_MARGIN else {"type": "decline"}
    value, advance = best_advance(state, seat, specials=True)
    if state.stones[seat]:
        rerolled = sum(best_advance(state, seat, c, specials=True)[0] for c in COLOURS) / len(
            COLOURS
        )
        gain, swap = swap_gain(state, seat, chances)
        if swap is not None and gain > max(REROLL_MARGIN, rerolled - value):
            return swap
        if rerolled > value + REROLL_MARGIN:
            return {"type": "reroll"}
    return advance


def playout_policy(state: PowwowState, seat: int, moves: list[Move], rng: random.Random) -> Move:
    """Fast playouts: the heuristic move without swaps or re-rolls, with some random moves."""
    if rng.random() < PLAYOUT_EPSILON:
        return moves[rng.randrange(len(moves))]
    phase = state.phase
    if phase == "draft":
        hand = state.hands[seat]
        own = [c for c in hand if c in state.dice]
        if own:
            return {"type": "take", "colour": own[0]}
        return moves[rng.randrange(len(moves))]
    if phase == "moccasin":
        return {"type": "decline"}
    if phase == "move":
        return playout_advance(state, seat)
    return moves[0]


def playout_advance(state: PowwowState, seat: int) -> Move:
    """``best_advance(state, seat)[1]`` (no specials), faster: an option changes one Indian's
    weight, so each is valued from the position's weights with one exponential. With two
    players it also counts the neutral pile's cards at ``DRAW_SHARE``, as :func:`evaluate` does
    (playouts run on determinisations only)."""
    colour = state.taken[seat]
    i = COLOURS.index(colour)
    old = state.indians[i]
    weights = race_weights(state.indians)
    total = sum(weights)
    hand = state.hands[seat]
    stake = 1.0 if colour in hand else DRAW_SHARE if colour in state.neutral else 0.0
    mine = sum(weights[COLOURS.index(c)] for c in hand if c in COLOURS)
    mine += DRAW_SHARE * sum(weights[COLOURS.index(c)] for c in state.neutral)
    best: Move | None = None
    best_value = 0.0
    for index, number, back in m.advance_options(state, colour):
        square = min(FINISH, old - number if back else old + number)
        if square >= FINISH:
            value = stake
        else:
            shift = race_weights((square,))[0] - weights[i]
            value = (mine + stake * shift) / (total + shift)
        if best is None or value > best_value:
            best_value = value
            best = {"type": "advance", "corridor": CORRIDORS[index], "back": back}
    assert best is not None
    return best


# -- entry point ----------------------------------------------------------------------------------


def make_search(
    level: str, *, seed: int, seconds: float | None = None, iterations: int | None = None
) -> MCTSBot:
    """The search of ``level``; ``seconds`` caps its clock, ``iterations`` (tests) replaces its
    budget and drops the clock, so that the choice is reproducible."""
    spec = LEVELS[level]
    budget = spec.budget
    assert budget is not None
    limit = budget.time_limit if seconds is None else min(budget.time_limit or seconds, seconds)
    budget = replace(budget, time_limit=limit)
    if iterations is not None:
        budget = replace(budget, iterations=iterations, time_limit=None)
    bot = MCTSBot(
        ENGINE,
        iterations=budget.iterations,
        time_limit=budget.time_limit,
        playout_depth=budget.playout_depth,
        seed=seed,
        evaluate=evaluate,
        playout_policy=playout_policy,
    )
    # Strong samples worlds from the belief, intermediate uniformly; neither world keeps a record.
    bot._determinize = unrecorded(belief_redeal if spec.belief else ENGINE.redeal_hidden)
    return bot


def unrecorded(determinize):
    """``determinize`` whose worlds keep no public record (``history`` None): the belief reads
    the real position's, before the search starts, and nobody reads the imagined ones' (the
    bench's oracles wrap their true-deal hook in it too)."""

    def redeal(state: PowwowState, seat: int, rng: random.Random) -> PowwowState:
        world = determinize(state, seat, rng)
        world.history = None
        return world

    return redeal


def bot_move(
    state: PowwowState, seat: int, *, level: str, rng: random.Random, seconds: float
) -> Move:
    """The move a bot of ``level`` picks for ``seat``, thinking at most ``seconds``."""
    if level not in LEVELS:
        raise ValueError(f"Unknown level {level!r}.")
    moves = ENGINE.legal_moves(state, seat)
    if len(moves) == 1:
        return moves[0]
    if LEVELS[level].budget is None:
        return heuristic_move(state, seat, rng)
    bot = make_search(level, seed=rng.getrandbits(32), seconds=max(seconds, 0.05))
    return bot.choose(state, seat)
