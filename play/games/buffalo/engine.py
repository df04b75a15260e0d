"""Prairie / Buffalo (Alex Randolph, 1975): eleven buffalo against an Indian chief and four dogs.

Board 11 columns (a–k) × 7 rows (1–7). The buffalo start on a1–k1, the chief on f6, the dogs on
d6 e6 g6 h6; the buffalo side moves first and each turn moves one piece. A buffalo steps straight
forward onto an empty square and never captures. A dog slides like a chess queen through empty
squares, never entering rows 1 or 7 (they are the edge rows, so it cannot cross them either). The
chief makes one king step, never onto rows 1 or 7, and captures a buffalo by stepping onto it. The
buffalo win as soon as one reaches row 7; the Indians win when every buffalo is captured or none
can move. Perfect information, no chance, no draws; the game is finite since every buffalo move is
an irreversible advance (at most 11 × 5 + 1 buffalo moves, so never more than ``MAX_PLIES`` moves).

Moves are ``{"from": "f6", "to": "f5"}``; the moving piece is whatever stands on ``from``. Bots use
the int API of :class:`BuffaloState` (``int_moves``, ``push``, ``child``) and
:mod:`play.games.buffalo.board` (bitboards, move generation, random playouts, perft).

House decisions (RULES.md §1), each a named constant or an option:

* The side to move with no legal move loses. For the buffalo this is the record's "none can move"
  (``REASON_BUFFALO_BLOCKED``, Indians win). The Indians can never be left without a move: the
  chief (who may step onto a buffalo) is only shut in on a corner of rows 2–6 with dogs on its
  three neighbours, and the diagonal dog then touches three squares of one column, which at most
  one buffalo and the fourth dog cannot all fill. ``REASON_NO_LEGAL_MOVE`` (buffalo win) is kept
  for completeness. By default (``immobilised_buffalo="on_their_turn"``) a buffalo move that
  leaves every buffalo blocked does not end the game: the Indians still move, and win if the
  buffalo are still blocked afterwards. With ``"at_once"`` the Indians win the moment no buffalo
  can move, even straight after a buffalo move. Only such rare positions tell them apart.
* Handicaps of the record's series of rounds: ``removed_columns`` (columns left empty in the
  buffalo row, chosen by the buffalo player; at least ``MIN_BUFFALO`` buffalo remain) and
  ``opening_buffalo_moves`` = k: the buffalo side's first turn moves k *different* buffalo one step
  each. The turn is a sequence of k single moves (``to_act`` stays the buffalo seat); the k moves
  are compulsory (the record's "may start by moving two" grants the handicap, it is not a choice
  of fewer moves); the turn ends early only when no buffalo that has not moved yet can step, which
  happens exactly when k exceeds the number of buffalo. No opening step can reach row 7 or
  capture. ``buffalo_seat`` says which seat holds the buffalo, ``round`` is the round number of a
  series (display only). Who plays what in the next round: :mod:`play.games.buffalo.series`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from play.engines.base import Engine, EngineInfo, IllegalMove, InvalidOptions, Move, Outcome

from . import board as bb
from .board import (
    REASON_ALL_CAPTURED,
    REASON_BUFFALO_BLOCKED,
    REASON_CROSSED,
    REASON_NO_LEGAL_MOVE,
)
from .state import (
    IMMOBILISED_AT_ONCE,
    IMMOBILISED_ON_THEIR_TURN,
    MAX_OPENING_BUFFALO_MOVES,
    MAX_PLIES,
    MAX_ROUND,
    MIN_BUFFALO,
    OPTIONS,
    SIDE_NAMES,
    BuffaloOptions,
    BuffaloState,
    move_from_int,
    move_to_int,
    state_from_dict,
    state_to_dict,
)

__all__ = [
    "IMMOBILISED_AT_ONCE", "IMMOBILISED_ON_THEIR_TURN", "MAX_OPENING_BUFFALO_MOVES", "MAX_PLIES",
    "MIN_BUFFALO", "OPTIONS", "REASON_ALL_CAPTURED", "REASON_BUFFALO_BLOCKED", "REASON_CROSSED",
    "REASON_NO_LEGAL_MOVE", "BuffaloEngine", "BuffaloOptions", "BuffaloState", "move_from_int",
    "move_to_int", "move_info", "perft",
]  # fmt: skip

PIECE_BUFFALO, PIECE_DOG, PIECE_CHIEF = "buffalo", "dog", "chief"


class BuffaloEngine(Engine[BuffaloState]):
    info = EngineInfo(
        slug="buffalo", title="Prairie / Buffalo", min_seats=2, max_seats=2, options=OPTIONS
    )
    max_plies = MAX_PLIES  # no game is longer (conformance tests use it as their bound)

    def new_game(
        self, *, seats: int, options: Mapping[str, Any], rng: random.Random
    ) -> BuffaloState:
        if seats != 2:
            raise InvalidOptions("Buffalo is a game for exactly 2 seats")
        return BuffaloState(BuffaloOptions.parse(options))

    def validate_options(self, seats: int, options: Any) -> dict[str, Any]:
        """A new table's options (:meth:`BuffaloOptions.parse`), its round at most
        ``MAX_ROUND``; a round stored before that bound still loads."""
        if seats != 2:
            raise InvalidOptions("Buffalo is a game for exactly 2 seats")
        parsed = BuffaloOptions.parse(options)
        if parsed.round > MAX_ROUND:
            raise InvalidOptions(f"round must be from 1 to {MAX_ROUND}", option="round")
        return parsed.to_dict()

    def to_act(self, state: BuffaloState) -> tuple[int, ...]:
        return () if state.result is not None else (state.seat_of(state.side),)

    def seat_roles(self, state: BuffaloState) -> tuple[str, ...]:
        """``"buffalo"`` for the seat holding the buffalo (``buffalo_seat``), else ``"indians"``."""
        roles = ["indians", "indians"]
        roles[state.seat_of(bb.BUFFALO_SIDE)] = "buffalo"
        return tuple(roles)

    def legal_moves(self, state: BuffaloState, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        return [move_from_int(m) for m in state.int_moves()]

    def play(self, state: BuffaloState, seat: int, move: Move, rng: random.Random) -> BuffaloState:
        if state.result is not None:
            raise IllegalMove("game_over", "the game is over")
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", f"seat {seat} is not to act")
        code = move_to_int(move)
        if code not in state.int_moves():
            raise IllegalMove(*explain_illegal(state, code))
        return state.child(code)

    def outcome(self, state: BuffaloState) -> Outcome | None:
        if state.result is None:
            return None
        side, reason = state.result
        win, lose = state.seat_of(side), state.seat_of(1 - side)
        return Outcome(winners=(win,), ranking=((win,), (lose,)), reason=reason)

    def view(self, state: BuffaloState, seat: int | None) -> dict[str, Any]:
        """The whole position (perfect information): the same for every seat and spectators."""
        outcome = self.outcome(state)
        last = None
        if state.last_move is not None:
            last = move_from_int(state.last_move) | {
                "piece": _piece_at(state, state.last_move >> 7),
                "capture": state.last_capture,
            }
        return {
            "board": {"columns": bb.COLUMNS, "rows": bb.ROWS, "files": bb.FILES},
            "buffalo": [bb.square_name(s) for s in bb.bits(state.buffalo)],
            "dogs": [bb.square_name(s) for s in bb.bits(state.dogs)],
            "chief": bb.square_name(state.chief),
            "seats": {
                "buffalo": state.seat_of(bb.BUFFALO_SIDE),
                "indians": state.seat_of(bb.INDIAN_SIDE),
            },
            "side_to_move": None if outcome else SIDE_NAMES[state.side],
            "to_act": list(self.to_act(state)),
            "ply": state.ply,
            "last_move": last,
            "captured": state.options.start_buffalo().bit_count() - state.buffalo.bit_count(),
            "handicap": {
                "round": state.options.round,
                "removed_columns": list(state.options.removed_columns),
                "opening_buffalo_moves": state.options.opening_buffalo_moves,
                "opening_moves_left": state.opening_left,
                "opening_moved": [
                    bb.FILES[c] for c in range(bb.COLUMNS) if state.opening_moved >> c & 1
                ],
            },
            "immobilised_buffalo": state.options.immobilised_buffalo,
            "outcome": None if outcome is None else outcome.to_dict(),
        }

    def to_dict(self, state: BuffaloState) -> dict[str, Any]:
        return state_to_dict(state)

    def from_dict(self, data: Mapping[str, Any]) -> BuffaloState:
        return state_from_dict(data)

    def describe(self, state: BuffaloState, seat: int, move: Move) -> str:
        """``"chief f6→e5 (captures buffalo)"``; codes and squares only, for the UI to dress up."""
        try:
            info = move_info(state, move)
        except IllegalMove:
            return str(move)
        if info["piece"] is None:
            return f"{info['from']}→{info['to']}"
        text = f"{info['piece']} {info['from']}→{info['to']}"
        return text + " (captures buffalo)" if info["capture"] else text


def move_info(state: BuffaloState, move: Move) -> dict[str, Any]:
    """Structured description of ``move`` in ``state`` (before it is played), for translation."""
    code = move_to_int(move)
    frm, to = code & 127, code >> 7
    piece = _piece_at(state, frm)
    capture = piece == PIECE_CHIEF and bool(state.buffalo >> to & 1)
    return {
        "piece": piece,
        "from": bb.square_name(frm),
        "to": bb.square_name(to),
        "capture": capture,
    }


def explain_illegal(state: BuffaloState, code: int) -> tuple[str, str]:
    """``(rule, message)`` for a move that is not in the legal list: the rule it breaks."""
    frm, to = code & 127, code >> 7
    piece = _piece_at(state, frm)
    mine = (PIECE_BUFFALO,) if state.side == bb.BUFFALO_SIDE else (PIECE_DOG, PIECE_CHIEF)
    occupied = (state.buffalo | state.dogs | 1 << state.chief) >> to & 1
    row_from, col_from = divmod(frm, bb.COLUMNS)
    row_to, col_to = divmod(to, bb.COLUMNS)
    dr, dc = row_to - row_from, col_to - col_from
    if piece not in mine:
        return "not_your_piece", f"no {' or '.join(mine)} of yours on {bb.square_name(frm)}"
    if piece == PIECE_BUFFALO:
        if to != frm + bb.COLUMNS:
            return "buffalo_one_step_forward", "a buffalo steps one square straight forward"
        if state.opening_left and state.opening_moved >> col_from & 1:
            return "opening_different_buffalo", "each opening step moves a different buffalo"
        if occupied:
            return "buffalo_never_captures", "a buffalo only steps onto an empty square"
    forbidden = not bb.INDIAN_ZONE >> to & 1
    if piece == PIECE_CHIEF:
        if forbidden:
            return "chief_forbidden_row", "the chief never enters rows 1 or 7"
        if max(abs(dr), abs(dc)) != 1:
            return "chief_king_step", "the chief moves one square in any direction"
        if state.dogs >> to & 1:
            return "square_occupied", "the chief cannot step onto a dog"
    if piece == PIECE_DOG:
        if forbidden:
            return "dog_forbidden_row", "dogs never enter rows 1 or 7"
        if (dr, dc) == (0, 0) or not (dr == 0 or dc == 0 or abs(dr) == abs(dc)):
            return "dog_queen_line", "a dog slides along a row, column or diagonal"
        if occupied:
            return "dogs_never_capture", "a dog only stops on an empty square"
        return "dog_cannot_jump", "a dog slides through empty squares only"
    return "illegal_move", "this move is not allowed"


def perft(state: BuffaloState, depth: int) -> int:
    """Positions reached after ``depth`` moves (opening turns and game ends included)."""
    if depth == 0:
        return 1
    if state.opening_left <= 1 and not state.options.blocked_at_once and state.result is None:
        if state.opening_left == 0 or state.ply == 0:
            return bb.perft(state.buffalo, state.dogs, state.chief, state.side, depth)
    moves = state.int_moves()
    if depth == 1:
        return len(moves)
    return sum(perft(state.child(m), depth - 1) for m in moves)


def _piece_at(state: BuffaloState, sq: int) -> str | None:
    if state.buffalo >> sq & 1:
        return PIECE_BUFFALO
    if state.dogs >> sq & 1:
        return PIECE_DOG
    return PIECE_CHIEF if state.chief == sq else None
