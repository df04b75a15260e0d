"""Ta Yü bots: an evaluation of channel ends, and an expectimax search over the hidden draws.

Evaluation. A seat's prospects are the product of its two edges' *expected* totals: the points
already scored plus, for every open channel end on the board (an empty square in front of an
opening), a share of a point on each edge that decays with the end's distance to that edge and
depends on where the channel heads (toward the edge, across, or away). The gap between a seat's
expected product and the best opponent's becomes a reward in [0, 1]; with three players the
builders compare their expectation with the bid, the spoiler wins while both stay below it.

Search (no peeking: the face-down tiles are only known as a multiset, and the front tops by their
ring backs). The search runs on :class:`search.Node` positions, which value a placement without
playing it (same values as :func:`evaluate`, some 20 times faster). A draw is valued exactly over
the kinds it may reveal (every unseen tile of the visible ring class is equally likely) by the
best placement of each. A placement is valued by the evaluation after it (beginner, which plays
like the one-ply reference player), or by what the next player can best make of it
(intermediate: a full-width two-ply expectimax; the next player takes the front top whose ring
class promises them most, every kind of that class weighted by its unseen copies, places it where
it suits them best, and a kind that fits nowhere ends the game). Strong also chooses its supply
column by that two-ply value of its three best placements of every kind the column may reveal.
Searching one more draw (the mover's own next tile) played worse in measured games: the values
after one's own move are the optimistic ones. The clock is checked between two valuations of a
player's best placement; a pass it interrupts keeps what it had finished. The auction is a rule of
thumb: undercut by one down to a floor, then pass; strong's floor is where the spoiler's seat
stops being worth more than a builder's (:data:`STRONG_BID_FLOOR`).

A level may carry its own :class:`Weights` (the reference players and :func:`evaluate` keep the
constants below); every level keeps the hand-set weights, fitted ones measured no better.

The levels offered at each seat count, the arena's results, the oracle bound and the weights
fitted to results: ``docs/bots.md`` (Ta Yü).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, replace
from functools import lru_cache

from play.engines.base import Move

from .engine import TaYuEngine
from .moves import draw_columns, frontier
from .search import Context, Node, OutOfTime, Searcher, extents
from .state import AUCTION_SEATS, EDGES_OF_ROLE, SPOILER, TaYuState
from .tiles import COPIES, KINDS, RINGED, SIZE, edge_value, padded, unpadded

ENGINE = TaYuEngine()
REACH = 0.6  # share of a point an open end standing on an edge square is worth to that edge
DECAY = 0.5  # per square between the end and the edge (measured: 0.8 and 0.9 play worse)
HEADING = (1.6, 0.8, 0.35)  # the channel runs toward the edge, across it, away from it
BLOCKED_FACTOR = 0.3  # share of an end's worth toward an edge beyond a tile
PRODUCT_SCALE = 10.0  # a product gap of this much is worth a reward of about 0.73
# Beginner and intermediate bid down to this and then pass (a rule of thumb: in games against
# the one-ply player the better builder's final product stayed at or below 20 about 4 times in 10).
BID_FLOOR = 20
# Strong's floor. With intermediate in every seat and the auction scripted to leave the spoiler
# holding a given bid (``bench/experiments/tayu_auction.py --bids 16,20,24 --games 72``: the
# spoiler in each seat in turn), the spoiler scored 41.7 % at 16, 52.8 % at 20 and 69.4 % at 24;
# a builder wins about half of the rest, so the spoiler's seat is the better one while it wins
# over a third.
STRONG_BID_FLOOR = 16
TOTAL_TILES = len(KINDS) * COPIES


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights as a level's search uses them (:func:`evaluate` and the
    reference players keep the module's hand-set constants). ``stage``: an open end is worth
    ``1 + stage * (share of the supply left - 0.5)`` times the table's value, and never less
    than nothing."""

    reach: float = REACH
    decay: float = DECAY
    heading: tuple[float, float, float] = HEADING
    blocked: float = BLOCKED_FACTOR
    scale: float = PRODUCT_SCALE
    stage: float = 0.0


@dataclass(frozen=True)
class Level:
    """How hard a bot thinks: candidates searched two plies deep, kinds sampled per reply."""

    candidates: int  # 0: one ply only
    time_limit: float
    depth: int = 1  # draws looked at after the move
    deep_candidates: int = 0  # moves searched deeper than one draw
    deep_kinds: int = 0  # kinds per draw beyond the first (0: all)
    draw_candidates: int = 0  # placements per kind searched before choosing a column
    bid_floor: int = BID_FLOOR  # three players: the lowest bid it makes before passing
    weights: Weights | None = None  # None: the module's constants (the reference's evaluation)


