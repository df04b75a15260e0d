"""Ta Yü bots: legal moves at every level, an evaluation per seat, no peeking, beats random."""

from __future__ import annotations

import random

import pytest

from play.games.registry import get_game
from play.games.tayu import bots

from .helpers import ENGINE, ONE_SIDE, new, play

GAME = get_game("tayu")


def _some_position(seats, plies, seed=0):
    rng = random.Random(seed)
    state = ENGINE.new_game(seats=seats, options={}, rng=rng)
    for _ in range(plies):
        seat = ENGINE.to_act(state)[0]
        state = ENGINE.play(state, seat, rng.choice(ENGINE.legal_moves(state, seat)), rng)
    return state


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("level", GAME.bot_levels)
def test_bot_plays_a_legal_move(level, seats):
    for plies in (0, 1, 9, 30):
        state = _some_position(seats, plies)
        if not ENGINE.to_act(state):
            continue
        seat = ENGINE.to_act(state)[0]
        move = GAME.bot_move(state, seat, level=level, rng=random.Random(1), seconds=0.5)
        assert move in ENGINE.legal_moves(state, seat)


def test_evaluation_is_a_reward_per_seat_and_likes_points_on_own_edges():
    state = new()
    state.put(ONE_SIDE, 0, 8, 0, 0)  # 4 points on North
    state.put(ONE_SIDE, 18, 8, 2, 0)  # 4 points on South: seat 0 has 16
    values = GAME.evaluate(state)
    assert len(values) == 2 and all(0.0 <= v <= 1.0 for v in values)
    assert values[0] > 0.5 > values[1]


def test_gain_counts_own_edges_for_and_the_opponents_against():
    before = new()
    after = before.clone()
    after.put(ONE_SIDE, 0, 8, 0, 0)
    assert GAME.gain(before, after, 0) > 0 > GAME.gain(before, after, 1)


def test_draw_choice_never_peeks_at_the_face_down_tiles():
    state = _some_position(2, 20, seed=3)
    assert state.phase == "draw"
    moves = ENGINE.legal_moves(state, state.to_move)
    choices = {
        bots.choose_draw(
            ENGINE.redeal_hidden(state, state.to_move, random.Random(s)), state.to_move, moves
        )["stack"]
        for s in range(4)
    }
    assert len(choices) == 1  # same ring backs, same decision, whatever lies beneath


def test_draw_distribution_follows_the_visible_ring_back():
    state = new()
    for column in range(2):
        ringed = bots.RINGED[state.supply[column][0][-1]]
        dist = bots.draw_distribution(state, column)
        assert abs(sum(p for _, p in dist) - 1.0) < 1e-9
        assert all(bots.RINGED[k] == ringed for k, _ in dist)


def test_bot_bids_then_passes_in_the_auction():
    state = new(3)
    move = GAME.bot_move(state, 0, level="strong", rng=random.Random(0), seconds=0.5)
    assert move["type"] == "bid"
    state = play(state, 0, {"type": "bid", "value": 5})
    move = GAME.bot_move(state, 1, level="strong", rng=random.Random(0), seconds=0.5)
    assert move == {"type": "pass"}  # below what a builder is expected to reach


def _wins_against_random(level, games, seats=2):
    wins = 0
    for game in range(games):
        rng = random.Random(f"{level}-vs-random/{game}")
        state = ENGINE.new_game(seats=seats, options={}, rng=rng)
        bot_seat = game % 2
        while ENGINE.to_act(state):
            seat = ENGINE.to_act(state)[0]
            if seat % 2 == bot_seat:
                move = GAME.bot_move(state, seat, level=level, rng=rng, seconds=0.5)
            else:
                move = bots.random_move(state, seat, rng)
            state = ENGINE.play(state, seat, move, rng)
        wins += bot_seat in ENGINE.outcome(state).winners
    return wins


def test_beginner_beats_a_random_player():
    assert _wins_against_random("beginner", 4) >= 3


def test_intermediate_beats_a_random_player():
    assert _wins_against_random("intermediate", 2) == 2


