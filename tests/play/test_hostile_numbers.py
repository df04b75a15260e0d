"""Numbers a client sends that the server cannot take: every one is a 400 naming its field, never
a server error, and nothing is written (audit: a 400-digit ``press_ms`` was a 500).

A JSON number is taken if it is a finite float other than -0.0, or an integer within ±(2**53 - 1);
seats and versions are integers in their columns' range, sent as JSON integers (not booleans,
floats or text). Refused: 400 ``{"code": "invalid_number", "field": …, "message": …}`` (table
options: ``invalid_options`` naming the option).
"""

from __future__ import annotations

import json

import pytest

from play.errors import InvalidNumber, is_representable, unrepresentable_path
from play.games.registry import games, get_engine
from play.models import GestureChallenge, Match, MoveRecord, Seat
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move
from play.tokens import token_for
from tests.factories import make_game

from .games.bataclan.helpers import first_placement

API = "/api/v1/matches/"

# JSON literals, as a client writes them (Python's json reads 1e400 as infinity).
UNREPRESENTABLE = {
    "400_digits": "1" + "0" * 399,
    "huge_negative": "-1" + "0" * 399,
    "past_2_53": str(2**53),
    "1e400": "1e400",
    "minus_1e400": "-1e400",
    "nan": "NaN",
    "infinity": "Infinity",
    "minus_infinity": "-Infinity",
    "minus_zero": "-0.0",
}
# Not numbers where an integer (a seat, a version) is expected.
NOT_INTEGERS = {
    "true": "true",
    "false": "false",
    "float": "1.5",
    "whole_float": "0.0",
    "digits_in_a_string": '"0"',
    "1e400_in_a_string": '"1e400"',
    "nan_in_a_string": '"NaN"',
    "arabic_digit_in_a_string": '"\\u0663"',
    "negative": "-1",
    "past_the_column": str(2**31),
}
INTEGER_LITERALS = {**UNREPRESENTABLE, **NOT_INTEGERS}


def raw_post(client, url, template: dict, literal: str, token=None):
    """POST ``template`` as JSON, its ``"@"`` value replaced by the raw ``literal``."""
    body = json.dumps(template).replace('"@"', literal)
    assert literal in body
    headers = {"HTTP_X_SEAT_TOKEN": token} if token else {}
    return client.post(url, body, content_type="application/json", **headers)


def assert_invalid_number(response, field: str) -> None:
    assert response.status_code == 400, response.content[:300]
    answer = response.json()
    assert answer["code"] == "invalid_number", answer
    assert answer["field"] == field
    assert field in answer["message"] and "nombre refusé" in answer["message"]


def snapshot(match: Match) -> tuple:
    match.refresh_from_db()
    return (
        match.version,
        match.plies,
        json.dumps(match.state, sort_keys=True),
        MoveRecord.objects.filter(match=match).count(),
        GestureChallenge.objects.filter(match=match).count(),
        list(Seat.objects.filter(match=match).values_list("name", "joined")),
        Match.objects.count(),
    )


@pytest.fixture
def buffalo(client, buffalo_game):
    """A Buffalo table with an invite seat, created through the API (the host's token)."""
    seats = [{"kind": "local"}, {"kind": "invite"}]
    response = client.post(
        API, json.dumps({"game": buffalo_game.slug, "seats": seats}),
        content_type="application/json",
    )  # fmt: skip
    assert response.status_code == 201
    created = response.json()
    return Match.objects.get(code=created["code"]), created


@pytest.fixture
def bataclan_placement(db, match_seed):
    """A Bataclan match at a placement (a timed gesture), two seats on this screen."""
    match_seed("numbers/1")
    game = make_game("Bataclan", engine="bataclan", min_players=2, max_players=6)
    match, token = match_start(game=game, seats=[SeatSpec("local"), SeatSpec("local")])
    seat, place = first_placement(match, token)
    match.refresh_from_db()
    return match, token, seat, place


