"""Ta Yü moves: the placement rule and its fast enumeration, the auction, drawing and placing.

Enumeration is the hot path (every request's ``legal_moves``, every bot playout). After the first
tile, a legal placement must put one of its openings against an existing opening, so only anchors
that bring an open side of the tile onto an empty square in front of an existing opening are tried
(the "frontier"), and each is checked against the precomputed orientation tables of
:mod:`play.games.tayu.tiles`: three empty squares, then the eight outward sides (open must face
open, closed must face closed wherever a tile is met).
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from typing import Any

from play.engines.base import IllegalMove, Move

from .state import (
    AUCTION_SEATS,
    BLOCKED,
    COLUMNS,
    FIRST_PLAYER,
    MAX_BID,
    NEAREST_HIGHEST,
    SUPPLY_EMPTY,
    TaYuState,
)
from .tiles import CENTRE, DELTA, EMPTY, ORIENTATIONS, RINGED, ROTATIONS, SIZE, padded

CENTRE_SQUARE = padded(*CENTRE)
OPPOSITE = (2, 3, 0, 1)
_BOARD_CELLS = (SIZE + 2) ** 2


def _fits(board: list[int], anchor: int, orientation, first: bool) -> bool:
    """Whether ``orientation`` may lie at ``anchor`` (a padded index) on ``board``."""
    if anchor < 0 or anchor + orientation.cells[-1] >= _BOARD_CELLS:
        return False
    for offset in orientation.cells:
        if board[anchor + offset] != EMPTY:
            return False
    if first:
        return CENTRE_SQUARE - anchor in orientation.cells
    extended = False
    for offset, bit, is_open in orientation.edges:
        value = board[anchor + offset]
        if value >= 0:
            if value & bit:
                if not is_open:
                    return False  # a channel runs into a closed side: an impasse
                extended = True
            elif is_open:
                return False
    return extended


def frontier(state: TaYuState) -> set[tuple[int, int]]:
    """(empty square, side of it that must be open) in front of every existing opening."""
    board = state.board
    out = set()
    for square, d in state.ends:
        target = square + DELTA[d]
        if board[target] == EMPTY:
            out.add((target, OPPOSITE[d]))
    return out


def placements(state: TaYuState, kind: int, ends: set | None = None) -> list[tuple[int, int, int]]:
    """Every legal (row, col, rotation) for a tile of ``kind``, sorted."""
    if state.tiles:
        ends = frontier(state) if ends is None else ends
    found = anchored_placements(state.board, kind, None if not state.tiles else ends)
    width = SIZE + 2
    return sorted((a // width - 1, a % width - 1, rotation) for rotation, a in found)


def anchored_placements(board: list[int], kind: int, ends) -> list[tuple[int, int]]:
    """Every legal (rotation, padded anchor) for a tile of ``kind`` on ``board``: over the centre
    if ``ends`` is None (the first tile), else opening onto one of ``ends`` (the frontier)."""
    found = []
    if ends is None:
        for rotation, orientation in enumerate(ORIENTATIONS[kind]):
            for offset in orientation.cells:
                if _fits(board, CENTRE_SQUARE - offset, orientation, True):
                    found.append((rotation, CENTRE_SQUARE - offset))
        return found
    for rotation, orientation in enumerate(ORIENTATIONS[kind]):
        opens = orientation.opens
        anchors = {square - offset for square, side in ends for offset in opens[side]}
        for anchor in anchors:
            if _fits(board, anchor, orientation, False):
                found.append((rotation, anchor))
    return found


def has_placement(state: TaYuState, hand: Iterable[int]) -> bool:
    ends = frontier(state) if state.tiles else None
    return any(placements(state, kind, ends) for kind in hand)


def placement_legal(state: TaYuState, kind: int, row: int, col: int, rotation: int) -> bool:
    if not (0 <= row < SIZE and 0 <= col < SIZE and rotation in range(ROTATIONS)):
        return False
    orientation = ORIENTATIONS[kind][rotation]
    last_row, last_col, _ = orientation.squares[-1]
    if row + last_row >= SIZE or col + last_col >= SIZE:
        return False
    return _fits(state.board, padded(row, col), orientation, not state.tiles)


# -- legal moves ------------------------------------------------------------------------------


def draw_columns(state: TaYuState) -> list[int]:
    """The columns whose front top may be drawn (the variant: nearest, then highest)."""
    fronts = [(c, state.front(c)) for c in range(COLUMNS)]
    open_columns = [(c, f) for c, f in fronts if f is not None]
    if state.options["supply_rule"] != NEAREST_HIGHEST or not open_columns:
        return [c for c, _ in open_columns]
    rank = {c: (f, -len(state.supply[c][f])) for c, f in open_columns}
    best = min(rank.values())
    return [c for c, _ in open_columns if rank[c] == best]


def place_moves(state: TaYuState) -> list[Move]:
    hand = state.held[state.to_move]
    ends = frontier(state) if state.tiles else None
    moves, seen = [], set()
    for index, kind in enumerate(hand):
        if kind in seen:
            continue  # the same kind twice: placing either leaves the same hand
        seen.add(kind)
        for row, col, rotation in placements(state, kind, ends):
            moves.append(
                {"type": "place", "tile": index, "row": row, "col": col, "rotation": rotation}
            )
    return moves


def bid_moves(state: TaYuState) -> list[Move]:
    top = MAX_BID if state.bid is None else state.bid - 1
    moves: list[Move] = [{"type": "bid", "value": v} for v in range(top, -1, -1)]
    if state.bid is not None:
        moves.append({"type": "pass"})
    return moves


# -- applying moves ---------------------------------------------------------------------------


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def bid(state: TaYuState, seat: int, move: Mapping[str, Any]) -> TaYuState:
    value = move.get("value")
    if not _whole(value) or not 0 <= value <= MAX_BID:
        raise IllegalMove("bad_bid", f"A bid is a whole number from 0 to {MAX_BID}.")
    if state.bid is not None and value >= state.bid:
        raise IllegalMove("bid_not_lower", f"Bid lower than the current bid ({state.bid}).")
    new = state.clone()
    new.bid, new.bidder = value, seat
    new.last = {"kind": "bid", "seat": seat, "value": value}
    return _next_bidder(new, seat)


def pass_bid(state: TaYuState, seat: int) -> TaYuState:
    if state.bid is None:
        raise IllegalMove("must_open_bidding", "The first bidder must bid.")
    new = state.clone()
    new.passed[seat] = True
    new.last = {"kind": "pass", "seat": seat}
    return _next_bidder(new, seat)


def _next_bidder(state: TaYuState, seat: int) -> TaYuState:
    if sum(state.passed) == AUCTION_SEATS - 1:
        state.spoiler = state.bidder
        state.phase, state.to_move = "draw", FIRST_PLAYER
        state.last = {**state.last, "spoiler": state.spoiler}
        return state
    nxt = (seat + 1) % state.seats
    while state.passed[nxt]:
        nxt = (nxt + 1) % state.seats
    state.to_move = nxt
    return state


def draw(state: TaYuState, seat: int, move: Mapping[str, Any]) -> TaYuState:
    column = move.get("stack")
    if not _whole(column) or column not in range(COLUMNS):
        raise IllegalMove("bad_stack", "Choose column 0 or 1 of the supply.")
    if state.front(column) is None:
        raise IllegalMove("column_empty", "That column of the supply is empty.")
    if column not in draw_columns(state):
        raise IllegalMove("not_nearest_highest", "Take the nearest, highest tile of the supply.")
    new = state.clone()
    front = new.front(column)
    kind = new.supply[column][front].pop()
    new.held[seat].append(kind)
    new.last = {"kind": "draw", "seat": seat, "column": column, "tile": kind}
    if has_placement(new, new.held[seat]):
        new.phase = "place"
    else:
        new.phase, new.end = "over", BLOCKED
    return new


def deal_hands(state: TaYuState) -> None:
    """The two-tile rule: every seat starts with one face-up tile, taken in seat order from the
    front tops, column by column in turn."""
    for seat in range(state.seats):
        column = seat % COLUMNS
        state.held[seat].append(state.supply[column][state.front(column)].pop())


def place(state: TaYuState, seat: int, move: Mapping[str, Any]) -> TaYuState:
    hand = state.held[seat]
    index = move.get("tile", 0)
    row, col, rotation = move.get("row"), move.get("col"), move.get("rotation")
    if not _whole(index) or not 0 <= index < len(hand):
        raise IllegalMove("bad_tile", "Choose one of the tiles you hold.")
    if not all(_whole(v) for v in (row, col, rotation)) or rotation not in range(ROTATIONS):
        raise IllegalMove("malformed_move", "A placement names a row, a column and a rotation.")
    kind = hand[index]
    if not placement_legal(state, kind, row, col, rotation):
        raise IllegalMove(_why_illegal(state, kind, row, col, rotation), "Illegal placement.")
    new = state.clone()
    new.put(kind, row, col, rotation, seat)
    del new.held[seat][index]
    new.last = {
        "kind": "place", "seat": seat, "tile": kind, "row": row, "col": col, "rotation": rotation,
    }  # fmt: skip
    new.to_move = (seat + 1) % new.seats
    if new.supply_left() == 0:
        new.phase, new.end = "over", SUPPLY_EMPTY
    else:
        new.phase = "draw"
    return new


def _why_illegal(state: TaYuState, kind: int, row: int, col: int, rotation: int) -> str:
    """The rule a refused placement breaks (a stable code for the player's message)."""
    orientation = ORIENTATIONS[kind][rotation]
    last_row, last_col, _ = orientation.squares[-1]
    if not (0 <= row and 0 <= col and row + last_row < SIZE and col + last_col < SIZE):
        return "off_board"
    anchor, board = padded(row, col), state.board
    if any(board[anchor + offset] != EMPTY for offset in orientation.cells):
        return "square_taken"
    if not state.tiles:
        return "first_tile_on_centre"
    for offset, bit, is_open in orientation.edges:
        value = board[anchor + offset]
        if value >= 0 and bool(value & bit) != is_open:
            return "channel_mismatch"
    return "no_channel_extended"


# -- hidden information -----------------------------------------------------------------------


def redeal(state: TaYuState, rng: random.Random) -> TaYuState:
    """Every face-down tile shuffled again; the front tops keep their visible ring backs."""
    new = state.clone()
    fronts = [(c, new.front(c)) for c in range(COLUMNS)]
    tiles = [k for column in new.supply for stack in column for k in stack]
    rng.shuffle(tiles)
    pools = {True: [k for k in tiles if RINGED[k]], False: [k for k in tiles if not RINGED[k]]}
    tops = {}
    for column, front in fronts:
        if front is not None:
            tops[column] = pools[RINGED[new.supply[column][front][-1]]].pop()
    rest = pools[True] + pools[False]
    rng.shuffle(rest)
    for column, front in fronts:
        for index, stack in enumerate(new.supply[column]):
            for i in range(len(stack)):
                if index == front and i == len(stack) - 1:
                    stack[i] = tops[column]
                else:
                    stack[i] = rest.pop()
    return new
