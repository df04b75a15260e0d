"""Bataclan's timed gesture, server side: challenges, measured steadiness, simulated hands.

A placement's steadiness is never sent by a client: the server issues a challenge (a period and a
phase drawn from the system's random source, never from the match seed, and the time it was
issued), the page animates the marker from that challenge and sends back ``press_ms``, the time
from showing the challenge to the press, with the challenge's id; the server computes the
steadiness from its own record (:func:`measured_move`). The checks on time (single use, age, a
press that could not have happened) are the play services' (:mod:`play.services`); this module
only knows the game.

Simulated people and bots aim at a centre crossing at least ``LEAD_MS`` after the challenge shows
and press off by a normal error of ``spread_ms`` (:class:`TimedHand`); a person pressing on
pointer-down or key-down has a spread of about 30 ms (very steady) to 100 ms (shaky).

Untimed games (option ``untimed``): no challenge; every placement, a person's or a bot's, is made at
the engine's fixed :data:`~.engine.UNTIMED_STEADINESS`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from . import physics
from .engine import STEADINESS_GRID, STEADINESS_STEP, UNTIMED_STEADINESS

MOVE_TYPES = ("place",)  # the moves whose steadiness the server measures
MEASURED_KEYS = ("steadiness",)  # what a client may never send
LEAD_MS = 500  # a person lets the marker sweep at least this long before the crossing they aim at
MAX_AGE_SECONDS = 120  # a challenge older than this is refused


def new_challenge(rng: random.Random) -> dict[str, Any]:
    """A placement's challenge: the marker's period (ms) and starting phase."""
    low, high = physics.PERIOD_RANGE_MS
    return {"period_ms": rng.randint(low, high), "phase": round(rng.random(), 4)}


def steadiness(params: Mapping[str, Any], press_ms: float) -> float:
    """The steadiness of a press ``press_ms`` after the challenge ``params`` was shown."""
    position = physics.marker_position(press_ms, params["period_ms"], params["phase"])
    return physics.steadiness_at(position)


def on_grid(value: float) -> float:
    return STEADINESS_GRID[round(min(1.0, max(0.0, value)) / STEADINESS_STEP)]


def untimed(options: Mapping[str, Any]) -> bool:
    return bool(options.get("untimed", False))


def client_move(move: Mapping[str, Any]) -> dict[str, Any]:
    """A gesture move as a client sends it, before the press: the move without its steadiness."""
    return {k: v for k, v in move.items() if k not in MEASURED_KEYS}


def client_moves(moves: list[dict[str, Any]], options: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The legal moves as a client may send them: one placement per die, without steadiness."""
    out, seen = [], set()
    for move in moves:
        if move.get("type") in MOVE_TYPES:
            move = client_move(move)
            key = tuple(sorted(move.items()))
            if key in seen:
                continue
            seen.add(key)
        out.append(move)
    return out


def measured_move(
    move: Mapping[str, Any], params: Mapping[str, Any], press_ms: float
) -> dict[str, Any]:
    """The engine's move for a press ``press_ms`` after challenge ``params`` was shown."""
    return {**client_move(move), "steadiness": on_grid(steadiness(params, press_ms))}


def untimed_move(move: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's move in an untimed game: the fixed steadiness."""
    return {**client_move(move), "steadiness": UNTIMED_STEADINESS}


def simulated_press(params: Mapping[str, Any], spread_ms: float, rng: random.Random) -> float:
    """When a person with a timing spread of ``spread_ms`` presses (ms since shown)."""
    aim = physics.centre_crossing(params["period_ms"], params["phase"], LEAD_MS)
    return max(0.0, aim + rng.gauss(0.0, spread_ms))


class TimedHand:
    """A person's (or a bot's) hand: presses off the centre crossing by a normal timing error."""

    def __init__(self, spread_ms: float):
        self.spread_ms = spread_ms

    def press(self, params: Mapping[str, Any], rng: random.Random) -> float:
        return simulated_press(params, self.spread_ms, rng)

    def draw(self, rng: random.Random) -> float:
        """The steadiness of one placement: a fresh challenge, a press, the server's measure."""
        params = new_challenge(rng)
        return on_grid(steadiness(params, self.press(params, rng)))

    def __repr__(self) -> str:
        return f"TimedHand({self.spread_ms:g} ms)"
