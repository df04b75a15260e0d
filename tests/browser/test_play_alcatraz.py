"""Alcatraz in a real browser: one person against two bots, from the catalogue to the result."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_catalogue_a11y import serious_violations
from tests.browser.test_play_buffalo import play_until_over

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_three_player_game_against_two_bots(live_server, page, catalogue):
    page.goto(live_server.url + "/jeux/alcatraz/")
    page.get_by_role("link", name="Jouer", exact=True).click()
    page.select_option("#id_players", "3")
    page.select_option("#id_seat_1", "bot:intermediate")
    page.select_option("#id_seat_2", "bot:intermediate")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")
    # First move with the mouse: the cell, then a square three rows up (row 7).
    page.click('[data-square="cell"]')
    page.click('[data-square="c7"]')
    page.wait_for_function("() => document.getElementById('log').children.length >= 3")
    first = page.locator("#log li").first.inner_text()
    assert "sort de la cellule vers c7 (3 cases)" in first
    assert "gardien de la rangée 7" in first
    assert serious_violations(page) == []
    play_until_over(page, max_moves=400)
    expect(page.locator("#outcome-text")).to_have_text(re.compile(r"(Victoire|Partie nulle)"))
