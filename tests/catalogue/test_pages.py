"""Visitor pages: the search page, the game page, browsing, language, and inert imported text."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_game

STRATEGY = ("A 406", "jeu de stratégie", "jeu de règles")


@pytest.fixture
def game(db):
    return make_game(
        "Ta Yü",
        authors=("Niek Neuwahl",),
        publisher="Kosmos",
        category=STRATEGY,
        min_players=2,
        max_players=4,
        min_age=10,
        max_age=None,
        duration_minutes=45,
        components="1 plateau, 112 pièces",
        principle="Créer des canaux.",
        rules_text="But du jeu:\nRelier les rives.",
        rules_sections=[
            {"heading": "Présentation", "body": "Un domino très spécial."},
            {"heading": "But du jeu", "body": "Relier les rives."},
            {"heading": "Fin du jeu", "body": "On compte les points."},
        ],
    )


def test_search_page_lists_games_with_facts(client, game):
    response = client.get(reverse("catalogue:search"))
    html = response.content.decode()
    assert response.status_code == 200
    assert "1 jeu trouvé" in html
    assert "Ta Yü" in html and "Niek Neuwahl" in html and "Kosmos" in html
    assert "2 à 4 joueurs" in html
    assert "10 ans et +" in html


def test_search_page_is_french_by_default(client, game):
    html = client.get(reverse("catalogue:search")).content.decode()
    assert '<html lang="fr">' in html
    assert "Trouver un jeu" in html


def test_search_page_in_english_when_chosen(client, game):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.status_code == 302
    html = client.get(reverse("catalogue:search")).content.decode()
    assert '<html lang="en">' in html
    assert "Find a game" in html
    assert "1 game found" in html
    assert "10 years and up" in html


def test_search_url_holds_the_whole_search(client, game):
    make_game("Bataclan", min_players=2, max_players=6, min_age=7, duration_minutes=25)
    response = client.get(
        reverse("catalogue:search"),
        {"q": "canaux", "players": "3", "age": "10", "ordering": "title"},
    )
    html = response.content.decode()
    assert "1 jeu trouvé" in html
    # The facet links keep the rest of the search.
    links = re.findall(r'href="(/\?[^"]+)"', html)
    assert any("q=canaux" in link and "players=3" in link and "age=10" in link for link in links)


def test_active_filter_chip_shows_readable_value_and_removes_it(client, game):
    html = client.get(reverse("catalogue:search"), {"publisher": "kosmos"}).content.decode()
    assert "éditeur : Kosmos" in html
    assert 'href="/"' in html


def test_invalid_filter_is_reported_and_ignored(client, game):
    html = client.get(reverse("catalogue:search"), {"players": "beaucoup"}).content.decode()
    assert "Certains critères ont été ignorés" in html
    assert "Nombre de joueurs" in html
    assert "1 jeu trouvé" in html


def test_empty_result_suggests_relaxing(client, game):
    html = client.get(
        reverse("catalogue:search"), {"players": "4", "max_duration": "30"}
    ).content.decode()
    assert "Aucun jeu ne correspond" in html
    assert "sans le critère « durée » : 1 jeu" in html


def test_game_page_shows_every_field(client, game):
    html = client.get(game.get_absolute_url()).content.decode()
    for expected in [
        "Ta Yü",
        "Niek Neuwahl",
        "(Auteur)",
        "Kosmos",
        "2 à 4 joueurs",
        "10 ans et +",
        "45 min",
        "A 406 jeu de stratégie",
        "(jeu de règles)",
        "1 plateau, 112 pièces",
        "Créer des canaux.",
        "<h3>But du jeu</h3>",
        "<h3>Fin du jeu</h3>",
        'id="jouer"',
    ]:
        assert expected in html, expected


def test_game_page_links_to_author_and_publisher_games(client, game):
    other = make_game("Ta Yü junior", authors=("Niek Neuwahl",), publisher="Kosmos")
    html = client.get(game.get_absolute_url()).content.decode()
    assert other.get_absolute_url() in html
    assert reverse("catalogue:author", args=["niek-neuwahl"]) in html
    assert reverse("catalogue:publisher", args=["kosmos"]) in html


def test_unknown_game_is_404(client, db):
    assert client.get(reverse("catalogue:game", args=["nope"])).status_code == 404


def test_author_publisher_category_pages_open_the_filtered_search(client, game):
    response = client.get(reverse("catalogue:author", args=["niek-neuwahl"]))
    assert response.status_code == 302 and response["Location"] == "/?author=niek-neuwahl"
    response = client.get(reverse("catalogue:category", args=[game.category.slug]))
    assert response["Location"] == "/?category=A+406"


def test_browse_lists_count_games(client, game):
    html = client.get(reverse("catalogue:categories")).content.decode()
    assert "A 406 jeu de stratégie" in html and "1 jeu" in html


def test_imported_markup_renders_inert_everywhere(client, db):
    evil = '<script>alert("x")</script>'
    game = make_game(
        f"Jeu {evil}",
        authors=(f"Auteur {evil}",),
        publisher=f"Éditeur {evil}",
        components=evil,
        rules_text=evil,
        rules_sections=[{"heading": evil, "body": evil}],
    )
    for url in (
        game.get_absolute_url(),
        reverse("catalogue:search"),
        reverse("catalogue:search") + "?q=script",
        reverse("catalogue:authors"),
        reverse("catalogue:publishers"),
    ):
        html = client.get(url).content.decode()
        assert "<script>" not in html, url
        assert "&lt;script&gt;" in html, url
