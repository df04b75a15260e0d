"""Pow Wow moves: what each legal move does to a (cloned) state, and which moves are legal.

Every function here takes a state that ``play`` already cloned and checked the move against, and
returns it changed. Chance (the roll, a re-roll, the blind draw of a swap) comes only from the
``rng`` the caller passes. ``history`` is the public record the strongest bot reads to guess who
holds which card: ``("take", seat, colour, colours_left)``, ``("move", seat, colour, delta,
deltas)`` (``deltas``: the moves the seat had to choose from, :func:`advance_deltas`, comma-
separated; absent in games recorded before December 2026) and ``("swap", seat, target)`` (target
-1 = the neutral pile); it never holds a card. Searches play on determinisations that keep no
record (``history`` None), which saves them the copy.
"""

from __future__ import annotations

import random
from typing import Any

from play.engines.base import Move

from .state import (
    CENTRE,
    CLOCKWISE_STEP,
    COLOURS,
    CORRIDOR_NUMBERS,
    CORRIDORS,
    DARK_RINGS,
    FINISH,
    INWARD,
    MOCCASIN_SQUARES,
    NEUTRAL,
    OUTER_RING,
    OUTWARD,
    START,
    STONE_SQUARES,
    PowwowState,
)

NEUTRAL_HOLDER = -1  # how knowledge and history write the neutral pile


def movable_corridors(state: PowwowState) -> list[int]:
    """Indices of the progress stones that may move one cell now."""
    end = OUTER_RING if state.direction == OUTWARD else CENTRE
    return [i for i, ring in enumerate(state.rings) if ring != end]


def stone_target(state: PowwowState, index: int) -> tuple[int, int]:
    """(ring, number) of the cell the stone of corridor ``index`` would move to."""
    ring = state.rings[index] + state.direction
    return ring, CORRIDOR_NUMBERS[CORRIDORS[index]][ring]


def can_go_back(state: PowwowState, colour: str, ring: int, number: int) -> bool:
    """A dark cell lets the Indian go back, never past the start (and not for a zero move)."""
    if ring not in DARK_RINGS or number == 0:
        return False
    return state.indians[COLOURS.index(colour)] - number >= START


def record(state: PowwowState, entry: tuple) -> None:
    """Add ``entry`` to the public record, unless the state keeps none (``history`` None: a
    search's imagined continuation, which no belief reads)."""
    if state.history is not None:
        state.history = [*state.history, entry]  # a new list: clones share the old one


def advance_options(state: PowwowState, colour: str):
    """``(corridor index, squares, back)`` of every advance of ``colour``'s Indian: forward
    through each movable corridor, and back too where a dark cell allows it."""
    for index in movable_corridors(state):
        ring, number = stone_target(state, index)
        yield index, number, False
        if can_go_back(state, colour, ring, number):
            yield index, number, True


def advance_deltas(state: PowwowState, colour: str) -> list[int]:
    """How far each advance open to ``colour``'s Indian would move it (negative: back), the
    same delta once (public: what the record's ``move`` entries compare a choice with)."""
    start = state.indians[COLOURS.index(colour)]
    deltas = {
        -number if back else min(FINISH, start + number) - start
        for _, number, back in advance_options(state, colour)
    }
    return sorted(deltas)


def swap_targets(state: PowwowState, seat: int) -> list[Any]:
    targets: list[Any] = [s for s in range(state.seats) if s != seat]
    if state.neutral:
        targets.append(NEUTRAL)
    return targets


def swap_moves(state: PowwowState, seat: int) -> list[Move]:
    gives = sorted(set(state.hands[seat]))
    return [
        {"type": "swap", "give": card, "target": target}
        for target in swap_targets(state, seat)
        for card in gives
    ]


def turn_moves(state: PowwowState, seat: int) -> list[Move]:
    """A mover's options: spend a prediction stone (re-roll, swap), or move a progress stone."""
    moves: list[Move] = []
    for index, _, back in advance_options(state, state.taken[seat]):
        moves.append({"type": "advance", "corridor": CORRIDORS[index], "back": back})
    if state.stones[seat]:
        moves.append({"type": "reroll"})
        moves.extend(swap_moves(state, seat))
    return moves


# -- applying moves -------------------------------------------------------------------------------


def roll(state: PowwowState, seat: int, rng: random.Random) -> PowwowState:
    state.dice = [COLOURS[rng.randrange(len(COLOURS))] for _ in range(state.seats)]
    state.phase, state.to_move = "draft", state.roller
    state.events = [{"kind": "roll", "seat": seat, "dice": list(state.dice)}]
    return state


