"""Alcatraz's position evaluation: a value in [0, 1] per seat, used by the bots and the arena.

Each seat scores 1 per prisoner in the boat; for the others, the better of the square they stand on
and (discounted) the best square one legal move takes them to, a square being worth its progress
toward the boat (rows 1-3 and columns d-f, hatched, hatched with a clear column); a prisoner that
an opponent's next move could sweep away loses most of its worth. The gap to the best opponent
becomes a reward in [0, 1], linearly, so that a bot far ahead still sees its next step forward.

A pending alarm (a boarding just happened, the left neighbour must roll) is valued exactly: the
mean over the eight rows of the die of the position after the roller's better direction for itself.
A finished game is worth 1 to the winner, 0 to the others (a draw ½).
"""

from __future__ import annotations

from functools import cache

from .moves import run_alarm
from .state import (
    DIE_SIDES,
    DIRECTIONS,
    EMPTY,
    HATCHED_COLUMNS,
    HATCHED_ROWS,
    NUMBERED_ROWS,
    PRISONERS_TO_WIN,
    UNNUMBERED_ROW,
    WIDTH,
    AlcatrazState,
)

BOAT_WEIGHT = 1.0  # a prisoner in the boat; three win
ROW_WEIGHT = 0.15  # a prisoner on row 1, scaled down linearly to 0 on the unnumbered row
NEAR_BONUS = 0.1  # in rows 1-3 or columns d-f: one straight move from a hatched square
HATCHED_BONUS = 0.1  # standing where boarding becomes possible
READY_BONUS = 0.2  # on a hatched square with no guard between it and the boat
BLOCKABLE_SHARE = 0.5  # share of the ready bonus left when an opponent's move can bar the column
TEMPO_BOARDING = 0.8  # the seat to move boards its best ready prisoner now: worth this much boat
WINNING_BONUS = 4.0  # the seat to move has a third prisoner ready: it wins now
NEXT_MOVE_DISCOUNT = 0.7  # a prisoner is worth this share of the best square it can move to
EXPOSED_LOSS = 0.6  # share of a prisoner's value lost when an opponent's next move can catch it
SCORE_SPAN = 8.0  # score gap to the best opponent that spans the whole reward range [0, 1]
SQUARES = WIDTH * UNNUMBERED_ROW
SIDES = 2 * UNNUMBERED_ROW + 2  # two sides of each row's guard, indexed 2 * row + (right side)


def square_values(state: AlcatrazState) -> list[float]:
    """How good each square is for a prisoner, ignoring the danger: progress toward the boat,
    indexed like ``state.board``; a hatched square under a clear column gets the ready bonus."""
    return _tables(state.guards[1], state.guards[2])[0]


@cache
def _tables(guard1: int, guard2: int) -> tuple[list[float], list[bool]]:
    """Square values and ready squares: only the guards of rows 1 and 2 can bar a boarding."""
    guards = (None, guard1, guard2)
    values, ready = [], []
    for index in range(SQUARES):
        row, col = index // WIDTH + 1, index % WIDTH
        value = ROW_WEIGHT * (UNNUMBERED_ROW - row) / NUMBERED_ROWS
        clear = False
        if row in HATCHED_ROWS or col in HATCHED_COLUMNS:
            value += NEAR_BONUS
            if row in HATCHED_ROWS and col in HATCHED_COLUMNS:
                value += HATCHED_BONUS
                clear = all(guards[r] != col for r in range(1, row))
                value += READY_BONUS if clear else 0.0
        values.append(value)
        ready.append(clear)
    return values, ready


def square_value(state: AlcatrazState, row: int, col: int) -> float:
    """How good a square is for a prisoner, ignoring the danger: progress toward the boat."""
    return square_values(state)[(row - 1) * WIDTH + col]


def seat_scores(state: AlcatrazState) -> list[float]:
    """Each seat's heuristic score: boat prisoners count 1, the others by where they stand or can
    go next, less the risk that an opponent's next move sends them back to the cell; the seat to
    move counts the ready prisoner it boards now almost as in the boat."""
    seats, guards, board = state.seats, state.guards, state.board
    values, ready_squares = _tables(guards[1], guards[2])
    scores = [BOAT_WEIGHT * b for b in state.boat]
    reach: list[list[int]] = []  # per seat: the longest move into each side of each row
    bars: list[set[tuple[int, int]]] = []  # per seat: (row, column) a guard of rows 1-2 can end on
    best_next: list[dict[int, float]] = []  # per seat: origin (board index, -1 the cell) -> value
    cell_far, cell_ends = [0] * SIDES, set()
    cell_best = _fold(CELL_RAYS, board, guards, values, cell_far, cell_ends)
    for seat in range(seats):
        if state.cell[seat]:
            reach.append(list(cell_far))
            bars.append(set(cell_ends))
            best_next.append({-1: cell_best})
        else:
            reach.append([0] * SIDES)
            bars.append(set())
            best_next.append({})
    occupied = [(origin, owner) for origin, owner in enumerate(board) if owner >= 0]
    for origin, owner in occupied:
        best_next[owner][origin] = _fold(
            SQUARE_RAYS[origin], board, guards, values, reach[owner], bars[owner]
        )
    mover = state.to_move if state.phase == "move" else -1
    mover_ready = 0
    for seat in range(seats):
        scores[seat] += state.cell[seat] * NEXT_MOVE_DISCOUNT * best_next[seat].get(-1, 0.0)
    for index, owner in occupied:
        row, col = index // WIDTH + 1, index % WIDTH
        here = values[index]
        ready = ready_squares[index]
        if ready and owner == mover:
            mover_ready += 1
            continue
        if ready and any(
            (r, col) in bars[o] for o in range(seats) if o != owner for r in range(1, row)
        ):
            here -= READY_BONUS * (1.0 - BLOCKABLE_SHARE)
        value = max(here, NEXT_MOVE_DISCOUNT * best_next[owner].get(index, 0.0))
        guard = guards[row]
        if row != UNNUMBERED_ROW and col != guard:
            side, threat = 2 * row + (col > guard), 0
            for other in range(seats):
                if other != owner and reach[other][side] > threat:
                    threat = reach[other][side]
            if threat >= abs(col - guard):
                value *= 1.0 - EXPOSED_LOSS
        scores[owner] += value
    if mover_ready:
        scores[mover] += TEMPO_BOARDING * BOAT_WEIGHT + (mover_ready - 1) * FURTHER_READY
        if state.boat[mover] + 1 >= PRISONERS_TO_WIN:
            scores[mover] += WINNING_BONUS
    return scores


