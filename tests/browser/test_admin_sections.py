"""The game form's rules section editor in a real browser: reorder, remove, add, save."""

import pytest
from playwright.sync_api import expect

from catalogue.models import Game
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_sections_are_reordered_removed_and_added_then_saved(live_server, signed_in):
    page = signed_in
    game = make_game(
        "Alcatraz",
        rules_sections=[
            {"heading": "But", "body": "S'évader."},
            {"heading": "Fin", "body": "Trois au bateau."},
            {"heading": "Obsolète", "body": "À retirer."},
        ],
    )
    page.goto(f"{live_server.url}/admin/catalogue/game/{game.pk}/change/")
    rows = page.locator(".rules-section-row")
    expect(rows).to_have_count(4)  # three sections and an empty one to add
    rows.nth(0).get_by_role("button", name="Descendre").click()
    expect(rows.nth(0).locator("input")).to_have_value("Fin")
    rows.nth(2).get_by_role("button", name="Supprimer la section").click()
    expect(rows).to_have_count(3)
    page.get_by_role("button", name="Ajouter une section").click()
    expect(rows).to_have_count(4)
    new = rows.nth(3)
    expect(new.locator("input")).to_be_focused()
    new.locator("input").fill("Variante")
    new.locator("textarea").fill("À deux joueurs.")
    page.click("input[name=_continue]")
    page.wait_for_selector(".messagelist")
    game = Game.objects.get(pk=game.pk)
    assert game.rules_sections == [
        {"heading": "Fin", "body": "Trois au bateau."},
        {"heading": "But", "body": "S'évader."},
        {"heading": "Variante", "body": "À deux joueurs."},
    ]
