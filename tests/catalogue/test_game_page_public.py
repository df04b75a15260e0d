"""The public game page shows the game, not the import's workings; the error pages."""

import pytest
from django.test import RequestFactory
from django.urls import reverse
from django.views.defaults import server_error

from catalogue.models import Author, Game
from tests.factories import make_game

STRATEGY = ("A 406", "jeu de stratégie", "jeu de règles")
CONTENTS = "Plan de jeu, 6 indiens, 12 cartes."


@pytest.fixture
def powwow(db):
    game = make_game(
        "Pow wow",
        authors=("Ronald corn",),
        publisher="Franjos",
        category=STRATEGY,
        document_type="objet à 3 dimensions, artefacts, ...",
        components=CONTENTS,
        rules_sections=[
            {"heading": "Contenu", "body": CONTENTS},
            {"heading": "Déroulement", "body": "Chacun lance les dés."},
        ],
    )
    Game.objects.filter(pk=game.pk).update(
        source_file="002_fde63279b46173cf.txt", source_format="pmb-text", needs_review=True
    )
    return Game.objects.get(pk=game.pk)


def page(client, game) -> str:
    return client.get(game.get_absolute_url()).content.decode()


def test_game_page_shows_no_import_provenance(client, powwow):
    html = page(client, powwow)
    assert "002_fde63279b46173cf.txt" not in html
    assert "pmb-text" not in html
    assert "Importée de" not in html


def test_game_page_shows_no_raw_document_type(client, powwow):
    html = page(client, powwow)
    assert "objet à 3 dimensions" not in html
    assert "Type de document" not in html


def test_incomplete_record_still_says_so(client, powwow):
    assert "Cette notice est incomplète" in page(client, powwow)


def test_box_contents_appear_once(client, powwow):
    html = page(client, powwow)
    assert html.count(CONTENTS) == 1
    assert "<h3>Déroulement</h3>" in html


def test_rules_section_that_differs_from_the_contents_stays(client, db):
    game = make_game(
        "Jeu", components="1 plateau", rules_sections=[{"heading": "Contenu", "body": "2 dés"}]
    )
    html = page(client, game)
    assert "1 plateau" in html and "2 dés" in html


def test_no_publisher_box_without_other_games(client, powwow):
    html = page(client, powwow)
    assert "Chez le même éditeur" not in html
    other = make_game("Autre jeu", publisher="Franjos")
    html = page(client, powwow)
    assert "Chez le même éditeur" in html and other.get_absolute_url() in html


def test_english_game_page_translates_roles_and_category(client, powwow):
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = page(client, powwow)
    assert "(Author)" in html
    assert "A 406 strategy game" in html and "(game with rules)" in html
    assert "(Auteur)" not in html and "jeu de stratégie" not in html


def test_unknown_role_is_shown_as_recorded(client, db):
    game = make_game("Jeu")
    game.credits.create(author=Author.objects.create(name="X", slug="x"), role="Sculpteur")
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert "(Sculpteur)" in page(client, game)


def test_not_found_page_in_the_sites_layout_and_language(client, db):
    response = client.get("/pas-de-page-ici/")
    html = response.content.decode()
    assert response.status_code == 404
    assert '<html lang="fr">' in html and "Page introuvable" in html
    assert 'class="site-header"' in html and "Not Found" not in html
    client.post(reverse("set_language"), {"language": "en", "next": "/"})
    html = client.get("/pas-de-page-ici/").content.decode()
    assert '<html lang="en">' in html and "Page not found" in html


def test_unknown_game_gets_the_sites_not_found_page(client, db):
    response = client.get(reverse("catalogue:game", args=["nope"]))
    assert response.status_code == 404
    assert "Page introuvable" in response.content.decode()


def test_server_error_page_in_the_sites_layout(db):
    response = server_error(RequestFactory().get("/"))
    html = response.content.decode()
    assert response.status_code == 500
    assert 'class="site-header"' in html and "Une erreur s’est produite" in html
    assert "Server Error" not in html


def test_unplayable_game_play_page_explains_and_links_back(client, powwow):
    response = client.get(reverse("play:setup", args=[powwow.slug]))
    html = response.content.decode()
    assert response.status_code == 404
    assert "Ce jeu ne peut pas encore être joué en ligne" in html
    assert f'href="{powwow.get_absolute_url()}"' in html
