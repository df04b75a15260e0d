"""Set-up at a glance and the rules sheet (issue 50): « Mise en place » for each player count
(the box's contents as a checklist, the opening position drawn from the engine's public view),
the A4 sheet to print with its QR code, and the match page's rules from the rule book."""

from __future__ import annotations

import json
import re
from html import unescape
from pathlib import Path

import pytest
from django.conf import settings

from catalogue.models import Game
from play.engines.base import chance_for
from play.games.registry import games
from play.rules import rule_book_for
from play.setup_glance import box_items, seat_counts
from tests.catalogue.test_box_labels import decode
from tests.factories import make_game

ENGINES = ("buffalo", "alcatraz", "tayu", "powwow", "bataclan")


def public_opening(engine: str, seats: int) -> dict:
    """The engine's public view of a new game at ``seats`` with default options, computed here
    (not by the page's own code)."""
    rules = games()[engine].engine
    options = {spec.name: spec.default for spec in rules.info.options}
    state = rules.new_game(seats=seats, options=options, rng=chance_for("mise-en-place", 0))
    return rules.view(state, None)


def embedded(html: str, element_id: str):
    found = re.search(rf'<script id="{element_id}" type="application/json">(.*?)</script>', html)
    return json.loads(found.group(1))


# ------------------------------------------------------------------------- the box's contents


@pytest.mark.parametrize(
    "text, items",
    [
        (
            "1 plateau de jeu, 8 gardiens, 16 prisonniers, 1 déà 8 faces, 1 règle de jeu.",
            ["1 plateau de jeu", "8 gardiens", "16 prisonniers", "1 déà 8 faces", "1 règle de jeu"],
        ),
        (
            "28 dès spéciaux en bois (20 standards, 4 moyens, 4 géants) et un gobelet.",
            ["28 dès spéciaux en bois (20 standards, 4 moyens, 4 géants)", "un gobelet"],
        ),
        (
            "Plan de jeu, 6 indiens, 12 cartes dont 6 POW WOW et 6 indiens, 6 dés et un tas de "
            "perres.",
            ["Plan de jeu", "6 indiens", "12 cartes dont 6 POW WOW et 6 indiens", "6 dés",
             "un tas de perres"],
        ),  # fmt: skip
        ("1 plateau,112 pièces, 1 sachet 1 règle dejeu.", ["1 plateau", "112 pièces",
                                                           "1 sachet", "1 règle dejeu"]),
        ("Un plateau\n2 pions ; 1 dé", ["Un plateau", "2 pions", "1 dé"]),
        ("", []),
        (" , ; . ", []),
    ],
)  # fmt: skip
def test_a_records_contents_become_a_checklist_in_its_own_words(text, items):
    assert box_items(text) == items


def test_unbalanced_brackets_or_huge_contents_still_split():
    assert box_items("2 pions (rouges, 3 dés") == ["2 pions (rouges, 3 dés"]
    assert box_items(") 2 pions, 3 dés") == [") 2 pions", "3 dés"]
    assert len(box_items("1 pion, " * 5000)) == 5000


# ---------------------------------------------------------------------------- the set-up page


def test_the_counts_are_those_jouer_offers_with_the_variants_marked(imported):
    powwow = Game.objects.get(engine="powwow")
    counts = seat_counts(powwow, games()["powwow"])
    assert [(c.seats, c.variant) for c in counts] == [(2, True), (3, False), (4, False),
                                                      (5, False), (6, False)]  # fmt: skip
    assert counts[0].label == "2 joueurs (variante)" and counts[1].label == "3 joueurs"
    buffalo = Game.objects.get(engine="buffalo")
    assert [c.seats for c in seat_counts(buffalo, games()["buffalo"])] == [2]


