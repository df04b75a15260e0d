"""The Alcatraz bot: its evaluation, its levels, and that it beats a random player."""

from __future__ import annotations

import random

from play.bots.mcts import RandomBot
from play.engines.base import chance_for
from play.games.alcatraz.bots import ALCATRAZ_LEVELS, alcatraz_bot, evaluate, seat_scores
from play.games.registry import get_engine

ENGINE = get_engine("alcatraz")


def position(prisoners, boat=None, seats=2):
    data = ENGINE.to_dict(ENGINE.new_game(seats=seats, options={}, rng=random.Random(0)))
    boat = boat or {}
    data["prisoners"] = [list(prisoners.get(s, [])) for s in range(seats)]
    data["boat"] = [boat.get(s, 0) for s in range(seats)]
    data["cell"] = [4 - len(data["prisoners"][s]) - data["boat"][s] for s in range(seats)]
    return ENGINE.from_dict(data)


def test_evaluation_is_a_reward_per_seat():
    values = evaluate(position({0: ["d3"], 1: ["a9"]}, boat={0: 1}, seats=3))
    assert len(values) == 3 and all(0.0 <= v <= 1.0 for v in values)
    assert values[0] > values[1] and values[0] > values[2]


def test_evaluation_prefers_progress_and_safety():
    assert seat_scores(position({0: ["d3"]}))[0] > seat_scores(position({0: ["d8"]}))[0]
    # seat 1 entering row 7 on the left drives the guard from i7 over g7; from a7 it cannot
    exposed = seat_scores(position({0: ["g7"]}))[0]
    safe = seat_scores(position_with_guard({0: ["g7"]}, row=7, square="a7"))[0]
    assert exposed < safe


def position_with_guard(prisoners, row, square):
    data = ENGINE.to_dict(position(prisoners))
    data["guards"][row - 1] = square
    return ENGINE.from_dict(data)


def test_levels():
    assert list(ALCATRAZ_LEVELS) == ["beginner", "intermediate", "strong"]
    assert alcatraz_bot("beginner").iterations < alcatraz_bot("strong").iterations


def test_intermediate_bot_beats_random_player():
    wins = 0
    for game in range(4):
        seed = f"bot-vs-random/{game}"
        bot_seat = game % 2
        players = {bot_seat: alcatraz_bot("intermediate", seed=game), 1 - bot_seat: None}
        randomer = RandomBot(ENGINE, seed=game)
        state = ENGINE.new_game(seats=2, options={"turn_limit": 300}, rng=chance_for(seed, 0))
        ply = 0
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            player = players[seat] or randomer
            ply += 1
            state = ENGINE.play(state, seat, player.choose(state, seat), chance_for(seed, ply))
        wins += ENGINE.outcome(state).winners == (bot_seat,)
    assert wins >= 3
