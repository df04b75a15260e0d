"""Librarians create, replace, change and delete games; everyone else only reads."""

from __future__ import annotations

import pytest
from django.test import override_settings

from catalogue.models import Author, Category, Game, Publisher
from catalogue.selectors import SearchParams, game_search
from tests.factories import make_game

pytestmark = pytest.mark.django_db

URL = "/api/v1/games/"
STRATEGY = ("A 406", "jeu de stratégie", "jeu de règles")

NEW_GAME = {
    "title": "Le Lièvre et la Tortue",
    "authors": [{"name": "David Parlett"}, {"name": "Anne Martin", "role": "Illustrateur"}],
    "publisher": "Gigamic",
    "category": "A 406",
    "min_players": 2,
    "max_players": 6,
    "min_age": 8,
    "max_age": None,
    "duration_minutes": 45,
    "principle": "Une course où le plus lent gagne parfois.",
    "rules_text": "But du jeu:\nArriver le premier.\nFin du jeu:\nQuand tous sont arrivés.",
}


@pytest.fixture
def strategy(db):
    return make_game("Alcatraz", category=STRATEGY, min_players=2, max_players=4).category


def counts() -> tuple[int, ...]:
    return Game.objects.count(), Author.objects.count(), Publisher.objects.count()


def test_librarian_creates_a_game_through_the_service(librarian, strategy):
    response = librarian.post(URL, NEW_GAME, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["slug"] == "le-lievre-et-la-tortue"
    assert (
        response["Location"]
        == body["url"]
        == "http://testserver/api/v1/games/le-lievre-et-la-tortue/"
    )
    assert body["authors"] == [
        {"name": "David Parlett", "role": "Auteur", "slug": "david-parlett"},
        {"name": "Anne Martin", "role": "Illustrateur", "slug": "anne-martin"},
    ]
    assert body["publisher"]["name"] == "Gigamic" and body["category"]["code"] == "A 406"
    assert [s["heading"] for s in body["rules_sections"]] == ["But du jeu", "Fin du jeu"]
    game = Game.objects.get(slug="le-lievre-et-la-tortue")
    assert game.sort_title == "lievre et la tortue"  # game_save derived it
    # the search index was refreshed too: the new game is found by its rules and its author
    assert [g.slug for g in game_search(params=SearchParams(q="tortue parlett")).page] == [
        game.slug
    ]


def test_min_players_above_max_is_a_non_field_error_and_writes_nothing(librarian, strategy):
    before = counts()
    response = librarian.post(URL, {**NEW_GAME, "min_players": 5, "max_players": 2}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "non_field_errors": ["Le nombre minimum de joueurs dépasse le nombre maximum."]
    }
    assert counts() == before  # not even the new publisher or authors


def test_min_age_above_max_is_refused(librarian, strategy):
    response = librarian.post(URL, {**NEW_GAME, "min_age": 12, "max_age": 10}, format="json")
    assert response.status_code == 400 and list(response.json()) == ["non_field_errors"]


@pytest.mark.parametrize(
    "change, field",
    [
        ({"title": ""}, "title"),
        ({"title": "x" * 301}, "title"),
        ({"min_players": 0}, "min_players"),
        ({"max_age": "vieux"}, "max_age"),
        ({"category": "Z 999"}, "category"),
        ({"authors": [{"role": "Auteur"}]}, "authors"),
        ({"authors": [{"name": "A"}, {"name": "a"}]}, "authors"),
        ({"slug": "alcatraz"}, "slug"),
        ({"slug": "pas un slug"}, "slug"),
        ({"review_fields": ["couleur"]}, "review_fields"),
        ({"rules_sections": [{"heading": "x"}]}, "rules_sections"),
    ],
)
def test_invalid_fields_come_back_field_by_field(librarian, strategy, change, field):
    before = counts()
    response = librarian.post(URL, {**NEW_GAME, **change}, format="json")
    assert response.status_code == 400
    assert field in response.json()
    assert counts() == before


def test_put_replaces_the_game_and_keeps_its_slug(librarian, strategy):
    librarian.post(URL, NEW_GAME, format="json")
    response = librarian.put(
        f"{URL}le-lievre-et-la-tortue/",
        {"title": "Lièvre et Tortue", "min_players": 2},
        format="json",
    )
    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["slug"], body["title"]) == ("le-lievre-et-la-tortue", "Lièvre et Tortue")
    assert body["authors"] == [] and body["publisher"] is None and body["category"] is None
    assert body["principle"] == "" and body["rules_sections"] == [] and body["max_players"] is None


