"""Alcatraz heuristics for the MCTS: a position evaluation and the level presets.

The evaluation scores each seat: 1 per prisoner in the boat; for the others, the better of the
square they stand on and (discounted) the best square one legal move takes them to, a square being
worth its progress toward the boat (rows 1-3 and columns d-f, hatched, hatched with a clear column);
a prisoner that an opponent's next move could sweep away loses most of its worth. The gap to the
best opponent becomes a reward in [0, 1], linearly, so that a bot far ahead still sees its next
step forward (a sigmoid flattened it: the bot then shuffled instead of finishing).

The levels search at leaf evaluation (``playout_depth=0``): random Alcatraz playouts are so long and
aimless (random games rarely end within 1000 turns) that they only add noise.
"""

from __future__ import annotations

from dataclasses import replace

from play.bots.mcts import Budget, MCTSBot, make_bot
from play.games.alcatraz.engine import (
    CELL,
    HATCHED_COLUMNS,
    HATCHED_ROWS,
    NUMBERED_ROWS,
    SQUARE_NAMES,
    UNNUMBERED_ROW,
    WIDTH,
    AlcatrazEngine,
    AlcatrazState,
    can_board,
    destinations,
)

BOAT_WEIGHT = 1.0  # a prisoner in the boat; three win
ROW_WEIGHT = 0.15  # a prisoner on row 1, scaled down linearly to 0 on the unnumbered row
NEAR_BONUS = 0.1  # in rows 1-3 or columns d-f: one straight move from a hatched square
HATCHED_BONUS = 0.1  # standing where boarding becomes possible
READY_BONUS = 0.15  # on a hatched square with no guard between it and the boat
NEXT_MOVE_DISCOUNT = 0.7  # a prisoner is worth this share of the best square it can move to
EXPOSED_LOSS = 0.6  # share of a prisoner's value lost when an opponent's next move can catch it
SCORE_SPAN = 8.0  # score gap to the best opponent that spans the whole reward range [0, 1]
BOARDING_PLAYOUT_CHANCE = 0.9  # playouts board whenever they can, this often

ALCATRAZ_LEVELS: dict[str, Budget] = {
    "beginner": Budget(iterations=120, playout_depth=0),
    "intermediate": Budget(iterations=200, playout_depth=0),
    "strong": Budget(iterations=800, playout_depth=0, time_limit=5.0),
}


def square_value(state: AlcatrazState, row: int, col: int) -> float:
    """How good a square is for a prisoner, ignoring the danger: progress toward the boat."""
    value = ROW_WEIGHT * (UNNUMBERED_ROW - row) / NUMBERED_ROWS
    if row in HATCHED_ROWS or col in HATCHED_COLUMNS:
        value += NEAR_BONUS
        if row in HATCHED_ROWS and col in HATCHED_COLUMNS:
            value += HATCHED_BONUS + (READY_BONUS if can_board(state, row, col) else 0.0)
    return value


def seat_scores(state: AlcatrazState) -> list[float]:
    """Each seat's heuristic score: boat prisoners count 1, the others by where they stand or can
    go next, less the risk that an opponent's next move sends them back to the cell."""
    seats, guards = state.seats, state.guards
    scores = [BOAT_WEIGHT * b for b in state.boat]
    reach: list[list[int]] = []
    best_next: dict[tuple[int, str], float] = {}
    for seat in range(seats):
        far = [0] * (2 * UNNUMBERED_ROW + 2)
        for origin, row, col, distance in destinations(state, seat):
            if row != UNNUMBERED_ROW:
                side = 2 * row + (col > guards[row])
                if distance > far[side]:
                    far[side] = distance
            value = square_value(state, row, col)
            if value > best_next.get((seat, origin), 0.0):
                best_next[seat, origin] = value
        reach.append(far)
    for seat in range(seats):
        scores[seat] += state.cell[seat] * NEXT_MOVE_DISCOUNT * best_next.get((seat, CELL), 0.0)
    for index, owner in enumerate(state.board):
        if owner < 0:
            continue
        row, col = index // WIDTH + 1, index % WIDTH
        value = max(
            square_value(state, row, col),
            NEXT_MOVE_DISCOUNT * best_next.get((owner, SQUARE_NAMES[index]), 0.0),
        )
        guard = guards[row]
        if row != UNNUMBERED_ROW and col != guard:
            side = 2 * row + (col > guard)
            if max(reach[o][side] for o in range(seats) if o != owner) >= abs(col - guard):
                value *= 1.0 - EXPOSED_LOSS
        scores[owner] += value
    return scores


def evaluate(state: AlcatrazState) -> list[float]:
    """Per-seat reward in [0, 1] from the score gap to the best opponent."""
    scores = seat_scores(state)
    values = []
    for seat, score in enumerate(scores):
        best_other = max(s for other, s in enumerate(scores) if other != seat)
        # linear, not a sigmoid: a bot far ahead must still see its next small step forward
        values.append(min(1.0, max(0.0, 0.5 + (score - best_other) / SCORE_SPAN)))
    return values


def playout_policy(state: AlcatrazState, seat: int, moves: list, rng) -> dict:
    """Random, except that a playout boards when it can (most of the time)."""
    last = moves[-1]  # legal_moves lists a prisoner's boarding after its ordinary moves
    if last["type"] == "board" and rng.random() < BOARDING_PLAYOUT_CHANCE:
        boards = [m for m in moves if m["type"] == "board"]
        return boards[rng.randrange(len(boards))]
    return moves[rng.randrange(len(moves))]


def bot_move(state: AlcatrazState, seat: int, *, level: str, seed: int, seconds: float) -> dict:
    """The move of a bot of ``level`` for ``seat``, thinking at most ``seconds``."""
    budget = ALCATRAZ_LEVELS[level]
    limit = min(budget.time_limit or seconds, seconds)
    presets = {level: replace(budget, time_limit=limit)}
    bot = make_bot(
        AlcatrazEngine(),
        level,
        seed=seed,
        presets=presets,
        evaluate=evaluate,
        playout_policy=playout_policy,
    )
    return bot.choose(state, seat)


def alcatraz_bot(level: str = "intermediate", *, seed: int | str = 0, **kwargs) -> MCTSBot:
    """An MCTS bot for Alcatraz at ``level`` ("beginner", "intermediate" or "strong")."""
    engine = AlcatrazEngine()
    kwargs.setdefault("evaluate", evaluate)
    kwargs.setdefault("playout_policy", playout_policy)
    return make_bot(engine, level, seed=seed, presets=ALCATRAZ_LEVELS, **kwargs)
