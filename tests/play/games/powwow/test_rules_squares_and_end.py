"""Pow Wow rules (RULES.md §4 and the record): special squares, the end, refusing bad input."""

from __future__ import annotations

import json
import random

import pytest

from play.engines.base import IllegalMove, InvalidState
from play.games.powwow.state import (
    COLOURS,
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
