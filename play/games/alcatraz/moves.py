"""Alcatraz move generation and move application, as pure functions of :class:`AlcatrazState`.

The rules are described in :mod:`play.games.alcatraz.engine`, whose engine checks the phase and
the seat to move before calling these. The functions that apply a move validate it (raising
:class:`~play.engines.base.IllegalMove` with the input untouched) and return a new state.
"""

from __future__ import annotations

import random
from typing import Any

from play.engines.base import IllegalMove, Move

from .state import (
    ALARM_CATCHES_ON_START_SQUARE,
    ALARM_DIRECTIONS,
    BOAT,
    CELL,
    DIE_SIDES,
    DIRECTIONS,
    EMPTY,
    LEFT_NEIGHBOUR_STEP,
    PRISONERS_TO_WIN,
    RECENT_POSITIONS,
    SQUARE_NAMES,
    UNNUMBERED_ROW,
    UP,
    WIDTH,
    AlcatrazState,
    is_hatched,
    parse_square,
    square_name,
)

# -- move generation ----------------------------------------------------------------------------


def destinations(state: AlcatrazState, seat: int) -> list[tuple[str, int, int, int]]:
    """(origin, row, col, distance) of every legal prisoner move of ``seat`` (boarding aside);
    ``origin`` is ``"cell"`` or a square name. Written flat: bots call it in their inner loop."""
    board, guards = state.board, state.guards
    starts = []
    if state.cell[seat]:
        starts = [(CELL, UNNUMBERED_ROW + 1, col, (UP,)) for col in range(WIDTH)]
    for index, owner in enumerate(board):
        if owner == seat:
            starts.append((SQUARE_NAMES[index], index // WIDTH + 1, index % WIDTH, DIRECTIONS))
    found = []
    for origin, row, col, directions in starts:
        for dr, dc in directions:
            r, c, d = row + dr, col + dc, 1
            while 1 <= r <= UNNUMBERED_ROW and 0 <= c < WIDTH:
                if guards[r] == c:  # never over a guard
                    break
                if board[(r - 1) * WIDTH + c] == EMPTY and (
                    r == UNNUMBERED_ROW or abs(c - guards[r]) > d  # the guard must stop short
                ):
                    found.append((origin, r, c, d))
                r, c, d = r + dr, c + dc, d + 1
    return found


def can_board(state: AlcatrazState, row: int, col: int) -> bool:
    """Whether a prisoner on (row, col) may board: a hatched square with no guard above it."""
    return is_hatched(row, col) and all(state.guards[r] != col for r in range(1, row))


def prisoner_moves(state: AlcatrazState, seat: int) -> list[Move]:
    names = SQUARE_NAMES
    moves: list[Move] = [
        {"type": "move", "from": origin, "to": names[(r - 1) * WIDTH + c]}
        for origin, r, c, _ in destinations(state, seat)
    ]
    for index, owner in enumerate(state.board):
        if owner == seat and can_board(state, index // WIDTH + 1, index % WIDTH):
            moves.append({"type": "board", "from": names[index]})
    return moves


# -- applying moves -----------------------------------------------------------------------------


def _parse(value: Any, what: str) -> tuple[int, int]:
    square = parse_square(value)
    if square is None:
        raise IllegalMove("malformed_move", f"{what} must be a square such as 'e5', not {value!r}.")
    return square


def move_prisoner(state: AlcatrazState, seat: int, move: Move) -> AlcatrazState:
    origin, target = move.get("from"), move.get("to")
    if target == BOAT:
        _refuse_move_into_boat(state, seat, origin)
    to_row, to_col = _parse(target, "'to'")
    if origin == CELL:
        if not state.cell[seat]:
            raise IllegalMove("no_prisoner_in_cell", "You have no prisoner in the cell.")
        from_row, from_col = UNNUMBERED_ROW + 1, to_col
    else:
        from_row, from_col = _parse(origin, "'from'")
        if state.board[(from_row - 1) * WIDTH + from_col] != seat:
            raise IllegalMove("not_your_prisoner", f"You have no prisoner on {origin}.")
    if (from_row, from_col) == (to_row, to_col):
        raise IllegalMove("not_straight", "A prisoner must move at least one square.")
    if from_row != to_row and from_col != to_col:
        raise IllegalMove("not_straight", "Prisoners move straight along a row or a column.")
    distance = abs(to_row - from_row) + abs(to_col - from_col)
    dr = (to_row > from_row) - (to_row < from_row)
    dc = (to_col > from_col) - (to_col < from_col)
    for k in range(1, distance):
        r, c = from_row + dr * k, from_col + dc * k
        if state.guards[r] == c:
            raise IllegalMove("guard_in_path", f"A guard stands on {square_name(r, c)}.")
    if state.guards[to_row] == to_col or state.board[(to_row - 1) * WIDTH + to_col] != EMPTY:
        raise IllegalMove("square_occupied", f"{square_name(to_row, to_col)} is not empty.")
    guard = state.guards[to_row]
    if to_row != UNNUMBERED_ROW and abs(to_col - guard) <= distance:
        raise IllegalMove(
            "would_be_caught", f"The row-{to_row} guard would catch your prisoner on {target}."
        )

    new = state.clone()
    if origin == CELL:
        new.cell[seat] -= 1
    else:
        new.board[(from_row - 1) * WIDTH + from_col] = EMPTY
    new.board[(to_row - 1) * WIDTH + to_col] = seat
    events = [
        {"kind": "prisoner", "seat": seat, "from": origin, "to": target, "distance": distance}
    ]
    if to_row != UNNUMBERED_ROW:
        step = 1 if to_col > guard else -1
        events.append(_guard_event(to_row, guard, guard + step * distance, "move"))
        events += _sweep(new, to_row, guard, step, distance, spare=seat)
    return end_turn(new, seat, events)


def _refuse_move_into_boat(state: AlcatrazState, seat: int, origin: Any) -> None:
    start = _parse(origin, "'from'")
    if state.board[(start[0] - 1) * WIDTH + start[1]] != seat:
        raise IllegalMove("not_your_prisoner", f"You have no prisoner on {origin}.")
    if is_hatched(*start):
        raise IllegalMove("malformed_move", f"Board with {{'type': 'board', 'from': '{origin}'}}.")
    if is_hatched(1, start[1]):
        raise IllegalMove(
            "arrived_this_turn",
            "A prisoner must stop on a hatched square and board on a later turn.",
        )
    raise IllegalMove("not_on_hatched_square", "The boat is boarded from a hatched square only.")


def board_prisoner(state: AlcatrazState, seat: int, move: Move) -> AlcatrazState:
    row, col = _parse(move.get("from"), "'from'")
    if state.board[(row - 1) * WIDTH + col] != seat:
        raise IllegalMove("not_your_prisoner", f"You have no prisoner on {move['from']}.")
    if not is_hatched(row, col):
        raise IllegalMove(
            "not_on_hatched_square", "The boat is boarded from a hatched square only."
        )
    for r in range(1, row):
        if state.guards[r] == col:
            raise IllegalMove(
                "boat_blocked_by_guard", f"The guard on {square_name(r, col)} blocks the way."
            )
    new = state.clone()
    new.board[(row - 1) * WIDTH + col] = EMPTY
    new.boat[seat] += 1
    events: list[dict[str, Any]] = [{"kind": "board", "seat": seat, "from": move["from"]}]
    if new.boat[seat] >= PRISONERS_TO_WIN:
        new.winner, new.phase, new.turn = seat, "over", new.turn + 1
        new.events = events + [{"kind": "win", "seat": seat}]
        return new
    new.boarded_turn = new.turn + 1  # (the turn this boarding ends)
    new = end_turn(new, seat, events)
    if new.alarm and new.phase != "over":
        new.phase = "roll"
        new.to_move = (seat + LEFT_NEIGHBOUR_STEP) % new.seats
        new.events.append({"kind": "alarm_raised", "seat": new.to_move})
    return new


def roll_die(state: AlcatrazState, seat: int, rng: random.Random) -> AlcatrazState:
    new = state.clone()
    new.roll = rng.randint(1, DIE_SIDES)
    new.phase = "direction"
    new.events = [{"kind": "roll", "seat": seat, "value": new.roll}]
    return new


def run_alarm(state: AlcatrazState, seat: int, direction: Any) -> AlcatrazState:
    if not isinstance(direction, str) or direction not in ALARM_DIRECTIONS:
        raise IllegalMove("malformed_move", "The alarm direction is 'left' or 'right'.")
    new = state.clone()
    row, step = new.roll, ALARM_DIRECTIONS[direction]
    guard = new.guards[row]
    end = WIDTH - 1 if step > 0 else 0
    events = [_guard_event(row, guard, end, "alarm", seat=seat, direction=direction)]
    start = guard - step if ALARM_CATCHES_ON_START_SQUARE else guard
    events += _sweep(new, row, start, step, abs(end - start), spare=None)
    new.guards[row] = end
    new.phase, new.roll, new.events = "move", None, events
    return new


def _sweep(new: AlcatrazState, row: int, guard: int, step: int, count: int, spare: int | None):
    """Move the row's guard ``count`` squares, sending the prisoners it meets (not ``spare``'s)
    back to the cell."""
    events = []
    base = (row - 1) * WIDTH
    for k in range(1, count + 1):
        index = base + guard + step * k
        owner = new.board[index]
        if owner != EMPTY and owner != spare:
            new.board[index] = EMPTY
            new.cell[owner] += 1
            events.append(
                {"kind": "capture", "seat": owner, "square": square_name(row, index - base)}
            )
    new.guards[row] = guard + step * count
    return events


def end_turn(new: AlcatrazState, seat: int, events: list[dict[str, Any]]) -> AlcatrazState:
    new.events = events
    new.turn += 1
    new.to_move = (seat + 1) % new.seats
    new.recent = (*new.recent[1 - RECENT_POSITIONS :], new.position_key())
    if new.stalled:
        new.phase = "over"
        new.events = events + [{"kind": "draw", "turns": new.turn_limit}]
    elif new.capped:
        new.phase = "over"
        new.events = events + [{"kind": "max_turns", "turns": new.turn}]
    return new


def _guard_event(row: int, start: int, end: int, cause: str, **extra: Any) -> dict[str, Any]:
    return {
        "kind": "guard",
        "cause": cause,
        "row": row,
        "from": square_name(row, start),
        "to": square_name(row, end),
        **extra,
    }