def take(state: PowwowState, seat: int, colour: str) -> PowwowState:
    record(state, ("take", seat, colour, ",".join(sorted(set(state.dice)))))
    state.dice.remove(colour)
    state.taken[seat] = colour
    events = [{"kind": "take", "seat": seat, "colour": colour}]
    nxt = (seat + CLOCKWISE_STEP) % state.seats
    if len(state.dice) == 1:  # the last player takes the last die, without a choice
        last = state.dice.pop()
        state.taken[nxt] = last
        events.append({"kind": "last_die", "seat": nxt, "colour": last})
        state.phase, state.to_move = "move", state.roller
    else:
        state.to_move = nxt
    state.events = events
    return state


def reroll(state: PowwowState, seat: int, rng: random.Random) -> PowwowState:
    state.stones[seat] -= 1
    state.supply += 1
    colour = COLOURS[rng.randrange(len(COLOURS))]
    state.taken[seat] = colour
    state.events = [{"kind": "reroll", "seat": seat, "colour": colour}]
    return state


def swap(state: PowwowState, seat: int, give: str, target: Any, rng: random.Random) -> PowwowState:
    """The blind swap: ``give`` goes to the target, who loses a card drawn at random."""
    paid = state.phase == "move"
    if paid:
        state.stones[seat] -= 1
        state.supply += 1
    holder = NEUTRAL_HOLDER if target == NEUTRAL else target
    pile = state.neutral if holder == NEUTRAL_HOLDER else state.hands[holder]
    drawn = pile.pop(rng.randrange(len(pile)))
    pile.append(give)
    pile.sort()
    hand = state.hands[seat]
    hand.remove(give)
    hand.append(drawn)
    hand.sort()
    knowledge = [[f for f in facts if f[0] != seat and f[0] != holder] for facts in state.knowledge]
    knowledge[seat].append((holder, give))
    if holder != NEUTRAL_HOLDER:
        knowledge[holder].append((seat, drawn))
    state.knowledge = knowledge
    record(state, ("swap", seat, holder))
    state.events = [{"kind": "swap", "seat": seat, "target": target, "paid": paid}]
    if not paid:
        _next_mover(state, seat)
    return state


def advance(state: PowwowState, seat: int, index: int, back: bool) -> PowwowState:
    """Move a progress stone one cell, then the Indian of the seat's die by the cell's number."""
    ring, number = stone_target(state, index)
    options = ""  # what the seat chose from, read before the stone moves (if recorded)
    if state.history is not None:
        options = ",".join(str(d) for d in advance_deltas(state, state.taken[seat]))
    state.rings[index] = ring
    end = OUTER_RING if state.direction == OUTWARD else CENTRE
    turned = all(r == end for r in state.rings)
    if turned:  # the fifth stone arrived: all five travel back the other way
        state.direction = INWARD if state.direction == OUTWARD else OUTWARD
    colour = state.taken[seat]
    i = COLOURS.index(colour)
    delta = -number if back else number
    start = state.indians[i]
    square = min(FINISH, start + delta)
    state.indians[i] = square
    state.moved[seat] = True
    record(state, ("move", seat, colour, square - start, options))
    events: list[dict[str, Any]] = [
        {
            "kind": "advance",
            "seat": seat,
            "corridor": CORRIDORS[index],
            "number": number,
            "colour": colour,
            "back": back,
            "from": start,
            "to": square,
        }
    ]
    if turned:
        events.append({"kind": "stones_turn", "direction": state.direction})
    state.events = events
    if square >= FINISH:
        state.phase, state.finisher = "over", colour
        holder = state.holder(colour)
        events.append({"kind": "finish", "colour": colour, "winner": holder})
        return state
    if number and square in STONE_SQUARES and state.supply:
        state.stones[seat] += 1
        state.supply -= 1
        events.append({"kind": "stone", "seat": seat})
    if number and square in MOCCASIN_SQUARES:
        state.phase = "moccasin"
        events.append({"kind": "moccasin", "seat": seat})
        return state
    _next_mover(state, seat)
    return state


def decline(state: PowwowState, seat: int) -> PowwowState:
    state.events = [{"kind": "decline", "seat": seat}]
    _next_mover(state, seat)
    return state


def _next_mover(state: PowwowState, seat: int) -> None:
    nxt = (seat + CLOCKWISE_STEP) % state.seats
    if nxt == state.roller:  # everyone has moved: the next player rolls
        state.roller = (state.roller + CLOCKWISE_STEP) % state.seats
        state.phase, state.to_move = "roll", state.roller
        state.taken = [None] * state.seats
        state.moved = [False] * state.seats
        state.round += 1
    else:
        state.phase, state.to_move = "move", nxt