# -- the rule itself ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "taken"),
    [
        (0, True),
        (-(2**53) + 1, True),
        (2**53 - 1, True),
        (2**53, False),
        (-(10**400), False),
        (10**400, False),
        (0.0, True),
        (-0.0, False),
        (1e308, True),
        (float("inf"), False),
        (float("-inf"), False),
        (float("nan"), False),
        ("1e400", True),  # text: not a number (the field's own checks decide)
        (True, True),
    ],
)
def test_which_numbers_the_server_takes(value, taken):
    assert is_representable(value) is taken


def test_the_path_names_the_first_refused_number():
    body = {"seat": 0, "move": {"type": "x", "cards": [1, 2, float("inf")], "n": 10**400}}
    assert unrepresentable_path(body, "") == "move.cards.2"
    assert unrepresentable_path({"a": [[-0.0]]}, "options") == "options.a.0.0"
    assert unrepresentable_path({"a": [1, "NaN", None, True]}, "") is None


# -- the case --------------------------------------------------------------------------


@pytest.mark.parametrize("name", UNREPRESENTABLE)
def test_a_press_ms_the_server_cannot_take_is_a_400_without_any_challenge(
    client, bataclan_placement, name
):
    """400 digits made math.isfinite overflow (a 500) before any challenge was looked up."""
    match, token, seat, place = bataclan_placement
    before = snapshot(match)
    move = {**place, "challenge": "forged", "press_ms": "@"}
    response = raw_post(
        client,
        f"{API}{match.code}/moves/",
        {"seat": seat, "move": move, "expected_version": match.version},
        UNREPRESENTABLE[name],
        token,
    )
    assert_invalid_number(response, "move.press_ms")
    assert snapshot(match) == before


@pytest.mark.parametrize(
    "press", [10**400, -(10**400), float("inf"), float("nan"), -0.0, True, False, "600", [600]]
)
def test_the_service_refuses_such_a_press_ms_too(bataclan_placement, press):
    match, token, seat, place = bataclan_placement
    before = snapshot(match)
    with pytest.raises(InvalidNumber) as error:
        match_play_move(
            match=match, token=token, seat=seat, expected_version=match.version,
            move={**place, "challenge": "forged", "press_ms": press},
        )  # fmt: skip
    assert error.value.details["field"] == "move.press_ms"
    assert snapshot(match) == before


# -- integers of the bodies: seat, expected_version --------------------------------------------


@pytest.mark.parametrize("name", INTEGER_LITERALS)
@pytest.mark.parametrize("field", ["seat", "expected_version"])
def test_move_body_integers(client, buffalo, name, field):
    match, created = buffalo
    before = snapshot(match)
    body = {"seat": 0, "move": created["legal_moves"][0], "expected_version": 0, field: "@"}
    response = raw_post(
        client, f"{API}{match.code}/moves/", body, INTEGER_LITERALS[name], created["token"]
    )
    assert_invalid_number(response, field)
    assert snapshot(match) == before


@pytest.mark.parametrize("name", INTEGER_LITERALS)
@pytest.mark.parametrize("field", ["seat", "expected_version"])
def test_undo_body_integers(client, buffalo, name, field):
    match, created = buffalo
    move = {"seat": 0, "move": created["legal_moves"][0], "expected_version": 0}
    played = client.post(
        f"{API}{match.code}/moves/", json.dumps(move), content_type="application/json",
        HTTP_X_SEAT_TOKEN=created["token"],
    )  # fmt: skip
    assert played.status_code == 200
    before = snapshot(match)
    body = {"seat": 0, "expected_version": match.version, field: "@"}
    response = raw_post(
        client, f"{API}{match.code}/undo/", body, INTEGER_LITERALS[name], created["token"]
    )
    assert_invalid_number(response, field)
    assert snapshot(match) == before


@pytest.mark.parametrize("name", INTEGER_LITERALS)
def test_join_body_seat(client, buffalo, name):
    match, _created = buffalo
    before = snapshot(match)
    response = raw_post(
        client, f"{API}{match.code}/join/", {"seat": "@", "name": "Zoé"},
        INTEGER_LITERALS[name], token_for(match, "seat1"),
    )  # fmt: skip
    assert_invalid_number(response, "seat")
    assert snapshot(match) == before