@pytest.mark.parametrize("engine", ENGINES)
def test_the_setup_page_shows_the_checklist_and_each_counts_opening_position(
    client, imported, engine
):
    game = Game.objects.get(engine=engine)
    package = games()[engine]
    response = client.get(f"/jeux/{game.slug}/regle/mise-en-place/")
    assert response.status_code == 200
    html = response.content.decode()
    items = box_items(game.components)
    assert items, "every sample record lists its contents"
    for number, item in enumerate(items, 1):
        assert f'<input type="checkbox" id="contenu-{number}">' in html
        assert f'<label for="contenu-{number}">{item}</label>' in unescape(html)
    data = embedded(html, "setup-data")
    assert data["engine"] == engine
    info = package.engine.info
    low = max(info.min_seats, game.min_players)
    high = min(info.max_seats, game.max_players)
    expected = sorted({*range(low, high + 1), *package.variant_seats})
    assert sorted(map(int, data["positions"])) == expected
    for seats in expected:
        assert html.count(f'class="board setup-board" data-seats="{seats}"') == 1
        assert data["positions"][str(seats)] == public_opening(engine, seats)
        assert len(data["roles"][str(seats)]) == seats
        assert f'href="#joueurs-{seats}"' in html and f'id="joueurs-{seats}"' in html
    # The préparation rules, each linking its place in the game's rule book.
    for rule in rule_book_for(engine).rules:
        if rule.topic.slug == "preparation":
            assert f'href="{game.get_absolute_url()}#{rule.anchor}"' in html


def test_the_setup_page_shows_no_hidden_card_or_tile(client, imported):
    """Pow Wow deals each player two hidden cards and Ta Yü hides its stacks: the page holds
    the public view only."""
    for engine, seats in (("powwow", 3), ("tayu", 2)):
        game = Game.objects.get(engine=engine)
        html = client.get(f"/jeux/{game.slug}/regle/mise-en-place/").content.decode()
        rules = games()[engine].engine
        options = rules.validate_options(seats, {})
        state = rules.new_game(seats=seats, options=options, rng=chance_for("mise-en-place", 0))
        secret = rules.to_dict(state)["hands" if engine == "powwow" else "supply"]
        data = embedded(html, "setup-data")
        assert json.dumps(secret) not in json.dumps(data)
        if engine == "powwow":
            assert data["positions"]["3"]["hands"] == [None, None, None]
            for hand in secret:
                assert json.dumps(hand) not in html


def test_the_setup_page_of_a_game_without_contents_says_so(client, imported):
    game = Game.objects.get(engine="buffalo")
    Game.objects.filter(pk=game.pk).update(components="")
    html = client.get(f"/jeux/{game.slug}/regle/mise-en-place/").content.decode()
    assert "La notice ne détaille pas le contenu de la boîte." in html
    assert 'type="checkbox"' not in html


@pytest.mark.parametrize("page", ["mise-en-place", "imprimer"])
def test_a_game_that_cannot_be_played_has_no_setup_page_or_sheet(client, db, page):
    game = make_game("Jeu de l'oie")
    assert client.get(f"/jeux/{game.slug}/regle/{page}/").status_code == 404
    assert client.get(f"/jeux/nulle-part/regle/{page}/").status_code == 404
    assert client.get(f"/jeux/{'x' * 5000}/regle/{page}/").status_code == 404


def test_the_games_page_links_its_setup_and_its_sheet_from_the_rule_book(client, imported):
    game = Game.objects.get(engine="alcatraz")
    html = client.get(game.get_absolute_url()).content.decode()
    book = html[html.index('class="rules rule-book"') :]
    assert f'href="/jeux/{game.slug}/regle/imprimer/">Imprimer la règle</a>' in book
    preparation = book[book.index('id="regles-preparation"') :]
    assert f'href="/jeux/{game.slug}/regle/mise-en-place/"' in preparation[:600]


# ---------------------------------------------------------------------------------- the sheet


def qr_in(html: str) -> str:
    figure = html[html.index('class="sheet-qr"') :]
    return re.search(r"<svg.*?</svg>", figure, re.S).group(0)