LEVELS: dict[str, Level] = {
    "beginner": Level(candidates=0, time_limit=1.0),
    "intermediate": Level(candidates=40, time_limit=0.6),
    "strong": Level(candidates=40, time_limit=0.8, draw_candidates=3, bid_floor=STRONG_BID_FLOOR),
}


# -- evaluation -----------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _worth_table(reach: float, decay: float, heading: tuple[float, ...]) -> dict:
    """(padded square, open side) -> what an open end there is worth to N, E, S, W."""
    table = {}
    last = SIZE - 1
    for row in range(SIZE):
        for col in range(SIZE):
            distances = (row, last - col, last - row, col)
            positions = (col, row, col, row)
            for side in range(4):
                ahead = (side + 2) % 4  # the channel enters through ``side`` and runs on
                worth = []
                for edge in range(4):
                    turn = 0 if ahead == edge else 2 if ahead == (edge + 2) % 4 else 1
                    value = reach * decay ** distances[edge] * heading[turn]
                    worth.append(value * edge_value(positions[edge]))
                table[padded(row, col), side] = tuple(worth)
    return table


WORTH = _worth_table(REACH, DECAY, HEADING)


@lru_cache(maxsize=128)
def worth_table(weights: Weights, supply_left: int) -> dict:
    """The worth table of ``weights`` at a stage of the game (the tiles left in the supply)."""
    table = _worth_table(weights.reach, weights.decay, weights.heading)
    factor = max(0.0, 1.0 + weights.stage * (supply_left / TOTAL_TILES - 0.5))
    if factor == 1.0:
        return table
    return {key: tuple(v * factor for v in worth) for key, worth in table.items()}


def expected_edges(state: TaYuState, table: dict | None = None) -> list[float]:
    """Points scored on N, E, S, W plus the worth of the open channel ends (less toward an edge
    that a tile already stands between the end and)."""
    table = WORTH if table is None else table
    n, e, s, w = (float(x) for x in state.scores)
    blocked = BLOCKED_FACTOR
    if blocked == 1.0:
        for end in frontier(state):
            dn, de, ds, dw = table[end]
            n, e, s, w = n + dn, e + de, s + ds, w + dw
        return [n, e, s, w]
    top, bottom, left, right = extents(state)
    for end in frontier(state):
        dn, de, ds, dw = table[end]
        r, c = unpadded(end[0])
        n += dn if top[c] > r else dn * blocked
        s += ds if bottom[c] < r else ds * blocked
        w += dw if left[r] > c else dw * blocked
        e += de if right[r] < c else de * blocked
    return [n, e, s, w]


def seat_products(state: TaYuState) -> list[float | None]:
    """Each seat's expected product (``None`` for the spoiler and during the auction)."""
    totals = expected_edges(state)
    out: list[float | None] = []
    for role in state.roles():
        edges = EDGES_OF_ROLE.get(role)
        out.append(None if edges is None else totals[edges[0]] * totals[edges[1]])
    return out


