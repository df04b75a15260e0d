"""Alcatraz state: board constants, square names, option validation and the position object.

The rules and house decisions are described in :mod:`play.games.alcatraz.engine`; this module holds
the data they act on. :meth:`AlcatrazState.from_dict` accepts only consistent positions: one guard
per numbered row and none on row 9, prisoners on the board and off each other, four prisoners per
seat between cell, board and boat, and a phase, roll, winner and turn count that agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.engines.base import InvalidOptions, Move
from play.engines.checks import check, check_option_names, check_seats, state_from_data

COLUMNS = "abcdefghi"
WIDTH = len(COLUMNS)
NUMBERED_ROWS = 8
UNNUMBERED_ROW = 9  # how square names write the row in front of the cell, which has no number
CELL, BOAT = "cell", "boat"
PRISONERS_PER_SEAT = 4
PRISONERS_TO_WIN = 3
DIE_SIDES = 8  # the die names a numbered row
HATCHED_ROWS = (1, 2, 3)
HATCHED_COLUMNS = (3, 4, 5)  # d, e, f: the boat is centred above column e
MIDDLE_COLUMN = 4  # row 1's guard must start on e1
DEFAULT_GUARD_LAYOUT = ("e1", "a2", "i3", "a4", "i5", "a6", "i7", "a8")
EMPTY = -1
PHASES = ("move", "roll", "direction", "over")
OPTION_NAMES = ("alarm", "guard_layout", "first_player", "turn_limit")
ALARM_DEFAULT = True
DEFAULT_FIRST_PLAYER = 0
DEFAULT_TURN_LIMIT = 1000
# The hard cap, whatever the options: a game ends as a draw after this many turns (every poll
# replays the whole move log, so no game may grow for ever). Careful bot games that still
# progress have lasted 1,944 turns. A new table's ``turn_limit`` is at most this.
MAX_TURNS = 2000
MAX_TURN_LIMIT = MAX_TURNS
ALARM_CATCHES_ON_START_SQUARE = False
ALARM_DIRECTIONS = {"left": -1, "right": 1}
LEFT_NEIGHBOUR_STEP = 1  # the left neighbour is the next seat clockwise
WIN_REASON = "three_prisoners_in_boat"
TURN_LIMIT_REASON = "turn_limit"
MAX_TURNS_REASON = "max_turns"
RECENT_POSITIONS = 12  # turn-end positions remembered (bots avoid repeating them)
POSITION_KEY_BITS = 52  # keys stay exact as JavaScript numbers

UP, DOWN, LEFT, RIGHT = (-1, 0), (1, 0), (0, -1), (0, 1)
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)
PASS_MOVE: Move = {"type": "pass"}
ROLL_MOVE: Move = {"type": "roll"}


# -- squares and state --------------------------------------------------------------------------


def square_name(row: int, col: int) -> str:
    return f"{COLUMNS[col]}{row}"


SQUARE_NAMES = [square_name(i // WIDTH + 1, i % WIDTH) for i in range(WIDTH * UNNUMBERED_ROW)]


def parse_square(value: Any) -> tuple[int, int] | None:
    """(row, column index) of a name such as ``"e7"``, or ``None``."""
    if not isinstance(value, str) or len(value) != 2 or value[0] not in COLUMNS:
        return None
    if not value[1].isdigit() or not 1 <= int(value[1]) <= UNNUMBERED_ROW:
        return None
    return int(value[1]), COLUMNS.index(value[0])


def is_hatched(row: int, col: int) -> bool:
    return row in HATCHED_ROWS and col in HATCHED_COLUMNS


def guard_layout_columns(layout: Any, *, start: bool = True) -> list[int]:
    """Validate 8 guard squares (a start layout if ``start``) as ``guards[row]`` (-1: none)."""
    if isinstance(layout, str):
        layout = layout.replace(",", " ").split()
    if not isinstance(layout, list | tuple):
        raise InvalidOptions(
            "guard_layout must be a list of 8 squares such as 'e1'.", option="guard_layout"
        )
    guards = [EMPTY] * (UNNUMBERED_ROW + 1)
    for name in layout:
        square = parse_square(name)
        if square is None:
            raise InvalidOptions(
                f"guard_layout: {name!r} is not a square of the 9 x 9 board.", option="guard_layout"
            )
        row, col = square
        if row == UNNUMBERED_ROW:
            raise InvalidOptions(
                f"guard_layout: the unnumbered row in front of the cell must stay empty ({name}).",
                option="guard_layout",
            )
        if guards[row] != EMPTY:
            raise InvalidOptions(
                f"guard_layout: exactly one guard per numbered row (row {row}).",
                option="guard_layout",
            )
        guards[row] = col
    missing = [r for r in range(1, NUMBERED_ROWS + 1) if guards[r] == EMPTY]
    if missing:
        raise InvalidOptions(
            f"guard_layout: exactly one guard per numbered row (none in {missing}).",
            option="guard_layout",
        )
    if start and guards[1] != MIDDLE_COLUMN:
        raise InvalidOptions(
            f"guard_layout: row 1's guard must stand on the middle square {square_name(1, 4)}.",
            option="guard_layout",
        )
    return guards


def validate_options(seats: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    check_seats(seats, 2, 4, "Alcatraz is played by 2 to 4 players.")
    check_option_names(options, OPTION_NAMES)
    alarm = options.get("alarm", ALARM_DEFAULT)
    if not isinstance(alarm, bool):
        raise InvalidOptions("alarm must be true or false.", option="alarm")
    layout = options.get("guard_layout") or DEFAULT_GUARD_LAYOUT  # (new tables: see the engine)
    guards = guard_layout_columns(layout)
    first = options.get("first_player", DEFAULT_FIRST_PLAYER)
    if first != "random" and (
        not isinstance(first, int) or isinstance(first, bool) or not 0 <= first < seats
    ):
        raise InvalidOptions(
            f"first_player must be 'random' or a seat from 0 to {seats - 1}.",
            option="first_player",
        )
    limit = options.get("turn_limit", DEFAULT_TURN_LIMIT)
    if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
        raise InvalidOptions(
            "turn_limit must be a whole number of turns (0: no limit).", option="turn_limit"
        )
    layout = [square_name(r, guards[r]) for r in range(1, NUMBERED_ROWS + 1)]
    return {"alarm": alarm, "guard_layout": layout, "first_player": first, "turn_limit": limit}


class AlcatrazState:
    """A position. ``board[(row - 1) * 9 + col]`` is the seat whose prisoner stands there or -1;
    ``guards[row]`` is the column of that row's guard (-1 for rows 0 and 9)."""

    __slots__ = (
        "seats",
        "options",
        "board",
        "guards",
        "cell",
        "boat",
        "to_move",
        "phase",
        "roll",
        "turn",
        "events",
        "winner",
        "recent",
        "boarded_turn",
    )

    def __init__(self, seats: int, options: dict[str, Any], guards: list[int], to_move: int):
        self.seats, self.options, self.guards, self.to_move = seats, options, guards, to_move
        self.board = [EMPTY] * (WIDTH * UNNUMBERED_ROW)
        self.cell = [PRISONERS_PER_SEAT] * seats
        self.boat = [0] * seats
        self.phase, self.roll, self.turn, self.winner = "move", None, 0, None
        self.events: list[dict[str, Any]] = []
        self.recent: tuple[int, ...] = ()  # position keys of the last turns' ends, oldest first
        self.boarded_turn = 0  # the turn at whose end a prisoner last boarded (0: none yet)

    def position_key(self) -> int:
        """A number naming the position (prisoners, guards, cell, boat, seat to move): the same
        position gets the same key in every process (Python hashes tuples of integers without
        a per-process seed); another Python version may compute other keys, which only makes
        the bots forget the positions remembered before an upgrade."""
        key = hash((tuple(self.board), tuple(self.guards), tuple(self.cell), tuple(self.boat)))
        return hash((key, self.to_move)) & ((1 << POSITION_KEY_BITS) - 1)

    @property
    def alarm(self) -> bool:
        return self.options["alarm"]

    @property
    def turn_limit(self) -> int:
        return self.options["turn_limit"]

    @property
    def turns_without_boarding(self) -> int:
        return self.turn - self.boarded_turn

    @property
    def stalled(self) -> bool:
        """Whether ``turn_limit`` turns have passed without a boarding: the game is a draw."""
        return bool(self.turn_limit) and self.turns_without_boarding >= self.turn_limit

    @property
    def capped(self) -> bool:
        """Whether the game has lasted ``MAX_TURNS`` turns: it ends (a draw) whatever options."""
        return self.turn >= MAX_TURNS

    def clone(self) -> AlcatrazState:
        new = AlcatrazState.__new__(AlcatrazState)
        new.seats, new.options, new.to_move = self.seats, self.options, self.to_move
        new.board, new.guards = self.board[:], self.guards[:]
        new.cell, new.boat = self.cell[:], self.boat[:]
        new.phase, new.roll, new.turn, new.winner = self.phase, self.roll, self.turn, self.winner
        new.events = self.events  # replaced, never mutated, by play
        new.recent, new.boarded_turn = self.recent, self.boarded_turn
        return new

    def prisoners(self, seat: int) -> list[str]:
        return [SQUARE_NAMES[i] for i, owner in enumerate(self.board) if owner == seat]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "options": {**self.options, "guard_layout": list(self.options["guard_layout"])},
            "guards": [square_name(r, self.guards[r]) for r in range(1, NUMBERED_ROWS + 1)],
            "prisoners": [self.prisoners(s) for s in range(self.seats)],
            "cell": list(self.cell),
            "boat": list(self.boat),
            "to_move": self.to_move,
            "phase": self.phase,
            "roll": self.roll,
            "turn": self.turn,
            "winner": self.winner,
            "events": [dict(e) for e in self.events],
            "recent": list(self.recent),
            "boarded_turn": self.boarded_turn,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> AlcatrazState:
        return state_from_data(cls._from_dict, data, "Alcatraz")

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> AlcatrazState:
        seats = data["seats"]
        options = validate_options(seats, data["options"])
        guards = guard_layout_columns(data["guards"], start=False)  # row 1's guard may move
        to_move = data["to_move"]
        check(isinstance(to_move, int) and 0 <= to_move < seats, "to_move is not a seat.")
        state = cls(seats, options, guards, to_move)
        check(len(data["prisoners"]) == seats, "prisoners needs one list per seat.")
        for seat, squares in enumerate(data["prisoners"]):
            for name in squares:
                square = parse_square(name)
                check(square is not None, f"{name!r} is not a square.")
                index = (square[0] - 1) * WIDTH + square[1]
                check(state.board[index] == EMPTY, f"Two prisoners on {name}.")
                state.board[index] = seat
        state.cell, state.boat = list(data["cell"]), list(data["boat"])
        check(len(state.cell) == seats and len(state.boat) == seats, "cell/boat: one per seat.")
        for seat in range(seats):
            counts = (state.cell[seat], state.boat[seat], len(data["prisoners"][seat]))
            check(all(isinstance(n, int) and n >= 0 for n in counts), "Counts must be >= 0.")
            check(sum(counts) == PRISONERS_PER_SEAT, f"Seat {seat} must have 4 prisoners.")
        state.phase, state.roll = data["phase"], data.get("roll")
        check(state.phase in PHASES, f"Unknown phase {state.phase!r}.")
        check((state.phase == "direction") == (state.roll is not None), "roll only when choosing.")
        check(state.roll is None or state.roll in range(1, DIE_SIDES + 1), "roll must be 1..8.")
        state.turn, state.winner = data.get("turn", 0), data.get("winner")
        check(isinstance(state.turn, int) and state.turn >= 0, "turn must be >= 0.")
        state.boarded_turn = data.get("boarded_turn", 0)  # (states saved before it: 0)
        check(
            isinstance(state.boarded_turn, int)
            and not isinstance(state.boarded_turn, bool)
            and 0 <= state.boarded_turn <= state.turn,
            "boarded_turn must be a turn from 0 to turn.",
        )
        winners = [s for s in range(seats) if state.boat[s] >= PRISONERS_TO_WIN]
        check(winners == ([] if state.winner is None else [state.winner]), "winner mismatch.")
        if state.phase == "over":
            check(state.winner is not None or state.stalled or state.capped, "over too early.")
        else:  # (a game saved past MAX_TURNS before the cap existed ends at its next turn)
            check(state.winner is None and not state.stalled, "phase 'over' mismatch.")
        events = data.get("events", [])
        check(all(isinstance(e, Mapping) and "kind" in e for e in events), "Bad events.")
        state.events = [dict(e) for e in events]
        recent = data.get("recent", [])
        check(
            isinstance(recent, list)
            and len(recent) <= RECENT_POSITIONS
            and all(
                isinstance(k, int) and not isinstance(k, bool) and 0 <= k < 1 << POSITION_KEY_BITS
                for k in recent
            ),
            f"recent must list at most {RECENT_POSITIONS} position keys.",
        )
        state.recent = tuple(recent)
        return state

    @classmethod
    def start(cls, seats: int, options: dict[str, Any], first: int) -> AlcatrazState:
        return cls(seats, options, guard_layout_columns(options["guard_layout"]), first)
