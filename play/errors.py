"""Errors of play services, each with a stable machine-readable code and a French message."""

from __future__ import annotations

import math
from typing import Any

from django.utils.translation import gettext as _


class PlayError(Exception):
    status = 400
    code = "play_error"

    def __init__(self, message: str, *, code: str | None = None, **details: Any):
        super().__init__(str(message))
        self.message = str(message)
        if code:
            self.code = code
        self.details = details

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.details}


class InvalidSetup(PlayError):
    code = "invalid_setup"


class StaleVersion(PlayError):
    """Another move (another tab, another player) was applied first."""

    status = 409
    code = "stale_version"


class SeatForbidden(PlayError):
    status = 403
    code = "seat_token_invalid"


class IllegalMoveError(PlayError):
    code = "illegal_move"


class UndoRefused(PlayError):
    code = "undo_refused"


class MatchOver(PlayError):
    status = 409
    code = "match_over"


class InvalidNumber(PlayError):
    """A number the server cannot take as sent (too large, infinite, NaN, -0.0, a boolean or a
    string where a number is expected); ``field`` names where it was (``move.press_ms``)."""

    code = "invalid_number"

    def __init__(self, field: str, message: str | None = None):
        field = field[:80]
        if message is None:
            message = _(
                "« %(field)s » : nombre refusé (trop grand, infini, non numérique, ou d'un autre "
                "type que celui attendu)."
            ) % {"field": field}
        super().__init__(message, field=field)


# The largest integer a client may send anywhere: what every JSON reader (a browser's included)
# represents exactly. Seats and versions have tighter bounds of their own (the play API's).
MAX_SAFE_INTEGER = 2**53 - 1


def is_representable(value: Any) -> bool:
    """Whether a JSON number is one the server takes: a finite float other than -0.0, or an
    integer within ``MAX_SAFE_INTEGER`` (JSON's 1e400 is read as infinity, and 400 digits are
    an integer that no float holds)."""
    if isinstance(value, bool):
        return True  # not a number: where a number is expected, the caller says so
    if isinstance(value, int):
        return -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER
    if isinstance(value, float):
        return math.isfinite(value) and not (value == 0 and math.copysign(1.0, value) < 0)
    return True


def unrepresentable_path(value: Any, path: str) -> str | None:
    """Where in ``value`` (parsed JSON, found at ``path``; ``""``: a whole body) the first number
    the server does not take is (``move.cards.2``), or None. Iterative, whatever the depth."""
    stack = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, dict):
            stack.extend((child, _joined(where, key)) for key, child in reversed(item.items()))
        elif isinstance(item, list | tuple):
            items = reversed(list(enumerate(item)))
            stack.extend((child, _joined(where, index)) for index, child in items)
        elif not is_representable(item):
            return where
    return None


def _joined(path: str, key: Any) -> str:
    return f"{path}.{key}" if path else str(key)
