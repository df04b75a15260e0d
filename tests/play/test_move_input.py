"""What a client may send as a move: only a legal move, stored in the engine's own form (issue 9,
items 3 and 5)."""

import json

import pytest
from django.test import override_settings

from play.engines.base import IllegalMove, chance_for
from play.games.registry import games, get_engine
from play.models import Match, MoveRecord

API = "/api/v1/matches/"


def post(client, url, data, token=None, raw=None):
    headers = {"HTTP_X_SEAT_TOKEN": token} if token else {}
    body = raw if raw is not None else json.dumps(data)
    return client.post(url, body, content_type="application/json", **headers)


@pytest.fixture
def created(client, buffalo_game):
    seats = [{"kind": "local"}, {"kind": "local"}]
    response = post(client, API, {"game": buffalo_game.slug, "seats": seats})
    assert response.status_code == 201
    return response.json()


def move_url(created):
    return API + created["code"] + "/moves/"


def test_canonical_move_is_the_equal_legal_move():
    engine = get_engine("buffalo")
    state = engine.new_game(seats=2, options={}, rng=None)
    seat = engine.to_act(state)[0]
    legal = engine.legal_moves(state, seat)[0]
    assert engine.canonical_move(state, seat, dict(legal)) == legal
    with pytest.raises(IllegalMove) as error:
        engine.canonical_move(state, seat, {**legal, "extra": 1})
    assert error.value.rule == "illegal_move"


@pytest.mark.parametrize("slug", sorted(games()))
def test_every_engine_keeps_legal_moves_as_they_are_and_refuses_extra_keys(slug):
    engine = get_engine(slug)
    state = engine.new_game(seats=engine.info.min_seats, options={}, rng=chance_for("canonical", 0))
    seat = engine.to_act(state)[0]
    for legal in engine.legal_moves(state, seat):
        assert engine.canonical_move(state, seat, dict(legal)) == legal
    with pytest.raises(IllegalMove):
        engine.canonical_move(state, seat, {**legal, "x-extra": [1] * 5})


def test_move_with_extra_keys_is_refused_and_nothing_is_stored(client, created):
    move = {**created["legal_moves"][0], **{f"k{i}": "x" * 10 for i in range(1000)}}
    response = post(
        client, move_url(created), {"seat": 0, "move": move, "expected_version": 0},
        created["token"],
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["code"] == "illegal_move"
    assert response.json()["rule"] == "malformed_move"
    assert Match.objects.get().version == 0 and not MoveRecord.objects.exists()


def test_stored_move_is_the_engine_form_not_the_client_text(client, created):
    legal = created["legal_moves"][0]
    sent = {key: value for key, value in reversed(list(legal.items()))}
    response = post(
        client, move_url(created), {"seat": 0, "move": sent, "expected_version": 0},
        created["token"],
    )  # fmt: skip
    assert response.status_code == 200
    assert MoveRecord.objects.get().move == legal


@override_settings(REQUEST_BODY_MAX_BYTES=10_000)
def test_body_over_the_limit_is_413_before_parsing(client, created):
    move = {**created["legal_moves"][0], "pad": "x" * 20_000}
    response = post(
        client, move_url(created), {"seat": 0, "move": move, "expected_version": 0},
        created["token"],
    )  # fmt: skip
    assert response.status_code == 413 and response.json()["code"] == "request_too_large"
    assert not MoveRecord.objects.exists()


def test_default_body_limit_refuses_a_four_megabyte_move(client, created):
    body = json.dumps({"seat": 0, "move": {"pad": "x" * 4_000_000}, "expected_version": 0})
    response = post(client, move_url(created), None, created["token"], raw=body)
    assert response.status_code == 413
    assert not MoveRecord.objects.exists()


def test_deeply_nested_move_is_a_400_not_a_server_error(client, created):
    deep = "[" * 100_000 + "]" * 100_000
    body = '{"seat": 0, "expected_version": 0, "move": ' + deep + "}"
    response = post(client, move_url(created), None, created["token"], raw=body)
    assert response.status_code == 400 and "detail" in response.json()
    moderately = "[" * 40 + "]" * 40
    body = '{"seat": 0, "expected_version": 0, "move": ' + moderately + "}"
    response = post(client, move_url(created), None, created["token"], raw=body)
    assert response.status_code == 400  # past API_JSON_MAX_DEPTH, though Python parses it


@pytest.mark.parametrize("text", ["\\u0000", "\\ud800", "a\\udfffb"])
def test_nul_or_lone_surrogate_in_a_move_is_a_400(client, created, text):
    body = '{"seat": 0, "expected_version": 0, "move": {"to": "' + text + '"}}'
    response = post(client, move_url(created), None, created["token"], raw=body)
    assert response.status_code == 400
    response.content.decode("utf-8")  # the answer itself is valid UTF-8
    assert not MoveRecord.objects.exists()


@pytest.mark.parametrize("where", ["kind", "option"])
def test_lone_surrogate_in_match_creation_is_a_400(client, buffalo_game, where):
    seats = [{"kind": "local"}, {"kind": "local"}]
    data = {"game": buffalo_game.slug, "seats": seats}
    if where == "kind":
        body = json.dumps(data).replace('"local"}]', '"\\ud800"}]')
    else:
        body = json.dumps({**data, "options": {"X": 1}}).replace('"X"', '"\\ud83d"')
    response = post(client, API, None, raw=body)
    assert response.status_code == 400
    response.content.decode("utf-8")
    assert not Match.objects.exists()


@pytest.mark.parametrize("seat", ["%C2%B2", "%D9%A3", "99999999999999999999"])
def test_unicode_digit_or_huge_seat_parameter_is_a_400_naming_it(client, created, seat):
    """Not a seat the server can read: 400 ``invalid_number`` naming ``seat`` (issue: hostile
    numbers), never a server error, nor another seat's view."""
    url = API + created["code"] + f"/?seat={seat}"
    response = client.get(url, HTTP_X_SEAT_TOKEN=created["token"])
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_number" and response.json()["field"] == "seat"
    response = client.get(API + created["code"] + f"/legal-moves/?seat={seat}")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_number" and response.json()["field"] == "seat"


@pytest.mark.parametrize(
    "url", [API + "%00/", API + "a%00b/moves/", "/parties/%00/", "/api/v1/games/%00/"]
)
def test_nul_in_a_code_or_slug_is_a_404(client, db, url):
    response = client.get(url)
    assert response.status_code == 404
