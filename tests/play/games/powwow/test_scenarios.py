"""The record's examples, replayed through the engine: what the record says happens does."""

from __future__ import annotations

from play.engines.base import chance_for
from play.games.powwow import GAME

ENGINE = GAME.engine


def replay(key: str):
    """Every state of the scenario ``key``, from its start position through each step."""
    scenario = next(s for s in GAME.scenarios if s.key == key)
    state = ENGINE.from_dict(scenario.state)
    states = [state]
    for ply, step in enumerate(scenario.steps, start=1):
        assert ENGINE.to_act(state) == (step.seat,)
        assert step.move in ENGINE.legal_moves(state, step.seat)
        state = ENGINE.play(state, step.seat, step.move, chance_for(scenario.seed, ply))
        states.append(state)
    return states


def squares(state):
    return ENGINE.to_dict(state)["indians"]


def test_stone_from_the_2_on_the_right_to_the_4_moves_the_red_indian_4():
    before, after = replay("two_to_four")
    assert ENGINE.to_dict(before)["stones"]["B"] == ENGINE.to_dict(before)["stones"]["D"] == 2
    assert ENGINE.to_dict(after)["stones"]["D"] == 3
    assert after.events[0]["number"] == 4
    assert squares(after)["red"] == squares(before)["red"] + 4
    assert all(squares(after)[c] == squares(before)[c] for c in squares(after) if c != "red")


def test_green_green_red_yellow_round_moves_green_twice():
    states = replay("green_green_red_yellow")
    drafted = states[3]
    assert drafted.taken == ["yellow", "green", "red", "green"]  # the last player gets green
    moves = {c: 0 for c in squares(states[0])}
    for before, after in zip(states[3:], states[4:], strict=False):
        for colour, square in squares(after).items():
            if square != squares(before)[colour]:
                moves[colour] += 1
    assert moves == {"red": 1, "yellow": 1, "green": 2, "blue": 0, "black": 0, "white": 0}
    assert states[-1].phase == "roll" and states[-1].roller == 1  # the next player rolls


def test_pierre_rerolls_green_then_red_and_moves_the_red_indian():
    start, first, second, moved = replay("pierre_rerolls")
    assert start.hands[0] == ["red", "yellow"] and start.taken[0] == "green"
    assert first.taken[0] == "green" and first.stones[0] == 1
    assert second.taken[0] == "red" and second.stones[0] == 0 and second.supply == 25
    assert squares(moved)["red"] > 0 and squares(moved)["green"] == 0


def test_every_scenario_has_the_records_words():
    for scenario in GAME.scenarios:
        assert str(scenario.title) and str(scenario.text)
        assert all(str(step.words) for step in scenario.steps)
        assert scenario.seats == ENGINE.from_dict(scenario.state).seats