def test_intermediate_team_beats_a_random_team_with_two_tiles():
    assert _wins_against_random("intermediate", 2, seats=4) == 2


def test_bot_undercuts_a_bid_above_its_floor():
    state = play(new(3), 0, {"type": "bid", "value": bots.BID_FLOOR + 10})
    move = GAME.bot_move(state, 1, level="intermediate", rng=random.Random(0), seconds=0.5)
    assert move == {"type": "bid", "value": bots.BID_FLOOR + 9}


def test_strong_undercuts_down_to_where_the_spoiler_s_seat_stops_paying():
    assert bots.STRONG_BID_FLOOR < bots.BID_FLOOR
    state = play(new(3), 0, {"type": "bid", "value": bots.BID_FLOOR})
    rng = random.Random(0)
    assert GAME.bot_move(state, 1, level="intermediate", rng=rng, seconds=0.5) == {"type": "pass"}
    move = GAME.bot_move(state, 1, level="strong", rng=rng, seconds=0.5)
    assert move == {"type": "bid", "value": bots.BID_FLOOR - 1}
    state = play(new(3), 0, {"type": "bid", "value": bots.STRONG_BID_FLOOR})
    assert GAME.bot_move(state, 1, level="strong", rng=rng, seconds=0.5) == {"type": "pass"}


def test_a_tiny_budget_still_gives_a_legal_placement():
    state = _some_position(4, 31)
    assert state.phase == "place"
    seat = state.to_move
    move = GAME.bot_move(state, seat, level="strong", rng=random.Random(2), seconds=0.001)
    assert move in ENGINE.legal_moves(state, seat)


@pytest.mark.parametrize("seats", [2, 4])
def test_a_deeper_search_level_still_gives_a_legal_placement(seats):
    state = _some_position(seats, 21)
    assert state.phase == "place"
    seat = state.to_move
    level = bots.Level(candidates=3, time_limit=5.0, depth=2, deep_candidates=2, deep_kinds=4)
    move = bots.choose_placement(state, seat, level, random.Random(0))
    assert move in ENGINE.legal_moves(state, seat)


@pytest.mark.parametrize(
    "seats, weights",
    [(2, None), (4, bots.Weights(reach=0.3, stage=-0.5))],
    ids=["hand-set weights", "a level's own weights, two tiles"],
)
def test_placement_and_draw_searches_never_peek_at_the_face_down_tiles(seats, weights):
    level = bots.Level(candidates=40, time_limit=60.0, draw_candidates=3, weights=weights)
    # no clock in the way; the two front tops show different ring backs: the column is searched
    draw_state, place_state = _some_position(seats, 22, seed=3), _some_position(seats, 21, seed=3)
    assert draw_state.phase == "draw" and place_state.phase == "place"
    seat = draw_state.to_move
    moves = ENGINE.legal_moves(draw_state, seat)
    draws, placements = set(), set()
    for s in range(3):
        seen = ENGINE.redeal_hidden(draw_state, seat, random.Random(s))
        draws.add(bots.choose_draw(seen, seat, moves, level)["stack"])
        seen = ENGINE.redeal_hidden(place_state, place_state.to_move, random.Random(s))
        move = bots.choose_placement(seen, place_state.to_move, level, random.Random(9))
        placements.add(str(move))
    assert len(draws) == 1 and len(placements) == 1


def test_levels_search_with_their_own_weights(monkeypatch):
    seen = []
    real = bots.searcher_for

    def spy(state, rng=None, weights=None):
        seen.append(weights)
        return real(state, rng, weights)

    monkeypatch.setattr(bots, "searcher_for", spy)
    weights = bots.Weights(reach=0.3)
    level = bots.Level(candidates=2, time_limit=5.0, draw_candidates=1, weights=weights)
    place_state, draw_state = _some_position(2, 21, seed=3), _some_position(2, 22, seed=3)
    bots.choose_placement(place_state, place_state.to_move, level, random.Random(0))
    moves = ENGINE.legal_moves(draw_state, draw_state.to_move)
    bots.choose_draw(draw_state, draw_state.to_move, moves, level)
    assert seen and all(w is weights for w in seen)
