"""Alcatraz (Bernhard Weber, F.X. Schmid, 1999): 2 to 4 players, perfect information, one d8.

Board 9 x 9. Columns ``a``..``i`` run left to right as the players see the board from the cell;
rows are numbered 1 to 8 from the boat; the ninth row, just in front of the cell, has no number on
the board and never holds a guard. In square names it is written ``9`` (``e9``), see
:data:`UNNUMBERED_ROW`. The cell is off-board below that row, the boat off-board above row 1.

Each player has 4 prisoners, all in the cell at the start; one guard stands in each numbered row.
A turn is one of:

* ``{"type": "move", "from": "cell" | "e7", "to": "e5"}``: a prisoner moves straight (up or down a
  column, or along a row) any distance, passing over prisoners (those squares count) but never over
  a guard, and stops on an empty square. Leaving the cell goes straight up the column of ``to``;
  the first square entered (row 9) counts 1, so ``to`` ``e7`` is a 3-square move. Then the guard
  of the row it stopped in moves toward it by the same count, sending every *other* player's
  prisoner it passes or lands on back to the cell. A move after which that guard would reach or
  pass the moved prisoner is illegal; the mover's other prisoners are never caught (the guard may
  end on one of them: they then share the square). No guard moves for row 9.
* ``{"type": "board", "from": "e2"}``: a prisoner that stood on a hatched square at the start of
  the turn goes straight up its column into the boat, unless a guard stands in that column between
  it and the boat (prisoners do not block).
* ``{"type": "pass"}``: the only legal move, and compulsory, when the player has no other.

Alarm (option ``alarm``, on by default): after a boarding that does not win, the boarder's left
neighbour plays ``{"type": "roll"}`` (the d8, drawn from the ``rng`` given to ``play``) and then
``{"type": "alarm", "direction": "left" | "right"}``: the guard of the rolled row runs to the end of
its row that way, catching every prisoner it passes or lands on, the roller's own included. Then the
roller plays a normal turn. Seats play clockwise (seat + 1); at a table played clockwise the next
player sits on your left, so the *left neighbour is the next seat clockwise*, who also plays next.

House decisions (RULES.md §2 and where both RULES.md and the record are silent):

* Hatched squares are rows 1-3 x columns d-f; default guards e1 a2 i3 a4 i5 a6 i7 a8
  (:data:`DEFAULT_GUARD_LAYOUT`). The option ``guard_layout`` takes 8 square names and must keep
  row 1's guard on e1, row 9 empty and exactly one guard per numbered row.
* "Boarding on a later turn than the arrival" follows from boarding being a move of its own: a
  prisoner cannot run through a hatched square into the boat (rule ``arrived_this_turn``).
* The alarm guard's path is the squares it enters; a prisoner sharing its start square is not on
  the path (:data:`ALARM_CATCHES_ON_START_SQUARE`). Both directions are always allowed, even toward
  an end the guard already stands on (it then stays: a way to spare your own prisoners).
* First player: seat 0 by default (the table chooses), option ``first_player`` = ``"random"`` draws
  it from the ``new_game`` rng, as RULES.md's default when nobody chooses.
* Ranking: the winner, then everyone else tied; ``scores`` are prisoners in the boat. A game in
  which no prisoner has boarded for the option ``turn_limit`` (:data:`DEFAULT_TURN_LIMIT` turns;
  0 = none) is a draw, so that cautious bots cannot shuffle prisoners for ever. The count restarts
  at each boarding: careful four-seat games between bots run past 1,000 turns while they still
  progress (3 of 9 strong-against-intermediate games ended between turns 1,181 and 1,944), and a
  limit on the whole game called them drawn; at most ``2 * seats + 1`` boardings can happen, so
  the game still ends. Whatever the options, a game ends as a draw after :data:`MAX_TURNS`
  turns (reason ``max_turns``), so no move log grows for ever: a new table's ``turn_limit`` is a
  whole number from 1 to that cap (matches created before the cap may hold 0 = none, or more).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from play.engines.base import (
    Engine,
    EngineInfo,
    IllegalMove,
    InvalidOptions,
    Move,
    OptionSpec,
    Outcome,
)

from .moves import (
    board_prisoner,
    can_board,
    destinations,
    end_turn,
    move_prisoner,
    prisoner_moves,
    roll_die,
    run_alarm,
)
from .state import (
    ALARM_CATCHES_ON_START_SQUARE,
    ALARM_DEFAULT,
    ALARM_DIRECTIONS,
    BOAT,
    CELL,
    COLUMNS,
    DEFAULT_FIRST_PLAYER,
    DEFAULT_GUARD_LAYOUT,
    DEFAULT_TURN_LIMIT,
    DIE_SIDES,
    DIRECTIONS,
    DOWN,
    EMPTY,
    HATCHED_COLUMNS,
    HATCHED_ROWS,
    LEFT,
    LEFT_NEIGHBOUR_STEP,
    MAX_TURN_LIMIT,
    MAX_TURNS,
    MAX_TURNS_REASON,
    MIDDLE_COLUMN,
    NUMBERED_ROWS,
    PASS_MOVE,
    PHASES,
    PRISONERS_PER_SEAT,
    PRISONERS_TO_WIN,
    RIGHT,
    ROLL_MOVE,
    SQUARE_NAMES,
    TURN_LIMIT_REASON,
    UNNUMBERED_ROW,
    UP,
    WIDTH,
    WIN_REASON,
    AlcatrazState,
    guard_layout_columns,
    is_hatched,
    parse_square,
    square_name,
    validate_options,
)

__all__ = [
    "ALARM_CATCHES_ON_START_SQUARE", "ALARM_DEFAULT", "ALARM_DIRECTIONS", "BOAT", "CELL", "COLUMNS",
    "DEFAULT_FIRST_PLAYER", "DEFAULT_GUARD_LAYOUT", "DEFAULT_TURN_LIMIT", "DIE_SIDES", "DIRECTIONS",
    "DOWN", "EMPTY", "HATCHED_COLUMNS", "HATCHED_ROWS", "LEFT", "LEFT_NEIGHBOUR_STEP",
    "MAX_TURN_LIMIT", "MAX_TURNS", "MAX_TURNS_REASON", "MIDDLE_COLUMN", "NUMBERED_ROWS",
    "PASS_MOVE", "PHASES", "PRISONERS_PER_SEAT",
    "PRISONERS_TO_WIN", "RIGHT", "ROLL_MOVE", "SQUARE_NAMES", "TURN_LIMIT_REASON", "UNNUMBERED_ROW",
    "UP", "WIDTH", "WIN_REASON", "AlcatrazEngine", "AlcatrazState", "can_board", "destinations",
    "guard_layout_columns", "is_hatched", "parse_square", "square_name", "validate_options",
]  # fmt: skip


PRISONER_COLOURS = ("red", "blue", "green", "yellow")  # seat 0, 1, 2, 3
#: Why a new table's ``turn_limit`` is refused (the texts' ``OPTION_REFUSALS`` say it in words).
TURN_LIMIT_REFUSED = f"turn_limit must be a whole number of turns from 1 to {MAX_TURN_LIMIT}."


class AlcatrazEngine(Engine[AlcatrazState]):
    info = EngineInfo(
        slug="alcatraz",
        title="Alcatraz",
        min_seats=2,
        max_seats=4,
        options=(
            OptionSpec("alarm", ALARM_DEFAULT, (True, False), "Raise the alarm after a boarding."),
            OptionSpec(
                "guard_layout",
                DEFAULT_GUARD_LAYOUT,
                help="Guards' start squares: one per numbered row, row 1's on e1, none on row 9.",
            ),
            OptionSpec(
                "first_player",
                DEFAULT_FIRST_PLAYER,
                (0, 1, 2, 3, "random"),
                "Seat that plays first, or 'random'.",
            ),
            OptionSpec(
                "turn_limit",
                DEFAULT_TURN_LIMIT,
                help=f"Turns without a boarding before a draw is called (1 to {MAX_TURN_LIMIT}).",
            ),
        ),
        chance=True,
    )
    # Turns, plus a roll and an alarm after each boarding that does not win.
    max_plies = MAX_TURNS + 2 * 4 * (PRISONERS_TO_WIN - 1)

    # -- setting up ---------------------------------------------------------------------------

    def validate_options(self, seats: int, options: Any) -> dict[str, Any]:
        """A new table's options: a guard layout given as squares, a ``turn_limit`` from 1 to
        ``MAX_TURN_LIMIT`` (stored matches may hold 0 or more: they still load)."""
        try:
            chosen = validate_options(seats, options)
        except InvalidOptions as error:
            # The stored matches' check says « 0: no limit », which a new table may not choose.
            if error.option == "turn_limit":
                raise InvalidOptions(TURN_LIMIT_REFUSED, option="turn_limit") from None
            raise
        if "guard_layout" in options and not options["guard_layout"]:
            raise InvalidOptions("guard_layout must list 8 squares.", option="guard_layout")
        if not 1 <= chosen["turn_limit"] <= MAX_TURN_LIMIT:
            raise InvalidOptions(TURN_LIMIT_REFUSED, option="turn_limit")
        return chosen

    def new_game(
        self, *, seats: int, options: Mapping[str, Any], rng: random.Random
    ) -> AlcatrazState:
        opts = validate_options(seats, options)
        first = opts["first_player"]
        if first == "random":
            first = rng.randrange(seats)
        return AlcatrazState.start(seats, opts, first)

    # -- whose turn, what may they do -----------------------------------------------------------

    def seat_roles(self, state: AlcatrazState) -> tuple[str, ...]:
        """Each seat's prisoner colour, in seat order."""
        return PRISONER_COLOURS[: state.seats]

    def to_act(self, state: AlcatrazState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.to_move,)

    def legal_moves(self, state: AlcatrazState, seat: int) -> list[Move]:
        if state.phase == "over" or seat != state.to_move:
            return []
        if state.phase == "roll":
            return [dict(ROLL_MOVE)]
        if state.phase == "direction":
            return [{"type": "alarm", "direction": d} for d in ALARM_DIRECTIONS]
        return prisoner_moves(state, seat) or [dict(PASS_MOVE)]

    def outcome(self, state: AlcatrazState) -> Outcome | None:
        if state.phase != "over":
            return None
        scores = tuple(float(b) for b in state.boat)
        if state.winner is None:
            reason = TURN_LIMIT_REASON if state.stalled else MAX_TURNS_REASON
            return Outcome((), (tuple(range(state.seats)),), reason, scores, draw=True)
        others = tuple(s for s in range(state.seats) if s != state.winner)
        ranking = ((state.winner,), others) if others else ((state.winner,),)
        return Outcome((state.winner,), ranking, WIN_REASON, scores)

    # -- playing --------------------------------------------------------------------------------

    def play(
        self, state: AlcatrazState, seat: int, move: Move, rng: random.Random
    ) -> AlcatrazState:
        if state.phase == "over":
            raise IllegalMove("game_over", "The game is over.")
        if seat != state.to_move:
            raise IllegalMove("not_your_turn", f"It is seat {state.to_move}'s turn.")
        kind = move.get("type") if isinstance(move, Mapping) else None
        if state.phase == "roll":
            if kind != "roll":
                raise IllegalMove("must_roll", "The alarm is raised: roll the die first.")
            return roll_die(state, seat, rng)
        if state.phase == "direction":
            if kind != "alarm":
                raise IllegalMove("must_choose_direction", "Choose the alarm guard's direction.")
            return run_alarm(state, seat, move.get("direction"))
        if kind in ("roll", "alarm"):
            raise IllegalMove("no_alarm_pending", "No alarm is pending.")
        if kind == "pass":
            if prisoner_moves(state, seat):
                raise IllegalMove("cannot_pass", "You may pass only when no other move is legal.")
            return end_turn(state.clone(), seat, [{"kind": "pass", "seat": seat}])
        try:
            if kind == "move":
                return move_prisoner(state, seat, move)
            if kind == "board":
                return board_prisoner(state, seat, move)
            raise IllegalMove("malformed_move", f"Unknown move type {kind!r}.")
        except IllegalMove as error:
            if error.rule != "malformed_move" and not prisoner_moves(state, seat):
                raise IllegalMove("must_pass", "No prisoner can move: you must pass.") from None
            raise

    # -- showing --------------------------------------------------------------------------------

    def view(self, state: AlcatrazState, seat: int | None) -> dict[str, Any]:
        data = state.to_dict()
        del data["recent"]  # the bots' memory of positions: nothing a player needs to see
        data.update(
            game="alcatraz",
            columns=COLUMNS,
            unnumbered_row=UNNUMBERED_ROW,
            hatched=[square_name(r, c) for r in HATCHED_ROWS for c in HATCHED_COLUMNS],
            to_act=list(self.to_act(state)),
            alarm_roll=state.roll,
            last_events=data.pop("events"),
            legal_moves=[] if seat is None else self.legal_moves(state, seat),
        )
        result = self.outcome(state)
        data["outcome"] = None if result is None else result.to_dict()
        return data

    def to_dict(self, state: AlcatrazState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: Mapping[str, Any]) -> AlcatrazState:
        return AlcatrazState.from_dict(data)

    def describe(self, state: AlcatrazState, seat: int, move: Move) -> str:
        """A log line; ``state`` may be the position before the move or the one it produced."""
        events = state.events
        if not (events and events[0].get("seat") == seat and _event_matches(events[0], move)):
            try:
                events = self.play(state, seat, move, random.Random(0)).events
            except IllegalMove as error:
                return f"Seat {seat}: illegal move ({error.rule})."
            if move.get("type") == "roll":
                return f"Seat {seat} raises the alarm and rolls the die."
        return " ".join(_describe_event(e) for e in events)


