"""Prairie / Buffalo position knowledge for bots: exact short wins and a static evaluation.

Scores are seen from the side to move, in "centi-buffalo" (a buffalo on its start row is worth
about 100); ``MATE - n`` means a forced win in ``n`` plies. Three facts are exact and let searches
stop early:

* Row 7 is never occupied (Indians may not enter it), so a buffalo on row 6 always crosses on the
  buffalo's next move. Only the chief can stop it, by capturing it at once.
* With buffalo to move, a buffalo on row 5 whose row-6 square is free and *not next to the chief*
  wins in three plies (it steps up, the chief cannot reach it, it crosses).
* With Indians to move, two buffalo on row 6, or one the chief is not next to, win for the buffalo;
  one next to the chief must be captured at once (the only move that does not lose).
* If a dog stands somewhere ahead of every buffalo (in its column) and the chief can move, the
  Indians win whoever is to move: the dogs stay, the chief shuttles between two squares (a square
  it leaves stays free or receives a buffalo it can capture), and the buffalo run out of steps.
"""

from __future__ import annotations

from play.games.buffalo import board as bb

MATE = 1_000_000
MATE_BOUND = MATE - 10_000

ROW5 = bb.ROW_MASK[4]
ROW6 = bb.ROW_MASK[5]

# Every square around a square, rows 1–7 (the chief itself only lives on rows 2–6).
NEIGHBOURS = [0] * bb.SQUARES
for _sq in range(bb.SQUARES):
    _r, _c = divmod(_sq, bb.COLUMNS)
    for _dr, _dc in bb.KING_DIRECTIONS:
        if 0 <= _r + _dr < bb.ROWS and 0 <= _c + _dc < bb.COLUMNS:
            NEIGHBOURS[_sq] |= 1 << ((_r + _dr) * bb.COLUMNS + _c + _dc)
AHEAD = [
    sum(1 << s for s in range(sq + bb.COLUMNS, bb.SQUARES, bb.COLUMNS)) for sq in range(bb.SQUARES)
]
DISTANCE = [
    [
        max(abs(a // bb.COLUMNS - b // bb.COLUMNS), abs(a % bb.COLUMNS - b % bb.COLUMNS))
        for b in range(bb.SQUARES)
    ]
    for a in range(bb.SQUARES)
]
del _sq, _r, _c, _dr, _dc

# Tunable weights, indexed by buffalo row index 0–5 (board rows 1–6; row 6 is mostly exact).
FREE_VALUE = (100, 110, 125, 150, 200, 400)  # no Indian piece ahead in its column
BLOCKED_VALUE = (92, 94, 97, 110, 130, 400)  # a dog or the chief somewhere ahead
CHIEF_FAR = (3, 8, 14, 22, 35, 0)  # a free buffalo's extra value per square from the chief
# The same for a blocked one: it may be freed later, and an advanced one ties a dog down until
# the chief comes to take it (these two rows won 11 of 12 games as the Indians against the one-ply
# player, against 7 of 12 for the former (92, 94, 97, 100, 105) and (1, 2, 3, 4, 5)).
CHIEF_FAR_BLOCKED = (1, 2, 4, 10, 20, 0)
CHIEF_NEAR = (0, 30, 40, 55, 90, 0)  # a free buffalo the chief stands next to (about to be eaten)
THREAT_BONUS = 60  # a buffalo on row 5 with its row-6 square free (the chief must watch it)
SPARE_DOG = 30  # a dog that blocks no buffalo is free to block the next runner
TEMPO = 10


def buffalo_to_move_win(buffalo: int, dogs: int, chief: int) -> int:
    """Plies to a forced buffalo win found statically (1 or 3), or 0."""
    if buffalo & ROW6:
        return 1
    steps = buffalo << bb.COLUMNS & ~(buffalo | dogs | 1 << chief) & ROW6
    if steps & ~NEIGHBOURS[chief]:
        return 3
    return 0


def dogs_lock_all(buffalo: int, dogs: int, chief: int) -> bool:
    """Every buffalo has a dog ahead in its column and the chief can move: an Indian win."""
    below = dogs >> bb.COLUMNS
    below |= below >> bb.COLUMNS
    below |= below >> 2 * bb.COLUMNS
    below |= below >> 4 * bb.COLUMNS
    return not buffalo & ~below and bool(bb.KING_TARGETS[chief] & ~dogs)


def _square_tables() -> tuple[list[list[int]], list[list[int]]]:
    """``FREE[chief][sq]`` and ``BLOCKED[chief][sq]``: a buffalo's value by the chief's square."""
    free = [[0] * bb.SQUARES for _ in range(bb.SQUARES)]
    blocked = [[0] * bb.SQUARES for _ in range(bb.SQUARES)]
    for chief in range(bb.SQUARES):
        for sq in range(bb.SQUARES - bb.COLUMNS):
            row, d = sq // bb.COLUMNS, DISTANCE[chief][sq]
            blocked[chief][sq] = BLOCKED_VALUE[row] + CHIEF_FAR_BLOCKED[row] * d
            near = d <= 1
            free[chief][sq] = FREE_VALUE[row] + (-CHIEF_NEAR[row] if near else CHIEF_FAR[row] * d)
    return free, blocked


FREE_TABLE, BLOCKED_TABLE = _square_tables()


def evaluate(buffalo: int, dogs: int, chief: int, side: int) -> int:
    """Static score for the side to move (the exact facts are the functions above)."""
    indians = dogs | 1 << chief
    # Squares with an Indian piece somewhere ahead in their column (filled down the column).
    below = indians >> bb.COLUMNS
    below |= below >> bb.COLUMNS
    below |= below >> 2 * bb.COLUMNS
    below |= below >> 4 * bb.COLUMNS
    free_table, blocked_table = FREE_TABLE[chief], BLOCKED_TABLE[chief]
    score = 0
    b = buffalo & below
    while b:
        low = b & -b
        score += blocked_table[low.bit_length() - 1]
        b ^= low
    b = buffalo & ~below
    while b:
        low = b & -b
        score += free_table[low.bit_length() - 1]
        b ^= low
    # Free row-5 buffalo with an empty row-6 square: the chief must watch them.
    threats = (buffalo & ~below & ROW5) << bb.COLUMNS & ~(buffalo | indians)
    score += THREAT_BONUS * threats.bit_count()
    # Dogs that block no buffalo: those with no buffalo below them in their column.
    above = buffalo << bb.COLUMNS
    above |= above << bb.COLUMNS
    above |= above << 2 * bb.COLUMNS
    above |= above << 4 * bb.COLUMNS
    score -= SPARE_DOG * (dogs & ~above).bit_count()
    return score + TEMPO if side == bb.BUFFALO_SIDE else TEMPO - score
