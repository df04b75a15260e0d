"""Pow Wow (Ronald Corn, Franjos, 1996): 3 to 6 players, a 2-player variant; secret cards, dice.

Six Indians (red, yellow, green, blue, black, white) start on square 0 of a track running once
around the tipi; the first to reach square 48 ends the game and whoever holds its card wins. The
cards: the six Indian cards plus POW WOW cards (worth nothing) by player count (2 and 3 players
none, 4 two, 5 four, 6 six); two secret cards each and, with two players, a face-down neutral pile
of the two cards left over (the winner may then be nobody).

A round, every move being a move of one seat (``to_act`` names it):

* ``{"type": "roll"}``: the roller rolls one colour die per player (from the ``rng`` given to
  ``play``: the roll is public, and chance).
* ``{"type": "take", "colour": c}``: the draft, clockwise from the roller, each keeping a die as it
  fell; the last player takes the last die without a choice (no move of theirs).
* In the same order each player moves: ``{"type": "advance", "corridor": "A".."E", "back": bool}``
  moves that corridor's progress stone one cell and the Indian of the player's die by the number
  of the cell reached, backward if ``back`` — allowed only on a dark cell and if the Indian would
  not pass the start. A stone at its corridor's end waits until all five are there; then all five
  travel back the other way. Before advancing, a player holding prediction stones may spend them,
  one per move: ``{"type": "reroll"}`` re-rolls their die, ``{"type": "swap", "give": card,
  "target": seat | "neutral"}`` makes a blind swap (``give`` goes to the target, who loses a card
  drawn at random; the neutral pile is a target only with two players).
* An Indian moved onto a moccasin square lets its mover swap once, free (``swap``), or
  ``{"type": "decline"}``. Onto a stone square: one prediction stone from the supply, usable from
  the mover's next turn (stones are spent only before advancing, so it cannot be spent this turn).
* After the last player's move the roller's role passes clockwise.

House decisions (RULES.md §4, each a constant of :mod:`.state` or an option):

* Track squares 0 (``START``) to 48 (``FINISH``); stone squares 8, 20, 32, 44; moccasin squares
  14, 26, 38 (``STONE_SQUARES``, ``MOCCASIN_SQUARES``). A zero move has no effect on a square; a
  move that ends on a special square counts, forward or back. No exact count is needed to finish.
* Corridors A–E left to right, numbers from ring 1 (next to the centre) to ring 5: A and E
  1,3,4,6,7; B and D 1,2,4,5,6; C 2,3,5,6,8; the centre is 0 (``CORRIDOR_NUMBERS``). Dark cells:
  the centre and rings 2 and 4 (``DARK_RINGS``). The stones go out to ring 5; when the fifth gets
  there all turn inward at once, wait at the centre until all five are back, then go out again. A
  stone entering the centre moves the Indian 0 (no back choice).
* An Indian may go back exactly onto the start but never past it (``BACK_TO_START_ALLOWED``; the
  record only forbids going "au-delà").
* Prediction-stone supply 25 (``PREDICTION_SUPPLY``); an empty supply gives nothing. Every spent
  stone goes back to the supply (the record puts a swap's stone "dans la boîte": one rule for both).
  Any number may be spent, one at a time, re-rolls and swaps mixed, before moving a stone.
* A swap: the swapper chooses the card given; the card taken is drawn at random from the target's
  hand (or the neutral pile); the target chooses nothing.
* Clockwise = increasing seat number (``CLOCKWISE_STEP``). The first roller is seat 0 unless the
  option ``first_roller`` is ``"random"`` (drawn from the ``new_game`` rng).
* The game ends the moment an Indian reaches square 48, even mid-round. A game in which no
  Indian has arrived after ``MAX_PLIES`` moves (Indians may walk back, stones be spent and won
  again for ever) ends with nobody winning (reason ``max_plies``).
* Hidden information is real: a seat's cards reach only that seat (``view``), never the public
  view, the log (``describe`` says "seat X swaps a card with seat Y" and nothing else) or an
  error; everything is shown once the game is over. A seat also keeps what a swap taught it (the
  card it gave, the card taken from it) while that hand stays untouched; ``redeal_hidden`` keeps
  those facts and redeals every other card it cannot see.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from play.engines.base import Engine, EngineInfo, IllegalMove, Move, OptionSpec, Outcome

from . import moves as m
from .state import (
    BACK_TO_START_ALLOWED,
    CARDS,
    COLOURS,
    CORRIDOR_NUMBERS,
    CORRIDORS,
    DARK_RINGS,
    DEFAULT_FIRST_ROLLER,
    FINISH,
    FIRST_ROLLER_CHOICES,
    HAND_SIZE,
    MAX_PLIES,
    MAX_PLIES_REASON,
    MAX_SEATS,
    MIN_SEATS,
    MOCCASIN_SQUARES,
    NEUTRAL,
    NOBODY_REASON,
    POWWOW,
    PREDICTION_SUPPLY,
    START,
    STONE_SQUARES,
    WIN_REASON,
    PowwowState,
    deck,
    validate_options,
)

__all__ = [
    "BACK_TO_START_ALLOWED", "CARDS", "COLOURS", "CORRIDORS", "CORRIDOR_NUMBERS", "DARK_RINGS",
    "FINISH", "MOCCASIN_SQUARES", "NEUTRAL", "POWWOW", "PREDICTION_SUPPLY", "START",
    "STONE_SQUARES", "PowwowEngine", "PowwowState",
]  # fmt: skip

MOVE_TYPES = ("roll", "take", "advance", "reroll", "swap", "decline")


class PowwowEngine(Engine[PowwowState]):
    info = EngineInfo(
        slug="powwow",
        title="Pow Wow",
        min_seats=MIN_SEATS,
        max_seats=MAX_SEATS,
        options=(
            OptionSpec(
                "first_roller",
                DEFAULT_FIRST_ROLLER,
                FIRST_ROLLER_CHOICES,
                "Seat that rolls the dice first, or 'random'.",
            ),
        ),
        hidden_information=True,
        chance=True,
    )

    max_plies = MAX_PLIES

    # -- setting up ---------------------------------------------------------------------------

    def validate_options(self, seats: int, options: Any) -> dict[str, Any]:
        return validate_options(seats, options)

    def new_game(self, *, seats: int, options: Mapping[str, Any], rng: random.Random):
        opts = validate_options(seats, options)
        cards = deck(seats)
        rng.shuffle(cards)
        first = opts["first_roller"]
        if first == "random":
            first = rng.randrange(seats)
        s = PowwowState.__new__(PowwowState)
        s.seats, s.options, s.phase, s.round = seats, opts, "roll", 0
        s.roller = s.to_move = first
        s.dice, s.taken, s.moved = [], [None] * seats, [False] * seats
        s.indians, s.rings, s.direction = [START] * len(COLOURS), [0] * len(CORRIDORS), 1
        s.hands = [sorted(cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]) for i in range(seats)]
        s.neutral = sorted(cards[seats * HAND_SIZE :])
        s.stones, s.supply = [0] * seats, PREDICTION_SUPPLY
        s.knowledge = [[] for _ in range(seats)]
        s.history, s.events, s.finisher = [], [], None
        s.ply = 0
        return s

    # -- whose turn, what may they do -----------------------------------------------------------

    def to_act(self, state: PowwowState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.to_move,)

    def legal_moves(self, state: PowwowState, seat: int) -> list[Move]:
        if state.phase == "over" or seat != state.to_move:
            return []
        if state.phase == "roll":
            return [{"type": "roll"}]
        if state.phase == "draft":
            return [{"type": "take", "colour": c} for c in COLOURS if c in state.dice]
        if state.phase == "moccasin":
            return [*m.swap_moves(state, seat), {"type": "decline"}]
        return m.turn_moves(state, seat)

    def outcome(self, state: PowwowState) -> Outcome | None:
        if state.phase != "over":
            return None
        everyone = tuple(range(state.seats))
        if state.finisher is None:  # the moves ran out (MAX_PLIES)
            return Outcome((), (everyone,), MAX_PLIES_REASON, draw=True)
        winner = state.holder(state.finisher)
        if winner is None:
            return Outcome((), (everyone,), NOBODY_REASON)
        others = tuple(s for s in everyone if s != winner)
        return Outcome((winner,), ((winner,), others), WIN_REASON)

    def seat_roles(self, state: PowwowState) -> tuple[str, ...]:
        return tuple("roller" if s == state.roller else "player" for s in range(state.seats))

    def seat_count(self, state: PowwowState) -> int:
        return state.seats

    # -- playing --------------------------------------------------------------------------------

    def play(self, state: PowwowState, seat: int, move: Move, rng: random.Random) -> PowwowState:
        new = self._play(state, seat, move, rng)
        new.ply = state.ply + 1
        if new.ply >= MAX_PLIES and new.phase != "over":
            new.phase = "over"
            new.events = [*new.events, {"kind": "max_plies", "plies": new.ply}]
        return new

    def _play(self, state: PowwowState, seat: int, move: Move, rng: random.Random) -> PowwowState:
        if state.phase == "over":
            raise IllegalMove("game_over", "The game is over.")
        if seat != state.to_move:
            raise IllegalMove("not_your_turn", f"It is seat {state.to_move}'s turn.")
        kind = move.get("type") if isinstance(move, Mapping) else None
        if kind not in MOVE_TYPES:
            raise IllegalMove("malformed_move", "Unknown move.")
        phase = state.phase
        if phase == "roll":
            if kind != "roll":
                raise IllegalMove("must_roll", "The roller rolls the dice first.")
            return m.roll(state.clone(), seat, rng)
        if phase == "draft":
            if kind != "take":
                raise IllegalMove("must_take_die", "Take one of the dice first.")
            colour = move.get("colour")
            if not isinstance(colour, str) or colour not in state.dice:
                raise IllegalMove("die_not_available", "No die left shows that colour.")
            return m.take(state.clone(), seat, colour)
        if phase == "moccasin":
            if kind == "decline":
                return m.decline(state.clone(), seat)
            if kind != "swap":
                raise IllegalMove("must_swap_or_decline", "Swap a card or decline the swap.")
            return self._swap(state, seat, move, rng)
        if kind == "advance":
            return self._advance(state, seat, move)
        if kind in ("reroll", "swap") and not state.stones[seat]:
            raise IllegalMove("no_prediction_stone", "You have no prediction stone to spend.")
        if kind == "reroll":
            return m.reroll(state.clone(), seat, rng)
        if kind == "swap":
            return self._swap(state, seat, move, rng)
        raise IllegalMove("must_advance", "Move a progress stone.")

    def _advance(self, state: PowwowState, seat: int, move: Move) -> PowwowState:
        corridor, back = move.get("corridor"), move.get("back", False)
        if not isinstance(corridor, str) or corridor not in CORRIDORS or not isinstance(back, bool):
            raise IllegalMove("malformed_move", "Name a corridor A to E and whether to go back.")
        index = CORRIDORS.index(corridor)
        if index not in m.movable_corridors(state):
            raise IllegalMove(
                "stone_waits_at_end", "That stone waits at its end until all five are there."
            )
        ring, number = m.stone_target(state, index)
        if back and not m.can_go_back(state, state.taken[seat], ring, number):
            if ring not in DARK_RINGS or number == 0:
                raise IllegalMove("back_only_on_dark", "An Indian goes back only from a dark cell.")
            raise IllegalMove("back_past_start", "An Indian never goes back past the start.")
        return m.advance(state.clone(), seat, index, back)

    def _swap(self, state: PowwowState, seat: int, move: Move, rng: random.Random) -> PowwowState:
        give, target = move.get("give"), move.get("target")
        if not isinstance(give, str) or give not in state.hands[seat]:
            raise IllegalMove("card_not_in_hand", "You can only give one of your own cards.")
        if isinstance(target, bool) or target not in m.swap_targets(state, seat):
            raise IllegalMove("bad_swap_target", "Swap with another player (or the neutral pile).")
        return m.swap(state.clone(), seat, give, target, rng)

    def reveals(self, before: PowwowState, after: PowwowState) -> bool:
        """A swap tells two seats a card; the end of the game shows every card."""
        if after.phase == "over" and before.phase != "over":
            return True
        return after.hands != before.hands or after.neutral != before.neutral

    # -- hidden information ---------------------------------------------------------------------

    def redeal_hidden(
        self, state: PowwowState, seat: int | None, rng: random.Random
    ) -> PowwowState:
        """A state ``seat`` cannot tell from ``state``: every card it cannot place is redealt
        among the other hands and the neutral pile (hand sizes kept; ``None``: every card)."""
        new = state.clone()
        if state.phase == "over":
            return new
        facts = [] if seat is None else state.knowledge[seat]
        holders = [s for s in range(state.seats) if s != seat] + ([-1] if state.neutral else [])
        piles: dict[int, list[str]] = {h: [] for h in holders}
        pool = [c for h in holders for c in (state.neutral if h == -1 else state.hands[h])]
        for holder, card in facts:
            pool.remove(card)
            piles[holder].append(card)
        pool.sort()  # the draw depends only on which cards are unseen, never on where they are
        rng.shuffle(pool)
        for holder in holders:
            size = len(state.neutral) if holder == -1 else HAND_SIZE
            while len(piles[holder]) < size:
                piles[holder].append(pool.pop())
            pile = sorted(piles[holder])
            if holder == -1:
                new.neutral = pile
            else:
                new.hands[holder] = pile
        new.knowledge = [
            [f for f in fs if f[1] in (new.neutral if f[0] == -1 else new.hands[f[0]])]
            for fs in state.knowledge
        ]
        return new

    # -- showing --------------------------------------------------------------------------------

    def view(self, state: PowwowState, seat: int | None) -> dict[str, Any]:
        over = state.phase == "over"
        data: dict[str, Any] = {
            "game": "powwow",
            "seats": state.seats,
            "phase": state.phase,
            "round": state.round,
            "roller": state.roller,
            "to_move": None if over else state.to_move,
            "to_act": list(self.to_act(state)),
            "dice": list(state.dice),
            "taken": list(state.taken),
            "moved": list(state.moved),
            "indians": dict(zip(COLOURS, state.indians, strict=True)),
            "colours": list(COLOURS),
            "track": {
                "start": START,
                "finish": FINISH,
                "stone_squares": list(STONE_SQUARES),
                "moccasin_squares": list(MOCCASIN_SQUARES),
            },
            "corridors": [
                {"name": c, "numbers": list(CORRIDOR_NUMBERS[c]), "ring": r}
                for c, r in zip(CORRIDORS, state.rings, strict=True)
            ],
            "direction": state.direction,
            "dark_rings": list(DARK_RINGS),
            "prediction_stones": list(state.stones),
            "supply": state.supply,
            "hands": [list(h) if over or s == seat else None for s, h in enumerate(state.hands)],
            "hand_sizes": [len(h) for h in state.hands],
            "neutral": list(state.neutral) if over else None,
            "neutral_size": len(state.neutral),
            "known": []
            if seat is None or over
            else [{"holder": h, "card": c} for h, c in state.knowledge[seat]],
            "last_events": [dict(e) for e in state.events],
            "legal_moves": [] if seat is None else self.legal_moves(state, seat),
        }
        result = self.outcome(state)
        data["outcome"] = None if result is None else result.to_dict()
        return data

    def to_dict(self, state: PowwowState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: Mapping[str, Any]) -> PowwowState:
        return PowwowState.from_dict(data)

    def describe(self, state: PowwowState, seat: int, move: Move) -> str:
        """An English log line from the position before ``move``; never names a secret card."""
        kind = move.get("type") if isinstance(move, Mapping) else None
        if kind == "roll":
            return f"Seat {seat} rolls the dice."
        if kind == "reroll":
            return f"Seat {seat} spends a prediction stone and re-rolls the die."
        if kind == "swap":
            target = (
                "the neutral pile"
                if move.get("target") == NEUTRAL
                else (f"seat {move.get('target')}")
            )
            paid = " spends a prediction stone and" if state.phase == "move" else ""
            return f"Seat {seat}{paid} swaps a card with {target}."
        try:
            after = self.play(state, seat, move, random.Random(0))
        except IllegalMove as error:
            return f"Seat {seat}: illegal move ({error.rule})."
        return " ".join(describe_event(e) for e in after.events)


def describe_event(e: Mapping[str, Any]) -> str:
    kind = e["kind"]
    if kind == "roll":
        return f"Seat {e['seat']} rolls {', '.join(e['dice'])}."
    if kind == "take":
        return f"Seat {e['seat']} takes the {e['colour']} die."
    if kind == "last_die":
        return f"Seat {e['seat']} gets the last die, {e['colour']}."
    if kind == "advance":
        way = "back" if e["back"] else "forward"
        return (
            f"Seat {e['seat']} moves stone {e['corridor']} to {e['number']}: the {e['colour']}"
            f" Indian goes {way} from {e['from']} to {e['to']}."
        )
    if kind == "stones_turn":
        return "All five stones turn back."
    if kind == "stone":
        return f"Seat {e['seat']} gains a prediction stone."
    if kind == "moccasin":
        return f"Seat {e['seat']} may swap a card."
    if kind == "decline":
        return f"Seat {e['seat']} keeps their cards."
    if kind == "finish":
        who = (
            "nobody (the card is in the neutral pile)"
            if e["winner"] is None
            else (f"seat {e['winner']}")
        )
        return f"The {e['colour']} Indian reaches the finish: {who} wins."
    return kind
