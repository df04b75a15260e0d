"""Players, ages and durations typed in the search box become filters, in French and English."""

import pytest

from catalogue.typed_filters import typed_filters
from tests.factories import make_game

SEARCH = "/"
API = "/api/v1/games/"


@pytest.mark.parametrize(
    ("typed", "text", "filters"),
    [
        ("2 joueurs", "", {"players": 2}),
        ("jeu à 2", "jeu", {"players": 2}),
        ("jeu a 2", "jeu", {"players": 2}),
        ("pour 4", "", {"players": 4}),
        ("pour 4 joueurs", "", {"players": 4}),
        ("1 joueur", "", {"players": 1}),
        ("8 ans", "", {"age": 8}),
        ("dès 8 ans", "", {"age": 8}),
        ("à partir de 6 ans", "", {"age": 6}),
        ("moins de 30 min", "", {"max_duration": 30}),
        ("30 min", "", {"max_duration": 30}),
        ("45 minutes", "", {"max_duration": 45}),
        ("en 1 h", "", {"max_duration": 60}),
        ("2 players", "", {"players": 2}),
        ("for 4", "", {"players": 4}),
        ("8 years", "", {"age": 8}),
        ("8 years old", "", {"age": 8}),
        ("under 30 minutes", "", {"max_duration": 30}),
        (
            "stratégie pour 2 joueurs 8 ans moins de 30 min",
            "stratégie",
            {"players": 2, "age": 8, "max_duration": 30},
        ),
        ("STRATEGY for 4 under 45 mins", "STRATEGY", {"players": 4, "max_duration": 45}),
        ("jeu à 2 moins de 30 min", "jeu", {"players": 2, "max_duration": 30}),
        ("pour 4 enfants", "", {"players": 4}),
        ("à 2 et pour 8 ans", "et", {"players": 2, "age": 8}),
    ],
)
def test_typed_forms_become_filters(typed, text, filters):
    typed_query = typed_filters(typed)
    assert (typed_query.text, typed_query.filters) == (text, filters)


@pytest.mark.parametrize(
    "typed",
    [
        "7 Wonders",
        "Les 4 saisons",
        "2",
        "0 joueur",
        "200 joueurs",
        "joueurs",
        "3000 min",
        "jeu à 2 dés",
        "course pour 2 chevaux",
    ],
)
def test_a_number_without_its_word_or_out_of_bounds_stays_text(typed):
    assert typed_filters(typed).filters == {}
    assert typed_filters(typed).text == typed


@pytest.fixture
def shelf(db):
    return {
        "prairie": make_game("Prairie ou Buffalo", min_players=2, max_players=2, min_age=8),
        "powwow": make_game("Pow Wow", min_players=3, max_players=6, min_age=7),
        "long": make_game("Partie longue", min_players=2, max_players=4, duration_minutes=90),
        "short": make_game("Partie courte", min_players=2, max_players=4, duration_minutes=20),
    }


def titles(response) -> list[str]:
    return sorted(game.title for game in response.context["result"].page)


def test_two_players_typed_finds_the_two_player_game_only(client, shelf):
    response = client.get(SEARCH, {"q": "Prairie 2 joueurs"})
    assert titles(response) == ["Prairie ou Buffalo"]
    response = client.get(SEARCH, {"q": "2 joueurs"})
    assert "Pow Wow" not in titles(response)
    assert "Prairie ou Buffalo" in titles(response)
    assert response.context["params"].q == ""
    assert response.context["params"].players == 2


def test_typed_duration_filters_in_english(client, shelf):
    response = client.get(SEARCH, {"q": "partie under 30 minutes"})
    assert titles(response) == ["Partie courte"]


def test_explicit_field_wins_over_typed_filter(client, shelf):
    response = client.get(SEARCH, {"q": "pour 2", "players": "5"})
    assert response.context["params"].players == 5
    assert titles(response) == ["Pow Wow"]


def test_typed_filters_show_as_removable_chips(client, shelf):
    response = client.get(SEARCH, {"q": "partie 2 joueurs moins de 30 min"})
    active = response.context["active"]
    assert [(chip["label"], chip["value"]) for chip in active] == [
        ("texte", "partie"),
        ("nombre de joueurs", 2),
        ("durée", 30),
    ]
    html = response.content.decode()
    assert "nombre de joueurs : 2" in html and "durée : 30" in html
    players_chip = active[1]["remove_url"]
    assert players_chip == "/?q=partie&max_duration=30"
    after = client.get(players_chip)
    assert after.context["params"].players is None
    assert after.context["params"].max_duration == 30
    assert titles(after) == ["Partie courte"]


def test_the_api_reads_typed_filters_the_same_way(client, shelf):
    body = client.get(API, {"q": "2 joueurs"}).json()
    assert [game["title"] for game in body["results"]] == [
        "Partie courte",
        "Partie longue",
        "Prairie ou Buffalo",
    ]
    body = client.get(API, {"q": "for 3 players"}).json()
    assert [game["title"] for game in body["results"]] == [
        "Partie courte",
        "Partie longue",
        "Pow Wow",
    ]


@pytest.mark.parametrize(
    "typed",
    [
        "-1 ans",
        "−1 ans",  # the minus sign
        "–3 ans",  # an en dash
        "dès -8 ans",
        "pour -2 joueurs",
        "-4 joueurs",
        "jeu à -2",
        "moins de -30 min",
        "-1 h",
        "-12 ans",
    ],
)
def test_a_negative_number_is_no_filter_and_stays_text(typed):
    """« -1 ans » is no age: no filter of its opposite (age 1), the words stay searched."""
    typed_query = typed_filters(typed)
    assert (typed_query.text, typed_query.filters) == (typed, {})


@pytest.mark.parametrize(
    ("typed", "filters"),
    [("3-6 ans", {"age": 6}), ("+8 ans", {"age": 8}), ("jeu – 2 joueurs", {"players": 2})],
)
def test_a_range_a_plus_or_a_dash_apart_still_read_the_number(typed, filters):
    assert typed_filters(typed).filters == filters


def test_a_number_of_400_digits_typed_stays_text():
    typed = "9" * 400 + " ans"
    assert typed_filters(typed).filters == {} and typed_filters(typed).text == typed


def test_a_negative_age_typed_sets_no_age_on_the_page_or_in_the_api(client, shelf):
    response = client.get(SEARCH, {"q": "-1 ans"})
    assert response.status_code == 200
    params = response.context["params"]
    assert params.age is None and params.q == "-1 ans"
    assert "âge" not in [chip["label"] for chip in response.context["active"]]
    answer = client.get(API, {"q": "-1 ans"})
    assert answer.status_code == 200
    assert not any(item["selected"] for item in answer.json()["facets"]["age"])
