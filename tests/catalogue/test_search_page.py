"""The search page as a visitor uses it: the form's ordering, clean URLs, badges, empty facets."""

import re

import pytest
from django.urls import reverse

from tests.factories import make_game

STRATEGY = ("A 406", "jeu de stratégie", "jeu de règles")
SEARCH = "/"


@pytest.fixture
def shelf(db):
    return {
        # « Abalone » sorts first by title but mentions the word once, late in its rules;
        # « Ta Yü » has it in its category and its principle: it ranks first.
        "abalone": make_game("Abalone", rules_text="Un jeu de billes. " * 30 + "Stratégie."),
        "tayu": make_game(
            "Ta Yü",
            authors=("Niek Neuwahl",),
            category=STRATEGY,
            principle="Stratégie de canaux, stratégie de rives.",
            min_players=2,
            max_players=4,
            engine="buffalo",
        ),
        "alcatraz": make_game("Alcatraz", engine="alcatraz", min_players=2, max_players=4),
    }


def selected_ordering(html: str) -> str:
    select = re.search(r'<select name="ordering".*?</select>', html, re.S).group(0)
    return re.search(r'<option value="([^"]*)" selected>', select).group(1)


def test_form_sends_no_ordering_by_default(client, shelf):
    """The form's default choice is empty: a search typed in it is ranked, not sorted A→Z."""
    html = client.get(SEARCH).content.decode()
    assert selected_ordering(html) == ""
    html = client.get(SEARCH, {"q": "strategie"}).content.decode()
    assert selected_ordering(html) == ""


def test_text_search_from_the_form_is_ranked(client, shelf):
    # What the form sends, empty fields stripped (by its script, or by the redirect).
    response = client.get(SEARCH, {"q": "strategie"})
    assert response.context["result"].ordering == "relevance"
    assert [game.title for game in response.context["result"].page][0] == "Ta Yü"


def test_chosen_ordering_wins_over_relevance(client, shelf):
    response = client.get(SEARCH, {"q": "strategie", "ordering": "title"})
    assert [game.title for game in response.context["result"].page] == ["Abalone", "Ta Yü"]
    assert selected_ordering(response.content.decode()) == "title"


def test_empty_parameters_leave_the_url(client, shelf):
    response = client.get(
        SEARCH, {"q": "strategie", "players": "", "age": "", "max_duration": "", "ordering": ""}
    )
    assert response.status_code == 302
    assert response["Location"] == "/?q=strategie"
    response = client.get(SEARCH, {"players": "", "age": ""})
    assert response["Location"] == "/"


def test_playable_results_carry_a_badge(client, shelf):
    html = client.get(SEARCH).content.decode()
    cards = re.findall(
        r'<li class="game-card">.*?</li>\s*(?=<li class="game-card">|</ol>)', html, re.S
    )
    badged = {
        re.search(r">([^<]+)</a>", card).group(1) for card in cards if "Jouer en ligne" in card
    }
    assert badged == {"Ta Yü", "Alcatraz"}
    assert html.count("badge-playable") == 2


def test_playable_badge_leads_to_the_games_play_page(client, shelf):
    html = client.get(SEARCH).content.decode()
    links = re.findall(r'<a class="badge badge-playable" href="([^"]+)">', html)
    assert sorted(links) == ["/jeux/alcatraz/jouer/", "/jeux/ta-yu/jouer/"]
    assert client.get("/jeux/alcatraz/jouer/").status_code == 200


def test_filter_panel_ends_with_buttons(client, shelf):
    html = client.get(SEARCH).content.decode()
    fieldset = html[html.index('<fieldset class="search-filters') : html.index("</fieldset>")]
    assert fieldset.rstrip().endswith(
        '<div class="field filter-submit">'
        '<button type="submit">Appliquer les filtres</button></div>'
    )
    facets = html[html.index('<aside class="facets') : html.index("</aside>")]
    assert 'class="secondary filters-done" hidden>Voir les résultats</button>' in facets


def test_english_chips_put_no_space_before_the_colon(client, shelf):
    html = client.get(SEARCH, {"q": "strategie", "players": "2", "lang": "en"}).content.decode()
    assert "number of players: 2" in html
    assert "number of players : 2" not in html
    french = client.get(SEARCH, {"q": "strategie", "players": "2", "lang": "fr"}).content.decode()
    assert "nombre de joueurs : 2" in french


def test_zero_result_page_shows_no_empty_filter_heading(client, shelf):
    html = client.get(SEARCH, {"q": "introuvable"}).content.decode()
    assert "Aucun jeu ne correspond" in html
    for heading in ("<h3>Joueurs</h3>", "<h3>Âge de l'enfant</h3>", "<h3>Durée maximale</h3>"):
        assert heading not in html
    assert "Affiner" not in html


def test_facet_heading_only_with_values_to_offer(client, shelf):
    html = client.get(SEARCH).content.decode()
    assert "<h3>Joueurs</h3>" in html  # two games have player counts
    assert "<h3>Durée maximale</h3>" not in html  # no game has a duration


def test_english_page_translates_category_names(client, shelf):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = client.get(SEARCH).content.decode()
    assert "A 406 strategy game" in html
    assert "jeu de stratégie" not in html
    html = client.get(reverse("catalogue:categories")).content.decode()
    assert "A 406 strategy game" in html


def test_french_page_keeps_the_records_words(client, shelf):
    html = client.get(SEARCH).content.decode()
    assert "A 406 jeu de stratégie" in html


def test_filters_toggle_controls_both_filter_panels(client, shelf):
    """On a phone the filters open from one button; it names the panels it opens."""
    html = client.get(SEARCH, {"players": "2"}).content.decode()
    toggle = re.search(r'<button type="button" class="secondary filters-toggle"[^>]*>', html).group(
        0
    )
    assert 'aria-controls="search-filters facets"' in toggle
    assert 'id="search-filters"' in html and 'id="facets"' in html
    assert "/static/js/search.js" in html
