"""Pow Wow rules: one test per rule of RULES.md §4 and of the record."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from play.engines.base import IllegalMove, InvalidOptions, InvalidState
from play.games.powwow.state import (
    COLOURS,
    CORRIDOR_NUMBERS,
    CORRIDORS,
    FINISH,
    MOCCASIN_SQUARES,
    POWWOW,
    PREDICTION_SUPPLY,
    STONE_SQUARES,
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


# -- special squares ------------------------------------------------------------------------------


def test_moccasin_square_offers_an_optional_swap():
    state = position(3, indians={"red": MOCCASIN_SQUARES[0] - 1}, rings={"A": 0})
    after = play(state, 0, advance("A"))
    assert after.phase == "moccasin" and ENGINE.to_act(after) == (0,)
    moves = ENGINE.legal_moves(after, 0)
    assert {"type": "decline"} in moves
    assert {m["target"] for m in moves if m["type"] == "swap"} == {1, 2}
    declined = play(after, 0, {"type": "decline"})
    assert declined.hands == state.hands and ENGINE.to_act(declined) == (1,)


def test_swap_gives_the_chosen_card_and_draws_one_at_random_from_the_target():
    hands = [["red", "blue"], ["green", "yellow"], ["black", "white"]]
    state = position(3, phase="moccasin", hands=hands, indians={"red": MOCCASIN_SQUARES[0]})
    drawn = set()
    for seed in range(20):
        after = play(state, 0, {"type": "swap", "give": "blue", "target": 1}, random.Random(seed))
        assert "blue" in after.hands[1] and "red" in after.hands[0]
        (card,) = set(after.hands[0]) - {"red"}
        drawn.add(card)
        assert sorted(after.hands[1]) == sorted(["blue", *({"green", "yellow"} - {card})])
        assert after.hands[2] == ["black", "white"] and ENGINE.to_act(after) == (1,)
    assert drawn == {"green", "yellow"}


def test_swap_with_the_neutral_pile_in_the_two_player_game():
    state = position(2, phase="moccasin", hands=[["red", "blue"], ["green", "yellow"]],
                     neutral=["black", "white"], indians={"red": MOCCASIN_SQUARES[1]})  # fmt: skip
    assert {"type": "swap", "give": "red", "target": "neutral"} in ENGINE.legal_moves(state, 0)
    after = play(state, 0, {"type": "swap", "give": "red", "target": "neutral"})
    assert "red" in after.neutral and after.hands[1] == ["green", "yellow"]


def test_the_neutral_pile_is_no_target_with_three_players_or_more():
    state = position(3, phase="moccasin", indians={"red": MOCCASIN_SQUARES[1]})
    with pytest.raises(IllegalMove) as error:
        play(state, 0, {"type": "swap", "give": state.hands[0][0], "target": "neutral"})
    assert error.value.rule == "bad_swap_target"


def test_nobody_swaps_with_themselves():
    state = position(3, phase="moccasin", indians={"red": MOCCASIN_SQUARES[1]})
    with pytest.raises(IllegalMove):
        play(state, 0, {"type": "swap", "give": state.hands[0][0], "target": 0})


def test_stone_square_gives_a_prediction_stone():
    state = position(3, indians={"red": STONE_SQUARES[0] - 1})
    after = play(state, 0, advance("A"))
    assert after.stones == [1, 0, 0] and after.supply == PREDICTION_SUPPLY - 1


def test_an_empty_supply_gives_nothing():
    state = position(3, indians={"red": STONE_SQUARES[0] - 1}, stones=[0, PREDICTION_SUPPLY, 0])
    after = play(state, 0, advance("A"))
    assert after.stones == [0, PREDICTION_SUPPLY, 0] and after.supply == 0


def test_a_special_square_counts_when_going_back():
    state = position(3, indians={"red": STONE_SQUARES[0] + 3}, rings={"A": 1})
    after = play(state, 0, advance("A", back=True))
    assert square(after, "red") == STONE_SQUARES[0] and after.stones[0] == 1


def test_prediction_stone_is_usable_from_the_next_turn():
    state = position(3, indians={"red": STONE_SQUARES[0] - 1})
    after = play(state, 0, advance("A"))
    assert ENGINE.to_act(after) == (1,)  # the mover's turn is over: nothing to spend it on
    later = position(3, stones=[1, 0, 0])
    assert {"type": "reroll"} in ENGINE.legal_moves(later, 0)


def test_reroll_spends_a_stone_that_returns_to_the_supply():
    state = position(3, taken=["green", "red", "red"], stones=[2, 0, 0])
    after = play(state, 0, {"type": "reroll"}, FixedDice("red"))
    assert after.taken[0] == "red" and after.stones[0] == 1
    assert after.supply == PREDICTION_SUPPLY - 1 and ENGINE.to_act(after) == (0,)


def test_reroll_as_many_times_as_stones_spent():
    state = position(3, taken=["green", "red", "red"], stones=[2, 0, 0])
    state = play(state, 0, {"type": "reroll"}, FixedDice("green"))
    state = play(state, 0, {"type": "reroll"}, FixedDice("yellow"))
    assert state.taken[0] == "yellow" and state.stones[0] == 0
    assert {"type": "reroll"} not in ENGINE.legal_moves(state, 0)


def test_swap_with_a_prediction_stone_then_play_normally():
    state = position(3, stones=[1, 0, 0])
    give = state.hands[0][0]
    after = play(state, 0, {"type": "swap", "give": give, "target": 2})
    assert after.stones[0] == 0 and after.supply == PREDICTION_SUPPLY
    assert give in after.hands[2] and after.phase == "move" and ENGINE.to_act(after) == (0,)
    assert all(m["type"] == "advance" for m in ENGINE.legal_moves(after, 0))


def test_no_prediction_stone_no_reroll_nor_swap():
    state = position(3)
    for move in ({"type": "reroll"}, {"type": "swap", "give": state.hands[0][0], "target": 1}):
        with pytest.raises(IllegalMove) as error:
            play(state, 0, move)
        assert error.value.rule == "no_prediction_stone"


def test_prediction_stones_are_spent_only_before_moving_a_stone():
    state = position(3, phase="moccasin", stones=[2, 0, 0], indians={"red": MOCCASIN_SQUARES[0]})
    assert {"type": "reroll"} not in ENGINE.legal_moves(state, 0)
    with pytest.raises(IllegalMove) as error:
        play(state, 0, {"type": "reroll"})
    assert error.value.rule == "must_swap_or_decline"


# -- the end --------------------------------------------------------------------------------------


def test_game_ends_as_soon_as_an_indian_reaches_the_finish_even_mid_round():
    state = position(4, indians={"red": FINISH - 1}, hands=[["red", "blue"], ["green", "yellow"],
                     ["black", POWWOW], ["white", POWWOW]])  # fmt: skip
    after = play(state, 0, advance("A"))
    assert after.phase == "over" and ENGINE.to_act(after) == ()
    assert all(ENGINE.legal_moves(after, s) == [] for s in range(4))
    with pytest.raises(IllegalMove):
        play(after, 1, advance("B"))


def test_no_exact_count_is_needed_to_finish():
    state = position(3, indians={"red": FINISH - 2}, rings={"C": 4})  # C ring 5 = 8
    assert square(play(state, 0, advance("C")), "red") == FINISH


def test_the_holder_of_the_finishing_indians_card_wins():
    hands = [["blue", "green"], ["red", "yellow"], ["black", "white"]]
    state = position(3, indians={"red": FINISH - 1}, hands=hands)
    outcome = ENGINE.outcome(play(state, 0, advance("A")))
    assert outcome.winners == (1,) and outcome.ranking == ((1,), (0, 2))


def test_nobody_wins_when_the_neutral_pile_holds_the_card():
    state = position(2, indians={"red": FINISH - 1}, hands=[["blue", "green"], ["black", "white"]],
                     neutral=["red", "yellow"])  # fmt: skip
    outcome = ENGINE.outcome(play(state, 0, advance("A")))
    assert outcome.winners == () and not outcome.draw and outcome.reason == "card_in_neutral_pile"


# -- refusing bad input ---------------------------------------------------------------------------


def test_illegal_moves_are_refused_and_change_nothing():
    state = position(3)
    before = json.dumps(data(state), sort_keys=True)
    for seat, move, rule in [
        (1, advance("A"), "not_your_turn"),
        (0, {"type": "roll"}, "must_advance"),
        (0, {"type": "fly"}, "malformed_move"),
        (0, "advance", "malformed_move"),
        (0, {"type": "advance", "corridor": "Z"}, "malformed_move"),
        (0, {"type": "advance", "corridor": "A", "back": "yes"}, "malformed_move"),
    ]:
        with pytest.raises(IllegalMove) as error:
            play(state, seat, move)
        assert error.value.rule == rule
    assert json.dumps(data(state), sort_keys=True) == before


def test_the_roll_comes_before_anything_else():
    with pytest.raises(IllegalMove) as error:
        play(new(3), 0, advance("A"))
    assert error.value.rule == "must_roll"


@pytest.mark.parametrize(
    "change",
    [
        {"hands": [["red", "red"], ["green", "yellow"], ["black", "white"]]},
        {"supply": 3},
        {"indians": {c: 60 for c in COLOURS}},
        {"stones": {c: 5 for c in CORRIDORS}},
        {"phase": "dance"},
        {"to_move": 7},
        {"knowledge": [[[1, "red"]], [], []]},
    ],
)
def test_inconsistent_states_are_refused(change):
    state = data(position(3, hands=[["blue", "red"], ["green", "yellow"], ["black", "white"]]))
    state.update(change)
    with pytest.raises(InvalidState):
        ENGINE.from_dict(state)