def _squash(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


def final_values(state: TaYuState) -> list[float]:
    """The rewards if the game ended now (1 win, 0.5 draw, 0 loss)."""
    over = state.clone()
    over.phase, over.end = "over", "blocked"
    outcome = ENGINE.outcome(over)
    if outcome.draw:
        return [0.5] * state.seats
    return [1.0 if s in outcome.winners else 0.0 for s in range(state.seats)]


def evaluate(state: TaYuState) -> list[float]:
    """A reward in [0, 1] per seat (finished games: 1 win, 0.5 draw, 0 loss)."""
    seats = state.seats
    if state.phase == "over":
        return final_values(state)
    products = seat_products(state)
    if seats == AUCTION_SEATS:
        if state.spoiler is None:
            return [0.5] * seats
        bid = state.bid
        builders = [s for s in range(seats) if s != state.spoiler]
        best = max(products[s] for s in builders)
        values = [0.0] * seats
        values[state.spoiler] = _squash((bid - best) / PRODUCT_SCALE)
        for s in builders:
            other = products[builders[0] if s == builders[1] else builders[1]]
            beats_bid = _squash((products[s] - bid) / PRODUCT_SCALE)
            beats_other = _squash((products[s] - other) / PRODUCT_SCALE)
            values[s] = beats_bid * beats_other
        return values
    gap = (products[0] - products[1]) / PRODUCT_SCALE
    return [_squash(gap) if s % 2 == 0 else _squash(-gap) for s in range(seats)]


def gain(before: TaYuState, after: TaYuState, seat: int) -> float:
    """Immediate gain: the seat's points on its own edges gained by the move (scored ones count
    fully, open ends by their expected worth), less the opponents' gain."""
    role = before.roles()[seat]
    ahead, behind = expected_edges(after), expected_edges(before)
    diff = [a - b for a, b in zip(ahead, behind, strict=True)]
    if role == SPOILER:
        return -max(diff)
    mine = EDGES_OF_ROLE.get(role, ())
    return sum(diff[e] for e in mine) - sum(diff[e] for e in range(4) if e not in mine)


# -- what the unseen tiles may be -------------------------------------------------------------


def unseen_kinds(state: TaYuState) -> list[int]:
    """How many copies of each kind lie face down (public: all tiles minus placed and held)."""
    counts = [COPIES] * len(KINDS)
    for kind, *_ in state.tiles:
        counts[kind] -= 1
    for hand in state.held:
        for kind in hand:
            counts[kind] -= 1
    return counts


def draw_distribution(state: TaYuState, column: int) -> list[tuple[int, float]]:
    """(kind, probability) of the front top of ``column``, given its visible ring back."""
    front = state.front(column)
    ringed = RINGED[state.supply[column][front][-1]]  # the ring back, which everybody sees
    counts = unseen_kinds(state)
    pool = [(k, n) for k, n in enumerate(counts) if n and RINGED[k] == ringed]
    total = sum(n for _, n in pool)
    return [(k, n / total) for k, n in pool]


def _with_hand(state: TaYuState, seat: int, kind: int) -> TaYuState:
    """``state`` where ``seat`` holds ``kind`` as its newly drawn tile (a hypothesis)."""
    new = state.clone()
    new.held[seat] = [*new.held[seat], kind]
    new.phase, new.to_move = "place", seat
    return new


# -- search -----------------------------------------------------------------------------------


class _Clock:
    def __init__(self, seconds: float):
        self.deadline = time.perf_counter() + seconds

    def out(self) -> bool:
        return time.perf_counter() >= self.deadline


def searcher_for(
    state: TaYuState, rng: random.Random | None = None, weights: Weights | None = None
) -> Searcher:
    """A search over what ``state`` shows: unseen kinds, the ring backs of the drawable tops
    (valued with ``weights``, the module's constants if ``None``)."""
    if weights is None:
        ctx = Context(state, WORTH, BLOCKED_FACTOR, PRODUCT_SCALE)
    else:
        table = worth_table(weights, state.supply_left())
        ctx = Context(state, table, weights.blocked, weights.scale)
    classes = [RINGED[state.supply[c][state.front(c)][-1]] for c in draw_columns(state)]
    order = None if rng is None else rng.sample(range(len(KINDS)), len(KINDS))
    return Searcher(state, ctx, unseen_kinds(state), list(dict.fromkeys(classes)), order)


def _as_move(hand: list[int], option: tuple[int, int, int]) -> Move:
    kind, rotation, anchor = option
    row, col = unpadded(anchor)
    return {"type": "place", "tile": hand.index(kind), "row": row, "col": col, "rotation": rotation}


def choose_placement(state: TaYuState, seat: int, level: Level, rng: random.Random) -> Move:
    clock = _Clock(level.time_limit)
    searcher, node = searcher_for(state, rng, level.weights), Node.of(state)
    hand = list(state.held[seat])
    supply_left = searcher.supply_left
    scored = [(searcher.leaf(node, o, supply_left)[seat], o) for o in searcher.options(node, hand)]
    scored.sort(key=lambda item: -item[0])
    best = scored[0][1]
    if level.candidates == 0 or len(scored) == 1:
        return _as_move(hand, best)
    nxt = (seat + 1) % state.seats
    hands = [tuple(h) for h in state.held]
    searcher.deadline = clock.deadline
    deep: list[tuple[float, tuple[int, int, int]]] = []
    for depth in range(1, level.depth + 1):
        pool = scored[: level.candidates] if depth == 1 else deep[: level.deep_candidates]
        limit = 0 if depth == 1 else level.deep_kinds
        results = []
        try:
            for _value, option in pool:
                kind, rotation, anchor = option
                rest = list(hand)
                rest.remove(kind)
                hands[seat] = tuple(rest)
                values = searcher.after_draw(
                    node.child(kind, rotation, anchor),
                    nxt,
                    tuple(hands),
                    supply_left,
                    searcher.unseen,
                    searcher.classes,
                    depth - 1,
                    limit,
                )
                results.append((values[seat], option))
        except OutOfTime:
            if len(results) < (1 if depth == 1 else 2):
                break  # too little of this pass to choose from: keep the shallower choice
        results.sort(key=lambda item: -item[0])
        deep, best = results, results[0][1]
        if len(results) < len(pool):
            break
    return _as_move(hand, best)


def choose_draw(state: TaYuState, seat: int, moves: list[Move], level: Level | None = None) -> Move:
    """The column whose possible tiles promise most, on average over its ring class: each kind
    valued by its best placement (``level.draw_candidates`` > 0: by what the next player can
    make of the best few placements, as the placement search does, if time allows)."""
    searcher = searcher_for(state, None, None if level is None else level.weights)
    node = Node.of(state)
    left = searcher.supply_left - 1
    columns = {}  # ring class -> first column showing it
    for move in moves:
        columns.setdefault(
            RINGED[state.supply[move["stack"]][state.front(move["stack"])][-1]], move
        )
    if len(columns) == 1:
        return moves[0]
    shallow = {}
    for ringed, move in columns.items():
        value = 0.0
        for kind, p in draw_distribution(state, move["stack"]):
            found = searcher.best(node, seat, [*state.held[seat], kind], left)
            value += p * (final_values(state)[seat] if found is None else found[0][seat])
        shallow[ringed] = value
    best = columns[max(shallow, key=shallow.get)]
    if level is None or not level.draw_candidates:
        return best
    searcher.deadline = time.perf_counter() + level.time_limit
    nxt, deep = (seat + 1) % state.seats, {}
    try:
        for ringed, move in columns.items():
            deep[ringed] = _deep_draw_value(searcher, node, state, seat, nxt, move, level, left)
    except OutOfTime:
        return best
    return columns[max(deep, key=deep.get)]


def _deep_draw_value(searcher, node, state, seat, nxt, move, level, left) -> float:
    value = 0.0
    for kind, p in draw_distribution(state, move["stack"]):
        hand = [*state.held[seat], kind]
        options = searcher.options(node, hand)
        if not options:
            value += p * final_values(state)[seat]
            continue
        options.sort(key=lambda o: -searcher.leaf(node, o, left)[seat])
        unseen = searcher.unseen[:]
        unseen[kind] -= 1
        best = -1.0
        for option in options[: level.draw_candidates]:
            rest = list(hand)
            rest.remove(option[0])
            hands = [tuple(h) for h in state.held]
            hands[seat] = tuple(rest)
            values = searcher.after_draw(
                node.child(*option), nxt, tuple(hands), left, unseen, None, 0
            )
            best = max(best, values[seat])
        value += p * best
    return value


def choose_bid(state: TaYuState, moves: list[Move], floor: int = BID_FLOOR) -> Move:
    """Bid one lower while the bid stays at or above ``floor``, then pass."""
    bids = [m for m in moves if m["type"] == "bid" and m["value"] >= floor]
    if state.bid is None:
        return max(bids or [m for m in moves if m["type"] == "bid"], key=lambda m: m["value"])
    if bids:
        return max(bids, key=lambda m: m["value"])
    return {"type": "pass"}


def bot_move(
    state: TaYuState, seat: int, *, level: str, rng: random.Random, seconds: float
) -> Move:
    return level_move(state, seat, LEVELS[level], rng, seconds)


def level_move(
    state: TaYuState, seat: int, preset: Level, rng: random.Random, seconds: float
) -> Move:
    """The move of a bot playing ``preset`` within ``seconds`` (benches try other levels)."""
    moves = ENGINE.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"Seat {seat} has no move to choose.")
    if len(moves) == 1:
        return moves[0]
    preset = replace(preset, time_limit=min(preset.time_limit, seconds * 0.8))
    kind = moves[0]["type"]
    if kind in ("bid", "pass"):
        return choose_bid(state, moves, preset.bid_floor)
    if kind == "draw":
        return choose_draw(state, seat, moves, preset)
    return choose_placement(state, seat, preset, rng)


def one_ply_move(state: TaYuState, seat: int, rng: random.Random) -> Move:
    """The reference player: the move whose result ``evaluate`` likes best (draws valued over
    the kinds they may reveal, never the actual face-down tile)."""
    moves = ENGINE.legal_moves(state, seat)
    if moves[0]["type"] == "draw" and len(moves) > 1:
        return choose_draw(state, seat, moves)
    if moves[0]["type"] in ("bid", "pass"):
        return choose_bid(state, moves)
    return choose_placement(state, seat, LEVELS["beginner"], rng)


def random_move(state: TaYuState, seat: int, rng: random.Random) -> Move:
    moves = ENGINE.legal_moves(state, seat)
    return moves[rng.randrange(len(moves))]
