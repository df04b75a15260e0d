"""Shared helpers for the Bataclan tests: rigged dice and hand-built positions."""

from __future__ import annotations

import random

from play.games.bataclan.engine import BataclanEngine
from play.games.bataclan.scenarios import position

ENGINE = BataclanEngine()


class Rigged(random.Random):
    """A generator whose dice show ``faces`` in turn and whose landings are off by ``offsets``."""

    def __init__(self, faces=(), offsets=()):
        super().__init__(0)
        self.faces, self.offsets = list(faces), list(offsets)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0) if self.faces else super().randint(a, b)

    def gauss(self, mu: float = 0.0, sigma: float = 1.0) -> float:
        return mu + self.offsets.pop(0) if self.offsets else mu


def state(hands, pile=(), **kwargs):
    """A 2-player position (seat 1 holds the rest of the box); ``pile`` as (size, value, x)."""
    rows = [(size, value, False, x) for size, value, x in pile]
    return ENGINE.from_dict(position(hands=hands, pile=rows, **kwargs))


def place(die, value, steadiness=1.0):
    return {"type": "place", "die": die, "as": value, "steadiness": steadiness}
