"""Errors of play services, each with a stable machine-readable code and a French message."""

from __future__ import annotations

from typing import Any


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
