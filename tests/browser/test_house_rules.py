"""House rules and « Voir l'exemple »: a record's example stepped through on the board."""

import pytest
from playwright.sync_api import expect

from tests.browser.test_catalogue_a11y import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_alcatraz_example_steps_on_the_real_board_with_the_keyboard(live_server, page, catalogue):
    page.goto(live_server.url + "/jeux/alcatraz/")
    page.get_by_role("link", name="Règles de la maison et exemples").click()
    expect(page.get_by_role("heading", name="Ce que nous avons décidé")).to_be_visible()
    assert serious_violations(page) == []
    page.get_by_role("link", name="Voir l’exemple : Un prisonnier repris sur la rangée 7").click()
    page.wait_for_selector("#board svg")
    expect(page.locator("#scenario-words")).to_have_text("Position de départ")
    assert page.locator('[data-square="g7"] .prisoner').count() == 1  # X, about to be caught
    page.keyboard.press("ArrowRight")
    expect(page.locator("#scenario-words")).to_contain_text("reprend le prisonnier bleu en g7")
    assert page.locator('[data-square="g7"] .prisoner').count() == 0
    assert page.locator('[data-square="c7"] .prisoner').count() == 1
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#scenario-words")).to_have_text("Position de départ")
    assert serious_violations(page) == []
