"""Ta Yü bots: an evaluation of channel ends, and an expectimax search over the hidden draws.

Evaluation. A seat's prospects are the product of its two edges' *expected* totals: the points
already scored plus, for every open channel end on the board (an empty square in front of an
opening), a share of a point on each edge that decays with the end's distance to that edge and
depends on where the channel heads (toward the edge, across, or away). The gap between a seat's
expected product and the best opponent's becomes a reward in [0, 1]; with three players the
builders compare their expectation with the bid, the spoiler wins while both stay below it.

Search (no peeking: the face-down tiles are only known as a multiset, and the front tops by their
ring backs). A draw is valued exactly over the kinds it may reveal (every unseen tile of the
visible ring class is equally likely) by the best placement of each. A placement is valued by the
evaluation after it (beginner, which is also the one-ply reference player), or by what the next
player can best make of it (intermediate and strong: a two-ply expectimax over the best
candidates; the next player takes the front top whose ring class promises them most, every kind
of that class weighted by its unseen copies, and places it where it suits them best). Strong
searches twice as many candidates. The clock stops the search between candidates. The auction is
a rule of thumb: bid while the bid stays above the product a builder is expected to reach.

Measured (bench/tayu_bench.py): the two-ply search beats random players but is only about even
with the one-ply player on the same evaluation; see the bench's figures.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass

from play.engines.base import Move

from .engine import TaYuEngine
from .moves import draw_columns, frontier
from .state import AUCTION_SEATS, EDGES_OF_ROLE, SPOILER, TaYuState
from .tiles import COPIES, KINDS, ORIENTATIONS, RINGED, SIZE, edge_value, padded, unpadded

ENGINE = TaYuEngine()
REACH = 0.6  # share of a point an open end standing on an edge square is worth to that edge
DECAY = 0.5  # per square between the end and the edge (measured: 0.8 and 0.9 play worse)
HEADING = (1.6, 0.8, 0.35)  # the channel runs toward the edge, across it, away from it
BLOCKED_FACTOR = 0.3  # share of an end's worth toward an edge beyond a tile
PRODUCT_SCALE = 10.0  # a product gap of this much is worth a reward of about 0.73
EXPECTED_PRODUCT = 40.0  # the better builder's typical final product (measured in bot games)
BID_MARGIN = 4  # the bot bids down to EXPECTED_PRODUCT + this


@dataclass(frozen=True)
class Level:
    """How hard a bot thinks: candidates searched two plies deep, kinds sampled per reply."""

    candidates: int  # 0: one ply only
    reply_kinds: int  # 0: the next tile exactly as the supply's front tops allow
    time_limit: float


LEVELS: dict[str, Level] = {
    "beginner": Level(candidates=0, reply_kinds=0, time_limit=1.0),
    "intermediate": Level(candidates=6, reply_kinds=0, time_limit=1.0),
    "strong": Level(candidates=12, reply_kinds=0, time_limit=0.9),  # checked between candidates
}


# -- evaluation -----------------------------------------------------------------------------


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
    top, bottom = [SIZE] * SIZE, [-1] * SIZE  # per column: first and last covered row
    left, right = [SIZE] * SIZE, [-1] * SIZE  # per row: first and last covered column
    for kind, row, col, rotation, _seat in state.tiles:
        for r, c, _mask in ORIENTATIONS[kind][rotation].squares:
            r, c = row + r, col + c
            if r < top[c]:
                top[c] = r
            if r > bottom[c]:
                bottom[c] = r
            if c < left[r]:
                left[r] = c
            if c > right[r]:
                right[r] = c
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


def _place_values(state: TaYuState, seat: int) -> list[tuple[float, Move, TaYuState]]:
    """Every placement for ``seat`` with the evaluation after it, best first."""
    rng = random.Random(0)
    scored = []
    for move in ENGINE.legal_moves(state, seat):
        after = ENGINE.play(state, seat, move, rng)
        scored.append((evaluate(after)[seat], move, after))
    scored.sort(key=lambda item: -item[0])
    return scored


def best_placement_value(state: TaYuState, seat: int) -> float:
    moves = ENGINE.legal_moves(state, seat)
    if not moves:
        return evaluate(state)[seat]  # nothing fits: the game is about to end
    rng = random.Random(0)
    return max(evaluate(ENGINE.play(state, seat, m, rng))[seat] for m in moves)


def reply_kinds(state: TaYuState, count: int, rng: random.Random) -> list[tuple[int, float]]:
    """The kinds the next player may draw, with weights: all unseen kinds exactly (``count`` 0)
    or a sample of ``count`` tiles. The same list serves every candidate move, so that their
    values differ by the moves, not by the luck of the sample."""
    counts = unseen_kinds(state)
    total = sum(counts)
    if not total:
        return []
    if count == 0 or count >= total:
        return [(k, n / total) for k, n in enumerate(counts) if n]
    pool = [k for k, n in enumerate(counts) for _ in range(n)]
    return [(k, 1.0 / count) for k in rng.sample(pool, count)]


def _reply_value(after: TaYuState, seat: int, kinds: list[tuple[int, float]] | None) -> float:
    """``seat``'s value once the next player has drawn and placed their best tile.

    ``kinds`` given: the next tile is one of them (weights). ``None``: exactly as the rules make
    it, a front top of the supply, of the ring class everybody sees; the next player takes the
    column that promises them most, then their best placement of the tile it reveals."""
    if ENGINE.outcome(after) is not None:
        return evaluate(after)[seat]
    nxt = after.to_move
    if kinds is not None:
        return _expected_reply(after, seat, nxt, kinds)[0]
    columns = draw_columns(after)
    if not columns:
        return evaluate(after)[seat]
    best_for_them, value = -1.0, 0.0
    seen: dict[bool, tuple[float, float]] = {}
    for column in columns:
        ringed = RINGED[after.supply[column][after.front(column)][-1]]
        if ringed not in seen:
            seen[ringed] = _expected_reply(after, seat, nxt, draw_distribution(after, column))
        mine, theirs = seen[ringed]
        if theirs > best_for_them:
            best_for_them, value = theirs, mine
    return value


def _expected_reply(
    after: TaYuState, seat: int, nxt: int, kinds: list[tuple[int, float]]
) -> tuple[float, float]:
    """(``seat``'s, ``nxt``'s) expected values when ``nxt`` draws one of ``kinds`` and places
    it where it suits them best."""
    rng = random.Random(0)
    mine = theirs = 0.0
    for kind, weight in kinds:
        hypo = _with_hand(after, nxt, kind)
        replies = ENGINE.legal_moves(hypo, nxt)
        if not replies:
            final = final_values(after)  # that draw would end the game
            mine, theirs = mine + weight * final[seat], theirs + weight * final[nxt]
            continue
        best_for_them, value = -1.0, 0.0
        for move in replies:
            values = evaluate(ENGINE.play(hypo, nxt, move, rng))
            if values[nxt] > best_for_them:
                best_for_them, value = values[nxt], values[seat]
        mine, theirs = mine + weight * value, theirs + weight * best_for_them
    return mine, theirs


def choose_placement(state: TaYuState, seat: int, level: Level, rng: random.Random) -> Move:
    clock = _Clock(level.time_limit)
    scored = _place_values(state, seat)
    best = scored[0][1]
    if level.candidates == 0 or len(scored) == 1 or clock.out():
        return best
    kinds = None if level.reply_kinds == 0 else reply_kinds(state, level.reply_kinds, rng)
    best_value = -1.0
    for _value, move, after in scored[: level.candidates]:
        deep = _reply_value(after, seat, kinds)
        if deep > best_value:
            best_value, best = deep, move
        if clock.out():
            break
    return best


def choose_draw(state: TaYuState, seat: int, moves: list[Move]) -> Move:
    """The column whose possible tiles promise most, on average over its ring class."""
    best, best_value = moves[0], -1.0
    for move in moves:
        value = sum(
            p * best_placement_value(_with_hand(state, seat, kind), seat)
            for kind, p in draw_distribution(state, move["stack"])
        )
        if value > best_value:
            best, best_value = move, value
    return best


def choose_bid(state: TaYuState, moves: list[Move]) -> Move:
    """Bid one lower while the bid stays above what a builder is expected to reach."""
    floor = EXPECTED_PRODUCT + BID_MARGIN
    bids = [m for m in moves if m["type"] == "bid" and m["value"] >= floor]
    if state.bid is None:
        return max(bids or [m for m in moves if m["type"] == "bid"], key=lambda m: m["value"])
    if bids:
        return max(bids, key=lambda m: m["value"])
    return {"type": "pass"}


def bot_move(
    state: TaYuState, seat: int, *, level: str, rng: random.Random, seconds: float
) -> Move:
    moves = ENGINE.legal_moves(state, seat)
    if not moves:
        raise ValueError(f"Seat {seat} has no move to choose.")
    if len(moves) == 1:
        return moves[0]
    preset = LEVELS[level]
    preset = Level(preset.candidates, preset.reply_kinds, min(preset.time_limit, seconds))
    kind = moves[0]["type"]
    if kind in ("bid", "pass"):
        return choose_bid(state, moves)
    if kind == "draw":
        return choose_draw(state, seat, moves)
    return choose_placement(state, seat, preset, rng)


def one_ply_move(state: TaYuState, seat: int, rng: random.Random) -> Move:
    """The reference player: the move whose result ``evaluate`` likes best (draws valued over
    the kinds they may reveal, never the actual face-down tile)."""
    moves = ENGINE.legal_moves(state, seat)
    if moves[0]["type"] == "draw" and len(moves) > 1:
        return choose_draw(state, seat, moves)
    if moves[0]["type"] in ("bid", "pass"):
        return choose_bid(state, moves)
    return _place_values(state, seat)[0][1]


def random_move(state: TaYuState, seat: int, rng: random.Random) -> Move:
    moves = ENGINE.legal_moves(state, seat)
    return moves[rng.randrange(len(moves))]
