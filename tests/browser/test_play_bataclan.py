"""Bataclan in a real browser: one person against two bots, from the catalogue to the result.

The person rolls with the button, keeps a die by clicking it, and places dice with the gesture
(the swinging marker stopped with the keyboard's Space bar, or with the mouse on « Poser »).
"""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.browser.test_catalogue_a11y import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MY_TURN = (
    "() => !document.getElementById('outcome').hidden"
    " || document.querySelector('#actions button, .hand-die.movable') !== null"
)

NEAR_CENTRE = (
    "() => { const m = document.querySelector('.gesture-marker');"
    " const left = m && parseFloat(m.style.left); return left > 38 && left < 62; }"
)


def log_length(page) -> int:
    return page.evaluate("() => document.getElementById('log').children.length")


def wait_for_progress(page, before: int) -> None:
    try:
        page.wait_for_function(
            f"() => document.getElementById('log').children.length > {before}"
            " || !document.getElementById('outcome').hidden"
        )
    except PlaywrightTimeout:
        # Say what the page showed: its message (a refused move?), its status, its buttons.
        shown = page.evaluate(
            "() => ['play-message', 'play-status', 'actions', 'log']"
            ".map((id) => id + ': ' + document.getElementById(id).innerText.slice(-300))"
        )
        raise AssertionError(f"no move logged after {before} lines: {shown}") from None


def test_three_player_game_with_the_gesture_against_two_bots(
    live_server, page, catalogue, match_seed
):
    match_seed("browser/bataclan/3")  # one deal of the dice on every run (the gesture still varies)
    errors = []  # script errors on the page (a board that failed to draw)
    page.on("pageerror", lambda error: errors.append(error.stack))
    page.goto(live_server.url + "/jeux/bataclan/")
    page.get_by_role("link", name="Jouer").click()
    page.select_option("#id_players", "3")
    page.select_option("#id_seat_1", "bot:intermediate")
    page.select_option("#id_seat_2", "bot:beginner")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")
    gestures = keyboard_gestures = keeps = 0
    for _ in range(800):
        page.wait_for_function(MY_TURN)
        if page.locator("#outcome").is_visible():
            break
        before = log_length(page)
        dice = page.locator(".hand-die.movable")
        roll = page.get_by_role("button", name="Lancer les dés")
        if roll.count():
            if dice.count() and keeps < 2:
                dice.first.click()  # keep a die from the last roll
                keeps += 1
            else:
                roll.click()
        elif dice.count():
            # Placements come from the gesture only: the move list offers no steadiness.
            assert page.locator("#move-select option", has_text="stabilité").count() == 0
            dice.first.click()
            panel = page.locator(".bataclan-gesture")
            expect(panel).to_be_visible()
            if gestures == 0:
                assert serious_violations(page) == []
            if gestures % 2 == 0:
                # Like a player: wait for the marker to swing near the centre, then press Space
                # (the stop button has the focus).
                page.wait_for_function(NEAR_CENTRE)
                page.keyboard.press("Space")
                keyboard_gestures += 1
            else:
                panel.get_by_role("button", name="Poser").click()
            gestures += 1
        else:
            page.get_by_role("button", name="S'arrêter").click()
        wait_for_progress(page, before)
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("#outcome-text")).to_have_text(re.compile(r"Victoire : "))
    log = page.locator("#log").inner_text()
    assert gestures and keyboard_gestures and keeps
    assert re.search(r"pose un dé \w+ \S+ à l'étage \d+ \(stabilité \d,\d\d\)", log)
    assert "garde son dé" in log
    assert serious_violations(page) == []
    assert errors == []


def test_with_reduced_motion_the_gesture_still_works_from_the_keyboard(
    live_server, page, catalogue
):
    page.emulate_media(reduced_motion="reduce")
    page.goto(live_server.url + "/jeux/bataclan/")
    page.get_by_role("link", name="Jouer").click()
    page.select_option("#id_seat_1", "bot:beginner")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")
    for _ in range(200):
        page.wait_for_function(MY_TURN)
        before = log_length(page)
        if (
            page.locator(".hand-die.movable").count()
            and not page.get_by_role("button", name="Lancer les dés").count()
        ):
            page.locator(".hand-die.movable").first.focus()
            page.keyboard.press("Enter")  # the die: the gesture opens, its button has the focus
            expect(page.locator(".bataclan-gesture")).to_be_visible()
            page.keyboard.press("Enter")  # stops the marker
            wait_for_progress(page, before)
            assert "pose un dé" in page.locator("#log").inner_text()
            return
        page.locator("#actions button").first.click()
        wait_for_progress(page, before)
    raise AssertionError("never had a die to place")
