"""Prairie / Buffalo geometry and bitboard move generation: the fast core the engine and bots share.

A position is three Python ints and a side: ``buffalo`` and ``dogs`` are bitboards over the 77
squares (bit ``row * 11 + column``, row 0 = the buffalo row "1", row 6 = the goal row "7"),
``chief`` is a square index. A move is an int ``from | to << 7``; which piece moves follows from
the position. Nothing here knows about seats, options or JSON: see :mod:`play.games.buffalo.engine`.

Dog slides use precomputed tables: one per row pattern (indexed by the 11 occupancy bits of the
dog's row) and one dictionary per square for its column and for its two diagonals (keyed by the
masked occupancy). Dogs and the chief never leave rows 2–6, so the tables only cover those rows.
"""

from __future__ import annotations

import random
from collections.abc import Callable

COLUMNS = 11
ROWS = 7
FILES = "abcdefghijk"
SQUARES = COLUMNS * ROWS
FULL = (1 << SQUARES) - 1
ROW_BITS = (1 << COLUMNS) - 1

BUFFALO_SIDE = 0
INDIAN_SIDE = 1

START_CHIEF = "f6"
START_DOGS = ("d6", "e6", "g6", "h6")
START_BUFFALO_ROW = 1
GOAL_ROW = 7
FORBIDDEN_INDIAN_ROWS = (1, 7)

REASON_CROSSED = "buffalo_crossed"
REASON_ALL_CAPTURED = "all_captured"
REASON_BUFFALO_BLOCKED = "buffalo_blocked"
REASON_NO_LEGAL_MOVE = "no_legal_move"

ROW_MASK = tuple(ROW_BITS << (COLUMNS * r) for r in range(ROWS))
COLUMN_MASK = tuple(sum(1 << (r * COLUMNS + c) for r in range(ROWS)) for c in range(COLUMNS))
GOAL_MASK = ROW_MASK[GOAL_ROW - 1]
INDIAN_ZONE = FULL & ~ROW_MASK[0] & ~ROW_MASK[ROWS - 1]

KING_DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
DIAGONAL_DIRECTIONS = ((1, 1), (1, -1), (-1, 1), (-1, -1))
FILE_DIRECTIONS = ((1, 0), (-1, 0))


def square_index(name: str) -> int:
    """``"f6"`` → 60; raises ``ValueError`` for anything that is not a square of the board."""
    if (
        not isinstance(name, str)
        or len(name) != 2
        or name[0] not in FILES
        or name[1] not in "1234567"
    ):
        raise ValueError(f"not a square: {name!r}")
    return (int(name[1]) - 1) * COLUMNS + FILES.index(name[0])