@pytest.mark.parametrize("name", INTEGER_LITERALS)
@pytest.mark.parametrize("field", ["seat", "expected_version"])
def test_challenge_body_integers(client, bataclan_placement, name, field):
    match, token, seat, _place = bataclan_placement
    before = snapshot(match)
    body = {"seat": seat, "expected_version": match.version, field: "@"}
    response = raw_post(
        client, f"{API}{match.code}/challenge/", body, INTEGER_LITERALS[name], token
    )
    assert_invalid_number(response, field)
    assert snapshot(match) == before


def test_honest_integers_still_play(client, buffalo):
    """The rule refuses only what it must: JSON integers, and digits in a form, still play."""
    match, created = buffalo
    body = {"seat": 0, "move": created["legal_moves"][0], "expected_version": 0}
    response = client.post(
        f"{API}{match.code}/moves/", json.dumps(body), content_type="application/json",
        HTTP_X_SEAT_TOKEN=created["token"],
    )  # fmt: skip
    assert response.status_code == 200 and response.json()["version"] == 1


@pytest.mark.parametrize("value", ["1e400", "NaN", "-0", "1.5", "9" * 400, "٣", "true"])
def test_form_encoded_numbers(client, buffalo, value):
    """A form carries text: digits are a seat, any other number-like text is refused."""
    match, created = buffalo
    before = snapshot(match)
    response = client.post(
        f"{API}{match.code}/join/", {"seat": value, "name": "Zoé"},
        HTTP_X_SEAT_TOKEN=token_for(match, "seat1"),
    )  # fmt: skip
    assert response.status_code == 400, response.content
    if value != "true":  # not a number at all: the serializer's field error
        assert_invalid_number(response, "seat")
    assert snapshot(match) == before
    response = client.post(
        f"{API}{match.code}/join/", {"seat": "1", "name": "Zoé"},
        HTTP_X_SEAT_TOKEN=token_for(match, "seat1"),
    )  # fmt: skip
    assert response.status_code == 200


def test_a_form_encoded_move_holding_1e400_is_refused(client, buffalo):
    match, created = buffalo
    before = snapshot(match)
    response = client.post(
        f"{API}{match.code}/moves/",
        {"seat": "0", "expected_version": "0", "move": '{"from": 1e400}'},
        HTTP_X_SEAT_TOKEN=created["token"],
    )
    assert_invalid_number(response, "move.from")
    assert snapshot(match) == before


# -- every game's move payloads (coordinates, die indexes, cards…) -----------------------------


@pytest.mark.parametrize("slug", sorted(games()))
def test_every_field_of_every_games_moves(client, db, slug):
    engine = get_engine(slug)
    seats = engine.info.min_seats
    game = make_game(
        f"Jeu {slug}", engine=slug, min_players=seats, max_players=engine.info.max_seats
    )
    body = {"game": game.slug, "seats": [{"kind": "local"}] * seats}
    created = client.post(API, json.dumps(body), content_type="application/json").json()
    match = Match.objects.get(code=created["code"])
    before = snapshot(match)
    shapes = {}
    for move in created["legal_moves"]:
        shapes.setdefault((move.get("type"), tuple(sorted(move))), move)
    for move in shapes.values():
        for key in move:
            for name, literal in UNREPRESENTABLE.items():
                sent = {"seat": created["viewer"], "move": {**move, key: "@"}}
                response = raw_post(
                    client, f"{API}{match.code}/moves/", {**sent, "expected_version": 0},
                    literal, created["token"],
                )  # fmt: skip
                assert response.status_code == 400, (slug, key, name)
                assert response.json()["field"] == f"move.{key}", (slug, key, name)
                assert response.json()["code"] == "invalid_number", (slug, key, name)
            nested = {"seat": created["viewer"], "expected_version": 0}
            nested["move"] = {**move, key: [1, {"deep": "@"}]}
            response = raw_post(
                client, f"{API}{match.code}/moves/", nested, "1e400", created["token"]
            )
            assert_invalid_number(response, f"move.{key}.1.deep")
    assert snapshot(match) == before


# -- match creation: options, seats ------------------------------------------------------------


