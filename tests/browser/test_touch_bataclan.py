"""Bataclan on a phone: a whole two-player game against the computer, by taps.

The page stacks the pile, then this screen's dice (58-unit slots: a finger's width), then the
other player's. A tap on a die keeps it after a roll, or opens the steadiness gesture, whose
« Poser » button is tapped when the swinging marker nears the centre.
"""

import pytest

from tests.browser.touch import check_fits, phone_page, play_by_taps, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEAR_CENTRE = (
    "() => { const m = document.querySelector('.gesture-marker');"
    " const left = m && parseFloat(m.style.left); return left > 40 && left < 60; }"
)


def tap_move(page, counts: dict) -> None:
    dice = page.locator("#board .hand-die.movable")
    roll = page.locator("#actions button", has_text="Lancer les dés")
    if roll.count():
        if dice.count() and counts["keeps"] < 2:
            dice.first.tap()  # keep a die from the last roll
            counts["keeps"] += 1
        else:
            roll.tap()
    elif dice.count():
        dice.first.tap()
        page.locator("#board .bataclan-gesture").wait_for()
        page.wait_for_function(NEAR_CENTRE)
        page.locator("#board .gesture-stop").tap()
        counts["placed"] += 1
    else:
        page.locator("#actions button").first.tap()  # stop: keep the dice left


def test_whole_game_by_taps_on_a_phone(live_server, browser, catalogue, match_seed):
    match_seed("touch/bataclan/2")
    context, page = phone_page(browser)
    try:
        start_match(page, live_server.url, "bataclan", 2)
        check_fits(page)
        page.locator("#actions button", has_text="Lancer les dés").tap()
        page.wait_for_selector("#board .hand-die.movable")
        # This screen's dice come right under the pile, each slot about 54 px.
        first = page.locator("#board [data-seat]").first.get_attribute("data-seat")
        assert first == "0"
        slot = page.locator("#board .hand-die.movable .hit").first.bounding_box()
        assert slot["width"] >= 44 and slot["height"] >= 44
        check_fits(page)
        counts = {"keeps": 0, "placed": 0}
        play_by_taps(page, lambda: tap_move(page, counts), max_turns=300)
        assert counts["placed"] > 0
        assert "pose un dé" in page.locator("#log").inner_text()
    finally:
        context.close()
