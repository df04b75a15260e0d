"""Every game ends within a bounded number of moves, whatever its options: each poll replays the
whole move log, so no log may grow for ever (issue 42, item 4)."""

from __future__ import annotations

import json
import random

import pytest
from django.utils import translation

from play.engines.base import chance_for
from play.games.alcatraz.state import MAX_TURNS
from play.games.bataclan.state import MAX_PLIES as BATACLAN_MAX_PLIES
from play.games.powwow.state import MAX_PLIES as POWWOW_MAX_PLIES
from play.games.registry import games, get_engine, get_game
from play.models import Match
from tests.factories import make_game

API = "/api/v1/matches/"
# What a poll may have to replay at most, for any game (Alcatraz's 2,000 turns and its alarms).
SITE_MAX_PLIES = 5000


@pytest.mark.parametrize("slug", sorted(games()))
def test_every_engine_declares_a_bounded_length(slug):
    engine = get_engine(slug)
    assert isinstance(engine.max_plies, int) and 0 < engine.max_plies <= SITE_MAX_PLIES


def first_legal(engine, state):
    seat = engine.to_act(state)[0]
    return seat, engine.legal_moves(state, seat)[0]


def play_one(engine, state, ply=1):
    seat, move = first_legal(engine, state)
    return engine.play(state, seat, move, chance_for("length", ply))


def reason_text(slug: str, reason: str) -> str:
    with translation.override("fr"):
        return str(get_game(slug).outcome_reasons[reason])


# -- Alcatraz: the turn limit is bounded, and a hard cap on turns -----------------------------


@pytest.mark.parametrize("limit", [0, -1, MAX_TURNS + 1, 10**9])
def test_alcatraz_turn_limit_out_of_range_is_refused(client, db, limit):
    """Refused, not clamped: 0 (« no limit ») and limits past the hard cap are a 400."""
    game = make_game("Alcatraz", engine="alcatraz", min_players=2, max_players=4)
    body = {"game": game.slug, "seats": [{"kind": "local"}] * 2, "options": {"turn_limit": limit}}
    response = client.post(API, json.dumps(body), content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_options"
    assert response.json()["option"] == "turn_limit"
    assert not Match.objects.exists()


@pytest.mark.parametrize("limit", [1, MAX_TURNS])
def test_alcatraz_turn_limit_in_range_is_accepted(limit):
    engine = get_engine("alcatraz")
    assert engine.validate_options(2, {"turn_limit": limit})["turn_limit"] == limit


def alcatraz_near_the_cap(options=None):
    engine = get_engine("alcatraz")
    data = engine.to_dict(engine.new_game(seats=2, options=options or {}, rng=random.Random(0)))
    data.update(turn=MAX_TURNS - 1, boarded_turn=MAX_TURNS - 2)
    return engine, engine.from_dict(data)


def test_alcatraz_ends_at_its_turn_cap():
    engine, state = alcatraz_near_the_cap()
    assert engine.to_act(state)
    after = play_one(engine, state)
    outcome = engine.outcome(after)
    assert not engine.to_act(after) and outcome.draw and outcome.reason == "max_turns"
    assert after.events[-1] == {"kind": "max_turns", "turns": MAX_TURNS}
    assert reason_text("alcatraz", "max_turns")
    with translation.override("fr"):
        line = get_game("alcatraz").describe_move(state, after, 0, {})
    assert "2000 tours" in line
    assert engine.from_dict(engine.to_dict(after)).phase == "over"


def test_alcatraz_game_saved_without_a_limit_past_the_cap_loads_and_ends():
    """A match created with ``turn_limit: 0`` before the cap, already past it, still loads and
    ends at its next turn."""
    engine = get_engine("alcatraz")
    data = engine.to_dict(engine.new_game(seats=2, options={}, rng=random.Random(0)))
    data["options"]["turn_limit"] = 0
    data.update(turn=3000, boarded_turn=0)
    state = engine.from_dict(data)
    assert engine.to_act(state)
    after = play_one(engine, state)
    assert engine.outcome(after).reason == "max_turns"


# -- Bataclan and Pow Wow: a hard cap on moves ------------------------------------------------


def near_the_ply_cap(slug: str, cap: int, seats: int):
    engine = get_engine(slug)
    data = engine.to_dict(engine.new_game(seats=seats, options={}, rng=chance_for("cap", 0)))
    data["ply"] = cap - 1
    return engine, engine.from_dict(data)


def test_bataclan_ends_at_its_ply_cap_ranked_by_dice():
    engine, state = near_the_ply_cap("bataclan", BATACLAN_MAX_PLIES, 3)
    after = play_one(engine, state)
    outcome = engine.outcome(after)
    assert not engine.to_act(after) and outcome.reason == "max_plies"
    assert sorted(s for group in outcome.ranking for s in group) == [0, 1, 2]
    assert after.ply == BATACLAN_MAX_PLIES
    assert reason_text("bataclan", "max_plies")
    assert engine.from_dict(engine.to_dict(after)).phase == "over"


def test_powwow_ends_at_its_ply_cap_with_nobody_winning():
    engine, state = near_the_ply_cap("powwow", POWWOW_MAX_PLIES, 3)
    after = play_one(engine, state)
    outcome = engine.outcome(after)
    assert not engine.to_act(after) and outcome.reason == "max_plies"
    assert outcome.winners == () and outcome.draw
    assert after.events[-1] == {"kind": "max_plies", "plies": POWWOW_MAX_PLIES}
    assert reason_text("powwow", "max_plies")
    assert engine.from_dict(engine.to_dict(after)).phase == "over"


@pytest.mark.parametrize(
    ("slug", "cap"), [("bataclan", BATACLAN_MAX_PLIES), ("powwow", POWWOW_MAX_PLIES)]
)
def test_a_state_past_the_cap_is_refused_and_an_old_one_without_a_count_loads(slug, cap):
    engine, state = near_the_ply_cap(slug, cap, 3)
    data = engine.to_dict(state)
    with pytest.raises(ValueError):
        engine.from_dict({**data, "ply": cap + 1})
    with pytest.raises(ValueError):
        engine.from_dict({**data, "ply": cap})  # the game would be over
    del data["ply"]  # saved before moves were counted
    assert engine.from_dict(data).ply == 0


@pytest.mark.parametrize("slug", sorted(games()))
def test_random_games_end_within_the_bound(slug):
    engine = get_engine(slug)
    for seats in (engine.info.min_seats, engine.info.max_seats):
        seed = f"length/{slug}/{seats}"
        pick = random.Random(seed)
        state = engine.new_game(seats=seats, options={}, rng=chance_for(seed, 0))
        plies = 0
        while engine.to_act(state):
            seat = pick.choice(engine.to_act(state))
            plies += 1
            assert plies <= engine.max_plies
            move = pick.choice(engine.legal_moves(state, seat))
            state = engine.play(state, seat, move, chance_for(seed, plies))
        assert engine.outcome(state) is not None
