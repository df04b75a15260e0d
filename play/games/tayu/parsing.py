"""Ta Yü: rebuilding a stored state, checked against the rules.

:func:`state_from_dict` accepts only consistent positions: the placed tiles are replayed in order
and each must have been a legal placement, the 112 tiles are all accounted for (board, hands,
supply), the supply is consumed front stack first, and phase, hands and auction agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.engines.base import InvalidState
from play.engines.checks import check, state_from_data

from .moves import has_placement, placement_legal
from .state import (
    AUCTION_SEATS,
    BLOCKED,
    COLUMNS,
    MAX_BID,
    PHASES,
    STACK_HEIGHT,
    STACKS_PER_COLUMN,
    SUPPLY_EMPTY,
    TaYuState,
    validate_options,
)
from .tiles import COPIES, KINDS, ROTATIONS


def state_from_dict(data: Mapping[str, Any]) -> TaYuState:
    """Rebuild a stored state, raising :class:`InvalidState` for data that does not validate."""
    return state_from_data(_from_dict, data, "Ta Yü", also=(IndexError,))


def _is_seat(value: Any, seats: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < seats


def _kind(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < len(KINDS):
        raise InvalidState(f"{value!r} is not a tile kind.")
    return value


def _from_dict(data: Mapping[str, Any]) -> TaYuState:
    seats = data["seats"]
    state = TaYuState(seats, validate_options(seats, data["options"]))
    counts = [0] * len(KINDS)
    for entry in data["tiles"]:
        kind, row, col = _kind(entry["kind"]), entry["row"], entry["col"]
        rotation, seat = entry["rotation"], entry["seat"]
        check(rotation in range(ROTATIONS) and _is_seat(seat, seats), "Bad tile entry.")
        check(isinstance(row, int) and isinstance(col, int), "Bad tile square.")
        check(placement_legal(state, kind, row, col, rotation), f"Illegal tile at {row},{col}.")
        state.put(kind, row, col, rotation, seat)
        counts[kind] += 1
    supply = data["supply"]
    check(len(supply) == COLUMNS, "The supply has 2 columns.")
    state.supply = []
    for column in supply:
        check(len(column) == STACKS_PER_COLUMN, "A column has 8 stacks.")
        stacks = [[_kind(k) for k in stack] for stack in column]
        check(all(len(s) <= STACK_HEIGHT for s in stacks), "A stack holds at most 7 tiles.")
        heights = [len(s) for s in stacks]
        front = next((i for i, h in enumerate(heights) if h), len(heights))
        check(all(h == STACK_HEIGHT for h in heights[front + 1 :]), "Stacks go front first.")
        state.supply.append(stacks)
        for stack in stacks:
            for kind in stack:
                counts[kind] += 1
    held = data["held"]
    check(len(held) == seats, "held: one hand per seat.")
    state.held = [[_kind(k) for k in hand] for hand in held]
    for hand in state.held:
        for kind in hand:
            counts[kind] += 1
    check(counts == [COPIES] * len(KINDS), "Every kind must be there 4 times.")
    state.phase, state.to_move = data["phase"], data["to_move"]
    check(state.phase in PHASES and _is_seat(state.to_move, seats), "Bad phase or to_move.")
    _check_auction(state, data)
    state.end = data.get("end")
    check(state.end in (None, BLOCKED, SUPPLY_EMPTY), "Bad end.")
    check((state.end is None) == (state.phase != "over"), "end iff over.")
    base = 1 if state.two_tiles else 0
    sizes = [len(hand) for hand in state.held]
    mover = {"bid": base, "draw": base, "place": base + 1, "over": None}[state.phase]
    if state.phase == "bid":
        check(not state.tiles and all(n == base for n in sizes), "No tile before the auction.")
    for seat, size in enumerate(sizes):
        expected = base if seat != state.to_move or mover is None else mover
        if state.phase == "over" and seat == state.to_move:
            expected = base + (1 if state.end == BLOCKED else 0)
        check(size == expected, f"Seat {seat} holds {size} tiles, not {expected}.")
    if state.phase == "place":
        check(has_placement(state, state.held[state.to_move]), "The held tile cannot be placed.")
    if state.end == BLOCKED:
        check(not has_placement(state, state.held[state.to_move]), "A tile could be placed.")
    if state.end == SUPPLY_EMPTY:
        check(state.supply_left() == 0, "The supply is not empty.")
    last = data.get("last")
    check(last is None or isinstance(last, Mapping), "Bad last event.")
    state.last = None if last is None else dict(last)
    return state


def _check_auction(state: TaYuState, data: Mapping[str, Any]) -> None:
    seats = state.seats
    state.bid, state.bidder, state.spoiler = data["bid"], data["bidder"], data["spoiler"]
    state.passed = [bool(p) for p in data["passed"]]
    check(len(state.passed) == seats, "passed: one flag per seat.")
    if seats != AUCTION_SEATS:
        check(state.bid is None and state.bidder is None and state.spoiler is None, "No auction.")
        check(not any(state.passed) and state.phase != "bid", "No auction.")
        return
    check(state.bid is None or (isinstance(state.bid, int) and 0 <= state.bid <= MAX_BID), "bid.")
    check((state.bid is None) == (state.bidder is None), "bid and bidder go together.")
    check(state.bidder is None or _is_seat(state.bidder, seats), "bidder is a seat.")
    if state.phase == "bid":
        check(state.spoiler is None and sum(state.passed) < seats - 1, "The auction is open.")
        check(not state.passed[state.to_move], "A seat that passed does not bid again.")
    else:
        check(state.spoiler is not None and state.spoiler == state.bidder, "spoiler = lowest bid.")
        check(sum(state.passed) == seats - 1 and not state.passed[state.spoiler], "Auction over.")
