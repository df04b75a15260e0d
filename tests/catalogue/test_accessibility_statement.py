"""The RGAA accessibility statement, the footer's conformance mention, and ``lang="fr"`` on the
records' French text in English pages."""

import re

import pytest

from tests.factories import make_game

STATEMENT = "/accessibilite/"


@pytest.fixture
def game(db):
    return make_game(
        "Prairie ou Buffalo",
        principle="Les bisons traversent la prairie.",
        rules_sections=[{"heading": "But du jeu", "body": "Atteindre l’autre rive."}],
    )


def test_statement_has_the_sections_the_rgaa_asks_for(client, db):
    html = client.get(STATEMENT).content.decode()
    assert "<h1>Déclaration d’accessibilité</h1>" in html
    for heading in (
        "État de conformité",
        "Résultats des tests",
        "Contenus non accessibles",
        "Dérogations pour charge disproportionnée",
        "Établissement de cette déclaration d’accessibilité",
        "Retour d’information et contact",
        "Voies de recours",
    ):
        assert heading in html, heading
    assert "loi n° 2005-102" in html
    assert "Défenseur des droits" in html and "formulaire.defenseurdesdroits.fr" in html
    assert "<strong>non conforme</strong>" in html
    # The audit's pages, each with its counts.
    rows = re.findall(r'<tr><th scope="row">([^<]+)</th><td><a href="([^"]+)">', html)
    paths = [path for _name, path in rows]
    assert {"/", "/jeux/prairie-ou-buffalo/", "/accessibilite/", "/api/v1/docs/"} <= set(paths)


def test_statement_level_and_contact_follow_the_settings(client, db, settings):
    settings.ACCESSIBILITY_CONFORMANCE = "partial"
    settings.ACCESSIBILITY_CONTACT_EMAIL = "accessibilite@ludotheque.test"
    html = client.get(STATEMENT).content.decode()
    assert "<strong>partiellement conforme</strong>" in html
    assert 'href="mailto:accessibilite@ludotheque.test"' in html
    assert "Accessibilité : partiellement conforme</a>" in html


def test_statement_in_english_points_to_the_french_one(client, db):
    html = client.get(STATEMENT, {"lang": "en"}).content.decode()
    assert "<h1>Accessibility statement</h1>" in html
    assert "<strong>non-compliant</strong>" in html
    assert '<a href="?lang=fr" lang="fr" hreflang="fr">Déclaration d’accessibilité</a>' in html
    assert "Accessibility: non-compliant</a>" in html


@pytest.mark.parametrize("path", ["/", "/auteurs/", "/categories/", "/page-absente/", STATEMENT])
def test_every_page_footer_links_the_statement_with_the_level(client, game, path):
    html = client.get(path).content.decode()
    footer = html[html.index("<footer") :]
    assert '<a href="/accessibilite/">Accessibilité : non conforme</a>' in footer


def test_game_page_footer_too(client, game):
    html = client.get(game.get_absolute_url()).content.decode()
    assert '<a href="/accessibilite/">Accessibilité : non conforme</a>' in html


def test_english_pages_mark_the_records_french_text(client, game):
    html = client.get(game.get_absolute_url(), {"lang": "en"}).content.decode()
    assert '<h1 lang="fr">Prairie ou Buffalo</h1>' in html
    assert '<p class="prose" lang="fr">Les bisons traversent la prairie.</p>' in html
    assert '<section class="rules-section" id="regle-1" lang="fr">' in html
    assert '<span aria-current="page" lang="fr">Prairie ou Buffalo</span>' in html
    results = client.get("/", {"lang": "en"}).content.decode()
    assert f'<a href="{game.get_absolute_url()}" lang="fr">Prairie ou Buffalo</a>' in results


def test_french_pages_need_no_lang_on_the_records(client, game):
    html = client.get(game.get_absolute_url()).content.decode()
    assert '<html lang="fr">' in html
    assert 'lang="fr">Prairie' not in html
    assert "<h1>Prairie ou Buffalo</h1>" in html


def test_api_docs_have_a_language_and_a_way_back(client, db):
    html = client.get("/api/v1/docs/").content.decode()
    assert '<html lang="fr">' in html
    assert '<a class="docs-home" href="/">' in html
    assert '<a href="/accessibilite/">Accessibilité : non conforme</a>' in html
    console = client.get("/api/v1/docs/essayer/").content.decode()
    assert '<html lang="en">' in console
    assert '<a class="docs-home" href="/">' in console