# -- log lines ----------------------------------------------------------------------------------


def _event_matches(event: Mapping[str, Any], move: Move) -> bool:
    kind = move.get("type")
    if kind == "move":
        return event.get("kind") == "prisoner" and event.get("to") == move.get("to")
    if kind == "alarm":
        return event.get("kind") == "guard" and event.get("direction") == move.get("direction")
    return event.get("kind") == kind


def _describe_event(e: Mapping[str, Any]) -> str:
    kind = e.get("kind")
    if kind == "prisoner":
        where = "out of the cell" if e["from"] == CELL else f"from {e['from']}"
        return f"Seat {e['seat']} moves a prisoner {where} to {e['to']} ({e['distance']} sq.)."
    if kind == "guard" and e["cause"] == "alarm":
        return f"The row-{e['row']} guard runs {e['direction']} from {e['from']} to {e['to']}."
    if kind == "guard":
        return f"The row-{e['row']} guard moves from {e['from']} to {e['to']}."
    if kind == "capture":
        return f"Seat {e['seat']}'s prisoner on {e['square']} is caught."
    if kind == "board":
        return f"Seat {e['seat']}'s prisoner boards the boat from {e['from']}."
    if kind == "alarm_raised":
        return f"Alarm! Seat {e['seat']} must roll."
    if kind == "roll":
        return f"Seat {e['seat']} rolls {e['value']}: the row-{e['value']} guard is on alert."
    if kind == "win":
        return f"Seat {e['seat']} has three prisoners in the boat and wins."
    if kind == "pass":
        return f"Seat {e['seat']} cannot move and passes."
    if kind == "draw":
        return f"No prisoner has boarded for {e['turns']} turns: draw."
    if kind == "max_turns":
        return f"The game has lasted {e['turns']} turns, its longest: draw."
    return str(dict(e))
