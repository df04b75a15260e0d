"""The librarians' game screens: the site's name, the credits table, the section editor, review
checkboxes; the import report's labels and upload help; create_librarian."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse

from catalogue.admin_forms import GameAdminForm
from tests.conftest import SAMPLE_FILES, sample_bytes
from tests.factories import make_game


@pytest.fixture
def game(db):
    return make_game(
        "Alcatraz",
        authors=("Bernhard Weber",),
        rules_sections=[
            {"heading": "But du jeu", "body": "S'évader."},
            {"heading": "Fin du jeu", "body": "Trois prisonniers au bateau."},
        ],
        review_fields=["min_age", "authors"],
        needs_review=True,
    )


def change_url(game):
    return reverse("admin:catalogue_game_change", args=[game.pk])


def form_data(game, **changes) -> dict:
    """What the game's admin form posts unchanged (sections and credits included)."""
    data = {
        "title": game.title,
        "slug": game.slug,
        "document_type": "",
        "engine": "",
        "principle": "",
        "pedagogical_analysis": "",
        "components": "",
        "rules_text": "",
        "rules_sections-heading": [s["heading"] for s in game.rules_sections],
        "rules_sections-body": [s["body"] for s in game.rules_sections],
        "review_fields": list(game.review_fields),
        "credits-TOTAL_FORMS": "0",
        "credits-INITIAL_FORMS": "0",
        "photos-TOTAL_FORMS": "0",  # the box photos' inline (tests/catalogue/test_photos.py)
        "photos-INITIAL_FORMS": "0",
        "copies-TOTAL_FORMS": "0",  # the copies' inline (tests/catalogue/test_copies.py)
        "copies-INITIAL_FORMS": "0",
    }
    if game.needs_review:
        data["needs_review"] = "on"
    credits = list(game.credits.all())
    data["credits-TOTAL_FORMS"] = data["credits-INITIAL_FORMS"] = str(len(credits))
    for i, credit in enumerate(credits):
        data.update(
            {
                f"credits-{i}-id": credit.pk,
                f"credits-{i}-game": game.pk,
                f"credits-{i}-author": credit.author_id,
                f"credits-{i}-role": credit.role,
                f"credits-{i}-position": credit.position,
            }
        )
    data.update(changes)
    return data


def test_admin_is_named_after_the_library(client, librarian):
    html = client.get(reverse("admin:index")).content.decode()
    assert "Administration de la ludothèque" in html
    assert "Administration de Django" not in html and "Site d’administration de Django" not in html


def test_credits_table_headers_are_translated(client, librarian, game):
    html = client.get(change_url(game)).content.decode()
    header = re.search(r'<th class="column-author[^"]*">(.*?)</th>', html, re.S).group(1)
    assert "Auteur" in header
    assert "author" not in header.lower().replace("auteur", "")


def test_sections_editor_shows_one_title_and_text_per_section_plus_one(client, librarian, game):
    html = client.get(change_url(game)).content.decode()
    assert html.count('name="rules_sections-heading"') == 3
    assert html.count('name="rules_sections-body"') == 3
    assert 'value="But du jeu"' in html and "Trois prisonniers au bateau." in html
    assert "/static/js/admin_sections.js" in html
    assert "[{&quot;heading&quot;" not in html  # no raw JSON box any more


def test_sections_are_saved_in_the_order_posted(client, librarian, game):
    data = form_data(
        game,
        **{
            "rules_sections-heading": ["Fin du jeu", "But du jeu", "Variante", ""],
            "rules_sections-body": ["Trois au bateau.", "S'évader.", "À deux.", ""],
        },
    )
    response = client.post(change_url(game), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    game.refresh_from_db()
    assert [s["heading"] for s in game.rules_sections] == ["Fin du jeu", "But du jeu", "Variante"]
    assert game.rules_sections[2] == {"heading": "Variante", "body": "À deux."}


def test_emptied_section_is_removed(client, librarian, game):
    data = form_data(
        game, **{"rules_sections-heading": ["", "Fin"], "rules_sections-body": ["", "Trois."]}
    )
    assert client.post(change_url(game), data).status_code == 302
    game.refresh_from_db()
    assert game.rules_sections == [{"heading": "Fin", "body": "Trois."}]


def test_section_without_text_is_refused_and_nothing_changes(client, librarian, game):
    before = list(game.rules_sections)
    data = form_data(
        game,
        title="Autre titre",
        **{"rules_sections-heading": ["Vide"], "rules_sections-body": [""]},
    )
    response = client.post(change_url(game), data)
    assert response.status_code == 200
    assert "La section « Vide » n&#x27;a pas de texte." in response.content.decode()
    game.refresh_from_db()
    assert game.rules_sections == before and game.title == "Alcatraz"


def test_mismatched_section_lists_are_refused():
    form = GameAdminForm(
        data={"rules_sections-heading": ["A", "B"], "rules_sections-body": ["x"]},
    )
    assert not form.is_valid()
    assert "rules_sections" in form.errors


def test_review_fields_are_checkboxes_with_labels(client, librarian, game):
    html = client.get(change_url(game)).content.decode()
    boxes = re.findall(r'<input type="checkbox" name="review_fields" value="([^"]+)"[^>]*>', html)
    assert {"min_age", "authors", "publisher", "rules_text"} <= set(boxes)
    checked = re.findall(
        r'<input type="checkbox" name="review_fields" value="([^"]+)"[^>]*checked', html
    )
    assert set(checked) == {"min_age", "authors"}
    assert "âge minimum" in html.lower()


def test_review_checkboxes_save_the_list(client, librarian, game):
    response = client.post(change_url(game), form_data(game, review_fields=["publisher"]))
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.review_fields == ["publisher"]


def test_unknown_review_field_from_an_old_import_is_kept(client, librarian, db):
    game = make_game("Vieux", review_fields=["isbn"])
    html = client.get(change_url(game)).content.decode()
    assert 'value="isbn"' in html
    assert client.post(change_url(game), form_data(game)).status_code == 302
    game.refresh_from_db()
    assert game.review_fields == ["isbn"]


def test_import_report_names_fields_by_their_labels(client, librarian):
    name = SAMPLE_FILES["prairie"]
    files = [SimpleUploadedFile(name, sample_bytes("prairie"))]
    response = client.post(reverse("admin:importers_upload"), {"files": files})
    html = client.get(response["Location"]).content.decode()
    assert "type de document" in html and "âge minimum" in html
    assert "document_type" not in html and "min_age" not in html


def test_upload_help_names_every_accepted_format(client, librarian):
    html = client.get(reverse("admin:importers_upload")).content.decode()
    for name in ("PMB", "UNIMARC", "ISO 2709", "MARC XML", "CSV", "JSON"):
        assert name in html, name


def test_create_librarian_ctrl_d_ends_cleanly(db, monkeypatch):
    def end_of_input(prompt=""):
        raise EOFError

    monkeypatch.delenv("LIBRARIAN_PASSWORD", raising=False)
    monkeypatch.setattr("getpass.getpass", end_of_input)
    with pytest.raises(CommandError, match="aucun compte n'a été créé"):
        call_command("create_librarian", "bob")
    assert not get_user_model().objects.filter(username="bob").exists()
