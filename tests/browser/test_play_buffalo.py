"""Prairie / Buffalo in a real browser: a whole game against a bot, and online with a friend."""

import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_catalogue_a11y import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def play_until_over(page, max_moves=80, each_turn=None):
    """Play the first listed legal move (keyboard form) until the result screen shows;
    ``each_turn()`` runs whenever the page waits for the player (and once at the end)."""
    for _ in range(max_moves):
        page.wait_for_function(
            "() => !document.getElementById('outcome').hidden"
            " || !document.getElementById('move-form').hidden"
        )
        if each_turn is not None:
            each_turn()
        if page.locator("#outcome").is_visible():
            return
        version = page.evaluate("() => document.getElementById('log').children.length")
        page.locator("#move-select").select_option(index=0)
        page.locator("#move-form button").click()
        page.wait_for_function(
            f"() => document.getElementById('log').children.length > {version}"
            " || !document.getElementById('outcome').hidden"
        )
    raise AssertionError("the game did not end")


def test_full_game_against_a_bot_from_the_catalogue_page(live_server, page, catalogue):
    page.goto(live_server.url + "/jeux/prairie-ou-buffalo/")
    page.get_by_role("link", name="Jouer", exact=True).click()
    page.select_option("#id_seat_1", "bot:beginner")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")
    assert "#jeton=" not in page.url  # the token left the address bar
    # One move with the mouse on the board: select a buffalo, then its destination.
    page.click('[data-square="c1"]')
    assert page.locator('[data-square="c2"] .target-mark').count() == 1
    page.click('[data-square="c2"]')
    page.wait_for_function("() => document.getElementById('log').children.length >= 2")
    assert page.locator("#log li").first.inner_text().endswith("Bison c1 → c2")
    play_until_over(page)
    text = page.locator("#outcome-text").inner_text()
    assert re.search(r"Victoire : Joueur [12]", text)
    # The finished match can be replayed move by move.
    page.get_by_role("button", name="Revoir la partie").click()
    expect(page.locator("#replay-position")).to_have_text("Position de départ")
    page.locator("#replay-next").click()
    expect(page.locator("#replay-position")).to_have_text(re.compile(r"^Position 1 sur \d+$"))
    # The record's series of rounds: the next round opens for the same table.
    expect(page.locator("#round")).to_have_text("manche 1")
    page.get_by_role("button", name="Manche suivante").click()
    expect(page.locator("#round")).to_have_text("manche 2")
    expect(page.locator("#play-status")).to_contain_text("À vous de jouer")


def test_keyboard_moves_on_the_board(live_server, page, catalogue):
    page.goto(live_server.url + "/jeux/prairie-ou-buffalo/jouer/")
    page.select_option("#id_seat_1", "bot:beginner")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")
    page.locator('[data-square="a7"]').focus()  # the grid's tab stop; arrows from there
    for key in ["ArrowDown"] * 6 + ["ArrowRight"] * 3:
        page.keyboard.press(key)
    assert page.evaluate("document.activeElement.dataset.square") == "d1"
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('log').children.length >= 1")
    assert page.locator("#log li").first.inner_text().endswith("Bison d1 → d2")


def test_online_match_between_two_browsers_with_an_invite_link(live_server, browser, catalogue):
    host = browser.new_context(locale="fr-FR")
    friend = browser.new_context(locale="fr-FR")
    try:
        page = host.new_page()
        page.goto(live_server.url + "/jeux/prairie-ou-buffalo/jouer/")
        page.select_option("#id_seat_1", "invite")
        page.get_by_role("button", name="Commencer la partie").click()
        invite = page.locator("#invite-list input").input_value()
        assert "#jeton=" in invite

        other = friend.new_page()
        other.goto(invite)
        other.fill("#join-name", "Zoé")
        other.get_by_role("button", name="Rejoindre").click()
        page.wait_for_function("() => document.getElementById('seats').textContent.includes('Zoé')")

        page.click('[data-square="f1"]')
        page.click('[data-square="f2"]')
        other.wait_for_function(
            "() => document.getElementById('log').textContent.includes('Bison f1 → f2')"
        )
        expect(other.locator("#play-status")).to_contain_text("À vous de jouer")
        other.locator("#move-select").select_option(index=0)
        other.locator("#move-form button").click()
        page.wait_for_function("() => document.getElementById('log').children.length == 2")
        expect(page.locator("#play-status")).to_contain_text("À vous de jouer")
    finally:
        host.close()
        friend.close()


def test_play_page_has_no_serious_accessibility_violation(live_server, page, catalogue):
    page.goto(live_server.url + "/jeux/prairie-ou-buffalo/jouer/")
    assert serious_violations(page) == []
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")
    page.click('[data-square="f1"]')
    assert serious_violations(page) == []
