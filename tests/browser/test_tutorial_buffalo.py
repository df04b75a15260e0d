"""Prairie / Buffalo's guided first game to « Jouer une vraie partie »: on a phone, by taps; and
on a desktop, with the keyboard alone."""

import time

import pytest

from tests.browser.test_catalogue_a11y import serious_violations
from tests.browser.touch import phone_page
from tests.browser.tutorial import (
    desktop_tutorial,
    finish,
    first_step,
    play_from_list,
    read_on,
    setup_fields,
    step_number,
    wait_feedback,
    wait_step,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = "prairie-ou-buffalo"


def tap_move(page, origin: str, target: str) -> None:
    """A move on the board by taps: the piece, the square, then the square again to play it."""
    page.locator(f'#board [data-square="{origin}"]').tap()
    page.locator(f'#board [data-square="{target}"]').tap()
    page.locator(f'#board [data-square="{target}"]').tap()


def test_the_whole_tutorial_by_taps_on_a_phone(live_server, browser, catalogue):
    context, page = phone_page(browser)
    try:
        started = first_step(page, live_server.url, GAME, 10)
        read_on(page)
        # A mistake first: the chief onto the last row. The page says which rule it breaks.
        tap_move(page, "f6", "f7")
        text = wait_feedback(page)
        assert "il ne peut pas aller ni sur la première ni sur la dernière ligne" in text
        link = page.locator("#tutorial-feedback a")
        assert link.get_attribute("href").endswith(
            f"/jeux/{GAME}/#regle-buffalo-chef-rangees-interdites"
        )
        assert step_number(page) == 2
        assert serious_violations(page) == []  # the explanation shown, on a phone
        tap_move(page, "f6", "f5")
        wait_step(page, 3)
        print(f"first move accepted {time.monotonic() - started:.1f} s after opening")
        assert "Avancer" not in page.locator("#tutorial-moves").inner_text()
        tap_move(page, "d6", "d2")
        wait_step(page, 4)
        read_on(page)
        tap_move(page, "f5", "e4")  # the chief captures the buffalo
        wait_step(page, 6)
        assert page.locator('#board [data-square="e4"] .piece.chief').count() == 1
        assert page.locator("#board .buffalo-body").count() == 10  # e's was taken
        tap_move(page, "h6", "h3")
        wait_step(page, 7)
        # Back one step, and on again: the same position comes back.
        page.locator("#tutorial-back").tap()
        wait_step(page, 6)
        tap_move(page, "h6", "h3")
        wait_step(page, 7)
        read_on(page)
        # Leave and come back: the tutorial opens where it was.
        page.reload()
        wait_step(page, 8)
        tap_move(page, "d5", "c6")
        wait_step(page, 9)
        read_on(page)
        assert page.locator("#tutorial-next").is_hidden()
        finish(page, live_server.url, GAME)
        assert setup_fields(page, "seat_0", "seat_1") == ("bot:beginner", "local")
    finally:
        context.close()


def test_the_whole_tutorial_with_the_keyboard_alone(live_server, browser, catalogue):
    context, page = desktop_tutorial(browser, live_server.url, GAME)
    try:
        read_on(page, keyboard=True)
        # The list of moves: the wrong one first, then the right one.
        play_from_list(page, "chef f6 → f7")
        assert "dernière ligne" in wait_feedback(page)
        play_from_list(page, "chef f6 → f5")
        wait_step(page, 3)
        # On the board itself: arrows to the dog, Enter, arrows to d2, Enter (twice: no touch).
        page.locator('#board [data-square="d6"]').focus()
        page.keyboard.press("Enter")
        for _ in range(4):
            page.keyboard.press("ArrowDown")
        page.keyboard.press("Enter")
        wait_step(page, 4)
        # A step to read: « Continuer » has the focus, Enter goes on.
        assert page.evaluate("document.activeElement.id") == "tutorial-next"
        page.keyboard.press("Enter")
        wait_step(page, 5)
        play_from_list(page, "chef f5 → e4 ×")
        wait_step(page, 6)
        play_from_list(page, "chien h6 → h3")
        wait_step(page, 7)
        read_on(page, keyboard=True)
        play_from_list(page, "chef d5 → c6 ×")
        wait_step(page, 9)
        read_on(page, keyboard=True)
        # The last step: « Jouer une vraie partie » has the focus; Enter opens the setup page.
        assert page.evaluate("document.activeElement.id") == "tutorial-play"
        page.keyboard.press("Enter")
        page.wait_for_selector("form.setup-form")
        assert setup_fields(page, "seat_0", "seat_1") == ("bot:beginner", "local")
    finally:
        context.close()