def square_name(sq: int) -> str:
    return FILES[sq % COLUMNS] + str(sq // COLUMNS + 1)


def encode_move(frm: int, to: int) -> int:
    return frm | to << 7


def decode_move(move: int) -> tuple[int, int]:
    return move & 127, move >> 7


def bits(bb: int) -> list[int]:
    """Square indices of the set bits, lowest first."""
    out = []
    while bb:
        low = bb & -bb
        out.append(low.bit_length() - 1)
        bb ^= low
    return out


def _in_zone(row: int, col: int) -> bool:
    return 1 <= row <= ROWS - 2 and 0 <= col < COLUMNS


def _ray(sq: int, dr: int, dc: int) -> list[int]:
    row, col = divmod(sq, COLUMNS)
    out = []
    row, col = row + dr, col + dc
    while _in_zone(row, col):
        out.append(row * COLUMNS + col)
        row, col = row + dr, col + dc
    return out


def _slide(rays: list[list[int]], occ: int) -> int:
    targets = 0
    for ray in rays:
        for sq in ray:
            if occ >> sq & 1:
                break
            targets |= 1 << sq
    return targets


def _subsets(mask: int):
    sub = 0
    while True:
        yield sub
        sub = (sub - mask) & mask
        if sub == 0:
            return


def _line_table(sq: int, directions) -> tuple[int, dict[int, int]]:
    rays = [_ray(sq, dr, dc) for dr, dc in directions]
    mask = sum(1 << s for ray in rays for s in ray)
    return mask, {occ: _slide(rays, occ) for occ in _subsets(mask)}


def _rank_table() -> list[list[int]]:
    """``RANK[col][row_occupancy]``: target columns (as 11 bits) of a slide along a row."""
    table = []
    for col in range(COLUMNS):
        row_table = []
        for occ in range(1 << COLUMNS):
            targets = 0
            for step in (1, -1):
                c = col + step
                while 0 <= c < COLUMNS and not occ >> c & 1:
                    targets |= 1 << c
                    c += step
            row_table.append(targets)
        table.append(row_table)
    return table


RANK_TARGETS = _rank_table()
FILE_MASK = [0] * SQUARES
FILE_TARGETS: list[dict[int, int]] = [{} for _ in range(SQUARES)]
DIAG_MASK = [0] * SQUARES
DIAG_TARGETS: list[dict[int, int]] = [{} for _ in range(SQUARES)]
KING_TARGETS = [0] * SQUARES
ROW_SHIFT = [(sq // COLUMNS) * COLUMNS for sq in range(SQUARES)]
COLUMN_OF = [sq % COLUMNS for sq in range(SQUARES)]
for _sq in range(SQUARES):
    if not INDIAN_ZONE >> _sq & 1:
        continue
    FILE_MASK[_sq], FILE_TARGETS[_sq] = _line_table(_sq, FILE_DIRECTIONS)
    DIAG_MASK[_sq], DIAG_TARGETS[_sq] = _line_table(_sq, DIAGONAL_DIRECTIONS)
    KING_TARGETS[_sq] = sum(1 << ray[0] for ray in (_ray(_sq, *d) for d in KING_DIRECTIONS) if ray)
del _sq

REJECTION_LIMIT = 48
DOG_PATHS: list[list[tuple[int, int]]] = [[] for _ in range(SQUARES)]
KING_LIST = [bits(KING_TARGETS[sq]) for sq in range(SQUARES)]
for _sq in range(SQUARES):
    for _ray_squares in (_ray(_sq, *d) for d in KING_DIRECTIONS):
        _path = 0
        for _to in _ray_squares:
            _path |= 1 << _to
            DOG_PATHS[_sq].append((_path, _to))
DOG_PATH_COUNTS = [len(p) for p in DOG_PATHS]
KING_COUNTS = [len(k) for k in KING_LIST]
del _sq, _ray_squares, _path, _to


def dog_targets(sq: int, occ: int) -> int:
    """Empty squares a dog on ``sq`` reaches by a queen slide through empty squares of rows 2–6."""
    shift = ROW_SHIFT[sq]
    return (
        RANK_TARGETS[COLUMN_OF[sq]][occ >> shift & ROW_BITS] << shift
        | FILE_TARGETS[sq][occ & FILE_MASK[sq]]
        | DIAG_TARGETS[sq][occ & DIAG_MASK[sq]]
    )


def buffalo_steps(buffalo: int, occ: int) -> int:
    """Target squares of every buffalo that can step forward (one bit per movable buffalo)."""
    return buffalo << COLUMNS & ~occ & FULL


def indians_can_move(buffalo: int, dogs: int, chief: int) -> bool:
    if KING_TARGETS[chief] & ~dogs:
        return True
    occ = buffalo | dogs | 1 << chief
    d = dogs
    while d:
        low = d & -d
        if dog_targets(low.bit_length() - 1, occ):
            return True
        d ^= low
    return False


def generate(buffalo: int, dogs: int, chief: int, side: int, skip_columns: int = 0) -> list[int]:
    """Every legal move (ints) of ``side``; ``skip_columns`` masks buffalo columns (opening)."""
    occ = buffalo | dogs | 1 << chief
    moves = []
    if side == BUFFALO_SIDE:
        steps = buffalo_steps(buffalo, occ)
        while steps:
            low = steps & -steps
            to = low.bit_length() - 1
            if not skip_columns >> (to % COLUMNS) & 1:
                moves.append(to - COLUMNS | to << 7)
            steps ^= low
        return moves
    d = dogs
    while d:
        low = d & -d
        frm = low.bit_length() - 1
        t = dog_targets(frm, occ)
        while t:
            tl = t & -t
            moves.append(frm | (tl.bit_length() - 1) << 7)
            t ^= tl
        d ^= low
    t = KING_TARGETS[chief] & ~dogs
    while t:
        tl = t & -t
        moves.append(chief | (tl.bit_length() - 1) << 7)
        t ^= tl
    return moves


def apply(buffalo: int, dogs: int, chief: int, move: int) -> tuple[int, int, int]:
    """The position after a legal ``move``: a chief move onto a buffalo captures it."""
    frm = move & 127
    to = move >> 7
    fb = 1 << frm
    if buffalo & fb:
        return buffalo ^ (fb | 1 << to), dogs, chief
    if dogs & fb:
        return buffalo, dogs ^ (fb | 1 << to), chief
    return buffalo & ~(1 << to), dogs, to


def winner(buffalo: int, dogs: int, chief: int, side: int, blocked_at_once: bool = False):
    """``(winning side, reason)`` if the game is over with ``side`` to move, else ``None``."""
    if buffalo & GOAL_MASK:
        return BUFFALO_SIDE, REASON_CROSSED
    if not buffalo:
        return INDIAN_SIDE, REASON_ALL_CAPTURED
    if side == BUFFALO_SIDE or blocked_at_once:
        if not buffalo_steps(buffalo, buffalo | dogs | 1 << chief):
            return INDIAN_SIDE, REASON_BUFFALO_BLOCKED
    if side == INDIAN_SIDE and not indians_can_move(buffalo, dogs, chief):
        return BUFFALO_SIDE, REASON_NO_LEGAL_MOVE
    return None


def random_playout(
    buffalo: int,
    dogs: int,
    chief: int,
    side: int,
    rng: random.Random,
    max_plies: int = -1,
    blocked_at_once: bool = False,
) -> tuple[int, int, int, int, int]:
    """Play uniformly random legal moves until the game ends (or ``max_plies`` moves were made).

    Returns ``(winning side or -1, buffalo, dogs, chief, plies)``. Indian moves are drawn by
    rejection: pick uniformly among the geometric slides and steps of the five pieces, accept when
    the path and target are free. Every legal move is equally likely, at a fraction of the cost of
    listing them; after ``REJECTION_LIMIT`` misses the moves are listed (and "no move" detected).
    Buffalo moves always alternate here: start playouts after any opening turn.
    """
    rand = rng.random
    paths, path_counts, kings, king_counts = DOG_PATHS, DOG_PATH_COUNTS, KING_LIST, KING_COUNTS
    s0, s1, s2, s3 = bits(dogs)
    plies = 0
    while plies != max_plies:
        occ = buffalo | dogs | 1 << chief
        if side == BUFFALO_SIDE:
            buffalo, stepped, winner = _random_buffalo_step(buffalo, occ, rand, blocked_at_once)
            plies += stepped
            if winner != -1:
                return winner, buffalo, dogs, chief, plies
            side = INDIAN_SIDE
            continue
        g0 = path_counts[s0]
        g1 = g0 + path_counts[s1]
        g2 = g1 + path_counts[s2]
        g3 = g2 + path_counts[s3]
        total = g3 + king_counts[chief]
        for _ in range(REJECTION_LIMIT):
            r = int(rand() * total)
            if r >= g3:
                to = kings[chief][r - g3]
                if dogs >> to & 1:
                    continue
                chief = to
                if buffalo >> to & 1:
                    buffalo ^= 1 << to
                break
            if r < g1:
                if r < g0:
                    path, to = paths[s0][r]
                    if occ & path:
                        continue
                    frm, s0 = s0, to
                else:
                    path, to = paths[s1][r - g0]
                    if occ & path:
                        continue
                    frm, s1 = s1, to
            elif r < g2:
                path, to = paths[s2][r - g1]
                if occ & path:
                    continue
                frm, s2 = s2, to
            else:
                path, to = paths[s3][r - g2]
                if occ & path:
                    continue
                frm, s3 = s3, to
            dogs ^= 1 << frm | 1 << to
            break
        else:  # rejection kept missing: list the moves (and see whether there is one)
            listed = _listed_indian_move(buffalo, dogs, chief, rand)
            if listed is None:
                return BUFFALO_SIDE, buffalo, dogs, chief, plies
            buffalo, dogs, chief = listed
            s0, s1, s2, s3 = bits(dogs)
        plies += 1
        if not buffalo:
            return INDIAN_SIDE, buffalo, dogs, chief, plies
        side = BUFFALO_SIDE
    return -1, buffalo, dogs, chief, plies


def _random_buffalo_step(
    buffalo: int, occ: int, rand: Callable[[], float], blocked_at_once: bool
) -> tuple[int, int, int]:
    """A uniformly random buffalo step for :func:`random_playout`: ``(buffalo, plies made (0 when
    no buffalo can step), winning side or -1 while the game goes on)``."""
    steps = buffalo << COLUMNS & ~occ & FULL
    if not steps:
        return buffalo, 0, INDIAN_SIDE
    for _ in range(int(rand() * steps.bit_count())):
        steps &= steps - 1
    low = steps & -steps
    buffalo ^= low | low >> COLUMNS
    if low & GOAL_MASK:
        return buffalo, 1, BUFFALO_SIDE
    if blocked_at_once and not buffalo << COLUMNS & ~(occ ^ low ^ low >> COLUMNS) & FULL:
        return buffalo, 1, INDIAN_SIDE
    return buffalo, 1, -1


def _listed_indian_move(
    buffalo: int, dogs: int, chief: int, rand: Callable[[], float]
) -> tuple[int, int, int] | None:
    """The position after a uniformly random Indian move drawn from the listed moves, or
    ``None`` when the Indians have none (:func:`random_playout`'s fallback)."""
    moves = generate(buffalo, dogs, chief, INDIAN_SIDE)
    if not moves:
        return None
    return apply(buffalo, dogs, chief, moves[int(rand() * len(moves))])


def perft(buffalo: int, dogs: int, chief: int, side: int, depth: int) -> int:
    """Leaf positions ``depth`` plies ahead (standard alternating turns; finished games stop)."""
    if depth == 0:
        return 1
    if winner(buffalo, dogs, chief, side) is not None:
        return 0
    moves = generate(buffalo, dogs, chief, side)
    if depth == 1:
        return len(moves)
    total = 0
    nxt = 1 - side
    for move in moves:
        b, d, c = apply(buffalo, dogs, chief, move)
        total += perft(b, d, c, nxt, depth - 1)
    return total
