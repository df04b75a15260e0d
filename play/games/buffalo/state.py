"""Prairie / Buffalo state: options, the position object, int moves and validated (de)serialisation.

The rules and house decisions are described in :mod:`play.games.buffalo.engine`; this module holds
the data they act on. ``state_from_dict`` accepts only positions the rules can produce: pieces on
the board and off each other, at most one buffalo per column and none in a removed column, exactly
four dogs and one chief outside rows 1 and 7, a side to move, ply and opening-turn progress that
agree.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from play.engines.base import IllegalMove, InvalidOptions, InvalidState, Move, OptionSpec
from play.engines.checks import check_option_names

from . import board as bb

MIN_BUFFALO = 1
MAX_OPENING_BUFFALO_MOVES = bb.COLUMNS
MAX_ROUND = 1000  # rounds of a new table's series (display only; see BuffaloEngine)
MAX_PLIES = 2 * (bb.COLUMNS * (bb.GOAL_ROW - 2) + 1)
SIDE_NAMES = ("buffalo", "indians")
IMMOBILISED_ON_THEIR_TURN = "on_their_turn"
IMMOBILISED_AT_ONCE = "at_once"

OPTIONS = (
    OptionSpec("removed_columns", (), None, "Columns (letters) left empty in the buffalo row."),
    OptionSpec(
        "opening_buffalo_moves",
        1,
        tuple(range(1, MAX_OPENING_BUFFALO_MOVES + 1)),
        "How many different buffalo the buffalo side's first turn moves.",
    ),
    OptionSpec("buffalo_seat", 0, (0, 1), "The seat that plays the buffalo."),
    OptionSpec("round", 1, None, "Round number within a handicap series (display only)."),
    OptionSpec(
        "immobilised_buffalo",
        IMMOBILISED_ON_THEIR_TURN,
        (IMMOBILISED_ON_THEIR_TURN, IMMOBILISED_AT_ONCE),
        "When blocked buffalo lose: on their own turn, or as soon as it happens.",
    ),
)


@dataclass(frozen=True)
class BuffaloOptions:
    removed_columns: tuple[str, ...] = ()
    opening_buffalo_moves: int = 1
    buffalo_seat: int = 0
    round: int = 1
    immobilised_buffalo: str = IMMOBILISED_ON_THEIR_TURN

    @classmethod
    def parse(cls, options: Mapping[str, Any]) -> BuffaloOptions:
        """Validated options; raises :class:`InvalidOptions`."""
        check_option_names(options, [spec.name for spec in OPTIONS])
        removed = options.get("removed_columns", ())
        if isinstance(removed, str) or not isinstance(removed, list | tuple):
            raise InvalidOptions(
                "removed_columns must be a list of column letters", option="removed_columns"
            )
        if not all(_is_column(c) for c in removed):
            raise InvalidOptions(
                f"removed_columns must be letters a–k, got {list(removed)}"[:200],
                option="removed_columns",
            )
        if len(set(removed)) != len(removed):
            raise InvalidOptions("removed_columns lists a column twice", option="removed_columns")
        if bb.COLUMNS - len(removed) < MIN_BUFFALO:
            raise InvalidOptions(
                f"at least {MIN_BUFFALO} buffalo must remain", option="removed_columns"
            )
        parsed = cls(
            removed_columns=tuple(sorted(removed)),
            opening_buffalo_moves=options.get("opening_buffalo_moves", 1),
            buffalo_seat=options.get("buffalo_seat", 0),
            round=options.get("round", 1),
            immobilised_buffalo=options.get("immobilised_buffalo", IMMOBILISED_ON_THEIR_TURN),
        )
        k = parsed.opening_buffalo_moves
        if not _is_int(k) or not 1 <= k <= MAX_OPENING_BUFFALO_MOVES:
            raise InvalidOptions(
                f"opening_buffalo_moves must be 1–{MAX_OPENING_BUFFALO_MOVES}",
                option="opening_buffalo_moves",
            )
        if not _is_int(parsed.buffalo_seat) or parsed.buffalo_seat not in (0, 1):
            raise InvalidOptions("buffalo_seat must be 0 or 1", option="buffalo_seat")
        if not _is_int(parsed.round) or parsed.round < 1:
            raise InvalidOptions("round must be a positive integer", option="round")
        if not isinstance(parsed.immobilised_buffalo, str) or parsed.immobilised_buffalo not in (
            IMMOBILISED_ON_THEIR_TURN,
            IMMOBILISED_AT_ONCE,
        ):
            raise InvalidOptions(
                f"immobilised_buffalo must be {IMMOBILISED_ON_THEIR_TURN} or {IMMOBILISED_AT_ONCE}",
                option="immobilised_buffalo",
            )
        return parsed

    def to_dict(self) -> dict[str, Any]:
        return {
            "removed_columns": list(self.removed_columns),
            "opening_buffalo_moves": self.opening_buffalo_moves,
            "buffalo_seat": self.buffalo_seat,
            "round": self.round,
            "immobilised_buffalo": self.immobilised_buffalo,
        }

    @property
    def blocked_at_once(self) -> bool:
        return self.immobilised_buffalo == IMMOBILISED_AT_ONCE

    def start_buffalo(self) -> int:
        removed = sum(1 << bb.FILES.index(c) for c in self.removed_columns)
        return bb.ROW_MASK[0] & ~removed


START_DOGS_BB = sum(1 << bb.square_index(s) for s in bb.START_DOGS)
START_CHIEF_SQ = bb.square_index(bb.START_CHIEF)


class BuffaloState:
    """A position: bitboards, side to move, opening-turn progress, last move and cached result.

    The fast API for bots: :meth:`int_moves`, :meth:`push` (in place) and :meth:`child` (a clone
    with one move applied), moves as ints ``from | to << 7`` (see :mod:`buffalo_board`).
    """

    __slots__ = (
        "buffalo", "dogs", "chief", "side", "ply", "opening_left", "opening_moved",
        "last_move", "last_capture", "options", "result",
    )  # fmt: skip

    def __init__(self, options: BuffaloOptions):
        self.options = options
        self.buffalo = options.start_buffalo()
        self.dogs = START_DOGS_BB
        self.chief = START_CHIEF_SQ
        self.side = bb.BUFFALO_SIDE
        self.ply = 0
        self.opening_left = options.opening_buffalo_moves
        self.opening_moved = 0  # bit c set: the buffalo of column c moved this opening turn
        self.last_move: int | None = None
        self.last_capture = False
        self.result: tuple[int, str] | None = None

    @classmethod
    def setup(
        cls,
        *,
        buffalo: Iterable[str],
        dogs: Iterable[str] = bb.START_DOGS,
        chief: str = bb.START_CHIEF,
        side: str = "buffalo",
        options: Mapping[str, Any] | None = None,
    ) -> BuffaloState:
        """A hand-made position (puzzles, tests), validated, with the smallest consistent ply."""
        parsed = BuffaloOptions.parse(options or {})
        buffalo = list(buffalo)
        squares = [bb.square_index(s) for s in buffalo]
        advance = sum(s // bb.COLUMNS for s in squares)
        captured = parsed.start_buffalo().bit_count() - len(squares)
        opening = min(parsed.opening_buffalo_moves, parsed.start_buffalo().bit_count())
        rounds = max(advance - opening, captured - (side == "buffalo"), 0)  # full rounds after it
        data = {
            "options": parsed.to_dict(),
            "side_to_move": side,
            "ply": opening + 2 * rounds + (side == "buffalo"),
            "buffalo": buffalo,
            "dogs": list(dogs),
            "chief": chief,
            "opening_moves_left": 0,
            "opening_moved": [],
            "last_move": None,
        }
        return state_from_dict(data)

    def clone(self) -> BuffaloState:
        new = object.__new__(BuffaloState)
        new.buffalo, new.dogs, new.chief = self.buffalo, self.dogs, self.chief
        new.side, new.ply = self.side, self.ply
        new.opening_left, new.opening_moved = self.opening_left, self.opening_moved
        new.last_move, new.last_capture = self.last_move, self.last_capture
        new.options, new.result = self.options, self.result
        return new

    def int_moves(self) -> list[int]:
        if self.result is not None:
            return []
        skip = self.opening_moved if self.opening_left else 0
        return bb.generate(self.buffalo, self.dogs, self.chief, self.side, skip)

    def push(self, move: int) -> None:
        """Apply a legal int move in place (no check: use :meth:`BuffaloEngine.play` for that)."""
        to = move >> 7
        was_buffalo = self.side == bb.BUFFALO_SIDE
        self.last_capture = (
            not was_buffalo and self.chief == move & 127 and bool(self.buffalo >> to & 1)
        )
        self.buffalo, self.dogs, self.chief = bb.apply(self.buffalo, self.dogs, self.chief, move)
        self.ply += 1
        self.last_move = move
        if was_buffalo:
            if self.opening_left:
                self.opening_left -= 1
                self.opening_moved |= 1 << to % bb.COLUMNS
            if not (self.opening_left and self.int_moves()):
                self.opening_left = self.opening_moved = 0
                self.side = bb.INDIAN_SIDE
        else:
            self.side = bb.BUFFALO_SIDE
        self.result = bb.winner(
            self.buffalo, self.dogs, self.chief, self.side, self.options.blocked_at_once
        )

    def child(self, move: int) -> BuffaloState:
        new = self.clone()
        new.push(move)
        return new

    def seat_of(self, side: int) -> int:
        return (
            self.options.buffalo_seat if side == bb.BUFFALO_SIDE else 1 - self.options.buffalo_seat
        )


def move_to_int(move: Any) -> int:
    """``{"from": "f6", "to": "f5"}`` → int; raises :class:`IllegalMove` for a malformed move."""
    if not isinstance(move, Mapping) or set(move) != {"from", "to"}:
        raise IllegalMove("malformed_move", 'a move is {"from": square, "to": square}')
    try:
        return bb.encode_move(bb.square_index(move["from"]), bb.square_index(move["to"]))
    except ValueError:
        raise IllegalMove("off_board", f"no such square in {dict(move)!r}") from None


def move_from_int(move: int) -> Move:
    return {"from": bb.square_name(move & 127), "to": bb.square_name(move >> 7)}


def state_to_dict(state: BuffaloState) -> dict[str, Any]:
    last = None
    if state.last_move is not None:
        last = move_from_int(state.last_move) | {"capture": state.last_capture}
    return {
        "options": state.options.to_dict(),
        "side_to_move": SIDE_NAMES[state.side],
        "ply": state.ply,
        "buffalo": [bb.square_name(s) for s in bb.bits(state.buffalo)],
        "dogs": [bb.square_name(s) for s in bb.bits(state.dogs)],
        "chief": bb.square_name(state.chief),
        "opening_moves_left": state.opening_left,
        "opening_moved": [bb.FILES[c] for c in range(bb.COLUMNS) if state.opening_moved >> c & 1],
        "last_move": last,
    }


_KEYS = {
    "options", "side_to_move", "ply", "buffalo", "dogs", "chief", "opening_moves_left",
    "opening_moved", "last_move",
}  # fmt: skip


def state_from_dict(data: Mapping[str, Any]) -> BuffaloState:
    """Rebuild a state from :func:`state_to_dict` data, raising :class:`InvalidState`."""
    if not isinstance(data, Mapping) or set(data) != _KEYS:
        raise InvalidState(f"a Buffalo state has exactly the keys {sorted(_KEYS)}")
    try:
        options = BuffaloOptions.parse(data["options"])
    except InvalidOptions as error:
        raise InvalidState(f"bad options: {error}") from None
    state = object.__new__(BuffaloState)
    state.options = options
    if data["side_to_move"] not in SIDE_NAMES:
        raise InvalidState("side_to_move must be 'buffalo' or 'indians'")
    state.side = SIDE_NAMES.index(data["side_to_move"])
    state.ply = _bounded_int(data["ply"], "ply", 0, MAX_PLIES)
    buffalo = _squares(data["buffalo"], "buffalo")
    dogs = _squares(data["dogs"], "dogs")
    chief = _squares([data["chief"]], "chief")
    if len(dogs) != len(bb.START_DOGS):
        raise InvalidState(f"there are exactly {len(bb.START_DOGS)} dogs")
    if any(bb.INDIAN_ZONE >> s & 1 == 0 for s in dogs + chief):
        raise InvalidState("dogs and chief never stand on rows 1 or 7")
    if len(set(buffalo + dogs + chief)) != len(buffalo) + len(dogs) + 1:
        raise InvalidState("two pieces on one square")
    columns = [s % bb.COLUMNS for s in buffalo]
    start = options.start_buffalo()
    if len(set(columns)) != len(columns) or any(not start >> c & 1 for c in columns):
        raise InvalidState("buffalo keep their start column: one per column, none in a removed one")
    state.buffalo = sum(1 << s for s in buffalo)
    state.dogs = sum(1 << s for s in dogs)
    state.chief = chief[0]
    state.opening_left = _bounded_int(
        data["opening_moves_left"], "opening_moves_left", 0, options.opening_buffalo_moves
    )
    moved = data["opening_moved"]
    if not isinstance(moved, list) or not all(_is_column(c) for c in moved):
        raise InvalidState("opening_moved must list column letters")
    state.opening_moved = sum(1 << bb.FILES.index(c) for c in set(moved))
    if len(set(moved)) != len(moved):
        raise InvalidState("opening_moved lists a column twice")
    _check_turns(state, start)
    _check_last_move(state, data["last_move"])
    state.result = bb.winner(
        state.buffalo, state.dogs, state.chief, state.side, options.blocked_at_once
    )
    return state


def _check_turns(state: BuffaloState, start: int) -> None:
    """Side to move, ply and opening progress agree with each other and with the position."""
    k = state.options.opening_buffalo_moves
    opening = min(k, start.bit_count())  # moves of the opening turn (never cut short otherwise)
    at_start = state.dogs == START_DOGS_BB and state.chief == START_CHIEF_SQ
    if state.opening_moved & ~start:
        raise InvalidState("opening_moved names a column without buffalo")
    if state.ply < opening:
        expected = sum(
            1 << (c + bb.COLUMNS if state.opening_moved >> c & 1 else c) for c in range(bb.COLUMNS)
        )
        if (
            state.side != bb.BUFFALO_SIDE
            or state.opening_left != k - state.ply
            or state.opening_moved.bit_count() != state.ply
            or not at_start
            or state.buffalo != expected & (start | start << bb.COLUMNS)
        ):
            raise InvalidState("during the opening turn only its buffalo steps have been made")
        return
    if state.opening_left or state.opening_moved:
        raise InvalidState("the opening turn is over")
    indian_moves = (state.ply - opening + 1) // 2
    buffalo_moves = opening + (state.ply - opening) // 2
    if state.side != (bb.INDIAN_SIDE if (state.ply - opening) % 2 == 0 else bb.BUFFALO_SIDE):
        raise InvalidState("side_to_move does not match ply")
    advance = sum(s // bb.COLUMNS for s in bb.bits(state.buffalo))
    captured = start.bit_count() - state.buffalo.bit_count()
    if advance > buffalo_moves or captured > indian_moves:
        raise InvalidState("more buffalo advances or captures than moves played")
    if state.buffalo & bb.GOAL_MASK and state.side != bb.INDIAN_SIDE:
        raise InvalidState("a buffalo on row 7 ends the game at once")
    if not state.buffalo and state.side != bb.BUFFALO_SIDE:
        raise InvalidState("the last buffalo can only have been captured by the chief")


def _check_last_move(state: BuffaloState, last: Any) -> None:
    state.last_move, state.last_capture = None, False
    if last is None and state.ply > 0:
        return  # a position set up by hand (see BuffaloState.setup): no last move to show
    if state.ply == 0:
        if last is not None:
            raise InvalidState("no move has been played yet")
        return
    if not isinstance(last, Mapping) or set(last) != {"from", "to", "capture"}:
        raise InvalidState("last_move must be {from, to, capture}")
    try:
        code = move_to_int({"from": last["from"], "to": last["to"]})
    except IllegalMove:
        raise InvalidState("last_move squares are not on the board") from None
    if not isinstance(last["capture"], bool):
        raise InvalidState("last_move capture must be true or false")
    frm, to = code & 127, code >> 7
    occ = state.buffalo | state.dogs | 1 << state.chief
    mover = state.side if state.opening_left else 1 - state.side
    if mover == bb.BUFFALO_SIDE:
        ok = state.buffalo >> to & 1 and to == frm + bb.COLUMNS and not last["capture"]
    elif to == state.chief:
        column = bb.COLUMN_MASK[to % bb.COLUMNS]
        ok = bb.KING_TARGETS[frm] >> to & 1 and not (
            last["capture"]
            and (state.buffalo & column or not state.options.start_buffalo() & column)
        )
    else:
        ok = (
            state.dogs >> to & 1
            and bb.INDIAN_ZONE >> frm & 1
            and not last["capture"]
            and bb.dog_targets(frm, occ & ~(1 << to)) >> to & 1
        )
    if not ok or occ >> frm & 1:
        raise InvalidState("last_move does not lead to this position")
    if (not state.buffalo or state.buffalo & bb.GOAL_MASK) and not (
        last["capture"] or mover == bb.BUFFALO_SIDE
    ):
        raise InvalidState("the game ended with a move that did not end it")
    state.last_move, state.last_capture = code, last["capture"]


def _squares(value: Any, what: str) -> list[int]:
    if not isinstance(value, list):
        raise InvalidState(f"{what} must be a list of squares")
    try:
        squares = [bb.square_index(name) for name in value]
    except ValueError as error:
        raise InvalidState(f"{what}: {error}") from None
    if len(set(squares)) != len(squares):
        raise InvalidState(f"{what}: a square is listed twice")
    return squares


def _bounded_int(value: Any, what: str, low: int, high: int) -> int:
    if not _is_int(value) or not low <= value <= high:
        raise InvalidState(f"{what} must be an integer in {low}–{high}")
    return value


def _is_column(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 1 and value in bb.FILES


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
