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


def first_placement(match, token):
    """Play the first legal move (rolls, keeps) until a seat may place: (seat, its placement)."""
    from play.selectors import match_state
    from play.services.moves import match_play_move

    for _ in range(400):
        view = match_state(match=match, token=token)
        seat, moves = view["viewer"], view["legal_moves"]
        place = next((m for m in moves if m["type"] == "place"), None)
        if place is not None:
            return seat, place
        match_play_move(
            match=match, token=token, seat=seat, move=moves[0], expected_version=match.version
        )
    raise AssertionError("no placement in 400 moves")


def press(match, token, seat, move, *, error_ms=0.0, backdate_ms=5000):
    """The placement ``move`` pressed ``error_ms`` after a centre crossing of a fresh challenge.

    The challenge is dated ``backdate_ms`` earlier, as if it had been shown that long ago (no
    sleeping in tests)."""
    from datetime import timedelta

    from play.games.bataclan import physics
    from play.models import GestureChallenge
    from play.services.gestures import match_gesture_challenge

    challenge = match_gesture_challenge(
        match=match, token=token, seat=seat, expected_version=match.version
    )
    record = GestureChallenge.objects.get(key=challenge["id"])
    record.issued_at -= timedelta(milliseconds=backdate_ms)
    record.save(update_fields=["issued_at"])
    at = physics.centre_crossing(challenge["period_ms"], challenge["phase"], 500) + error_ms
    return {**move, "challenge": challenge["id"], "press_ms": at}
