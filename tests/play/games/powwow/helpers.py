"""Building Pow Wow positions for the tests."""

from __future__ import annotations

import random

from play.games.powwow.engine import PowwowEngine
from play.games.powwow.state import COLOURS, CORRIDORS, PREDICTION_SUPPLY

ENGINE = PowwowEngine()


class FixedDice(random.Random):
    """A generator whose colour dice show ``colours`` in turn (``randrange`` over the six)."""

    def __init__(self, *colours: str):
        super().__init__(0)
        self.values = [COLOURS.index(c) for c in colours]

    def randrange(self, *args, **kwargs) -> int:
        if args == (len(COLOURS),) and self.values:
            return self.values.pop(0)
        return super().randrange(*args, **kwargs)


def new(seats: int = 3, seed: int = 0, **options):
    return ENGINE.new_game(seats=seats, options=options, rng=random.Random(seed))


def position(
    seats: int = 3,
    *,
    phase: str = "move",
    roller: int = 0,
    to_move: int | None = None,
    taken=None,
    indians=None,
    rings=None,
    direction: int = 1,
    hands=None,
    neutral=None,
    stones=None,
    dice=None,
    supply: int | None = None,
):
    """A position in ``phase``: by default the move phase of round 0, everyone holding a red die
    (``taken``), the seat ``to_move`` (default the roller) about to move."""
    data = ENGINE.to_dict(new(seats))
    order = [(roller + i) % seats for i in range(seats)]
    to_move = roller if to_move is None else to_move
    data.update(phase=phase, roller=roller, to_move=to_move, direction=direction)
    if phase in ("move", "moccasin"):
        data["taken"] = list(taken or ["red"] * seats)
        done = order[: order.index(to_move) + (phase == "moccasin")]
        data["moved"] = [s in done for s in range(seats)]
    if phase == "draft":
        data["dice"] = list(dice or [])
        data["taken"] = list(taken or [None] * seats)
    for colour, square in (indians or {}).items():
        data["indians"][colour] = square
    for corridor, ring in (rings or {}).items():
        data["stones"][corridor] = ring
    if hands is not None:
        data["hands"] = [list(h) for h in hands]
    if neutral is not None:
        data["neutral"] = list(neutral)
    if stones is not None:
        data["prediction_stones"] = list(stones)
        data["supply"] = PREDICTION_SUPPLY - sum(stones) if supply is None else supply
    return ENGINE.from_dict(data)


def play(state, seat, move, rng=None):
    return ENGINE.play(state, seat, move, rng or random.Random(0))


def advance(corridor: str, back: bool = False) -> dict:
    assert corridor in CORRIDORS
    return {"type": "advance", "corridor": corridor, "back": back}


def square(state, colour: str) -> int:
    return ENGINE.to_dict(state)["indians"][colour]
