"""Ta Yü (Niek Neuwahl, Kosmos, 1999): 2 to 4 players, channels of 1 x 3 tiles on a 19 x 19 board.

Each of the 112 tiles (28 kinds x 4, see :mod:`play.games.tayu.tiles`) carries a channel joining
three openings. The first tile covers the marked centre square (row 9, column 9 from 0); every
later one covers three empty squares, meets open with open and closed with closed wherever it
touches a tile, and extends at least one existing channel. Each opening on a board edge scores 1
for that edge's owner, 2 on one of the edge's marked positions; a player's result is the product
of their two edges (6 x 0 = 0). Higher product wins, equal products draw.

Moves (plain JSON, exactly as ``legal_moves`` lists them):

* ``{"type": "draw", "stack": 0 | 1}``: take the top tile of the front stack of supply column 0 or
  1. The supply is 2 columns x 8 stacks x 7 tiles, face down; the view shows the stack heights and
  whether each column's front top has a ring on its back (kinds with openings on three sides). The
  drawn tile is public. If it cannot be placed anywhere the game ends.
* ``{"type": "place", "tile": i, "row": r, "col": c, "rotation": q}``: lay held tile ``i`` (always
  present; 0 unless the seat holds two tiles, and only the lower index of two equal kinds is
  listed) with its north-west square on (r, c), turned ``q`` quarter turns clockwise from the
  horizontal position of :mod:`tiles`. A drawn tile that can be placed must be placed.
* Three players first bid: ``{"type": "bid", "value": n}`` lower than the current bid, or
  ``{"type": "pass"}`` (out of the auction for good). When two have passed, the lowest bidder is
  the spoiler; the other two build as in the 2-player game.

Variants: ``supply_rule`` ``"free"`` (default: either front top) or ``"nearest_highest"`` (the
record: the nearest stack, then the highest tile; free choice only between equals); ``two_tiles``
(every seat holds one face-up tile, draws a second and places either; always on with 4 players).

House decisions (RULES.md §3):

* Marked edge positions 3, 9 and 15 on every edge (:data:`tiles.MARKED_POSITIONS`). An opening on a
  corner square scores for the edge it faces; every opening on an edge scores, connected to the
  centre or not.
* Seat 0 owns North and South, seat 1 West and East; with 4 players seats 0 and 2 are the
  North-South team, 1 and 3 West-East, playing in seat order (:data:`state.FIRST_PLAYER` starts).
* Three players: bids are whole numbers from 0 to :data:`state.MAX_BID`; seat 0 opens and must
  bid; a pass is final. Of the two builders, the lower seat owns North-South. The spoiler wins if
  neither builder's product exceeds the bid, otherwise the higher builder wins (both if equal).
* Tiles touch only along a shared side; extending a channel means an opening faces an opening.
* The game ends when a drawn tile cannot be placed (with two tiles: neither held tile) or when a
  player must draw from an empty supply. The record's "8x12 rangs" cannot hold 112 tiles: the
  supply is 2 x 8 x 7 (RULES.md). Only the two front tops' ring backs are shown.
* Two-tile rule: the starting tiles are dealt in seat order from the front tops, column 0 then 1.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from play.engines.base import Engine, EngineInfo, IllegalMove, Move, OptionSpec, Outcome

from .moves import (
    bid,
    bid_moves,
    deal_hands,
    draw,
    draw_columns,
    pass_bid,
    place,
    place_moves,
    redeal,
)
from .parsing import state_from_dict
from .state import (
    AUCTION_SEATS,
    COLUMNS,
    DEFAULT_SUPPLY_RULE,
    DEFAULT_TWO_TILES,
    SPOILER,
    SUPPLY_RULES,
    TaYuState,
    validate_options,
)
from .tiles import (
    CENTRE,
    EDGE_NAMES,
    KINDS,
    MARKED_POSITIONS,
    RINGED,
    SIZE,
    kind_table,
)

HIGHER_PRODUCT, EQUAL_PRODUCTS = "higher_product", "equal_products"
SPOILER_HELD, BID_BEATEN = "spoiler_held", "bid_beaten"
FILES = "abcdefghijklmnopqrs"  # column letters of square names, west to east
_KIND_TABLE = kind_table()
_KIND_NAMES = ["-".join(str(p) for p in kind) for kind in KINDS]


def square_name(row: int, col: int) -> str:
    return f"{FILES[col]}{row + 1}"


class TaYuEngine(Engine[TaYuState]):
    info = EngineInfo(
        slug="tayu",
        title="Ta Yü",
        min_seats=2,
        max_seats=4,
        options=(
            OptionSpec(
                "supply_rule",
                DEFAULT_SUPPLY_RULE,
                SUPPLY_RULES,
                "Either front top, or the record's nearest and highest tile.",
            ),
            OptionSpec(
                "two_tiles",
                DEFAULT_TWO_TILES,
                (False, True),
                "Hold one tile face up, draw a second, place either (always with 4 players).",
            ),
        ),
        teams=True,
        hidden_information=True,
        chance=True,
    )
    max_plies = 500  # bids (at most 2 x 61 + 2) and two plies per tile

    def validate_options(self, seats: int, options: Any) -> dict[str, Any]:
        return validate_options(seats, options)

    def new_game(self, *, seats: int, options: Mapping[str, Any], rng: random.Random) -> TaYuState:
        state = TaYuState.start(seats, validate_options(seats, options), rng)
        if state.two_tiles:
            deal_hands(state)
        return state

    def to_act(self, state: TaYuState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.to_move,)

    def legal_moves(self, state: TaYuState, seat: int) -> list[Move]:
        if state.phase == "over" or seat != state.to_move:
            return []
        if state.phase == "bid":
            return bid_moves(state)
        if state.phase == "draw":
            return [{"type": "draw", "stack": c} for c in draw_columns(state)]
        return place_moves(state)

    def play(self, state: TaYuState, seat: int, move: Move, rng: random.Random) -> TaYuState:
        if state.phase == "over":
            raise IllegalMove("game_over", "The game is over.")
        if seat != state.to_move:
            raise IllegalMove("not_your_turn", f"It is seat {state.to_move}'s turn.")
        kind = move.get("type") if isinstance(move, Mapping) else None
        expected = {"bid": ("bid", "pass"), "draw": ("draw",), "place": ("place",)}[state.phase]
        if kind not in ("bid", "pass", "draw", "place"):
            raise IllegalMove("malformed_move", f"Unknown move type {kind!r}.")
        if kind not in expected:
            rule = {"bid": "auction_first", "draw": "draw_first", "place": "must_place"}
            raise IllegalMove(rule[state.phase], f"Now is the time to {state.phase}.")
        extra = set(move) - {"type", "value", "stack", "tile", "row", "col", "rotation"}
        if extra:
            raise IllegalMove("malformed_move", f"Unknown field(s) {sorted(extra)}.")
        if kind == "bid":
            return bid(state, seat, move)
        if kind == "pass":
            return pass_bid(state, seat)
        if kind == "draw":
            return draw(state, seat, move)
        return place(state, seat, move)

    def outcome(self, state: TaYuState) -> Outcome | None:
        if state.phase != "over":
            return None
        products = state.products()
        everyone = tuple(range(state.seats))
        if state.seats == AUCTION_SEATS:
            spoiler = state.spoiler
            builders = [s for s in everyone if s != spoiler]
            scores = tuple(float(state.bid if s == spoiler else products[s]) for s in everyone)
            best = max(products[s] for s in builders)
            if best <= state.bid:
                return Outcome((spoiler,), ((spoiler,), tuple(builders)), SPOILER_HELD, scores)
            top = tuple(s for s in builders if products[s] == best)
            rest = tuple(s for s in everyone if s not in top)
            return Outcome(top, (top, rest), BID_BEATEN, scores)
        scores = tuple(float(p) for p in products)
        teams = {}
        for seat in everyone:
            teams.setdefault(seat % 2, []).append(seat)
        first, second = tuple(teams[0]), tuple(teams[1])
        if products[0] == products[1]:
            return Outcome((), (everyone,), EQUAL_PRODUCTS, scores, draw=True)
        if products[0] < products[1]:
            first, second = second, first
        return Outcome(first, (first, second), HIGHER_PRODUCT, scores)

    def seat_roles(self, state: TaYuState) -> tuple[str, ...]:
        return state.roles()

    def reveals(self, before: TaYuState, after: TaYuState) -> bool:
        return after.supply_left() < before.supply_left()

    def view(self, state: TaYuState, seat: int | None) -> dict[str, Any]:
        """Everything but the face-down tiles: their heights and the front tops' ring backs."""
        result = self.outcome(state)
        fronts = [state.front(c) for c in range(COLUMNS)]
        return {
            "game": "tayu",
            "size": SIZE,
            "centre": list(CENTRE),
            "marked": list(MARKED_POSITIONS),
            "files": FILES,
            "edges": list(EDGE_NAMES),
            "kinds": _KIND_TABLE,
            "ringed": list(RINGED),
            "kind_names": _KIND_NAMES,
            "seats": state.seats,
            "options": dict(state.options),
            "tiles": state.to_dict()["tiles"],
            "heights": [[len(stack) for stack in column] for column in state.supply],
            "fronts": [
                None if f is None else {"stack": f, "ringed": RINGED[state.supply[c][f][-1]]}
                for c, f in enumerate(fronts)
            ],
            "supply_left": state.supply_left(),
            "held": [hand[:] for hand in state.held],
            "phase": state.phase,
            "to_move": state.to_move,
            "to_act": list(self.to_act(state)),
            "roles": list(state.roles()),
            "edge_scores": dict(zip(EDGE_NAMES, state.scores, strict=True)),
            "products": state.products(),
            "auction": None
            if state.seats != AUCTION_SEATS
            else {
                "bid": state.bid,
                "bidder": state.bidder,
                "passed": state.passed[:],
                "spoiler": state.spoiler,
            },
            "end": state.end,
            "last": None if state.last is None else dict(state.last),
            "legal_moves": [] if seat is None else self.legal_moves(state, seat),
            "outcome": None if result is None else result.to_dict(),
        }

    def to_dict(self, state: TaYuState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: Mapping[str, Any]) -> TaYuState:
        return state_from_dict(data)

    def redeal_hidden(self, state: TaYuState, seat: int | None, rng: random.Random) -> TaYuState:
        """A state nobody can tell from ``state``: the face-down tiles reshuffled (nobody knows
        them), each front top keeping its ring back, which everybody sees."""
        return redeal(state, rng)

    def describe(self, state: TaYuState, seat: int, move: Move) -> str:
        kind = move.get("type")
        if kind == "bid":
            return f"Seat {seat} bids {move['value']}."
        if kind == "pass":
            return f"Seat {seat} passes."
        if kind == "draw":
            return f"Seat {seat} draws from supply column {move['stack'] + 1}."
        if kind == "place":
            hand = state.held[seat]
            index = move.get("tile", 0)
            tile = tile_label(hand[index]) if 0 <= index < len(hand) else "a tile"
            where = square_name(move["row"], move["col"])
            return f"Seat {seat} places {tile} at {where}, rotation {move['rotation']}."
        return str(move)

    def spoiler_of(self, state: TaYuState) -> int | None:
        return state.spoiler if SPOILER in state.roles() else None


def tile_label(kind: int) -> str:
    """A kind by its openings, e.g. ``"tile 1-3-7"`` (points numbered as in :mod:`tiles`)."""
    return "tile " + "-".join(str(p) for p in KINDS[kind])
