"""Bataclan (Gigamic, 1997): 2 to 6 players stack wooden dice on one wobbling pile.

28 dice (20 standard, 4 medium, 4 giant), every one showing G, 2, 3, 4, 5, 6; G counts as 1 and is
a joker. The dice are shared out by :data:`~.state.SHARE_OUT`. Each turn a player rolls, then
places dice on the common pile in increasing order G, 2, 3, 4, 5, 6, G, 2 … (a G may stand for the
value needed and is turned to show it); they must place one die if they can and may stop after any
placement. The pile is a physical model (:mod:`.physics`): a die lands off-centre, and a pile whose
centre of mass leaves a supporting face falls from there up. The fallen dice go to the player who
caused the fall, and their turn ends. The first player to place their last die without a fall wins.

Moves (``play`` refuses anything that is not exactly one of ``legal_moves``):

* ``{"type": "keep", "die": i}``: before the roll, set die ``i`` of the hand aside with the face it
  showed on the previous roll (allowed once the pile is founded, for a die that was rolled, and
  as long as one die is left to roll). The hand is sorted by size and face, identical dice side by
  side, and ``i`` is the first of its group. A kept die stays kept until the roll.
* ``{"type": "roll"}``: the turn's roll of every die not kept, from the ``rng`` given to ``play``.
  (One keep move per die rather than a roll naming all kept dice: the sets of dice a player may
  keep number in the tens of thousands after a few falls, too many to list as legal moves.)
* ``{"type": "place", "die": i, "as": v, "steadiness": s}``: put die ``i`` (the first of its group
  of identical dice) on the pile, where it shows ``v``, the value the pile needs (so a G plays
  ``as`` that value). ``s`` in [0, 1] is how steady the hand was. On the site no client sends it:
  the server measures it from the press time answering its own challenge (:mod:`.gesture`,
  ``play.services``), for a person and a bot alike; the engine, pure, just takes the number. The
  landing offset is drawn from the ``rng`` given to ``play``.
* ``{"type": "stop"}``: end the turn, allowed once at least one die was placed.

Continuous steadiness and the move check: ``legal_moves`` lists steadiness on the grid
:data:`STEADINESS_GRID` (0.00, 0.05 … 1.00), so a stored move always equals a legal one, and
:meth:`BataclanEngine.canonical_move` turns any well-formed move (steadiness any number in [0, 1],
any die of a group of identical dice, ``as`` left out) into that legal form, or raises
:class:`IllegalMove`. ``play`` itself takes only the legal (grid) form, which is what the board
script sends; a server that passes moves through ``canonical_move`` first also accepts the free
form.

House decisions (RULES.md §5 and where both RULES.md and the record are silent):

* The share-out by player count is :data:`~.state.SHARE_OUT` (5 and 6 players: each takes one large
  die drawn from the ``new_game`` rng among the 8 medium and giant ones); the rest stay in the box.
* Who starts: "a die roll decides" — the ``new_game`` rng draws the first player.
* Founding: until the first G is placed every roll is of all the player's dice
  (:data:`FOUNDING_ROLLS_ALL`); from then on a player keeps any dice showing a face from their
  previous roll and must re-roll at least one (dice that fell to them, not rolled yet, are always
  rolled and count as re-rolled).
* A roll with no die that fits ends the turn at once.
* After a full collapse the pile must be started again with a G; keeping dice stays allowed.
* The fall model and its constants are :mod:`.physics` (sizes 1 / 1.35 / 1.7, mass size³, landing
  spread growing with height and size, shrinking with steadiness; a centre-of-mass check at every
  interface, the table included).
* End: option ``ranking`` = ``"order"`` (default, the record's first way: the others play on and
  are ranked in the order they get rid of their dice, the last one last) or ``"stock"`` (the game
  ends at once; the others ranked by fewest dice, equal stocks sharing a place). Option
  ``turn_limit`` (:data:`~.state.DEFAULT_TURN_LIMIT` turns, at most
  :data:`~.state.MAX_TURN_LIMIT`) ends a game that has not finished, the players still in ranked
  by fewest dice. Whatever the options, a game stops the same way after
  :data:`~.state.MAX_PLIES` moves (reason ``max_plies``): no move log grows for ever.
* Option ``untimed`` (default false), for people who cannot use a timed gesture: every placement,
  everybody's, is at :data:`UNTIMED_STEADINESS` (``legal_moves`` lists only that value and
  ``canonical_move`` refuses any other); the log line says so at each die.
* Nothing is hidden: every die is on the table (the seed stays on the server).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from play.engines.base import Engine, EngineInfo, IllegalMove, Move, OptionSpec, Outcome

from . import physics
from .state import (
    DEFAULT_RANKING,
    DEFAULT_TURN_LIMIT,
    GIANT,
    LARGE,
    MAX_PLIES,
    MEDIUM,
    RANKING_STOCK,
    RANKINGS,
    SHARE_OUT,
    SIZES,
    BataclanState,
    G,
    die_key,
    validate_options,
)

STEADINESS_STEP = 0.05
STEADINESS_GRID = tuple(
    round(i * STEADINESS_STEP, 2) for i in range(round(1 / STEADINESS_STEP) + 1)
)
# Option ``untimed`` (for people who cannot use a timed gesture): every placement at this
# steadiness, a modest hand (about a person with a 100 ms timing spread; see physics.py's table).
UNTIMED_STEADINESS = 0.5
FOUNDING_ROLLS_ALL = True
STOP_MOVE: Move = {"type": "stop"}
ROLL_MOVE: Move = {"type": "roll"}
MOVE_TYPES = ("roll", "keep", "place", "stop")
FIRST_OUT_REASON = "first_out"  # ranking "stock": the first player out wins, the others by stock
ORDER_REASON = "finishing_order"  # ranking "order": everyone but one got rid of their dice
TURN_LIMIT_REASON = "turn_limit"
MAX_PLIES_REASON = "max_plies"  # the hard cap on moves: ranked like at the turn limit
FACE_NAMES = {1: "G", 2: "2", 3: "3", 4: "4", 5: "5", 6: "6"}


class BataclanEngine(Engine[BataclanState]):
    info = EngineInfo(
        slug="bataclan",
        title="Bataclan",
        min_seats=2,
        max_seats=6,
        options=(
            OptionSpec(
                "ranking", DEFAULT_RANKING, RANKINGS, "How the players after the first rank"
            ),
            OptionSpec("turn_limit", DEFAULT_TURN_LIMIT, None, "Turns before the game stops"),
            OptionSpec("untimed", False, (False, True), "Every die placed at a fixed steadiness"),
        ),
        chance=True,
    )

    max_plies = MAX_PLIES

    # -- the contract -----------------------------------------------------------------------------

    def validate_options(self, seats: int, options: Any) -> dict[str, Any]:
        return validate_options(seats, options)

    def new_game(
        self, *, seats: int, options: Mapping[str, Any], rng: random.Random
    ) -> BataclanState:
        options = validate_options(seats, options)
        share = SHARE_OUT[seats]
        large = [MEDIUM] * 4 + [GIANT] * 4
        rng.shuffle(large)
        hands = []
        for _ in range(seats):
            hand = [
                [size, None] for size, count in share.items() if size != LARGE for _ in range(count)
            ]
            hand += [[large.pop(), None] for _ in range(share.get(LARGE, 0))]
            hands.append(sorted(hand, key=die_key))
        return BataclanState(seats, options, hands, rng.randrange(seats))

    def to_act(self, state: BataclanState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.to_move,)

    def legal_moves(self, state: BataclanState, seat: int) -> list[Move]:
        if state.phase == "over" or seat != state.to_move:
            return []
        if state.phase == "roll":
            keeps = [{"type": "keep", "die": i} for i in keep_choices(state)]
            return [dict(ROLL_MOVE), *keeps]
        needed = state.needed
        grid = (UNTIMED_STEADINESS,) if state.options.get("untimed") else STEADINESS_GRID
        moves = [
            {"type": "place", "die": i, "as": needed, "steadiness": s}
            for i in placeable_groups(state.hands[seat], needed)
            for s in grid
        ]
        if state.placed:
            moves.append(dict(STOP_MOVE))
        return moves

    def canonical_move(self, state: BataclanState, seat: int, move: Any) -> Move:
        """The legal form of ``move`` (see the module docstring), or :class:`IllegalMove`."""
        if state.phase == "over":
            raise IllegalMove("game_over", "The game is over.")
        if seat != state.to_move:
            raise IllegalMove("not_your_turn", "It is not this seat's turn.")
        if not isinstance(move, Mapping) or move.get("type") not in MOVE_TYPES:
            raise IllegalMove("malformed_move", "A move is a roll, a placement or a stop.")
        kind = move["type"]
        if kind in ("roll", "keep"):
            return self._canonical_roll(state, seat, move)
        if state.phase != "place":
            raise IllegalMove("roll_first", "Roll the dice first.")
        if kind == "stop":
            if set(move) != {"type"}:
                raise IllegalMove("malformed_move", "A stop has nothing but its type.")
            if not state.placed:
                raise IllegalMove("place_one", "You must place at least one die when you can.")
            return dict(STOP_MOVE)
        return self._canonical_place(state, seat, move)

    def play(
        self, state: BataclanState, seat: int, move: Move, rng: random.Random
    ) -> BataclanState:
        canonical = self.canonical_move(state, seat, move)
        if canonical != move:
            raise IllegalMove("not_canonical", f"Send the move as {canonical}.")
        new = state.clone()
        if move["type"] == "keep":
            keep(new, seat, move["die"])
        elif move["type"] == "roll":
            roll(new, seat, rng)
        elif move["type"] == "place":
            place(new, seat, move["die"], move["steadiness"], rng)
        else:
            new.events = [*new.events, {"kind": "stop", "seat": seat}]
            end_turn(new)
        new.ply = state.ply + 1
        if new.ply >= MAX_PLIES and new.phase != "over":
            finish(new, MAX_PLIES_REASON)
        return new

    def outcome(self, state: BataclanState) -> Outcome | None:
        if state.phase != "over":
            return None
        left = state.dice_left()
        ranking = [(s,) for s in state.finished]
        rest = [s for s in range(state.seats) if s not in state.finished]
        for count in sorted({left[s] for s in rest}):
            ranking.append(tuple(s for s in rest if left[s] == count))
        return Outcome(winners=ranking[0], ranking=tuple(ranking), reason=state.end_reason)

    def view(self, state: BataclanState, seat: int | None) -> dict[str, Any]:
        data = state.to_dict()
        data["needed"] = state.needed
        data["dice_left"] = state.dice_left()
        data["sizes"] = dict(SIZES)
        data["can_keep"] = state.founded or not FOUNDING_ROLLS_ALL
        return data

    def to_dict(self, state: BataclanState) -> dict[str, Any]:
        return state.to_dict()

    def from_dict(self, data: Mapping[str, Any]) -> BataclanState:
        return BataclanState.from_dict(data)

    def seat_roles(self, state: BataclanState) -> tuple[str, ...]:
        return tuple("starter" if s == state.starter else "player" for s in range(state.seats))

    def seat_count(self, state: BataclanState) -> int:
        return state.seats

    def describe(self, state: BataclanState, seat: int, move: Move) -> str:
        kind = move.get("type")
        if kind == "roll":
            kept = len(state.kept)
            rolled = len(state.hands[seat])
            return f"rolls {rolled} dice" + (f", {kept} kept" if kept else "")
        if kind == "keep":
            size, face = state.hands[seat][move["die"]]
            return f"keeps a {size} {FACE_NAMES[face]}"
        if kind == "place":
            size, face = state.hands[seat][move["die"]]
            shown = FACE_NAMES[face] if face != G or move["as"] == G else f"G as {move['as']}"
            return f"places a {size} {shown} (steadiness {move['steadiness']:.2f})"
        return "stops"

    # -- validation -------------------------------------------------------------------------------

    def _canonical_roll(self, state: BataclanState, seat: int, move: Mapping[str, Any]) -> Move:
        if state.phase != "roll":
            raise IllegalMove("already_rolled", "You have rolled this turn: place a die or stop.")
        if move["type"] == "roll":
            if set(move) != {"type"}:
                raise IllegalMove("malformed_move", "A roll has nothing but its type.")
            return dict(ROLL_MOVE)
        hand, die = state.hands[seat], move.get("die")
        if set(move) != {"type", "die"} or not isinstance(die, int) or isinstance(die, bool):
            raise IllegalMove("malformed_move", "A keep names one die by its index.")
        if not 0 <= die < len(hand):
            raise IllegalMove("bad_die", "That is not one of your dice still to roll.")
        if FOUNDING_ROLLS_ALL and not state.founded:
            raise IllegalMove(
                "founding_rolls_all", "Until the pile is started, roll all your dice."
            )
        if hand[die][1] is None:
            raise IllegalMove("keep_unrolled", "Only dice from your last roll can be kept.")
        if len(hand) < 2:
            raise IllegalMove("reroll_one", "You must re-roll at least one die.")
        return {"type": "keep", "die": hand.index(hand[die])}

    def _canonical_place(self, state: BataclanState, seat: int, move: Mapping[str, Any]) -> Move:
        hand = state.hands[seat]
        die, steadiness = move.get("die"), move.get("steadiness")
        if (
            set(move) - {"type", "die", "as", "steadiness"}
            or not isinstance(die, int)
            or isinstance(die, bool)
            or not isinstance(steadiness, int | float)
            or isinstance(steadiness, bool)
        ):
            raise IllegalMove("malformed_move", "A placement names a die and a steadiness.")
        if not 0 <= die < len(hand):
            raise IllegalMove("bad_die", "That is not one of your dice.")
        if not 0.0 <= steadiness <= 1.0:
            raise IllegalMove("bad_steadiness", "Steadiness is a number from 0 to 1.")
        needed, face = state.needed, hand[die][1]
        shows = move.get("as", needed)
        if shows != needed or face not in (needed, G) or isinstance(shows, bool):
            raise IllegalMove(
                "wrong_value",
                f"The pile needs a {FACE_NAMES[needed]}"
                + (" (only a G starts the pile)." if needed == G else " or a G."),
            )
        first = hand.index(hand[die])
        grid = STEADINESS_GRID[round(steadiness / STEADINESS_STEP)]
        if state.options.get("untimed") and grid != UNTIMED_STEADINESS:
            raise IllegalMove(
                "untimed_steadiness",
                f"In an untimed game every die is placed at steadiness {UNTIMED_STEADINESS}.",
            )
        return {"type": "place", "die": first, "as": needed, "steadiness": grid}


# -- rules -----------------------------------------------------------------------------------


def keep_choices(state: BataclanState) -> list[int]:
    """The dice the seat to move may set aside before its roll (first of each identical group)."""
    hand = state.hands[state.to_move]
    if (FOUNDING_ROLLS_ALL and not state.founded) or len(hand) < 2:
        return []
    return [
        i for i, die in enumerate(hand) if die[1] is not None and (i == 0 or hand[i - 1] != die)
    ]


def placeable_groups(hand: list[list], needed: int) -> list[int]:
    """Index of the first die of each group of identical dice that may go on the pile now."""
    firsts = []
    for i, die in enumerate(hand):
        if die[1] is not None and die[1] in (needed, G) and (i == 0 or hand[i - 1] != die):
            firsts.append(i)
    return firsts


def keep(state: BataclanState, seat: int, index: int) -> None:
    die = state.hands[seat].pop(index)
    state.kept = sorted([*state.kept, die], key=die_key)


def roll(state: BataclanState, seat: int, rng: random.Random) -> None:
    rolled = [[size, rng.randint(1, 6)] for size, _ in state.hands[seat]]
    hand = sorted([*state.kept, *rolled], key=die_key)
    state.hands[seat], state.kept = hand, []
    state.events = [
        {
            "kind": "roll",
            "seat": seat,
            "kept": len(hand) - len(rolled),
            "faces": [d[1] for d in hand],
        }
    ]
    if placeable_groups(hand, state.needed):
        state.phase, state.placed = "place", 0
    else:
        state.events.append({"kind": "stuck", "seat": seat, "needed": state.needed})
        end_turn(state)


def place(
    state: BataclanState, seat: int, index: int, steadiness: float, rng: random.Random
) -> None:
    hand = state.hands[seat]
    size, face = hand.pop(index)
    value = state.needed
    x, failing = physics.place([(d["size"], d["x"]) for d in state.pile], size, steadiness, rng)
    die = {"size": size, "value": value, "wild": face == G and value != G, "x": x}
    placed = {"kind": "place", "seat": seat, "level": len(state.pile), **die}
    events = [*state.events, {**placed, "steadiness": steadiness}]
    state.founded = True
    if failing is not None:
        fallen = [*state.pile[failing:], die]
        state.pile = state.pile[:failing]
        hand.extend([d["size"], None] for d in fallen)
        hand.sort(key=die_key)
        events.append(
            {
                "kind": "fall",
                "seat": seat,
                "level": failing,
                "full": failing == 0,
                "dice": [dict(d) for d in fallen],
            }
        )
        state.events = events
        end_turn(state)
        return
    state.pile = [*state.pile, die]
    state.placed += 1
    state.events = events
    if not hand:
        state.finished.append(seat)
        state.events = [*events, {"kind": "out", "seat": seat}]
        unfinished = state.seats - len(state.finished)
        if state.options["ranking"] == RANKING_STOCK:
            finish(state, FIRST_OUT_REASON)
        elif unfinished <= 1:
            finish(state, ORDER_REASON)
        else:
            end_turn(state)
    elif not placeable_groups(hand, state.needed):
        end_turn(state)


def end_turn(state: BataclanState) -> None:
    state.phase, state.placed = "roll", 0
    if state.turn >= state.options["turn_limit"]:
        finish(state, TURN_LIMIT_REASON)
        return
    state.turn += 1
    seat = state.to_move
    for _ in range(state.seats):
        seat = (seat + 1) % state.seats
        if seat not in state.finished:
            break
    state.to_move = seat


def finish(state: BataclanState, reason: str) -> None:
    state.phase, state.placed, state.end_reason = "over", 0, reason
