"""Ta Yü state: options, the supply, the placed tiles and their validation.

The rules and house decisions are described in :mod:`play.games.tayu.engine`; this module holds the
data they act on. A stored state is rebuilt and checked against the rules by
:func:`play.games.tayu.parsing.state_from_dict`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from play.engines.base import InvalidOptions
from play.engines.checks import check_option_names, check_seats

from .tiles import (
    COPIES,
    DIRECTIONS,
    KINDS,
    NORTH,
    ORIENTATIONS,
    SOUTH,
    STEP,
    edge_value,
    empty_board,
    on_board,
    padded,
    unpadded,
)

MIN_SEATS, MAX_SEATS = 2, 4
COLUMNS = 2  # the supply: 2 columns (the width faces the board) ...
STACKS_PER_COLUMN = 8  # ... of 8 stacks ...
STACK_HEIGHT = 7  # ... of 7 face-down tiles: 2 x 8 x 7 = 112
FREE_CHOICE, NEAREST_HIGHEST = "free", "nearest_highest"
SUPPLY_RULES = (FREE_CHOICE, NEAREST_HIGHEST)
DEFAULT_SUPPLY_RULE = FREE_CHOICE  # house decision: either front top; variant: the record's rule
DEFAULT_TWO_TILES = False  # the two-tile rule: a variant below 4 players, always on at 4
FIRST_PLAYER = 0  # seat 0 places the first tile (after the auction with three players)
MAX_BID = 60  # house decision: bids are whole numbers from 0 to this
AUCTION_SEATS = 3
PHASES = ("bid", "draw", "place", "over")
BLOCKED, SUPPLY_EMPTY = "blocked", "supply_empty"  # why a game ended
NORTH_SOUTH, WEST_EAST, SPOILER, BIDDER = "north_south", "west_east", "spoiler", "bidder"
EDGES_OF_ROLE = {NORTH_SOUTH: (0, 2), WEST_EAST: (3, 1)}  # indices into N, E, S, W
OPTION_NAMES = ("supply_rule", "two_tiles")


def validate_options(seats: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    check_seats(seats, MIN_SEATS, MAX_SEATS, "Ta Yü is played by 2 to 4 players.")
    check_option_names(options, OPTION_NAMES)
    rule = options.get("supply_rule", DEFAULT_SUPPLY_RULE)
    if not isinstance(rule, str) or rule not in SUPPLY_RULES:
        raise InvalidOptions(
            f"supply_rule must be one of {', '.join(SUPPLY_RULES)}.", option="supply_rule"
        )
    two = options.get("two_tiles", DEFAULT_TWO_TILES)
    if not isinstance(two, bool):
        raise InvalidOptions("two_tiles must be true or false.", option="two_tiles")
    return {"supply_rule": rule, "two_tiles": two or seats == MAX_SEATS}


class TaYuState:
    """A position; ``board`` and ``ends`` (openings of placed tiles) and ``scores`` derive from
    ``tiles``; ``supply[column][stack]`` lists face-down kinds bottom to top, stack 0 nearest."""

    __slots__ = (
        "seats", "options", "tiles", "board", "ends", "scores", "supply", "held", "phase",
        "to_move", "bid", "bidder", "passed", "spoiler", "end", "last",
    )  # fmt: skip

    def __init__(self, seats: int, options: dict[str, Any]):
        self.seats, self.options = seats, options
        self.tiles: list[tuple[int, int, int, int, int]] = []  # kind, row, col, rotation, seat
        self.board = empty_board()
        self.ends: list[tuple[int, int]] = []  # (padded square, direction) of every opening
        self.scores = [0, 0, 0, 0]  # N, E, S, W
        self.supply: list[list[list[int]]] = []
        self.held: list[list[int]] = [[] for _ in range(seats)]
        self.phase, self.to_move = "draw", FIRST_PLAYER
        self.bid: int | None = None
        self.bidder: int | None = None
        self.passed = [False] * seats
        self.spoiler: int | None = None
        self.end: str | None = None
        self.last: dict[str, Any] | None = None

    @property
    def two_tiles(self) -> bool:
        return self.options["two_tiles"]

    def clone(self) -> TaYuState:
        new = TaYuState.__new__(TaYuState)
        new.seats, new.options = self.seats, self.options
        new.tiles, new.board, new.ends = self.tiles[:], self.board[:], self.ends[:]
        new.scores = self.scores[:]
        new.supply = [[stack[:] for stack in column] for column in self.supply]
        new.held = [hand[:] for hand in self.held]
        new.phase, new.to_move, new.end, new.last = self.phase, self.to_move, self.end, self.last
        new.bid, new.bidder, new.spoiler = self.bid, self.bidder, self.spoiler
        new.passed = self.passed[:]
        return new

    # -- the supply -------------------------------------------------------------------------

    def front(self, column: int) -> int | None:
        """Index of the column's nearest non-empty stack, or ``None`` once the column is empty."""
        for index, stack in enumerate(self.supply[column]):
            if stack:
                return index
        return None

    def supply_left(self) -> int:
        return sum(len(stack) for column in self.supply for stack in column)

    # -- roles and scores -------------------------------------------------------------------

    def roles(self) -> tuple[str, ...]:
        if self.seats == AUCTION_SEATS:
            if self.spoiler is None:
                return (BIDDER,) * self.seats
            builders = [s for s in range(self.seats) if s != self.spoiler]
            roles = {builders[0]: NORTH_SOUTH, builders[1]: WEST_EAST, self.spoiler: SPOILER}
            return tuple(roles[s] for s in range(self.seats))
        return tuple(NORTH_SOUTH if s % 2 == 0 else WEST_EAST for s in range(self.seats))

    def products(self) -> list[int | None]:
        """Each seat's product of its two edges (``None`` for the spoiler and during bidding)."""
        out: list[int | None] = []
        for role in self.roles():
            edges = EDGES_OF_ROLE.get(role)
            out.append(None if edges is None else self.scores[edges[0]] * self.scores[edges[1]])
        return out

    # -- placing ----------------------------------------------------------------------------

    def put(self, kind: int, row: int, col: int, rotation: int, seat: int) -> None:
        """Lay a tile (already checked legal) and update the derived data."""
        orientation = ORIENTATIONS[kind][rotation]
        anchor = padded(row, col)
        board = self.board
        for offset, mask in zip(orientation.cells, orientation.masks, strict=True):
            square = anchor + offset
            board[square] = mask
            for d in DIRECTIONS:
                if mask >> d & 1:
                    self.ends.append((square, d))
                    self._score(square, d)
        self.tiles.append((kind, row, col, rotation, seat))

    def _score(self, square: int, direction: int) -> None:
        row, col = unpadded(square)
        dr, dc = STEP[direction]
        if on_board(row + dr, col + dc):
            return
        position = col if direction in (NORTH, SOUTH) else row
        self.scores[direction] += edge_value(position)

    # -- serialisation ----------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "options": dict(self.options),
            "tiles": [
                {"kind": k, "row": r, "col": c, "rotation": q, "seat": s}
                for k, r, c, q, s in self.tiles
            ],
            "supply": [[stack[:] for stack in column] for column in self.supply],
            "held": [hand[:] for hand in self.held],
            "phase": self.phase,
            "to_move": self.to_move,
            "bid": self.bid,
            "bidder": self.bidder,
            "passed": self.passed[:],
            "spoiler": self.spoiler,
            "end": self.end,
            "last": None if self.last is None else dict(self.last),
        }

    @classmethod
    def start(cls, seats: int, options: dict[str, Any], rng: random.Random) -> TaYuState:
        """A new game: the 112 tiles shuffled into the supply (hands dealt by the engine)."""
        state = cls(seats, options)
        tiles = [kind for kind in range(len(KINDS)) for _ in range(COPIES)]
        rng.shuffle(tiles)
        stacks = [tiles[i : i + STACK_HEIGHT] for i in range(0, len(tiles), STACK_HEIGHT)]
        state.supply = [
            stacks[c * STACKS_PER_COLUMN : (c + 1) * STACKS_PER_COLUMN] for c in range(COLUMNS)
        ]
        state.phase = "bid" if seats == AUCTION_SEATS else "draw"
        return state
