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
    cell_moves, square_moves = _prisoner_moves(state)
    cell_summary = _summarise(cell_moves, guards, values)
    reach: list[list[int]] = []  # per seat: the longest move into each side of each row
    bars: list[set[tuple[int, int]]] = []  # per seat: (row, column) a guard of rows 1-2 can end on
    best_next: list[dict[int, float]] = []  # per seat: origin (board index, -1 the cell) -> value
    for seat in range(seats):
        if state.cell[seat]:
            far, ends, best = list(cell_summary[0]), set(cell_summary[1]), {-1: cell_summary[2]}
        else:
            far, ends, best = [0] * (2 * UNNUMBERED_ROW + 2), set(), {}
        for index, moves in square_moves.items():
            if board[index] == seat:
                best[index] = _summarise(moves, guards, values, far, ends)[2]
        reach.append(far)
        bars.append(ends)
        best_next.append(best)
    mover = state.to_move if state.phase == "move" else -1
    mover_ready = 0
    for seat in range(seats):
        scores[seat] += state.cell[seat] * NEXT_MOVE_DISCOUNT * best_next[seat].get(-1, 0.0)
    for index, owner in enumerate(board):
        if owner < 0:
            continue
        row, col = index // WIDTH + 1, index % WIDTH
        here = values[index]
        ready = ready_squares[index]
        if ready and owner == mover:
            mover_ready += 1
            continue
        others = [o for o in range(seats) if o != owner]
        if ready and any((r, col) in bars[o] for o in others for r in range(1, row)):
            here -= READY_BONUS * (1.0 - BLOCKABLE_SHARE)
        value = max(here, NEXT_MOVE_DISCOUNT * best_next[owner].get(index, 0.0))
        guard = guards[row]
        if row != UNNUMBERED_ROW and col != guard:
            side = 2 * row + (col > guard)
            if max(reach[o][side] for o in others) >= abs(col - guard):
                value *= 1.0 - EXPOSED_LOSS
        scores[owner] += value
    if mover_ready:
        scores[mover] += TEMPO_BOARDING * BOAT_WEIGHT + (mover_ready - 1) * FURTHER_READY
        if state.boat[mover] + 1 >= PRISONERS_TO_WIN:
            scores[mover] += WINNING_BONUS
    return scores


def _prisoner_moves(state: AlcatrazState):
    """``(row, col, distance)`` of the legal prisoner moves out of the cell (the same for every
    seat) and from each occupied square (by board index): :func:`.moves.destinations`, shared."""
    board, guards = state.board, state.guards
    cell_moves = []
    for col in range(WIDTH):
        row, distance = UNNUMBERED_ROW, 1
        while row >= 1 and guards[row] != col:
            if board[(row - 1) * WIDTH + col] == EMPTY and (
                row == UNNUMBERED_ROW or abs(col - guards[row]) > distance
            ):
                cell_moves.append((row, col, distance))
            row, distance = row - 1, distance + 1
    square_moves = {}
    for index, owner in enumerate(board):
        if owner < 0:
            continue
        start_row, start_col = index // WIDTH + 1, index % WIDTH
        found = []
        for dr, dc in DIRECTIONS:
            row, col, distance = start_row + dr, start_col + dc, 1
            while 1 <= row <= UNNUMBERED_ROW and 0 <= col < WIDTH:
                guard = guards[row]
                if guard == col:
                    break
                if board[(row - 1) * WIDTH + col] == EMPTY and (
                    row == UNNUMBERED_ROW or abs(col - guard) > distance
                ):
                    found.append((row, col, distance))
                row, col, distance = row + dr, col + dc, distance + 1
        square_moves[index] = found
    return cell_moves, square_moves


def _summarise(moves, guards, values, far=None, ends=None):
    """Fold moves into the longest reach per row side, the guard ends of rows 1-2, and the best
    destination value (``far`` and ``ends`` are updated in place when given)."""
    far = [0] * (2 * UNNUMBERED_ROW + 2) if far is None else far
    ends = set() if ends is None else ends
    best = 0.0
    for row, col, distance in moves:
        if row != UNNUMBERED_ROW:
            guard = guards[row]
            side = 2 * row + (col > guard)
            if distance > far[side]:
                far[side] = distance
            if row < HATCHED_ROWS[-1]:
                ends.add((row, guard + distance if col > guard else guard - distance))
        value = values[(row - 1) * WIDTH + col]
        if value > best:
            best = value
    return far, ends, best


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
