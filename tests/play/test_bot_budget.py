"""Bots never think longer than they are allowed: per request, per client, per match, site-wide,
one request at a time; a table of only bots is refused (issue 9, item 1)."""

from __future__ import annotations

import json
import time

import pytest
from django.core.cache import cache
from django.test import override_settings

import play.bot_budget
import play.services
from play.bot_budget import bot_thinking
from play.models import Match

API = "/api/v1/matches/"


class FakeClock:
    """A clock that only moves when a (stub) bot thinks or a test waits."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    fake = FakeClock()
    monkeypatch.setattr(time, "monotonic", fake)
    return fake


@pytest.fixture
def wall(monkeypatch):
    """The budgets' wall clock, moved by the tests only (budgets refill as it moves)."""
    fake = FakeClock()
    monkeypatch.setattr(play.bot_budget, "_wall_clock", fake)
    return fake


@pytest.fixture
def thinking(db, monkeypatch, clock, wall):
    """Replace the bots by one that uses all the time it is given; returns what it was given."""
    given: list[float] = []

    def bot_move(package, state, seat, *, level, seconds, rng):
        given.append(seconds)
        clock.now += seconds
        return package.engine.legal_moves(state, seat)[0]

    monkeypatch.setattr(play.services, "_bot_move", bot_move)
    cache.clear()
    yield given
    cache.clear()


def post(client, url, data, token=None, **extra):
    if token:
        extra["HTTP_X_SEAT_TOKEN"] = token
    return client.post(url, json.dumps(data), content_type="application/json", **extra)


def test_table_of_only_bots_is_refused(client, buffalo_game):
    seats = [{"kind": "bot", "level": "strong"}, {"kind": "bot", "level": "strong"}]
    response = post(client, API, {"game": buffalo_game.slug, "seats": seats})
    assert response.status_code == 400 and response.json()["code"] == "bots_only"
    assert not Match.objects.exists()


@override_settings(
    PLAY_BOT_CLIENT_SECONDS=30,
    PLAY_BOT_MATCH_SECONDS=2.5,
    PLAY_BOT_SITE_SECONDS=90,
    PLAY_BOT_BUDGET_SECONDS=1.0,
)
def test_allowance_is_the_smallest_budget_left_and_spending_is_charged(db, thinking, clock):
    with bot_thinking(client="a", match_code="m", wanted=1.0) as allowed:
        assert allowed == 1.0
        clock.now += 1.0
    with bot_thinking(client="a", match_code="m", wanted=1.0) as allowed:
        clock.now += allowed
    with bot_thinking(client="b", match_code="m", wanted=1.0) as allowed:
        assert allowed == pytest.approx(0.5)  # the match's 2.5 s, less the 2 s spent
        clock.now += allowed
    with bot_thinking(client="c", match_code="m", wanted=1.0) as allowed:
        assert allowed == 0.0
    with bot_thinking(client="d", match_code="other", wanted=1.0) as allowed:
        assert allowed == pytest.approx(0.5)  # the site's 3 s at once, less the 2.5 s spent


@override_settings(
    PLAY_BOT_CLIENT_SECONDS=6,
    PLAY_BOT_MATCH_SECONDS=600,
    PLAY_BOT_SITE_SECONDS=600,
    PLAY_BOT_BUDGET_SECONDS=1.0,
)
def test_a_budget_refills_at_its_rate_and_never_holds_more_than_three_requests(
    db, thinking, wall, clock
):
    for _ in range(3):
        with bot_thinking(client="a", match_code="m", wanted=1.0) as allowed:
            assert allowed == pytest.approx(1.0)
            clock.now += allowed
    with bot_thinking(client="a", match_code="m", wanted=1.0) as allowed:
        assert allowed == 0.0  # three requests' worth, spent at once
    wall.now += 5  # 6 s per minute: half a second back
    with bot_thinking(client="a", match_code="m", wanted=1.0) as allowed:
        assert allowed == pytest.approx(0.5)
        clock.now += allowed
    wall.now += 3600
    with bot_thinking(client="a", match_code="m", wanted=5.0) as allowed:
        assert allowed == pytest.approx(3.0)  # full again, but no fuller than three requests


@override_settings(PLAY_BOT_CONCURRENCY=1)
def test_one_request_thinks_at_a_time(db, thinking):
    with bot_thinking(client="a", match_code="m1", wanted=1.0) as first:
        with bot_thinking(client="b", match_code="m2", wanted=1.0) as second:
            assert first == 1.0 and second == 0.0
    with bot_thinking(client="b", match_code="m2", wanted=1.0) as again:
        assert again == 1.0  # the slot is free once the first is done


def test_one_request_at_a_time_thinks_for_a_match(db, thinking):
    with bot_thinking(client="a", match_code="m1", wanted=1.0) as first:
        with bot_thinking(client="b", match_code="m1", wanted=1.0) as same_match:
            with bot_thinking(client="c", match_code="m2", wanted=1.0) as other_match:
                assert (first, same_match, other_match) == (1.0, 0.0, 1.0)


@pytest.fixture
def versus_bot(client, buffalo_game):
    seats = [{"kind": "local"}, {"kind": "bot", "level": "strong"}]
    response = post(client, API, {"game": buffalo_game.slug, "seats": seats})
    assert response.status_code == 201
    return response.json()


def play_first_move(client, created, state, **extra):
    move = {"seat": 0, "move": state["legal_moves"][0], "expected_version": state["version"]}
    response = post(client, API + created["code"] + "/moves/", move, created["token"], **extra)
    assert response.status_code == 200
    return response.json()


@override_settings(PLAY_BOT_BUDGET_SECONDS=1.0, PLAY_BOT_CLIENT_SECONDS=2.0)
def test_a_client_gets_its_bot_time_then_its_bots_wait(client, thinking, versus_bot):
    state = versus_bot
    for _ in range(2):
        state = play_first_move(client, versus_bot, state)
        assert state["to_act"] == [0]  # the bot answered
    state = play_first_move(client, versus_bot, state)
    assert state["to_act"] == [1]  # this client's 2 s are spent: the bot waits
    assert thinking == [1.0, 1.0] and max(thinking) <= 1.0
    # Polls by the same client do not make it think either; another client's poll does.
    assert client.get(API + versus_bot["code"] + "/").json()["to_act"] == [1]
    other = client.get(API + versus_bot["code"] + "/", REMOTE_ADDR="192.0.2.7").json()
    assert other["to_act"] == [0]


@override_settings(PLAY_BOT_BUDGET_SECONDS=1.0, PLAY_BOT_MATCH_SECONDS=1.5)
def test_a_match_gets_its_bot_time_whoever_polls(client, thinking, versus_bot):
    state = play_first_move(client, versus_bot, versus_bot, REMOTE_ADDR="192.0.2.1")
    state = play_first_move(client, versus_bot, state, REMOTE_ADDR="192.0.2.2")
    state = play_first_move(client, versus_bot, state, REMOTE_ADDR="192.0.2.3")
    assert state["to_act"] == [1]
    for n in range(10, 20):
        polled = client.get(API + versus_bot["code"] + "/", REMOTE_ADDR=f"192.0.2.{n}")
        assert polled.json()["to_act"] == [1]
    assert sum(thinking) == pytest.approx(1.5)
