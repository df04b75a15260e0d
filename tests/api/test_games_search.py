"""GET /api/v1/games/: the search page's parameters and results, as JSON."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit

import pytest
from django.test import override_settings

from catalogue.models import Game
from tests.factories import make_game

pytestmark = pytest.mark.django_db

URL = "/api/v1/games/"


def slugs(response) -> list[str]:
    assert response.status_code == 200, response.content
    return [game["slug"] for game in response.json()["results"]]


def page_slugs(client, query: dict) -> list[str]:
    response = client.get("/", query)
    assert response.status_code == 200
    return [game.slug for game in response.context["result"].page]


@pytest.mark.parametrize(
    "query",
    [
        {},
        {"q": "strategie"},
        {"q": "prisonnier", "players": 3},
        {"q": "jeu", "age": 8, "ordering": "-title"},
        {"q": "dés", "max_duration": 30},
        {"category": "A 406", "ordering": "duration"},
        {"publisher": "gigamic"},
        {"author": "niek-neuwahl", "q": "canaux"},
        {"q": "plateau pions", "players": 2, "ordering": "relevance"},
        {"q": "zzzz-introuvable"},
    ],
)
def test_page_and_api_return_the_same_games(client, api, imported, query):
    assert slugs(api.get(URL, query)) == page_slugs(client, query)


@override_settings(CATALOGUE_PAGE_SIZE=2)
def test_page_and_api_paginate_alike(client, api, imported):
    for page in (1, 2, 3):
        query = {"ordering": "title", "page": page}
        assert slugs(api.get(URL, query)) == page_slugs(client, query)


def test_result_carries_the_summary_fields(api, imported):
    game = next(g for g in api.get(URL, {"q": "ta yu"}).json()["results"] if g["slug"] == "ta-yu")
    assert game["title"] == "Ta Yü"
    assert game["authors"] == [{"name": "Niek Neuwahl", "role": "Auteur", "slug": "niek-neuwahl"}]
    assert game["publisher"] == {"name": "Kosmos", "slug": "kosmos"}
    assert game["category"] == {
        "code": "A 406", "label": "jeu de stratégie", "family": "jeu de règles",
        "slug": "a-406-jeu-de-strategie",
    }  # fmt: skip
    assert (game["min_players"], game["max_players"]) == (2, 4)
    assert (game["min_age"], game["max_age"], game["duration_minutes"]) == (10, None, 45)
    assert game["url"] == "http://testserver/api/v1/games/ta-yu/"
    assert game["page_url"] == "http://testserver/jeux/ta-yu/"


def test_game_without_publisher_or_category_has_nulls(api, imported):
    (game,) = api.get(URL, {"q": "prairie"}).json()["results"]
    assert game["publisher"] is None and game["category"] is None and game["authors"] == []


def test_answer_has_count_links_and_the_selectors_facets(api, imported):
    body = api.get(URL, {"players": 3}).json()
    assert set(body) == {"count", "next", "previous", "results", "facets", "facets_truncated"}
    assert body["count"] == 4 and body["next"] is None and body["previous"] is None
    assert set(body["facets"]) == {
        "players",
        "age",
        "max_duration",
        "category",
        "publisher",
        "author",
        "playable",
        "available",
    }
    assert body["facets_truncated"] == []
    players = {f["value"]: f for f in body["facets"]["players"]}
    assert players[3] == {"value": 3, "count": 4, "selected": True}
    categories = {f["value"]: f for f in body["facets"]["category"]}
    assert categories["A 406"]["label"] == "A 406 jeu de stratégie"
    assert categories["A 406"]["selected"] is False


@override_settings(CATALOGUE_PAGE_SIZE=2)
def test_next_and_previous_are_absolute_and_keep_the_query(api, imported):
    body = api.get(URL, {"q": "jeu", "ordering": "title", "page": 2}).json()
    previous, following = urlsplit(body["previous"]), urlsplit(body["next"])
    assert previous[:3] == following[:3] == ("http", "testserver", "/api/v1/games/")
    assert parse_qs(previous.query) == {"q": ["jeu"], "ordering": ["title"]}
    assert parse_qs(following.query) == {"q": ["jeu"], "ordering": ["title"], "page": ["3"]}


@override_settings(CATALOGUE_PAGE_SIZE=2)
def test_page_past_the_end_is_404(api, imported):
    assert api.get(URL, {"page": 3}).status_code == 200
    response = api.get(URL, {"page": 4})
    assert response.status_code == 404 and "detail" in response.json()
    assert api.get(URL, {"q": "zzzz-introuvable", "page": 2}).status_code == 404


@pytest.mark.parametrize(
    "query, field",
    [
        ({"players": "0"}, "players"),
        ({"players": "deux"}, "players"),
        ({"age": "-1"}, "age"),
        ({"age": "121"}, "age"),
        ({"max_duration": "0"}, "max_duration"),
        ({"ordering": "prix"}, "ordering"),
        ({"page": "0"}, "page"),
        ({"page": "x"}, "page"),
        ({"publisher": "pas un slug!"}, "publisher"),
        ({"author": "é/è"}, "author"),
        ({"q": "x" * 201}, "q"),
        ({"category": "A" * 21}, "category"),
    ],
)
def test_invalid_parameter_is_400_field_by_field(api, db, query, field):
    response = api.get(URL, query)
    assert response.status_code == 400
    body = response.json()
    assert list(body) == [field]
    assert isinstance(body[field], list) and all(isinstance(m, str) for m in body[field])


def test_every_invalid_parameter_is_reported_at_once(api, db):
    assert set(api.get(URL, {"players": "0", "age": "x"}).json()) == {"players", "age"}


def test_each_filter_applies(api, imported):
    assert slugs(api.get(URL, {"players": 5, "ordering": "title"})) == ["bataclan", "pow-wow"]
    assert slugs(api.get(URL, {"age": 8, "ordering": "title"})) == ["bataclan"]
    assert slugs(api.get(URL, {"max_duration": 30, "ordering": "title"})) == [
        "alcatraz",
        "bataclan",
    ]
    assert slugs(api.get(URL, {"category": "A 404"})) == ["bataclan"]
    assert slugs(api.get(URL, {"publisher": "kosmos"})) == ["ta-yu"]
    assert slugs(api.get(URL, {"author": "bernhard-weber"})) == ["alcatraz"]
    assert slugs(api.get(URL, {"q": "stratégie", "ordering": "-title"})) == [
        "ta-yu", "pow-wow", "alcatraz",
    ]  # fmt: skip


def test_orderings(api, db):
    make_game("Court", duration_minutes=10, min_age=8, min_players=3, max_players=4)
    make_game("Long", duration_minutes=90, min_age=4, min_players=1, max_players=2)
    assert slugs(api.get(URL, {"ordering": "duration"})) == ["court", "long"]
    assert slugs(api.get(URL, {"ordering": "-duration"})) == ["long", "court"]
    assert slugs(api.get(URL, {"ordering": "age"})) == ["long", "court"]
    assert slugs(api.get(URL, {"ordering": "players"})) == ["long", "court"]
    assert slugs(api.get(URL, {"ordering": "-title"})) == ["long", "court"]
    assert Game.objects.count() == 2


def test_listed_games_are_what_the_summary_serializer_gives(api):
    """The list is written without DRF's serializer, but field for field as it would."""
    from rest_framework.request import Request
    from rest_framework.test import APIRequestFactory

    from catalogue.api.serializers import GameSummarySerializer

    make_game(
        "Ta Yü",
        authors=("Niek Neuwahl", "Anne Autre"),
        publisher="Gigamic",
        category=("A 406", "jeu de stratégie", "jeu de règles"),
        min_players=2,
        max_players=4,
        min_age=8,
        duration_minutes=30,
    )
    make_game("Sans rien", rules_text="Un jeu sans éditeur ni auteur.")
    response = api.get(URL, {"ordering": "title"})
    assert response.status_code == 200
    games = [Game.objects.get(slug=slug) for slug in slugs(response)]
    request = Request(APIRequestFactory().get(URL))
    expected = GameSummarySerializer(games, many=True, context={"request": request}).data
    assert response.json()["results"] == [dict(game) for game in expected]
    assert response.json()["results"][1]["authors"][1]["name"] == "Anne Autre"


HUGE = "9" * 400  # a number no field of the search can hold (nor a 64-bit integer)


@pytest.mark.parametrize("field", ["age", "players", "max_duration", "page", "facet_size"])
@pytest.mark.parametrize("value", [HUGE, "-" + HUGE, "9" * 5_000])
def test_a_number_the_server_cannot_hold_is_a_400_naming_its_field(api, db, field, value):
    """Never a 500 (nor, for a page, the 404 of a page past the end): the field's own error."""
    response = api.get(URL, {field: value})
    assert response.status_code == 400, response.content[:300]
    body = response.json()
    assert list(body) == [field] and body[field][0]


def test_the_largest_page_number_is_a_404_past_the_end_and_one_more_a_400(api, db):
    from catalogue.forms import PAGE_MAX

    assert api.get(URL, {"page": PAGE_MAX}).status_code == 404
    assert list(api.get(URL, {"page": PAGE_MAX + 1}).json()) == ["page"]
