"""Pow Wow on a phone: a whole two-player game against the computer, by taps.

The page stacks the track and tipi, then the dice and the player's cards, then the other seats.
The dice are taken, thrown and the stones moved by taps on the pictures; swaps, rerolls and going
back are the buttons under the board.
"""

import pytest

from tests.browser.touch import check_fits, phone_page, play_by_taps, start_match, tap_first_action

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap_move(page, turn: int) -> None:
    board = page.locator("#board")
    if board.locator(".roll-button").count():
        board.locator(".roll-button").tap()
    elif board.locator(".die-button.movable").count():
        board.locator(".die-button.movable").first.tap()
    elif board.locator(".square.movable").count():
        # A corridor's stone moves by a tap anywhere in the corridor (its top cells are narrow).
        cells = board.locator(".square.movable")
        target = board.locator(".square.movable:has(.target-mark)").first
        (cells.first if turn % 2 else target).tap()
    elif not tap_first_action(page):
        raise AssertionError("nothing to tap")


def test_whole_game_by_taps_on_a_phone(live_server, browser, catalogue, match_seed):
    match_seed("touch/powwow/2")
    context, page = phone_page(browser)
    try:
        start_match(page, live_server.url, "pow-wow", 2)
        check_fits(page)
        # Portrait: the board above the panel, the player's own cards first in the panel.
        board = page.locator("#board .powwow-board").bounding_box()
        panel = page.locator("#board .powwow-panel").bounding_box()
        assert panel["y"] >= board["y"] + board["height"] - 1
        seats = page.eval_on_selector_all(
            "#board .seat-panel", "items => items.map((s) => s.dataset.seat)"
        )
        assert seats[0] == "0"
        # Dice big enough for a finger.
        page.locator("#board .roll-button").tap()
        page.wait_for_selector("#board .die-button.movable")
        die = page.locator("#board .die-button.movable").first.bounding_box()
        assert die["width"] >= 36 and die["height"] >= 36
        turns = {"n": 0}

        def turn() -> None:
            turns["n"] += 1
            tap_move(page, turns["n"])

        assert play_by_taps(page, turn, max_turns=300) > 5
        assert page.locator("#outcome").is_visible()
    finally:
        context.close()