@pytest.mark.parametrize("name", UNREPRESENTABLE)
@pytest.mark.parametrize(
    ("slug", "option"),
    [(slug, spec.name) for slug in sorted(games()) for spec in get_engine(slug).info.options],
)
def test_options_the_server_cannot_take(client, db, slug, option, name):
    engine = get_engine(slug)
    game = make_game(f"Jeu {slug}", engine=slug, min_players=2, max_players=engine.info.max_seats)
    seats = [{"kind": "local"}] * engine.info.min_seats
    for value in ("@", ["@"], {"nested": "@"}):
        template = {"game": game.slug, "seats": seats, "options": {option: value}}
        response = raw_post(client, API, template, UNREPRESENTABLE[name])
        assert response.status_code == 400, (option, value)
        answer = response.json()
        assert answer["code"] == "invalid_options" and answer["option"] == option
        assert answer.get("field", f"options.{option}") == f"options.{option}"
        assert not Match.objects.exists() and not Seat.objects.exists()


@pytest.mark.parametrize("where", ["kind", "level", "name"])
@pytest.mark.parametrize("name", UNREPRESENTABLE)
def test_seat_specs_the_server_cannot_take(client, buffalo_game, where, name):
    seats = [{"kind": "local"}, {"kind": "bot", "level": "beginner", where: "@"}]
    response = raw_post(
        client, API, {"game": buffalo_game.slug, "seats": seats}, UNREPRESENTABLE[name]
    )
    assert_invalid_number(response, f"seats.1.{where}")
    assert not Match.objects.exists()


@pytest.mark.parametrize("name", UNREPRESENTABLE)
def test_next_round_choice(client, db, name):
    """A series round's « choice »: refused before it reaches the series."""
    game = make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2)
    match, token = match_start(game=game, seats=[SeatSpec("local"), SeatSpec("local")])
    Match.objects.filter(pk=match.pk).update(status=Match.Status.FINISHED)
    response = raw_post(
        client, f"{API}{match.code}/next-round/", {"choice": "@"}, UNREPRESENTABLE[name], token
    )
    assert_invalid_number(response, "choice")
    assert Match.objects.count() == 1


@pytest.mark.parametrize("name", UNREPRESENTABLE)
def test_a_rematch_body_is_not_read(client, buffalo, name):
    match, created = buffalo
    response = raw_post(
        client, f"{API}{match.code}/rematch/", {"seat": "@"}, UNREPRESENTABLE[name],
        created["token"],
    )  # fmt: skip
    assert response.status_code == 400 and response.json()["code"] == "match_not_over"
    assert Match.objects.count() == 1


# -- query parameters --------------------------------------------------------------------------

QUERY_SEATS = ["1" + "0" * 399, "-1" + "0" * 399, "1e400", "NaN", "inf", "-0", "true", "1.5",
               "%D9%A3", "32768", "-1"]  # fmt: skip


@pytest.mark.parametrize("seat", QUERY_SEATS)
def test_seat_query_parameter(client, buffalo, seat):
    match, created = buffalo
    for path in ("", "legal-moves/"):
        response = client.get(
            f"{API}{match.code}/{path}?seat={seat}", HTTP_X_SEAT_TOKEN=created["token"]
        )
        assert_invalid_number(response, "seat")
    # The log and the replay take no seat: the parameter is ignored, never a server error.
    log = client.get(f"{API}{match.code}/log/?seat={seat}", HTTP_X_SEAT_TOKEN=created["token"])
    assert log.status_code == 200 and log.json()["version"] == 0
    replay = client.get(f"{API}{match.code}/replay/?seat={seat}")
    assert replay.status_code == 400 and replay.json()["code"] == "match_not_over"


def test_a_readable_seat_parameter_still_chooses_the_view(client, buffalo):
    match, created = buffalo
    response = client.get(f"{API}{match.code}/?seat=0", HTTP_X_SEAT_TOKEN=created["token"])
    assert response.status_code == 200 and response.json()["viewer"] == 0
    response = client.get(f"{API}{match.code}/?seat=", HTTP_X_SEAT_TOKEN=created["token"])
    assert response.status_code == 200