def test_patch_changes_only_what_is_sent(librarian, strategy):
    librarian.post(URL, NEW_GAME, format="json")
    url = f"{URL}le-lievre-et-la-tortue/"
    body = librarian.patch(
        url, {"duration_minutes": 30, "needs_review": True}, format="json"
    ).json()
    assert (body["duration_minutes"], body["needs_review"], body["min_players"]) == (30, True, 2)
    assert len(body["authors"]) == 2
    body = librarian.patch(url, {"rules_text": "Variante:\nÀ deux."}, format="json").json()
    assert body["rules_sections"] == [{"heading": "Variante", "body": "À deux."}]
    body = librarian.patch(
        url, {"authors": [{"name": "Solo"}], "publisher": None}, format="json"
    ).json()
    assert [a["name"] for a in body["authors"]] == ["Solo"] and body["publisher"] is None


def test_patch_that_inverts_a_range_is_refused_and_changes_nothing(librarian, strategy):
    response = librarian.patch(f"{URL}alcatraz/", {"min_players": 9}, format="json")
    assert response.status_code == 400 and "non_field_errors" in response.json()
    assert Game.objects.get(slug="alcatraz").min_players == 2


def test_librarian_deletes_a_game(librarian, strategy):
    assert librarian.delete(f"{URL}alcatraz/").status_code == 204
    assert not Game.objects.filter(slug="alcatraz").exists()
    assert Category.objects.filter(code="A 406").exists()
    assert librarian.delete(f"{URL}alcatraz/").status_code == 404


def test_writes_to_an_unknown_game_are_404(librarian, db):
    assert librarian.patch(f"{URL}nulle-part/", {"title": "x"}, format="json").status_code == 404
    assert librarian.put(f"{URL}nulle-part/", {"title": "x"}, format="json").status_code == 404


@pytest.mark.parametrize(
    "method, path",
    [
        ("post", URL),
        ("put", f"{URL}alcatraz/"),
        ("patch", f"{URL}alcatraz/"),
        ("delete", f"{URL}alcatraz/"),
    ],
)
def test_anonymous_clients_cannot_write(api, strategy, method, path):
    response = getattr(api, method)(path, NEW_GAME, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert Game.objects.get().title == "Alcatraz"


@pytest.mark.parametrize(
    "method, path",
    [
        ("post", URL),
        ("put", f"{URL}alcatraz/"),
        ("patch", f"{URL}alcatraz/"),
        ("delete", f"{URL}alcatraz/"),
    ],
)
def test_users_without_the_librarian_permissions_cannot_write(visitor, strategy, method, path):
    assert getattr(visitor, method)(path, NEW_GAME, format="json").status_code == 403
    assert visitor.get(f"{URL}alcatraz/").status_code == 200  # reading is open


def test_each_write_needs_its_own_model_permission(librarian_user, api, strategy):
    from django.contrib.auth.models import Permission

    librarian_user.groups.clear()
    librarian_user.user_permissions.add(Permission.objects.get(codename="change_game"))
    api.force_authenticate(librarian_user)
    assert api.patch(f"{URL}alcatraz/", {"duration_minutes": 20}, format="json").status_code == 200
    assert api.post(URL, NEW_GAME, format="json").status_code == 403
    assert api.delete(f"{URL}alcatraz/").status_code == 403


def test_session_authentication_needs_the_csrf_token(librarian_user, strategy):
    from rest_framework.test import APIClient

    client = APIClient(enforce_csrf_checks=True)
    client.login(username="alice", password="bibli-0-theque")
    response = client.patch(f"{URL}alcatraz/", {"duration_minutes": 20}, format="json")
    assert response.status_code == 403 and "CSRF" in response.json()["detail"]
    token = "k" * 32  # what a browser sends back: the csrftoken cookie, echoed in a header
    client.cookies["csrftoken"] = token
    response = client.patch(
        f"{URL}alcatraz/", {"duration_minutes": 20}, format="json", HTTP_X_CSRFTOKEN=token
    )
    assert response.status_code == 200


@override_settings(LANGUAGE_CODE="en")
def test_messages_follow_the_requested_language(librarian, strategy):
    response = librarian.post(
        URL, {**NEW_GAME, "min_players": 0}, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert "greater than or equal to 1" in response.json()["min_players"][0]
