"""Ta Yü geometry: the board, the 28 tile kinds and their precomputed orientations.

A tile is 1 x 3 squares with 8 connection points, numbered clockwise around the tile lying
horizontally: 0, 1, 2 on the top side above squares 0, 1, 2; 3 on the right end; 4, 5, 6 on the
bottom side below squares 2, 1, 0; 7 on the left end. A half turn maps point ``i`` to ``i + 4``
(mod 8), so the 56 three-point subsets fall into 28 pairs: the 28 kinds (:data:`KINDS`, each stored
as the smaller of its two subsets). No subset is its own half turn, so a tile has four distinct
orientations (rotation 0..3 quarter turns clockwise): 0 and 2 lie horizontally, 1 and 3 upright.

On the board, rows run 0 (north) to 18 (south) and columns 0 (west) to 18 (east). Squares are kept
in a padded flat array (one square of border all round) so that a neighbour lookup is an addition;
a covered square holds the bit mask of its openings (:data:`NORTH` .. :data:`WEST` bits), an empty
square :data:`EMPTY` and the border :data:`OFF_BOARD`.
"""

from __future__ import annotations

from itertools import combinations

SIZE = 19
CENTRE = (9, 9)
MARKED_POSITIONS = (3, 9, 15)  # house decision: the blue brackets, same indices on every edge
MARKED_VALUE = 2  # an opening on a marked position
PLAIN_VALUE = 1  # an opening anywhere else on an edge
COPIES = 4  # of each kind: 28 x 4 = 112 tiles
POINTS = 8
OPENINGS = 3
HALF_TURN = 4  # point i faces the same way as point i + 4 after a half turn
ROTATIONS = 4

NORTH, EAST, SOUTH, WEST = 0, 1, 2, 3
DIRECTIONS = (NORTH, EAST, SOUTH, WEST)
EDGE_NAMES = ("N", "E", "S", "W")
STEP = ((-1, 0), (0, 1), (1, 0), (0, -1))

PADDED = SIZE + 2
EMPTY = -1
OFF_BOARD = -2
DELTA = tuple(dr * PADDED + dc for dr, dc in STEP)

# Point -> (square along the horizontal tile, direction it opens to).
POINT_SQUARES = (
    (0, NORTH), (1, NORTH), (2, NORTH), (2, EAST), (2, SOUTH), (1, SOUTH), (0, SOUTH), (0, WEST),
)  # fmt: skip
POINT_SIDES = ("top", "top", "top", "right", "bottom", "bottom", "bottom", "left")


def padded(row: int, col: int) -> int:
    return (row + 1) * PADDED + col + 1


def unpadded(index: int) -> tuple[int, int]:
    return index // PADDED - 1, index % PADDED - 1


def on_board(row: int, col: int) -> bool:
    return 0 <= row < SIZE and 0 <= col < SIZE


def half_turn(points: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted((p + HALF_TURN) % POINTS for p in points))


def generate_kinds() -> tuple[tuple[int, ...], ...]:
    """The kinds from the rule: 3 of 8 points, a subset and its half turn being one kind."""
    kinds = set()
    for subset in combinations(range(POINTS), OPENINGS):
        kinds.add(min(subset, half_turn(subset)))
    return tuple(sorted(kinds))


KINDS = generate_kinds()


def sides_of(points: tuple[int, ...]) -> int:
    """How many of the tile's four sides its openings use (1, 2 or 3)."""
    return len({POINT_SIDES[p] for p in points})


RINGED = tuple(sides_of(kind) == 3 for kind in KINDS)  # three sides: a ring on the back


class Orientation:
    """One kind in one rotation, ready for the placement check.

    ``cells``: padded offsets of the three squares from the anchor (the north-west square);
    ``masks``: their opening bits; ``edges``: the eight outward sides as (offset of the facing
    square, bit of that square's side facing back, whether this side is open); ``opens[d]``: the
    offsets of the squares whose side ``d`` is open (where a channel arriving from ``d`` fits).
    """

    __slots__ = ("kind", "rotation", "squares", "cells", "masks", "edges", "opens")

    def __init__(self, kind: int, rotation: int):
        self.kind, self.rotation = kind, rotation
        squares: dict[tuple[int, int], int] = {}
        for point in KINDS[kind]:
            along, direction = POINT_SQUARES[point]
            row, col = 0, along
            for _ in range(rotation):  # a quarter turn clockwise: (r, c) -> (c, -r)
                row, col = col, -row
            key = (row, col)
            squares[key] = squares.get(key, 0) | (1 << ((direction + rotation) % 4))
        shape = []
        for along in range(3):
            row, col = 0, along
            for _ in range(rotation):
                row, col = col, -row
            shape.append((row, col))
        top, left = min(r for r, _ in shape), min(c for _, c in shape)
        cells = sorted((r - top, c - left, squares.get((r, c), 0)) for r, c in shape)
        self.squares = tuple(cells)  # (row, col, mask) from the anchor, for views and scripts
        self.cells = tuple(r * PADDED + c for r, c, _ in cells)
        self.masks = tuple(m for _, _, m in cells)
        inside = {(r, c) for r, c, _ in cells}
        edges, opens = [], [[], [], [], []]
        for r, c, mask in cells:
            for d in DIRECTIONS:
                dr, dc = STEP[d]
                if (r + dr, c + dc) in inside:
                    continue
                is_open = bool(mask >> d & 1)
                edges.append(((r + dr) * PADDED + c + dc, 1 << ((d + 2) % 4), is_open))
                if is_open:
                    opens[d].append(r * PADDED + c)
        self.edges = tuple(edges)
        self.opens = tuple(tuple(o) for o in opens)


ORIENTATIONS = tuple(
    tuple(Orientation(kind, rotation) for rotation in range(ROTATIONS))
    for kind in range(len(KINDS))
)


def edge_value(position: int) -> int:
    return MARKED_VALUE if position in MARKED_POSITIONS else PLAIN_VALUE


def empty_board() -> list[int]:
    board = [OFF_BOARD] * (PADDED * PADDED)
    for row in range(SIZE):
        for col in range(SIZE):
            board[padded(row, col)] = EMPTY
    return board


def kind_table() -> list[list[list[list[int]]]]:
    """Per kind, per rotation, the squares ``[row, col, mask]`` from the anchor (for scripts)."""
    return [[[list(s) for s in o.squares] for o in rotations] for rotations in ORIENTATIONS]
