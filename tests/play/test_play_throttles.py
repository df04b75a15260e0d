"""The play API's limits (issue 41): a room of tablets behind one address plays freely, polls
cost nothing against any limit, moves count per seat token and per address, and creations per
address — from the API and from the HTML setup form alike."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse
from rest_framework.throttling import SimpleRateThrottle

from ludotheque.settings import base
from play.models import Match

API = "/api/v1/matches/"
ROOM = "192.0.2.50"  # a school's one public address
HOT_SEAT = {"game": "prairie-ou-buffalo", "seats": [{"kind": "local"}, {"kind": "local"}]}


@pytest.fixture
def real_rates(settings):
    """The production limits (the test settings lift them)."""
    for name in ("PLAY_MOVE_RATE", "PLAY_MOVE_ADDRESS_RATE", "PLAY_CREATE_RATE", "PLAY_VIEW_RATE"):
        setattr(settings, name, getattr(base, name))
    cache.clear()
    yield
    cache.clear()


def create(client, address=ROOM):
    return client.post(API, HOT_SEAT, content_type="application/json", REMOTE_ADDR=address)


def poll(client, state, etag=None, address=ROOM):
    headers = {"HTTP_X_SEAT_TOKEN": state["token"], "REMOTE_ADDR": address}
    if etag:
        headers["HTTP_IF_NONE_MATCH"] = etag
    return client.get(f"{API}{state['code']}/", **headers)


def move(client, token, state, address=ROOM):
    body = {
        "seat": state["viewer"],
        "move": state["legal_moves"][0],
        "expected_version": state["version"],
    }
    return client.post(
        f"{API}{state['code']}/moves/", body, content_type="application/json",
        HTTP_X_SEAT_TOKEN=token, REMOTE_ADDR=address,
    )  # fmt: skip


def test_thirty_tablets_behind_one_address_play_without_a_single_429(
    client, buffalo_game, real_rates
):
    tablets = [create(client).json() for _ in range(30)]
    statuses = set()
    for _round in range(4):  # each tablet: a few polls (most unchanged), then a move
        for tablet in tablets:
            response = poll(client, tablet)
            statuses.add(response.status_code)
            state, etag = response.json(), response["ETag"]
            for _ in range(5):
                statuses.add(poll(client, tablet, etag).status_code)
            answer = move(client, tablet["token"], state)
            statuses.add(answer.status_code)
    assert statuses == {200, 304}
    assert Match.objects.filter(plies=4).count() == 30


def test_polls_do_not_count_against_the_move_limits(client, buffalo_game, settings):
    cache.clear()
    settings.PLAY_MOVE_RATE = settings.PLAY_MOVE_ADDRESS_RATE = "2/min"
    state = create(client).json()
    response = poll(client, state)
    for _ in range(50):
        assert poll(client, state, response["ETag"]).status_code == 304
    for _ in range(2):
        state = {**poll(client, state).json(), "token": state["token"]}
        assert move(client, state["token"], state).status_code == 200
    state = {**poll(client, state).json(), "token": state["token"]}
    refused = move(client, state["token"], state)
    assert refused.status_code == 429 and int(refused["Retry-After"]) > 0
    cache.clear()


def test_moves_count_per_seat_token(client, buffalo_game, settings):
    """One person's many moves are refused; another tablet at the same address still plays."""
    cache.clear()
    settings.PLAY_MOVE_RATE = "2/min"
    first, second = create(client).json(), create(client).json()
    for _ in range(2):
        first = {**poll(client, first).json(), "token": first["token"]}
        assert move(client, first["token"], first).status_code == 200
    first = {**poll(client, first).json(), "token": first["token"]}
    assert move(client, first["token"], first).status_code == 429
    second = {**poll(client, second).json(), "token": second["token"]}
    assert move(client, second["token"], second).status_code == 200
    cache.clear()


SETUP = {
    "players": "2",
    "seat_0": "local",
    "seat_1": "local",
    "option_opening_buffalo_moves": "1",
    "option_buffalo_seat": "0",
    "option_immobilised_buffalo": "on_their_turn",
}


def test_the_setup_form_refuses_creations_past_the_rate_in_french(client, buffalo_game, settings):
    cache.clear()
    settings.PLAY_CREATE_RATE = "3/min"
    url = reverse("play:setup", args=[buffalo_game.slug])
    for _ in range(3):
        assert client.post(url, SETUP, REMOTE_ADDR=ROOM).status_code == 302
    refused = client.post(url, SETUP, REMOTE_ADDR=ROOM)
    assert refused.status_code == 429
    assert "Trop de parties créées depuis cette adresse" in refused.content.decode()
    assert Match.objects.count() == 3  # nothing written
    # Another address is not concerned.
    assert client.post(url, SETUP, REMOTE_ADDR="203.0.113.77").status_code == 302
    cache.clear()


def test_the_setup_forms_429_says_when_to_come_back_in_retry_after(
    client, buffalo_game, settings, monkeypatch
):
    """Whole seconds until the window frees a place (rounded up, as the API's throttles say
    it), the same number as the page's message."""
    cache.clear()
    settings.PLAY_CREATE_RATE = "2/min"
    clock = [1_000.0]
    monkeypatch.setattr(SimpleRateThrottle, "timer", staticmethod(lambda: clock[0]))
    url = reverse("play:setup", args=[buffalo_game.slug])
    assert "Retry-After" not in client.post(url, SETUP, REMOTE_ADDR=ROOM)
    clock[0] += 10
    assert client.post(url, SETUP, REMOTE_ADDR=ROOM).status_code == 302
    clock[0] += 20.6  # the first creation frees its place 60 s after it: 29.4 s from now
    refused = client.post(url, SETUP, REMOTE_ADDR=ROOM)
    assert refused.status_code == 429 and refused["Retry-After"] == "30"
    assert "réessayez dans 30 secondes" in refused.content.decode()
    assert "Retry-After" not in client.get(url)
    cache.clear()


def test_the_api_and_the_form_share_the_creation_count(client, buffalo_game, settings):
    cache.clear()
    settings.PLAY_CREATE_RATE = "2/min"
    url = reverse("play:setup", args=[buffalo_game.slug])
    assert client.post(url, SETUP, REMOTE_ADDR=ROOM).status_code == 302
    assert create(client).status_code == 201
    assert create(client).status_code == 429
    assert client.post(url, SETUP, REMOTE_ADDR=ROOM).status_code == 429
    assert Match.objects.count() == 2
    cache.clear()