def _rays() -> tuple[list[list[tuple[int, int, int, int]]], list[list[tuple]]]:
    """Precomputed straight lines: out of the cell up each column, and from each board square in
    each direction, as ``(row, col, board index, distance)`` up to the board's edge."""
    cell = []
    for col in range(WIDTH):
        cell.append(
            [(row, col, (row - 1) * WIDTH + col, UNNUMBERED_ROW + 1 - row)
             for row in range(UNNUMBERED_ROW, 0, -1)]
        )  # fmt: skip
    squares = []
    for index in range(SQUARES):
        start_row, start_col = index // WIDTH + 1, index % WIDTH
        lines = []
        for dr, dc in DIRECTIONS:
            line, row, col, distance = [], start_row + dr, start_col + dc, 1
            while 1 <= row <= UNNUMBERED_ROW and 0 <= col < WIDTH:
                line.append((row, col, (row - 1) * WIDTH + col, distance))
                row, col, distance = row + dr, col + dc, distance + 1
            lines.append(line)
        squares.append(lines)
    return cell, squares


CELL_RAYS, SQUARE_RAYS = _rays()


def _fold(lines, board, guards, values, far, ends) -> float:
    """Walk the legal prisoner moves along ``lines`` (from :data:`CELL_RAYS` or
    :data:`SQUARE_RAYS`: the rules of :func:`.moves.destinations`) and fold them into ``far``
    (the longest move into each side of each numbered row: what a guard there could be pushed
    past) and ``ends`` (the squares a guard of rows 1-2 can be made to end on), both updated in
    place; return the best destination's square value. A line stops at a guard; a square is a
    destination if empty and, on a numbered row, farther from its guard than the move is long."""
    best = 0.0
    for line in lines:
        for row, col, index, distance in line:
            guard = guards[row]
            if guard == col:
                break
            if board[index] != EMPTY:
                continue
            if row != UNNUMBERED_ROW:
                gap = col - guard
                if (gap if gap > 0 else -gap) <= distance:
                    continue
                side = 2 * row + (gap > 0)
                if distance > far[side]:
                    far[side] = distance
                if row < HATCHED_ROWS[-1]:
                    ends.add((row, guard + distance if gap > 0 else guard - distance))
            value = values[index]
            if value > best:
                best = value
    return best


# what a further ready prisoner of the seat to move is worth (it may board on a later turn)
FURTHER_READY = (
    ROW_WEIGHT * (UNNUMBERED_ROW - HATCHED_ROWS[-1]) / NUMBERED_ROWS
    + NEAR_BONUS
    + HATCHED_BONUS
    + READY_BONUS
)


def static_values(state: AlcatrazState) -> list[float]:
    """Per-seat reward in [0, 1] from the score gap to the best opponent."""
    scores = seat_scores(state)
    values = []
    for seat, score in enumerate(scores):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        # linear, not a sigmoid: a bot far ahead must still see its next small step forward
        values.append(min(1.0, max(0.0, 0.5 + (score - best_other) / SCORE_SPAN)))
    return values


def evaluate(state: AlcatrazState) -> list[float]:
    """Per-seat reward in [0, 1]: exact once the game is over, the alarm's mean while it is due."""
    if state.phase == "over":
        if state.winner is None:
            return [0.5] * state.seats
        return [float(seat == state.winner) for seat in range(state.seats)]
    if state.phase == "roll":
        totals = [0.0] * state.seats
        for row in range(1, DIE_SIDES + 1):
            for seat, value in enumerate(_after_alarm(state, row)):
                totals[seat] += value
        return [total / DIE_SIDES for total in totals]
    if state.phase == "direction":
        return _after_alarm(state, state.roll)
    return static_values(state)


def _after_alarm(state: AlcatrazState, row: int) -> list[float]:
    """The values after the roller sends row ``row``'s guard the way that suits it best."""
    rolled = state.clone()
    rolled.phase, rolled.roll = "direction", row
    roller = state.to_move
    best = None
    for direction in ("left", "right"):
        values = static_values(run_alarm(rolled, roller, direction))
        if best is None or values[roller] > best[roller]:
            best = values
    return best
