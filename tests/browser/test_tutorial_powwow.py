"""Pow Wow's guided first game on a phone, by taps, to « Jouer une vraie partie »: the roll, a die,
the stones of the tipi (a tap in a corridor), the buttons under the board (going back, the re-roll,
the swap), one deliberate mistake and its rule, the finish."""

import time

import pytest

from tests.browser.touch import check_fits, phone_page
from tests.browser.tutorial import (
    button,
    finish,
    first_step,
    last_step,
    read_on,
    setup_fields,
    shoot,
    step_number,
    wait_feedback,
    wait_step,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = "pow-wow"


def tap_then(page, locator, number: int) -> None:
    """A tap that the step accepts: the next step, ``number``, shows."""
    locator.tap()
    wait_step(page, number)


def corridor(page, name: str):
    """A corridor of the tipi, by its middle cell (a tap anywhere in it moves its stone; the
    cells at its ends are narrow, or overlapped by a stone drawn over the next corridor)."""
    return page.locator(f'#board .square.movable[data-square="{name}3"]')


def test_the_whole_tutorial_by_taps_on_a_phone(live_server, browser, catalogue):
    context, page = phone_page(browser)
    try:
        started = first_step(page, live_server.url, GAME, 17, "case 48")
        read_on(page)
        # Step 2, the roll: chance is said to be scripted, once, here.
        assert page.locator("#tutorial-chance").is_visible()
        tap_then(page, page.locator("#board .roll-button"), 3)
        print(f"first move accepted {time.monotonic() - started:.1f} s after opening")
        assert page.locator("#board .die-button").count() == 4
        read_on(page)  # the hidden cards
        # Only the red die is offered; the others' cards are face down.
        assert page.locator("#board .die-button.movable").count() == 1
        assert page.locator("#board .card.face-down").count() == 6
        tap_then(page, page.locator('#board .die-button.movable[data-die="red"]'), 5)
        tap_then(page, corridor(page, "C"), 6)
        read_on(page)  # the die of an Indian that is not yours
        # Step 7, the mistake: back from a light cell. The page says the rule it breaks.
        check_fits(page)
        button(page, "Pierre C sur le 5").tap()
        text = wait_feedback(page)
        assert "case foncée, le joueur peut choisir d'avancer ou de reculer" in text
        link = page.locator("#tutorial-feedback a")
        assert link.get_attribute("href").endswith(f"/jeux/{GAME}/#regle-powwow-avancer-ou-reculer")
        assert step_number(page) == 7
        shoot(page, GAME, "07-wrong-move")
        tap_then(page, button(page, "Pierre B sur le 2 : l'Indien bleu recule"), 8)
        tap_then(page, button(page, "Pierre B sur le 2 : l'Indien jaune recule"), 9)
        tap_then(page, corridor(page, "E"), 10)  # the last stone to the edge: all five turn
        tap_then(page, corridor(page, "B"), 11)  # the red Indian onto the stone square 20
        shoot(page, GAME, "11-middle")
        tap_then(page, button(page, "Utiliser une pierre : relancer le dé"), 12)
        tap_then(page, corridor(page, "C"), 13)  # onto the moccasin square 26
        read_on(page)  # the POW WOW card
        tap_then(page, button(page, "Donner POW WOW"), 15)
        read_on(page)  # a prediction stone also buys a swap
        tap_then(page, corridor(page, "A"), 17)  # home: the red card wins
        assert page.locator("#board .card.face-down").count() == 0  # the end shows every card
        last_step(page, GAME, 17, "tas neutre")
        print(f"the last step {time.monotonic() - started:.1f} s after opening, tapping at once")
        finish(page, live_server.url, GAME)
        assert setup_fields(page, "players", "seat_0", "seat_3") == ("4", "local", "bot:beginner")
    finally:
        context.close()
