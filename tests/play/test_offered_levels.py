"""Levels offered per table size: a level not measured stronger than the one below it at a seat
count is not offered there, by the setup page (its menus and its checks) nor by the API."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from play.games.registry import get_game
from play.models import Match
from tests.factories import make_game

API = "/api/v1/matches/"
TWO_LEVELS = ("beginner", "intermediate")


@pytest.fixture
def tayu(db, monkeypatch):
    """Ta Yü for 2 to 4 players, its « fort » offered at 3 players only (for these tests)."""
    package = get_game("tayu")
    monkeypatch.setattr(type(package), "offered_levels", {2: TWO_LEVELS, 4: TWO_LEVELS})
    return make_game("Ta Yü", engine="tayu", min_players=2, max_players=4)


def create(client, game, levels):
    seats = [{"kind": "local"}] + [{"kind": "bot", "level": level} for level in levels]
    return client.post(
        API, json.dumps({"game": game.slug, "seats": seats}), content_type="application/json"
    )


def test_levels_for_falls_back_to_every_level_and_the_default_to_one_offered(tayu):
    package = get_game("tayu")
    assert package.levels_for(3) == package.bot_levels
    assert package.levels_for(2) == TWO_LEVELS
    assert package.default_level_for(2) == "intermediate"
    type(package).offered_levels = {2: ("beginner", "strong")}  # restored by monkeypatch
    assert package.default_level_for(2) == "beginner"  # the strongest offered below the default
    type(package).offered_levels = {2: ("strong",)}
    assert package.default_level_for(2) == "strong"


def test_the_api_refuses_a_level_not_offered_at_that_seat_count_and_accepts_it_at_another(
    client, tayu
):
    response = create(client, tayu, ["strong"])
    assert response.status_code == 400
    error = response.json()
    assert error["code"] == "level_not_offered"
    assert "« fort » n’est pas proposé à 2 joueurs" in error["message"]
    assert "niveaux proposés : débutant, intermédiaire" in error["message"]
    assert error["message"].startswith("Place 2 :")
    assert error["offered"] == list(TWO_LEVELS)  # for a client to choose again
    assert create(client, tayu, ["intermediate"]).status_code == 201
    assert create(client, tayu, ["strong", "beginner"]).status_code == 201
    response = create(client, tayu, ["beginner", "strong", "beginner"])
    assert response.status_code == 400 and response.json()["code"] == "level_not_offered"
    # an unknown level is still refused as unknown
    assert create(client, tayu, ["god"]).json()["code"] == "bot_level"


def test_the_api_message_is_translated(client, tayu):
    seats = [{"kind": "local"}, {"kind": "bot", "level": "strong"}]
    response = client.post(
        API,
        json.dumps({"game": tayu.slug, "seats": seats}),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.json()["code"] == "level_not_offered"
    assert "is not offered" in response.json()["message"]


def test_the_setup_form_refuses_a_level_not_offered_at_the_chosen_count(client, tayu):
    url = reverse("play:setup", args=[tayu.slug])
    seats = {"seat_0": "local", "seat_1": "bot:strong", "seat_2": "bot:beginner"}
    seats["option_supply_rule"] = "free"
    response = client.post(url, {"players": "2", **seats})
    assert response.status_code == 200 and not Match.objects.exists()
    page = response.content.decode()
    assert "Le niveau « fort » n’est pas proposé à 2 joueurs" in page
    response = client.post(url, {"players": "3", **seats})
    assert response.status_code == 302
    assert [s.bot_level for s in Match.objects.get().seats.all()] == ["", "strong", "beginner"]


def test_the_setup_page_lists_each_level_with_the_table_sizes_it_is_offered_at(client, tayu):
    page = client.get(reverse("play:setup", args=[tayu.slug])).content.decode()
    assert 'value="bot:strong" data-players="3"' in page
    assert 'value="bot:beginner" data-players="2 3 4"' in page
    assert 'value="local"' in page and 'value="local" data-players' not in page
    # the first computer seat starts at the default level offered at the fewest players
    assert 'value="bot:intermediate" selected data-players="2 3 4"' in page
    assert '<li data-players="3"><strong>Fort</strong>' in page
    assert "Proposé à 3 joueurs." in page
    assert '"2": "bot:intermediate"' in page  # the script's default at each size


def test_a_level_offered_at_no_table_size_of_the_game_is_not_listed(client, tayu, monkeypatch):
    package = get_game("tayu")
    monkeypatch.setattr(type(package), "offered_levels", {n: TWO_LEVELS for n in (2, 3, 4)})
    page = client.get(reverse("play:setup", args=[tayu.slug])).content.decode()
    assert "bot:strong" not in page and "<strong>Fort</strong>" not in page


def test_the_setup_page_says_the_table_size_in_words(client, tayu):
    page = client.get(reverse("play:setup", args=[tayu.slug])).content.decode()
    assert "De 2 à 4 joueurs." in page
    prairie = make_game("Prairie", engine="buffalo", min_players=2, max_players=2)
    page = client.get(reverse("play:setup", args=[prairie.slug])).content.decode()
    assert "Se joue à 2 joueurs." in page and "De 2 à 2" not in page