@pytest.mark.parametrize("engine", ENGINES)
def test_the_sheet_holds_every_rule_the_setup_and_a_qr_code_to_the_games_page(
    client, imported, engine
):
    game = Game.objects.get(engine=engine)
    response = client.get(f"/jeux/{game.slug}/regle/imprimer/")
    assert response.status_code == 200
    html = response.content.decode()
    text = unescape(html)
    for rule in rule_book_for(engine).rules:
        assert f'id="{rule.anchor}"' in html
        assert f'<span class="rule-number">{rule.number}</span> {rule.title}' in text
        assert rule.text in text
    house = sum(rule.house for rule in rule_book_for(engine).rules)
    assert html.count('class="sheet-house"') == house
    assert decode(qr_in(html)) == f"http://testserver{game.get_absolute_url()}"
    assert "règle, questions, partie en ligne" in html
    assert html.count('class="play sheet-board"') == html.count('class="board setup-board"') == 1
    facts = text[text.index('class="sheet-facts"') : text.index("</dl>")]
    assert game.players_display in facts
    assert (game.age_display or "") in facts and ("Âge" in facts) == bool(game.age_display)
    assert (f"{game.duration_minutes} min" in facts) == bool(game.duration_minutes)
    for item in box_items(game.components):
        assert f"<li>{item}</li>" in text


def test_the_sheet_links_a_print_stylesheet_for_a4(client, imported):
    html = client.get("/jeux/alcatraz/regle/imprimer/").content.decode()
    assert re.search(r'<link rel="stylesheet" href="/static/css/print_rules\.css[^"]*">', html)
    css = (Path(settings.BASE_DIR) / "static/css/print_rules.css").read_text()
    print_rules = css[css.index("@media print") :]
    assert re.search(r"@page\s*\{\s*size:\s*A4;\s*margin:", print_rules)
    assert "break-inside: avoid" in print_rules and ".sheet-rule" in print_rules
    assert ".site-header" in print_rules  # the site's header and footer stay off the paper


def test_the_sheet_draws_the_usual_count(client, imported):
    html = client.get("/jeux/pow-wow/regle/imprimer/").content.decode()
    data = embedded(html, "setup-data")
    assert list(data["positions"]) == ["3"]  # the record's own smallest count, not the variant
    assert data["positions"]["3"] == public_opening("powwow", 3)
    assert "Mise en place à 3 joueurs" in html


@pytest.mark.parametrize("page", ["mise-en-place", "imprimer"])
def test_the_english_pages_keep_the_rules_in_french_and_say_so(client, imported, page):
    html = client.get(f"/jeux/alcatraz/regle/{page}/", {"lang": "en"}).content.decode()
    assert '<html lang="en">' in html
    assert 'class="note untranslated"' in html
    if page == "imprimer":
        assert "The rules are given in French" in html
        assert '<div class="sheet-topics" lang="fr">' in html
    else:
        assert '<ul class="checklist" lang="fr">' in html
        assert '<ol class="rule-list" lang="fr">' in html
    french = client.get(f"/jeux/alcatraz/regle/{page}/", {"lang": "fr"}).content.decode()
    assert 'class="note untranslated"' not in french
    kept = '<div class="sheet-topics">' if page == "imprimer" else '<ul class="checklist">'
    assert kept in french


# -------------------------------------------------------------------------- the match page


def start(client, game) -> str:
    created = client.post(
        "/api/v1/matches/",
        {"game": game.slug, "seats": [{"kind": "local"}, {"kind": "local"}]},
        content_type="application/json",
    ).json()
    return created["code"]


def test_the_match_page_shows_the_rule_book_with_its_own_anchors(client, imported):
    game = Game.objects.get(engine="buffalo")
    html = client.get(f"/parties/{start(client, game)}/").content.decode()
    rules = html[html.index('class="play-rules"') :]
    book = rule_book_for("buffalo")
    for topic, topic_rules in book.by_topic():
        assert f"<summary>{topic.label}</summary>" in rules
        for rule in topic_rules:
            assert f'id="partie-{rule.anchor}"' in rules
    assert 'id="regle-' not in html  # the game page's anchors are not repeated here
    assert f'href="{game.get_absolute_url()}#rules-title"' in rules


def test_a_game_without_a_rule_book_shows_the_records_sections_on_its_match_page(
    client, db, toy_game
):
    game = make_game("Devine", engine="guess", min_players=2, max_players=2)
    Game.objects.filter(pk=game.pk).update(
        rules_sections=[{"heading": "But du jeu", "body": "Deviner le nombre."}]
    )
    html = client.get(f"/parties/{start(client, game)}/").content.decode()
    rules = html[html.index('class="play-rules"') :]
    assert "<summary>But du jeu</summary>" in rules and "Deviner le nombre." in rules
    assert 'id="partie-regle-' not in html
