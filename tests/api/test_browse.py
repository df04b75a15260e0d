"""Authors, publishers and categories: lists with counts, details with their games."""

from __future__ import annotations

import pytest
from django.test import override_settings

pytestmark = pytest.mark.django_db


def test_authors_list_those_with_games(api, imported):
    body = api.get("/api/v1/authors/").json()
    assert body["count"] == 3 and body["next"] is None
    assert [a["name"] for a in body["results"]] == ["Bernhard Weber", "Niek Neuwahl", "Ronald corn"]
    weber = body["results"][0]
    assert weber == {
        "name": "Bernhard Weber",
        "slug": "bernhard-weber",
        "game_count": 1,
        "url": "http://testserver/api/v1/authors/bernhard-weber/",
        "page_url": "http://testserver/auteurs/bernhard-weber/",
    }


def test_author_detail_lists_the_games_in_summary_form(api, imported):
    body = api.get("/api/v1/authors/niek-neuwahl/").json()
    assert body["name"] == "Niek Neuwahl" and body["game_count"] == 1
    (game,) = body["games"]
    assert game["slug"] == "ta-yu" and game["url"] == "http://testserver/api/v1/games/ta-yu/"
    assert "rules_text" not in game


def test_publishers(api, imported):
    body = api.get("/api/v1/publishers/").json()
    assert [p["slug"] for p in body["results"]] == ["fx", "franjos", "gigamic", "kosmos"]
    detail = api.get("/api/v1/publishers/gigamic/").json()
    assert [g["title"] for g in detail["games"]] == ["Bataclan"]
    assert detail["page_url"] == "http://testserver/editeurs/gigamic/"


def test_categories_are_looked_up_by_slug(api, imported):
    body = api.get("/api/v1/categories/").json()
    assert [(c["code"], c["game_count"]) for c in body["results"]] == [("A 404", 1), ("A 406", 3)]
    strategy = body["results"][1]
    assert strategy["slug"] == "a-406-jeu-de-strategie"
    assert (strategy["label"], strategy["family"]) == ("jeu de stratégie", "jeu de règles")
    detail = api.get(strategy["url"]).json()
    assert [g["title"] for g in detail["games"]] == ["Alcatraz", "Pow wow", "Ta Yü"]


@override_settings(CATALOGUE_PAGE_SIZE=2)
def test_lists_are_paginated_and_past_the_end_is_404(api, imported):
    body = api.get("/api/v1/authors/").json()
    assert len(body["results"]) == 2 and body["next"].endswith("/api/v1/authors/?page=2")
    assert len(api.get("/api/v1/authors/", {"page": 2}).json()["results"]) == 1
    assert api.get("/api/v1/authors/", {"page": 3}).status_code == 404


@pytest.mark.parametrize("kind", ["authors", "publishers", "categories", "games"])
def test_unknown_or_malformed_slug_is_a_json_404(api, db, kind):
    for slug in ("nulle-part", "%C2%B0%C3%AB", "a.b"):
        response = api.get(f"/api/v1/{kind}/{slug}/")
        assert response.status_code == 404
        assert response["Content-Type"] == "application/json" and response.json()["detail"]


@pytest.mark.parametrize("kind", ["authors", "publishers", "categories"])
def test_browse_endpoints_are_read_only(api, librarian, db, kind):
    assert api.post(f"/api/v1/{kind}/", {"name": "x"}, format="json").status_code == 401
    assert librarian.post(f"/api/v1/{kind}/", {"name": "x"}, format="json").status_code == 405
