"""Pow Wow state: the board's constants, option validation and the position object.

The rules and house decisions are described in :mod:`play.games.powwow.engine`; this module holds
the data they act on. :meth:`PowwowState.from_dict` accepts only consistent positions: the right
cards for the seat count (two per hand, the neutral pile with two players), Indians on the track,
progress stones in their corridors and not all waiting at an end, prediction stones adding up to
the supply, and a phase, dice and turn that agree.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.engines.base import InvalidOptions
from play.engines.checks import check, check_option_names, check_seats, state_from_data

COLOURS = ("red", "yellow", "green", "blue", "black", "white")
POWWOW = "powwow"  # the POW WOW card, worth nothing
CARDS = (*COLOURS, POWWOW)
MIN_SEATS, MAX_SEATS = 2, 6
# POW WOW cards added to the six Indian cards, by number of players (the record's table).
POWWOW_CARDS = {2: 0, 3: 0, 4: 2, 5: 4, 6: 6}
HAND_SIZE = 2
NEUTRAL_PILE_SIZE = {2: 2}  # the 2-player variant's face-down pile; no pile otherwise
NEUTRAL = "neutral"  # the swap target naming that pile

# The track (house decision: no published board was found).
START, FINISH = 0, 48
STONE_SQUARES = (8, 20, 32, 44)
MOCCASIN_SQUARES = (14, 26, 38)
BACK_TO_START_ALLOWED = True  # an Indian may go back exactly onto the start, never past it

# The tipi: five corridors, left to right, numbers of the cells from the centre (ring 0) outward.
CORRIDORS = "ABCDE"
CORRIDOR_NUMBERS = {
    "A": (0, 1, 3, 4, 6, 7),
    "B": (0, 1, 2, 4, 5, 6),
    "C": (0, 2, 3, 5, 6, 8),
    "D": (0, 1, 2, 4, 5, 6),
    "E": (0, 1, 3, 4, 6, 7),
}
CENTRE, OUTER_RING = 0, 5
DARK_RINGS = (0, 2, 4)  # the centre and rings 2 and 4; rings 1, 3 and 5 are light
OUTWARD, INWARD = 1, -1

PREDICTION_SUPPLY = 25  # prediction stones in the heap at the start
DEFAULT_FIRST_ROLLER = 0  # "On désigne le premier lanceur": seat 0 unless the table draws it
FIRST_ROLLER_CHOICES = (0, "random")
CLOCKWISE_STEP = 1  # clockwise = increasing seat number

PHASES = ("roll", "draft", "move", "moccasin", "over")
WIN_REASON = "indian_finished"
NOBODY_REASON = "card_in_neutral_pile"
# The hard cap: a game in which no Indian has finished after this many moves ends with nobody
# winning (Indians may walk back and stones be spent for ever; every poll replays the whole move
# log). Random games take 100 to 280 moves.
MAX_PLIES = 2000
MAX_PLIES_REASON = "max_plies"


def deck(seats: int) -> list[str]:
    """The cards in play for ``seats`` players, in a fixed order (shuffled by ``new_game``)."""
    return [*COLOURS, *([POWWOW] * POWWOW_CARDS[seats])]


def validate_options(seats: Any, options: Mapping[str, Any]) -> dict[str, Any]:
    check_seats(
        seats,
        MIN_SEATS,
        MAX_SEATS,
        "Pow Wow is played by 3 to 6 players, or 2 with the neutral pile.",
    )
    check_option_names(options, ("first_roller",))
    first = options.get("first_roller", DEFAULT_FIRST_ROLLER)
    if first != "random" and (
        isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < seats
    ):
        raise InvalidOptions(
            f"first_roller must be 'random' or a seat from 0 to {seats - 1}.",
            option="first_roller",
        )
    return {"first_roller": first}


class PowwowState:
    """A position.

    ``indians[i]`` is the square of ``COLOURS[i]``; ``rings[i]`` the ring of corridor
    ``CORRIDORS[i]``'s progress stone; ``dice`` the dice still to draft (roll order) and ``taken``
    each seat's die colour this round (``None`` before the draft reaches it); ``moved`` which seats
    have moved this round; ``hands``/``neutral`` the secret cards (sorted); ``knowledge[seat]`` the
    ``[holder, card]`` facts a seat learnt from swaps (holder -1 = the neutral pile), kept while
    that hand is untouched; ``history`` the public record bots read (see ``moves.record``; None in
    a search's determinisations, which record nothing).
    """

    __slots__ = (
        "seats",
        "options",
        "phase",
        "roller",
        "to_move",
        "dice",
        "taken",
        "moved",
        "indians",
        "rings",
        "direction",
        "hands",
        "neutral",
        "stones",
        "supply",
        "knowledge",
        "history",
        "events",
        "round",
        "finisher",
        "ply",
    )

    def clone(self) -> PowwowState:
        new = PowwowState.__new__(PowwowState)
        new.seats, new.options, new.phase = self.seats, self.options, self.phase
        new.roller, new.to_move, new.round = self.roller, self.to_move, self.round
        new.dice, new.taken, new.moved = self.dice[:], self.taken[:], self.moved[:]
        new.indians, new.rings, new.direction = self.indians[:], self.rings[:], self.direction
        new.hands = [h[:] for h in self.hands]
        new.neutral = self.neutral[:]
        new.stones, new.supply = self.stones[:], self.supply
        new.knowledge = self.knowledge  # replaced, never mutated, by play
        new.history = self.history  # likewise: play builds a new list
        new.events = self.events
        new.finisher = self.finisher
        new.ply = self.ply
        return new

    def holder(self, card: str) -> int | None:
        """The seat holding Indian ``card``, or ``None`` (the neutral pile)."""
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return seat
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "seats": self.seats,
            "options": dict(self.options),
            "phase": self.phase,
            "round": self.round,
            "roller": self.roller,
            "to_move": self.to_move,
            "dice": list(self.dice),
            "taken": list(self.taken),
            "moved": list(self.moved),
            "indians": dict(zip(COLOURS, self.indians, strict=True)),
            "stones": dict(zip(CORRIDORS, self.rings, strict=True)),
            "direction": self.direction,
            "hands": [list(h) for h in self.hands],
            "neutral": list(self.neutral),
            "prediction_stones": list(self.stones),
            "supply": self.supply,
            "knowledge": [[list(f) for f in facts] for facts in self.knowledge],
            "history": [list(h) for h in self.history],
            "events": [dict(e) for e in self.events],
            "finisher": self.finisher,
            "ply": self.ply,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> PowwowState:
        return state_from_data(cls._from_dict, data, "Pow Wow")

    @classmethod
    def _from_dict(cls, data: Mapping[str, Any]) -> PowwowState:
        def is_int(value: Any) -> bool:
            return isinstance(value, int) and not isinstance(value, bool)

        check(isinstance(data, Mapping), "A state is an object.")
        seats = data["seats"]
        s = cls.__new__(cls)
        s.seats, s.options = seats, validate_options(seats, data["options"])
        s.phase, s.round = data["phase"], data["round"]
        check(s.phase in PHASES, f"Unknown phase {s.phase!r}.")
        check(is_int(s.round) and s.round >= 0, "round must be a whole number.")
        s.roller, s.to_move = data["roller"], data["to_move"]
        for name, value in (("roller", s.roller), ("to_move", s.to_move)):
            check(is_int(value) and 0 <= value < seats, f"{name} is not a seat.")
        s.dice, s.taken, s.moved = list(data["dice"]), list(data["taken"]), list(data["moved"])
        check(all(c in COLOURS for c in s.dice), "dice show colours.")
        check(len(s.taken) == seats and len(s.moved) == seats, "taken/moved: one per seat.")
        check(all(c is None or c in COLOURS for c in s.taken), "taken dice show colours.")
        check(all(isinstance(m, bool) for m in s.moved), "moved holds booleans.")
        indians, stones = data["indians"], data["stones"]
        check(sorted(indians) == sorted(COLOURS), "one square per Indian colour.")
        check(sorted(stones) == sorted(CORRIDORS), "one progress stone per corridor.")
        s.indians = [indians[c] for c in COLOURS]
        s.rings = [stones[c] for c in CORRIDORS]
        check(all(is_int(p) and START <= p <= FINISH for p in s.indians), "Indians on the track.")
        check(all(is_int(r) and CENTRE <= r <= OUTER_RING for r in s.rings), "rings are 0..5.")
        s.direction = data["direction"]
        check(s.direction in (OUTWARD, INWARD), "direction is 1 (outward) or -1 (inward).")
        end = OUTER_RING if s.direction == OUTWARD else CENTRE
        check(any(r != end for r in s.rings), "the stones turn back once all five are at the end.")
        s.hands = [sorted(h) for h in data["hands"]]
        s.neutral = sorted(data["neutral"])
        check(len(s.hands) == seats, "one hand per seat.")
        check(all(len(h) == HAND_SIZE for h in s.hands), "two cards per hand.")
        check(len(s.neutral) == NEUTRAL_PILE_SIZE.get(seats, 0), "wrong neutral pile size.")
        dealt = sorted([c for h in s.hands for c in h] + s.neutral)
        check(dealt == sorted(deck(seats)), "the cards in play do not match the seat count.")
        s.stones, s.supply = list(data["prediction_stones"]), data["supply"]
        check(len(s.stones) == seats, "prediction stones: one count per seat.")
        check(all(is_int(n) and n >= 0 for n in [*s.stones, s.supply]), "stone counts >= 0.")
        check(sum(s.stones) + s.supply == PREDICTION_SUPPLY, "prediction stones do not add up.")
        s.knowledge = [[tuple(f) for f in facts] for facts in data["knowledge"]]
        check(len(s.knowledge) == seats, "knowledge: one list per seat.")
        for seat, facts in enumerate(s.knowledge):
            for holder, card in facts:
                check(is_int(holder) and -1 <= holder < seats and holder != seat, "bad holder.")
                pile = s.neutral if holder == -1 else s.hands[holder]
                check(card in pile, "a known card is not where it is known to be.")
        s.history = [tuple(h) for h in data["history"]]
        s.events = [dict(e) for e in data["events"]]
        check(all("kind" in e for e in s.events), "events have a kind.")
        s.finisher = data["finisher"]
        finished = [c for c, p in zip(COLOURS, s.indians, strict=True) if p >= FINISH]
        check(len(finished) <= 1, "the game ends when the first Indian finishes.")
        s.ply = data.get("ply", 0)  # (states saved before it was counted: 0)
        check(is_int(s.ply) and 0 <= s.ply <= MAX_PLIES, "ply must be a count of moves.")
        capped = s.ply >= MAX_PLIES and not finished
        check(
            (s.phase == "over") == (bool(finished) or capped),
            "phase 'over' iff an Indian finished or the moves ran out.",
        )
        check(s.finisher == (finished[0] if finished else None), "finisher mismatch.")
        cls._check_round(s)
        return s

    @staticmethod
    def _check_round(s: PowwowState) -> None:
        seats = s.seats
        order = [(s.roller + i * CLOCKWISE_STEP) % seats for i in range(seats)]
        if s.phase == "over":
            return
        if s.phase == "roll":
            check(not s.dice and all(t is None for t in s.taken), "no dice before the roll.")
            check(not any(s.moved) and s.to_move == s.roller, "the roller rolls first.")
            return
        if s.phase == "draft":
            drafted = order.index(s.to_move)
            check(drafted < seats - 1, "the last die goes to the last player by itself.")
            check(len(s.dice) == seats - drafted, "one die left per player still to draft.")
            for i, seat in enumerate(order):
                check((s.taken[seat] is not None) == (i < drafted), "draft out of order.")
            check(not any(s.moved), "nobody moves during the draft.")
            return
        check(not s.dice and all(t is not None for t in s.taken), "every die is drafted.")
        position = order.index(s.to_move)
        for i, seat in enumerate(order):
            done = i < position or (i == position and s.phase == "moccasin")
            check(s.moved[seat] == done, "moves out of order.")
