"""Table options a client forges: each game's options go through its validator before anything
reads them (the series included), a refused one is a 400 ``invalid_options`` naming it, and
nothing is written (issue 42, item 2)."""

from __future__ import annotations

import json

import pytest

from play.engines.base import InvalidOptions, same_json
from play.games.registry import games, get_engine
from play.models import Match, Seat
from tests.factories import make_game

API = "/api/v1/matches/"

HOSTILE_VALUES = {
    "string": "abc",
    "nan_string": "NaN",
    "empty_string": "",
    "list": [],
    "list_of_numbers": [1, 2],
    "nested_list": [[["e1"]]],
    "dict": {},
    "nested_dict": {"a": {"b": [None]}},
    "null": None,
    "true": True,
    "false": False,
    "float": 1.5,
    "negative": -1,
    "zero": 0,
    "huge_int": 10**30,
    "huge_negative": -(10**30),
}


def declared_options() -> list[tuple[str, str]]:
    return [(slug, spec.name) for slug in sorted(games()) for spec in get_engine(slug).info.options]


def acceptable(slug: str, name: str, value) -> bool:
    """Whether the game's own validator takes ``value`` for ``name`` at a minimal table."""
    engine = get_engine(slug)
    try:
        engine.validate_options(engine.info.min_seats, {name: value})
    except InvalidOptions:
        return False
    return True


@pytest.fixture
def table(db):
    def make(slug: str):
        info = get_engine(slug).info
        return make_game(
            f"Table {slug}", engine=slug, min_players=info.min_seats, max_players=info.max_seats
        )

    return make


def create(client, game, options, raw=None):
    seats = [{"kind": "local"}] * get_engine(game.engine).info.min_seats
    body = raw or json.dumps({"game": game.slug, "seats": seats, "options": options})
    return client.post(API, body, content_type="application/json")


@pytest.mark.parametrize(("slug", "name"), declared_options())
@pytest.mark.parametrize("value", HOSTILE_VALUES.values(), ids=HOSTILE_VALUES.keys())
def test_hostile_option_value_is_a_400_naming_it(client, table, slug, name, value):
    game = table(slug)
    response = create(client, game, {name: value})
    if acceptable(slug, name, value):
        assert response.status_code == 201, response.content
        return
    assert response.status_code == 400, response.content
    answer = response.json()
    assert answer["code"] == "invalid_options" and answer["option"] == name
    assert name in answer["message"]
    assert not Match.objects.exists() and not Seat.objects.exists()


@pytest.mark.parametrize(("slug", "name"), declared_options())
@pytest.mark.parametrize("literal", ["1e309", "-1e309", "1" + "0" * 5000])
def test_infinite_or_overlong_numbers_are_a_400(client, table, slug, name, literal):
    """1e309 is read as infinity; a 5,000-digit number is over Python's int() limit."""
    game = table(slug)
    seats = [{"kind": "local"}] * get_engine(slug).info.min_seats
    raw = json.dumps({"game": game.slug, "seats": seats, "options": {name: "@"}})
    response = create(client, game, None, raw=raw.replace('"@"', literal))
    assert response.status_code == 400, response.content
    assert not Match.objects.exists()


def test_unknown_option_is_named(client, table):
    response = create(client, table("alcatraz"), {"colour": "blue"})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid_options" and response.json()["option"] == "colour"


@pytest.mark.parametrize("value", ["abc", "NaN", [], {}, None, 2, -1, 1.0, True, 10**30])
def test_buffalo_series_seat_never_reaches_int(client, table, value):
    """The issue's case: ``buffalo_seat`` reached ``int()`` in the series before any check."""
    response = create(client, table("buffalo"), {"buffalo_seat": value})
    assert response.status_code == 400
    assert response.json()["option"] == "buffalo_seat"
    assert not Match.objects.exists()


def test_stored_options_are_the_validated_ones(client, table):
    response = create(client, table("buffalo"), {"buffalo_seat": 1})
    assert response.status_code == 201
    match = Match.objects.get()
    assert match.options["buffalo_seat"] == 1 and match.options["removed_columns"] == []
    assert match.series["buffalo_seat"] == 1


@pytest.mark.parametrize("slug", sorted(games()))
def test_every_engine_fills_in_its_defaults(slug):
    engine = get_engine(slug)
    chosen = engine.validate_options(engine.info.min_seats, {})
    assert set(chosen) == {spec.name for spec in engine.info.options}
    assert engine.validate_options(engine.info.min_seats, chosen) == chosen
    for spec in engine.info.options:
        if spec.choices is not None:
            assert any(same_json(chosen[spec.name], choice) for choice in spec.choices)


SETUP_VALUES = ["abc", "", "NaN", "1e309", "-1", "9" * 40, "é\x00", "[]", "{}", "null", "true"]


@pytest.mark.parametrize("slug", sorted(games()))
def test_setup_form_with_hostile_option_values_never_fails(client, table, slug):
    game = table(slug)
    page = client.get(f"/jeux/{game.slug}/jouer/")
    assert page.status_code == 200
    form = page.context["form"]
    option_fields = [name for name in form.fields if name.startswith("option_")]
    base = {"players": str(form.low), "seat_0": "local"}
    base.update({f"seat_{i}": "local" for i in range(1, form.low)})
    for field in option_fields:
        for value in SETUP_VALUES:
            response = client.post(f"/jeux/{game.slug}/jouer/", {**base, field: value})
            assert response.status_code in (200, 302), (field, value)
            if response.status_code == 200:
                assert not Match.objects.exists(), (field, value)
            Match.objects.all().delete()
