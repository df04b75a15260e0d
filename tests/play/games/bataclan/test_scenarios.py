"""The record's examples, replayed through the engine (seed ``scenario.seed``, move ``n`` drawing
from ``chance_for(seed, n)``), do what the record says."""

from __future__ import annotations

from play.engines.base import chance_for
from play.games.bataclan import GAME

from .helpers import ENGINE


def replay(key):
    scenario = next(s for s in GAME.scenarios if s.key == key)
    if scenario.state is None:
        st = ENGINE.new_game(
            seats=scenario.seats, options=dict(scenario.options), rng=chance_for(scenario.seed, 0)
        )
    else:
        st = ENGINE.from_dict(scenario.state)
    states = [st]
    for ply, step in enumerate(scenario.steps, start=1):
        assert ENGINE.to_act(st) == (step.seat,), f"{key} step {ply}"
        st = ENGINE.play(st, step.seat, step.move, chance_for(scenario.seed, ply))
        states.append(st)
    return states


def test_every_scenario_replays():
    assert {s.key for s in GAME.scenarios} == {"start", "fig1", "fig2", "fig3", "end"}
    for scenario in GAME.scenarios:
        assert str(scenario.title) and str(scenario.text)
        assert all(str(step.words) for step in scenario.steps)
        replay(scenario.key)


def test_start_the_hand_passes_until_someone_rolls_a_G():
    before, no_g, with_g, founded = replay("start")
    assert 1 not in [face for _, face in no_g.hands[0]] and not no_g.pile
    assert 1 in [face for _, face in with_g.hands[1]]
    assert [d["value"] for d in founded.pile] == [1]


def test_fig1_the_pile_climbs_in_increasing_order_then_G_again():
    states = replay("fig1")
    assert [d["value"] for d in states[-1].pile] == [1, 2, 3, 4, 5, 6, 1, 2]


def test_fig3_a_G_replaces_the_missing_value_and_is_turned():
    states = replay("fig3")
    joker = states[-1].pile[4]
    assert joker["value"] == 5 and joker["wild"] and states[-1].pile[5]["value"] == 6


def test_fig2_the_player_who_makes_the_pile_fall_takes_the_fallen_dice():
    before, after = replay("fig2")
    fall = after.events[-1]
    assert fall["kind"] == "fall" and not fall["full"]
    fallen = len(before.pile) + 1 - len(after.pile)
    assert len(after.hands[0]) == len(before.hands[0]) - 1 + fallen
    assert after.to_move == 1


def test_end_the_first_to_place_all_their_dice_wins():
    after = replay("end")[-1]
    assert ENGINE.outcome(after).winners == (0,)
