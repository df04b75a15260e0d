"""Positions for the Ta Yü tests: tiles laid by hand, the supply refilled around them."""

from __future__ import annotations

import random

import pytest

from play.engines.base import IllegalMove
from play.games.tayu.engine import TaYuEngine
from play.games.tayu.state import COLUMNS, STACK_HEIGHT, STACKS_PER_COLUMN
from play.games.tayu.tiles import COPIES, KINDS

ENGINE = TaYuEngine()
RNG = random.Random(0)


def kind(*points: int) -> int:
    """The kind with these openings (either of its two subsets)."""
    points = tuple(sorted(points))
    half = tuple(sorted((p + 4) % 8 for p in points))
    return KINDS.index(min(points, half))


STRAIGHT = kind(1, 3, 7)  # horizontal: open west end, top middle, east end
CORNER_STRAIGHT = kind(0, 3, 7)
ONE_SIDE = kind(0, 1, 2)


def new(seats: int = 2, **options):
    return ENGINE.new_game(seats=seats, options=options, rng=random.Random(0))


def position(tiles=(), seats=2, held=None, fronts=(), to_move=0, phase=None, **options):
    """A position: ``tiles`` (kind, row, col, rotation) laid in order, seats taking turns;
    ``held`` {seat: [kinds]}; every other tile in the supply, with ``fronts`` (a kind per column)
    on top of the columns' front stacks."""
    data = ENGINE.to_dict(new(seats, **options))
    held = held or {}
    data["tiles"] = [
        {"kind": k, "row": r, "col": c, "rotation": q, "seat": i % seats}
        for i, (k, r, c, q) in enumerate(tiles)
    ]
    data["held"] = [list(held.get(s, [])) for s in range(seats)]
    counts = [COPIES] * len(KINDS)
    for k, *_ in tiles:
        counts[k] -= 1
    for hand in data["held"]:
        for k in hand:
            counts[k] -= 1
    rest = [k for k, n in enumerate(counts) for _ in range(n)]
    random.Random(1).shuffle(rest)
    for k in fronts:
        rest.remove(k)
    data["supply"] = fill_supply(rest, list(fronts))
    data["to_move"] = to_move
    if phase is None:
        base = 1 if data["options"]["two_tiles"] else 0
        phase = "place" if len(held.get(to_move, [])) > base else "draw"
    data["phase"] = phase
    if seats == 3:
        data.update(bid=10, bidder=2, spoiler=2, passed=[True, True, False])
    return ENGINE.from_dict(data)


def fill_supply(rest: list[int], fronts: list[int]) -> list:
    """The supply holding ``rest`` and ``fronts``, consumed front first: each column's full
    stacks at the back, a partial one in front, ``fronts[c]`` the next tile of column ``c``."""
    supply = []
    for column in range(COLUMNS):
        tiles = rest[column::COLUMNS] + ([fronts[column]] if column < len(fronts) else [])
        stacks = [[] for _ in range(STACKS_PER_COLUMN)]
        full, partial = divmod(len(tiles), STACK_HEIGHT)
        index = STACKS_PER_COLUMN - 1
        for _ in range(full):
            stacks[index], tiles = tiles[:STACK_HEIGHT], tiles[STACK_HEIGHT:]
            index -= 1
        if partial:
            stacks[index] = tiles
        supply.append(stacks)
    return supply


def place(row: int, col: int, rotation: int, tile: int = 0) -> dict:
    return {"type": "place", "tile": tile, "row": row, "col": col, "rotation": rotation}


def play(state, seat, move):
    return ENGINE.play(state, seat, move, RNG)


def rule_of(state, seat, move):
    before = ENGINE.to_dict(state)
    with pytest.raises(IllegalMove) as caught:
        ENGINE.play(state, seat, move, RNG)
    assert ENGINE.to_dict(state) == before
    return caught.value.rule
