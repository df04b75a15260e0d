"""Bataclan state: the dice, the share-out table, option validation and the position object.

The rules and house decisions are described in :mod:`play.games.bataclan.engine`; this module holds
the data they act on. A die in a hand is ``[size, face]`` (``face`` 1 is the G, ``None`` a die not
rolled yet: a starting die or one that fell); hands are kept sorted by size then face, so identical
dice sit side by side and the first of them stands for all. A die on the pile is
``{"size", "value", "wild", "x"}``: the value it shows (a G turned to show another value is
``wild``) and the horizontal position of its centre, in standard-die edges.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.engines.base import InvalidOptions, InvalidState
from play.engines.checks import check_option_names, check_seats, state_from_data

from .physics import GIANT, MEDIUM, SIZE_ORDER, SIZES, STANDARD, first_failure

G = 1  # the G face counts as 1 and is the joker
FACES = (1, 2, 3, 4, 5, 6)
MIN_SEATS, MAX_SEATS = 2, 6
BOX = {STANDARD: 20, MEDIUM: 4, GIANT: 4}  # the 28 dice of the box
LARGE = "large"  # a share-out entry: one die drawn at random among the medium and giant ones
# House decision (RULES.md §5): the share-out by player count; unused dice stay in the box.
SHARE_OUT: dict[int, dict[str, int]] = {
    2: {STANDARD: 10, MEDIUM: 2, GIANT: 2},
    3: {STANDARD: 6, MEDIUM: 1, GIANT: 1},
    4: {STANDARD: 5, MEDIUM: 1, GIANT: 1},
    5: {STANDARD: 4, LARGE: 1},
    6: {STANDARD: 3, LARGE: 1},
}
RANKING_ORDER = "order"  # the others play on; ranked in the order they get rid of their dice
RANKING_STOCK = "stock"  # the game ends with the first player out; the others by fewest dice
RANKINGS = (RANKING_ORDER, RANKING_STOCK)
DEFAULT_RANKING = RANKING_ORDER  # the record lists it first
# House decision: a game ends after this many turns, the players still in ranked by fewest dice
# (falls hand dice back, so two shaky hands could otherwise play for ever).
DEFAULT_TURN_LIMIT = 400
MAX_TURN_LIMIT = 10_000
# The hard cap, whatever the options: a game stops after this many moves (every poll replays the
# whole move log), ranked like at the turn limit. Random games take 50 to 320 moves.
MAX_PLIES = 4000
PHASES = ("roll", "place", "over")
OPTION_NAMES = ("ranking", "turn_limit", "untimed")
# Options a stored state must name (``untimed`` came later: older states default it to False).
REQUIRED_OPTIONS = ("ranking", "turn_limit")


def die_key(die: list) -> tuple[int, int]:
    """Sort order of a hand: size, then face (dice not rolled yet last)."""
    return SIZE_ORDER.index(die[0]), 7 if die[1] is None else die[1]


def validate_options(seats: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    check_seats(
        seats, MIN_SEATS, MAX_SEATS, f"Bataclan is played by {MIN_SEATS} to {MAX_SEATS} players."
    )
    check_option_names(options, OPTION_NAMES)
    ranking = options.get("ranking", DEFAULT_RANKING)
    if not isinstance(ranking, str) or ranking not in RANKINGS:
        raise InvalidOptions(f"ranking must be one of {', '.join(RANKINGS)}.", option="ranking")
    limit = options.get("turn_limit", DEFAULT_TURN_LIMIT)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_TURN_LIMIT:
        raise InvalidOptions(
            f"turn_limit must be a whole number from 1 to {MAX_TURN_LIMIT}.", option="turn_limit"
        )
    untimed = options.get("untimed", False)
    if not isinstance(untimed, bool):
        raise InvalidOptions("untimed must be true or false.", option="untimed")
    return {"ranking": ranking, "turn_limit": limit, "untimed": untimed}


def next_value(pile: list[dict[str, Any]]) -> int:
    """The value the next die must show: G (1) on an empty pile, then 2, 3 … 6, G, 2 …"""
    return pile[-1]["value"] % 6 + 1 if pile else G


class BataclanState:
    """A position; see the module docstring for the shape of dice."""

    __slots__ = (
        "seats",
        "options",
        "hands",
        "kept",
        "pile",
        "to_move",
        "starter",
        "phase",
        "founded",
        "placed",
        "turn",
        "finished",
        "events",
        "end_reason",
        "ply",
    )

    def __init__(self, seats: int, options: dict[str, Any], hands: list[list[list]], starter: int):
        self.seats, self.options, self.hands = seats, options, hands
        self.to_move = self.starter = starter
        self.kept: list[list] = []  # dice the seat to move set aside before its roll
        self.pile: list[dict[str, Any]] = []
        self.phase = "roll"
        self.founded = False  # the first G has been placed (until then every roll is of all dice)
        self.placed = 0  # dice placed this turn
        self.turn = 1
        self.finished: list[int] = []
        self.events: list[dict[str, Any]] = []
        self.end_reason: str | None = None
        self.ply = 0  # moves played (states saved before it was counted start again at 0)

    def clone(self) -> BataclanState:
        new = BataclanState.__new__(BataclanState)
        new.seats, new.options, new.to_move, new.starter = (
            self.seats,
            self.options,
            self.to_move,
            self.starter,
        )
        new.hands = [[die[:] for die in hand] for hand in self.hands]
        new.kept = [die[:] for die in self.kept]
        new.pile = self.pile[:]  # pile entries are replaced, never mutated
        new.phase, new.founded, new.placed, new.turn = (
            self.phase,
            self.founded,
            self.placed,
            self.turn,
        )
        new.finished = self.finished[:]
        new.events = self.events  # replaced, never mutated, by play
        new.end_reason = self.end_reason
        new.ply = self.ply
        return new

    @property
    def needed(self) -> int:
        return next_value(self.pile)

    def dice_left(self) -> list[int]:
        return [
            len(hand) + (len(self.kept) if s == self.to_move else 0)
            for s, hand in enumerate(self.hands)
        ]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "options": dict(self.options),
            "hands": [[die[:] for die in hand] for hand in self.hands],
            "kept": [die[:] for die in self.kept],
            "pile": [dict(die) for die in self.pile],
            "to_move": self.to_move,
            "starter": self.starter,
            "phase": self.phase,
            "founded": self.founded,
            "placed": self.placed,
            "turn": self.turn,
            "finished": list(self.finished),
            "events": [dict(e) for e in self.events],
            "end_reason": self.end_reason,
            "ply": self.ply,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BataclanState:
        return state_from_data(cls._from_dict, data, "Bataclan")

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> BataclanState:
        _check(isinstance(data, Mapping), "not a mapping")
        seats = data["seats"]
        options = validate_options(seats, data["options"])
        _check(set(REQUIRED_OPTIONS) <= set(data["options"]), "options incomplete")
        hands = data["hands"]
        _check(isinstance(hands, list) and len(hands) == seats, "one hand per seat")
        clean_hands = [_dice(hand, "a hand") for hand in hands]
        kept = _dice(data["kept"], "the kept dice")
        _check(all(face is not None for _, face in kept), "kept dice show a face")
        pile = _pile(data["pile"])
        _check_dice_in_play(seats, [*(d for hand in clean_hands for d in hand), *kept], pile)
        _check_turn(data, seats, options, clean_hands, kept, pile)

        state = cls(seats, options, clean_hands, data["starter"])
        state.kept = kept
        state.to_move, state.pile = data["to_move"], pile
        state.phase, state.founded = data["phase"], data["founded"]
        state.placed, state.turn = data["placed"], data["turn"]
        state.finished = list(data["finished"])
        state.ply = data.get("ply", 0)
        state.events = [dict(e) for e in data["events"]]
        state.end_reason = data["end_reason"]
        return state


def _check(condition: bool, message: str) -> None:
    """Refuse a stored state (its messages name the game: they reach the match's error log)."""
    if not condition:
        raise InvalidState(f"Invalid Bataclan state: {message}")


def _dice(items: Any, what: str) -> list[list]:
    """A stored list of ``[size, face]`` dice, checked and copied."""
    _check(isinstance(items, list), f"{what} is a list of dice")
    clean = []
    for die in items:
        _check(isinstance(die, list) and len(die) == 2, "a die is [size, face]")
        _check(die[0] in SIZES, f"unknown die size {die[0]!r}")
        _check(die[1] is None or die[1] in FACES, f"bad face {die[1]!r}")
        _check(not isinstance(die[1], bool), "bad face")
        clean.append([die[0], die[1]])
    _check(clean == sorted(clean, key=die_key), f"{what} is sorted by size and face")
    return clean


def _pile(entries: Any) -> list[dict[str, Any]]:
    """The stored pile, checked (it climbs G, 2 … 6 and stands) and copied."""
    pile: list[dict[str, Any]] = []
    for entry in entries:
        _check(set(entry) == {"size", "value", "wild", "x"}, "a pile die is size/value/wild/x")
        _check(entry["size"] in SIZES, "bad pile die size")
        _check(entry["value"] in FACES and not isinstance(entry["value"], bool), "bad value")
        _check(isinstance(entry["wild"], bool), "wild is true or false")
        _check(not (entry["wild"] and entry["value"] == G), "a G showing G is not wild")
        _check(isinstance(entry["x"], int | float) and abs(entry["x"]) < 100, "bad x")
        _check(entry["value"] == next_value(pile), "the pile climbs G, 2 … 6, G …")
        pile.append(
            {
                "size": entry["size"],
                "value": entry["value"],
                "wild": entry["wild"],
                "x": float(entry["x"]),
            }
        )
    _check(first_failure([(d["size"], d["x"]) for d in pile]) is None, "the pile stands")
    return pile


def _check_dice_in_play(seats: int, held: list[list], pile: list[dict[str, Any]]) -> None:
    """The dice in hands, kept and on the pile are the share-out for ``seats`` players."""
    counts = {size: 0 for size in SIZES}
    for die in held:
        counts[die[0]] += 1
    for die in pile:
        counts[die["size"]] += 1
    share = SHARE_OUT[seats]
    _check(counts[STANDARD] == share[STANDARD] * seats, "standard dice in play")
    large = share.get(LARGE, 0) * seats
    _check(
        counts[MEDIUM] + counts[GIANT]
        == large + (share.get(MEDIUM, 0) + share.get(GIANT, 0)) * seats,
        "large dice in play",
    )
    if not large:
        _check(counts[MEDIUM] == share[MEDIUM] * seats, "medium dice in play")
    _check(counts[MEDIUM] <= BOX[MEDIUM] and counts[GIANT] <= BOX[GIANT], "dice in the box")


def _check_turn(
    data: Mapping[str, Any],
    seats: int,
    options: dict[str, Any],
    hands: list[list[list]],
    kept: list[list],
    pile: list[dict[str, Any]],
) -> None:
    """Whose turn, the phase, the counters and the end agree with the dice."""
    to_move, starter = data["to_move"], data["starter"]
    for value in (to_move, starter, data["placed"], data["turn"]):
        _check(isinstance(value, int) and not isinstance(value, bool), "counters are integers")
    _check(0 <= to_move < seats and 0 <= starter < seats, "seat out of range")
    phase = data["phase"]
    _check(phase in PHASES, f"unknown phase {phase!r}")
    founded = data["founded"]
    _check(isinstance(founded, bool), "founded is true or false")
    _check(founded or not pile, "the pile is founded once it holds a die")
    finished = data["finished"]
    _check(isinstance(finished, list) and len(set(finished)) == len(finished), "finished")
    _check(all(isinstance(s, int) and 0 <= s < seats for s in finished), "finished seats")
    for s in range(seats):
        _check((s in finished) == (not hands[s]), "a seat is out once it has no dice")
    _check(not kept or (phase == "roll" and founded), "dice are kept before a roll")
    placed = data["placed"]
    _check(0 <= placed <= BOX[STANDARD] + BOX[MEDIUM] + BOX[GIANT], "placed count")
    _check(phase == "place" or placed == 0, "dice are placed in the place phase")
    turn = data["turn"]
    _check(1 <= turn <= options["turn_limit"], "turn count")
    events = data["events"]
    _check(isinstance(events, list) and all(isinstance(e, dict) for e in events), "events")
    ply = data.get("ply", 0)
    _check(isinstance(ply, int) and not isinstance(ply, bool), "ply is an integer")
    _check(0 <= ply <= MAX_PLIES, "ply count")
    _check(ply < MAX_PLIES or phase == "over", "a game ends at its last move")
    end_reason = data["end_reason"]
    _check((phase == "over") == (end_reason is not None), "a finished game has a reason")
    if phase != "over":
        _check(to_move not in finished, "the seat to move still has dice")
        _check(len(finished) < seats - (options["ranking"] == RANKING_ORDER), "game not over")
        _check(options["ranking"] == RANKING_ORDER or not finished, "stock ranking ends")
