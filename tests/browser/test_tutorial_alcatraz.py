"""Alcatraz's guided first game on a phone, by taps, to « Jouer une vraie partie »: out of the cell,
the guard of the row, a capture, one deliberate mistake (a square where the guard would catch the
prisoner) and its rule, the hatched squares, the alarm's die and direction (buttons under the
board), boarding, the win, and the setup page filled in."""

import time

import pytest

from tests.browser.touch import check_fits, phone_page
from tests.browser.tutorial import (
    button,
    desktop_tutorial,
    finish,
    first_step,
    last_step,
    play_from_list,
    read_on,
    sentences,
    setup_fields,
    shoot,
    step_number,
    wait_feedback,
    wait_step,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = "alcatraz"


def square(page, name: str):
    return page.locator(f'#board [data-square="{name}"]')


def tap_move(page, origin: str, target: str) -> None:
    """A prisoner by taps: its square (or the cell), then a diamond (or the boat)."""
    square(page, origin).tap()
    page.wait_for_selector(f'#board [data-square="{target}"] :is(.target-mark, .target-zone)')
    square(page, target).tap()


def played(page, origin: str, target: str, number: int) -> None:
    """A move that the step accepts: the next step, ``number``, shows."""
    tap_move(page, origin, target)
    wait_step(page, number)


def test_the_whole_tutorial_by_taps_on_a_phone(live_server, browser, catalogue):
    context, page = phone_page(browser)
    try:
        started = first_step(page, live_server.url, GAME, 15, "prisonniers rouges")
        read = read_on(page)  # sentences shown, for the time a learner reading them would take

        # Step 2: out of the cell, a tap on the cell and one on the diamond above. The scripted
        # die is said later, where it first matters.
        assert page.locator("#tutorial-chance").is_hidden()
        read += sentences(page)
        shoot(page, GAME, "02-first-move-screen", full_page=False)  # the phone's screen, unscrolled
        check_fits(page)  # the longest move label in the list: « Sortir … (rangée sans numéro) »
        played(page, "cell", "c9", 3)
        first_move = time.monotonic() - started
        print(f"first move accepted {first_move:.1f} s after opening")
        assert "sort de la cellule" in page.locator("#tutorial-moves").inner_text()
        shoot(page, GAME, "03-guard")

        read += sentences(page)
        played(page, "c9", "c7", 4)  # the guard of row 7 follows: i7 → g7
        assert square(page, "g7").locator(".guard").count() == 1
        read += sentences(page)
        played(page, "cell", "i6", 5)  # the guard of row 6 catches blue's h6
        assert "est repris" in page.locator("#tutorial-moves").inner_text()
        assert square(page, "h6").locator(".prisoner").count() == 0

        # Step 5, the mistake: c1, where the guard of row 1 would catch the prisoner.
        read += sentences(page)
        tap_move(page, "c7", "c1")
        text = wait_feedback(page)
        # Why, in the rule book's words, and the rule it breaks.
        assert "Un prisonnier n'a pas le droit de se faire prendre délibérément" in text
        assert "Ne pas se faire prendre exprès" in page.locator("#tutorial-feedback a").inner_text()
        link = page.locator("#tutorial-feedback a")
        assert link.get_attribute("href").endswith(
            f"/jeux/{GAME}/#regle-alcatraz-ne-pas-se-faire-prendre"
        )
        assert step_number(page) == 5
        check_fits(page)
        shoot(page, GAME, "05-wrong-move")
        played(page, "c7", "c5", 6)

        read += sentences(page)
        played(page, "c5", "d5", 7)  # sideways
        read += sentences(page)
        played(page, "i6", "i4", 8)  # just below the guard on i3
        read += sentences(page)
        played(page, "cell", "b7", 9)  # over blue's b9
        read += sentences(page)
        played(page, "d5", "d3", 10)  # a hatched square; blue boards: alarm

        # The alarm: the die, then the guard's direction, by the buttons under the board. The
        # scripted die is said once, here.
        assert page.locator("#tutorial-chance").is_visible()
        assert "dé est réglé d'avance" in page.locator("#tutorial-chance").inner_text()
        read += sentences(page)  # the note on the die too
        shoot(page, GAME, "10-alarm")
        button(page, "Lancer le dé").tap()
        wait_step(page, 11)
        assert "Dé : 7" in page.locator("#board svg.board-svg .die-label").text_content()
        read += sentences(page)
        shoot(page, GAME, "11-direction")
        button(page, "Gardien de la rangée 7 vers la droite").tap()
        wait_step(page, 12)
        assert "en h7 est repris" in page.locator("#tutorial-moves").inner_text()

        read += sentences(page)
        played(page, "d3", "boat", 13)  # boarding; blue rolls and runs its guard
        read += sentences(page)
        shoot(page, GAME, "13-last-boarding")
        played(page, "f3", "boat", 14)  # the third prisoner: won
        assert "gagne" in page.locator("#tutorial-moves").inner_text()
        read += read_on(page)

        # The last step: the variants, and « Jouer une vraie partie ».
        last_step(page, GAME, 15, "sans alarme", started=started, read=read)
        finish(page, live_server.url, GAME)
        assert setup_fields(page, "players", "seat_0", "seat_1") == ("2", "local", "bot:beginner")
        assert page.locator("#id_option_alarm").is_checked()
    finally:
        context.close()


def test_the_first_steps_on_a_desktop_screen_with_the_keyboard(live_server, browser, catalogue):
    context, page = desktop_tutorial(browser, live_server.url, GAME)
    try:
        shoot(page, GAME, "desktop-01-first", full_page=False)
        read_on(page, keyboard=True)
        # The list of moves offers the step's move; Enter on « Jouer ce coup » plays it.
        play_from_list(page, "Sortir un prisonnier de la cellule vers c (rangée sans numéro)")
        wait_step(page, 3)
        # On the board: c9 (row 9, third column), Enter, arrows up twice to c7, Enter.
        page.locator('#board [data-square="c9"]').focus()
        page.keyboard.press("Enter")
        page.keyboard.press("ArrowUp")
        page.keyboard.press("ArrowUp")
        assert page.evaluate("document.activeElement.dataset.square") == "c7"
        page.keyboard.press("Enter")
        wait_step(page, 4)
        assert square(page, "g7").locator(".guard").count() == 1
        shoot(page, GAME, "desktop-04", full_page=False)
    finally:
        context.close()
