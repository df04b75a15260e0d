"""Seat tokens a client forges from any characters: they control nothing, never a server error
(issue 42, item 1)."""

import json

import pytest

from play import tokens
from play.models import Match, MoveRecord, Seat

API = "/api/v1/matches/"

HOSTILE_TOKENS = {
    "non_ascii": "é" * 36,
    "latin1_of_utf8": "Ã©" * 18,
    "nul": "\x00" * 36,
    "nul_inside": "a" * 17 + "\x00" + "a" * 18,
    "lone_surrogate": "\ud800" * 36,
    "very_long": "a" * 100_000,
    "long_non_ascii": "é" * 100_000,
    "emoji": "\U0001f600" * 9,
}


@pytest.fixture
def created(client, buffalo_game):
    body = {"game": buffalo_game.slug, "seats": [{"kind": "local"}, {"kind": "invite"}]}
    response = client.post(API, json.dumps(body), content_type="application/json")
    assert response.status_code == 201
    return response.json()


def call(client, method, url, token, data=None):
    if method == "get":
        return client.get(url, HTTP_X_SEAT_TOKEN=token)
    return client.post(
        url, json.dumps(data or {}), content_type="application/json", HTTP_X_SEAT_TOKEN=token
    )


def unchanged(created) -> bool:
    match = Match.objects.get(code=created["code"])
    return match.version == created["version"] and not MoveRecord.objects.exists()


@pytest.mark.parametrize("token", HOSTILE_TOKENS.values(), ids=HOSTILE_TOKENS.keys())
def test_hostile_token_reads_the_public_view(client, created, token):
    for path in ("", "legal-moves/", "log/"):
        response = call(client, "get", API + created["code"] + "/" + path, token)
        assert response.status_code == 200, path
    data = call(client, "get", API + created["code"] + "/", token).json()
    assert data["controlled"] == [] and data["viewer"] is None and "invites" not in data
    legal = call(client, "get", API + created["code"] + "/legal-moves/", token).json()
    assert legal["legal_moves"] == []


@pytest.mark.parametrize("token", HOSTILE_TOKENS.values(), ids=HOSTILE_TOKENS.keys())
def test_hostile_token_cannot_move_undo_or_join(client, created, token):
    base = API + created["code"] + "/"
    legal = created["legal_moves"][0]
    requests = {
        "moves/": {"seat": 0, "move": legal, "expected_version": created["version"]},
        "undo/": {"seat": 0, "expected_version": created["version"]},
        "join/": {"seat": 1, "name": "Intrus"},
    }
    for path, data in requests.items():
        response = call(client, "post", base + path, token, data)
        assert response.status_code == 403, path
        assert response.json()["code"] == "seat_token_invalid", path
    assert unchanged(created)
    assert Seat.objects.get(match__code=created["code"], index=1).name == ""


@pytest.mark.parametrize("token", HOSTILE_TOKENS.values(), ids=HOSTILE_TOKENS.keys())
def test_hostile_token_gets_the_same_answer_as_a_wrong_one(client, created, token):
    url = API + created["code"] + "/moves/"
    data = {"seat": 0, "move": created["legal_moves"][0], "expected_version": 0}
    forged = call(client, "post", url, token, data)
    wrong = call(client, "post", url, "0" * 36, data)
    assert (forged.status_code, forged.json()) == (wrong.status_code, wrong.json())


@pytest.mark.parametrize(
    "token",
    [*HOSTILE_TOKENS.values(), None, "", 36, b"a" * 36],
    ids=[*HOSTILE_TOKENS, "none", "empty", "int", "bytes"],
)
def test_token_functions_refuse_what_cannot_be_a_token(created, token):
    match = Match.objects.get(code=created["code"])
    assert tokens.seats_for_token(match, token, match.seats.all()) == set()
    assert not tokens.is_host(match, token)


def test_the_real_token_still_controls_its_seats(created):
    match = Match.objects.get(code=created["code"])
    assert tokens.seats_for_token(match, created["token"], match.seats.all()) == {0}
    assert tokens.is_host(match, created["token"])
