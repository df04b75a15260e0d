"""Ta Yü in a real browser: a person against a bot, and a four-player team game with three bots."""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.test_catalogue_a11y import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def start(page, live_server, players, bots):
    page.goto(live_server.url + "/jeux/ta-yu/")
    page.get_by_role("link", name="Jouer", exact=True).click()
    if players != 2:
        page.select_option("#id_players", str(players))
    for seat in bots:
        page.select_option(f"#id_seat_{seat}", "bot:beginner")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg.tayu")


def log_length(page):
    return page.evaluate("() => document.getElementById('log').children.length")


def wait_for_turn_or_end(page):
    """The result, or the player's turn on the live position (not while the opponent's moves
    are being shown one at a time)."""
    page.wait_for_function(
        "() => !document.getElementById('outcome').hidden"
        " || (document.getElementById('steps-skip').hidden"
        "     && (document.querySelector('#actions button')"
        "         || document.querySelector('#board .rotate')))"
    )


def play_until_over(page, max_turns=200):
    """Draw with the buttons, then place on the first highlighted square, until the result."""
    for _ in range(max_turns):
        wait_for_turn_or_end(page)
        if page.locator("#outcome").is_visible():
            return
        before = log_length(page)
        draw = page.locator("#actions button")
        if draw.count():
            draw.first.click()
        else:
            for _turn in range(4):  # turn the tile until it fits somewhere
                if page.locator("#board .square.movable").count():
                    break
                page.locator("#board .rotate").click()
            page.locator("#board .square.movable").first.click()
        try:
            page.wait_for_function(
                f"() => document.getElementById('log').children.length > {before}"
                " || !document.getElementById('outcome').hidden",
                timeout=15_000,
            )
        except PlaywrightTimeout:  # the click met a board being redrawn by a poll: look again
            continue
    raise AssertionError("the game did not end")


def test_two_player_game_against_a_bot(live_server, page, catalogue, match_seed):
    match_seed("browser/tayu/2")  # one deal on every run and database
    start(page, live_server, 2, bots=[1])
    assert page.locator("#board .tayu-supply").inner_text().count("Colonne") == 2
    # Draw with the button, turn the tile with the keyboard, see where it fits, place it.
    page.locator("#actions button").first.click()
    page.wait_for_selector("#board .target-mark")
    assert page.locator("#board .target-mark").count() >= 1
    assert "case centrale" in page.locator('[data-square="j10"]').get_attribute("aria-label")
    rotation = page.locator("#board .rotation").inner_text()
    page.locator("#board .square.movable").first.focus()
    page.keyboard.press("r")
    expect(page.locator("#board .rotation")).not_to_have_text(rotation)
    page.locator("#board .rotate").click()
    page.wait_for_selector("#board .square.movable")
    square = page.locator("#board .square.movable").first
    square.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.getElementById('log').children.length >= 2")
    assert "pose la pierre" in page.locator("#log").inner_text()
    assert serious_violations(page) == []
    play_until_over(page)
    expect(page.locator("#outcome-text")).to_have_text(re.compile(r"(Victoire|Partie nulle)"))
    assert page.locator("#board .tayu-scores").inner_text().count("×") == 2


def test_four_player_team_game_with_three_bots(live_server, page, catalogue, match_seed):
    match_seed("browser/tayu/4")  # a deal in which the first player holds a different tile
    start(page, live_server, 4, bots=[1, 2, 3])
    held = page.locator("#board .tayu-held .hand")
    expect(held).to_have_count(4)  # every player holds one face-up tile
    page.locator("#actions button").first.click()
    page.wait_for_selector("#board .target-mark")
    choices = page.locator("#board .tayu-held button.held-tile")
    expect(choices).to_have_count(2)  # two different tiles: choose the second one
    choices.nth(1).click()
    expect(choices.nth(1)).to_have_attribute("aria-pressed", "true")
    assert serious_violations(page) == []
    play_until_over(page, max_turns=120)
    expect(page.locator("#outcome-text")).to_have_text(re.compile(r"(Victoire|Partie nulle)"))
