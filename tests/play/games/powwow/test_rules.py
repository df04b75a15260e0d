"""Pow Wow rules (RULES.md §4 and the record): setting up, the round, going back, the stones."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from play.engines.base import IllegalMove, InvalidOptions
from play.games.powwow.state import (
    COLOURS,
    CORRIDOR_NUMBERS,
    CORRIDORS,
    POWWOW,
)

from .helpers import ENGINE, FixedDice, advance, new, play, position, square


def data(state):
    return ENGINE.to_dict(state)


# -- setting up -----------------------------------------------------------------------------------


@pytest.mark.parametrize(("seats", "powwows"), [(2, 0), (3, 0), (4, 2), (5, 4), (6, 6)])
def test_cards_in_play_by_player_count(seats, powwows):
    state = new(seats)
    cards = [c for hand in state.hands for c in hand] + state.neutral
    assert Counter(cards) == Counter({**{c: 1 for c in COLOURS}, POWWOW: powwows})
    assert all(len(hand) == 2 for hand in state.hands)


def test_two_player_game_has_a_neutral_pile_of_two():
    assert len(new(2).neutral) == 2
    assert all(new(seats).neutral == [] for seats in range(3, 7))


def test_cards_are_shuffled_by_the_rng():
    deals = {json.dumps(new(4, seed=s).hands) for s in range(10)}
    assert len(deals) > 1
    assert new(4, seed=3).hands == new(4, seed=3).hands


def test_six_indians_start_on_the_start_square():
    assert data(new(5))["indians"] == {c: 0 for c in COLOURS}


def test_five_progress_stones_start_on_the_centre():
    assert data(new(3))["stones"] == {c: 0 for c in CORRIDORS}


def test_seat_counts_outside_two_to_six_are_refused():
    for seats in (1, 7):
        with pytest.raises(InvalidOptions):
            new(seats)


def test_first_roller_is_seat_zero_or_drawn():
    assert new(4).roller == 0
    rollers = {ENGINE.new_game(seats=4, options={"first_roller": "random"},
                               rng=random.Random(s)).roller for s in range(20)}  # fmt: skip
    assert len(rollers) > 1


# -- the round ------------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_roller_rolls_one_die_per_player(seats):
    state = new(seats)
    assert ENGINE.to_act(state) == (0,) and ENGINE.legal_moves(state, 0) == [{"type": "roll"}]
    state = play(state, 0, {"type": "roll"})
    assert len(state.dice) == seats and state.phase == "draft"


def test_the_roll_comes_from_the_rng():
    rolled = play(new(4), 0, {"type": "roll"}, FixedDice("green", "green", "red", "yellow"))
    assert rolled.dice == ["green", "green", "red", "yellow"]


def test_draft_goes_clockwise_from_the_roller():
    state = position(4, phase="draft", roller=2, dice=["red", "blue", "black", "white"])
    order = []
    for colour in ("red", "blue", "black"):
        (seat,) = ENGINE.to_act(state)
        order.append(seat)
        state = play(state, seat, {"type": "take", "colour": colour})
    assert order == [2, 3, 0]
    assert state.taken == ["black", "white", "red", "blue"]


def test_last_player_takes_the_last_die_without_a_choice():
    state = position(3, phase="draft", dice=["red", "blue", "white"])
    state = play(state, 0, {"type": "take", "colour": "blue"})
    state = play(state, 1, {"type": "take", "colour": "white"})
    assert state.taken[2] == "red" and state.phase == "move" and ENGINE.to_act(state) == (0,)


def test_only_a_die_left_can_be_taken():
    state = position(3, phase="draft", dice=["red", "blue", "white"])
    with pytest.raises(IllegalMove) as error:
        play(state, 0, {"type": "take", "colour": "green"})
    assert error.value.rule == "die_not_available"


def test_players_move_in_draft_order_starting_with_the_roller():
    state = position(3, roller=1, taken=["red", "blue", "white"])
    order = []
    for corridor in "ABC":
        (seat,) = ENGINE.to_act(state)
        order.append(seat)
        state = play(state, seat, advance(corridor))
    assert order == [1, 2, 0]


def test_stone_moves_one_cell_and_the_indian_by_its_new_number():
    state = position(3, taken=["blue", "red", "red"], rings={"C": 2})
    after = play(state, 0, advance("C"))
    assert after.rings[CORRIDORS.index("C")] == 3
    assert square(after, "blue") == CORRIDOR_NUMBERS["C"][3] == 5


def test_corridor_numbers_grow_outward():
    for numbers in CORRIDOR_NUMBERS.values():
        assert numbers[0] == 0 and list(numbers) == sorted(numbers) and len(numbers) == 6


def test_indian_moves_whether_or_not_the_mover_holds_its_card():
    state = position(3, taken=["white", "red", "red"], hands=[["red", "blue"],
                     ["yellow", "green"], ["black", "white"]])  # fmt: skip
    assert square(play(state, 0, advance("A")), "white") == 1


def test_one_indian_may_move_several_times_a_round():
    state = position(3, taken=["red", "red", "blue"])
    state = play(play(state, 0, advance("A")), 1, advance("C"))
    assert square(state, "red") == 1 + 2


def test_several_indians_may_share_a_square():
    state = position(3, taken=["red", "blue", "blue"])
    state = play(play(state, 0, advance("A")), 1, advance("B"))
    assert square(state, "red") == square(state, "blue") == 1


def test_roller_role_passes_clockwise():
    state = position(3, roller=2, to_move=1, taken=["red", "blue", "white"])
    after = play(state, 1, advance("A"))
    assert after.phase == "roll" and after.roller == 0 and ENGINE.to_act(after) == (0,)
    assert after.taken == [None] * 3 and after.round == 1


# -- going back -----------------------------------------------------------------------------------


def test_back_is_allowed_on_a_dark_cell():
    state = position(3, indians={"red": 10}, rings={"A": 1})  # ring 2 is dark: 3
    assert advance("A", back=True) in ENGINE.legal_moves(state, 0)
    assert square(play(state, 0, advance("A", back=True)), "red") == 7


def test_back_only_on_a_dark_cell():
    state = position(3, indians={"red": 10}, rings={"A": 2})  # ring 3 is light
    assert advance("A", back=True) not in ENGINE.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as error:
        play(state, 0, advance("A", back=True))
    assert error.value.rule == "back_only_on_dark"


def test_back_never_past_the_start():
    state = position(3, indians={"red": 2}, rings={"A": 1})  # would go back 3
    assert advance("A", back=True) not in ENGINE.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as error:
        play(state, 0, advance("A", back=True))
    assert error.value.rule == "back_past_start"


def test_back_exactly_to_the_start_is_allowed():
    state = position(3, indians={"red": 3}, rings={"A": 1})
    assert square(play(state, 0, advance("A", back=True)), "red") == 0


# -- the progress stones --------------------------------------------------------------------------


def test_stone_at_the_corridor_end_waits_until_all_five_are_there():
    state = position(3, rings={"A": 5, "B": 4})
    corridors = {m["corridor"] for m in ENGINE.legal_moves(state, 0) if m["type"] == "advance"}
    assert "A" not in corridors and "B" in corridors
    with pytest.raises(IllegalMove) as error:
        play(state, 0, advance("A"))
    assert error.value.rule == "stone_waits_at_end"


def test_all_stones_turn_back_when_the_fifth_reaches_the_end():
    state = position(3, rings={"A": 5, "B": 5, "C": 5, "D": 5, "E": 4})
    after = play(state, 0, advance("E"))
    assert after.direction == -1
    assert play(after, 1, advance("A")).rings[0] == 4  # back toward the centre


def test_stone_entering_the_centre_moves_the_indian_zero():
    state = position(3, indians={"red": 14}, rings={"A": 1, "B": 0, "C": 0, "D": 0, "E": 0},
                     direction=-1)  # fmt: skip
    moves = [m for m in ENGINE.legal_moves(state, 0) if m["type"] == "advance"]
    assert moves == [advance("A")]  # no back choice for a zero move
    after = play(state, 0, advance("A"))
    assert square(after, "red") == 14
    assert after.phase != "moccasin"  # a zero move has no effect on the square it stays on


def test_stones_go_out_again_once_all_are_back_at_the_centre():
    state = position(3, rings={"A": 1, "B": 0, "C": 0, "D": 0, "E": 0}, direction=-1)
    after = play(state, 0, advance("A"))
    assert after.direction == 1 and after.rings == [0] * 5
