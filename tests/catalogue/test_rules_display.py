"""The rules as the game page shows them: the record's text kept, tidied on display only."""

import pytest

from catalogue.models import Game
from catalogue.readable import readable, spaced
from tests.factories import make_game

GLUED = "Le prisonnier quitte la cellule.Le gardien avance."
NOTE = "Les schémas de la règle d’origine ne sont pas reproduits dans cette notice."


@pytest.mark.parametrize(
    ("recorded", "shown"),
    [
        ("quitte la cellule.Le gardien avance", "quitte la cellule. Le gardien avance"),
        ("un autre joueur.Il choisit", "un autre joueur. Il choisit"),
        ("Vraiment?Oui!Non", "Vraiment? Oui! Non"),
        ("les U.S.A. et 1.5 cm", "les U.S.A. et 1.5 cm"),  # initials and decimals left alone
        ("relève...et ainsi", "relève...et ainsi"),
        ("Fin. Le jeu", "Fin. Le jeu"),
    ],
)
def test_missing_space_after_a_stop_is_restored(recorded, shown):
    assert spaced(recorded) == shown


@pytest.mark.parametrize(
    ("recorded", "shown"),
    [
        ("de chaque côté. (voir schéma ci-contre).\nDéplacements", "de chaque côté.\nDéplacements"),
        ("le plateau (voir schéma ci-contre) puis", "le plateau puis"),
        ("placez-les, voir le schéma ci-dessous.", "placez-les."),
        ("au centre (cf. figure 2).", "au centre."),
    ],
)
def test_a_reference_to_an_absent_drawing_is_dropped_and_noted(recorded, shown):
    result = readable(recorded)
    assert result.text == shown
    assert result.drawings_missing


def test_a_sentence_about_the_drawings_stays_with_the_note():
    result = readable("Les schémas suivants montrent des ajustements. Quand un joueur a posé")
    assert result.text.startswith("Les schémas suivants")
    assert result.drawings_missing
    assert not readable("Ta Yü est le nom d'une figure légendaire.").drawings_missing


@pytest.fixture
def alcatraz(db):
    return make_game(
        "Alcatraz",
        principle="Les prisonniers s’évadent.Les gardiens veillent.",
        rules_sections=[
            {"heading": "Préparation", "body": "Le chef est au centre. (voir schéma ci-contre)."},
            {
                "heading": "Déplacements",
                "body": "Le prisonnier quitte la cellule.Le gardien avance.",
            },
        ],
    )


def test_game_page_shows_the_rules_readably(client, alcatraz):
    html = client.get(alcatraz.get_absolute_url()).content.decode()
    assert "Le prisonnier quitte la cellule. Le gardien avance." in html
    assert "Les prisonniers s’évadent. Les gardiens veillent." in html
    assert "voir schéma" not in html
    assert "Le chef est au centre." in html
    assert html.count(NOTE) == 1


def test_the_record_keeps_the_librarys_text(client, alcatraz):
    client.get(alcatraz.get_absolute_url())
    game = Game.objects.get(pk=alcatraz.pk)
    assert game.rules_sections[1]["body"] == GLUED
    assert "(voir schéma ci-contre)" in game.rules_sections[0]["body"]


def test_rules_without_sections_are_shown_readably(client, db):
    game = make_game("Jeu", rules_text="Un pion.Deux pions (voir schéma ci-dessous).")
    game.rules_sections = []
    game.save(update_fields=["rules_sections"])
    html = client.get(game.get_absolute_url()).content.decode()
    assert "Un pion. Deux pions." in html
    assert NOTE in html


def test_the_note_is_in_english_on_english_pages(client, alcatraz):
    html = client.get(alcatraz.get_absolute_url(), {"lang": "en"}).content.decode()
    assert (
        '<p class="note" lang="en">The original rules\' drawings are not reproduced in this '
        "record.</p>" in html
    )
